"""Measures Drakones board and hand render times (PNG bytes included) over states of a playout."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from renderers import drakones as renderer  # noqa: E402


def main(n: int = 60) -> None:
    game = games.get("drakones")
    state = game.new_game(7, 2)
    rng = random.Random(7)
    views = []
    while state.winner is None and len(views) < n:
        views.append(game.view(state, None))
        for _ in range(5):
            if state.winner is None:
                game.apply(state, state.current, rng.choice(game.legal_actions(state, state.current)))
    names = ["Alice", "Bob"]
    renderer.render_board(views[0], names=names)  # fonts load once
    times, cpus, sizes = [], [], []
    for view in views:
        t0, c0 = time.perf_counter(), time.process_time()
        png = renderer.render_board(view, names=names)
        times.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        sizes.append(len(png))
    times.sort()
    cpus.sort()
    hand_view = game.view(state, state.current)
    t0 = time.perf_counter()
    hand = renderer.render_hand(hand_view, names=names) or b""
    hand_time = time.perf_counter() - t0
    print(f"board: median {times[len(times) // 2] * 1000:.1f} ms wall "
          f"({cpus[len(cpus) // 2] * 1000:.1f} ms CPU), max {times[-1] * 1000:.1f} ms, "
          f"max {max(sizes) / 1024:.0f} KiB over {len(views)} states; "
          f"hand {hand_time * 1000:.1f} ms, {len(hand) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
