"""Label paths of Dragon Front actions, as the player sees them ("Play > Dogs of War > B1"),
with spaces, lanes and rows named from the acting player's side and every target named as "your"
or "enemy". Menus are built level by level from these paths, so no level holds more than 25
entries: discarding is one entry opening the hand ("Discard for mana > <card>"), a CHOOSE ONE card
asks for its option before its space or target, a target list holds at most 16 units or forts."""

from __future__ import annotations

from typing import Any

from games.dragonfront import cards as C
from games.dragonfront.actions import (
    Action,
    Activate,
    Bank,
    Discard,
    EndTurn,
    Mulligan,
    Play,
    Shift,
)
from games.dragonfront.board import find_fort, find_unit, space_name, spaces_of
from games.dragonfront.combat import plan
from games.dragonfront.state import DFState, Target


def label(st: DFState, action: Action) -> tuple[str, ...]:
    """Returns the label path of a legal action."""
    seat = st.active if st.phase != "mulligan" else 0
    match action:
        case EndTurn():
            return ("End turn",)
        case Mulligan():
            return _mulligan(action)
        case Bank(n=n):
            return ("Bank mana", f"{n} mana")
        case Discard(card=cid):
            return ("Discard for mana", C.name(cid))
        case Activate():
            return _activate(st, action)
        case Shift():
            return _shift(st, action)
        case Play():
            return _play(st, action, seat)
    raise TypeError(f"not a Dragon Front action: {action!r}")


def _mulligan(action: Mulligan) -> tuple[str, ...]:
    if action.mask == 0:
        return ("Mulligan", "Keep all")
    picks = [str(i + 1) for i in range(4) if action.mask >> i & 1]
    return ("Mulligan", "Replace card" + ("s " if len(picks) > 1 else " ") + ", ".join(picks))


def _activate(st: DFState, action: Activate) -> tuple[str, ...]:
    u = find_unit(st, action.unit)
    if u is None:
        return ("Activate", f"unit {action.unit}")
    owner = u["owner"]
    where = space_name(u["sp"][0], owner)
    p = plan(st, u, owner)
    what = "Act"
    if p is not None and p["kind"] == "move":
        what = f"Move to {space_name(p['to'][0], owner)}"
    elif p is not None:
        what = "Attack " + ", ".join(target_name(t, owner) for t, _ in p["targets"])
    return ("Activate", f"{C.name(u['card'])} ({where})", what)


def _shift(st: DFState, action: Shift) -> tuple[str, ...]:
    u = find_unit(st, action.unit)
    if u is None:
        return ("Shift", f"unit {action.unit}")
    side = action.d if u["owner"] == 0 else -action.d
    return ("Shift", f"{C.name(u['card'])} ({space_name(u['sp'][0], u['owner'])})",
            "left" if side < 0 else "right")


def _play(st: DFState, action: Play, seat: int) -> tuple[str, ...]:
    c = C.card(action.card)
    head: tuple[str, ...] = ("Play", c["name"])
    if action.mode >= 0:
        head = (*head, _mode_name(c, action.mode))
    if c["type"] in ("unit", "champion", "fort"):
        sp = int(action.where)
        where = space_name(sp, seat)
        if c["giant"]:
            where += "+" + space_name(sp + 1, seat)
        return (*head, where)
    return (*head, _where_name(st, action.where, seat))


def _mode_name(c: dict[str, Any], mode: int) -> str:
    """Names a CHOOSE ONE option by its text: "Option 1: draw 3"."""
    text = c["text"] or ""
    parts = text.split("Choose:", 1)[-1].split(" OR ")
    if len(parts) == len(c.get("modes") or ()) and 0 <= mode < len(parts):
        return f"Option {mode + 1}: {parts[mode].strip().rstrip('.')}"
    return f"Option {mode + 1}"


def target_name(t: Target, seat: int) -> str:
    """Names an attack's or a spell's target from `seat`'s side: "enemy Stronghold", or whose
    piece it is, the card and its space ("your Goblin (B2)")."""
    if isinstance(t, tuple):
        return ("your" if t[1] == seat else "enemy") + " Stronghold"
    whose = "your" if t["owner"] == seat else "enemy"
    return f"{whose} {C.name(t['card'])} ({space_name(spaces_of(t)[0], seat)})"


def _where_name(st: DFState, where: str, seat: int) -> str:
    if where == "-":
        return "Cast"
    if where[0] == "P":
        pair = [find_unit(st, int(x)) for x in where[1:].split("-")]
        return " and ".join(target_name(u, seat) if u else "?" for u in pair)
    if where[0] in "uf":
        found = (find_unit if where[0] == "u" else find_fort)(st, int(where[1:]))
        return target_name(found, seat) if found else where
    n = int(where[1:])
    if where[0] == "L":
        return f"Lane {'ABCD'[n if seat == 0 else 3 - n]}"
    if where[0] == "S":
        return space_name(n, seat)
    return f"Row {(n if seat == 0 else 3 - n) + 1}"
