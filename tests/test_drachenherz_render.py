"""The Drachenherz renderer draws every state of a playout, within size limits, from views only."""

from __future__ import annotations

import io
import random

from PIL import Image

import games
from games.text import english
from renderers.drachenherz import _status, render_board, render_hand

GAME = games.get("drachenherz")
NAMES = ["Ann", "Bob"]


def _playout_states(seed: int) -> list:
    state = GAME.new_game(seed, 2)
    rng = random.Random(seed)
    states = [GAME.copy(state)]
    while not GAME.is_over(state):
        seat = state.current
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        states.append(GAME.copy(state))
    return states


def test_board_renders_every_state_of_a_playout() -> None:
    """Every state of a playout renders to a PNG about 960 px wide and under 250 KiB."""
    for i, state in enumerate(_playout_states(4)):
        seat = None if i % 3 == 0 else i % 2
        png = render_board(GAME.view(state, seat), names=NAMES)
        assert len(png) <= 250 * 1024
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and 800 <= image.width <= 1000 and image.height <= 1000


def test_hand_renders_for_players_and_not_for_spectators() -> None:
    """A player's hand image shows their cards; a spectator has none."""
    state = GAME.new_game(2, 2)
    assert render_hand(GAME.view(state, None), names=NAMES) is None
    png = render_hand(GAME.view(state, 0), names=NAMES)
    assert png is not None and len(png) <= 250 * 1024
    assert Image.open(io.BytesIO(png)).width >= 600


def test_public_board_ignores_hidden_cards() -> None:
    """The public PNG is byte-identical after every hidden card is reshuffled."""
    for state in _playout_states(9)[::10]:
        public = render_board(GAME.view(state, None), names=NAMES)
        shuffled = GAME.shuffle_hidden(state, None, 77)
        assert render_board(GAME.view(shuffled, None), names=NAMES) == public


def test_long_names_and_a_finished_game_render() -> None:
    """Long display names are shortened and the end state shows the result."""
    state = _playout_states(6)[-1]
    png = render_board(GAME.view(state, None), names=["A" * 60, "B" * 60])
    assert Image.open(io.BytesIO(png)).size == (960, 680)


def test_status_line_reads_the_header() -> None:
    """The status line names the seat to play from the header, and the result once it is over."""
    states = _playout_states(6)
    state = states[0]
    assert _status(GAME.view(state, None), NAMES, english) == f"{NAMES[state.current]} to play"
    final = states[-1]
    reason = GAME.outcome(final).reason.replace("{p0}", "Ann").replace("{p1}", "Bob")
    assert _status(GAME.view(final, 1), NAMES, english) == f"Game over. {reason}"
