"""Seeded random playouts through the engine contract, shared by the conformance suite and benches."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from games.core import Game, LogEntry, Record


@dataclass
class Playout:
    state: Any
    record: Record
    steps: int


def player_counts(game: Game) -> list[int]:
    """Returns the seat counts worth testing: the least, the most and one between."""
    lo, hi = game.info.min_players, game.info.max_players
    return sorted({lo, (lo + hi) // 2, hi})


def pick_move(game: Game, state: Any, rng: random.Random, *, off_turn_chance: float = 0.1):
    """Picks a (seat, action) at random: mostly a seat that owes a decision, sometimes another seat
    that may act out of turn (specials)."""
    owed = game.to_play(state)
    assert owed, "a game that is not over must name who is to play"
    seat = rng.choice(owed)
    if off_turn_chance and rng.random() < off_turn_chance:
        others = [s for s in range(state_players(game, state)) if s not in owed
                  and game.legal_actions(state, s)]
        if others:
            seat = rng.choice(others)
    actions = game.legal_actions(state, seat)
    assert actions, f"seat {seat} is to play but has no legal action"
    return seat, rng.choice(actions)


def state_players(game: Game, state: Any) -> int:
    return len(game.view(state, None)["players"])


def random_playout(game: Game, seed: int, players: int, options: dict | None = None) -> Playout:
    """Plays seeded random legal actions to the end; fails past the game's `max_actions`."""
    state = game.new_game(seed, players, options or {})
    record = Record(seed=seed, players=players, options=dict(options or {}))
    rng = random.Random(seed)
    steps = 0
    while game.outcome(state) is None:
        seat, action = pick_move(game, state, rng)
        game.apply(state, seat, action)
        record.log.append(LogEntry(seat, action.encode()))
        steps += 1
        assert steps <= game.info.max_actions, f"no outcome after {steps} actions (seed {seed})"
    return Playout(state, record, steps)


def dumps(game: Game, state: Any) -> str:
    """Returns the canonical JSON text of a state."""
    return json.dumps(game.to_json(state), sort_keys=True)
