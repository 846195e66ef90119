"""Hoard's rules engines: one subpackage per game, all on the contract in `games.core`."""

from games.registry import DEFAULT, all_games, find, get, names

__all__ = ["DEFAULT", "all_games", "find", "get", "names"]
