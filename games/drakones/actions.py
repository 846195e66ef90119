"""Drakones actions: small frozen values with stable codes (spaces are 1-6 in codes, 0-5 inside)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from games.core import BadActionCode
from games.drakones.cards import CARDS, SPELLS
from games.text import Text

BASE = -1
"""The attack target index that means the enemy base."""


@dataclass(frozen=True, slots=True)
class Play:
    """Puts a unit, tower or wall from the hand onto a space (banishing the card there)."""

    card: str
    space: int

    def encode(self) -> str:
        return f"play:{self.card}:{self.space + 1}"


@dataclass(frozen=True, slots=True)
class Cast:
    """Casts a spell; `args` are seats and spaces as the spell needs them."""

    spell: str
    args: tuple[int, ...] = ()

    def encode(self) -> str:
        parts = [str(a + 1) if i > 0 or self.spell in _SPACE_FIRST else str(a)
                 for i, a in enumerate(self.args)]
        return ":".join(["cast", self.spell, *parts])


_SPACE_FIRST = {"bribery"}
"""Spells whose first argument is a space (the others start with a seat)."""


@dataclass(frozen=True, slots=True)
class Bolt:
    """Ignites a unit played this turn so it may attack right away (1 action)."""

    space: int

    def encode(self) -> str:
        return f"bolt:{self.space + 1}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Attacks with the card at `space` the enemy card at `target` (BASE = the enemy base)."""

    space: int
    target: int

    def encode(self) -> str:
        t = "base" if self.target == BASE else str(self.target + 1)
        return f"attack:{self.space + 1}:{t}"


@dataclass(frozen=True, slots=True)
class Move:
    """Moves a card to another space, swapping with the card there (free)."""

    space: int
    target: int

    def encode(self) -> str:
        return f"move:{self.space + 1}:{self.target + 1}"


@dataclass(frozen=True, slots=True)
class Simple:
    """An action without arguments: 'draw', 'undo' or 'end'."""

    name: str

    def encode(self) -> str:
        return self.name


DRAW = Simple("draw")
UNDO = Simple("undo")
END = Simple("end")

Action = Play | Cast | Bolt | Attack | Move | Simple


@cache
def play(card: str, space: int) -> Play:
    return Play(card, space)


@cache
def cast(spell: str, args: tuple[int, ...] = ()) -> Cast:
    return Cast(spell, args)


@cache
def bolt(space: int) -> Bolt:
    return Bolt(space)


@cache
def attack(space: int, target: int) -> Attack:
    return Attack(space, target)


@cache
def move(space: int, target: int) -> Move:
    return Move(space, target)


_SPELL_ARITY = {"wisdom": 1, "recall": 2, "poison": 2, "bribery": 3, "catapult": 2, "spy": 0,
                "fire-rain": 0}


def _space(text: str, code: str) -> int:
    if text not in ("1", "2", "3", "4", "5", "6"):
        raise BadActionCode(Text("'{code}' names no space 1-6.", code=code))
    return int(text) - 1


def _seat(text: str, code: str) -> int:
    if text not in ("0", "1"):
        raise BadActionCode(Text("'{code}' names no player.", code=code))
    return int(text)


def decode(code: str) -> Action:
    """Parses an action code; raises BadActionCode when it is not a Drakones action."""
    if not isinstance(code, str):
        raise BadActionCode(Text("An action code is text."))
    return _decode(code)


@lru_cache(maxsize=4096)
def _decode(code: str) -> Action:
    if code in ("draw", "undo", "end"):
        return {"draw": DRAW, "undo": UNDO, "end": END}[code]
    parts = code.split(":")
    head = parts[0]
    if head == "play" and len(parts) == 3:
        if parts[1] not in CARDS or CARDS[parts[1]].kind == "spell":
            raise BadActionCode(Text("'{code}' names no playable card.", code=code))
        return play(parts[1], _space(parts[2], code))
    if head == "cast" and len(parts) >= 2:
        spell = parts[1]
        if spell not in SPELLS or len(parts) - 2 != _SPELL_ARITY[spell]:
            raise BadActionCode(Text("'{code}' is not a spell with its targets.", code=code))
        rest = parts[2:]
        if spell == "bribery":
            args = tuple(_space(p, code) for p in rest)
        elif rest:
            args = (_seat(rest[0], code), *(_space(p, code) for p in rest[1:]))
        else:
            args = ()
        return cast(spell, args)
    if head == "bolt" and len(parts) == 2:
        return bolt(_space(parts[1], code))
    if head == "attack" and len(parts) == 3:
        target = BASE if parts[2] == "base" else _space(parts[2], code)
        return attack(_space(parts[1], code), target)
    if head == "move" and len(parts) == 3:
        return move(_space(parts[1], code), _space(parts[2], code))
    raise BadActionCode(Text("'{code}' is not a Drakones action.", code=code[:40]))
