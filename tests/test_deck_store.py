"""Saved decks (bot/deck_store.py, migration V4): per user, unique names, current deck."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite
import pytest

import bot.store
from bot import deck_store as S
from bot import decks as D
from bot.store import Store

GAME = "dragonfront"


def _with_db(tmp_path: Path, body: Callable[[aiosqlite.Connection], Awaitable[None]]) -> None:
    async def scenario() -> None:
        store = await Store.open(tmp_path / "decks.db")
        try:
            await body(store.db)
        finally:
            await store.close()
    asyncio.run(scenario())


def test_migrations_with_a_gap_apply_in_order(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """V4 (and V5) apply after V1 with V2 and V3 missing; with them present all apply in order."""
    folder = tmp_path / "migrations"
    shutil.copytree(bot.store.MIGRATIONS, folder)
    for extra in folder.glob("V[23]__*.sql"):
        extra.unlink()  # this branch has neither; another branch brings them
    monkeypatch.setattr(bot.store, "MIGRATIONS", folder)
    assert [n for n, _ in bot.store.migrations()] == [1, 4, 5]

    async def scenario(path: Path, expected: int) -> list[str]:
        store = await Store.open(path)
        assert await store.version() == expected
        async with store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as c:
            names = [row[0] async for row in c]
        await store.close()
        return names

    assert "decks" in asyncio.run(scenario(tmp_path / "gap.db", 5))
    (folder / "V2__two.sql").write_text("CREATE TABLE two (x INTEGER);\n")
    (folder / "V3__three.sql").write_text("CREATE TABLE three (x INTEGER);\n")
    assert [n for n, _ in bot.store.migrations()] == [1, 2, 3, 4, 5]
    names = asyncio.run(scenario(tmp_path / "full.db", 5))
    assert {"decks", "two", "three"} <= set(names)


def test_save_load_list_delete(tmp_path: Path) -> None:
    async def body(db: aiosqlite.Connection) -> None:
        ghouls = D.new_deck("Ghoul-Rush", "eclipse", GAME)
        walls = D.new_deck("walls", "scales", GAME)
        await S.save(db, "alice", ghouls, now=1.0)
        await S.save(db, "alice", walls, now=2.0)
        assert await S.load(db, "alice", GAME, "ghoul-rush") == ghouls  # any case
        assert [d.name for d in await S.list_decks(db, "alice", GAME)] == ["Ghoul-Rush", "walls"]
        assert await S.list_decks(db, "bob", GAME) == []
        assert await S.load(db, "bob", GAME, "walls") is None
        assert await S.delete(db, "alice", GAME, "WALLS")
        assert not await S.delete(db, "alice", GAME, "walls")
        assert [d.name for d in await S.list_decks(db, "alice", GAME)] == ["Ghoul-Rush"]
    _with_db(tmp_path, body)


def test_names_are_unique_per_user_not_across_users(tmp_path: Path) -> None:
    async def body(db: aiosqlite.Connection) -> None:
        mine = D.new_deck("rush", "eclipse", GAME)
        await S.save(db, "alice", mine, now=1.0, overwrite=False)
        await S.save(db, "bob", D.new_deck("RUSH", "thorns", GAME), now=1.0, overwrite=False)
        with pytest.raises(S.DeckNameTaken, match="already have a deck called Rush"):
            await S.save(db, "alice", D.new_deck("Rush", "strife", GAME), now=2.0,
                         overwrite=False)
        kept = await S.load(db, "alice", GAME, "rush")
        assert kept is not None and kept.faction == "eclipse"
        edited, _ = D.remove_card(mine, mine.cards[0])
        await S.save(db, "alice", edited, now=3.0)  # an edit overwrites
        again = await S.load(db, "alice", GAME, "rush")
        assert again is not None and len(again.cards) == 29
        bobs = await S.load(db, "bob", GAME, "rush")
        assert bobs is not None and bobs.faction == "thorns"
    _with_db(tmp_path, body)


def test_current_deck_is_the_newest_saved_or_shown(tmp_path: Path) -> None:
    async def body(db: aiosqlite.Connection) -> None:
        assert await S.current(db, "alice", GAME) is None
        await S.save(db, "alice", D.new_deck("a", "eclipse", GAME), now=1.0)
        await S.save(db, "alice", D.new_deck("b", "scales", GAME), now=2.0)
        found = await S.current(db, "alice", GAME)
        assert found is not None and found.name == "b"
        assert await S.touch(db, "alice", GAME, "A", now=3.0)
        found = await S.current(db, "alice", GAME)
        assert found is not None and found.name == "a"
        assert not await S.touch(db, "alice", GAME, "zzz", now=4.0)
    _with_db(tmp_path, body)


def test_decks_survive_a_reopen_and_other_connections_see_them(tmp_path: Path) -> None:
    """A save is committed at once: a second connection reads it, and so does a reopened store."""
    path = tmp_path / "decks.db"

    async def scenario() -> None:
        store = await Store.open(path)
        await S.save(store.db, "alice", D.new_deck("keep", "aegis", GAME), now=1.0)
        other = sqlite3.connect(path)
        assert other.execute("SELECT name FROM decks").fetchall() == [("keep",)]
        other.close()
        await store.close()
        store = await Store.open(path)
        kept = await S.load(store.db, "alice", GAME, "keep")
        assert kept is not None and D.validate(kept) == []
        await store.close()
    asyncio.run(scenario())
