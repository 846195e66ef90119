"""RivalWing AI tests: it decides from its view alone, always legally, and beats random play."""

from __future__ import annotations

import random

from games.rivalwing import GAME
from games.rivalwing.ai import choose, choose_mat, choose_option


def _duel(seed: int) -> bool:
    ai_seat = seed % 2
    mats = [None, None]
    mats[ai_seat] = choose_mat(2)
    s = GAME.new_game(seed, 2, {"mat": mats})
    rng = random.Random(seed)
    while s.phase != "over":
        seat = GAME.to_play(s)[0]
        actions = GAME.legal_actions(s, seat)
        if seat == ai_seat:
            view = GAME.view(s, seat)
            action = choose(view, actions, seed)
            hidden = GAME.view(GAME.shuffle_hidden(s, seat, seed), seat)
            assert choose(hidden, actions, seed) == action
        else:
            action = rng.choice(actions)
        assert action in actions
        GAME.apply(s, seat, action)
    return ai_seat in GAME.outcome(s).winners


def test_ai_beats_random_from_its_view_only() -> None:
    """The AI wins most duels against random play; its choice ignores hidden cards."""
    wins = sum(_duel(seed) for seed in range(12))
    assert wins >= 10


def test_ai_picks_a_mat() -> None:
    """The computer player names a real mat for every table size."""
    assert choose_option("mat", 2, 0) in GAME.info.options[0].choices
    assert choose_option("mat", 8, 0) in GAME.info.options[0].choices
