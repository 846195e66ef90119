"""Persistence behind one interface, two backends: SQLite (aiosqlite, the embedded default) and
PostgreSQL (asyncpg, for several shard processes on one database).

`open_store(target)` picks the backend from a URL (`sqlite:///path/hoard.db`, a plain path, or
`postgresql://user@host/db`). The schema is versioned: `migrations/V{n}__{reason}.sql` files are
applied in order, each in one transaction, on both backends (PostgreSQL gets the few type names
that differ translated, `pg_dialect`). A database newer than the code is refused.

Every write of a table is compare-and-swap: the row carries a `revision`, a write names the
revision it read, and a write against a row that moved on raises `Conflict` and changes nothing.
Restoring a game is replaying its record through the table (`Table.restore`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from bot.ratings import FinishedGame, record_result_in
from bot.table import Table
from games.core import LogEntry, Record

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_NAME = re.compile(r"V(\d+)__\w+\.sql")
Row = tuple[Any, ...]


class StoreError(Exception):
    """The database cannot be used; the message names it and the cause."""


class SchemaTooNew(StoreError):
    """The database was migrated by a newer Hoard than this one."""


class StoreLost(StoreError):
    """The database went away under the running process (its file was deleted or replaced):
    nothing more can be kept, so the process must stop."""


class StoreFull(StoreError):
    """The database or its disk is full: the change was not kept."""


class Conflict(Exception):
    """A table write lost the race: the row moved on since it was read; nothing was written."""


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


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game as the store keeps it: its record (seed, seats, options, log) and whether its
    result is stored."""

    game_id: int
    record: Record
    recorded: bool


def migrations() -> list[tuple[int, Path]]:
    """Returns the migration files as (version, path), in order."""
    found = []
    for path in MIGRATIONS.glob("V*.sql"):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def latest_version() -> int:
    """Returns the schema version this code knows."""
    return migrations()[-1][0]


class Tx(Protocol):
    """One open transaction: statements with `?` placeholders."""

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


@dataclass(frozen=True, slots=True)
class Write:
    """One statement of a batch of writes (`Store.write`): run once with `args`, or once per
    row of `rows` (an executemany, which returns no rows)."""

    sql: str
    args: Sequence[Any] = ()
    rows: Sequence[Sequence[Any]] | None = None


Check = Callable[[list[list[Row]]], None]
"""Looks at a batch's answers before it is committed; raising rolls the whole batch back. It
sees them even when a statement failed (a failed or missing answer reads as no rows), and what it
raises comes first: a refused compare-and-swap explains why a statement after it failed."""


async def run_writes(tx: Tx, writes: Sequence[Write], check: Check | None = None) -> list[list[Row]]:
    """Runs a batch in an open transaction, one statement after the other; returns each one's rows."""
    results: list[list[Row]] = []
    try:
        for w in writes:
            if w.rows is not None:
                await tx.executemany(w.sql, w.rows)
                results.append([])
            else:
                results.append(await tx.fetch(w.sql, w.args))
    except Exception:
        if check is not None:
            check(results + [[] for _ in writes[len(results):]])
        raise
    if check is not None:
        check(results)
    return results


