"""Draws boards and hands of every game, so the renderers' caches are full before anyone waits.

A renderer's first picture in a process builds its static layers (card faces, palette tiles,
text tiles): seconds on a slow machine, against milliseconds later. Later pictures still draw
each word, number and region the first time they show it (a new word costs more than the rest
of a board). The bot calls `warm` in a worker thread when it starts: it draws the boards of one
seeded game of each (at most `BOARDS` positions across it, in each language), so neither the
first boards after a restart nor the first replay step pay for what every game shows.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any

import games
import locales
from games.core import Game

log = logging.getLogger(__name__)

BOARDS = 24
"""Positions of the warming game each renderer draws, spread over the whole game."""
LONGEST = 400
"""Steps of the warming game played at most (some games run long)."""


def positions(game: Game[Any, Any], players: int, seed: int = 0) -> list[tuple[Any, Any]]:
    """Returns up to `BOARDS` (public view, to-play seat's view) pairs spread over one seeded
    game of random legal actions (the first position is always among them)."""
    played = random_game(game, players, seed, LONGEST)
    return played[::-(-len(played) // BOARDS)]


def random_game(game: Game[Any, Any], players: int, seed: int,
                longest: int) -> list[tuple[Any, Any]]:
    """Returns the (public view, to-play seat's view) pairs of one seeded game of random legal
    actions, at most `longest` of them (the seat's view is None once nobody is to play)."""
    state = game.new_game(seed, players, {})
    rng = random.Random(seed)
    played: list[tuple[Any, Any]] = []
    for _ in range(longest):
        owed = game.to_play(state)
        seat = rng.choice(owed) if owed else None
        played.append((game.view(state, None), game.view(state, seat) if owed else None))
        if seat is None:
            break
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return played


def warm() -> float:
    """Renders the boards of a seeded game of each registered game (and its first hand), in
    every language; returns the seconds it took. A game that fails to draw is logged and
    skipped."""
    started = time.perf_counter()
    for entry in games.entries():
        game = entry.game
        try:
            renderer = entry.load_renderer()
            players = game.info.max_players
            names = [f"Player {n + 1}" for n in range(players)]
            views = positions(game, players)
            for lang in locales.LANGUAGES:  # each language has tiles of its own
                tr = locales.translator(lang)
                for public, _ in views:
                    renderer.render_board(public, names=names, tr=tr)
                renderer.render_hand(views[0][1], names=names, tr=tr)
        except Exception:
            log.warning("Could not warm the renderer of %s", game.info.name, exc_info=True)
    return time.perf_counter() - started
