"""Random full games per second for any registered game, through the checked `apply` path.

Each step takes a seat that owes a decision and one of its legal actions uniformly at random, as
the conformance suite does (indexing with `random()`, which costs the harness far less than
`random.choice`, so the figure is the engine's). Prints wall-clock and CPU rates (CPU time is
steadier on a shared machine).

    python bench/playout.py [--game NAME] [--players N] [--games 300]
    python bench/playout.py --all        every game at its least and most seats
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.core import Game  # noqa: E402


def measure(game: Game, players: int, count: int) -> str:
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(count):
        state = game.new_game(seed, players, {})
        pick = random.Random(seed).random
        while game.outcome(state) is None:
            seats = game.to_play(state)
            seat = seats[int(pick() * len(seats))]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[int(pick() * len(legal))])
            actions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return (f"{game.info.name} {players}p: {count / wall:.0f} games/s wall, "
            f"{count / cpu:.0f} games/s CPU ({actions / count:.0f} actions/game, {count} games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=games.DEFAULT)
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    chosen = games.all_games() if args.all else [games.get(args.game)]
    for game in chosen:
        counts = ([args.players] if args.players else
                  sorted({game.info.min_players, min(4, game.info.max_players)}))
        for players in counts:
            print(measure(game, players, args.games), flush=True)


if __name__ == "__main__":
    main()
