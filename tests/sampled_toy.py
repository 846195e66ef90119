"""Embers with `sample_hidden`, so the shared search and the levels can be tested on a tiny game.

`install()` registers it as "embers-sampled" (a worker process of `bot.ai_pool` calls it through
the pool's setup hook "tests.sampled_toy:install"); `uninstall()` removes it.
"""

from __future__ import annotations

from dataclasses import replace

import games
from games.core import Seat
from games.registry import GameEntry
from tests.toygame.embers import Embers
from tests.toygame.embers import view as embers_view
from tests.toygame.embers.ai import choose
from tests.toygame.embers.state import EmbersState

NAME = "embers-sampled"


class SampledEmbers(Embers):
    """Embers whose hidden hands can be redrawn from a seat's view."""

    info = replace(Embers.info, name=NAME, title="Embers (sampled)", aliases=())

    def sample_hidden(self, state: EmbersState, seat: Seat, seed: int) -> EmbersState:
        """Redeals the other hand from the Embers the seat has not seen (sorted, then shuffled)."""
        return embers_view.shuffle_hidden(state, seat, seed)


GAME = SampledEmbers()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="tests.toygame.render")


def install() -> None:
    """Registers the sampled Embers for this process (idempotent)."""
    games.register(ENTRY)


def uninstall() -> None:
    """Removes it again."""
    games.unregister(NAME)
