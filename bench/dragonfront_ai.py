"""Dragon Front AI strength and speed (python bench/dragonfront_ai.py [games]).

Plays the AI against a random player and against the greedy baseline (`ai.greedy`), alternating
seats, and prints win rates and the slowest and average time per AI turn.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dragonfront import GAME  # noqa: E402
from games.dragonfront.ai import choose, greedy  # noqa: E402


def _random(view, actions, seed):
    return random.Random(seed).choice(actions)


def match(seed: int, ai_seat: int, opponent) -> tuple[float, list[float]]:
    """Plays one game; returns the AI's result (1 win, 0.5 draw, 0 loss) and its turn times."""
    state = GAME.new_game(seed, 2, {})
    turn_times: list[float] = []
    current = 0.0
    last_turn = state.turn
    step = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_play(state)[0]
        actions = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        if seat == ai_seat:
            t = time.perf_counter()
            action = choose(view, actions, seed * 1000 + step)
            current += time.perf_counter() - t
        else:
            action = opponent(view, actions, seed * 7919 + step)
        GAME.apply(state, seat, action)
        step += 1
        if state.turn != last_turn:
            turn_times.append(current)
            current, last_turn = 0.0, state.turn
    winners = GAME.outcome(state).winners
    return (1.0 if winners == (ai_seat,) else 0.5 if not winners else 0.0), turn_times


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for name, opponent in (("random", _random), ("greedy", greedy)):
        wins, times = 0.0, []
        start = time.perf_counter()
        for seed in range(n):
            result, t = match(seed, seed % 2, opponent)
            wins += result
            times += [x for x in t if x > 0]
        elapsed = time.perf_counter() - start
        print(f"vs {name}: {wins / n:.1%} of {n} games; per AI turn avg {sum(times) / max(1, len(times)):.3f} s, "
              f"max {max(times, default=0):.3f} s; {elapsed:.0f} s total")


if __name__ == "__main__":
    main()
