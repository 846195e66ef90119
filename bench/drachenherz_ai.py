"""Prints the Drachenherz AI's win rate against a random and a greedy player, and its speed.

Each opponent plays 1,000 seeded games; the AI starts in even-numbered games and the opponent in
odd-numbered ones. The AI only ever sees its own view.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.drachenherz.ai import greedy  # noqa: E402


def _random(view, actions, seed):
    return random.Random(seed).choice(actions)


def match(opponent, n: int) -> tuple[int, int, int, float, int]:
    """Plays n games; returns AI wins, draws, losses, AI seconds thinking, AI decisions."""
    game = games.get("drachenherz")
    wins = draws = losses = decisions = 0
    thinking = 0.0
    for i in range(n):
        state = game.new_game(10_000 + i, 2)
        ai_seat = state.first if i % 2 == 0 else 1 - state.first
        rng = random.Random(i)
        while not game.is_over(state):
            seat = game.to_play(state)[0]
            actions = game.legal_actions(state, seat)
            view = game.view(state, seat)
            seed = rng.getrandbits(32)
            if seat == ai_seat:
                t = time.perf_counter()
                action = games.entry(game.info.name).ai(view, actions, seed)
                thinking += time.perf_counter() - t
                decisions += 1
            else:
                action = opponent(view, actions, seed)
            game.apply(state, seat, action)
        outcome = game.outcome(state)
        if outcome.is_draw:
            draws += 1
        elif ai_seat in outcome.winners:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, thinking, decisions


def main(n: int = 1000) -> None:
    for name, opponent in (("random", _random), ("greedy", greedy)):
        wins, draws, losses, thinking, decisions = match(opponent, n)
        print(f"vs {name}: {wins / n:.1%} wins ({wins} won, {draws} drawn, {losses} lost of {n}); "
              f"{thinking / decisions * 1000:.3f} ms per decision")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
