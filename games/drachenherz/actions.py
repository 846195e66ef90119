"""Drachenherz actions: play cards of one type, or choose which stack a princess or hero takes.

Codes: `play:<type>:<values>` with the played values joined by dots in ascending order
(`play:dwarf:1.3` plays two dwarves worth 1 and 3), and `choose:<stack>` with stack one of
`chests`, `stone`, `princesses`, `trolls`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import BadActionCode
from games.drachenherz.cards import (
    CHEST,
    PRINCESS,
    STONE,
    TROLL,
    TYPE_INDEX,
    TYPE_KEYS,
)
from games.text import Text


@dataclass(frozen=True, slots=True)
class Play:
    """Plays cards of one type (given by their values, ascending) onto that type's space."""

    kind: int
    values: tuple[int, ...]

    def encode(self) -> str:
        return f"play:{TYPE_KEYS[self.kind]}:{'.'.join(map(str, self.values))}"

    def __str__(self) -> str:
        return self.encode()


CHOICES: tuple[str, ...] = ("chests", "stone", "princesses", "trolls")
CHOICE_TYPE: dict[str, int] = {"chests": CHEST, "stone": STONE, "princesses": PRINCESS,
                               "trolls": TROLL}
CHOICE_LABELS: dict[str, str] = {
    "chests": Text("Take the treasure chests"),
    "stone": Text("Take the stone dragons"),
    "princesses": Text("Take the princesses"),
    "trolls": Text("Take the trolls"),
}


@dataclass(frozen=True, slots=True)
class Choose:
    """Takes one stack after a princess (chests or stone) or a completed hero pair (princesses or
    trolls)."""

    stack: str

    def encode(self) -> str:
        return f"choose:{self.stack}"

    def __str__(self) -> str:
        return self.encode()


Action = Play | Choose

CHOOSE_CHESTS = Choose("chests")
CHOOSE_STONE = Choose("stone")
CHOOSE_PRINCESSES = Choose("princesses")
CHOOSE_TROLLS = Choose("trolls")
PRINCESS_CHOICES: list[Action] = [CHOOSE_CHESTS, CHOOSE_STONE]
HERO_CHOICES: list[Action] = [CHOOSE_PRINCESSES, CHOOSE_TROLLS]


def decode(code: str) -> Action:
    """Parses an action code; raises BadActionCode when it is not a Drachenherz action."""
    if not isinstance(code, str):
        raise BadActionCode(Text("That is not a Drachenherz move."))
    parts = code.split(":")
    if len(parts) == 2 and parts[0] == "choose" and parts[1] in CHOICE_TYPE:
        return Choose(parts[1])
    if len(parts) == 3 and parts[0] == "play" and parts[1] in TYPE_INDEX:
        pieces = parts[2].split(".")
        if 1 <= len(pieces) <= 10 and all(len(p) == 1 and p.isdigit() for p in pieces):
            return Play(TYPE_INDEX[parts[1]], tuple(int(p) for p in pieces))
    raise BadActionCode(Text("'{code}' is not a Drachenherz move (cards of one type, e.g. "
                             "'play:dwarf:1.3', or 'choose:stone').", code=code[:40]))
