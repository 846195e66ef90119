"""Board and hand PNG render+encode time and size for any registered game, over a playout's states.

    python bench/render.py [--game NAME] [--players N] [--seed 1]
    python bench/render.py --all        every game (RivalWing with 8 dragons)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.core import Game  # noqa: E402


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def measure(game: Game, players: int, seed: int, limit: int = 400) -> str:
    renderer = games.entry(game.info.name).load_renderer()
    names = [f"Player {i + 1}" for i in range(players)]
    state = game.new_game(seed, players, {})
    rng = random.Random(seed)
    board_ms: list[float] = []
    hand_ms: list[float] = []
    sizes: list[int] = []
    renderer.render_board(game.view(state, None), names=names)  # warm up: fonts, palettes
    for _ in range(limit):
        start = time.process_time()
        png = renderer.render_board(game.view(state, None), names=names)
        board_ms.append((time.process_time() - start) * 1000)
        sizes.append(len(png))
        owed = game.to_play(state)
        if not owed:
            break
        seat = rng.choice(owed)
        start = time.process_time()
        renderer.render_hand(game.view(state, seat), names=names)
        hand_ms.append((time.process_time() - start) * 1000)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return (f"{game.info.name} {players}p over {len(board_ms)} states (CPU time): board p50 "
            f"{statistics.median(board_ms):.1f} ms, p99 {_percentile(board_ms, 0.99):.1f} ms, "
            f"largest PNG {max(sizes) / 1024:.0f} KiB; hand p50 {statistics.median(hand_ms):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=games.DEFAULT)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    for game in games.all_games() if args.all else [games.get(args.game)]:
        players = args.players or game.info.max_players
        print(measure(game, players, args.seed), flush=True)


if __name__ == "__main__":
    main()
