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
from games.dragonfront.card_text import modes_of
from games.dragonfront.combat import plan
from games.dragonfront.state import DFState, Target
from games.text import Text, and_list, join_texts, plural


def label(st: DFState, action: Action) -> tuple[str, ...]:
    """Returns the label path of a legal action."""
    seat = st.active if st.phase != "mulligan" else 0
    match action:
        case EndTurn():
            return (Text("End turn"),)
        case Mulligan():
            return _mulligan(action)
        case Bank(n=n):
            return (Text("Bank mana"), Text("{n} mana", n=n))
        case Discard(card=cid):
            return (Text("Discard for mana"), C.name(cid))
        case Activate():
            return _activate(st, action)
        case Shift():
            return _shift(st, action)
        case Play():
            return _play(st, action, seat)
    raise TypeError(f"not a Dragon Front action: {action!r}")


_MULLIGAN = Text("Mulligan")


def _mulligan(action: Mulligan) -> tuple[str, ...]:
    if action.mask == 0:
        return (_MULLIGAN, Text("Keep all"))
    picks = [str(i + 1) for i in range(4) if action.mask >> i & 1]
    return (_MULLIGAN, plural("Replace card {cards}", "Replace cards {cards}", len(picks),
                              cards=", ".join(picks)))


def _activate(st: DFState, action: Activate) -> tuple[str, ...]:
    u = find_unit(st, action.unit)
    if u is None:
        return (Text("Activate"), Text("unit {unit}", unit=action.unit))
    owner = u["owner"]
    where = space_name(u["sp"][0], owner)
    p = plan(st, u, owner)
    what = Text("Act")
    if p is not None and p["kind"] == "move":
        what = Text("Move to {space}", space=space_name(p["to"][0], owner))
    elif p is not None:
        what = Text("Attack {targets}",
                    targets=join_texts(target_name(t, owner) for t, _ in p["targets"]))
    return (Text("Activate"), _at(C.name(u["card"]), where), what)


def _shift(st: DFState, action: Shift) -> tuple[str, ...]:
    u = find_unit(st, action.unit)
    if u is None:
        return (Text("Shift"), Text("unit {unit}", unit=action.unit))
    side = action.d if u["owner"] == 0 else -action.d
    return (Text("Shift"), _at(C.name(u["card"]), space_name(u["sp"][0], u["owner"])),
            Text("left") if side < 0 else Text("right"))


def _play(st: DFState, action: Play, seat: int) -> tuple[str, ...]:
    c = C.card(action.card)
    head: tuple[str, ...] = (Text("Play"), c["name"])
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
    parts = modes_of(c["id"])
    if 0 <= mode < len(parts):
        return Text("Option {number}: {text}", number=mode + 1, text=parts[mode])
    return Text("Option {number}", number=mode + 1)


def _at(name: str, where: str) -> str:
    """A piece and where it stands: "Goblin (B2)"."""
    return Text("{card} ({space})", card=name, space=where)


def target_name(t: Target, seat: int) -> str:
    """Names an attack's or a spell's target from `seat`'s side: "enemy Stronghold", or whose
    piece it is, the card and its space ("your Goblin (B2)")."""
    if isinstance(t, tuple):
        return Text("your Stronghold") if t[1] == seat else Text("enemy Stronghold")
    where = space_name(spaces_of(t)[0], seat)
    if t["owner"] == seat:
        return Text("your {card} ({space})", card=C.name(t["card"]), space=where)
    return Text("enemy {card} ({space})", card=C.name(t["card"]), space=where)


def _where_name(st: DFState, where: str, seat: int) -> str:
    if where == "-":
        return Text("Cast")
    if where[0] == "P":
        pair = [find_unit(st, int(x)) for x in where[1:].split("-")]
        return and_list(target_name(u, seat) if u else "?" for u in pair)
    if where[0] in "uf":
        found = (find_unit if where[0] == "u" else find_fort)(st, int(where[1:]))
        return target_name(found, seat) if found else where
    n = int(where[1:])
    if where[0] == "L":
        return Text("Lane {lane}", lane="ABCD"[n if seat == 0 else 3 - n])
    if where[0] == "S":
        return space_name(n, seat)
    return Text("Row {row}", row=(n if seat == 0 else 3 - n) + 1)
