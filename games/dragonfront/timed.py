"""Timed changes on units and Strongholds: taking back what lasted "until the end of the turn",
"until your next turn" or "for its next action" (written by `effects_timed`), and the damage marks
(a unit warded from all damage, a unit whose health cannot drop below 1).

A timed change was applied to the unit at once and written down in its "until" list as
{"at": "end" | "start" | "action", "pw", "hp", "kw"}; `expire` takes it back at that moment. Health
given back follows the usual card-game rule: the damage the extra health absorbed is forgiven, so
losing it never kills.
"""

from __future__ import annotations

from games.dragonfront.state import DFState, Unit


def _undo(u: Unit, change: dict[str, object]) -> None:
    pw, hp, kws = change["pw"], change["hp"], change["kw"]
    assert isinstance(pw, int) and isinstance(hp, int) and isinstance(kws, list)
    u["pw"] -= pw
    u["hp"] -= hp
    if hp > 0:
        u["dmg"] = max(0, u["dmg"] - hp)
    for k in kws:
        u["kw"].pop(k, None)


def expire(st: DFState, seat: int, at: str, only: Unit | None = None) -> None:
    """Takes back what lasted until now: "end" (every unit's, at the end of a turn; marks too),
    "start" (the seat's units' and its Stronghold's, at the start of its turn) or "action" (one
    unit's, after it acted)."""
    if at == "start":
        st.players[seat].pop("fortified", None)
    for u in [only] if only is not None else st.units:
        if at == "end":
            if "mettle" in u:
                del u["mettle"]
            if "ward" in u:
                del u["ward"]
        if "until" not in u:
            continue  # the usual case: nothing timed on this unit
        timed = u["until"]
        if not timed or (at == "start" and u["owner"] != seat):
            continue
        for change in [c for c in timed if c["at"] == at]:
            _undo(u, change)
            timed.remove(change)
        if not timed:
            u.pop("until", None)


def guarded(u: Unit, n: int, left: int) -> int:
    """Returns the damage a unit really takes: none while warded, and never below 1 health left
    under a mettle mark (`left` is its health now)."""
    if u.get("ward"):
        return 0
    if u.get("mettle"):
        return max(0, min(n, left - 1))
    return n
