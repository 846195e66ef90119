"""More of the effect vocabulary: selectors (a chosen row's units, hidden units, allies of a race),
conditions (a condition about a unit an effect names, any champion in play, fragments left) and
amounts (a target's health left, units fallen this turn, the last ally fallen's fragments).

Importing this module registers them in `targets.SELECTORS`, `conditions.CONDITIONS` (and the dict
conditions) and `amounts.AMOUNTS`.
"""

from __future__ import annotations

from typing import Any, Final

from games.dragonfront import amounts, conditions, records, stats, targets
from games.dragonfront import cards as C
from games.dragonfront.board import spaces_of, spawn_row
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, Target

# -- selectors -------------------------------------------------------------------------------


def _row_units(st: DFState, ctx: Ctx) -> list[Target]:
    """Every unit in the chosen row."""
    t = ctx.target
    if not isinstance(t, tuple) or t[0] != "row":
        return []
    return [u for u in st.units if any(s // 4 == t[1] for s in u["sp"])]


def _hidden(enemy: bool) -> targets.Selector:
    def selector(st: DFState, ctx: Ctx) -> list[Target]:
        return [u for u in st.units if u["hidden"] and (u["owner"] != ctx.owner) == enemy]
    return selector


def _allies_of_race(race: str) -> targets.Selector:
    def selector(st: DFState, ctx: Ctx) -> list[Target]:
        return [u for u in st.units if u["owner"] == ctx.owner
                and (C.card(u["card"])["race"] or "") == race]
    return selector


def _earning_foes_lane(st: DFState, ctx: Ctx) -> list[Target]:
    """The enemy units that earn mana (seen, in their Spawn Row) in the ability's lanes."""
    me = ctx.me
    if me is None:
        return []
    lanes = {s % 4 for s in spaces_of(me)}
    row = spawn_row(1 - ctx.owner)
    return [u for u in st.units if u["owner"] != ctx.owner and not u["hidden"]
            and any(s // 4 == row and s % 4 in lanes for s in u["sp"])]


_SELECTORS: Final[dict[str, targets.Selector]] = {
    "earning_foes_lane": _earning_foes_lane,
    "row_units": _row_units,
    "hidden_enemies": _hidden(True),
    "hidden_allies": _hidden(False),
    "ally_wardens": _allies_of_race("WARDEN"),
    "ally_hollows": _allies_of_race("HOLLOW"),
}

# -- conditions ------------------------------------------------------------------------------


def _is(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
        ctx: Ctx | None) -> bool:
    """{"is": <named condition>, "of": selector}: a named condition about the unit the selector
    names (its owner's point of view), e.g. the spell's target."""
    ref = targets.resolve_one(st, cond.get("of", "target"), ctx) if ctx else u
    if not isinstance(ref, dict):
        return False
    return conditions.check(st, cond["is"], ref, ref["owner"], None)


def _any(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
         ctx: Ctx | None) -> bool:
    """{"any": [cond, ...]}: one of the conditions holds."""
    return any(conditions.check(st, c, u, owner, ctx) for c in cond["any"])


_CONDITIONS: Final[dict[str, Any]] = {
    "victim_by_combat": lambda st, u, owner, ctx: ctx is not None and ctx.victim is not None
    and bool(ctx.victim.get("by_combat")),
    "has_stealth": lambda st, u, owner, ctx: u is not None and bool(u["kw"].get("STEALTH")),
    "any_champion_in_play": lambda st, u, owner, ctx: any(x["champ"] for x in st.units),
    "has_fragments": lambda st, u, owner, ctx: u is not None and u.get("frags", 0) > 0,
    "entrant_in_lane": lambda st, u, owner, ctx: u is not None and ctx is not None
    and ctx.entrant is not None and bool({s % 4 for s in spaces_of(u)}
                                         & {s % 4 for s in ctx.entrant["sp"]}),
}

# -- amounts ---------------------------------------------------------------------------------


def _target_health(st: DFState, ctx: Ctx) -> int:
    t = ctx.target
    if not isinstance(t, dict) or "pw" not in t:
        return 0
    return max(0, stats.health(st, t))


_AMOUNTS: Final[dict[str, Any]] = {
    "target_health": _target_health,
    "deaths_this_turn": lambda st, ctx: records.deaths_this_turn(st),
    "last_ally_frags": lambda st, ctx: records.last_fallen_frags(st, ctx.owner),
}

targets.SELECTORS.update(_SELECTORS)
conditions.CONDITIONS.update(_CONDITIONS)
conditions._DICT_CONDITIONS += (("is", _is), ("any", _any))
amounts.AMOUNTS.update(_AMOUNTS)
