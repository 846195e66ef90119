"""Effect operations on forts: building a fort by an effect ("build") and sliding one a lane
("shift_fort"). Registered into `effects.OPS`.

A fort an effect builds does not fire its own SPAWN effects (as a summoned unit does not), so a
fort that builds a copy of itself builds one; the units' and forts' "a fort is spawned"
abilities do hear it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import triggers
from games.dragonfront.board import fort_at, new_fort, row_of, spaces_of, unit_at
from games.dragonfront.context import Ctx, say
from games.dragonfront.state import DFState, Fort
from games.dragonfront.targets import resolve
from games.text import make_text

Effect = dict[str, Any]
"""One effect as the card file writes it."""


def _fort_free(st: DFState, sp: int, owner: int) -> bool:
    """A Frontline space a fort may take: no fort, no enemy unit."""
    u = unit_at(st, sp)
    return row_of(sp) in (1, 2) and fort_at(st, sp) is None and (u is None or u["owner"] == owner)


def _random_frontline(st: DFState, ctx: Ctx) -> list[int]:
    pool = [s for s in range(4, 12) if _fort_free(st, s, ctx.owner)]
    return [st.rng.choice(pool)] if pool else []


def _random_blessed_empty(st: DFState, ctx: Ctx) -> list[int]:
    pool = [s for s in range(4, 12) if s in st.blessed and fort_at(st, s) is None
            and unit_at(st, s) is None]
    return [st.rng.choice(pool)] if pool else []


def _victim_frontline(st: DFState, ctx: Ctx) -> list[int]:
    s = ctx.victim_space
    return [s] if s is not None and row_of(s) in (1, 2) and fort_at(st, s) is None else []


def _own_unforted(st: DFState, ctx: Ctx) -> list[int]:
    me = ctx.me
    spaces = me["sp"] if me is not None and "pw" in me else []
    return [s for s in spaces if fort_at(st, s) is None]


def _chosen_spaces(st: DFState, ctx: Ctx) -> list[int]:
    """The spell's chosen space, or the spaces of its chosen unit or fort (alive or not)."""
    t = ctx.target
    if isinstance(t, tuple) and t[0] == "space":
        return [t[1]]
    return spaces_of(t) if isinstance(t, dict) else []


def _open_in_row(st: DFState, ctx: Ctx) -> list[int]:
    """The spaces of the chosen row with no unit on them."""
    t = ctx.target
    if not isinstance(t, tuple) or t[0] != "row":
        return []
    return [t[1] * 4 + c for c in range(4) if unit_at(st, t[1] * 4 + c) is None]


_BUILD_SPOTS: Final[dict[str, Callable[[DFState, Ctx], list[int]]]] = {
    "self_space_unforted": _own_unforted,
    "random_frontline": _random_frontline,
    "random_blessed_empty_frontline": _random_blessed_empty,
    "victim_frontline": _victim_frontline,
    "target_space": _chosen_spaces,
    "row_unoccupied": _open_in_row,
}
"""Where "build" puts its forts, by its "at"."""


def place_fort(st: DFState, cid: str, owner: int, sp: int, ctx: Ctx) -> Fort | None:
    """Puts a fort of `cid` on a space without one (no SPAWN effects): it unblesses a blessed
    tile unless it is a BLESSED fort, then the "a fort is spawned" abilities run."""
    if fort_at(st, sp) is not None:
        return None
    f = new_fort(st, cid, owner, sp)
    st.forts.append(f)
    st.forts.sort(key=lambda x: x["id"])
    if sp in st.blessed and not f["kw"].get("BLESSED"):
        st.blessed.remove(sp)
    say(ctx, make_text("{card} appears.", card=C.name(cid)))
    triggers.fort_built(st, f, ctx)
    return f


def _build(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Builds a fort of the effect's card on each space its "at" names (nothing when none)."""
    for sp in _BUILD_SPOTS[e["at"]](st, ctx):
        place_fort(st, e["card"], ctx.owner, sp, ctx)


def _shift_fort(st: DFState, e: Effect, ctx: Ctx) -> None:
    """SHIFT for a fort: it slides one lane, left or right at random, onto a space without a
    fort or a unit (a GIANT fort stays)."""
    for f in resolve(st, e["to"], ctx):
        if not isinstance(f, dict) or "pw" in f or f.get("twin"):
            continue
        sp = f["sp"]
        dirs = [d for d in (-1, 1) if 0 <= sp % 4 + d <= 3 and fort_at(st, sp + d) is None
                and unit_at(st, sp + d) is None]
        if dirs:
            f["sp"] = sp + st.rng.choice(dirs)


FORT_OPS: Final = {"build": _build, "shift_fort": _shift_fort}
"""The fort operations, merged into `effects.OPS`."""
