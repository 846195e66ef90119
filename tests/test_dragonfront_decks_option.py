"""The engine's `deck` option: a seat plays its own built deck (faction, champion, 30 cards)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.core import Record
from games.dragonfront import GAME
from games.dragonfront import cards as C
from tests.playout import random_playout


def _built() -> dict:
    """A legal Eclipse deck that is not the base deck: Unaligned cards mixed in."""
    base = C.decks()["eclipse"]["cards"]
    extra = [cid for cid, c in sorted(C.cards().items()) if c["faction"] == "Unaligned"
             and c["type"] != "champion" and c["collectible"] and C.is_supported(cid)]
    cards = list(base[:24]) + extra[:3] * 2
    assert not C.validate_deck("Eclipse", "EcC004", cards)
    return {"faction": "eclipse", "champion": "EcC004", "cards": cards}


def test_a_built_deck_is_dealt_and_plays_to_the_end() -> None:
    deck = _built()
    state = GAME.new_game(5, 2, {"deck": [deck, None], "faction": ["random", "aegis"]})
    me = state.players[0]
    assert me["faction"] == "eclipse" and me["champion"] == "EcC004"
    dealt = me["hand"] + me["deck"]
    if state.first != 0:
        dealt.remove(C.STIPEND)
    assert Counter(dealt) == Counter(deck["cards"])
    assert state.players[1]["faction"] == "aegis"
    result = random_playout(GAME, 5, 2, {"deck": [deck, deck]})
    assert GAME.outcome(result.state) is not None


def test_a_bad_deck_is_refused_with_its_problems() -> None:
    deck = _built()
    bad = {**deck, "champion": "AeC001", "cards": deck["cards"][:29] + ["NoSuch"]}
    with pytest.raises(ValueError) as err:
        GAME.new_game(1, 2, {"deck": [None, bad]})
    text = str(err.value)
    assert "Seat 2" in text and "Unknown card 'NoSuch'" in text and "does not belong" in text
    with pytest.raises(ValueError, match="one entry per seat"):
        GAME.new_game(1, 2, {"deck": [deck]})


def test_no_deck_option_deals_as_before() -> None:
    assert json.dumps(GAME.to_json(GAME.new_game(9, 2, {"deck": None}))) == json.dumps(
        GAME.to_json(GAME.new_game(9, 2, {})))
    assert json.dumps(GAME.to_json(GAME.new_game(9, 2, {"deck": [None, None]}))) == json.dumps(
        GAME.to_json(GAME.new_game(9, 2, {})))


def test_a_record_with_a_deck_replays_exactly() -> None:
    result = random_playout(GAME, 11, 2, {"deck": [None, _built()], "faction": ["thorns", "random"]})
    rec = result.record
    options = json.loads(json.dumps(rec.options))  # as a stored record holds them
    again = GAME.replay(Record(rec.seed, rec.players, options, list(rec.log)))
    assert json.dumps(GAME.to_json(again), sort_keys=True) == json.dumps(
        GAME.to_json(result.state), sort_keys=True)
