"""Hoard at scale: host turns from several processes on one PostgreSQL, and memory with many channels.

    python bench/store_scale.py turns [--database URL] [--processes 2] [--tables 500] [--turns 2000]
                                      [--rate TURNS_PER_SECOND]
    python bench/store_scale.py memory [--database URL] [--channels 100000] [--active 1000]

`turns`: each process opens its own host on the database (as one shard each) with `--tables`
tables in play, and times moves round the tables in random order: from the command entering
the host to its replies ready, with the commit and the board PNG (wall and CPU time per turn),
back to back (the process never rests) or `--rate` turns started a second in each process (500
tables whose players move every 20 s: 25 a second), measured from each turn's start time.
Without `--database`, a throwaway PostgreSQL cluster with durable settings (fsync, synchronous
commit) is started (`.ci/postgres`) and removed.

`memory`: one host (SQLite file by default) touches `--channels` channels (a /join each), of
which `--active` get a game in progress; tables leave memory by the default bounds
(HOARD_MAX_TABLES 5000, HOARD_IDLE_SECONDS 600). Reports resident memory, the loaded tables,
and what one more evicted idle table costs (tracemalloc, over 1,000 more channels).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.host import Host  # noqa: E402
from bot.messages import Command, Reply, ReplyKind, Verb  # noqa: E402
from renderers import warmup  # noqa: E402


async def say(host: Host, channel: str, user: str, verb: Verb, *args: str,
              version: int | None = None) -> list[Reply]:
    return await host.handle(Command(channel, user, user, verb, args, version))


def board_of(replies: list[Reply], default: Reply | None = None) -> Reply | None:
    return next((r for r in reversed(replies) if r.kind is ReplyKind.BOARD), default)


async def open_tables(host: Host, prefix: str, count: int) -> dict[str, Reply]:
    """Seats two people at `count` tables and starts their games; returns each table's board."""
    boards: dict[str, Reply] = {}
    for n in range(count):
        channel = f"{prefix}{n}"
        await say(host, channel, "alice", Verb.JOIN)
        await say(host, channel, "bob", Verb.JOIN)
        board = board_of(await say(host, channel, "alice", Verb.START))
        assert board is not None
        boards[channel] = board
    return boards


async def one_turn(host: Host, channel: str, board: Reply, rng: random.Random) -> tuple[float, float, Reply]:
    """Plays a random legal move at a table; returns its wall and CPU seconds and the new board."""
    user = board.waiting_on[0]
    table = await host._table(channel)
    seat = table.seat_of(user)
    assert table.live is not None and seat is not None
    code = rng.choice(table.game.legal_actions(table.live.state, seat)).encode()
    wall, cpu = time.perf_counter(), time.process_time()
    replies = await say(host, channel, user, Verb.PLAY, code, version=board.version)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if any(r.kind is ReplyKind.RESULT for r in replies):
        replies = await say(host, channel, "alice", Verb.REMATCH) + await say(
            host, channel, "bob", Verb.REMATCH)
    if any(r.kind is ReplyKind.ERROR for r in replies):
        raise RuntimeError(f"a move was refused: {[r.text for r in replies]}")
    new = board_of(replies, board)
    assert new is not None
    return wall, cpu, new


