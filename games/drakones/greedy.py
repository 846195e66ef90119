"""A simple greedy Drakones player for benches and tests: attack whenever possible, else play the
cheapest useful card, else end the turn."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import View, header
from games.drakones import actions as A
from games.drakones.cards import CARDS

_KIND_ORDER = {"unit": 0, "tower": 1, "wall": 2}


def choose(view: View, actions: Sequence[A.Action], seed: int = 0) -> A.Action:
    """Attacks (the base first), else plays a unit, tower or wall onto an empty space, else casts
    Poison or Catapult at an enemy card, else ends the turn."""
    me = header(view)["seat"]
    assert me is not None, "greedy plays a seat"
    attacks = [a for a in actions if isinstance(a, A.Attack)]
    if attacks:
        return next((a for a in attacks if a.target == A.BASE), attacks[0])
    side = view["players"][me]["side"]
    plays = [a for a in actions if isinstance(a, A.Play) and side[a.space] is None]
    if plays:
        return min(plays, key=lambda a: (_KIND_ORDER[CARDS[a.card].kind], a.card, a.space))
    for a in actions:
        if isinstance(a, A.Cast) and a.spell in ("poison", "catapult") and a.args[0] != me:
            return a
    return A.END if A.END in actions else actions[-1]
