"""Dragon Front's work per decision and per view in Python bytecodes executed, a figure the
machine's load does not move (python bench/dragonfront_opcodes.py [games]).

On a shared machine the CPU times of `bench/dragonfront_vs_chess.py` vary by a third from one
run to the next; this counts, with a trace function, the bytecode instructions the bench's loop
runs (the same seeded random games: legal actions, pick, apply, outcome), the part of them spent
listing actions, and the instructions of `view()` (public and seat 0) on every fifth position.
Run it on two versions to compare them: fewer instructions is less work, though not every
instruction costs the same. Tracing is slow: the default of 6 games takes some seconds. It counts
the interpreted engine only (`HOARD_PURE_PYTHON=1 pip install -e .`): compiled code runs no
bytecode, and the script says so and stops.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dragonfront import GAME, rules  # noqa: E402
from games.native import compiled_pairs  # noqa: E402


def count(work: Callable[[], object]) -> int:
    """Returns how many bytecode instructions `work` runs."""
    seen = [0]

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            seen[0] += 1
        return tracer

    sys.settrace(tracer)
    try:
        work()
    finally:
        sys.settrace(None)
    return seen[0]


def positions(games: int) -> list[tuple[Any, int]]:
    """Returns a copy of every position of the seeded random games with the seat to decide."""
    out = []
    for seed in range(games):
        st, rng = GAME.new_game(seed, 2, {}), random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            out.append((GAME.copy(st), seat))
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return out


def loop(games: int) -> None:
    """The bench's loop: legal actions, pick, apply, outcome."""
    for seed in range(games):
        st, rng = GAME.new_game(seed, 2, {}), random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))


def main() -> None:
    if compiled_pairs():
        sys.exit("The engine is compiled (mypyc) and runs no bytecode to count: install it with "
                 "HOARD_PURE_PYTHON=1 pip install -e . first.")
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    snaps = positions(games)
    loop(games)  # once untraced: the card data's first-use caches are built
    total = count(lambda: loop(games))
    listing = count(lambda: [rules.legal(st, seat) for st, seat in snaps])
    sample = snaps[::5]
    for st, _ in sample:  # untraced first: texts of cards are built once, on first sight
        GAME.view(st, 0)
    public = count(lambda: [GAME.view(st, None) for st, _ in sample])
    seat0 = count(lambda: [GAME.view(st, 0) for st, _ in sample])
    n, m = len(snaps), len(sample)
    print(f"{n} decisions: {total / n:,.0f} bytecodes a decision ({listing / n:,.0f} listing "
          f"actions); view() {public / m:,.0f} public, {seat0 / m:,.0f} seat 0 ({m} positions)")


if __name__ == "__main__":
    main()
