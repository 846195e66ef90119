"""Movement: whether a space is free, and what entering spaces sets off (BLESS, traps, BERSERK,
entering enemy territory, "moved" abilities); PUSH / PULL and SHIFT slides."""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront import damage, triggers
from games.dragonfront.board import (
    around,
    bless_spaces,
    enemy_row,
    fort_at,
    in_home,
    is_wall,
    lane_of,
    on_board,
    row_of,
    unit_at,
)
from games.dragonfront.context import Ctx, say
from games.dragonfront.state import DFState, Unit
from games.dragonfront.stats import has
from games.text import make_text


def free_for(st: DFState, sp: int, mover: Unit | None, *, seen_by: int | None = None) -> bool:
    """Tells whether a unit could step onto `sp` (no unit, no wall); hidden enemies of `seen_by`
    count as empty, since that player cannot see them."""
    still = st.cache.still  # the walls (`board.still`; `unit_at` reads who stands where there)
    x = unit_at(st, sp)
    if x is not None and x is not mover \
            and not (seen_by is not None and x["hidden"] and x["owner"] != seen_by):
        return False
    if still is not None:
        return sp not in still.walls
    return not is_wall(fort_at(st, sp))


def enter(st: DFState, u: Unit, new: list[int], ctx: Ctx) -> None:
    """Moves a unit onto new spaces and runs what entering sets off: BLESS, traps, BERSERK,
    territory entry and move triggers (each only while the unit lives)."""
    old = list(u["sp"])
    u["sp"] = sorted(new)
    if has(st, u, "BLESS"):
        bless_spaces(st, new)
    if not has(st, u, "FLIGHT"):
        triggers.spring_traps(st, u, new, ctx)
    if not on_board(st, u):
        return
    if has(st, u, "BERSERK"):
        _berserk(st, u, ctx)
    if not on_board(st, u):
        return
    foe = 1 - u["owner"]
    if any(in_home(st, foe, s) for s in u["sp"]) and not any(in_home(st, foe, s) for s in old):
        triggers.enemy_entered(st, u, ctx)
    triggers.moved(st, u, ctx, old)


def _berserk(st: DFState, u: Unit, ctx: Ctx) -> None:
    """BERSERK: 1 damage to every unit and enemy wall next to the unit's spaces, and to the enemy
    Stronghold from the enemy Spawn Row."""
    with damage.resolution(st):
        _berserk_hits(st, u, ctx)


def _berserk_hits(st: DFState, u: Unit, ctx: Ctx) -> None:
    near = around(u["sp"])
    for x in [x for x in st.units if x is not u and any(s in near for s in x["sp"])]:
        damage.damage_unit(st, x, 1, ctx, source=u)
    for s in sorted(near):
        f = fort_at(st, s)
        if f is not None and is_wall(f) and f["owner"] != u["owner"]:
            damage.damage_fort(st, f, 1, ctx, source=u)
    if enemy_row(u["owner"]) in {row_of(s) for s in u["sp"]}:
        damage.damage_stronghold(st, 1 - u["owner"], 1, ctx, source=u)
    damage.resolve_deaths(st, ctx)


def nudge(st: DFState, u: Unit, delta: int, ctx: Ctx) -> bool:
    """Moves a unit one row (PUSH / PULL) when every space it would take is free."""
    new = [s + delta for s in u["sp"]]
    if any(not 0 <= s < 16 for s in new) or not all(free_for(st, s, u) for s in new):
        return False
    enter(st, u, new, ctx)
    triggers.nudged(st, u, ctx)
    return True


def can_slide(st: DFState, u: Unit, d: int, *, seen_by: int | None = None) -> bool:
    """Tells whether a unit could slide one lane (SHIFT) as `seen_by` sees the board."""
    new = [s + d for s in u["sp"]]
    if any(lane_of(s) + d not in range(4) for s in u["sp"]):
        return False
    return all(free_for(st, s, u, seen_by=seen_by) for s in new)


def slide(st: DFState, u: Unit, d: int, ctx: Ctx) -> None:
    """Slides a unit one lane; a hidden enemy there is revealed instead."""
    new = [s + d for s in u["sp"]]
    blocker = next((x for s in new if (x := unit_at(st, s)) is not None and x is not u), None)
    if blocker is not None:
        triggers.reveal(st, blocker, ctx)
        say(ctx, make_text("A hidden {card} is revealed.", card=C.name(blocker["card"])))
        return
    enter(st, u, new, ctx)
