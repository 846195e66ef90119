"""Random full Dragon Front games per second (python bench/dragonfront_playout.py [games])."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dragonfront import GAME  # noqa: E402


def play(seed: int) -> int:
    """Plays one seeded random game through legal_actions and apply; returns its action count."""
    state = GAME.new_game(seed, 2, {})
    rng = random.Random(seed)
    steps = 0
    while state.result is None:
        seat = rng.choice(GAME.to_play(state))
        actions = GAME.legal_actions(state, seat)
        GAME._apply(state, seat, rng.choice(actions))
        steps += 1
    return steps


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start, cpu = time.perf_counter(), time.process_time()
    steps = sum(play(seed) for seed in range(n))
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    print(f"{n} random games in {elapsed:.2f} s: {n / elapsed:.1f} games/s "
          f"({n / used:.1f} per CPU second), {steps / n:.0f} actions per game")


if __name__ == "__main__":
    main()
