"""Hoard's rules engines: one subpackage per game, all on the contract in `games.core`."""

from games.registry import (
    DEFAULT,
    GameEntry,
    all_games,
    entries,
    entry,
    find,
    get,
    names,
    register,
    unregister,
)

__all__ = ["DEFAULT", "GameEntry", "all_games", "entries", "entry", "find", "get", "names",
           "register", "unregister"]
