"""Dragon Front against python-chess in decisions per second, same run (python
bench/dragonfront_vs_chess.py [games]). Needs python-chess for the bench only: `pip install chess`.

A decision is: list the legal actions, pick one at random, apply it, ask for the outcome (Dragon
Front: `legal_actions` + `apply` + `outcome`; chess: `list(board.legal_moves)` + `push` +
`is_game_over()`). Prints both rates and their ratio, then `view()` microseconds (p50 / p99) for the
public view and a seat's view, sampled along the Dragon Front games. Times are CPU time
(`time.process_time`), so other work on a shared machine weighs less on the figures, and the two
games take turns (one seeded game of each at a time), so a slow spell of the machine weighs on both.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402

from games.dragonfront import GAME  # noqa: E402


def dragonfront_game(seed: int, states: list) -> tuple[int, float]:
    """Plays one seeded random Dragon Front game; returns (decisions, CPU seconds) and keeps a
    copy of every 25th state in `states` for the view() timings (copying is not timed)."""
    decisions, spent = 0, 0.0
    st = GAME.new_game(seed, 2, {})
    rng = random.Random(seed)
    start = time.process_time()
    while GAME.outcome(st) is None:
        seat = rng.choice(GAME.to_play(st))
        GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        decisions += 1
        if decisions % 25 == 0:
            spent += time.process_time() - start
            states.append(GAME.copy(st))
            start = time.process_time()
    return decisions, spent + time.process_time() - start


def chess_game(seed: int) -> tuple[int, float]:
    """Plays one seeded random chess game; returns (decisions, CPU seconds)."""
    decisions, start = 0, time.process_time()
    board, rng = chess.Board(), random.Random(seed)
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        decisions += 1
    return decisions, time.process_time() - start


def view_us(states: list, seat: int | None) -> tuple[float, float]:
    times = []
    for st in states:
        start = time.process_time()
        GAME.view(st, seat)
        times.append((time.process_time() - start) * 1e6)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, len(times) * 99 // 100)]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    d_n = c_n = 0
    d_t = c_t = 0.0
    states: list = []
    for seed in range(n):  # one game of each in turn: a slower spell of the machine slows both
        dn, dt = dragonfront_game(seed, states)
        cn, ct = chess_game(seed)
        d_n, d_t, c_n, c_t = d_n + dn, d_t + dt, c_n + cn, c_t + ct
    df, ch = d_n / d_t, c_n / c_t
    print(f"Dragon Front {d_n} decisions in {d_t:.2f} s: {df:,.0f}/s")
    print(f"chess        {c_n} decisions in {c_t:.2f} s: {ch:,.0f}/s")
    print(f"ratio Dragon Front / chess: {df / ch:.2f}x")
    for name, seat in (("public", None), ("seat 0", 0)):
        p50, p99 = view_us(states, seat)
        print(f"view() {name}: p50 {p50:.0f} us, p99 {p99:.0f} us ({len(states)} states)")


if __name__ == "__main__":
    main()
