"""The Dragon Front AI plays from its view only and beats a random player."""

from __future__ import annotations

import random

from games.dragonfront import ENTRY, GAME


def test_ai_beats_random_in_a_short_series() -> None:
    """Over 10 seeded games (both seats) the AI wins at least 8 against random moves."""
    wins = 0
    for seed in range(10):
        state = GAME.new_game(seed, 2, {})
        rng = random.Random(seed)
        ai = seed % 2
        while GAME.outcome(state) is None:
            seat = GAME.to_play(state)[0]
            actions = GAME.legal_actions(state, seat)
            if seat == ai:
                action = ENTRY.ai(GAME.view(state, seat), actions, seed)
            else:
                action = rng.choice(actions)
            GAME.apply(state, seat, action)
        wins += GAME.outcome(state).winners == (ai,)
    assert wins >= 8


def test_ai_choice_depends_only_on_the_view() -> None:
    """Reshuffling what the AI cannot see does not change its choice."""
    state = GAME.new_game(4, 2, {})
    rng = random.Random(4)
    for _ in range(30):
        seat = GAME.to_play(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    seat = GAME.to_play(state)[0]
    actions = GAME.legal_actions(state, seat)
    pick = ENTRY.ai(GAME.view(state, seat), actions, 1).encode()
    for s in range(3):
        other = GAME.shuffle_hidden(state, seat, s)
        assert ENTRY.ai(GAME.view(other, seat), GAME.legal_actions(other, seat), 1).encode() == pick
