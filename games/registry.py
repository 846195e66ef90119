"""The registry of games: one `GameEntry` per game, holding its engine, renderer and computer player.

Every subpackage of `games` that exports `ENTRY` is found on first use, as python-chess's
`VARIANTS` keeps its variants in one place; `register` and `unregister` add and remove entries at
run time (the tests register a toy game this way). `find` also matches a game's aliases
(`find_variant`).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, cast

from games.core import Chooser, Game, Renderer
from games.search import SearchSpec

DEFAULT = "drachenherz"
"""The game a table plays when the first /join names none (the seed of the online host)."""


@dataclass(frozen=True)
class GameEntry:
    """One game: its rules engine, its renderer and its computer player.

    `renderer` is the renderer itself or the dotted name of its module; a name is imported on first
    use, so an engine package can declare its renderer without importing Pillow. `ai` is the
    normal computer player; `easy` the gentle one (None: the normal player with random slips) and
    `search` what the game adds to the hard player's search (`games.levels` offers the levels).
    """

    game: Game[Any, Any]
    ai: Chooser[Any]
    renderer: Renderer | str
    easy: Chooser[Any] | None = None
    search: SearchSpec | None = None
    _loaded: list[Renderer] = field(default_factory=list, repr=False, compare=False)

    @property
    def name(self) -> str:
        return self.game.info.name

    def load_renderer(self) -> Renderer:
        """Returns the renderer, importing its module the first time."""
        if not isinstance(self.renderer, str):
            return self.renderer
        if not self._loaded:
            self._loaded.append(cast(Renderer, importlib.import_module(self.renderer)))
        return self._loaded[0]


_entries: dict[str, GameEntry] = {}
_discovered = False


def _discover() -> dict[str, GameEntry]:
    global _discovered
    if not _discovered:
        _discovered = True
        import games

        for module in pkgutil.iter_modules(games.__path__):
            if module.ispkg:
                entry = getattr(importlib.import_module(f"games.{module.name}"), "ENTRY", None)
                if isinstance(entry, GameEntry):
                    _entries.setdefault(entry.name, entry)
    return _entries


def register(entry: GameEntry) -> None:
    """Adds a game; raises ValueError when another game already has its name."""
    entries = _discover()
    known = entries.get(entry.name)
    if known is not None and known is not entry:
        raise ValueError(f"A game called '{entry.name}' is already registered.")
    entries[entry.name] = entry


def unregister(name: str) -> None:
    """Removes a game (nothing happens when it is not registered)."""
    _discover().pop(name, None)


def entries() -> list[GameEntry]:
    """Returns every registered entry, sorted by game name."""
    return [entry for _, entry in sorted(_discover().items())]


def names() -> list[str]:
    """Returns the registered game names, sorted."""
    return sorted(_discover())


def all_games() -> list[Game[Any, Any]]:
    """Returns every registered game, sorted by name."""
    return [entry.game for entry in entries()]


def find_entry(name: str) -> GameEntry | None:
    """Returns the entry of the game named `name` (or one of its aliases, any case), else None."""
    key = name.strip().lower()
    known = _discover().get(key)  # the host asks by exact name at every step: no sorting then
    if known is not None:
        return known
    for entry in entries():
        if key == entry.name or key in entry.game.info.aliases:
            return entry
    return None


def entry(name: str) -> GameEntry:
    """Returns the entry of the game named `name`; raises KeyError listing the known games."""
    found = find_entry(name)
    if found is None:
        raise KeyError(f"There is no game called '{name}'. Games: {', '.join(names())}.")
    return found


def find(name: str) -> Game[Any, Any] | None:
    """Returns the game named `name` (or one of its aliases, any case), else None."""
    found = find_entry(name)
    return None if found is None else found.game


def get(name: str) -> Game[Any, Any]:
    """Returns the game named `name`; raises KeyError listing the known games."""
    return entry(name).game
