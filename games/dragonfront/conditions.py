"""Conditions of abilities and effects ("if"): a name, a list (all hold), or a dict.

A name is looked up in `CONDITIONS`; a dict is {"not": cond}, {"state": ..., "of": selector},
{"card": id}, {"race": race, "of": selector}, {"race_in_lane": race}, {"victim_power": n} or
{"at_least": "power" | "frags", "n": k}, tried in that order. An
unknown condition is false. Conditions about a unit take the unit or fort the ability belongs to
(`u`), and are false without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import stats, targets
from games.dragonfront.board import (
    fort_at,
    in_home,
    is_alive,
    lane_of,
    race_of,
    row_of,
    spaces_of,
    spawn_row,
)
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, Unit

Cond = str | list[Any] | dict[str, Any] | None
"""A condition as the card file writes it (None or empty: always true)."""


def check(st: DFState, cond: Cond, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    """Evaluates a condition on a unit or fort (`u`) owned by `owner`."""
    if not cond:
        return True
    if isinstance(cond, str):  # the usual case: a named condition
        named = CONDITIONS.get(cond)
        return named is not None and named(st, u, owner, ctx)
    if isinstance(cond, list):
        return all(check(st, c, u, owner, ctx) for c in cond)
    if isinstance(cond, dict):
        for key, test in _DICT_CONDITIONS:
            if key in cond:
                return test(st, cond, u, owner, ctx)
        return False
    named = CONDITIONS.get(cond)
    return named is not None and named(st, u, owner, ctx)


def _race(x: dict[str, Any]) -> str:
    return race_of(x)


def _referent(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None,
              ctx: Ctx | None) -> Any:
    """Returns what a dict condition is about: its "of" selector with a context, else `u`."""
    return targets.resolve_one(st, cond.get("of", "target"), ctx) if ctx else u


# -- dict conditions -------------------------------------------------------------------------


def _not(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
         ctx: Ctx | None) -> bool:
    return not check(st, cond["not"], u, owner, ctx)


_STATES: Final[dict[str, Callable[[DFState, Unit], bool]]] = {
    "full_health": lambda st, x: stats.health(st, x) >= stats.max_health(st, x),
    "not_champion": lambda st, x: not x["champ"],
    "damaged": lambda st, x: x["dmg"] > 0,
    "no_fragments": lambda st, x: x["frags"] == 0 and not x["champ"],
    "in_spawn_row": lambda st, x: spawn_row(x["owner"]) in _rows(x),
    "in_frontline": lambda st, x: bool(_rows(x) & {1, 2}),
    "non_giant": lambda st, x: not x["giant"],
    "cost_1": lambda st, x: C.card(x["card"])["cost"] == 1,
    "power_1": lambda st, x: stats.power(st, x) == 1,
}


def _state(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
           ctx: Ctx | None) -> bool:
    ref = _referent(st, cond, u, ctx)
    if ref is None or "pw" not in ref:
        return False
    test = _STATES.get(cond["state"])
    return test is not None and test(st, ref)


def _card(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
          ctx: Ctx | None) -> bool:
    return u is not None and u.get("card") == cond["card"]


def _race_is(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
             ctx: Ctx | None) -> bool:
    ref = _referent(st, cond, u, ctx)
    return ref is not None and _race(ref) == cond["race"]


def _race_in_lane(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
                  ctx: Ctx | None) -> bool:
    tgt = ctx.target if ctx else None
    if not isinstance(tgt, dict) or "sp" not in tgt:
        return False
    lanes = {lane_of(s) for s in spaces_of(tgt)}
    return any(_race(o) == cond["race_in_lane"] and lane_of(o["sp"][0]) in lanes
               for o in st.units if o is not tgt)


def _victim_power(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
                  ctx: Ctx | None) -> bool:
    """{"victim_power": n}: the dead unit had power n."""
    v = ctx.victim if ctx else None
    return v is not None and stats.power(st, v) == cond["victim_power"]


def _at_least(st: DFState, cond: dict[str, Any], u: dict[str, Any] | None, owner: int,
              ctx: Ctx | None) -> bool:
    """{"at_least": "power" | "frags", "n": k}: the ability's own unit has k or more."""
    if u is None or "pw" not in u:
        return False
    have = stats.power(st, u) if cond["at_least"] == "power" else u["frags"]
    return bool(have >= cond["n"])


_DictTest = Callable[[DFState, dict[str, Any], dict[str, Any] | None, int, Ctx | None], bool]
_DICT_CONDITIONS: tuple[tuple[str, _DictTest], ...] = (  # extended by vocabulary_more: not Final
    ("not", _not), ("state", _state), ("card", _card), ("race", _race_is),
    ("race_in_lane", _race_in_lane), ("victim_power", _victim_power), ("at_least", _at_least),
)
"""Dict conditions by their key, in the order they are recognised."""


# -- conditions about the game or the effect's context ---------------------------------------


