"""The Dragon Front renderer: sizes, every state of a playout, and nothing hidden in public images."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.dragonfront import GAME
from renderers.dragonfront import render_board, render_hand

NAMES = ["Alice", "Bob"]


def test_renders_every_state_of_a_playout() -> None:
    """Board and hand images draw for every step of a random game, within size limits."""
    state = GAME.new_game(21, 2, {})
    rng = random.Random(21)
    step = 0
    while True:
        for seat in (None, 0, 1):
            view = GAME.view(state, seat)
            png = render_board(view, names=NAMES)
            assert len(png) <= 250 * 1024
            if step % 10 == 0:
                image = Image.open(io.BytesIO(png))
                assert 800 <= image.width <= 1000
            hand = render_hand(view, names=NAMES)
            assert (hand is None) == (seat is None)
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.to_play(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1


def test_public_image_ignores_hidden_cards() -> None:
    """The public PNG is byte-identical after hands and decks are reshuffled."""
    state = GAME.new_game(8, 2, {"faction": ["silence", "essence"]})
    rng = random.Random(8)
    for _ in range(40):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.to_play(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    public = render_board(GAME.view(state, None), names=NAMES)
    for s in range(3):
        shuffled = GAME.shuffle_hidden(state, None, s)
        assert render_board(GAME.view(shuffled, None), names=NAMES) == public
