"""The conformance suite: every registered game, every interesting seat count, random legal playouts.

As OpenSpiel's games_sim_test: games end within `max_actions` with an outcome, JSON round-trips and
replays equal the live state, every legal action's code decodes to itself and fits a custom_id, bad
and off-turn actions change nothing, views are unchanged when hidden cards are reshuffled, and scores
stay inside their bounds. The skip list stays empty.
"""

from __future__ import annotations

import json
import random

import pytest

import games
from games.core import MAX_CODE_LENGTH, Game, IllegalAction, LogEntry, Record
from tests.playout import dumps, pick_move, player_counts, random_playout

CASES = [(g.info.name, n) for g in games.all_games() for n in player_counts(g)]
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]
PLAYOUT_SEEDS = 200
CHECKED_SEEDS = 4


def test_registry_lists_every_game_once() -> None:
    """Every game package registers exactly one game under its name."""
    assert games.names() == sorted(set(games.names()))
    for game in games.all_games():
        assert games.get(game.info.name) is game
        assert game.info.min_players <= game.info.max_players


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_random_playouts_always_end(name: str, players: int) -> None:
    """Random legal playouts from 200 seeds all reach an outcome with scores in bounds."""
    game = games.get(name)
    for seed in range(PLAYOUT_SEEDS):
        result = random_playout(game, seed, players)
        outcome = game.outcome(result.state)
        assert outcome is not None
        assert all(0 <= w < players for w in outcome.winners)
        for seat in range(players):
            assert game.info.score_min <= game.score(result.state, seat) <= game.info.score_max
            assert game.legal_actions(result.state, seat) == []
        assert game.to_play(result.state) == ()


def _assert_unchanged_after_refusal(game: Game, state, seat: int, code: str) -> None:
    before = dumps(game, state)
    with pytest.raises(IllegalAction):
        game.apply_code(state, seat, code)
    assert dumps(game, state) == before, f"refused {code!r} changed the state"


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_checked_playouts_keep_every_invariant(name: str, players: int) -> None:
    """At every step: JSON round-trip, replay, codes, refusals and hidden information all hold."""
    game = games.get(name)
    for seed in range(CHECKED_SEEDS):
        state = game.new_game(seed, players, {})
        assert dumps(game, state) == dumps(game, game.new_game(seed, players, {}))
        record = Record(seed=seed, players=players)
        rng = random.Random(seed)
        step = 0
        while game.outcome(state) is None:
            text = dumps(game, state)
            assert dumps(game, game.from_json(json.loads(text))) == text
            if step & (step - 1) == 0:  # steps 0, 1, 2, 4, 8, ...
                assert dumps(game, game.replay(record)) == text
                for seat in [None, *range(players)]:
                    shuffled = game.shuffle_hidden(state, seat, seed + step)
                    assert game.view(shuffled, seat) == game.view(state, seat), (
                        f"view of seat {seat} changed when hidden cards were reshuffled")
            legal_by_seat = {s: game.legal_actions(state, s) for s in range(players)}
            for actions in legal_by_seat.values():
                for action in actions:
                    code = action.encode()
                    assert len(code) <= MAX_CODE_LENGTH
                    assert game.decode(code).encode() == code
                    assert game.label(state, action)
            _assert_unchanged_after_refusal(game, state, 0, "\x00garbage\x00")
            idle = [s for s, acts in legal_by_seat.items() if not acts]
            busy = [a for acts in legal_by_seat.values() for a in acts]
            if idle and busy:
                _assert_unchanged_after_refusal(game, state, idle[0], busy[0].encode())
            seat, action = pick_move(game, state, rng)
            game.apply(state, seat, action)
            record.log.append(LogEntry(seat, action.encode()))
            step += 1
        assert dumps(game, game.replay(record)) == dumps(game, state)
        for seat in range(players):
            assert game.legal_actions(state, seat) == []
        _assert_unchanged_after_refusal(game, state, 0, record.log[-1].code)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_same_seed_same_game(name: str, players: int) -> None:
    """The same seed and the same actions give identical JSON."""
    game = games.get(name)
    a = random_playout(game, 12345, players)
    b = random_playout(game, 12345, players)
    assert dumps(game, a.state) == dumps(game, b.state)
    assert a.record.log == b.record.log
