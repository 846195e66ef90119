"""Card faces: what one card of any game shows, in one shape that `renderers.card` draws.

Each game that offers `/card` has a module here named after it, with `faces() -> list[CardFace]`
built from that game's data files. `faces_of(game)` finds the module by name, so nothing here
names a game; a game without such a module has no card lookup.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data"

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as printed: name, cost, big numbers, traits, type line, text and small facts."""

    game: str
    """The game's registry name."""
    key: str
    """The card's id within its game (unique there)."""
    name: str
    type_line: str
    text: str = ""
    cost: int | None = None
    stats: tuple[tuple[str, str], ...] = ()
    """Big numbers with their labels, e.g. ("Power", "3"), ("Health", "4")."""
    traits: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    """Small label/value lines at the bottom, e.g. ("Faction", "Eclipse")."""
    note: str = ""
    """A warning line, e.g. that Hoard cannot play the card yet."""
    accent: Color = (110, 110, 130)


@cache
def faces_of(game: str) -> tuple[CardFace, ...]:
    """Returns every card face of a game (empty when the game has no face module)."""
    module_name = f"{__name__}.{game}"
    if not game.isidentifier() or importlib.util.find_spec(module_name) is None:
        return ()
    faces: list[CardFace] = importlib.import_module(module_name).faces()
    log.debug("Loaded %d card faces of %s", len(faces), game)
    return tuple(faces)
