"""The /deck and /card commands (bot/deck_commands.py), transport-free, over a real store."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite
import pytest
from PIL import Image

import locales
from bot import deck_commands as K
from bot.decks import DeckError
from bot.store import Store
from games.dragonfront import GAME
from games.dragonfront import cards as C


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        self.t += 1
        return self.t


def _with_db(tmp_path: Path, body: Callable[[aiosqlite.Connection, Clock], Awaitable[None]]
             ) -> None:
    async def scenario() -> None:
        store = await Store.open(tmp_path / "d.db")
        try:
            await body(store.db, Clock())
        finally:
            await store.close()
    asyncio.run(scenario())


def _deck(db: aiosqlite.Connection, clock: Clock, user: str, *words: str,
          images: bool = False) -> Awaitable[K.Answer]:
    return K.run_deck(db, user, words, now=clock(), images=images)


def test_build_export_import_and_play(tmp_path: Path) -> None:
    """Alice builds a deck and exports its code; Bob imports it and it plays to the end."""
    async def body(db: aiosqlite.Connection, clock: Clock) -> None:
        made = await _deck(db, clock, "alice", "new", "ghoul-rush", "eclipse", images=True)
        assert not made.refused and made.image is not None and not made.public
        assert Image.open(io.BytesIO(made.image)).width == 1100
        first = (await K.complete_cards(db, "alice", "", removing=True))[0]
        removed = await _deck(db, clock, "alice", "remove", first.value)
        assert "29/30" in removed.text and "Not ready" in removed.text
        name = first.label.split(" (")[0]
        again = await K.complete_cards(db, "alice", name, removing=False)
        assert first.value in [c.value for c in again]  # one copy left: it may come back
        pair = next(c for c in C.decks()["eclipse"]["cards"] if c != first.value)
        full = await K.complete_cards(db, "alice", C.name(pair), removing=False)
        assert pair not in [c.value for c in full]  # two copies: nothing to add
        offered = await K.complete_cards(db, "alice", "", removing=False)
        choice = next(c for c in offered if not c.label.endswith("champion)")
                      and c.value != first.value)
        added = await _deck(db, clock, "alice", "add", *choice.label.split(" (")[0].split())
        assert "30/30" in added.text and added.text.endswith("Ready to play."), added.text
        champ = await _deck(db, clock, "alice", "add", "Grim", "Angel")
        assert "Grim Angel is now the champion" in champ.text
        code_answer = await _deck(db, clock, "alice", "code")
        code = code_answer.text.split()[1]
        assert code.startswith("DF1-")

        imported = await _deck(db, clock, "bob", "import", code, images=True)
        assert imported.text.startswith("Imported eclipse.") and imported.image is not None
        assert "ready" in (await _deck(db, clock, "bob", "list")).text
        option = await K.seat_deck(db, "bob", "dragonfront", "eclipse")
        mine = await K.seat_deck(db, "alice", "dragonfront", "GHOUL-RUSH")
        assert option == mine and option["champion"] == "EcC004"

        state = GAME.new_game(3, 2, {"faction": ["random", "aegis"], "deck": [option, None]})
        assert state.players[0]["champion"] == option["champion"]
        rng = random.Random(3)
        while GAME.outcome(state) is None:
            seat = rng.choice(GAME.to_play(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    _with_db(tmp_path, body)


def test_show_list_delete_and_current_deck(tmp_path: Path) -> None:
    async def body(db: aiosqlite.Connection, clock: Clock) -> None:
        await _deck(db, clock, "alice", "new", "one", "thorns")
        await _deck(db, clock, "alice", "new", "two", "aegis")
        shown = await _deck(db, clock, "alice", "show", "one", images=True)
        assert shown.text.startswith("one (Thorns, 30/30 cards, champion Eidolon of Earth)")
        assert shown.image is not None
        listing = (await _deck(db, clock, "alice", "list")).text
        assert "one (current): Thorns, 30 cards, ready" in listing and "two: Aegis" in listing
        assert await K.complete_deck_names(db, "alice", "t") == ["two"]
        removed = await _deck(db, clock, "alice", "remove", "deck=two",
                              C.name(C.decks()["aegis"]["cards"][0]))
        assert removed.text.startswith("two: Removed")
        assert (await _deck(db, clock, "alice", "delete", "ONE")).text == "Deleted ONE."
        gone = await _deck(db, clock, "alice", "show", "one")
        assert gone.refused and "no deck called one" in gone.text
    _with_db(tmp_path, body)


def test_refusals_change_nothing(tmp_path: Path) -> None:
    async def body(db: aiosqlite.Connection, clock: Clock) -> None:
        assert (await _deck(db, clock, "zed", "add", "Fury")).refused
        none = await _deck(db, clock, "zed", "list")
        assert "no decks yet" in none.text
        bad = await _deck(db, clock, "zed", "new", "x", "dragons")
        assert bad.refused and "Factions:" in bad.text
        assert (await _deck(db, clock, "zed", "new", "only-a-name")).refused
        await _deck(db, clock, "zed", "new", "mine", "strife")
        again = await _deck(db, clock, "zed", "new", "MINE", "scales")
        assert again.refused and "already have a deck called MINE" in again.text
        foreign = await _deck(db, clock, "zed", "import", "XX1-abc")
        assert foreign.refused and "not a Dragon Front deck code" in foreign.text
        assert (await _deck(db, clock, "zed", "fly")).refused
        assert "/deck new" in (await _deck(db, clock, "zed")).text
        assert (await _deck(db, clock, "zed", "delete", "nope")).refused
        long = await _deck(db, clock, "zed", "add", "y" * 5000)
        assert long.refused and "'" + "y" * 36 + "…'" in long.text and len(long.text) < 200
        full = await _deck(db, clock, "zed", "add", "Wayward", "Ghouls")
        assert full.refused and "already holds 30 cards" in full.text
        with pytest.raises(DeckError, match="no Dragon Front deck called nope"):
            await K.seat_deck(db, "zed", "dragonfront", "nope")
        await _deck(db, clock, "zed", "remove", C.name(C.decks()["strife"]["cards"][0]))
        with pytest.raises(DeckError, match="cannot be played yet: The deck holds 29"):
            await K.seat_deck(db, "zed", "dragonfront", "mine")
    _with_db(tmp_path, body)


def test_card_command_and_completions() -> None:
    async def body() -> None:
        answer = await K.run_card(["sage", "wyrm"])
        assert not answer.refused and answer.public and answer.image is not None
        assert answer.text.startswith("Sage Wyrm (RivalWing): Dragon mat.")
        assert (await K.run_card(["zzz"])).refused
        long = await K.run_card(["x" * 5000])  # quoted by its start, not sent back whole
        assert long.refused and long.text == f"No card of any game is called '{'x' * 36}…'."
    asyncio.run(body())
    assert K.complete_card_lookup("dwarf") == [("Dwarf (Drachenherz)", "drachenherz:dwarf")]
    german = locales.translator("de")  # a German reader finds and reads the German name
    assert K.complete_card_lookup("zwer", german) == [("Zwerg (Drachenherz)", "drachenherz:dwarf")]
    assert K.complete_factions("s") == ["Scales", "Silence", "Strife"]
