"""Other tables' reply latency while hard computers think: in the pool, in threads, or not at all.

    python bench/ai_pool_latency.py [--seconds 20] [--thinkers 2] [--game drachenherz]

An event loop serves a stream of "replies" (one normal move at a table of the game, its view and
its JSON, every 20 ms) and records how late each one finishes. Meanwhile `--thinkers` hard
computers decide one move after another, either through `bot.ai_pool.AiPool` (worker processes,
`--workers` of them, by default one fewer than the CPUs: the loop keeps the GIL) or through `asyncio.to_thread` (the same decisions in the host's process),
or not at all. Prints p50 and p99 of the reply latency for each mode.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.ai_pool import AiPool, Job, decide  # noqa: E402
from games.core import LogEntry, Record  # noqa: E402
from games.search import derive_seed  # noqa: E402

PERIOD = 0.02


def _record(name: str, seed: int, moves: int) -> Record:
    """Returns the record of `moves` normal moves of a seeded game (a position to think about)."""
    entry = games.entry(name)
    game = entry.game
    record = Record(seed=seed, players=2)
    state = game.new_game(seed, 2, {})
    for step in range(moves):
        if game.outcome(state) is not None:
            break
        seat = game.to_play(state)[0]
        action = entry.ai(game.view(state, seat), game.legal_actions(state, seat), step)
        game.apply(state, seat, action)
        record.log.append(LogEntry(seat, action.encode()))
    return record


async def _replies(name: str, seconds: float) -> list[float]:
    """Serves a reply every PERIOD seconds for `seconds`; returns each one's lateness."""
    entry = games.entry(name)
    game = entry.game
    state = game.new_game(1, 2, {})
    late: list[float] = []
    start = time.perf_counter()
    k = 0
    while time.perf_counter() - start < seconds:
        due = start + k * PERIOD
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        if game.outcome(state) is not None:
            state = game.new_game(k, 2, {})
        seat = game.to_play(state)[0]
        game.apply(state, seat, entry.ai(game.view(state, seat), game.legal_actions(state, seat), k))
        json.dumps(game.view(state, seat))
        late.append(time.perf_counter() - due)
        k += 1
    return late


async def _think(choose: Callable[[Job], Awaitable[str]], name: str, index: int,
                 stop: asyncio.Event, seconds: float) -> int:
    """Lets one hard computer decide again and again until `stop`; returns its decisions."""
    done = 0
    while not stop.is_set():
        record = _record(name, 100 * index + done, 8 + done % 20)
        state = games.get(name).replay(record)
        seat = games.get(name).to_play(state)[0]
        await choose(Job(name, record, seat, "hard", derive_seed(index, done), seconds=seconds))
        done += 1
    return done


async def run(mode: str, name: str, seconds: float, thinkers: int, budget: float,
              workers: int | None) -> str:
    """Measures one mode; returns its line."""
    pool = AiPool(workers)
    stop = asyncio.Event()

    async def in_thread(job: Job) -> str:
        return await asyncio.to_thread(decide, job)

    choose = pool.choose if mode == "pool" else in_thread
    if mode == "pool":  # start the workers before measuring
        warm = _record(name, 0, 2)
        seat = games.get(name).to_play(games.get(name).replay(warm))[0]
        await asyncio.gather(*(pool.choose(Job(name, warm, seat, "normal", 0))
                               for _ in range(thinkers)))
    tasks = [asyncio.create_task(_think(choose, name, i, stop, budget))
             for i in range(thinkers if mode != "idle" else 0)]
    late = await _replies(name, seconds)
    stop.set()
    decisions = sum(await asyncio.gather(*tasks))
    await asyncio.to_thread(pool.shutdown)
    late.sort()
    p50, p99 = late[len(late) // 2], late[min(len(late) - 1, int(0.99 * len(late)))]
    return (f"{mode:>6}: {len(late)} replies, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
            f" ({decisions} hard decisions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="drachenherz")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--thinkers", type=int, default=2)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a hard decision")
    parser.add_argument("--modes", default="idle,pool,thread,idle")
    parser.add_argument("--workers", type=int, default=None, help="pool size (default: CPUs - 1)")
    args = parser.parse_args()
    for mode in args.modes.split(","):
        print(asyncio.run(run(mode, args.game, args.seconds, args.thinkers, args.budget,
                              args.workers)), flush=True)


if __name__ == "__main__":
    main()
