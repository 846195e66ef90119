"""Persistence in SQLite (aiosqlite, WAL): tables, games as seed + action log, and metadata.

The schema is versioned: `migrations/V{n}__{reason}.sql` files are applied in order, each in one
transaction, and `PRAGMA user_version` records the version reached (RoboDanny's `Migrations`).
Restoring a game is replaying its log (python-chess `ChildNode.board()`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.ratings import FinishedGame, record_result
from bot.table import Live, Table
from games.core import RESIGN_CODE, LogEntry, Record

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_NAME = re.compile(r"V(\d+)__\w+\.sql")


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A post a change owes the channel, to be written with the change."""

    kind: str
    version: int
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """An undelivered post."""

    id: int
    channel: str
    version: int
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class PostRecord:
    """A message a transport posted for a table: where it is, what position and image it shows."""

    role: str
    message_id: str
    place: str
    version: int
    image: str = ""
    image_url: str = ""


def migrations() -> list[tuple[int, Path]]:
    """Returns the migration files as (version, path), in order."""
    found = []
    for path in MIGRATIONS.glob("V*.sql"):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


class Store:
    """The database. Every write method commits before it returns."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._writing = asyncio.Lock()
        """One connection serves every table: transactions must not interleave."""

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Opens (creating and migrating as needed) the database at `path`."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        store = cls(db)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Applies every migration newer than the database, each in its own transaction."""
        current = await self.version()
        for number, path in migrations():
            if number <= current:
                continue
            log.info("Applying migration %s", path.name)
            script = path.read_text(encoding="utf-8")
            await self.db.executescript(
                f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    # -- metadata ---------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._writing:
            await self.db.execute(
                "INSERT INTO meta(key, value) VALUES(?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    # -- tables and games -------------------------------------------------------------------------

    async def deadlines(self) -> dict[str, tuple[float, float | None]]:
        """Returns every pending decision deadline, with its warning time, by channel."""
        async with self.db.execute(
                "SELECT channel, deadline, warn_at FROM tables WHERE deadline IS NOT NULL") as cursor:
            return {channel: (deadline, warn_at) async for channel, deadline, warn_at in cursor}

    async def load_table(self, channel: str) -> Table | None:
        """Loads a table and replays its game in progress; None when the channel has none."""
        async with self.db.execute(
                "SELECT data, game_id FROM tables WHERE channel = ?", (channel,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        table = Table.from_json(channel, json.loads(row[0]))
        if row[1] is not None:
            table.live = await self._load_live(table, row[1])
        return table

    async def _load_live(self, table: Table, game_id: int) -> Live:
        """Rebuilds a game by replaying its logged actions through the table."""
        async with self.db.execute(
                "SELECT seed, players, options, result FROM games WHERE id = ?",
                (game_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise ValueError(f"table {table.channel} names game {game_id}, which is missing")
        seed, players, options_text, result = row
        options = json.loads(options_text)
        async with self.db.execute(
                "SELECT seat, code FROM actions WHERE game_id = ? ORDER BY idx",
                (game_id,)) as cursor:
            entries = [LogEntry(seat, code) async for seat, code in cursor]
        version = table.version
        state = table.game.new_game(seed, players, options)
        table.live = Live(game_id, Record(seed, players, options), state)
        for entry in entries:
            if entry.code == RESIGN_CODE:
                table.resign(entry.seat)
            else:
                table.apply(entry.seat, entry.code)
        table.version = version
        table.live.saved = len(entries)
        table.live.recorded = result is not None
        return table.live

    async def create_game(self, table: Table, record: Record, now: float) -> int:
        """Records a new game's seed, options and seats; returns its id."""
        seats = [{"user": s.user, "name": s.name, "is_bot": s.is_bot, "level": s.level}
                 for s in table.seats]
        async with self._writing:
            cursor = await self.db.execute(
                "INSERT INTO games(channel, game, seed, players, options, seats, started) "
                "VALUES(?, ?, ?, ?, ?, ?, ?)",
                (table.channel, table.game_name, record.seed, record.players,
                 json.dumps(record.options), json.dumps(seats), now))
        game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

    async def save(self, table: Table, *, new_actions: int = 0, deadline: float | None,
                   now: float, result: dict[str, Any] | None = None, warn_at: float | None = None,
                   outbox: Sequence[Outgoing] = (), rated: FinishedGame | None = None) -> list[int]:
        """Commits the table row, the last `new_actions` log entries, a finished game's result
        with its rating update (`rated`, see `bot.ratings.record_result`) and the posts the
        change owes (the outbox), all in one transaction, run as one call on the
        connection's thread (so busy tables do not queue behind each other's statements).
        Returns the ids of the outbox rows, in order."""
        live = table.live
        actions: list[tuple[int, int, int, str, float]] = []
        finished: tuple[float, str, int] | None = None
        if live is not None:
            start = len(live.record.log) - new_actions
            actions = [(live.game_id, start + i, e.seat, e.code, now)
                       for i, e in enumerate(live.record.log[start:])]
            if result is not None:
                finished = (now, json.dumps(result), live.game_id)
        row = (table.channel, json.dumps(table.to_json()),
               live.game_id if live is not None else None, deadline, warn_at, now)
        posts = [(table.channel, o.version, o.kind, json.dumps(o.payload), now) for o in outbox]
        async with self._writing:
            # aiosqlite has no public way to run several statements in one hop to its thread.
            ids: list[int] = await self.db._execute(  # type: ignore[no-untyped-call]
                _write_transaction, self.db._conn, actions, finished, row, posts, rated)
        return ids

    # -- the outbox and the transport's messages --------------------------------------------------

    async def pending_outbox(self) -> list[OutboxRow]:
        """Returns every undelivered post, oldest first."""
        async with self.db.execute(
                "SELECT id, channel, version, kind, payload FROM outbox ORDER BY id") as cursor:
            return [OutboxRow(i, c, v, k, json.loads(p)) async for i, c, v, k, p in cursor]

    async def delivered(self, ids: Sequence[int], post: tuple[str, PostRecord] | None = None) -> None:
        """Removes delivered posts from the outbox and records the message that shows them (for
        the table `post[0]`), in one transaction."""
        async with self._writing:
            await self.db.execute("BEGIN")
            try:
                await self.db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])
                if post is not None:
                    await self._put_post(*post)
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def remember_post(self, channel: str, record: PostRecord) -> None:
        """Records (or replaces) a table's message of one role."""
        async with self._writing:
            await self._put_post(channel, record)

    async def forget_post(self, channel: str, role: str) -> None:
        async with self._writing:
            await self.db.execute("DELETE FROM posts WHERE channel = ? AND role = ?", (channel, role))

    async def posts(self, channel: str) -> dict[str, PostRecord]:
        """Returns a table's messages by role."""
        async with self.db.execute(
                "SELECT role, message_id, place, version, image, image_url FROM posts "
                "WHERE channel = ?", (channel,)) as cursor:
            return {role: PostRecord(role, m, p, v, i, u) async for role, m, p, v, i, u in cursor}

    async def retired_posts(self, prefix: str) -> dict[str, list[PostRecord]]:
        """Returns, by table, the messages whose role starts with `prefix`."""
        found: dict[str, list[PostRecord]] = {}
        async with self.db.execute(
                "SELECT channel, role, message_id, place, version, image, image_url FROM posts "
                "WHERE role LIKE ? ORDER BY channel", (prefix.replace("%", "") + "%",)) as cursor:
            async for channel, role, m, p, v, i, u in cursor:
                found.setdefault(channel, []).append(PostRecord(role, m, p, v, i, u))
        return found

    async def _put_post(self, channel: str, r: PostRecord) -> None:
        await self.db.execute(
            "INSERT INTO posts(channel, role, message_id, place, version, image, image_url) "
            "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(channel, role) DO UPDATE SET "
            "message_id = excluded.message_id, place = excluded.place, version = excluded.version, "
            "image = excluded.image, image_url = excluded.image_url",
            (channel, r.role, r.message_id, r.place, r.version, r.image, r.image_url))

    async def game_history(self, channel: str, limit: int = 10) -> list[dict[str, Any]]:
        """Returns the channel's last finished games, newest first."""
        async with self.db.execute(
                "SELECT id, game, seats, result FROM games WHERE channel = ? AND result IS NOT NULL "
                "ORDER BY id DESC LIMIT ?", (channel, limit)) as cursor:
            return [{"id": i, "game": g, "seats": json.loads(s), "result": json.loads(r)}
                    async for i, g, s, r in cursor]


def _write_transaction(conn: sqlite3.Connection, actions: list[tuple[int, int, int, str, float]],
                       finished: tuple[float, str, int] | None,
                       row: tuple[str, str, int | None, float | None, float | None, float],
                       posts: list[tuple[str, int, str, str, float]],
                       rated: FinishedGame | None = None) -> list[int]:
    """Writes one table change atomically (runs on the connection's own thread); returns the ids
    of the outbox rows."""
    ids: list[int] = []
    conn.execute("BEGIN")
    try:
        if actions:
            conn.executemany(
                "INSERT INTO actions(game_id, idx, seat, code, at) VALUES(?, ?, ?, ?, ?)", actions)
        if finished is not None:
            conn.execute("UPDATE games SET finished = ?, result = ? WHERE id = ?", finished)
        if rated is not None:
            record_result(conn, rated)
        conn.execute(
            "INSERT INTO tables(channel, data, game_id, deadline, warn_at, updated) "
            "VALUES(?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(channel) DO UPDATE SET data = excluded.data, game_id = excluded.game_id, "
            "deadline = excluded.deadline, warn_at = excluded.warn_at, updated = excluded.updated",
            row)
        for post in posts:
            cursor = conn.execute(
                "INSERT INTO outbox(channel, version, kind, payload, created) VALUES(?, ?, ?, ?, ?)",
                post)
            assert cursor.lastrowid is not None
            ids.append(cursor.lastrowid)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return ids
