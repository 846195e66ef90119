"""Drakones action labels: the menu path a player reads ("Attack > Archer (space 1) > ...").

Codes are for machines (`actions.py`); a label names cards and spaces in the position at hand,
with seat placeholders {p0}/{p1} for player names.
"""

from __future__ import annotations

from games.drakones import actions as A
from games.drakones.cards import CARDS
from games.drakones.state import Slot, State

Label = tuple[str, ...]


def _who(seat: int) -> str:
    return "{p" + str(seat) + "}"


def _at(side: list[Slot | None], i: int) -> str:
    slot = side[i]
    name = CARDS[slot.card].name if slot is not None else "empty"
    return f"{name} (space {i + 1})"


def _play(state: State, seat: int, action: A.Play) -> Label:
    there = state.players[seat].side[action.space]
    where = f"Space {action.space + 1}"
    if there is not None:
        where += f" (banish {CARDS[there.card].name})"
    return ("Play", CARDS[action.card].title, where)


def _attack(state: State, seat: int, action: A.Attack) -> Label:
    me, foe = state.players[seat].side, state.players[1 - seat].side
    target = f"{_who(1 - seat)}'s base" if action.target == A.BASE else _at(foe, action.target)
    return ("Attack", _at(me, action.space), target)


def _move(state: State, seat: int, action: A.Move) -> Label:
    me = state.players[seat].side
    there = me[action.target]
    where = f"Space {action.target + 1}"
    if there is not None:
        where += f" (swap with {CARDS[there.card].name})"
    return ("Move", _at(me, action.space), where)


def _bolt(state: State, seat: int, action: A.Bolt) -> Label:
    return ("Bolt", _at(state.players[seat].side, action.space))


def _cast(state: State, seat: int, action: A.Cast) -> Label:
    name = CARDS[action.spell].name
    args = action.args
    if action.spell == "wisdom":
        return ("Cast", name, f"{_who(args[0])} draws 3")
    if action.spell in ("recall", "poison", "catapult"):
        side = state.players[args[0]].side
        return ("Cast", name, f"{_who(args[0])}'s {_at(side, args[1])}")
    if action.spell == "bribery":
        me, foe = state.players[seat].side, state.players[1 - seat].side
        return ("Cast", name, f"Sacrifice {_at(me, args[0])}", f"Take {_at(foe, args[1])}",
                f"To space {args[2] + 1}")
    return ("Cast", name)


_SIMPLE: dict[str, Label] = {
    "draw": ("Draw a card (2 actions)",), "undo": ("Undo",), "end": ("End turn",),
}


def label(state: State, action: A.Action) -> Label:
    """Returns the label path of an action of the player on turn."""
    seat = state.current
    if isinstance(action, A.Play):
        return _play(state, seat, action)
    if isinstance(action, A.Attack):
        return _attack(state, seat, action)
    if isinstance(action, A.Move):
        return _move(state, seat, action)
    if isinstance(action, A.Bolt):
        return _bolt(state, seat, action)
    if isinstance(action, A.Cast):
        return _cast(state, seat, action)
    return _SIMPLE[action.name]
