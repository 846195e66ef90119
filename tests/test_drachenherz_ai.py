"""The Drachenherz computer opponent plays legal, sensible moves from its own view only."""

from __future__ import annotations

import random

import pytest

import games
from games.drachenherz.ai import greedy
from tests.drachenherz_build import build

ENTRY = games.entry("drachenherz")
GAME = ENTRY.game


def _pick(state, seed: int = 0):
    seat = state.current
    return ENTRY.ai(GAME.view(state, seat), GAME.legal_actions(state, seat), seed)


def test_ai_takes_a_rich_chest_stack() -> None:
    """With a fire dragon in hand and 10 points of chests out, the AI takes them."""
    state = build(hands=("fire 2, ship 0, dwarf 1", "ship 0"),
                  spaces={"chest": "chest 4, chest 3, chest 3"})
    assert _pick(state).encode() == "play:fire:2"


def test_ai_chooses_the_bigger_stack() -> None:
    """After a princess the AI takes the stack worth more (stone dragons plus the figure)."""
    state = build(hands=("princess 1", "ship 0"), spaces={"chest": "chest 1",
                                                         "stone": "stone 2, stone 2"})
    GAME.apply_code(state, 0, "play:princess:1")
    assert _pick(state).encode() == "choose:stone"


def test_ai_decision_depends_only_on_the_view() -> None:
    """Reshuffling what the seat cannot see never changes the AI's choice."""
    state = GAME.new_game(21, 2)
    rng = random.Random(1)
    for step in range(40):
        seat = state.current
        shuffled = GAME.shuffle_hidden(state, seat, step)
        action = _pick(state, step)
        assert _pick(shuffled, step) == action
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action if step % 2 else rng.choice(
            GAME.legal_actions(state, seat)))
        if GAME.is_over(state):
            break


def test_ai_beats_random_and_greedy_players_over_a_few_games() -> None:
    """Over 40 seeded games the AI wins most against random and greedy opponents."""
    for opponent, floor in ((lambda v, a, s: random.Random(s).choice(a), 32), (greedy, 20)):
        wins = 0
        for i in range(40):
            state = GAME.new_game(500 + i, 2)
            ai_seat = i % 2
            while not GAME.is_over(state):
                seat = state.current
                actions = GAME.legal_actions(state, seat)
                view = GAME.view(state, seat)
                pick = ENTRY.ai if seat == ai_seat else opponent
                GAME.apply(state, seat, pick(view, actions, i))
            wins += ai_seat in GAME.outcome(state).winners
        assert wins >= floor


def test_ai_needs_a_seat_view() -> None:
    """The computer player reads its seat from the view's header; a spectator view is refused."""
    state = GAME.new_game(3, 2)
    with pytest.raises(ValueError):
        ENTRY.ai(GAME.view(state, None), GAME.legal_actions(state, state.current), 0)
