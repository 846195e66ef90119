"""The shared search of the hard computer player, on the sampled toy game and through the contract.

Budgets here are fixed rollout counts (`Budget.fixed`), never seconds, so the tests are fast and
exactly reproducible.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

import games
from games.core import Outcome, Seat
from games.levels import Level, levels_of
from games.search import Budget, Search, SearchSpec, derive_seed, reward
from tests import sampled_toy
from tests.toygame.embers import GAME as PLAIN_EMBERS
from tests.toygame.embers.actions import Play, Simple
from tests.toygame.embers.rules import EmbersTermination
from tests.toygame.embers.state import EmbersState

GAME = sampled_toy.GAME


@pytest.fixture(autouse=True)
def _sampled_toy() -> Iterator[None]:
    sampled_toy.install()
    yield
    sampled_toy.uninstall()


def _search(spec: SearchSpec | None = None) -> Search[EmbersState, object]:
    return Search(GAME, sampled_toy.ENTRY.ai, spec)


def _positions() -> Iterator[tuple[EmbersState, Seat]]:
    """Yields positions of seeded games (normal play), with the seat to move."""
    for seed in range(4):
        state = GAME.new_game(seed, 2, {})
        step = 0
        while GAME.outcome(state) is None:
            seat = GAME.to_play(state)[0]
            yield state, seat
            actions = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, sampled_toy.ENTRY.ai(GAME.view(state, seat), actions, step))
            step += 1


def test_search_returns_a_legal_action() -> None:
    """Every searched decision is one of the listed actions."""
    search = _search()
    for state, seat in _positions():
        action = search.choose(state, seat, 7, Budget.fixed(12))
        assert action in GAME.legal_actions(state, seat)


def test_search_is_deterministic_for_a_seed_and_iteration_count() -> None:
    """Same position, seed and rollout count: the same decision and the same statistics."""
    search = _search()
    for state, seat in _positions():
        a = search.run(state, seat, 11, Budget.fixed(20))
        b = search.run(GAME.copy(state), seat, 11, Budget.fixed(20))
        assert a.action == b.action and a.arms == b.arms and a.rollouts == b.rollouts


def test_search_uses_only_the_seats_view() -> None:
    """Reshuffling every card the seat cannot see leaves the decision unchanged."""
    search = _search()
    for n, (state, seat) in enumerate(_positions()):
        twin = GAME.shuffle_hidden(state, seat, 1000 + n)
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        a = search.run(state, seat, n, Budget.fixed(16))
        b = search.run(twin, seat, n, Budget.fixed(16))
        assert (a.action, a.arms) == (b.action, b.arms)


def test_search_respects_the_rollout_cap() -> None:
    """A fixed budget plays at most that many rollouts."""
    state = GAME.new_game(3, 2, {})
    result = _search().run(state, 0, 1, Budget.fixed(9))
    assert 0 < result.rollouts <= 9


def test_search_stops_at_the_time_limit() -> None:
    """With a clock that advances a second per reading, a 2.5 s budget stops after a few reads."""
    ticks = iter(range(10_000))
    search = Search(GAME, sampled_toy.ENTRY.ai, clock=lambda: float(next(ticks)))
    result = search.run(GAME.new_game(3, 2, {}), 0, 1, Budget(seconds=2.5))
    assert result.rollouts <= 3


def test_search_takes_a_sure_win() -> None:
    """At the last play, the search finds the one action that wins on every sample."""
    state = EmbersState(hands=[[10, 2], [50, 60]], scores=[70, 79], turns=[2, 3], turn=0)
    search = _search()
    action = search.choose(state, 0, 5, Budget.fixed(40))
    assert action == Play(10, 1) or action == Play(10, 2)  # 80 > 79; the dragon pile is doused


def test_search_keeps_the_normal_choice_without_evidence() -> None:
    """With one sweep or less, the search plays what the normal player plays."""
    search = _search()
    for state, seat in _positions():
        result = search.run(state, seat, 3, Budget.fixed(1))
        assert result.action == result.normal


def test_hard_beats_the_toy_normal_player() -> None:
    """Hard (60 rollouts a decision) beats the toy's seeded-random normal player over 16 games."""
    lv = levels_of(sampled_toy.ENTRY)
    won = 0.0
    for seed in range(16):
        state = GAME.new_game(seed, 2, {})
        hard_seat = seed % 2
        step = 0
        while GAME.outcome(state) is None:
            seat = GAME.to_play(state)[0]
            level = Level.HARD if seat == hard_seat else Level.NORMAL
            GAME.apply(state, seat, lv.decide(state, seat, level, derive_seed(seed, step),
                                              Budget.fixed(60)))
            step += 1
        outcome = GAME.outcome(state)
        assert outcome is not None
        won += reward(outcome, hard_seat, 2)
    assert won >= 12


