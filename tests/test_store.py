"""The store on both backends (SQLite, or PostgreSQL with HOARD_TEST_DATABASE_URL): versioned
migrations, games kept as seed + action log, compare-and-swap table writes."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.store import Conflict, Outgoing, PostRecord, SchemaTooNew, Store, migrations
from bot.table import Table
from tests.backends import database, on_postgres
from tests.hosting import open_host, say


def test_migrations_reach_the_latest_version_once(tmp_path: Path) -> None:
    """A new database gets every migration; opening it again applies nothing twice."""
    async def scenario():
        store = await Store.open(await database(tmp_path / "s.db"))
        assert await store.version() == migrations()[-1][0]
        await store.set_meta("commands", "abc")
        await store.close()
        again = await Store.open(await database(tmp_path / "s.db"))
        assert await again.get_meta("commands") == "abc"
        assert await again.get_meta("missing") is None
        await again.close()
    asyncio.run(scenario())


def test_games_are_stored_as_seed_and_action_log(tmp_path: Path) -> None:
    """After each move the log row is committed, readable by another connection at once."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        replies = await say(host, "alice", "start")
        board = [r for r in replies if r.image][-1]
        await say(host, "alice", "play", "1", version=board.version)
        table = await host._table("c1")
        other = await Store.open(await database(tmp_path / "h.db"))
        (seed,), = await other.fetch("SELECT seed FROM games")
        codes = [c for c, in await other.fetch("SELECT code FROM actions ORDER BY idx")]
        saved = await other.game_record(table.live.game_id)
        await other.close()
        assert seed == table.live.record.seed
        assert codes == [e.code for e in table.live.record.log] and len(codes) >= 2
        assert saved is not None and saved.record == table.live.record
        await host.close()
    asyncio.run(scenario())


def test_outbox_rows_are_written_with_the_change_and_removed_when_delivered(tmp_path: Path) -> None:
    """save() writes the outbox rows in its transaction; delivered() removes them and records the
    message that shows them, in one transaction; posts() reads the messages back."""
    async def scenario():
        store = await Store.open(await database(tmp_path / "s.db"))
        table = Table("c9")
        ids = await store.save(table, deadline=None, now=1.0, outbox=[
            Outgoing("lobby", 1, {"reply": {"text": "a"}}), Outgoing("board", 1, {"reply": {}})])
        assert len(ids) == 2 and ids[0] < ids[1]
        rows = await store.pending_outbox()
        assert [(r.id, r.channel, r.kind, r.payload) for r in rows] == [
            (ids[0], "c9", "lobby", {"reply": {"text": "a"}}), (ids[1], "c9", "board", {"reply": {}})]
        record = PostRecord("board", "123", "c9", 1, "board-x.png", "http://x")
        await store.delivered(ids, ("c9", record))
        assert await store.pending_outbox() == []
        assert await store.posts("c9") == {"board": record}
        await store.forget_post("c9", "board")
        assert await store.posts("c9") == {}
        with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
            # one post per (table, version, kind)
            await store.save(table, deadline=None, now=2.0, outbox=[
                Outgoing("board", 5, {}), Outgoing("board", 5, {})])
        assert await store.pending_outbox() == [], "a failed save writes nothing"
        await store.close()
    asyncio.run(scenario())


def test_many_tables_marks_share_commits_and_every_one_is_kept(tmp_path: Path) -> None:
    """Posts of 60 tables delivered at once: every outbox row is gone and every message is
    recorded, in a few transactions instead of 60 (marks that wait while one commits go in the
    next one)."""
    async def scenario():
        store = await Store.open(await database(tmp_path / "s.db"))
        owed = {}
        for n in range(60):
            table = Table(f"c{n}")
            owed[table.channel] = await store.save(table, deadline=None, now=1.0,
                                                   outbox=[Outgoing("board", 1, {})])
        batches = []
        write = store.write

        async def counted(writes, check=None):
            batches.append(len(writes))
            return await write(writes, check)

        store.write = counted
        shown = {c: PostRecord("board", str(500 + i), c, 1) for i, c in enumerate(owed)}
        await asyncio.gather(*(store.delivered(owed[c], (c, shown[c])) for c in owed))
        assert await store.pending_outbox() == []
        for channel, record in shown.items():
            assert await store.posts(channel) == {"board": record}
        assert 1 <= len(batches) <= 3 and sum(batches) == 120
        await store.close()
    asyncio.run(scenario())


def test_a_table_write_against_a_moved_row_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    """Two readers of one table: the first write wins, the second raises Conflict, and neither
    its table row nor its outbox rows are kept (compare-and-swap on the revision read)."""
    async def scenario():
        target = await database(tmp_path / "s.db")
        store = await Store.open(target)
        first = Table("c5")
        first.join("alice", "Alice", None, {})
        await store.save(first, deadline=None, now=1.0)
        mine, theirs = await store.load_table("c5"), await store.load_table("c5")
        mine.join("bob", "Bob", None, {})
        await store.save(mine, deadline=None, now=2.0)
        theirs.set_series("alice", "match", "3")
        with pytest.raises(Conflict):
            await store.save(theirs, deadline=50.0, now=3.0, outbox=[Outgoing("lobby", 9, {})])
        kept = await store.load_table("c5")
        assert [s.user for s in kept.seats] == ["alice", "bob"]
        assert kept.series.mode == "single" and await store.pending_outbox() == []
        assert await store.deadline("c5") is None
        twin = Table("c5")  # a second "new" table for a channel that has one is a conflict too
        with pytest.raises(Conflict):
            await store.save(twin, deadline=None, now=4.0)
        await store.close()
    asyncio.run(scenario())


def test_a_move_against_a_moved_row_keeps_none_of_its_log_entries(tmp_path: Path) -> None:
    """A move written from a stale copy of the table (another process's) raises Conflict and
    keeps neither its log entries nor its posts; the move that won is kept whole."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "bob", "join")
        board = [r for r in await say(host, "alice", "start") if r.image][-1]
        stale = await host.store.load_table("c1")
        mover = board.waiting_on[0]
        table = await host._table("c1")
        seat = table.seat_of(mover)
        codes = [a.encode() for a in table.game.legal_actions(table.live.state, seat)]
        assert not [r for r in await say(host, mover, "play", codes[0], version=board.version)
                    if r.kind.value == "error"]
        kept = [c for c, in await host.store.fetch("SELECT code FROM actions ORDER BY idx")]
        stale.apply(seat, codes[-1])
        with pytest.raises(Conflict):
            await host.store.save(stale, new_actions=1, deadline=None, now=5.0,
                                  outbox=[Outgoing("board", 99, {})])
        assert [c for c, in await host.store.fetch("SELECT code FROM actions ORDER BY idx")] == kept
        assert kept == [e.code for e in table.live.record.log]
        assert not [r for r in await host.store.pending_outbox() if r.version == 99]
        await host.close()
    asyncio.run(scenario())


def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    """A schema version above the newest migration is refused at open, naming both versions."""
    async def scenario():
        target = await database(tmp_path / "new.db")
        store = await Store.open(target)
        newer = migrations()[-1][0] + 1
        if on_postgres():
            async with store.transaction() as tx:
                await tx.fetch("UPDATE hoard_schema SET version = ?", (newer,))
        else:
            await store.fetch(f"PRAGMA user_version = {newer}")
        await store.close()
        with pytest.raises(SchemaTooNew, match=f"schema version {newer}, newer than .*{newer - 1}"):
            await Store.open(target)
    asyncio.run(scenario())
