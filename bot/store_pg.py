"""The PostgreSQL backend (asyncpg): one database shared by several shard processes.

The same statements as SQLite run here: `?` placeholders become `$n` (`numbered`), and the
migrations get the few type names that differ translated (`pg_dialect`): 64-bit integers, 8-byte
floats and BIGSERIAL ids. The schema version lives in `hoard_schema`; migrating takes an advisory
lock, so processes starting together migrate once.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import re
from collections.abc import AsyncIterator, Generator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import aiosqlite
import asyncpg

from bot.ratings import FinishedGame
from bot.store import (
    Conflict,
    Outgoing,
    Row,
    SchemaTooNew,
    Store,
    StoreError,
    StoreFull,
    migrations,
    new_log_rows,
)
from bot.table import Table

log = logging.getLogger(__name__)

_RETURNS_ROWS = re.compile(r"\s*(SELECT|WITH|VALUES)\b", re.I)
_MIGRATE_LOCK = 0x484F415244  # "HOARD": the advisory lock migrations hold
_PG_TYPES = [
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGSERIAL PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"(?<!DOUBLE PRECISION)\bREAL\b"), "DOUBLE PRECISION"),
]


_SAVE_TURN = """
WITH moved AS (
    UPDATE tables SET data = $1, game_id = $2, deadline = $3, warn_at = $4, updated = $5,
                      revision = revision + 1
    WHERE channel = $6 AND revision = $7 RETURNING revision),
logged AS (
    INSERT INTO actions(game_id, idx, seat, code, at)
    SELECT $2, n.idx, n.seat, n.code, $5
    FROM moved, unnest($8::bigint[], $9::bigint[], $10::text[]) AS n(idx, seat, code)),
posted AS (
    INSERT INTO outbox(channel, version, kind, payload, created)
    SELECT $6, p.version, p.kind, p.payload, $5
    FROM moved, unnest($11::bigint[], $12::text[], $13::text[]) AS p(version, kind, payload)
    RETURNING id, version, kind)
SELECT (SELECT revision FROM moved), (SELECT array_agg(ARRAY[id::text, version::text, kind])
                                      FROM posted)
"""
"""A move's whole commit as one statement, so one round trip: the table row (compare-and-swap
on the revision read: when it moved on, `moved` is empty and nothing else is written either),
the new log entries and the posts owed. One statement is one transaction."""


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Resets a connection the pool takes back: Hoard sets no session state (no SET, LISTEN,
    cursors or session advisory locks), and the pool rolls back an open transaction itself, so
    asyncpg's default reset query would only cost a round trip on every release."""


def pg_dialect(script: str) -> str:
    """Translates a migration's SQLite types into PostgreSQL's: INTEGER holds 64 bits in SQLite
    (seeds, snowflakes) and REAL 8 bytes, so they become BIGINT and DOUBLE PRECISION."""
    for pattern, replacement in _PG_TYPES:
        script = pattern.sub(replacement, script)
    return script


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """Turns `?` placeholders into asyncpg's `$1, $2, ...`."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def redacted(url: str) -> str:
    """Returns the URL without its password, fit for a log line or an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{netloc[-1]}"))


