"""Prints how many random full RivalWing games per second the engine plays (wall and CPU time).

Usage: `python bench/rivalwing_playout.py [players] [games] [runs]`; players may be a comma list
(default "2,4,8"). Random play goes through the checked contract path the conformance suite uses:
the seat comes from `to_play`, the action is a uniform pick from `legal_actions`, and
`GAME.apply` checks it before applying. The machine may be shared, so the CPU-time rate
(`time.process_time`) is the figure to compare; wall time is printed beside it.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rivalwing import GAME  # noqa: E402


def play(seed: int, players: int) -> int:
    """Plays one random game through the checked `apply` and returns its number of actions."""
    state = GAME.new_game(seed, players)
    rng = random.Random(seed)
    steps = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_play(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        steps += 1
    return steps


def bench(players: int, games: int, runs: int) -> None:
    """Times `runs` batches of `games` random games and prints each rate and the best."""
    for seed in range(5):
        play(10_000 + seed, players)
    walls, cpus = [], []
    for run in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        steps = sum(play(run * games + seed, players) for seed in range(games))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        walls.append(games / wall)
        cpus.append(games / cpu)
        print(f"{players} players, run {run + 1}: {games} games, wall {wall:.2f} s = "
              f"{games / wall:.1f} games/s, CPU {cpu:.2f} s = {games / cpu:.1f} games/s; "
              f"{steps / games:.0f} actions/game, {cpu / steps * 1e6:.1f} µs CPU/action")
    print(f"{players} players best: {max(walls):.1f} games/s wall, {max(cpus):.1f} games/s CPU "
          f"(mean {sum(walls) / runs:.1f} wall, {sum(cpus) / runs:.1f} CPU)")


def main() -> None:
    counts = sys.argv[1] if len(sys.argv) > 1 else "2,4,8"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    for players in (int(c) for c in counts.split(",")):
        bench(players, games, runs)


if __name__ == "__main__":
    main()