def test_reward_shares_wins_and_splits_draws() -> None:
    """A win is 1 (shared between co-winners), a loss 0, a draw 1/players."""
    done = EmbersTermination.PLAYED_OUT
    assert reward(Outcome((0,), done), 0, 2) == 1.0
    assert reward(Outcome((0,), done), 1, 2) == 0.0
    assert reward(Outcome((), done), 1, 4) == 0.25
    assert reward(Outcome((0, 2), done), 2, 4) == 0.5


def test_margin_values_lean_on_the_score_lead() -> None:
    """With a margin scale, a bigger winning lead is worth more than a narrow one."""
    search = _search(SearchSpec(margin=10.0))
    wide = EmbersState(hands=[[], []], scores=[90, 10], turns=[3, 3])
    narrow = EmbersState(hands=[[], []], scores=[41, 40], turns=[3, 3])
    assert search._playout(wide, 0, 0, None, 0) > search._playout(narrow, 0, 0, None, 0) > 0.5
    assert search._playout(narrow, 1, 0, None, 0) < 0.5


def test_a_horizon_stops_the_rollout_and_asks_the_evaluation() -> None:
    """A horizon of one turn values the position with the game's evaluation."""
    seen: list[int] = []

    def evaluate(state: object, seat: Seat) -> float:
        seen.append(seat)
        return 0.25

    search = _search(SearchSpec(evaluate=evaluate, horizon=1))
    state = GAME.new_game(2, 2, {})
    result = search.run(state, 0, 4, Budget.fixed(10))
    assert seen and set(seen) == {0}
    assert all(arm.mean in (0.25, 0.0) or arm.rollouts == 0 for arm in result.arms)


def test_a_screen_keeps_the_widest_few_and_the_normal_choice() -> None:
    """With a width, only that many candidates (and the normal choice) are played out."""
    search = _search(SearchSpec(evaluate=lambda s, seat: 0.5, width=3, horizon=1))
    state = GAME.new_game(2, 2, {})
    result = search.run(state, 0, 4, Budget.fixed(40))
    kept = [arm for arm in result.arms if arm.rollouts > 0]
    assert len(kept) <= 4
    assert result.normal.encode() in {arm.code for arm in kept}


def test_a_game_without_sampling_cannot_search() -> None:
    """Search refuses a game without `sample_hidden`; its levels stop at normal."""
    with pytest.raises(ValueError, match="cannot sample"):
        Search(PLAIN_EMBERS, sampled_toy.ENTRY.ai)
    from tests import toygame

    assert levels_of(toygame.ENTRY).offered() == (Level.EASY, Level.NORMAL)
    assert levels_of(sampled_toy.ENTRY).offered() == (Level.EASY, Level.NORMAL, Level.HARD)


def test_hard_in_a_game_without_sampling_plays_normal(caplog: pytest.LogCaptureFixture) -> None:
    """A stored hard seat of a game that cannot sample plays the normal move, with a warning."""
    from tests import toygame

    state = PLAIN_EMBERS.new_game(1, 2, {})
    lv = levels_of(toygame.ENTRY)
    with caplog.at_level(logging.WARNING, logger="games.levels"):
        action = lv.decide(state, 0, Level.HARD, 9, Budget.fixed(5))
    assert action == lv.decide(state, 0, Level.NORMAL, 9)
    assert "no hard level" in caplog.text


def test_budget_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """HOARD_AI_SECONDS sets the time budget; an unreadable value falls back to 1 s."""
    monkeypatch.setenv("HOARD_AI_SECONDS", "0.25")
    assert Budget.default() == Budget(seconds=0.25)
    monkeypatch.setenv("HOARD_AI_SECONDS", "soon")
    assert Budget.default() == Budget(seconds=1.0)
    monkeypatch.delenv("HOARD_AI_SECONDS")
    assert Budget.default().seconds == 1.0


def test_derived_seeds_are_stable_and_distinct() -> None:
    """Derived seeds do not change between runs and differ between parts."""
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3)
    assert len({derive_seed(1, k) for k in range(100)}) == 100
    assert 0 <= derive_seed(2**70, 5) < 2**31


def test_the_single_action_needs_no_search() -> None:
    """A forced move returns at once, without rollouts."""
    state = EmbersState(hands=[[5], [6]], piles=[[], [], [7]], turns=[1, 2], turn=0, window=7)
    state.turn = 0
    result = _search().run(state, 1, 0, Budget.fixed(50), actions=[Simple("douse")])
    assert result.action == Simple("douse") and result.rollouts == 0


def test_registry_lists_the_sampled_toy() -> None:
    """The helper game registers and leaves like any other."""
    assert sampled_toy.NAME in games.names()


def test_a_horizon_counts_turns_from_before_the_action() -> None:
    """An action that ends the turn (a pass) is valued at the same moment as one that does not:
    every leaf of a one-turn horizon is the other seat's turn."""
    actives: list[int | None] = []

    def evaluate(state: EmbersState, seat: Seat) -> float:
        actives.append(GAME.active(state))
        return 0.5

    search = _search(SearchSpec(evaluate=evaluate, horizon=1))
    state = GAME.new_game(2, 2, {})
    search.run(state, 0, 4, Budget.fixed(40))
    assert actives and set(actives) == {1}
