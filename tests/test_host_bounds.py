"""Bounded memory and safe concurrent writes: idle tables leave memory and come back by replay,
at most `max_tables` stay loaded, an evicted table's timer still fires, and a write that lost a
race to another process is refused politely, overwriting nothing (on either backend)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from bot.host import CONFLICT_TEXT, Host
from bot.messages import ReplyKind
from bot.store import Store
from tests.backends import database
from tests.hosting import FakeClock, errors, only, open_host, say


def run(coro):  # noqa: ANN001, ANN201
    return asyncio.run(coro)


def test_an_idle_table_leaves_memory_and_returns_exactly(tmp_path: Path) -> None:
    """After `idle_seconds` without a command the table, its board image and its lock are gone;
    its next command replays it to the very same game."""
    async def scenario() -> None:
        clock = FakeClock()
        host = await open_host(tmp_path / "h.db", clock, idle_seconds=60)
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[-1]
        replies = await say(host, "alice", "play", "1", version=board.version)
        table = await host._table("c1")
        before = json.dumps(table.game.to_json(table.live.state), sort_keys=True)
        clock.now += 30
        await say(host, "bob", "join", channel="c2")
        assert sorted(host._tables) == ["c1", "c2"], "not idle long enough yet"
        clock.now += 31
        await say(host, "bob", "status", channel="c2")
        assert sorted(host._tables) == ["c2"] and "c1" not in host._boards
        assert "c1" not in host._locks and host.loaded() == 1
        board = only(replies, ReplyKind.BOARD)[-1]
        replies = await say(host, "alice", "hand")
        assert not errors(replies)
        back = await host._table("c1")
        assert back is not table
        assert json.dumps(back.game.to_json(back.live.state), sort_keys=True) == before
        assert back.version == board.version
        await host.close()
    run(scenario())


def test_at_most_max_tables_stay_loaded_least_recently_used_leave_first(tmp_path: Path) -> None:
    """With room for three, touching a fourth and fifth table unloads the two oldest; a table
    used again moves to the back of the queue."""
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db", max_tables=3)
        for n in range(5):
            await say(host, "alice", "join", channel=f"c{n}")
        assert list(host._tables) == ["c2", "c3", "c4"]
        await say(host, "alice", "status", channel="c2")
        await say(host, "alice", "join", channel="c5")
        assert list(host._tables) == ["c4", "c2", "c5"]
        replies = await say(host, "bob", "join", channel="c0")  # reloaded from the store
        assert not errors(replies)
        table = await host._table("c0")
        assert [s.user for s in table.seats] == ["alice", "bob"]
        await host.close()
    run(scenario())


def test_the_timer_of_an_evicted_table_still_fires(tmp_path: Path) -> None:
    """A table that left memory keeps its deadline: the warning and the timeout still come,
    from the reloaded table."""
    async def scenario() -> None:
        clock = FakeClock()
        host = await open_host(tmp_path / "h.db", clock, idle_seconds=10)
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        await say(host, "alice", "start", "timer=60")
        clock.now += 11
        await say(host, "bob", "join", channel="c2")
        assert "c1" not in host._tables
        assert host.next_deadline() == clock.now - 11 + 30
        clock.now = host.next_deadline() + 0.5
        assert only(await host.run_due_timers(), ReplyKind.WARNING)
        clock.now += 31
        await say(host, "bob", "status", channel="c2")
        assert "c1" not in host._tables
        replies = await host.run_due_timers()
        assert any("time ran out" in r.text for r in replies)
        await host.close()
    run(scenario())


def test_a_write_that_lost_a_race_is_refused_and_nothing_is_overwritten(tmp_path: Path) -> None:
    """Two hosts on one database (as two processes would be) both hold the table: bob joins in
    one, then /match 3 in the other is refused politely; tried again, it keeps bob's seat."""
    async def scenario() -> None:
        target = await database(tmp_path / "h.db")
        first = await open_host(tmp_path / "h.db")
        second = Host(await Store.open(target), clock=FakeClock(), seeds=random.Random(2))
        await say(first, "alice", "join")
        assert not errors(await say(second, "alice", "status"))  # both have the table loaded
        await say(first, "bob", "join")
        with_match = await say(second, "alice", "match", "3")
        assert errors(with_match) == [CONFLICT_TEXT]
        assert not errors(await say(second, "alice", "match", "3"))
        assert not errors(await say(second, "alice", "timer", "60"))
        check = await Store.open(target)
        kept = await check.load_table("c1")
        await check.close()
        assert [s.user for s in kept.seats] == ["alice", "bob"]
        assert kept.series.mode == "match" and kept.series.target == 3 and kept.timer == 60
        replies = await say(first, "alice", "sumof", "2")  # the first host now is the stale one
        assert errors(replies) == [CONFLICT_TEXT]
        await first.close()
        await second.close()
    run(scenario())


def test_the_courier_lets_quiet_lanes_go_beyond_its_limit(monkeypatch) -> None:  # noqa: ANN001
    """With more tables than MAX_LANES, lanes with nothing to send and no recent write leave;
    a lane with work queued, or that wrote a moment ago, stays."""
    from bot import discord_courier
    from bot.discord_courier import Courier, _Item
    from bot.messages import Reply

    monkeypatch.setattr(discord_courier, "MAX_LANES", 4)
    monkeypatch.setattr(discord_courier.time, "monotonic", lambda: 10_000.0)
    courier = Courier(None, None)  # type: ignore[arg-type]
    for table in ("a", "b", "c", "d"):
        courier._lane(table)
    courier._lane("b").creations.append(_Item(Reply("b", ReplyKind.BOARD, "x")))
    courier._lane("c").wrote()  # a write just now: not quiet yet
    courier._lane("e")
    assert sorted(courier._lanes) == ["b", "c", "e"]
