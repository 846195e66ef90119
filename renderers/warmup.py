"""Draws one board and one hand of every game, so the renderers' caches are full before anyone waits.

A renderer's first picture in a process builds its static layers (card faces, palette tiles,
text tiles): seconds on a slow machine, against milliseconds later. The bot calls `warm` in a
worker thread when it starts, so neither the first board after a restart nor the first replay
step pays for it.
"""

from __future__ import annotations

import logging
import time

import games
import locales

log = logging.getLogger(__name__)


def warm() -> float:
    """Renders a fresh game's public board and first hand for each registered game; returns
    the seconds it took. A game that fails to draw is logged and skipped."""
    started = time.perf_counter()
    for entry in games.entries():
        game = entry.game
        try:
            renderer = entry.load_renderer()
            state = game.new_game(0, game.info.min_players, {})
            names = [f"Player {n + 1}" for n in range(game.info.min_players)]
            for lang in locales.LANGUAGES:  # each language has tiles of its own
                tr = locales.translator(lang)
                renderer.render_board(game.view(state, None), names=names, tr=tr)
                renderer.render_hand(game.view(state, 0), names=names, tr=tr)
        except Exception:
            log.warning("Could not warm the renderer of %s", game.info.name, exc_info=True)
    return time.perf_counter() - started
