"""RivalWing renderer tests: size, dimensions, and every state of a playout draws."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.rivalwing import GAME
from games.rivalwing.actions import Act
from games.rivalwing.ai import choose
from renderers import rivalwing as renderer

NAMES = [f"Player {i + 1}" for i in range(8)]


def _playout(players: int, seed: int, steps: int):
    s = GAME.new_game(seed, players)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.phase == "over":
            break
        seat = GAME.to_play(s)[0]
        actions = GAME.legal_actions(s, seat)
        action = choose(GAME.view(s, seat), actions, seed) if rng.random() < 0.9 else rng.choice(actions)
        GAME.apply(s, seat, action)
        yield s


def test_board_for_eight_dragons_fits() -> None:
    """An 8-dragon board is about 1000 px wide and at most 250 KiB."""
    last = None
    for s in _playout(8, 5, 300):
        last = s
    png = renderer.render_board(GAME.view(last, None), names=NAMES)
    image = Image.open(io.BytesIO(png))
    assert 800 <= image.width <= 1000
    assert len(png) <= 250 * 1024


def test_every_state_of_a_playout_draws() -> None:
    """Board and hand images render for every state of a (mostly AI) playout to its end."""
    for i, s in enumerate(_playout(2, 2, 2000)):
        assert renderer.render_board(GAME.view(s, None), names=NAMES)[:4] == b"\x89PNG"
        if i % 8 == 0:
            hand = renderer.render_hand(GAME.view(s, 0), names=NAMES)
            assert hand is None or hand[:4] == b"\x89PNG"
    assert renderer.render_hand(GAME.view(s, None), names=NAMES) is None
    assert GAME.outcome(s) is not None
    assert isinstance(Act("decl"), Act)
