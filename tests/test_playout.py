"""The conformance suite: every registered game, every interesting seat count, random legal playouts.

As OpenSpiel's games_sim_test: games end within `max_actions` with an outcome, JSON round-trips and
replays equal the live state, every legal action's code decodes to itself and fits a custom_id, bad
and off-turn actions change nothing, views are unchanged when hidden cards are reshuffled, and scores
stay inside their bounds. Every view carries the same typed header, which agrees with `to_play`,
`active` and `outcome`, and every game refuses the same way (`GameOver`, `NotYourTurn`,
`IllegalAction`). The toy game of the tests (`tests/toygame`) runs through the same suite, as any
fifth game would. The skip list stays empty.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any, get_type_hints

import pytest

import games
from games.core import (
    MAX_CODE_LENGTH,
    Game,
    GameOver,
    IllegalAction,
    LogEntry,
    NotYourTurn,
    Record,
    ViewHeader,
    header,
)
from tests import toygame
from tests.playout import dumps, pick_move, player_counts, random_playout

CASES = [(g.info.name, n) for g in games.all_games() for n in player_counts(g)]
CASES.append((toygame.NAME, 2))
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]
PLAYOUT_SEEDS = 200
CHECKED_SEEDS = 4


@pytest.fixture(autouse=True)
def _toy_game() -> Iterator[None]:
    toygame.install()
    yield
    toygame.uninstall()


def _assert_header(game: Game[Any, Any], state: Any, seat: int | None) -> None:
    view = game.view(state, seat)
    head = header(view)
    assert set(head) == set(get_type_hints(ViewHeader)), "the header has other keys"
    outcome = game.outcome(state)
    assert head["game"] == game.info.name and head["seat"] == seat
    assert head["to_play"] == list(game.to_play(state))
    assert head["over"] is (outcome is not None)
    assert head["winners"] == (list(outcome.winners) if outcome is not None else [])
    assert head["active"] == (None if outcome is not None else game.active(state))
    assert head["seconds"] > 0 and head["players"] == game.players(state)
    assert head == game.header(state, seat)
    for key in ("current", "to_play", "over", "outcome", "winner", "result", "waiting"):
        assert key not in view, f"'{key}' belongs in the header, not beside it"


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


def _assert_unchanged_after_refusal(game: Game[Any, Any], state: Any, seat: int, code: str,
                                    refusal: type[IllegalAction] = IllegalAction) -> None:
    before = dumps(game, state)
    with pytest.raises(refusal):
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
                    _assert_header(game, state, seat)
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
                _assert_unchanged_after_refusal(game, state, idle[0], busy[0].encode(), NotYourTurn)
            seat, action = pick_move(game, state, rng)
            game.apply(state, seat, action)
            record.log.append(LogEntry(seat, action.encode()))
            step += 1
        assert dumps(game, game.replay(record)) == dumps(game, state)
        for seat in range(players):
            assert game.legal_actions(state, seat) == []
        for seat in [None, *range(players)]:
            _assert_header(game, state, seat)
        for seat in range(players):
            _assert_unchanged_after_refusal(game, state, seat, record.log[-1].code, GameOver)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_same_seed_same_game(name: str, players: int) -> None:
    """The same seed and the same actions give identical JSON."""
    game = games.get(name)
    a = random_playout(game, 12345, players)
    b = random_playout(game, 12345, players)
    assert dumps(game, a.state) == dumps(game, b.state)
    assert a.record.log == b.record.log