class PgTx:
    """One transaction on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.conn.fetch(numbered(sql), *args)]

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])


class CompatCursor:
    """The rows of one statement, read as an aiosqlite cursor is."""

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self.rows = rows
        self.rowcount = rowcount
        self.lastrowid: int | None = None

    async def fetchone(self) -> Row | None:
        return self.rows.pop(0) if self.rows else None

    async def fetchall(self) -> list[Row]:
        rows, self.rows = self.rows, []
        return rows

    def __aiter__(self) -> AsyncIterator[Row]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Row]:
        while self.rows:
            yield self.rows.pop(0)


class CompatResult:
    """What `execute` returns: awaited, or used as `async with`, it gives the cursor."""

    def __init__(self, pool: asyncpg.Pool, sql: str, args: Sequence[Any]) -> None:
        self.pool, self.sql, self.args = pool, sql, tuple(args)

    def __await__(self) -> Generator[Any, None, CompatCursor]:
        return self._run().__await__()

    async def __aenter__(self) -> CompatCursor:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def _run(self) -> CompatCursor:
        sql = numbered(self.sql)
        async with self.pool.acquire() as conn:
            if _RETURNS_ROWS.match(self.sql) or " RETURNING " in self.sql.upper():
                rows = [tuple(r) for r in await conn.fetch(sql, *self.args)]
                return CompatCursor(rows, len(rows))
            status = str(await conn.execute(sql, *self.args))
        count = status.rsplit(" ", 1)[-1]
        return CompatCursor([], int(count) if count.isdigit() else -1)


class Compat:
    """The part of aiosqlite's Connection the record modules use, over the pool (each statement
    commits by itself, as aiosqlite's autocommit connection does)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> CompatResult:
        return CompatResult(self.pool, sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await (await self.execute(sql, parameters)).fetchall()

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self.pool.acquire() as conn:
            await conn.executemany(numbered(sql), [tuple(r) for r in rows])

    async def commit(self) -> None:
        return None


class PgStore(Store):
    """A PostgreSQL database through a pool of connections."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self.pool = pool
        self.target = redacted(url)
        self.db = cast(aiosqlite.Connection, Compat(pool))

    @classmethod
    async def connect(cls, url: str, *, max_size: int = 10) -> PgStore:
        """Connects and migrates; raises StoreError naming the database and the cause."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, timeout=10,
                                             command_timeout=30, reset=_keep_session)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as error:
            raise StoreError(f"cannot open the database {redacted(url)}: {error}") from error
        store = cls(pool, url)
        try:
            await store.migrate()
        except BaseException as error:
            await store.close()
            if isinstance(error, asyncpg.PostgresError):
                raise StoreError(f"cannot use the database {store.target}: {error}") from error
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await _version(conn)

    async def migrate(self) -> None:
        """Applies every migration newer than the database, each in its own transaction."""
        known = migrations()
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATE_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS hoard_schema (version BIGINT NOT NULL)")
            current = await _version(conn)
            if known and current > known[-1][0]:
                raise SchemaTooNew(
                    f"the database {self.target} is at schema version {current}, newer than this "
                    f"Hoard knows ({known[-1][0]}): upgrade Hoard, or use a copy made before the "
                    "upgrade")
            for number, path in known:
                if number <= current:
                    continue
                log.info("Applying migration %s", path.name)
                async with conn.transaction():
                    await conn.execute(pg_dialect(path.read_text(encoding="utf-8")))
                    await conn.execute("DELETE FROM hoard_schema")
                    await conn.execute("INSERT INTO hoard_schema(version) VALUES($1)", number)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        async with self.pool.acquire() as conn:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *args)]

    async def save(self, table: Table, *, new_actions: int = 0, deadline: float | None,
                   now: float, result: dict[str, Any] | None = None, warn_at: float | None = None,
                   outbox: Sequence[Outgoing] = (), rated: FinishedGame | None = None) -> list[int]:
        """Commits a move in one round trip (`_SAVE_TURN`); a table's first write and a game's
        end (its result and ratings) take the general transaction."""
        if table.revision == 0 or result is not None or rated is not None:
            return await super().save(table, new_actions=new_actions, deadline=deadline, now=now,
                                      result=result, warn_at=warn_at, outbox=outbox, rated=rated)
        actions = new_log_rows(table, new_actions, now)
        game_id = table.live.game_id if table.live is not None else None
        try:
            async with self.pool.acquire() as conn:
                revision, posted = await conn.fetchrow(
                    _SAVE_TURN, json.dumps(table.to_json()), game_id, deadline, warn_at, now,
                    table.channel, table.revision, [a[1] for a in actions],
                    [a[2] for a in actions], [a[3] for a in actions], [o.version for o in outbox],
                    [o.kind for o in outbox], [json.dumps(o.payload) for o in outbox])
        except asyncpg.DiskFullError as error:
            raise StoreFull(f"the database {self.target}: database or disk is full ({error})") \
                from error
        if revision is None:
            raise Conflict(f"table {table.channel} changed since revision {table.revision} was read")
        ids = {(int(version), kind): int(id_) for id_, version, kind in posted or []}
        table.revision = int(revision)
        return [ids[o.version, o.kind] for o in outbox]

    def transaction(self) -> AbstractAsyncContextManager[PgTx]:
        return self._transaction()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PgTx]:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield PgTx(conn)
        except asyncpg.DiskFullError as error:
            raise StoreFull(f"the database {self.target}: database or disk is full ({error})") \
                from error


async def _version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('hoard_schema') IS NOT NULL")
    if not exists:
        return 0
    value = await conn.fetchval("SELECT max(version) FROM hoard_schema")
    return int(value or 0)