def _target_dead(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return ctx is not None and isinstance(ctx.target, dict) and not is_alive(st, ctx.target)


def _entrant_dead(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return ctx is not None and ctx.entrant is not None and ctx.entrant not in st.units


def _target_is_ally(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return ctx is not None and isinstance(ctx.target, dict) and ctx.target.get("owner") == owner


def _enemy_turn(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return st.active != owner


def _enemy_champion_in_play(st: DFState, u: dict[str, Any] | None, owner: int,
                            ctx: Ctx | None) -> bool:
    return any(x["champ"] and x["owner"] != owner for x in st.units)


def _enemy_in_own_territory(st: DFState, u: dict[str, Any] | None, owner: int,
                            ctx: Ctx | None) -> bool:
    return any(x["owner"] != owner and any(in_home(st, owner, s) for s in x["sp"])
               for x in st.units)


def _is_champion(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return u is not None and bool(u.get("champ"))


def _champion_destroyed(st: DFState, u: dict[str, Any] | None, owner: int,
                        ctx: Ctx | None) -> bool:
    return any(p.get("champ_dead") for p in st.players)


# -- conditions about the ability's own unit or fort -----------------------------------------

_UnitTest = Callable[[DFState, dict[str, Any], int], bool]


def _about_self(test: _UnitTest) -> Callable[[DFState, dict[str, Any] | None, int, Ctx | None], bool]:
    """Makes a condition about the ability's unit or fort, false when there is none."""
    def named(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
        return u is not None and test(st, u, owner)
    return named


def _rows(u: dict[str, Any]) -> set[int]:
    return {row_of(s) for s in spaces_of(u)}


def _enemy_in_lane(st: DFState, u: dict[str, Any], owner: int) -> bool:
    lanes = {lane_of(s) for s in spaces_of(u)}
    return any(o["owner"] != owner and lane_of(o["sp"][0]) in lanes for o in st.units)


def _occupied_by(accept: Callable[[Unit, int], bool]) -> _UnitTest:
    """Makes a condition on the unit standing on the ability's fort."""
    def test(st: DFState, u: dict[str, Any], owner: int) -> bool:
        occ = stats.occupant(st, u)
        return occ is not None and accept(occ, owner)
    return test


def _on_fort(st: DFState, u: dict[str, Any], owner: int) -> bool:
    return not u["kw"].get("FLIGHT") and any(fort_at(st, s) for s in spaces_of(u))


def _on_blessed(st: DFState, u: dict[str, Any], owner: int) -> bool:
    return any(s in st.blessed for s in spaces_of(u))


_UNIT_CONDITIONS: Final[dict[str, _UnitTest]] = {
    "in_enemy_territory": lambda st, u, owner: all(not in_home(st, owner, s) for s in spaces_of(u)),
    "in_own_territory": lambda st, u, owner: all(in_home(st, owner, s) for s in spaces_of(u)),
    "in_spawn_row": lambda st, u, owner: spawn_row(owner) in _rows(u),
    "in_frontline": lambda st, u, owner: bool(_rows(u) & {1, 2}),
    "not_acted": lambda st, u, owner: not u.get("acted"),
    "stealthed": lambda st, u, owner: bool(u.get("hidden")),
    "on_blessed": _on_blessed,
    "enemy_in_lane": _enemy_in_lane,
    "occupied": _occupied_by(lambda occ, owner: True),
    "occupied_ally": _occupied_by(lambda occ, owner: occ["owner"] == owner),
    "occupied_enemy": _occupied_by(lambda occ, owner: occ["owner"] != owner),
    "occupied_enemy_or_starling": _occupied_by(
        lambda occ, owner: occ["owner"] != owner or _race(occ) == "STARLING"),
    "full_health": lambda st, u, owner: stats.health(st, u) >= stats.max_health(st, u),
    "on_fort": _on_fort,
    "on_blessed_or_fort": lambda st, u, owner: _on_fort(st, u, owner) or _on_blessed(st, u, owner),
    "has_flight": lambda st, u, owner: bool(u["kw"].get("FLIGHT")),
    "not_giant": lambda st, u, owner: not u.get("giant"),
    "killed_by_unit": lambda st, u, owner: u.get("killer") is not None,
}

def _picked_dead(st: DFState, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    return ctx is not None and isinstance(ctx.picked, dict) and not is_alive(st, ctx.picked)


CONDITIONS: Final[dict[str, Callable[[DFState, dict[str, Any] | None, int, Ctx | None], bool]]] = {
    "picked_dead": _picked_dead,
    "target_dead": _target_dead,
    "entrant_dead": _entrant_dead,
    "target_is_ally": _target_is_ally,
    "enemy_turn": _enemy_turn,
    "enemy_champion_in_play": _enemy_champion_in_play,
    "enemy_in_own_territory": _enemy_in_own_territory,
    "is_champion": _is_champion,
    "champion_destroyed": _champion_destroyed,
    **{name: _about_self(test) for name, test in _UNIT_CONDITIONS.items()},
}
"""Every named condition: (state, the ability's unit or fort, its owner, the context) -> holds."""
