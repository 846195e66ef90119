"""The registry of games: every subpackage of `games` that exports `GAME` is a game.

Discovery keeps the list in one place (the packages themselves), as python-chess's `VARIANTS`
keeps its variants, and `get` also matches a game's aliases (`find_variant`).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from games.core import Game

DEFAULT = "drachenherz"
"""The game a table plays when the first /join names none (the seed of the online host)."""


@cache
def _games() -> dict[str, Game]:
    import games

    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"games.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            found[game.info.name] = game
    return dict(sorted(found.items()))


def names() -> list[str]:
    """Returns the registered game names, sorted."""
    return list(_games())


def all_games() -> list[Game]:
    """Returns every registered game, sorted by name."""
    return list(_games().values())


def find(name: str) -> Game | None:
    """Returns the game named `name` (or one of its aliases, any case), else None."""
    key = name.strip().lower()
    for game in _games().values():
        if key == game.info.name or key in game.info.aliases:
            return game
    return None


def get(name: str) -> Game:
    """Returns the game named `name`; raises KeyError listing the known games."""
    game = find(name)
    if game is None:
        raise KeyError(f"There is no game called '{name}'. Games: {', '.join(names())}.")
    return game
