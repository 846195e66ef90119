"""Saved decks per user (table `decks`, migration V4): save, load, list, delete.

Small async functions over an aiosqlite connection, so the store, the console and the tests can
share one connection. Each write is one statement (atomic on its own) followed by `commit`, which
is a no-op on a connection in autocommit mode (`isolation_level=None`, as `Store` opens it).
A name is unique per user and game whatever its case; the user's most recently saved or shown
deck is their current one (what `/deck add` changes when no name is given).
"""

from __future__ import annotations

import json
import logging
import sqlite3

import aiosqlite

from bot.decks import Deck, DeckError, name_key
from games.text import Text

log = logging.getLogger(__name__)

_COLUMNS = "name, data"


class DeckNameTaken(DeckError):
    """The user already has a deck of that name (in any case)."""


async def save(db: aiosqlite.Connection, user: str, deck: Deck, *, now: float,
               overwrite: bool = True) -> None:
    """Saves a deck under its name (replacing one of the same name unless `overwrite` is False).

    :raises DeckNameTaken: when `overwrite` is False and the name is in use.
    """
    row = (user, deck.game, name_key(deck.name), deck.name, deck.faction,
           json.dumps(deck.to_json()), now)
    if overwrite:
        await db.execute(
            "INSERT INTO decks(user_id, game, name_key, name, faction, data, updated) "
            "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(user_id, game, name_key) DO UPDATE SET "
            "name = excluded.name, faction = excluded.faction, data = excluded.data, "
            "updated = excluded.updated", row)
    else:
        try:
            await db.execute(
                "INSERT INTO decks(user_id, game, name_key, name, faction, data, updated) "
                "VALUES(?, ?, ?, ?, ?, ?, ?)", row)
        except sqlite3.IntegrityError:
            raise DeckNameTaken(Text("You already have a deck called {deck}; pick another name or "
                                     "/deck delete it first.", deck=deck.name)) from None
    await db.commit()
    log.debug("Saved deck %s of %s", deck.name, user)


async def load(db: aiosqlite.Connection, user: str, game: str, name: str) -> Deck | None:
    """Returns the user's deck of that name (any case), or None."""
    async with db.execute(
            f"SELECT {_COLUMNS} FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
            (user, game, name_key(name))) as cursor:
        row = await cursor.fetchone()
    return None if row is None else _deck(game, row[0], row[1])


async def current(db: aiosqlite.Connection, user: str, game: str) -> Deck | None:
    """Returns the user's most recently saved or shown deck, or None when they have none."""
    async with db.execute(
            f"SELECT {_COLUMNS} FROM decks WHERE user_id = ? AND game = ? "
            "ORDER BY updated DESC, name_key LIMIT 1", (user, game)) as cursor:
        row = await cursor.fetchone()
    return None if row is None else _deck(game, row[0], row[1])


async def list_decks(db: aiosqlite.Connection, user: str, game: str) -> list[Deck]:
    """Returns the user's decks of a game, by name."""
    async with db.execute(
            f"SELECT {_COLUMNS} FROM decks WHERE user_id = ? AND game = ? ORDER BY name_key",
            (user, game)) as cursor:
        return [_deck(game, name, data) async for name, data in cursor]


async def touch(db: aiosqlite.Connection, user: str, game: str, name: str, *,
                now: float) -> bool:
    """Makes a deck the user's current one; returns whether it exists."""
    cursor = await db.execute(
        "UPDATE decks SET updated = ? WHERE user_id = ? AND game = ? AND name_key = ?",
        (now, user, game, name_key(name)))
    await db.commit()
    return cursor.rowcount > 0


async def delete(db: aiosqlite.Connection, user: str, game: str, name: str) -> bool:
    """Deletes the user's deck of that name; returns whether there was one."""
    cursor = await db.execute(
        "DELETE FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
        (user, game, name_key(name)))
    await db.commit()
    return cursor.rowcount > 0


def _deck(game: str, name: str, data: str) -> Deck:
    return Deck.from_json(game, name, json.loads(data))