async def turns_worker(url: str, index: int, tables: int, turns: int, rate: float,
                       ready: Any) -> dict[str, Any]:
    host = await Host.open(url, seeds=random.Random(index))
    warmup.warm()  # as the bot starts: renderers warmed, then what start-up built frozen
    gc.freeze()
    boards = await open_tables(host, f"p{index}-", tables)
    ready.wait()  # every process has its tables: the timed turns start together
    rng = random.Random(100 + index)
    walls: list[float] = []
    cpus: list[float] = []
    channels = list(boards)
    order = [c for _ in range(turns // tables + 1) for c in rng.sample(channels, len(channels))]
    cpu_start = time.process_time()
    if rate <= 0:  # back to back: the process never rests
        for channel in order[:turns]:
            wall, cpu, boards[channel] = await one_turn(host, channel, boards[channel], rng)
            walls.append(wall)
            cpus.append(cpu)
    else:
        walls = await paced(host, boards, order[:turns], rng, rate)
    cpu_total = time.process_time() - cpu_start
    await host.close()
    return {"walls": walls, "cpus": cpus, "cpu_per_turn": cpu_total / turns}


async def paced(host: Host, boards: dict[str, Reply], order: list[str], rng: random.Random,
                rate: float) -> list[float]:
    """Starts turns at `rate` a second, as players at many tables would, each measured from its
    start time (so waiting behind other turns counts) to its replies."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    locks = {channel: asyncio.Lock() for channel in boards}

    async def timed(channel: str, at: float) -> float:
        async with locks[channel]:  # a table's next move waits for its last one
            _, _, boards[channel] = await one_turn(host, channel, boards[channel], rng)
        return loop.time() - at

    tasks = []
    for i, channel in enumerate(order):
        at = start + i / rate
        await asyncio.sleep(max(0.0, at - loop.time()))
        tasks.append(asyncio.create_task(timed(channel, at)))
    return list(await asyncio.gather(*tasks))


def _run_worker(url: str, index: int, tables: int, turns: int, rate: float, ready: Any,
                out: Any) -> None:
    out.put(asyncio.run(turns_worker(url, index, tables, turns, rate, ready)))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def run_turns(args: argparse.Namespace) -> None:
    url, cleanup = args.database, None
    if not url:
        folder = tempfile.mkdtemp(prefix="hoard-bench-pg.")
        url = subprocess.check_output([str(ROOT / ".ci/postgres"), "start", folder], text=True,
                                      env={**os.environ, "HOARD_PG_DURABLE": "1"}).strip()
        cleanup = folder
    try:
        queue: Any = multiprocessing.Queue()
        ready = multiprocessing.Barrier(args.processes)
        procs = [multiprocessing.Process(target=_run_worker,
                                         args=(url, i, args.tables, args.turns, args.rate,
                                               ready, queue))
                 for i in range(args.processes)]
        started = time.perf_counter()
        for proc in procs:
            proc.start()
        results = [queue.get(timeout=3600) for _ in procs]  # a worker that died ends the run
        for proc in procs:
            proc.join()
        elapsed = time.perf_counter() - started
    finally:
        if cleanup:
            subprocess.run([str(ROOT / ".ci/postgres"), "stop", cleanup], check=False)
    walls = [w * 1000 for r in results for w in r["walls"]]
    cpus = [c * 1000 for r in results for c in r["cpus"]]
    pace = f"{args.rate:g} turns/s per process" if args.rate > 0 else "back to back"
    print(f"{args.processes} processes x {args.tables} tables on PostgreSQL, {len(walls)} turns "
          f"(commit + PNG, {pace}) in {elapsed:.0f} s including setup:")
    print(f"  wall p50 {statistics.median(walls):.1f} ms, p99 {percentile(walls, 0.99):.1f} ms, "
          f"max {max(walls):.1f} ms")
    if cpus:
        print(f"  CPU  p50 {statistics.median(cpus):.1f} ms, p99 {percentile(cpus, 0.99):.1f} ms")
    per_turn = statistics.mean(r["cpu_per_turn"] for r in results) * 1000
    print(f"  process CPU per turn {per_turn:.1f} ms (everything the process did, averaged)")


def rss_kib() -> tuple[int, int]:
    """Returns this process's resident memory now and at its peak (KiB)."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
                  if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


async def memory(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = args.database or str(Path(folder) / "bench.db")
        host = await Host.open(target, seeds=random.Random(3))
        started = time.perf_counter()
        boards = await open_tables(host, "active-", args.active)
        rng = random.Random(4)
        for channel in list(boards):
            for _ in range(3):
                _, _, boards[channel] = await one_turn(host, channel, boards[channel], rng)
        for n in range(args.channels - args.active):
            await say(host, f"idle-{n}", f"user{n % 977}", Verb.JOIN)
        for channel in list(boards):  # the active ones are used again: back into memory
            _, _, boards[channel] = await one_turn(host, channel, boards[channel], rng)
        now, peak = rss_kib()
        print(f"{args.channels:,} channels touched, {args.active:,} with a game in progress, "
              f"in {time.perf_counter() - started:.0f} s ({host.store.target.split('/')[-1]}):")
        print(f"  resident memory {now / 1024:.0f} MiB (peak {peak / 1024:.0f} MiB), "
              f"{host.loaded():,} tables loaded")
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        extra = 1000
        for n in range(extra):
            await say(host, f"more-{n}", "carol", Verb.JOIN)
        host.evict()
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        print(f"  {extra:,} more idle tables touched and evicted: {grown / extra:.0f} bytes each "
              f"still allocated (everything the process kept, tracemalloc)")
        await host.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    turns = sub.add_parser("turns")
    turns.add_argument("--database", default="")
    turns.add_argument("--processes", type=int, default=2)
    turns.add_argument("--tables", type=int, default=500)
    turns.add_argument("--turns", type=int, default=2000, help="timed turns per process")
    turns.add_argument("--rate", type=float, default=0.0,
                       help="turns started a second per process (0: back to back)")
    mem = sub.add_parser("memory")
    mem.add_argument("--database", default="")
    mem.add_argument("--channels", type=int, default=100_000)
    mem.add_argument("--active", type=int, default=1000)
    args = parser.parse_args()
    if args.what == "turns":
        run_turns(args)
    else:
        asyncio.run(memory(args))


if __name__ == "__main__":
    main()
