"""Drachenherz card data, loaded once from `data/drachenherz/cards.json`.

A card is an int id: seat 0's deck holds ids 0..49, seat 1's deck 50..99 (the two back colours).
`CARD_TYPE[id]` is the index of its type (the board space it goes to) and `CARD_VALUE[id]` its points.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from games.text import Text, plural, term

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "drachenherz" / "cards.json"


def _load() -> dict:
    with DATA_FILE.open(encoding="utf-8") as handle:
        data = json.load(handle)
    total = sum(len(t["values"]) for t in data["types"])
    if total != data["deck_size"]:
        raise ValueError(f"{DATA_FILE}: expected {data['deck_size']} cards per deck, got {total}")
    return data


_DATA = _load()

DECK_SIZE: int = _DATA["deck_size"]
HAND_SIZE: int = _DATA["hand_size"]
DRAGON_HAND_SIZE: int = _DATA["dragon_hand_size"]
DRAGON_BONUS: int = _DATA["dragon_bonus"]
DEPARTURES_TO_END: int = _DATA["departures_to_end"]

TYPE_KEYS: tuple[str, ...] = tuple(t["key"] for t in _DATA["types"])
TYPE_NAMES: tuple[str, ...] = tuple(t["name"] for t in _DATA["types"])
TYPE_PLURALS: tuple[str, ...] = tuple(t["plural"] for t in _DATA["types"])
SLOTS: tuple[int | None, ...] = tuple(t["slots"] for t in _DATA["types"])
TYPE_INDEX: dict[str, int] = {key: i for i, key in enumerate(TYPE_KEYS)}

CHEST, FIRE, SLAYER, STONE, PRINCESS, HERO, TROLL, DWARF, SHIP = (
    TYPE_INDEX[k] for k in ("chest", "fire", "slayer", "stone", "princess", "hero", "troll",
                            "dwarf", "ship"))
N_TYPES = len(TYPE_KEYS)

_ONE_DECK: list[tuple[int, int]] = [
    (i, v) for i, t in enumerate(_DATA["types"]) for v in t["values"]]
CARD_TYPE: tuple[int, ...] = tuple(t for _ in range(2) for t, _v in _ONE_DECK)
CARD_VALUE: tuple[int, ...] = tuple(v for _ in range(2) for _t, v in _ONE_DECK)
N_CARDS = len(CARD_TYPE)
TOTAL_VALUE: int = sum(CARD_VALUE)
"""The points of both decks together (the most a seat could ever collect)."""

SORT_KEY: tuple[tuple[int, int, int], ...] = tuple(
    (CARD_TYPE[c], CARD_VALUE[c], c) for c in range(N_CARDS))
"""Hands are kept sorted by type, then value, then id."""


def deck(seat: int) -> list[int]:
    """Returns the card ids of one seat's deck, in data order."""
    return list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))


CONTEXT = "drachenherz"
"""The catalog context of the card names (data/drachenherz/cards.json, see babel.cfg)."""


def type_name(kind: int, *, many: bool = False, lower: bool = False) -> Text:
    """Returns a type's name to translate: "Dwarf", "Dwarves", "dwarf" or "dwarves"."""
    name = (TYPE_PLURALS if many else TYPE_NAMES)[kind]
    return term(CONTEXT, name.lower() if lower else name)


def name_of(english: str) -> Text:
    """Returns a name found in a view ("Dwarf", "Fire dragon") as a text to translate."""
    return term(CONTEXT, english)


_COUNTED: dict[str, Callable[[int], Text]] = {
    "chest": lambda n: plural("a treasure chest", "{n} treasure chests", n),
    "fire": lambda n: plural("a fire dragon", "{n} fire dragons", n),
    "slayer": lambda n: plural("a dragon slayer", "{n} dragon slayers", n),
    "stone": lambda n: plural("a stone dragon", "{n} stone dragons", n),
    "princess": lambda n: plural("a princess", "{n} princesses", n),
    "hero": lambda n: plural("a hero", "{n} heroes", n),
    "troll": lambda n: plural("a troll", "{n} trolls", n),
    "dwarf": lambda n: plural("a dwarf", "{n} dwarves", n),
    "ship": lambda n: plural("a ship", "{n} ships", n),
}


def counted(kind: int, n: int) -> Text:
    """Returns "a dwarf" or "3 dwarves" (each language declines its own)."""
    return _COUNTED[TYPE_KEYS[kind]](n)


def card_name(card: int) -> str:
    """Returns a card's player-facing name with its value, e.g. "Dwarf 3"."""
    return Text("{card} {value}", card=type_name(CARD_TYPE[card]), value=CARD_VALUE[card])


def card_json(card: int) -> dict[str, object]:
    """Returns a card as public JSON data (type key and value, no id)."""
    return {"type": TYPE_KEYS[CARD_TYPE[card]], "value": CARD_VALUE[card]}
