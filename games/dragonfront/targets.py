"""Target selectors: what an effect's "to" names, as units, forts and ("sh", seat) Strongholds.

Each selector is a function of the state and the effect context, found by name in `SELECTORS`
("forts_named:<card>" is the one selector with an argument). An unknown name selects nothing.
Selectors relative to a place use the ability's own spaces, or the dead unit's space for a death
effect; those relative to the target use the spell's chosen unit, fort, lane or row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import stats
from games.dragonfront.board import (
    around,
    enemy_row,
    fort_at,
    fwd,
    in_home,
    is_alive,
    is_wall,
    lane_of,
    race_of,
    row_of,
    spaces_of,
    spawn_row,
    unique,
    unit_at,
)
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, Target, Unit

Selector = Callable[[DFState, Ctx], list[Target]]
"""A selector: (state, effect context) -> what it names, in board order."""


def resolve(st: DFState, sel: str, ctx: Ctx) -> list[Target]:
    """Returns what a selector names: units, forts, or ("sh", seat) for a Stronghold."""
    selector = SELECTORS.get(sel)
    if selector is not None:
        return selector(st, ctx)
    if sel.startswith("forts_named:"):
        name = sel.split(":", 1)[1]
        return [f for f in st.forts if f["card"] == name]
    return []


def resolve_one(st: DFState, sel: str, ctx: Ctx | None) -> Any:
    """Returns the first thing a selector names, or None."""
    if ctx is None:
        return None
    found = resolve(st, sel, ctx)
    return found[0] if found else None


def _race(u: Unit) -> str:
    return race_of(u)


def _one_of(st: DFState, pool: list[Unit]) -> list[Target]:
    """Picks one unit at random (no draw from the RNG when there is none)."""
    return [st.rng.choice(pool)] if pool else []


def _foe(ctx: Ctx) -> int:
    return 1 - ctx.owner


# -- what the context refers to --------------------------------------------------------------


def _self(st: DFState, ctx: Ctx) -> list[Target]:
    return [ctx.me] if ctx.me is not None and is_alive(st, ctx.me) else []


def _target(st: DFState, ctx: Ctx) -> list[Target]:
    t = ctx.target
    return [t] if isinstance(t, dict) and is_alive(st, t) else []


def _entrant(st: DFState, ctx: Ctx) -> list[Target]:
    return [ctx.entrant] if ctx.entrant is not None and ctx.entrant in st.units else []


def _damaged(st: DFState, ctx: Ctx) -> list[Target]:
    return [ctx.damaged] if ctx.damaged is not None and ctx.damaged in st.units else []


def _picked(st: DFState, ctx: Ctx) -> list[Target]:
    return [ctx.picked] if ctx.picked is not None and ctx.picked in st.units else []


def _victim_nonchamp(st: DFState, ctx: Ctx) -> list[Target]:
    v = ctx.victim
    return [v] if v is not None and not v["champ"] else []


def _damaged_nonchamp(st: DFState, ctx: Ctx) -> list[Target]:
    d = ctx.damaged
    return [d] if d is not None and d in st.units and not d["champ"] else []


def _occupant(st: DFState, ctx: Ctx, *, nonchamp: bool = False) -> list[Target]:
    me = ctx.me
    if me is None or "pw" in me:
        return []
    occ = stats.occupant(st, me)
    return [occ] if occ is not None and not (nonchamp and occ["champ"]) else []


def _target_occupant(st: DFState, ctx: Ctx) -> list[Target]:
    t = ctx.target
    if not isinstance(t, dict) or "pw" in t:
        return []
    occ = stats.occupant(st, t)
    return [occ] if occ is not None else []


def _target_adjacent(st: DFState, ctx: Ctx) -> list[Target]:
    t = ctx.target
    if not isinstance(t, dict) or "pw" not in t:
        return []
    near = around(t["sp"])
    return [u for u in st.units if any(s in near for s in u["sp"])]


def _target_row_allies(st: DFState, ctx: Ctx) -> list[Target]:
    t = ctx.target
    if not isinstance(t, dict) or "pw" not in t:
        return []
    rows = {row_of(s) for s in t["sp"]}
    return [u for u in st.units if u["owner"] == ctx.owner and u is not t
            and any(row_of(s) in rows for s in u["sp"])]


def _fort_under(st: DFState, ctx: Ctx) -> list[Target]:
    me = ctx.me
    return [f for f in st.forts if me is not None and "pw" in me and f["sp"] in me["sp"]
            and not f["kw"].get("BLESSED")]


def _row_forts(st: DFState, ctx: Ctx) -> list[Target]:
    t = ctx.target
    return [f for f in st.forts if isinstance(t, tuple) and row_of(f["sp"]) == t[1]]


def _in_chosen_line(st: DFState, ctx: Ctx, *, allies: bool = False,
                    nonchamp: bool = False) -> list[Target]:
    """The units in the chosen lane (`nonchamp`: no champions), or the allies (`allies`) or the
    enemies in the chosen row."""
    t = ctx.target
    if not isinstance(t, tuple):
        return []
    if t[0] == "lane":
        return [u for u in st.units if any(lane_of(s) == t[1] for s in u["sp"])
                and not (nonchamp and u["champ"])]
    return [u for u in st.units if row_of(u["sp"][0]) == t[1]
            and (u["owner"] == ctx.owner) == allies]


# -- Strongholds and whole sides -------------------------------------------------------------


def _enemy_all(st: DFState, ctx: Ctx) -> list[Target]:
    foe = _foe(ctx)
    return [*(u for u in st.units if u["owner"] == foe),
            *(f for f in st.forts if f["owner"] == foe and is_wall(f)), ("sh", foe)]


def _random(st: DFState, ctx: Ctx, *, enemy: bool, other: bool = False,
            nongiant: bool = False) -> list[Target]:
    """A random enemy, or a random ally (`other`: not this one; `nongiant`: no giant)."""
    foe = _foe(ctx)
    pool = [u for u in st.units if (u["owner"] == foe) == enemy
            and (not other or u is not ctx.me) and not (nongiant and u["giant"])]
    return _one_of(st, pool)


def _units_where(test: Callable[[DFState, Ctx, Unit], bool]) -> Selector:
    """Makes a selector of the units passing a test, in board order."""
    def selector(st: DFState, ctx: Ctx) -> list[Target]:
        return [u for u in st.units if test(st, ctx, u)]
    return selector


def _allies(st: DFState, ctx: Ctx, u: Unit) -> bool:
    return bool(u["owner"] == ctx.owner)


def _enemies(st: DFState, ctx: Ctx, u: Unit) -> bool:
    return bool(u["owner"] != ctx.owner)


def _on_blessed(st: DFState, u: Unit) -> bool:
    return any(s in st.blessed for s in u["sp"])


# -- relative to the ability's place ---------------------------------------------------------


def _base(ctx: Ctx) -> list[int]:
    """Returns the spaces place selectors start from: the ability's own, or the dead unit's."""
    if ctx.me is not None:
        return spaces_of(ctx.me)
    return [ctx.victim_space] if ctx.victim_space is not None else []


def _lanes(ctx: Ctx) -> set[int]:
    return {lane_of(s) for s in _base(ctx)}


def _rows(ctx: Ctx) -> set[int]:
    return {row_of(s) for s in _base(ctx)}


def _in_lanes(u: Unit, lanes: set[int]) -> bool:
    return any(lane_of(s) in lanes for s in u["sp"])


def _ahead_spaces(ctx: Ctx) -> list[int]:
    step = fwd(ctx.owner)
    return [s + 4 * step for s in _base(ctx) if 0 <= row_of(s) + step <= 3]


def _ahead(st: DFState, ctx: Ctx) -> list[Target]:
    return [*unique([unit_at(st, s) for s in _ahead_spaces(ctx)])]


def _enemy_ahead(st: DFState, ctx: Ctx) -> list[Target]:
    return [x for x in _ahead(st, ctx) if isinstance(x, dict) and x["owner"] == _foe(ctx)]


def _fort_ahead(st: DFState, ctx: Ctx, *, enemy: bool = False) -> list[Target]:
    foe = _foe(ctx)
    return [f for f in (fort_at(st, s) for s in _ahead_spaces(ctx)) if f is not None
            and (not enemy or f["owner"] == foe)]


def _enemy_spawn_lane(st: DFState, ctx: Ctx) -> list[Target]:
    row, foe = enemy_row(ctx.owner), _foe(ctx)
    return [*unique([unit_at(st, row * 4 + c) for c in sorted(_lanes(ctx))
                     if (x := unit_at(st, row * 4 + c)) and x["owner"] == foe])]


def _adjacent(st: DFState, ctx: Ctx) -> list[Target]:
    base = _base(ctx)
    near = around(base)
    return [u for u in st.units if u is not ctx.me and any(s in near for s in u["sp"])]


def _lane_units(st: DFState, ctx: Ctx, *, side: int | None = None,
                nonchamp: bool = False) -> list[Target]:
    """The units in the ability's lanes (`side`: only that seat's; `nonchamp`: no champions)."""
    lanes = _lanes(ctx)
    return [u for u in st.units if _in_lanes(u, lanes) and (side is None or u["owner"] == side)
            and not (nonchamp and u["champ"])]


def _placed(selector: Selector) -> Selector:
    """Makes a place selector select nothing when the effect has no place (a spell)."""
    def placed(st: DFState, ctx: Ctx) -> list[Target]:
        return selector(st, ctx) if _base(ctx) else []
    return placed


_PLACE_SELECTORS: Final[dict[str, Selector]] = {
    "allies_row": lambda st, ctx: [u for u in st.units if u["owner"] == ctx.owner
                                   and u is not ctx.me and row_of(u["sp"][0]) in _rows(ctx)],
    "enemies_row": lambda st, ctx: [u for u in st.units if u["owner"] == _foe(ctx)
                                    and row_of(u["sp"][0]) in _rows(ctx)],
    "allies_lane": lambda st, ctx: _lane_units(st, ctx, side=ctx.owner),
    "enemies_lane": lambda st, ctx: _lane_units(st, ctx, side=_foe(ctx)),
    "enemies_lane_nonchamp": lambda st, ctx: _lane_units(st, ctx, side=_foe(ctx), nonchamp=True),
    "units_lane": lambda st, ctx: _lane_units(st, ctx),
    "units_lane_others": lambda st, ctx: [u for u in _lane_units(st, ctx) if u is not ctx.me],
    "units_lane_nonchamp": lambda st, ctx: _lane_units(st, ctx, nonchamp=True),
    "enemy_forts_lane": lambda st, ctx: [f for f in st.forts if f["owner"] == _foe(ctx)
                                         and lane_of(f["sp"]) in _lanes(ctx)],
    "forts_lane": lambda st, ctx: [f for f in st.forts if lane_of(f["sp"]) in _lanes(ctx)],
    "random_enemy_lane": lambda st, ctx: _one_of(st, [
        u for u in st.units if u["owner"] == _foe(ctx) and _in_lanes(u, _lanes(ctx))]),
    "adjacent": _adjacent,
    "ahead": _ahead,
    "fort_ahead": _fort_ahead,
    "enemy_fort_ahead": lambda st, ctx: _fort_ahead(st, ctx, enemy=True),
    "enemy_spawn_lane": _enemy_spawn_lane,
}
"""Selectors relative to the ability's place (its spaces, lanes, rows or the space ahead)."""

