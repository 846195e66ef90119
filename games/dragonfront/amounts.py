"""Effect amounts ("n", "pw"): a number, a random range [lo, hi], a count, or a named quantity.

A count is {"count": selector, "times": k} (k per thing selected; "blessed_frontline" counts the
blessed Frontline tiles), {"dealt": k} (k per damage that set the effect off) or {"base": b,
"per_count": k} (b plus k per step of the ability's own counter, see "count_up"). Named quantities
are looked up in `AMOUNTS`; an unknown one is 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront.board import row_of
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState
from games.dragonfront.stats import power
from games.dragonfront.targets import resolve

Amount = int | list[int] | dict[str, Any] | str
"""An amount as the card file writes it."""


def amount(st: DFState, n: Amount, ctx: Ctx) -> int:
    """Returns an effect's amount (fixed, random range, or counted)."""
    if isinstance(n, int):
        return n
    if isinstance(n, dict):
        return _counted(st, n, ctx)
    if isinstance(n, list):
        return n[0] + st.rng.below(n[1] - n[0] + 1)
    named = AMOUNTS.get(n)
    return named(st, ctx) if named is not None else 0


def _counted(st: DFState, n: dict[str, Any], ctx: Ctx) -> int:
    if "dealt" in n:
        return int(n["dealt"]) * ctx.dealt
    if "base" in n:
        count = ctx.me.get("count", 0) if ctx.me is not None else 0
        return int(n["base"]) + int(n["per_count"]) * count
    times: int = n["times"]
    if n["count"] == "blessed_frontline":
        return times * sum(1 for s in st.blessed if row_of(s) in (1, 2))
    return times * len(resolve(st, n["count"], ctx))


def _cost(x: Any) -> int:
    cost: int = C.card(x["card"])["cost"]
    return cost


def _other_golems(st: DFState, ctx: Ctx) -> int:
    return sum(1 for u in st.units if u["owner"] == ctx.owner and u is not ctx.me
               and (C.card(u["card"])["race"] or "") == "GOLEM")


def _picked_power(st: DFState, ctx: Ctx) -> int:
    picked = ctx.picked
    if picked is None:
        return 0
    if not isinstance(picked, dict):
        raise TypeError(f"picked_power counts a unit, not {picked!r}")
    return power(st, picked)


AMOUNTS: Final[dict[str, Callable[[DFState, Ctx], int]]] = {
    "dealt": lambda st, ctx: ctx.dealt,
    "victim_frags": lambda st, ctx: int(ctx.victim["frags"]) if ctx.victim else 0,
    "fort_cost": lambda st, ctx: ctx.fort_cost or (_cost(ctx.target) if isinstance(ctx.target, dict)
                                                   else 0),
    "enemy_hand": lambda st, ctx: len(st.players[1 - ctx.owner]["hand"]),
    "victim_cost": lambda st, ctx: _cost(ctx.victim) if ctx.victim else 0,
    "picked_power": _picked_power,
    "target_cost": lambda st, ctx: _cost(ctx.target) if isinstance(ctx.target, dict) else 0,
    "other_golems": _other_golems,
    "picked_frags": lambda st, ctx: int(ctx.picked["frags"]) if isinstance(ctx.picked, dict) else 0,
    "target_power": lambda st, ctx: power(st, ctx.target) if isinstance(ctx.target, dict) else 0,
}
"""Every named amount: (state, effect context) -> how much."""
