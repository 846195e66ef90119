"""Prints how many random full Drachenherz games one process plays per second."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402


def main(games_to_play: int = 2000) -> None:
    game = games.get("drachenherz")
    actions = 0
    start = time.perf_counter()
    for seed in range(games_to_play):
        state = game.new_game(seed, 2)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_play(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"drachenherz random playouts: {games_to_play / elapsed:.0f} games/s "
          f"({actions / games_to_play:.1f} actions/game, {actions / elapsed:.0f} actions/s, "
          f"{games_to_play} games in {elapsed:.2f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
