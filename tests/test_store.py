"""The SQLite store: versioned migrations, and games kept as seed + action log."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import Outgoing, PostRecord, Store, migrations
from bot.table import Table
from tests.hosting import open_host, say


def test_migrations_reach_the_latest_version_once(tmp_path: Path) -> None:
    """A new database gets every migration; opening it again applies nothing twice."""
    async def scenario():
        store = await Store.open(tmp_path / "s.db")
        assert await store.version() == migrations()[-1][0]
        await store.set_meta("commands", "abc")
        await store.close()
        again = await Store.open(tmp_path / "s.db")
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
        with sqlite3.connect(tmp_path / "h.db") as other:
            seed, = other.execute("SELECT seed FROM games").fetchone()
            codes = [c for c, in other.execute("SELECT code FROM actions ORDER BY idx")]
        assert seed == table.live.record.seed
        assert codes == [e.code for e in table.live.record.log]
        await host.close()
    asyncio.run(scenario())


def test_outbox_rows_are_written_with_the_change_and_removed_when_delivered(tmp_path: Path) -> None:
    """save() writes the outbox rows in its transaction; delivered() removes them and records the
    message that shows them, in one transaction; posts() reads the messages back."""
    async def scenario():
        store = await Store.open(tmp_path / "s.db")
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
        with pytest.raises(sqlite3.IntegrityError):  # one post per (table, version, kind)
            await store.save(table, deadline=None, now=2.0, outbox=[
                Outgoing("board", 5, {}), Outgoing("board", 5, {})])
        assert await store.pending_outbox() == [], "a failed save writes nothing"
        await store.close()
    asyncio.run(scenario())
