"""All eight Dragon Front base decks against each other (python bench/dragonfront_decks.py [games]
[--random]).

Plays seeded random games over every faction pairing in turn (1,000 by default) and prints, per
faction, games, wins and draws, plus any error with the seed that caused it. With --random each seat
brings a random legal deck drawn from the whole pool instead (the engine's `deck` option): a random
faction, one of its champions, 30 supported cards of its own faction or Unaligned, at most 2 copies.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dragonfront import GAME  # noqa: E402
from games.dragonfront import cards as C  # noqa: E402
from tests.playout import random_playout  # noqa: E402


def random_deck(rng: random.Random, faction: str) -> dict:
    """Returns a random legal deck of `faction` (a title, e.g. "Eclipse") from the whole pool."""
    table = C.cards()
    fits = [cid for cid, c in sorted(table.items()) if C.is_supported(cid)
            and (c["collectible"] or c["rarity"] != "Token")
            and (c["faction"] in (faction, "Unaligned") or faction in (c.get("valid_factions") or []))]
    champs = [cid for cid in fits if table[cid]["type"] == "champion"]
    pool = [cid for cid in fits if table[cid]["type"] != "champion"] * 2
    deck = {"faction": faction.lower(), "champion": rng.choice(champs),
            "cards": rng.sample(pool, 30)}
    problems = C.validate_deck(faction, deck["champion"], deck["cards"])
    assert not problems, problems
    return deck


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1000
    built = "--random" in sys.argv
    factions = [f.lower() for f in C.FACTIONS]
    pairs = [(a, b) for a in factions for b in factions]
    played, won, drawn = Counter(), Counter(), Counter()
    errors = 0
    reasons = Counter()
    start = time.perf_counter()
    for seed in range(n):
        a, b = pairs[seed % len(pairs)]
        options: dict = {"faction": [a, b]}
        if built:
            rng = random.Random(seed)
            options["deck"] = [random_deck(rng, f.title()) for f in (a, b)]
        try:
            result = random_playout(GAME, seed, 2, options)
        except Exception:  # noqa: BLE001 - the bench reports every failure
            errors += 1
            print(f"seed {seed} ({a} vs {b}) failed:\n{traceback.format_exc()}")
            continue
        outcome = GAME.outcome(result.state)
        reasons[str(outcome.reason)] += 1
        for seat, faction in enumerate((a, b)):
            played[faction] += 1
            if outcome.winners == (seat,):
                won[faction] += 1
            elif not outcome.winners:
                drawn[faction] += 1
    elapsed = time.perf_counter() - start
    print(f"{n} games over {len(pairs)} pairings in {elapsed:.0f} s, {errors} errors; endings "
          + ", ".join(f"{why}: {k}" for why, k in reasons.most_common()))
    for faction in factions:
        print(f"  {faction:9} played {played[faction]:4}  won {won[faction]:4}  drawn {drawn[faction]:3}")


if __name__ == "__main__":
    main()
