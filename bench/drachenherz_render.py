"""Prints Drachenherz board render+encode times (p50, p99) over playout states and the largest PNG."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from renderers.drachenherz import render_board, render_hand  # noqa: E402


def main(playouts: int = 3) -> None:
    game = games.get("drachenherz")
    times: list[float] = []
    sizes: list[int] = []
    hand_times: list[float] = []
    names = ["Ann", "Bob"]
    for seed in range(playouts):
        state = game.new_game(seed, 2)
        rng = random.Random(seed)
        while True:
            view = game.view(state, None)
            t = time.perf_counter()
            png = render_board(view, names=names)
            times.append(time.perf_counter() - t)
            sizes.append(len(png))
            t = time.perf_counter()
            render_hand(game.view(state, state.current), names=names)
            hand_times.append(time.perf_counter() - t)
            if game.is_over(state):
                break
            seat = state.current
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    times.sort()
    hand_times.sort()

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p * len(values)))] * 1000

    print(f"drachenherz board render+encode over {len(times)} states: p50 {pct(times, 0.5):.1f} ms, "
          f"p99 {pct(times, 0.99):.1f} ms; PNG max {max(sizes) / 1024:.1f} KiB; "
          f"hand p50 {pct(hand_times, 0.5):.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
