"""Measures random full Drakones games per second (uniformly random legal actions)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402


def main(n: int = 200) -> None:
    game = games.get("drakones")
    start = time.perf_counter()
    cpu = time.process_time()
    steps = 0
    turns = 0
    reasons: dict[str, int] = {}
    for seed in range(n):
        state = game.new_game(seed, 2)
        rng = random.Random(seed)
        while state.winner is None:
            seat = state.current
            action = rng.choice(game.legal_actions(state, seat))
            game.apply(state, seat, action)
            steps += 1
        turns += state.turn
        reasons[state.reason] = reasons.get(state.reason, 0) + 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"{n} games in {elapsed:.2f}s wall, {cpu:.2f}s CPU: {n / elapsed:.1f} games/s "
          f"({n / cpu:.1f} per CPU second), "
          f"{steps / n:.0f} steps and {turns / n:.0f} turns per game, endings {reasons}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
