"""Effects that last a while: changes "until the end of the turn", "until your next turn" or "for
its next action", a Stronghold made immune until the caster's next turn, a unit whose health cannot
drop below 1 this turn, a unit immune to damage this turn. `timed` takes them back.

Importing this module registers its operations in `effects.OPS`.
"""

from __future__ import annotations

from typing import Final

from games.dragonfront import effects
from games.dragonfront.context import Ctx
from games.dragonfront.effects import Effect, Op, _units
from games.dragonfront.state import DFState


def _buff_until(st: DFState, e: Effect, ctx: Ctx) -> None:
    """+pw/+hp and keywords until e["at"] ("end": this turn's end, "start": the owner's next
    turn, "action": the unit's next activation). A keyword it already has is left alone."""
    pw, hp = e.get("pw", 0), e.get("hp", 0)
    for t in _units(st, e, ctx):
        new_kw = [k for k in e.get("kw", []) if not t["kw"].get(k)]
        t["pw"] += pw
        t["hp"] += hp
        for k in new_kw:
            t["kw"][k] = 1
        t.setdefault("until", []).append({"at": e["at"], "pw": pw, "hp": hp, "kw": new_kw})


def _fortify(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The caster's Stronghold takes no damage until the caster's next turn."""
    st.players[ctx.owner]["fortified"] = True


def _mark(key: str) -> Op:
    """Makes an operation that marks the selected units until the end of the turn ("mettle":
    health cannot drop below 1; "ward": immune to damage)."""
    def op(st: DFState, e: Effect, ctx: Ctx) -> None:
        for t in _units(st, e, ctx):
            t[key] = True
    return op


_OPS: Final[dict[str, Op]] = {
    "buff_until": _buff_until,
    "fortify": _fortify,
    "mettle": _mark("mettle"),
    "ward": _mark("ward"),
}
"""The timed operations."""

effects.OPS.update(_OPS)
