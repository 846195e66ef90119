"""Why a game ended: the `Termination` enum each game subclasses, and the host's own endings.

Kept apart from `games.core` (which imports and re-exports both) because core is compiled with
mypyc (setup.py): mypyc checks a compiled enum's values against the subclasses it compiled, so
the games' own subclasses, left interpreted, must subclass an interpreted enum.
"""

from __future__ import annotations

import enum


class Termination(enum.Enum):
    """Why a game ended. Each game declares its own subclass (python-chess's `Termination`); the
    shared members are the ways the host can end any game."""


class HostTermination(Termination):
    """Endings the host causes in any game."""

    FORFEIT = "forfeit"
    """Every other seat wins: a player resigned or timed out too often in a game without a
    withdrawal rule of its own."""
