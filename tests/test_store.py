"""The SQLite store: versioned migrations, and games kept as seed + action log."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.store import Store, migrations
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
