"""Random full games per second for any registered game, through the checked `apply` path.

Each step takes a seat that owes a decision and one of its legal actions uniformly at random, as
the conformance suite does (indexing with `random()`, which costs the harness far less than
`random.choice`, so the figure is the engine's). Prints wall-clock and CPU rates (CPU time is
steadier on a shared machine).

    python bench/playout.py [--game NAME] [--players N] [--games 300] [--repeat 5]
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


def play(game: Game, players: int, count: int) -> tuple[float, float, int]:
    """Plays `count` random games (seeds 0..count-1); returns (wall s, CPU s, actions)."""
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
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def measure(game: Game, players: int, count: int, repeat: int = 1) -> str:
    """Returns the rates of `repeat` runs of the same games: the median run, and the range."""
    runs = sorted(play(game, players, count) for _ in range(repeat))
    wall, cpu, actions = runs[len(runs) // 2]
    text = (f"{game.info.name} {players}p: {count / wall:.0f} games/s wall, "
            f"{count / cpu:.0f} games/s CPU ({actions / count:.0f} actions/game, {count} games)")
    if repeat > 1:
        text += (f"; median of {repeat} runs, wall range {count / runs[-1][0]:.0f}"
                 f"-{count / runs[0][0]:.0f} games/s")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=games.DEFAULT)
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run the same games this many times and report the median run")
    args = parser.parse_args()
    chosen = games.all_games() if args.all else [games.get(args.game)]
    for game in chosen:
        counts = ([args.players] if args.players else
                  sorted({game.info.min_players, min(4, game.info.max_players)}))
        for players in counts:
            print(measure(game, players, args.games, args.repeat), flush=True)


if __name__ == "__main__":
    main()
