"""Prints how many random full RivalWing games per second the engine plays (4 players by default).

Random play: the seat that owes a decision picks uniformly among its legal actions (the engine's
own option list, unmemoised, applied without the re-check the host's `apply` does).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rivalwing import GAME  # noqa: E402
from games.rivalwing.actions import Act  # noqa: E402


def play(seed: int, players: int) -> int:
    """Plays one random game and returns its number of actions."""
    state = GAME.new_game(seed, players)
    rng = random.Random(seed)
    steps = 0
    while state.phase != "over":
        seat = GAME.to_play(state)[0]
        code, _ = rng.choice(GAME._options(state, seat))
        GAME._apply(state, seat, Act(code))
        steps += 1
    return steps


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    for seed in range(10):
        play(10_000 + seed, players)
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        cpu = time.process_time()
        steps = sum(play(run * games + seed, players) for seed in range(games))
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        rates.append(games / elapsed)
        print(f"{players} players, run {run + 1}: {games} random games in {elapsed:.2f} s = "
              f"{games / elapsed:.1f} games/s ({games / cpu:.1f} per CPU second), "
              f"{steps / games:.0f} actions/game, {elapsed / steps * 1e6:.1f} µs/action")
    print(f"best {max(rates):.1f} games/s, mean {sum(rates) / len(rates):.1f} games/s")


if __name__ == "__main__":
    main()
