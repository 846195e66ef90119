"""More target selectors, merged into `targets.SELECTORS`: the dead unit's killer, a random
enemy fort, enemies standing in their own territory, and lines relative to the picked unit."""

from __future__ import annotations

from typing import Final

from games.dragonfront.board import find_unit, in_territory, row_of
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, Target, Unit


def _killer_of(st: DFState, ctx: Ctx) -> Unit | None:
    """The unit that killed the dead unit (still on the board, or fallen with it)."""
    if ctx.killer is not None:
        return ctx.killer
    v = ctx.victim
    return find_unit(st, v["killer"]) if v is not None and v.get("killer") is not None else None


def _killer(st: DFState, ctx: Ctx) -> list[Target]:
    k = _killer_of(st, ctx)
    return [k] if k is not None and k in st.units else []


def _killer_nonchamp(st: DFState, ctx: Ctx) -> list[Target]:
    """The killer even when it fell in the same fight (for copies of it), unless a champion."""
    k = _killer_of(st, ctx)
    return [k] if k is not None and not k["champ"] else []


def _random_enemy_fort(st: DFState, ctx: Ctx) -> list[Target]:
    pool = [f for f in st.forts if f["owner"] != ctx.owner]
    return [st.rng.choice(pool)] if pool else []


def _enemies_at_home(st: DFState, ctx: Ctx) -> list[Target]:
    return [u for u in st.units if u["owner"] != ctx.owner
            and all(in_territory(u["owner"], row_of(s)) for s in u["sp"])]


MORE_SELECTORS: Final = {
    "killer": _killer,
    "killer_nonchamp": _killer_nonchamp,
    "random_enemy_fort": _random_enemy_fort,
    "enemies_in_enemy_territory": _enemies_at_home,
}
"""The selectors of this module by name."""
