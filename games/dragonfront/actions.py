"""Dragon Front actions: small frozen values with a stable text form (`encode` / `decode`).

Codes: "mull:<mask>", "play:<card>:<where>[:<mode>]", "act:<unit>", "shift:<unit>:l|r",
"bank:<n>", "disc:<card>", "end". A play's <where> is a space (0-15) for a unit or fort, or a
spell's target: "u<id>" a unit, "f<id>" a fort, "L<lane>", "R<row>", or "-" for none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core import MAX_CODE_LENGTH, BadActionCode
from games.dragonfront import cards as C
from games.dragonfront.state import MANA_CAP
from games.text import make_text


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Replaces the opening cards whose bits are set in `mask` (0 keeps the hand)."""

    mask: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"mull:{self.mask}"


@dataclass(frozen=True, slots=True)
class Play:
    """Plays a card from hand (or the champion): `where` is a space, or a spell's target code."""

    card: str
    where: str
    mode: int = -1

    def encode(self) -> str:
        """Returns the action code."""
        tail = f":{self.mode}" if self.mode >= 0 else ""
        return f"play:{self.card}:{self.where}{tail}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Activates a unit: it moves ahead or attacks, as the board decides."""

    unit: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"act:{self.unit}"


@dataclass(frozen=True, slots=True)
class Shift:
    """SHIFT: slides a unit one lane left (-1) or right (+1), board coordinates."""

    unit: int
    d: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"shift:{self.unit}:{'l' if self.d < 0 else 'r'}"


@dataclass(frozen=True, slots=True)
class Bank:
    """Moves mana onto the champion as Champion Tokens."""

    n: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"bank:{self.n}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discards a card from hand for one mana (once a turn)."""

    card: str

    def encode(self) -> str:
        """Returns the action code."""
        return f"disc:{self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Ends the turn."""

    def encode(self) -> str:
        """Returns the action code."""
        return "end"


Action = Mulligan | Play | Activate | Shift | Bank | Discard | EndTurn

# -- listed actions, each value made once ----------------------------------------------------
# Listing builds the same few values again and again; the actions are frozen, so a listing may
# hand out one shared object per value. The caches are typed dicts (compiled, a lookup without a
# call), emptied when full: ids and targets vary from game to game.

_LIMIT: Final = 1 << 14
_PLAYS: Final[dict[tuple[str, str, int], Play]] = {}
_ACTIVATES: Final[dict[int, Activate]] = {}
_SHIFTS: Final[dict[tuple[int, int], Shift]] = {}
_BANKS: Final[dict[int, Bank]] = {}
_DISCARDS: Final[dict[str, Discard]] = {}


def play_of(card: str, where: str, mode: int = -1) -> Play:
    """Returns the shared `Play` of these values."""
    key = (card, where, mode)
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) >= _LIMIT:
            _PLAYS.clear()
        found = _PLAYS[key] = Play(card, where, mode)
    return found


def activate_of(unit: int) -> Activate:
    """Returns the shared `Activate` of a unit."""
    found = _ACTIVATES.get(unit)
    if found is None:
        if len(_ACTIVATES) >= _LIMIT:
            _ACTIVATES.clear()
        found = _ACTIVATES[unit] = Activate(unit)
    return found


def shift_of(unit: int, d: int) -> Shift:
    """Returns the shared `Shift` of a unit and a direction."""
    found = _SHIFTS.get((unit, d))
    if found is None:
        if len(_SHIFTS) >= _LIMIT:
            _SHIFTS.clear()
        found = _SHIFTS[(unit, d)] = Shift(unit, d)
    return found


def bank_of(n: int) -> Bank:
    """Returns the shared `Bank` of an amount."""
    found = _BANKS.get(n)
    if found is None:
        found = _BANKS[n] = Bank(n)  # at most MANA_CAP of them
    return found


def discard_of(card: str) -> Discard:
    """Returns the shared `Discard` of a card."""
    found = _DISCARDS.get(card)
    if found is None:
        if len(_DISCARDS) >= _LIMIT:
            _DISCARDS.clear()
        found = _DISCARDS[card] = Discard(card)
    return found


END_TURN: Final = EndTurn()
MULLIGANS: Final = tuple(Mulligan(m) for m in range(16))
SPACES: Final = tuple(str(sp) for sp in range(16))
"""A space's text in a play's `where`."""


def decode(code: str) -> Action:
    """Parses an action code; raises BadActionCode for anything else."""
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
        raise BadActionCode(make_text("That is not a Dragon Front move."))
    parts = code.split(":")
    try:
        match parts:
            case ["end"]:
                return EndTurn()
            case ["mull", m] if m.isdigit() and int(m) < 16:
                return Mulligan(int(m))
            case ["act", u] if u.isdigit():
                return Activate(int(u))
            case ["shift", u, d] if u.isdigit() and d in ("l", "r"):
                return Shift(int(u), -1 if d == "l" else 1)
            case ["bank", n] if n.isdigit() and 0 < int(n) <= MANA_CAP:
                return Bank(int(n))
            case ["disc", cid] if cid in C.cards():
                return Discard(cid)
            case ["play", cid, where] if cid in C.cards() and _where_ok(where):
                return Play(cid, where)
            case ["play", cid, where, m] if cid in C.cards() and _where_ok(where) and m in ("0", "1"):
                return Play(cid, where, int(m))
    except ValueError:
        pass
    raise BadActionCode(make_text("'{code}' is not a Dragon Front move.", code=code[:40]))


def _where_ok(w: str) -> bool:
    if w == "-":
        return True
    if w.isdigit():
        return int(w) < 16
    if w[:1] == "P" and w[1:].count("-") == 1:
        a, b = w[1:].split("-")
        return a.isdigit() and b.isdigit()
    return len(w) > 1 and w[0] in "ufLRS" and w[1:].isdigit()
