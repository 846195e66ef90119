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
    if a is not None:  # cards picked in an open window are still in the hand or slot
        c.update(a["used"])
        for h in a["hits"]:
            if not h["fate"]:
                c[h["card"]] += 1
                c.update(h["scales"])
    c.pop(MARKER, None)
    return c


def assert_conserved(state: RWState) -> None:
    """Asserts every card of the deck(s) lies in exactly one place."""
    decks = 1 if state.players <= 4 else 2
    c = all_cards(state)
    dup = {k: v for k, v in c.items() if v != 1}
    missing = set(range(DECK_SIZE * decks)) - set(c)
    assert not dup and not missing, f"duplicated {dup}, missing {sorted(missing)[:10]}"


# -- built positions -------------------------------------------------------------------------------

import json  # noqa: E402

import pytest  # noqa: E402

from games.core import IllegalAction  # noqa: E402
from games.rivalwing import GAME  # noqa: E402
from games.rivalwing.cards import kind_of  # noqa: E402


def setup(*mats: str, seed: int = 0) -> RWState:
    """Returns a duel with these mats, seat 0 to act on its turn 1, empty hands, all cards in the
    draw pile (sorted by id)."""
    s = GAME.new_game(seed, len(mats), {"mat": list(mats)})
    for h in s.hands:
        s.deck.extend(h)
        h.clear()
    s.deck.sort(reverse=True)
    s.active, s.first, s.dealer, s.round, s.phase = 0, 0, len(mats) - 1, 1, "action"
    for d in s.dragons:
        d["turns"] = 1
    return s


def card(s: RWState, kind: str) -> int:
    """Takes a card of `kind` out of the draw pile (else the discard pile, else a hand)."""
    for pile in (s.deck, s.discard, *reversed(s.hands)):
        for i, c in enumerate(pile):
            if kind_of(c) == kind:
                return pile.pop(i)
    raise KeyError(kind)


def give(s: RWState, seat: int, *kinds: str) -> None:
    for kind in kinds:
        s.hands[seat].append(card(s, kind))


def hand_kinds(s: RWState, seat: int) -> list[str]:
    return sorted(kind_of(c) for c in s.hands[seat])


def add_entry(s: RWState, seat: int, loc: str, kind: str | None, amount: int,
              covers: tuple[int, ...] = ()) -> int:
    """Lays an entry (kind None = marker) with Scales covers absorbing the given amounts."""
    cid = MARKER if kind is None else card(s, kind)
    entry = {"id": s.next_entry, "card": cid, "amount": amount,
             "covers": [[card(s, f"sc.{loc}"), a] for a in covers]}
    s.next_entry += 1
    s.dragons[seat]["loc"][loc]["entries"].append(entry)
    return entry["id"]


def breach(s: RWState, seat: int, loc: str) -> None:
    place = s.dragons[seat]["loc"][loc]
    place["breached"] = True
    place["pile"].append(card(s, "claw.F" if loc != "W" else "claw.R"))


def slot(s: RWState, seat: int, kind: str, *, ready: bool = True) -> None:
    d = s.dragons[seat]
    j = [x for x, _ in d["slots"]].index(None)
    d["slots"][j] = [card(s, kind), d["turns"] - 1 if ready else d["turns"]]


def special(s: RWState, seat: int, kind: str) -> None:
    d = s.dragons[seat]
    d["specials"][d["specials"].index(None)] = card(s, kind)


def play(s: RWState, seat: int, *codes: str) -> None:
    for code in codes:
        GAME.apply_code(s, seat, code)


def rejected(s: RWState, seat: int, code: str) -> None:
    """Asserts `code` is refused for `seat` and the state is unchanged."""
    before = json.dumps(GAME.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction):
        GAME.apply_code(s, seat, code)
    assert json.dumps(GAME.to_json(s), sort_keys=True) == before


def codes(s: RWState, seat: int) -> list[str]:
    return [a.encode() for a in GAME.legal_actions(s, seat)]


def loc(s: RWState, seat: int, key: str) -> dict:
    return s.dragons[seat]["loc"][key]


def entries(s: RWState, seat: int, key: str) -> list[tuple[str, int, list[int]]]:
    """Returns (source kind or 'marker', amount, absorbed list) per entry."""
    return [("marker" if e["card"] == MARKER else kind_of(e["card"]), e["amount"],
             [a for _, a in e["covers"]]) for e in loc(s, seat, key)["entries"]]


def dmg(s: RWState, seat: int, key: str) -> int:
    from games.rivalwing.state import damage
    return damage(s, seat, key)
