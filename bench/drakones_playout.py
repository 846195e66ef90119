"""Measures random full Drakones games per second (uniformly random legal actions).

Two ways: through the checked contract (`legal_actions` + `apply`, what the host and the
conformance suite use) and through the engine's unchecked path (`rules.legal` + `rules.perform`,
what a search would use). CPU time is printed beside wall time because the machine is shared.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.drakones import rules  # noqa: E402


def run(n: int, *, checked: bool) -> None:
    game = games.get("drakones")
    start, cpu = time.perf_counter(), time.process_time()
    steps = turns = 0
    reasons: dict[str, int] = {}
    for seed in range(n):
        state = game.new_game(seed, 2)
        rng = random.Random(seed)
        while state.winner is None:
            if checked:
                seat = game.to_play(state)[0]
                game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            else:
                seat = state.current
                rules.perform(state, seat, rng.choice(rules.legal(state, seat)), rules.Turn(state))
            steps += 1
        turns += state.turn
        reasons[state.reason] = reasons.get(state.reason, 0) + 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{'checked' if checked else 'engine '}: {n} games in {elapsed:.2f}s wall, {cpu:.2f}s CPU: "
          f"{n / elapsed:.1f} games/s ({n / cpu:.1f} per CPU second); {steps / n:.0f} steps and "
          f"{turns / n:.0f} turns per game; endings {reasons}")


def main(n: int = 300) -> None:
    run(n, checked=True)
    run(n, checked=False)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
