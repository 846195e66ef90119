"""Host turn latency: time from a move entering the host to its replies (with the PNG) being ready.

Two people play through the real host on a real SQLite file (every action committed before the
reply), game after game, until the number of timed turns is reached.

    python bench/host_latency.py [--game NAME] [--turns 1000] [--players 2]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.host import Host  # noqa: E402
from bot.messages import Command, ReplyKind, Verb  # noqa: E402


async def measure(game: str, turns: int, players: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        host = await Host.open(Path(folder) / "bench.db", seeds=random.Random(1))
        users = [f"user{i}" for i in range(players)]

        async def say(user: str, verb: Verb, *args: str, version: int | None = None):
            return await host.handle(Command("bench", user, user, verb, args, version))

        await say(users[0], Verb.JOIN, game)
        for user in users[1:]:
            await say(user, Verb.JOIN)
        rng = random.Random(2)
        times: list[float] = []
        replies = await say(users[0], Verb.START)
        board = [r for r in replies if r.kind is ReplyKind.BOARD][-1]
        while len(times) < turns:
            if any(r.kind is ReplyKind.RESULT for r in replies):
                replies = await say(users[0], Verb.START)
                board = [r for r in replies if r.kind is ReplyKind.BOARD][-1]
                continue
            board = next((r for r in replies if r.kind is ReplyKind.BOARD), board)
            user = board.waiting_on[0]
            table = await host._table("bench")
            seat = table.seat_of(user)
            actions = table.game.legal_actions(table.live.state, seat)
            code = rng.choice(actions).encode()
            start = time.perf_counter()
            replies = await say(user, Verb.PLAY, code, version=board.version)
            times.append(time.perf_counter() - start)
            assert board.image is not None
            board = next((r for r in replies if r.kind is ReplyKind.BOARD), board)
        await host.close()
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=games.DEFAULT)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    times = asyncio.run(measure(args.game, args.turns, args.players))
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{args.game}: {len(ms)} turns through the host (SQLite commit + PNG): "
          f"p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")


if __name__ == "__main__":
    main()
