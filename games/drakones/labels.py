"""Drakones action labels: the menu path a player reads ("Attack > Archer (space 1) > ...").

Codes are for machines (`actions.py`); a label names cards and spaces in the position at hand,
with seat placeholders {p0}/{p1} for player names. Every part is a `Text` (translated above).
"""

from __future__ import annotations

from games.drakones import actions as A
from games.drakones.cards import CARDS
from games.drakones.state import Slot, State
from games.text import Text

Label = tuple[str, ...]


def _who(seat: int) -> str:
    return "{p" + str(seat) + "}"


def _at(side: list[Slot | None], i: int) -> str:
    slot = side[i]
    name = CARDS[slot.card].label if slot is not None else Text("empty")
    return Text("{card} (space {space})", card=name, space=i + 1)


def _play(state: State, seat: int, action: A.Play) -> Label:
    there = state.players[seat].side[action.space]
    where = (Text("Space {space}", space=action.space + 1) if there is None else
             Text("Space {space} (banish {card})", space=action.space + 1,
                  card=CARDS[there.card].label))
    return (Text("Play"), CARDS[action.card].title, where)


def _attack(state: State, seat: int, action: A.Attack) -> Label:
    me, foe = state.players[seat].side, state.players[1 - seat].side
    target = (Text("{player}'s base", player=_who(1 - seat)) if action.target == A.BASE
              else _at(foe, action.target))
    return (Text("Attack"), _at(me, action.space), target)


def _move(state: State, seat: int, action: A.Move) -> Label:
    me = state.players[seat].side
    there = me[action.target]
    where = (Text("Space {space}", space=action.target + 1) if there is None else
             Text("Space {space} (swap with {card})", space=action.target + 1,
                  card=CARDS[there.card].label))
    return (Text("Move"), _at(me, action.space), where)


def _bolt(state: State, seat: int, action: A.Bolt) -> Label:
    return (Text("Bolt"), _at(state.players[seat].side, action.space))


def _cast(state: State, seat: int, action: A.Cast) -> Label:
    name = CARDS[action.spell].label
    args = action.args
    cast = Text("Cast")
    if action.spell == "wisdom":
        return (cast, name, Text("{player} draws 3", player=_who(args[0])))
    if action.spell in ("recall", "poison", "catapult"):
        side = state.players[args[0]].side
        return (cast, name, Text("{player}'s {card}", player=_who(args[0]), card=_at(side, args[1])))
    if action.spell == "bribery":
        me, foe = state.players[seat].side, state.players[1 - seat].side
        return (cast, name, Text("Sacrifice {card}", card=_at(me, args[0])),
                Text("Take {card}", card=_at(foe, args[1])),
                Text("To space {space}", space=args[2] + 1))
    return (cast, name)


_SIMPLE: dict[str, Label] = {
    "draw": (Text("Draw a card (2 actions)"),), "undo": (Text("Undo"),),
    "end": (Text("End turn"),),
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
