"""Prints the RivalWing AI's win rates against random and greedy players, and seconds per decision.

- 2 players: 500 seeded duels against a random player, 500 against a greedy player (always attack
  the weakest side with the most damage; play Scales when hit), seats alternating.
- 4 players: the AI against three random players.
Usage: python bench/rivalwing_ai.py [duels] [tables]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rivalwing import GAME  # noqa: E402
from games.rivalwing.actions import Act  # noqa: E402
from games.rivalwing.ai import choose, choose_mat  # noqa: E402
from games.rivalwing.cards import KINDS, SIDES  # noqa: E402

DECISION_TIMES: list[float] = []


def random_player(view: dict[str, Any], codes: list[str], rng: random.Random) -> str:
    return rng.choice(codes)


def greedy_player(view: dict[str, Any], codes: list[str], rng: random.Random) -> str:
    """Attacks the weakest side it can reach with its biggest hits; plays Scales when hit."""
    players = view["players"]

    def side_left(seat: int, side: str) -> int:
        loc = players[seat]["locations"][side]
        return 99 if loc["breached"] else loc["points"] - loc["damage"]

    if view["phase"] == "defense":
        scales = [c for c in codes if c.startswith("d:sc.")]
        if scales:
            return scales[0]
        return "dend" if "dend" in codes else "none"
    if view["phase"] == "action":
        targets = [c for c in codes if c.startswith("atk:") and c[4:].isdigit()]
        if targets:
            return min(targets, key=lambda c: min(side_left(int(c[4:]), s) for s in SIDES))
        discards = [c for c in codes if c.startswith("dis:")]
        return discards[0] if discards else codes[0]
    if view["phase"] == "build":
        t = view["build"]["target"]
        weakest = min(SIDES, key=lambda s: side_left(t, s)) if t is not None else "F"
        best, worth = None, 0
        for c in codes:
            parts = c.split(":")
            if parts[0] not in ("add", "addc"):
                continue
            info = KINDS[parts[1]]
            dmg = info.get("damage", 5)
            side = {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}.get(info.get("side", ""))
            if side is None and len(parts) > 2:
                side = parts[2]
            value = dmg + (10 if side == weakest else 0)
            if value > worth:
                best, worth = c, value
        if best:
            return best
        return "decl" if "decl" in codes else codes[0]
    return "end" if "end" in codes else codes[0]


def ai_player(view: dict[str, Any], codes: list[str], rng: random.Random) -> str:
    start = time.perf_counter()
    action = choose(view, [Act(c) for c in codes], rng.randrange(1 << 30))
    DECISION_TIMES.append(time.perf_counter() - start)
    return action.code


def duel(seed: int, policies: list, ai_seat: int) -> bool:
    n = len(policies)
    mats: list[str | None] = [None] * n
    mats[ai_seat] = choose_mat(n)
    state = GAME.new_game(seed, n, {"mat": mats})
    rng = random.Random(seed)
    steps = 0
    while state.phase != "over" and steps < GAME.info.max_actions:
        seat = GAME.to_play(state)[0]
        codes = [code for code, _ in GAME.options(state, seat)]
        code = policies[seat](GAME.view(state, seat), codes, rng)
        GAME._apply(state, seat, Act(code))
        steps += 1
    outcome = GAME.outcome(state)
    return outcome is not None and ai_seat in outcome.winners


def rate(games: int, players: int, opponent) -> float:
    wins = 0
    for seed in range(games):
        ai_seat = seed % players
        policies = [opponent] * players
        policies[ai_seat] = ai_player
        wins += duel(10_000 + seed, policies, ai_seat)
    return wins / games


def main() -> None:
    duels = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    tables = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    start = time.perf_counter()
    r = rate(duels, 2, random_player)
    print(f"2 players vs random: {r:.1%} of {duels}")
    g = rate(duels, 2, greedy_player)
    print(f"2 players vs greedy: {g:.1%} of {duels}")
    f = rate(tables, 4, random_player)
    print(f"4 players vs 3 random: {f:.1%} of {tables}")
    times = sorted(DECISION_TIMES)
    print(f"AI seconds per decision: mean {sum(times) / len(times):.5f}, "
          f"max {times[-1]:.4f} over {len(times)} decisions ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
