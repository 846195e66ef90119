"""Builds Drachenherz positions from short descriptions, for scenario tests and benches."""

from __future__ import annotations

from games.drachenherz.cards import (
    CARD_TYPE,
    CARD_VALUE,
    N_CARDS,
    N_TYPES,
    SORT_KEY,
    TYPE_INDEX,
)
from games.drachenherz.state import DhState
from games.rng import Rng


class _Pool:
    """Hands out card ids by type and value, each id once."""

    def __init__(self) -> None:
        self.free = list(range(N_CARDS))

    def take(self, name: str) -> int:
        kind_key, value = name.split()
        kind = TYPE_INDEX[kind_key]
        for i, card in enumerate(self.free):
            if CARD_TYPE[card] == kind and CARD_VALUE[card] == int(value):
                return self.free.pop(i)
        raise ValueError(f"no free card {name!r}")

    def many(self, names: list[str] | str) -> list[int]:
        if isinstance(names, str):
            names = names.split(",") if names.strip() else []
        return [self.take(n.strip()) for n in names]


def build(*, hands: tuple[str, str] = ("", ""), spaces: dict[str, str] | None = None,
          collection: str = "", piles: tuple[str, str] = ("", ""),
          decks: tuple[str | int, str | int] = (10, 10), current: int = 0, first: int = 0,
          turn: int = 0, stage: str = "play", dragon: int | None = None,
          departures: int = 0, last_turn: int | None = None, end_cause: str | None = None,
          end_seat: int | None = None, seed: int = 7) -> DhState:
    """Returns a state from card lists such as "dwarf 1, dwarf 3" (type key and value).

    Spaces map a type key to its cards. A deck is a card list (the last card is drawn first) or a
    size filled from the unused cards; unused cards left over are set aside with departed ships
    (out of play, worth nothing to anyone).
    """
    pool = _Pool()
    state = DhState(rng=Rng(seed), first=first, current=current, turn=turn, stage=stage,
                    dragon=dragon, departures=departures, last_turn=last_turn,
                    end_cause=end_cause, end_seat=end_seat)
    state.hands = [sorted(pool.many(h), key=SORT_KEY.__getitem__) for h in hands]
    state.piles = [pool.many(p) for p in piles]
    state.spaces = [[] for _ in range(N_TYPES)]
    for key, cards in (spaces or {}).items():
        state.spaces[TYPE_INDEX[key]] = pool.many(cards)
    state.collection = pool.many(collection)
    named = [pool.many(d) if isinstance(d, str) else None for d in decks]
    for seat, deck in enumerate(decks):
        if isinstance(deck, int):
            named[seat] = [pool.free.pop() for _ in range(deck)]
    state.decks = [list(d or []) for d in named]
    state.departed = pool.free[:]
    return state
