"""Seeded matches between computer levels, with Wilson 95% intervals and hard decision times.

    python bench/ai_levels.py --game drachenherz --games 300                # the issue's three pairings
    python bench/ai_levels.py --game rivalwing --players 4 --match hard:normal --games 200
    python bench/ai_levels.py --game drakones --match hard:normal --seconds 0.25 --jobs 2
    python bench/ai_levels.py --game embers --toy --match hard:normal --iterations 50
    python bench/ai_levels.py --game drakones --match hard:normal --iterations 48 --log d.jsonl
    python bench/ai_levels.py --summarize d.jsonl                    # the figure so far
    python bench/ai_levels.py --game drakones --rate 15              # rollouts 1 s buys here

A match "A:B" seats one A player against B players (three of them at a 4-player table); A's seat
turns round from game to game. A game is worth 1 to A for a win, a share for a shared win, 1/n for
a draw. Levels are easy, normal, hard and random (a uniform legal move). Game i uses seed
`--seed + i`, every decision's seed is derived from it, so a run with `--iterations` (a fixed
rollout count, no clock) is reproducible. `--log` appends every finished game as a JSON line, and
`--summarize` adds up such logs (a seed counted once), so a long run may be split over processes
or cut short. `--rate` measures how many rollouts the time budget buys in positions of a seeded
normal game, to pick an `--iterations` count the default budget always reaches on this machine.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.levels import Level, levels_of  # noqa: E402
from games.rng import Rng  # noqa: E402
from games.search import DEFAULT_SECONDS, Budget, derive_seed, reward  # noqa: E402

DEFAULT_MATCHES = ("hard:normal", "normal:easy", "easy:random")
Z95 = 1.959964


@dataclass(slots=True)
class Played:
    """One game's result for the A player, and the A player's hard decision times."""

    value: float
    steps: int
    times: list[float] = field(default_factory=list)
    rollouts: int = 0


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Returns the Wilson score interval of a proportion (draws count as half successes)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) by the nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def play(name: str, players: int, seed: int, a: str, b: str, budget: Budget,
         options: dict[str, Any], toy: bool) -> Played:
    """Plays one seeded game of A against B players; returns A's result."""
    if toy:
        from tests import toygame

        toygame.install()
    entry = games.entry(name)
    game, lv = entry.game, levels_of(entry)
    state = game.new_game(seed, players, options)
    a_seat = seed % players
    played = Played(0.0, 0)
    for step in range(game.info.max_actions):
        if game.outcome(state) is not None:
            break
        seat = game.to_play(state)[0]
        kind = a if seat == a_seat else b
        decision_seed = derive_seed(seed, step, seat)
        if kind == "random":
            actions = game.legal_actions(state, seat)
            action = actions[Rng(decision_seed).below(len(actions))]
        else:
            t0 = time.perf_counter()
            action, stats = lv.decide_with_stats(state, seat, Level(kind), decision_seed, budget)
            if seat == a_seat and kind == "hard" and stats is not None and stats.rollouts:
                played.times.append(time.perf_counter() - t0)
                played.rollouts += stats.rollouts
        game.apply(state, seat, action)
        played.steps = step + 1
    outcome = game.outcome(state)
    played.value = 0.0 if outcome is None else reward(outcome, a_seat, players)
    return played


def run_match(args: argparse.Namespace, match: str, budget: Budget) -> dict[str, Any]:
    """Plays `args.games` games of one pairing and returns its summary."""
    a, b = match.split(":")
    options = dict(kv.split("=", 1) for kv in args.option)
    jobs = [(args.game, args.players, args.seed + i, a, b, budget, options, args.toy)
            for i in range(args.games)]
    start = time.perf_counter()
    key = {"game": args.game, "players": args.players, "match": match,
           "seconds": budget.seconds, "iterations": budget.iterations}
    results: list[Played] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        for job, result in zip(jobs, _played(jobs, args.jobs), strict=True):
            results.append(result)
            if log is not None:
                log.write(json.dumps({**key, "seed": job[2], "value": result.value,
                                      "steps": result.steps, "times": result.times,
                                      "rollouts": result.rollouts}) + "\n")
                log.flush()
    finally:
        if log is not None:
            log.close()
    return summarize(key, results, time.perf_counter() - start)


def _played(jobs: list[tuple[Any, ...]], processes: int) -> Iterator[Played]:
    """Yields the games' results in order, played in `processes` processes (1: this one)."""
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            yield from pool.map(play, *zip(*jobs, strict=True), chunksize=1)
    else:
        for job in jobs:
            yield play(*job)


def summarize(key: dict[str, Any], results: list[Played], elapsed: float) -> dict[str, Any]:
    """Returns the summary row of one pairing's played games."""
    value = sum(r.value for r in results)
    lo, hi = wilson(value, len(results))
    times = [t for r in results for t in r.times]
    return {
        **key, "games": len(results),
        "rate": value / max(1, len(results)), "low": lo, "high": hi,
        "decisions": len(times), "p50": percentile(times, 0.5), "p99": percentile(times, 0.99),
        "max": max(times, default=0.0),
        "rollouts_per_decision": sum(r.rollouts for r in results) / max(1, len(times)),
        "elapsed": elapsed,
    }


