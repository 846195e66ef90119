"""The SQLite backend (aiosqlite, WAL), through aiosqlite's public API only.

One process serves a SQLite database: a process that serves tables opens it `exclusive`, which
holds an flock on `<file>.lock` for as long as it runs, and a second one is refused at start. The
schema version lives in `PRAGMA user_version`. Opening checks the file can be read (a quick
integrity check) and written (a probe write), so a bad file stops the process at start with one
message; a file deleted or replaced while running is noticed before the next write commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import IO, Any

import aiosqlite

from bot.store import (
    Check,
    Row,
    SchemaTooNew,
    Store,
    StoreError,
    StoreFull,
    StoreLost,
    Write,
    migrations,
)

log = logging.getLogger(__name__)


class SqliteTx:
    """A transaction on the store's one connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.db.execute_fetchall(sql, tuple(args))]

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(sql, [tuple(r) for r in rows])


class SqliteStore(Store):
    """A SQLite file, one connection, one write transaction at a time."""

    def __init__(self, db: aiosqlite.Connection, path: Path, lock: IO[bytes] | None) -> None:
        super().__init__()
        self.db = db
        self.path = path
        self.target = str(path)
        self._lock = lock
        self._writing = asyncio.Lock()
        """One connection serves every table: transactions must not interleave."""
        self._file = _identity(path)

    @classmethod
    async def connect(cls, path: Path, *, exclusive: bool = False) -> SqliteStore:
        """Opens and migrates the file; raises StoreError naming it and the cause."""
        lock = _take_lock(path) if exclusive else None
        try:
            # Tried first with the plain module: a file aiosqlite fails to open leaves its
            # thread to report the failure to an event loop that may be gone by then.
            await asyncio.to_thread(_can_open, path)
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            _release(lock)
            raise StoreError(f"cannot open the database {path}: {error}") from error
        store = cls(db, path, lock)
        try:
            await store._prepare()
        except BaseException as error:
            await store.close()
            if isinstance(error, StoreError):
                raise
            if isinstance(error, sqlite3.Error):
                raise StoreError(f"cannot use the database {path}: {error}") from error
            raise
        return store

    async def _prepare(self) -> None:
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA synchronous=NORMAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=2000")
        rows = await self.db.execute_fetchall("PRAGMA quick_check(1)")
        verdict = str(next(iter(rows))[0]) if rows else "no answer"
        if verdict != "ok":
            detail = "; ".join(part.strip() for part in verdict.splitlines() if part.strip())
            raise StoreError(f"the database {self.path} is damaged: {detail}")
        await self.migrate()
        async with self.transaction() as tx:  # the file must take a write, now rather than later
            await tx.fetch("INSERT INTO meta(key, value) VALUES('opened', ?) "
                           "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           (str(time.time()),))
        self._file = _identity(self.path)

    async def close(self) -> None:
        try:
            await self.db.close()
        finally:
            _release(self._lock)
            self._lock = None

    async def version(self) -> int:
        rows = await self.db.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0]) if rows else 0

    async def migrate(self) -> None:
        """Applies every migration newer than the database, each in its own transaction."""
        current = await self.version()
        known = migrations()
        if known and current > known[-1][0]:
            raise SchemaTooNew(
                f"the database {self.path} is at schema version {current}, newer than this Hoard "
                f"knows ({known[-1][0]}): upgrade Hoard, or use a copy made before the upgrade")
        for number, path in known:
            if number <= current:
                continue
            log.info("Applying migration %s", path.name)
            script = path.read_text(encoding="utf-8")
            await self.db.executescript(
                f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.db.execute_fetchall(sql, tuple(args))]

    def transaction(self) -> AbstractAsyncContextManager[SqliteTx]:
        return self._transaction()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[SqliteTx]:
        async with self._writing:
            try:
                await self._run("BEGIN IMMEDIATE")
                yield SqliteTx(self.db)
                await self._run("COMMIT")
            except BaseException as error:
                await self._undo(error)
                raise

    async def write(self, writes: Sequence[Write], check: Check | None = None) -> list[list[Row]]:
        """Queues BEGIN and every statement on the connection's thread at once, then commits
        after `check`: two wakes of the event loop instead of one per statement. One
        connection serves every table, so under load the wait for the loop between statements,
        not SQLite, bounded how many changes a second were kept.

        Each statement goes through `execute_fetchall`, whose cursor lives and dies on the
        connection's thread: a cursor freed on the event loop's thread resets its statement
        there, and SQLite refuses that while the thread runs the same (cached) statement for
        the next write in the queue."""
        async with self._writing:
            try:
                # gather starts the calls in order, in one turn of the loop, so aiosqlite's
                # queue holds them in order: BEGIN first, then the statements.
                answers = await asyncio.gather(
                    self._run("BEGIN IMMEDIATE"),
                    *(self._run(w.sql, row) for w in writes for row in _each(w)),
                    return_exceptions=True)
                failure = next((a for a in answers if isinstance(a, BaseException)), None)
                rows = iter(answers[1:])
                results: list[list[Row]] = [
                    _rows([next(rows) for _ in _each(w)], many=w.rows is not None) for w in writes]
                if check is not None:
                    check(results)
                if failure is not None:
                    raise failure
                await self._run("COMMIT")
                return results
            except BaseException as error:
                await self._undo(error)
                raise

    async def _run(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.db.execute_fetchall(sql, tuple(args))]

    async def _undo(self, error: BaseException) -> None:
        """Rolls back a failed transaction; a full disk becomes StoreFull."""
        if self.db.in_transaction:  # SQLite may have rolled back itself (a full disk)
            await self._run("ROLLBACK")
        if isinstance(error, sqlite3.OperationalError) and "full" in str(error):
            raise StoreFull(f"the database {self.path}: {error}") from error

    async def check_writable(self) -> None:
        """Raises StoreLost when the file was deleted or replaced since it was opened (SQLite
        would go on writing to the deleted file, and every move would be lost at the restart)."""
        if _identity(self.path) != self._file:
            raise StoreLost(f"the database file {self.path} vanished while Hoard was running "
                            "(deleted or replaced); stopping so that no move is acknowledged "
                            "and then lost")


def _each(w: Write) -> Sequence[Sequence[Any]]:
    """The argument rows a write runs with: each of its `rows`, or its `args` once."""
    return w.rows if w.rows is not None else (w.args,)


def _rows(answers: list[object], *, many: bool) -> list[Row]:
    """A write's answer: its rows (none for an executemany), or none when a statement failed."""
    if many or not answers or isinstance(answers[0], BaseException):
        return []
    return answers[0]  # type: ignore[return-value]


def _can_open(path: Path) -> None:
    sqlite3.connect(path).close()


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _take_lock(path: Path) -> IO[bytes]:
    """Holds an exclusive lock beside the database for as long as this process serves it."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        handle = open(lock_path, "ab")  # noqa: SIM115 - held open until close()
    except OSError as error:
        raise StoreError(f"cannot open the database {path}: {error}") from error
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        handle.close()
        raise StoreError(
            f"the database {path} is in use by another Hoard process (it holds {lock_path}); "
            "stop that process first, or run several processes on PostgreSQL") from error
    return handle


def _release(lock: IO[bytes] | None) -> None:
    if lock is not None:
        with contextlib.suppress(OSError):
            fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()
