"""Storage that refuses misuse: a database that cannot be opened, read or written stops the
process at start with one message; a second process on one SQLite file is refused; a full disk
is a clear error that changes nothing; a file deleted while running stops the host before it
acknowledges a move it cannot keep."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.host import FULL_TEXT, STOPPED_TEXT, Host
from bot.messages import ReplyKind
from bot.store import StoreError, StoreLost, migrations
from tests.backends import on_postgres
from tests.hosting import FakeClock, errors, only, open_host, say
from tests.logcheck import expected_errors

ROOT = Path(__file__).resolve().parent.parent
sqlite_only = pytest.mark.skipif(on_postgres(), reason="a SQLite file's own failures")
AS_OWNER = ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]
"""Runs a child as root without the power to ignore file modes (as an ordinary owner would)."""


def hoard(tmp_path: Path, *args: str, env: dict[str, str] | None = None,
          unprivileged: bool = False) -> tuple[int, str, float]:
    """Runs the `hoard` launcher as its own process; returns its exit code, stderr and seconds."""
    script = tmp_path / "lines.txt"
    script.write_text("@alice /join\n", encoding="utf-8")
    script.chmod(0o644)
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", **(env or {})}
    start = time.perf_counter()
    prefix = AS_OWNER if unprivileged and os.geteuid() == 0 else []
    done = subprocess.run(
        [*prefix, sys.executable, "-m", "bot.launcher", *args], env=full_env, cwd=tmp_path,
        capture_output=True, text=True, timeout=60,
        input="" if args[:1] == ("discord",) else None)
    return done.returncode, done.stderr, time.perf_counter() - start


def console(tmp_path: Path, db: Path | str, unprivileged: bool = False) -> tuple[int, str, float]:
    return hoard(tmp_path, "console", "--db", str(db), "--script", str(tmp_path / "lines.txt"),
                 "--out", str(tmp_path / "out"), unprivileged=unprivileged)


def assert_refused(result: tuple[int, str, float], db: Path, cause: str) -> None:
    code, stderr, seconds = result
    lines = stderr.strip().splitlines()
    assert code == 2, stderr
    assert len(lines) == 1 and lines[0].startswith("hoard: "), stderr
    assert str(db) in lines[0] and cause in lines[0], lines[0]
    assert "Traceback" not in stderr
    assert seconds < 10


def filled_database(path: Path) -> None:
    async def fill() -> None:
        host = await Host.open(path)
        for channel in range(40):
            await say(host, "alice", "join", channel=f"c{channel}")
        await host.close()
    asyncio.run(fill())


@sqlite_only
def test_a_file_that_is_not_a_database_stops_the_console_and_discord_with_one_message(
        tmp_path: Path) -> None:
    """A garbage header: `hoard console` and `hoard discord` both exit 2 at once, naming it."""
    db = tmp_path / "garbage.db"
    db.write_bytes(b"this is not a database at all" * 200)
    assert_refused(console(tmp_path, db), db, "file is not a database")
    assert_refused(hoard(tmp_path, "discord", env={"DISCORD_TOKEN": "x", "HOARD_DB": str(db),
                                                   "HOARD_DISCORD_API": "http://127.0.0.1:9/api"}),
                   db, "file is not a database")


@sqlite_only
def test_a_damaged_page_and_a_path_that_cannot_be_opened_are_refused(tmp_path: Path) -> None:
    """A corrupt page is found by the check at open; a directory cannot be opened at all."""
    db = tmp_path / "damaged.db"
    filled_database(db)
    data = bytearray(db.read_bytes())
    page = 4096
    data[2 * page:3 * page] = b"\xa5" * page  # the third page: a table's b-tree, now garbage
    db.write_bytes(bytes(data))
    assert_refused(console(tmp_path, db), db, "is damaged")
    folder = tmp_path / "folder.db"
    folder.mkdir()
    assert_refused(console(tmp_path, folder), folder, "unable to open database file")


@sqlite_only
def test_a_read_only_database_is_refused_at_start(tmp_path: Path) -> None:
    """A file the process may read but not write stops it at start, not at the first move
    (under root, the child runs without the capability to override file modes)."""
    db = tmp_path / "ro.db"
    filled_database(db)
    db.chmod(0o444)
    try:
        assert_refused(console(tmp_path, db, unprivileged=True), db, "readonly")
    finally:
        db.chmod(0o644)


@sqlite_only
def test_a_schema_newer_than_the_code_stops_the_process_at_start(tmp_path: Path) -> None:
    """A database migrated by a newer Hoard is refused before anything is written to it."""
    db = tmp_path / "newer.db"
    filled_database(db)
    newer = migrations()[-1][0] + 1
    with sqlite3.connect(db) as raw:
        raw.execute(f"PRAGMA user_version = {newer}")
    assert_refused(console(tmp_path, db), db, f"schema version {newer}, newer than")
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == newer


@sqlite_only
def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    """While a host serves the file, another process opening it exits at once, saying why."""
    db = tmp_path / "shared.db"

    async def scenario() -> tuple[int, str, float]:
        host = await Host.open(db)
        await say(host, "alice", "join")
        try:
            return await asyncio.to_thread(console, tmp_path, db)
        finally:
            await host.close()
    assert_refused(asyncio.run(scenario()), db, "in use by another Hoard process")
    code, stderr, _ = console(tmp_path, db)  # once it has stopped, the file is free again
    assert code == 0, stderr


@sqlite_only
def test_a_full_disk_is_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    """When SQLite cannot grow the file the player is told so, the log names the cause, the
    table is as before, and once there is room again the same move goes through."""
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[-1]
        (pages,), = await host.store.fetch("PRAGMA page_count")
        await host.store.fetch(f"PRAGMA max_page_count = {pages}")
        with expected_errors() as logged:
            for _ in range(30):  # until a write needs a new page
                replies = await say(host, "alice", "play", "1", version=board.version)
                if errors(replies):
                    break
                board = only(replies, ReplyKind.BOARD)[-1]
        assert errors(replies) == [FULL_TEXT]
        assert any("database or disk is full" in r.getMessage() for r in logged)
        assert not any("cannot rollback" in r.getMessage() for r in logged)
        kept = await host.store.load_table("c1")
        assert kept is not None and kept.version == board.version
        await host.store.fetch("PRAGMA max_page_count = 1000000")
        replies = await say(host, "alice", "play", "1", version=board.version)
        assert not errors(replies) and host.failed is None
        await host.close()
    asyncio.run(scenario())


@sqlite_only
def test_a_database_file_deleted_while_running_stops_the_host(tmp_path: Path) -> None:
    """After the file is deleted the next move is not acknowledged: the player is told the bot
    stops, the host reports the failure once, and every later command is refused."""
    async def scenario() -> None:
        stops: list[StoreError] = []
        host = await open_host(tmp_path / "h.db", FakeClock())
        host.on_failure = stops.append
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[-1]
        for suffix in ("", "-wal", "-shm"):
            Path(f"{tmp_path / 'h.db'}{suffix}").unlink(missing_ok=True)
        with expected_errors():
            replies = await say(host, "alice", "play", "1", version=board.version)
        assert errors(replies) == [STOPPED_TEXT] and not only(replies, ReplyKind.BOARD)
        assert len(stops) == 1 and isinstance(stops[0], StoreLost)
        assert "vanished" in str(stops[0]) and str(tmp_path / "h.db") in str(stops[0])
        assert errors(await say(host, "alice", "status")) == [STOPPED_TEXT]
        await host.close()
    asyncio.run(scenario())


@sqlite_only
def test_the_console_exits_non_zero_when_its_file_vanishes(tmp_path: Path) -> None:
    """`hoard console` stops at the first write after its file is deleted and exits 2 with one
    message naming the file; the move is not shown as made."""
    db = tmp_path / "gone.db"
    script = tmp_path / "gone.txt"
    script.write_text("@alice /join\n@alice /addbot\n" + "@alice /status\n" * 2000
                      + "@alice /start\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.launcher", "console", "--db", str(db), "--script", str(script),
         "--out", str(tmp_path / "out")], cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    for line in proc.stdout:  # the pipe's buffer holds the child back while we look
        if line.startswith("> @alice /addbot"):
            break
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    out, err = proc.communicate(timeout=60)
    lines = [line for line in err.splitlines() if line.startswith("hoard: ")]
    assert proc.returncode == 2, err
    assert len(lines) == 1 and "vanished" in lines[0] and str(db) in lines[0], err
    assert "cannot keep moves" in out and "The game starts" not in out


@sqlite_only
def test_the_discord_bot_stops_when_its_file_vanishes(tmp_path: Path) -> None:
    """On Discord the click after the deletion is answered with the stop notice, no board is
    posted for it, and the process exits 2 within seconds, naming the file."""
    async def scenario() -> None:
        from tests import toygame
        from tests.discord_standin import StandIn, User
        from tests.discord_standin.harness import kind_of
        from tests.discord_standin.process import BotProcess
        from tests.test_discord_crash import answered

        alice, bob = User(1001, "Alice"), User(1002, "Bob")
        toygame.install()
        s = await StandIn().start()
        db = tmp_path / "discord.db"
        bot = BotProcess(s, db, seed=3)
        channel = s.channel_ids[0]
        try:
            await bot.start()
            await answered(s, await s.slash(alice, channel, "join", game=toygame.NAME))
            lobby = next(m for m in s.public(channel) if kind_of(m) is not None)
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            posts = len(s.public(channel))
            ix = await s.click(bob, lobby, lobby.component(label="Join")["custom_id"])
            await answered(s, ix)
            assert bot.proc is not None
            try:
                code = await asyncio.wait_for(bot.proc.wait(), 10)
            except TimeoutError:
                raise AssertionError(bot.log_text()[-3000:]) from None
            shown = [m.content for m in s.ephemerals(bob)]
            assert any("cannot keep moves" in text for text in shown), shown
            assert len(s.public(channel)) == posts and "Bob" not in lobby.text()
        finally:
            await bot.stop()
            await s.close()
            toygame.uninstall()
        log = bot.log_text()
        lines = [line for line in log.splitlines() if line.startswith("hoard: ")]
        assert code == 2, log[-2000:]
        assert len(lines) == 1 and "vanished" in lines[0] and str(db) in lines[0], log[-2000:]
    asyncio.run(scenario())


def test_a_postgresql_server_that_cannot_be_reached_stops_the_process_at_start(
        tmp_path: Path) -> None:
    """A database URL naming no server ends `hoard console` at once with one line naming the
    database (without its password) and the cause."""
    url = f"postgresql://hoard:secret@/hoard?host={tmp_path / 'no-server'}"
    code, stderr, seconds = console(tmp_path, url)
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and seconds < 15, stderr
    assert "cannot open the database postgresql://hoard:***@" in lines[0], lines[0]
    assert "secret" not in stderr
