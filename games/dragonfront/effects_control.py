"""Effect operations that move or remake units: taking control ("take_control"), sending a unit
to a random open space ("relocate"), drawing an enemy before a unit ("draw_ahead"), onto a fort
("pull_onto"), copying a unit into the open spaces of its row ("duplicate"), giving it a race
("set_race") or random stats ("reroll"). Registered into `effects.OPS`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import movement
from games.dragonfront.board import (
    fort_at,
    fwd,
    in_territory,
    is_wall,
    lane_of,
    place_unit,
    row_of,
    spaces_of,
    unit_at,
)
from games.dragonfront.context import Ctx, say_about
from games.dragonfront.state import DFState, Unit
from games.dragonfront.targets import resolve
from games.text import make_text, seat_ref

Effect = dict[str, Any]
"""One effect as the card file writes it."""


def _units(st: DFState, e: Effect, ctx: Ctx) -> list[Unit]:
    return [t for t in resolve(st, e["to"], ctx) if isinstance(t, dict) and "pw" in t]


def _open(st: DFState, sp: int) -> bool:
    return unit_at(st, sp) is None and not is_wall(fort_at(st, sp))


def _take_control(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The caster's seat takes the units; with "eot" they go back at the end of this turn,
    ready to act now. A unit taken for good is as new to its new side (it cannot act yet)."""
    for t in _units(st, e, ctx):
        if t["owner"] == ctx.owner:
            continue
        if e.get("eot"):
            t["lent"] = t["owner"]
            t.update(stun=0, sick=False, acted=False)
        say_about(ctx, t, make_text("{player} takes control of {card}.", player=seat_ref(ctx.owner),
                               card=C.name(t["card"])))
        t["owner"] = ctx.owner
        t["hidden"] = False


def _other_lanes(st: DFState, t: Unit, ctx: Ctx) -> list[int]:
    lanes = {lane_of(s) for s in t["sp"]}
    return [s for s in range(16) if lane_of(s) not in lanes]


def _enemy_territory(st: DFState, t: Unit, ctx: Ctx) -> list[int]:
    return [s for s in range(16) if not in_territory(t["owner"], row_of(s))]


def _owner_spawn_row(st: DFState, t: Unit, ctx: Ctx) -> list[int]:
    row = 0 if t["owner"] == 0 else 3
    return [row * 4 + c for c in range(4)]


_RELOCATE_SPACES: Final[dict[str, Callable[[DFState, Unit, Ctx], list[int]]]] = {
    "other_lane": _other_lanes,
    "enemy_territory": _enemy_territory,
    "owner_spawn_row": _owner_spawn_row,
}
"""The spaces "relocate" may send a unit to, by its "where" (open ones only)."""


def _relocate(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Sends each non-GIANT unit selected to a random open space of the place named (entering it
    as a move does: traps, BLESS, BERSERK)."""
    for t in _units(st, e, ctx):
        if t["giant"]:
            continue
        spots = [s for s in _RELOCATE_SPACES[e["where"]](st, t, ctx) if _open(st, s)]
        if spots:
            movement.enter(st, t, [st.rng.choice(spots)], ctx)


def _draw_ahead(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Moves a random non-GIANT enemy unit onto an open space directly in front of this unit."""
    me = ctx.me
    if me is None or "pw" not in me:
        return
    step = 4 * fwd(ctx.owner)
    spots = [s + step for s in spaces_of(me) if 0 <= s + step < 16 and _open(st, s + step)]
    pool = [u for u in st.units if u["owner"] != ctx.owner and not u["giant"]]
    if spots and pool:
        movement.enter(st, st.rng.choice(pool), [st.rng.choice(spots)], ctx)


def _duplicate(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Copies each unit selected (as it is now: stats, damage, keywords) onto every open space
    of its row; the copies fire no SPAWN effects."""
    for t in _units(st, e, ctx):
        row = row_of(t["sp"][0])
        for sp in [row * 4 + c for c in range(4)]:
            if _open(st, sp):
                twin = copy.deepcopy(t)
                twin.update(id=st.next_id, sp=[sp])
                st.next_id += 1
                place_unit(st, twin)


def _pull_onto(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Moves the non-GIANT entrant onto this fort's space when nobody holds it, then runs
    "then" (Henge Nexus stuns it there)."""
    me, t = ctx.me, ctx.entrant
    if me is None or "pw" in me or t is None or t not in st.units or t["giant"]:
        return
    if not _open(st, me["sp"]):
        return
    movement.enter(st, t, [me["sp"]], ctx)
    from games.dragonfront.effects import run_effects
    run_effects(st, e.get("then", []), ctx)


def _set_race(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        t["race"] = e["race"]


def _reroll(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Gives each unit selected a random power and health in [lo, hi] (its damage healed)."""
    lo, hi = e["range"]
    for t in _units(st, e, ctx):
        t["pw"] = lo + st.rng.below(hi - lo + 1)
        t["hp"] = lo + st.rng.below(hi - lo + 1)
        t["dmg"], t["eotpw"] = 0, None


CONTROL_OPS: Final = {"take_control": _take_control, "relocate": _relocate,
               "draw_ahead": _draw_ahead, "duplicate": _duplicate, "pull_onto": _pull_onto,
               "set_race": _set_race, "reroll": _reroll}
"""The operations of this module, merged into `effects.OPS`."""
