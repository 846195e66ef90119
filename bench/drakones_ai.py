"""Plays the Drakones AI against a random and a greedy player; prints win rates and think times."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.drakones import greedy  # noqa: E402


def play(seed: int, opponent: str, stats: dict[str, float]) -> bool:
    """Plays one seeded game; returns True when the AI (seat seed % 2) wins."""
    game = games.get("drakones")
    state = game.new_game(seed, 2)
    ai_seat = seed % 2
    rng = random.Random(seed)
    turn_start = None
    turn_time = 0.0
    while state.winner is None:
        seat = state.current
        actions = game.legal_actions(state, seat)
        if seat == ai_seat:
            t0 = time.perf_counter()
            action = games.entry(game.info.name).ai(game.view(state, seat), actions, rng.randrange(1 << 30))
            dt = time.perf_counter() - t0
            stats["max_decision"] = max(stats["max_decision"], dt)
            stats["decisions"] += 1
            stats["think"] += dt
            if turn_start != state.turn:
                turn_start, turn_time = state.turn, 0.0
            turn_time += dt
            stats["max_turn"] = max(stats["max_turn"], turn_time)
        elif opponent == "random":
            action = rng.choice(actions)
        else:
            action = greedy.choose(game.view(state, seat), actions)
        game.apply(state, seat, action)
    stats["reason_" + state.reason] = stats.get("reason_" + state.reason, 0) + 1
    return state.winner == ai_seat


def main(n: int = 500) -> None:
    for opponent in ("random", "greedy"):
        stats = {"max_decision": 0.0, "max_turn": 0.0, "decisions": 0, "think": 0.0}
        start = time.perf_counter()
        wins = sum(play(seed, opponent, stats) for seed in range(n))
        elapsed = time.perf_counter() - start
        reasons = {k[7:]: int(v) for k, v in stats.items() if k.startswith("reason_")}
        print(f"vs {opponent}: won {wins}/{n} = {wins / n:.1%}; max {stats['max_decision']:.3f}s "
              f"per decision, max {stats['max_turn']:.3f}s per turn, mean "
              f"{stats['think'] / max(1, stats['decisions']) * 1000:.1f} ms; endings {reasons}; "
              f"{elapsed:.0f}s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
