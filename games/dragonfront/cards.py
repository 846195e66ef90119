"""Dragon Front card data: the project's own card file and the faction base decks, plus deck checks."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, Final

from games.text import Text, make_text, term

DATA_DIR: Final = Path(__file__).resolve().parent.parent.parent / "data" / "dragonfront"
FACTIONS: Final = ("Eclipse", "Scales", "Strife", "Thorns", "Silence", "Essence", "Delirium", "Aegis")
DECK_SIZE: Final = 30
MAX_COPIES: Final = 2
STIPEND: Final = "ToS002"
"""The 0-cost "draw a card" spell the second player starts with."""


_CARDS: Final[dict[str, dict[str, Any]]] = {}
"""Every card by id once read (`cards`): a module constant, which compiled code (setup.py)
reaches without a call or a lookup, where a cached function is a call on every card read."""


def cards() -> dict[str, dict[str, Any]]:
    """Returns every card by id, as written by `tools.dragonfront.convert` (read on first use)."""
    if not _CARDS:
        _CARDS.update(json.loads((DATA_DIR / "cards.json").read_text()))
    return _CARDS


@cache
def decks() -> dict[str, dict[str, Any]]:
    """Returns the eight base decks by lower-case faction name."""
    return json.loads((DATA_DIR / "decks.json").read_text())


def card(card_id: str) -> dict[str, Any]:
    """Returns one card's data."""
    return cards()[card_id]


def name(card_id: str) -> str:
    """Returns a card's display name."""
    return cards()[card_id]["name"]


@cache
def cards_with(on: str) -> frozenset[str]:
    """Returns the cards with an ability of one trigger (`on`) in their printed text, a CHOOSE
    ONE mode's included. Effects grant only abilities of other triggers (`granted_triggers`;
    a test checks the ones looked up this way)
    and EVOLVE takes the new card's, so only these cards' units and forts can hold one: loops
    that look for auras, cost changes or taxes skip the others."""
    return frozenset(k for k, c in cards().items()
                     if any(a["on"] == on for a in c["abilities"])
                     or any(a["on"] == on for m in c.get("modes") or [] for a in m.get("abilities", [])))


@cache
def granted_triggers() -> frozenset[str]:
    """Returns the triggers of the abilities effects grant (a unit of any card may come to hold
    one); for every other trigger only the units and forts of `cards_with(on)` can listen."""
    found: set[str] = set()
    todo: list[Any] = [cards()]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            if isinstance(x.get("ability"), dict):
                found.add(x["ability"]["on"])
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return frozenset(found)


@cache
def listeners(*ons: str) -> frozenset[str] | None:
    """Returns the cards whose pieces can hold an ability of one of the triggers `ons`, or None
    when any piece can (an effect grants such abilities)."""
    if any(on in granted_triggers() for on in ons):
        return None
    return frozenset().union(*(cards_with(on) for on in ons))


def is_supported(card_id: str) -> bool:
    """Tells whether the engine can play the card (its text parsed into the effect vocabulary)."""
    return not cards()[card_id].get("unsupported")


def validate_deck(faction: str, champion: str, deck: list[str]) -> list[str]:
    """Returns the problems with a deck (empty when legal): 30 cards plus one champion, at most two
    copies of a card, only the faction's own and Unaligned cards, collectible and supported."""
    problems: list[str] = []
    table = cards()
    if faction not in FACTIONS:
        problems.append(make_text("'{faction}' is not a faction.", faction=faction))
    if len(deck) != DECK_SIZE:
        problems.append(make_text("A deck holds {size} cards, not {n}.", size=DECK_SIZE, n=len(deck)))
    champ = table.get(champion)
    if champ is None or champ["type"] != "champion":
        problems.append(make_text("The deck needs exactly one champion."))
    elif not _fits(champ, faction):
        problems.append(make_text("{card} does not belong to {faction}.", card=champ["name"],
                             faction=_faction(faction)))
    for card_id, count in sorted(Counter(deck).items()):
        c = table.get(card_id)
        if c is None:
            problems.append(make_text("Unknown card '{card}'.", card=card_id))
            continue
        if count > MAX_COPIES:
            problems.append(make_text("At most {n} copies of {card} (found {found}).", n=MAX_COPIES,
                                 card=c["name"], found=count))
        if c["type"] == "champion":
            problems.append(make_text("{card} is a champion and cannot be in the 30.", card=c["name"]))
        elif not _fits(c, faction):
            problems.append(make_text("{card} is not a {faction} or Unaligned card.", card=c["name"],
                                 faction=_faction(faction)))
        elif not c["collectible"] and c["rarity"] == "Token":
            problems.append(make_text("{card} is a token, not a deck card.", card=c["name"]))
        if not is_supported(card_id):
            problems.append(make_text("{card} is not playable in this engine yet.", card=c["name"]))
    return problems


def _faction(faction: str) -> Text:
    return term("dragonfront", faction)


def _fits(c: dict[str, Any], faction: str) -> bool:
    if c["faction"] in (faction, "Unaligned"):
        return True
    return faction in (c.get("valid_factions") or [])
