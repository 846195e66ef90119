"""Board and hand PNG render+encode time and size for every registered game, against a floor.

Positions come from seeded random games (several seeds), rendered in play order. For each position
the board is rendered and encoded, then the floor is timed right after it: `renderers.common.to_png`
(Pillow's PNG encoder with the settings every image uses) on a blank canvas of the same size, mode
and palette. Boards themselves go through `renderers.bands` (the same settings, a band of rows
already compressed for an earlier board not compressed again), so a board is timed as the bot
makes it. The ratio of the two, taken in the same run, is what to compare (the machine is shared
and noisy; all times are CPU time). Re-encoding the finished board's own pixels with `to_png` is
timed too: what the picture's content alone would cost a whole-image encoder. The renderers are warmed first as
the bot warms them at start (`renderers.warmup.warm`: a game of seed 0, not one of the bench's).

    python bench/render.py [--game NAME] [--players N] [--seed 1] [--positions 300]
    python bench/render.py --all        every game (RivalWing with 2, 4 and 8 dragons)
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import games  # noqa: E402
from games.core import Game  # noqa: E402
from renderers import warmup  # noqa: E402
from renderers.common import to_png  # noqa: E402

MAX_STEPS = 600
"""Longest stretch of one random game kept (RivalWing games can run long)."""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def positions(game: Game, players: int, seed: int, count: int) -> list[tuple[Any, Any]]:
    """Returns `count` (public view, to-play seat's view) pairs from seeded random games, in play
    order as a host renders them; a long game is thinned (every k-th position) to a third of the
    count, so that every run spans at least three games."""
    picked: list[tuple[Any, Any]] = []
    for index in range(100):
        played = warmup.random_game(game, players, seed + index, MAX_STEPS)
        stride = -(-len(played) // max(1, count // 3))
        picked += played[::stride]
        if len(picked) >= count:
            break
    return picked[:count]


def _decode(png: bytes) -> tuple[Image.Image, Image.Image]:
    """Returns the PNG's image and a blank one of its size and mode (and palette)."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        blank = Image.new(image.mode, image.size)
        if image.mode == "P":
            blank.putpalette(image.getpalette() or [])
        return image.copy(), blank


def _ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values):6.2f} p99 {_percentile(values, 0.99):6.2f}"


def measure(game: Game, players: int, seed: int, count: int) -> str:
    """Times board and hand renders and the blank-canvas floor; returns one report line."""
    renderer = games.entry(game.info.name).load_renderer()
    names = [f"Player {i + 1}" for i in range(players)]
    views = positions(game, players, seed, count)
    board_ms: list[float] = []
    floor_ms: list[float] = []
    encode_ms: list[float] = []
    hand_ms: list[float] = []
    sizes: list[int] = []
    shapes: set[tuple[int, int, str]] = set()
    for public, mine in views:
        start = time.process_time()
        png = renderer.render_board(public, names=names)
        board_ms.append((time.process_time() - start) * 1000)
        sizes.append(len(png))
        board, blank = _decode(png)
        shapes.add((*blank.size, blank.mode))
        start = time.process_time()
        to_png(blank)
        floor_ms.append((time.process_time() - start) * 1000)
        start = time.process_time()
        to_png(board)
        encode_ms.append((time.process_time() - start) * 1000)
        if mine is not None:
            start = time.process_time()
            renderer.render_hand(mine, names=names)
            hand_ms.append((time.process_time() - start) * 1000)
    ratio50 = statistics.median(board_ms) / statistics.median(floor_ms)
    ratio99 = _percentile(board_ms, 0.99) / _percentile(floor_ms, 0.99)
    shape = ", ".join(f"{w}x{h} {m}" for w, h, m in sorted(shapes))
    return (f"{game.info.name:<12} {players}p {len(board_ms)} positions ({shape}): "
            f"board {_ms(board_ms)} ms | floor {_ms(floor_ms)} ms | "
            f"ratio p50 {ratio50:.1f}x p99 {ratio99:.1f}x | re-encoding the board alone p50 "
            f"{statistics.median(encode_ms) / statistics.median(floor_ms):.1f}x | "
            f"largest PNG {max(sizes) / 1024:.0f} KiB"
            f" | hand p50 {statistics.median(hand_ms):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=games.DEFAULT)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    runs: list[tuple[Game, int]] = []
    for game in games.all_games() if args.all else [games.get(args.game)]:
        if args.all and game.info.name == "rivalwing":
            runs += [(game, n) for n in (2, 4, 8)]
        else:
            runs.append((game, args.players or game.info.max_players))
    warmup.warm()  # as the bot does at start
    for game, players in runs:
        print(measure(game, players, args.seed, args.positions), flush=True)


if __name__ == "__main__":
    main()
