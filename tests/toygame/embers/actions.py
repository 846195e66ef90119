"""Embers' actions: play an Ember on a pile, pass, douse or let burn; codes and labels."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import BadActionCode


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    pile: int

    def encode(self) -> str:
        return f"play:{self.card}:{self.pile}"


@dataclass(frozen=True, slots=True)
class Simple:
    code: str

    def encode(self) -> str:
        return self.code


Action = Play | Simple
SIMPLE = ("pass", "douse", "burn")


def decode(code: str) -> Action:
    """Reads an action code; raises BadActionCode for anything else."""
    if code in SIMPLE:
        return Simple(code)
    parts = code.split(":")
    if len(parts) == 3 and parts[0] == "play" and parts[1].isdecimal() and len(parts[1]) <= 2 \
            and parts[2] in ("1", "2", "3"):
        return Play(int(parts[1]), int(parts[2]))
    raise BadActionCode(f"'{code}' is not an Embers move.")


def label(action: Action) -> tuple[str, ...]:
    """The label path shown in menus."""
    if isinstance(action, Play):
        pile = "Dragon pile" if action.pile == 3 else f"Pile {action.pile}"
        return ("Play", f"Ember {action.card}", pile)
    return {"pass": ("Pass",), "douse": ("Douse",), "burn": ("Let it burn",)}[action.code]
