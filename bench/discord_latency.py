"""Interaction latency of Hoard on Discord: concurrent tables (20 by default) played through the local stand-in.

    python bench/discord_latency.py [--tables 20] [--moves 12] [--think 0.5] [--game NAME] [--in-process]
                                    [--dump FILE]

Each table seats two simulated users who /join, /start and then move through the Hand button and
the menus, all tables at once; a user waits about `--think` seconds (0.5x-1.5x, seeded) before each
click, as people do (0 clicks as fast as the bot answers: a stress test). Prints p50/p99 from the interaction's dispatch on the gateway to the
bot's initial response, and to the last message the bot sent or edited for it; an interaction
never answered (the stand-in refuses a response after 3 s) ends its table and is counted. With the
bot in its own process, also prints its CPU per interaction and the load average. `--dump` writes
one line per interaction (seconds since the start, interaction type, response type, ms to the
initial response, ms to the last message) to look at when the slow ones came.

By default the bot runs as its own process (`run_discord`, as `hoard discord` does), so the stand-in
and the bot do not share an event loop or a GIL, as with the real Discord; `--in-process` runs
both in one process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.discord_app import run_discord  # noqa: E402
from tests import toygame  # noqa: E402
from tests.discord_standin import Interaction, StandIn, User  # noqa: E402
from tests.discord_standin.harness import Harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class Table:
    """One channel with two players, driven one interaction at a time."""

    def __init__(self, h: Harness, channel: int, index: int, think: float) -> None:
        self.h, self.channel = h, channel
        self.think = think
        self.rng = random.Random(index)
        self.users = [User(10_000 + 2 * index, f"P{2 * index}"), User(10_001 + 2 * index, f"P{2 * index + 1}")]
        self.done: list[Interaction] = []
        self.lost: list[Interaction] = []

    async def settle(self, ix: Interaction) -> Interaction:
        """Waits for the response and until this channel has been quiet for a moment, then thinks."""
        s = self.h.standin
        try:
            await asyncio.wait_for(ix.responded.wait(), 10)
        except TimeoutError:
            self.lost.append(ix)  # never answered (past 3 s the stand-in refuses it): the table stops
            raise
        while True:
            last = s.last_request.get(self.channel, 0.0)
            original = s.original(ix)
            loading = original is not None and original.flags & 128 and not original.deleted
            if not loading and time.perf_counter() - last > 0.08:
                break
            await asyncio.sleep(0.03)
        self.done.append(ix)
        if self.think:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        return ix

    def board(self):  # noqa: ANN201 - a stand-in Message
        boards = [m for m in self.h.standin.public(self.channel) if m.embeds and m.custom_ids()]
        return boards[-1] if boards else None

    async def run(self, game: str, moves: int) -> None:
        with contextlib.suppress(TimeoutError):  # an unanswered interaction ends this table
            await self._play(game, moves)

    async def _play(self, game: str, moves: int) -> None:
        s = self.h.standin
        await self.settle(await s.slash(self.users[0], self.channel, "join", game=game))
        await self.settle(await s.slash(self.users[1], self.channel, "join"))
        await self.settle(await s.slash(self.users[0], self.channel, "start"))
        for _ in range(moves):
            board = self.board()
            if board is None:
                return
            user = next((u for u in self.users if f"<@{u.id}>" in board.content), None)
            if user is None:
                return
            ix = await self.settle(await s.click(user, board, board.component(label="Hand")["custom_id"]))
            hand = s.original(ix)
            for _ in range(10):
                comps = [c for c in hand.iter_components() if c.get("label") not in ("Back", "◀ Previous", "Next ▶")]
                if not comps:
                    break
                first = comps[0]
                if first["type"] == 3:
                    option = first["options"][0]
                    await self.settle(await s.select(user, hand, first["custom_id"], [option["value"]]))
                    if option.get("description") == "Takes this move":
                        break
                else:
                    await self.settle(await s.click(user, hand, first["custom_id"]))
                    if ":p:" in first["custom_id"]:
                        break


def percentiles(values: list[float]) -> str:
    if not values:
        return "n/a"
    values = sorted(values)
    p50 = statistics.median(values)
    p99 = values[min(len(values) - 1, int(round(0.99 * (len(values) - 1))))]
    return f"p50 {p50 * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms   max {values[-1] * 1000:7.1f} ms"


def final_latency(standin: StandIn, ix: Interaction) -> float:
    """Seconds from dispatch to the last request the bot made in that channel for this interaction."""
    later = [i.dispatched_at for i in standin.interactions.values()
             if i.channel_id == ix.channel_id and i.dispatched_at > ix.dispatched_at]
    end = min(later, default=float("inf"))
    times = [r.at for r in standin.requests if r.channel == ix.channel_id and ix.dispatched_at <= r.at < end]
    return max(times, default=ix.responded_at or ix.dispatched_at) - ix.dispatched_at


def write_dump(path: str, interactions: list[Interaction], standin: StandIn, started: float) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for ix in sorted(interactions, key=lambda i: i.dispatched_at):
            out.write(f"{ix.dispatched_at - started:.4f}\t{ix.type}\t{ix.response_type}\t"
                      f"{(ix.latency or 0) * 1000:.1f}\t{final_latency(standin, ix) * 1000:.1f}\n")


class BotProcess:
    """The bot as a child process talking to the stand-in (duck-types the Harness for `Table`)."""

    def __init__(self, db: Path, tables: int) -> None:
        self.db = db
        self.standin = StandIn(channel_ids=tuple(900_000_000_000_000_101 + i for i in range(tables)))
        self.proc: asyncio.subprocess.Process | None = None
        self.cpu = 0.0
        """The CPU seconds the bot process used, its start included (known once it stopped)."""

    async def __aenter__(self) -> BotProcess:
        await self.standin.start()
        env = {**os.environ, "DISCORD_TOKEN": self.standin.token, "HOARD_DISCORD_API": self.standin.api_base,
               "HOARD_DB": str(self.db), "HOARD_LOG_LEVEL": "WARNING",
               "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
        self.proc = await asyncio.create_subprocess_exec(sys.executable, __file__, "--bot-child", env=env)
        await self.standin.wait_ready(timeout=30)
        await asyncio.sleep(0.5)  # let the client finish its READY handling
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGINT)
            await self.proc.wait()
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            self.cpu = used.ru_utime + used.ru_stime
        await self.standin.close()


def child() -> None:
    """Runs the bot the way `hoard discord` does, with Embers registered too."""
    logging.basicConfig(level=logging.WARNING)
    toygame.install()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_discord(Settings.from_env()))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--game", default=None)
    parser.add_argument("--in-process", action="store_true")
    parser.add_argument("--dump", default=None, help="write each interaction's timings here (TSV)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    toygame.install()
    real = [n for n in games.names() if n != toygame.NAME]
    game = args.game or ("drachenherz" if "drachenherz" in real else (real[0] if real else toygame.NAME))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        runner = Harness(db, channels=args.tables) if args.in_process else BotProcess(db, args.tables)
        async with runner as h:
            tables = [Table(h, c, i, args.think) for i, c in enumerate(h.standin.channel_ids)]  # type: ignore[arg-type]
            started = time.perf_counter()
            await asyncio.gather(*(t.run(game, args.moves) for t in tables))
            wall = time.perf_counter() - started
            interactions = [ix for t in tables for ix in t.done]
            initial = [ix.latency for ix in interactions if ix.latency is not None]
            final = [final_latency(h.standin, ix) for ix in interactions]
            if args.dump:
                write_dump(args.dump, interactions, h.standin, started)
            deferred = sum(ix.response_type in (5, 6) for ix in interactions)
            lost = sum(len(t.lost) for t in tables)
            where = "in one process" if args.in_process else "bot in its own process"
            print(f"game {game}, {where}, think {args.think} s: {args.tables} tables, {len(interactions)} interactions in "
                  f"{wall:.1f} s ({deferred} deferred, {len(h.standin.errors)} refused by the stand-in, "
                  f"{lost} never answered: their tables stopped)")
            print(f"  to initial response:  {percentiles(initial)}")
            print(f"  to final message:     {percentiles(final)}")
        if isinstance(runner, BotProcess):
            print(f"  bot process CPU {runner.cpu:.1f} s, start-up included "
                  f"({runner.cpu / max(1, len(interactions)) * 1000:.1f} ms per interaction); "
                  f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if "--bot-child" in sys.argv:
        child()
    else:
        asyncio.run(main())