SELECTORS: Final[dict[str, Selector]] = {
    # what the context refers to
    "self": _self,
    "target": _target,
    "entrant": _entrant,
    "damaged": _damaged,
    "picked": _picked,
    "victim_nonchamp": _victim_nonchamp,
    "damaged_nonchamp": _damaged_nonchamp,
    "occupant": _occupant,
    "occupant_nonchamp": lambda st, ctx: _occupant(st, ctx, nonchamp=True),
    "fort_under": _fort_under,
    "target_occupant": _target_occupant,
    "target_adjacent": _target_adjacent,
    "target_row_allies": _target_row_allies,
    "row_forts": _row_forts,
    "enemy_ahead": _enemy_ahead,
    "lane_units": _in_chosen_line,
    "lane_units_nonchamp": lambda st, ctx: _in_chosen_line(st, ctx, nonchamp=True),
    "row_allies": lambda st, ctx: _in_chosen_line(st, ctx, allies=True),
    "row_enemies": _in_chosen_line,
    # Strongholds
    "enemy_sh": lambda st, ctx: [("sh", _foe(ctx))],
    "own_sh": lambda st, ctx: [("sh", ctx.owner)],
    "both_sh": lambda st, ctx: [("sh", 0), ("sh", 1)],
    "enemy_all": _enemy_all,
    # whole sides, at random or by a test
    "all_units": lambda st, ctx: list(st.units),
    "all_forts": lambda st, ctx: list(st.forts),
    "others": _units_where(lambda st, ctx, u: u is not ctx.me),
    "allies": _units_where(_allies),
    "enemies": _units_where(_enemies),
    "other_allies": _units_where(lambda st, ctx, u: _allies(st, ctx, u) and u is not ctx.me),
    "ally_champion": _units_where(lambda st, ctx, u: _allies(st, ctx, u) and bool(u["champ"])),
    "random_enemy": lambda st, ctx: _random(st, ctx, enemy=True),
    "random_ally": lambda st, ctx: _random(st, ctx, enemy=False),
    "random_other_ally": lambda st, ctx: _random(st, ctx, enemy=False, other=True),
    "random_other_ally_nongiant": lambda st, ctx: _random(st, ctx, enemy=False, other=True,
                                                          nongiant=True),
    "stunned_enemies": _units_where(lambda st, ctx, u: _enemies(st, ctx, u) and bool(u["stun"])),
    "poisoned_enemies": _units_where(lambda st, ctx, u: _enemies(st, ctx, u) and bool(u["poison"])),
    "omega_units": _units_where(lambda st, ctx, u: _race(u) == "OMEGA"),
    "non_golems": _units_where(lambda st, ctx, u: _race(u) != "GOLEM"),
    "enemies_on_blessed": _units_where(
        lambda st, ctx, u: _enemies(st, ctx, u) and _on_blessed(st, u)),
    "allies_on_blessed": _units_where(
        lambda st, ctx, u: _allies(st, ctx, u) and _on_blessed(st, u)),
    "enemies_on_fort_or_blessed": _units_where(
        lambda st, ctx, u: _enemies(st, ctx, u)
        and any(s in st.blessed or fort_at(st, s) is not None for s in u["sp"])),
    "enemy_spawn_row_units": _units_where(
        lambda st, ctx, u: any(row_of(s) == enemy_row(ctx.owner) for s in u["sp"])),
    "allies_spawn_row": _units_where(
        lambda st, ctx, u: _allies(st, ctx, u)
        and any(row_of(s) == spawn_row(ctx.owner) for s in u["sp"])),
    "allies_in_enemy_territory": _units_where(
        lambda st, ctx, u: _allies(st, ctx, u)
        and all(not in_home(st, ctx.owner, s) for s in u["sp"])),
    "enemies_in_own_territory": _units_where(
        lambda st, ctx, u: _enemies(st, ctx, u)
        and all(in_home(st, ctx.owner, s) for s in u["sp"])),
    # relative to the ability's place
    **{name: _placed(selector) for name, selector in _PLACE_SELECTORS.items()},
}
"""Every selector by name: the one place to add one."""

from games.dragonfront.targets_more import MORE_SELECTORS  # noqa: E402

SELECTORS.update(MORE_SELECTORS)