def describe(row: dict[str, Any]) -> str:
    """Returns one human line for a match summary."""
    a, b = row["match"].split(":")
    text = (f"{row['game']} {row['players']}p {a} vs {b}: {row['rate']:.1%} "
            f"[{row['low']:.1%}, {row['high']:.1%}] of {row['games']} games")
    if row["decisions"]:
        text += (f"; hard decision p50 {row['p50']:.3f} s, p99 {row['p99']:.3f} s, max "
                 f"{row['max']:.3f} s over {row['decisions']}, "
                 f"{row['rollouts_per_decision']:.0f} rollouts each")
    return text + f" ({row['elapsed']:.0f} s)"


def summarize_logs(paths: list[str]) -> list[dict[str, Any]]:
    """Returns the summary rows of `--log` files, one per game, players, pairing and budget (a
    game's seed counted once: a run resumed or split over processes adds up)."""
    groups: dict[tuple[Any, ...], dict[int, Played]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                key = (row["game"], row["players"], row["match"], row["seconds"],
                       row["iterations"])
                groups.setdefault(key, {})[row["seed"]] = Played(
                    row["value"], row["steps"], row["times"], row["rollouts"])
    names = ("game", "players", "match", "seconds", "iterations")
    return [summarize(dict(zip(names, key, strict=True)), list(played.values()), 0.0)
            for key, played in groups.items()]


def rollout_rate(name: str, players: int, positions: int, budget: Budget,
                 seed: int = 5) -> dict[str, Any]:
    """Searches `positions` positions of a seeded normal game (every other step with a choice) at
    `budget` and returns how many rollouts the decisions that used all of its time made: what a
    time budget buys on this machine now, to pick an `--iterations` count it always reaches."""
    entry = games.entry(name)
    game, lv = entry.game, levels_of(entry)
    state = game.new_game(seed, players, {})
    found: list[tuple[Any, int, int]] = []
    for step in range(game.info.max_actions):
        if game.outcome(state) is not None or len(found) >= positions:
            break
        seat = game.to_play(state)[0]
        actions = game.legal_actions(state, seat)
        if len(actions) > 1 and step % 2 == 0:
            found.append((game.copy(state), seat, step))
        game.apply(state, seat, lv.normal(game.view(state, seat), actions, step))
    search = lv.search()
    full: list[int] = []
    cpu = rollouts = 0.0
    for position, seat, step in found:
        c0, w0 = time.process_time(), time.perf_counter()
        result = search.run(position, seat, derive_seed(seed, step), budget)
        cpu += time.process_time() - c0
        rollouts += result.rollouts
        if budget.seconds is not None and time.perf_counter() - w0 >= 0.99 * budget.seconds:
            full.append(result.rollouts)
    full.sort()
    return {"game": name, "players": players, "positions": len(found), "seconds": budget.seconds,
            "full": len(full), "min": full[0] if full else 0,
            "median": full[len(full) // 2] if full else 0,
            "per_cpu_second": rollouts / max(cpu, 1e-9), "load": os.getloadavg()[0]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--match", action="append", help="A:B, e.g. hard:normal (repeatable)")
    parser.add_argument("--seconds", type=float, default=None, help="hard time budget a decision")
    parser.add_argument("--iterations", type=int, default=None, help="hard rollouts a decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--option", action="append", default=[], help="name=value game option")
    parser.add_argument("--toy", action="store_true", help="register the tests' toy game first")
    parser.add_argument("--json", action="store_true", help="print JSON lines too")
    parser.add_argument("--log", help="append one JSON line a finished game to this file")
    parser.add_argument("--summarize", nargs="+", metavar="LOG",
                        help="only print the summaries of --log files (--game is ignored)")
    parser.add_argument("--rate", type=int, metavar="POSITIONS",
                        help="only measure the rollouts the budget buys in this many positions")
    args = parser.parse_args(argv)
    if args.rate:
        budget = Budget(seconds=args.seconds or DEFAULT_SECONDS)
        row = rollout_rate(args.game, args.players, args.rate, budget)
        print(f"{row['game']} {row['players']}p at {row['seconds']} s: {row['full']} of "
              f"{row['positions']} decisions used all the time, rollouts min {row['min']} median "
              f"{row['median']}; {row['per_cpu_second']:.0f} rollouts a CPU second; load "
              f"{row['load']:.2f}", flush=True)
        if args.json:
            print(json.dumps(row), flush=True)
        return
    if args.summarize:
        for row in summarize_logs(args.summarize):
            print(describe(row).rsplit(" (", 1)[0], flush=True)
            if args.json:
                print(json.dumps(row), flush=True)
        return
    if args.toy:
        from tests import toygame

        toygame.install()
    if args.iterations is not None and args.seconds is None:
        budget = Budget.fixed(args.iterations)
    elif args.seconds is not None:
        budget = Budget(seconds=args.seconds, iterations=args.iterations)
    else:
        budget = Budget.default()
    for match in args.match or DEFAULT_MATCHES:
        row = run_match(args, match, budget)
        print(describe(row), flush=True)
        if args.json:
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
