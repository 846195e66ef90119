"""Drakones renderer: sizes, dimensions and every state of a playout drawn without error."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.drakones import GAME
from renderers import drakones as renderer

NAMES = ["Alice", "Bob"]


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_board_and_hand_fit_discord() -> None:
    """The board is 800-1000 px wide and under 250 KiB; spectators get no hand image."""
    state = GAME.new_game(1, 2)
    png = renderer.render_board(GAME.view(state, None), names=NAMES)
    width, height = _size(png)
    assert 800 <= width <= 1000 and height < 800 and len(png) <= 250 * 1024
    hand = renderer.render_hand(GAME.view(state, state.current), names=NAMES)
    assert hand is not None and len(hand) <= 250 * 1024
    assert renderer.render_hand(GAME.view(state, None), names=NAMES) is None


def test_every_state_of_a_playout_renders() -> None:
    """Every state of a seeded random game draws publicly; players' views every 10th step."""
    rng = random.Random(4)
    state = GAME.new_game(4, 2)
    step = 0
    while True:
        view = GAME.view(state, None)
        png = renderer.render_board(view, names=NAMES)
        assert len(png) <= 250 * 1024 and _size(png)[0] == renderer.WIDTH
        if step % 10 == 0 or state.winner is not None:
            for seat in (0, 1):
                mine = GAME.view(state, seat)
                renderer.render_board(mine, names=NAMES)
                assert renderer.render_hand(mine, names=NAMES) is not None
        if state.winner is not None:
            break
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
        step += 1
