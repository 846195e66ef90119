"""Dumps seeded random Dragon Front games as JSON (python bench/dragonfront_replay_check.py
[games] [out.json]), to compare two versions of the engine: same seeds must give the same action
codes, the same final states and the same views (run it on both, then `cmp` the files).

Each game: the bench's random policy (`random.Random(seed)` picks the seat, then the action), the
action codes in order, a SHA-256 of the final state's JSON, and one of all views (public and each
seat's) taken every 10 decisions.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dragonfront import GAME  # noqa: E402


def _digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def play(seed: int) -> dict[str, object]:
    """Plays one seeded random game; returns its codes and digests."""
    st = GAME.new_game(seed, 2, {})
    rng = random.Random(seed)
    codes: list[str] = []
    views = hashlib.sha256()
    while GAME.outcome(st) is None:
        seat = rng.choice(GAME.to_play(st))
        action = rng.choice(GAME.legal_actions(st, seat))
        codes.append(action.encode())
        GAME.apply(st, seat, action)
        if len(codes) % 10 == 0:
            for who in (None, 0, 1):
                views.update(_digest(GAME.view(st, who)).encode())
    return {"seed": seed, "codes": codes, "state": _digest(GAME.to_json(st)),
            "views": views.hexdigest()}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    out = [play(seed) for seed in range(n)]
    text = json.dumps(out, indent=0)
    if len(sys.argv) > 2:
        Path(sys.argv[2]).write_text(text)
    print(_digest(out), sum(len(g["codes"]) for g in out), "decisions")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
