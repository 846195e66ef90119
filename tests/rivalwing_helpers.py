"""Shared helpers for the RivalWing tests: card conservation and built positions."""

from __future__ import annotations

from collections import Counter

from games.rivalwing.cards import DECK_SIZE, MARKER
from games.rivalwing.state import RWState


def all_cards(state: RWState) -> Counter[int]:
    """Counts every card id wherever it lies."""
    c: Counter[int] = Counter()
    c.update(state.deck)
    c.update(state.discard)
    for h in state.hands:
        c.update(h)
    for d in state.dragons:
        c.update(x for x, _ in d["slots"] if x is not None)
        c.update(x for x in d["specials"] if x is not None)
        for place in d["loc"].values():
            for e in place["entries"]:
                c[e["card"]] += 1
                c.update(x for x, _ in e["covers"])
            c.update(place["banked"])
            c.update(place["pile"])
    b = state.build
    if b is not None:
        for h in b["hits"]:
            c.update(x for x in (h["card"], h["dive"], h["wing"]) if x is not None)
        c.update(b["combos"])
        if b["focus"]:
            c[b["focus"][0]] += 1
        if b["dusting"] is not None:
            c[b["dusting"]] += 1
    a = state.attack
    if a is not None:
        for h in a["hits"]:
            if not h["fate"] and not h["deflected"] is not None:
                pass
        c.update(a["used"])
        for h in a["hits"]:
            if not h["fate"]:
                c[h["card"]] += 1
                c.update(h["scales"])
        if a["window"]:
            c.update(pl[1] for pl in a["window"]["plays"] if pl[1] is not None)
    c.pop(MARKER, None)
    return c


def assert_conserved(state: RWState) -> None:
    """Asserts every card of the deck(s) lies in exactly one place."""
    decks = 1 if state.players <= 4 else 2
    c = all_cards(state)
    dup = {k: v for k, v in c.items() if v != 1}
    missing = set(range(DECK_SIZE * decks)) - set(c)
    assert not dup and not missing, f"duplicated {dup}, missing {sorted(missing)[:10]}"
