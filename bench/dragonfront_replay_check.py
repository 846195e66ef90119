"""Dumps seeded random Dragon Front games as JSON (python bench/dragonfront_replay_check.py
[games] [out.json] [--random]), to compare two versions of the engine: same seeds must give the
same action codes, the same states and the same views (run it on both, then `cmp` the files).

Each game: the bench's random policy (`random.Random(seed)` picks the seat, then the action), the
action codes in order, a SHA-256 of the final state's JSON, one of the state after every decision,
and one of all views (public and each seat's) taken every 10 decisions. With --random each seat
brings a random legal deck from the whole pool (as `bench/dragonfront_decks.py --random`), so far
more cards are played than in the base decks.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dragonfront_decks import random_deck  # noqa: E402
from games.dragonfront import GAME  # noqa: E402
from games.dragonfront import cards as C  # noqa: E402


def _digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def play(seed: int, built: bool = False) -> dict[str, object]:
    """Plays one seeded random game (with random decks when `built`); returns its codes and
    digests."""
    options: dict[str, object] = {}
    if built:
        pick = random.Random(seed)
        options["deck"] = [random_deck(pick, pick.choice(C.FACTIONS)) for _ in (0, 1)]
    st = GAME.new_game(seed, 2, options)
    rng = random.Random(seed)
    codes: list[str] = []
    views, states = hashlib.sha256(), hashlib.sha256()
    while GAME.outcome(st) is None:
        seat = rng.choice(GAME.to_play(st))
        action = rng.choice(GAME.legal_actions(st, seat))
        codes.append(action.encode())
        GAME.apply(st, seat, action)
        states.update(_digest(GAME.to_json(st)).encode())
        if len(codes) % 10 == 0:
            for who in (None, 0, 1):
                views.update(_digest(GAME.view(st, who)).encode())
    return {"seed": seed, "codes": codes, "state": _digest(GAME.to_json(st)),
            "states": states.hexdigest(), "views": views.hexdigest()}


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--random"]
    n = int(args[0]) if args else 100
    out = [play(seed, "--random" in sys.argv) for seed in range(n)]
    text = json.dumps(out, indent=0)
    if len(args) > 1:
        Path(args[1]).write_text(text)
    print(_digest(out), sum(len(g["codes"]) for g in out), "decisions")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
