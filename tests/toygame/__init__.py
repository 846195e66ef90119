"""Embers, the toy fifth game: built as the README's "Adding a game" says, in its own folders only.

`embers/` is the engine package (the template of every Hoard game) and `render.py` its renderer.
A game inside `games/` is found by the registry on its own; this one lives in the tests, so
`install()` registers it for the process and `uninstall()` removes it again.
"""

from __future__ import annotations

import games
from tests.toygame.embers import ENTRY, GAME, NAME

__all__ = ["ENTRY", "GAME", "NAME", "install", "uninstall"]


def install() -> None:
    """Registers Embers for this process (idempotent)."""
    games.register(ENTRY)


def uninstall() -> None:
    """Removes Embers from the registry, so other tests see only the real games."""
    games.unregister(NAME)
