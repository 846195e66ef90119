"""Shared set-up for the ratings, stats and replay tests: a migrated database and finished games."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from bot.ratings import FinishedGame, Seated, finished_game, record_result
from bot.store import Store
from games.core import Record


def migrated(path: Path) -> Path:
    """Creates a database at `path` with every migration applied (through the store)."""
    async def run() -> None:
        store = await Store.open(path)
        await store.close()
    asyncio.run(run())
    return path


def connect(path: Path) -> sqlite3.Connection:
    """Opens a connection that leaves transactions to the caller, as the store's does."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def insert_game(conn: sqlite3.Connection, *, game: str, seats: Sequence[Seated],
                record: Record | None = None, channel: str = "c1", finished: float | None = 1.0,
                guild: str | None = None) -> int:
    """Inserts a games row (and its actions) as the store writes them; returns its id."""
    record = record or Record(seed=1, players=len(seats))
    cursor = conn.execute(
        "INSERT INTO games(channel, game, seed, players, options, seats, started, finished, "
        "result, guild) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (channel, game, record.seed, record.players, json.dumps(record.options),
         json.dumps([{"user": s.user, "name": s.name, "is_bot": s.is_bot} for s in seats]),
         0.0, finished, None if finished is None else "{}", guild))
    game_id = cursor.lastrowid
    assert game_id is not None
    conn.executemany("INSERT INTO actions(game_id, idx, seat, code, at) VALUES(?, ?, ?, ?, ?)",
                     [(game_id, i, e.seat, e.code, 0.0) for i, e in enumerate(record.log)])
    return game_id


def play_result(conn: sqlite3.Connection, *, guild: str = "g1", game: str = "drakones",
                seats: Sequence[Seated], scores: Sequence[int], winners: Sequence[int],
                finished: float = 1.0) -> FinishedGame:
    """Records one finished game and its rating update in one transaction; returns it."""
    conn.execute("BEGIN")
    game_id = insert_game(conn, game=game, seats=seats, finished=finished)
    done = finished_game(guild=guild, game=game, game_id=game_id, finished=finished, seats=seats,
                         scores=scores, winners=winners)
    record_result(conn, done)
    conn.execute("COMMIT")
    return done


ALICE = Seated("u1", "alice")
BOB = Seated("u2", "bob")
CAROL = Seated("u3", "carol")
DAVE = Seated("u4", "dave")
COMPUTER = Seated("bot:1", "Computer 1", is_bot=True)