class Store(ABC):
    """The database. Every write method commits before it returns."""

    target: str
    """What the store was opened on (a file path or a URL without its password)."""
    db: aiosqlite.Connection
    """The connection the record modules (stats, records, replays, decks) query through the
    aiosqlite interface; on PostgreSQL an adapter offering the part of it they use."""

    _together: list[tuple[Sequence[Write], asyncio.Future[None]]]
    """Bookkeeping waiting for the next shared commit (`write_together`)."""
    _committing: asyncio.Task[None] | None = None

    def __init__(self) -> None:
        self._together = []

    @classmethod
    async def open(cls, target: str | Path, *, exclusive: bool = False) -> Store:
        """Opens (creating and migrating as needed) the database `target` names; `exclusive`
        refuses a database another process serves (SQLite: a lock beside the file)."""
        return await open_store(target, exclusive=exclusive)

    # -- what a backend provides ------------------------------------------------------------------

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def version(self) -> int:
        """Returns the schema version the database is at."""

    @abstractmethod
    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Runs one statement (`?` placeholders) outside any transaction; returns its rows."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """Opens one write transaction: committed when the block ends, rolled back on error."""

    async def write(self, writes: Sequence[Write], check: Check | None = None) -> list[list[Row]]:
        """Runs a batch of statements in one transaction and returns each one's rows; `check`
        sees them before the commit and may refuse it (raising rolls everything back). No
        statement may need an earlier one's answer: a backend may send them all at once."""
        async with self.transaction() as tx:
            return await run_writes(tx, writes, check)

    async def write_together(self, writes: Sequence[Write]) -> None:
        """Commits bookkeeping (statements that need no answer and keep the same meaning when
        run again or alone: what was delivered, which message shows what) in one transaction
        with whatever other bookkeeping is waiting meanwhile, in the order asked. Under load,
        many tables' marks then cost one commit instead of one each. Returns once committed."""
        done = asyncio.get_running_loop().create_future()
        self._together.append((writes, done))
        if self._committing is None or self._committing.done():
            self._committing = asyncio.create_task(self._commit_together())
        await done

    async def _commit_together(self) -> None:
        while self._together:
            waiting, self._together = self._together, []
            try:
                await self.write([w for writes, _ in waiting for w in writes])
            except Exception as error:
                for _, done in waiting:
                    if not done.done():
                        done.set_exception(error)
            else:
                for _, done in waiting:
                    if not done.done():
                        done.set_result(None)

    async def check_writable(self) -> None:
        """Raises StoreLost when the database can no longer keep a write (a backend's check)."""
        return None

    # -- metadata ---------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        rows = await self.fetch("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self.write([Write("INSERT INTO meta(key, value) VALUES(?, ?) "
                                "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))])

    # -- tables and games -------------------------------------------------------------------------

    async def deadlines(self) -> dict[str, tuple[float, float | None]]:
        """Returns every pending decision deadline, with its warning time, by channel."""
        rows = await self.fetch(
            "SELECT channel, deadline, warn_at FROM tables WHERE deadline IS NOT NULL")
        return {channel: (deadline, warn_at) for channel, deadline, warn_at in rows}

    async def deadline(self, channel: str) -> tuple[float, float | None] | None:
        """Returns one table's pending deadline and warning time, if it has one."""
        rows = await self.fetch(
            "SELECT deadline, warn_at FROM tables WHERE channel = ? AND deadline IS NOT NULL",
            (channel,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def load_table(self, channel: str) -> Table | None:
        """Loads a table and restores its game in progress; None when the channel has none."""
        rows = await self.fetch(
            "SELECT data, game_id, revision FROM tables WHERE channel = ?", (channel,))
        if not rows:
            return None
        data, game_id, revision = rows[0]
        table = Table.from_json(channel, json.loads(data))
        table.revision = revision
        if game_id is not None:
            saved = await self.game_record(game_id)
            if saved is None:
                raise ValueError(f"table {channel} names game {game_id}, which is missing")
            table.restore(saved.game_id, saved.record, recorded=saved.recorded)
        return table

    async def game_record(self, game_id: int) -> SavedGame | None:
        """Returns a game's record: seed, seats, options and its action log, in order."""
        rows = await self.fetch(
            "SELECT seed, players, options, result FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        seed, players, options, result = rows[0]
        log_rows = await self.fetch(
            "SELECT seat, code FROM actions WHERE game_id = ? ORDER BY idx", (game_id,))
        record = Record(seed, players, json.loads(options), [LogEntry(s, c) for s, c in log_rows])
        return SavedGame(game_id, record, result is not None)

    async def create_game(self, table: Table, record: Record, now: float) -> int:
        """Records a new game's seed, options and seats; returns its id."""
        seats = [{"user": s.user, "name": s.name, "is_bot": s.is_bot, "level": s.level}
                 for s in table.seats]
        [rows] = await self.write([Write(
            "INSERT INTO games(channel, game, seed, players, options, seats, started) "
            "VALUES(?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table.channel, table.game_name, record.seed, record.players,
             json.dumps(record.options), json.dumps(seats), now))])
        return int(rows[0][0])

    async def save(self, table: Table, *, new_actions: int = 0, deadline: float | None,
                   now: float, result: dict[str, Any] | None = None, warn_at: float | None = None,
                   outbox: Sequence[Outgoing] = (), rated: FinishedGame | None = None) -> list[int]:
        """Commits the table row (compare-and-swap on the revision the table was read at), the
        last `new_actions` log entries, a finished game's result with its rating update (`rated`,
        see `bot.ratings.record_result`) and the posts the change owes (the outbox), all in one
        transaction. Returns the ids of the outbox rows, in order.
        Raises Conflict, writing nothing, when the row moved on since it was read."""
        live = table.live
        await self.check_writable()
        # Every statement after the swap writes only if the row is at the revision the swap
        # made (`swapped`), so a batch sent all at once keeps nothing of a change whose swap
        # did not happen, even if SQLite rolled back by itself half way (a full disk).
        swapped = (table.channel, table.revision + 1)
        writes = [_swap_table(table, deadline, warn_at, now)]
        if live is not None:
            actions = new_log_rows(table, new_actions, now)
            if actions:
                writes.append(Write("INSERT INTO actions(game_id, idx, seat, code, at) "
                                    f"SELECT ?, ?, ?, ?, ? {_IF_SWAPPED}",
                                    rows=[(*a, *swapped) for a in actions]))
            if result is not None:
                writes.append(Write("UPDATE games SET finished = ?, result = ? WHERE id = ? "
                                    f"AND EXISTS (SELECT 1 FROM tables {_AT_REVISION})",
                                    (now, json.dumps(result), live.game_id, *swapped)))
        writes += [Write("INSERT INTO outbox(channel, version, kind, payload, created) "
                         f"SELECT ?, ?, ?, ?, ? {_IF_SWAPPED} RETURNING id",
                         (table.channel, o.version, o.kind, json.dumps(o.payload), now, *swapped))
                   for o in outbox]

        def kept(results: list[list[Row]]) -> None:
            if not results[0]:
                raise Conflict(f"table {table.channel} changed since revision {table.revision} "
                               "was read")

        if rated is None:
            results = await self.write(writes, kept)
        else:  # the ratings read before they write: the statements go one after the other
            async with self.transaction() as tx:
                results = await run_writes(tx, writes, kept)
                await record_result_in(tx, rated)
        table.revision = int(results[0][0][0])
        return [int(rows[0][0]) for rows in results[len(results) - len(outbox):]]

    # -- the outbox and the transport's messages --------------------------------------------------

    async def pending_outbox(self) -> list[OutboxRow]:
        """Returns every undelivered post, oldest first."""
        rows = await self.fetch("SELECT id, channel, version, kind, payload FROM outbox ORDER BY id")
        return [OutboxRow(i, c, v, k, json.loads(p)) for i, c, v, k, p in rows]

    async def delivered(self, ids: Sequence[int], post: tuple[str, PostRecord] | None = None) -> None:
        """Removes delivered posts from the outbox and records the message that shows them (for
        the table `post[0]`), in one transaction."""
        writes = [Write("DELETE FROM outbox WHERE id = ?", rows=[(i,) for i in ids])] if ids else []
        if post is not None:
            writes.append(_put_post(*post))
        if writes:
            await self.write_together(writes)

    async def remember_post(self, channel: str, record: PostRecord) -> None:
        """Records (or replaces) a table's message of one role."""
        await self.write_together([_put_post(channel, record)])

    async def forget_post(self, channel: str, role: str) -> None:
        await self.write_together([
            Write("DELETE FROM posts WHERE channel = ? AND role = ?", (channel, role))])

    async def posts(self, channel: str) -> dict[str, PostRecord]:
        """Returns a table's messages by role."""
        rows = await self.fetch(
            "SELECT role, message_id, place, version, image, image_url FROM posts "
            "WHERE channel = ?", (channel,))
        return {role: PostRecord(role, m, p, v, i, u) for role, m, p, v, i, u in rows}

    async def retired_posts(self, prefix: str) -> dict[str, list[PostRecord]]:
        """Returns, by table, the messages whose role starts with `prefix`."""
        found: dict[str, list[PostRecord]] = {}
        rows = await self.fetch(
            "SELECT channel, role, message_id, place, version, image, image_url FROM posts "
            "WHERE role LIKE ? ORDER BY channel, role", (prefix.replace("%", "") + "%",))
        for channel, role, m, p, v, i, u in rows:
            found.setdefault(channel, []).append(PostRecord(role, m, p, v, i, u))
        return found

    async def game_history(self, channel: str, limit: int = 10) -> list[dict[str, Any]]:
        """Returns the channel's last finished games, newest first."""
        rows = await self.fetch(
            "SELECT id, game, seats, result FROM games WHERE channel = ? AND result IS NOT NULL "
            "ORDER BY id DESC LIMIT ?", (channel, limit))
        return [{"id": i, "game": g, "seats": json.loads(s), "result": json.loads(r)}
                for i, g, s, r in rows]


def new_log_rows(table: Table, new_actions: int, now: float) -> list[tuple[int, int, int, str, float]]:
    """Returns the actions rows (game_id, idx, seat, code, at) of the last `new_actions` log entries."""
    live = table.live
    if live is None or new_actions <= 0:
        return []
    start = len(live.record.log) - new_actions
    return [(live.game_id, start + i, e.seat, e.code, now)
            for i, e in enumerate(live.record.log[start:])]


def _swap_table(table: Table, deadline: float | None, warn_at: float | None, now: float) -> Write:
    """Writes the table row if it is still at the revision the table read, returning the new
    revision (no row: the row moved on, a Conflict)."""
    data = json.dumps(table.to_json())
    game_id = table.live.game_id if table.live is not None else None
    if table.revision == 0:
        return Write(
            "INSERT INTO tables(channel, data, game_id, deadline, warn_at, updated, revision) "
            "VALUES(?, ?, ?, ?, ?, ?, 1) ON CONFLICT(channel) DO NOTHING RETURNING revision",
            (table.channel, data, game_id, deadline, warn_at, now))
    return Write(
        "UPDATE tables SET data = ?, game_id = ?, deadline = ?, warn_at = ?, updated = ?, "
        "revision = revision + 1 WHERE channel = ? AND revision = ? RETURNING revision",
        (data, game_id, deadline, warn_at, now, table.channel, table.revision))


_AT_REVISION = "WHERE channel = ? AND revision = ?"
_IF_SWAPPED = f"WHERE EXISTS (SELECT 1 FROM tables {_AT_REVISION})"


def _put_post(channel: str, r: PostRecord) -> Write:
    return Write(
        "INSERT INTO posts(channel, role, message_id, place, version, image, image_url) "
        "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(channel, role) DO UPDATE SET "
        "message_id = excluded.message_id, place = excluded.place, version = excluded.version, "
        "image = excluded.image, image_url = excluded.image_url",
        (channel, r.role, r.message_id, r.place, r.version, r.image, r.image_url))


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str | Path) -> Path:
    """Returns the file a SQLite target names (`sqlite:///abs/path`, `sqlite:rel`, or a path)."""
    text = str(target)
    if text.startswith("sqlite://"):
        text = text.removeprefix("sqlite://")
    elif text.startswith("sqlite:"):
        text = text.removeprefix("sqlite:")
    return Path(text)


async def open_store(target: str | Path, *, exclusive: bool = False) -> Store:
    """Opens the backend `target` names; raises StoreError naming the database and the cause."""
    if is_postgres(target):
        from bot.store_pg import PgStore

        return await PgStore.connect(str(target))
    from bot.store_sqlite import SqliteStore

    return await SqliteStore.connect(sqlite_path(target), exclusive=exclusive)


async def rows_of(cursor: AsyncIterator[Any]) -> list[Row]:
    return [tuple(row) async for row in cursor]


__all__ = ["Check", "Conflict", "OutboxRow", "Outgoing", "PostRecord", "SavedGame", "SchemaTooNew", "Store",
           "StoreError", "StoreFull", "StoreLost", "Write", "latest_version", "migrations",
           "open_store", "run_writes"]
