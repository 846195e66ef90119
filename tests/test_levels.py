"""Computer levels in every registered game, through the public contract only.

For each game that samples (`Game.can_sample`): a sample agrees with the seat's view and offers the
same moves, depends on that view alone (states reshuffled by `shuffle_hidden` give the same
sample), and plays on to the end; the hard decision is the same after any reshuffle of what the
seat cannot see. Every game's easy and normal players return listed moves. Budgets are fixed
rollout counts, never seconds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import games
from games.core import Game
from games.levels import (
    DEFAULT_LEVEL,
    LEVEL_NAMES,
    TIMER_LEVEL,
    Level,
    levels_of,
    parse_level,
    seat_name,
)
from games.search import Budget, derive_seed

NAMES = games.names()
SAMPLING = [name for name in NAMES if games.get(name).can_sample()]


def _positions(game: Game[Any, Any], seed: int, players: int, every: int,
               limit: int) -> Iterator[tuple[Any, int]]:
    """Yields every `every`-th position of a seeded random game, up to `limit` of them."""
    state = game.new_game(seed, players, {})
    rng = random.Random(seed)
    step = yielded = 0
    while game.outcome(state) is None and yielded < limit:
        seat = game.to_play(state)[0]
        if step % every == 0:
            yielded += 1
            yield state, seat
        actions = game.legal_actions(state, seat)
        game.apply(state, seat, rng.choice(actions))
        step += 1


def _codes(game: Game[Any, Any], state: Any, seat: int) -> list[str]:
    return [a.encode() for a in game.legal_actions(state, seat)]


@pytest.mark.parametrize("name", SAMPLING)
def test_sample_agrees_with_the_view(name: str) -> None:
    """A sample shows the seat exactly its view and offers it the same moves."""
    game = games.get(name)
    for players in sorted({game.info.min_players, min(4, game.info.max_players)}):
        for seed in range(3):
            for n, (state, seat) in enumerate(_positions(game, seed, players, 3, 25)):
                sample = game.sample_hidden(state, seat, derive_seed(seed, n))
                assert game.view(sample, seat) == game.view(state, seat), f"step {n}"
                assert _codes(game, sample, seat) == _codes(game, state, seat), f"step {n}"


@pytest.mark.parametrize("name", SAMPLING)
def test_sample_depends_on_the_view_alone(name: str) -> None:
    """Reshuffling what the seat cannot see changes nothing in its sample."""
    game = games.get(name)
    for seed in range(3):
        for n, (state, seat) in enumerate(_positions(game, seed, game.info.min_players, 4, 20)):
            twin = game.shuffle_hidden(state, seat, 7919 * seed + n)
            k = derive_seed(seed, n)
            assert json.dumps(game.to_json(game.sample_hidden(twin, seat, k)), sort_keys=True) \
                == json.dumps(game.to_json(game.sample_hidden(state, seat, k)), sort_keys=True)


@pytest.mark.parametrize("name", SAMPLING)
def test_a_sample_plays_to_the_end(name: str) -> None:
    """A sample is a real game: random play from it ends within the game's bound."""
    game = games.get(name)
    for n, (state, seat) in enumerate(_positions(game, 4, game.info.min_players, 9, 4)):
        sample = game.sample_hidden(state, seat, n)
        rng = random.Random(n)
        for _ in range(game.info.max_actions):
            if game.outcome(sample) is not None:
                break
            owed = game.to_play(sample)[0]
            game.apply(sample, owed, rng.choice(game.legal_actions(sample, owed)))
        assert game.outcome(sample) is not None


@pytest.mark.parametrize("name", SAMPLING)
def test_hard_uses_only_its_own_view(name: str) -> None:
    """Every card the seat cannot see reshuffled: the same hard decision with the same seed."""
    entry = games.entry(name)
    game, search = entry.game, levels_of(entry).search()
    checked = 0
    for n, (state, seat) in enumerate(_positions(game, 11, game.info.min_players, 7, 4)):
        listed = game.legal_actions(state, seat)
        if len(listed) < 2:
            continue
        twin = game.shuffle_hidden(state, seat, 100 + n)
        budget = Budget.fixed(len(listed) + 8)  # a screen (if any) and a few rollouts
        a = search.run(state, seat, n, budget)
        b = search.run(twin, seat, n, budget)
        assert a.sweeps >= 1 or a.rollouts == budget.iterations
        assert (a.action, a.arms) == (b.action, b.arms), f"position {n}"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", NAMES)
def test_easy_and_normal_return_listed_moves(name: str) -> None:
    """The view-only levels pick one of the listed actions."""
    entry = games.entry(name)
    game, lv = entry.game, levels_of(entry)
    for state, seat in _positions(game, 2, game.info.min_players, 5, 12):
        listed = game.legal_actions(state, seat)
        for level in (Level.EASY, Level.NORMAL):
            assert lv.decide(state, seat, level, 3) in listed


def test_levels_parse_and_name_seats() -> None:
    """Level words parse in any case, the default is normal, and a bad word says what is allowed."""
    assert LEVEL_NAMES == ("easy", "normal", "hard")
    assert parse_level(None) is DEFAULT_LEVEL is Level.NORMAL
    assert parse_level(" Hard ") is Level.HARD
    assert TIMER_LEVEL is Level.NORMAL
    with pytest.raises(ValueError, match="easy, normal or hard, not 'brutal'"):
        parse_level("brutal")
    assert seat_name(2, Level.HARD) == "Computer 2 (hard)"
