"""Ratings, stats and replays at scale: 100,000 finished games of 5,000 players in one guild.

Builds the database through the real migrations and the real rating code (one bulk transaction),
then measures, as host time without Discord:
- /leaderboard and /profile (and /history) query p99, over random games, callers and players;
- what the rating update adds to a game-end commit (the store's transaction, with and without it);
- a replay step (cold: load + replay + draw; warm: the cached replay draws a step) p99;
- the animation of a ~250-decision Drakones game between the registry's computer players.

    python bench/stats.py [--games 100000] [--players 5000] [--queries 1000] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite  # noqa: E402

import games  # noqa: E402
from bot.ratings import (  # noqa: E402
    Rating,
    Seated,
    finished_game,
    planned_writes,
    rate,
    record_result,
)
from bot.records import GameRecord, RecordSeat  # noqa: E402
from bot.replays import ReplayCache, animation, build_replay  # noqa: E402
from bot.stats import history, leaderboard, profile  # noqa: E402
from bot.store import Store  # noqa: E402
from games.core import LogEntry, Record  # noqa: E402
from renderers import warmup  # noqa: E402

GUILD = "guild-1"
MIX = [("drachenherz", 2, 2), ("drakones", 2, 2), ("dragonfront", 2, 2), ("rivalwing", 2, 8)]


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def line(what: str, wall: list[float], cpu: list[float] | None = None) -> str:
    text = (f"{what}: p50 {statistics.median(wall):.2f} ms, p99 {p99(wall):.2f} ms, "
            f"max {max(wall):.2f} ms")
    if cpu:
        text += f" (CPU p99 {p99(cpu):.2f} ms)"
    return text


# -- the database ---------------------------------------------------------------------------------

def populate(path: Path, count: int, people: int, seed: int = 1) -> None:
    """Plays `count` made-up results through the rating code and bulk-inserts them."""
    asyncio.run(_migrate(path))
    rng = random.Random(seed)
    weights = list(itertools.accumulate(1 / (i + 1) ** 0.8 for i in range(people)))
    # a few regulars, many occasional players
    ids = [f"{100000000000000000 + i}" for i in range(people)]
    ratings: dict[str, dict[str, Rating]] = {g: {} for g, *_ in MIX}
    game_rows: list[tuple[Any, ...]] = []
    result_rows: list[tuple[Any, ...]] = []
    upserts: dict[tuple[str, str], tuple[Any, ...]] = {}
    factions_played: dict[tuple[Any, ...], int] = {}
    factions = {g: [o for spec in games.get(g).info.options if spec.per_seat
                    for o in spec.choices if o != "random"] for g, *_ in MIX}
    start = time.perf_counter()
    for game_id in range(1, count + 1):
        name, lo, hi = rng.choice(MIX)
        seats_n = rng.randint(lo, min(hi, 4)) if hi > 2 and rng.random() < 0.5 else lo
        chosen = set()
        seats: list[Seated] = []
        for _ in range(seats_n):
            if rng.random() < 0.15:
                seats.append(Seated(f"bot:{len(seats)}", "Computer", is_bot=True))
                continue
            while True:
                who = rng.choices(range(people), cum_weights=weights)[0]
                if who not in chosen:
                    break
            chosen.add(who)
            seats.append(Seated(ids[who], f"player{who}",
                                faction=rng.choice(factions[name]) if factions[name] else None))
        if all(s.is_bot for s in seats):
            seats[0] = Seated(ids[0], "player0")
        scores = [rng.randint(0, 15) for _ in seats]
        winners = [] if rng.random() < 0.03 else [rng.randrange(seats_n)]
        finished = 1.7e9 + game_id * 60
        done = finished_game(guild=GUILD, game=name, game_id=game_id, finished=finished,
                             seats=seats, scores=scores, winners=winners)
        book = ratings[name]
        writes = planned_writes(done, book)
        book.update(writes.after)
        for row in writes.ratings:
            upserts[(row[1], row[2])] = row
        for key in writes.factions:
            factions_played[key] = factions_played.get(key, 0) + 1
        result_rows += writes.results
        game_rows.append((game_id, "channel-1", name, game_id, seats_n, "{}", json.dumps(
            [{"user": s.user, "name": s.name, "is_bot": s.is_bot} for s in seats]),
            finished - 600, finished, json.dumps({"scores": scores, "winners": winners}), GUILD))
    rated = time.perf_counter()
    with sqlite3.connect(path, isolation_level=None) as conn:
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO games(id, channel, game, seed, players, options, seats, "
                         "started, finished, result, guild) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         game_rows)
        conn.executemany("INSERT INTO results(game_id, seat, guild, game, player, name, level, "
                         "score, placement, outcome, faction, rating_before, rating_after, finished) "
                         "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", result_rows)
        conn.executemany(
            "INSERT INTO ratings(guild, game, player, name, level, mu, sigma, rating, games, wins, "
            "draws, losses, streak, best_streak, updated) "
            "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", list(upserts.values()))
        conn.executemany("INSERT INTO factions(guild, game, player, faction, games) "
                         "VALUES(?, ?, ?, ?, ?)", [(*k, n) for k, n in factions_played.items()])
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
        players = conn.execute("SELECT COUNT(DISTINCT player) FROM ratings").fetchone()[0]
    print(f"built {count:,} games, {len(result_rows):,} results, {len(upserts):,} ratings of "
          f"{players:,} players: rating {rated - start:.1f} s, insert "
          f"{time.perf_counter() - rated:.1f} s")


async def _migrate(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


# -- queries --------------------------------------------------------------------------------------

async def timed(calls: list[Callable[[], Awaitable[Any]]]) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for call in calls:
        w, c = time.perf_counter(), time.process_time()
        await call()
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return wall, cpu


async def queries(path: Path, n: int, seed: int = 2) -> None:
    db = await aiosqlite.connect(str(path))
    await db.execute("PRAGMA journal_mode=WAL")
    rng = random.Random(seed)
    async with db.execute("SELECT DISTINCT player FROM ratings WHERE level IS NULL") as cursor:
        people = [r[0] for r in await cursor.fetchall()]
    async with db.execute("SELECT player FROM ratings WHERE level IS NULL GROUP BY player "
                          "ORDER BY SUM(games) DESC LIMIT 20") as cursor:
        busiest = [r[0] for r in await cursor.fetchall()]
    names = [g for g, *_ in MIX]
    await leaderboard(db, GUILD, "drakones", people[0])  # warm the page cache
    boards = [lambda: leaderboard(db, GUILD, rng.choice(names), rng.choice(people))
              for _ in range(n)]
    print(line("/leaderboard (top 10 + caller's rank)", *await timed(boards)))
    profiles = [lambda: profile(db, GUILD, rng.choice(people), "x") for _ in range(n)]
    print(line("/profile (random player)", *await timed(profiles)))
    heavy = [lambda: profile(db, GUILD, rng.choice(busiest), "x") for _ in range(n // 5)]
    print(line("/profile (the 20 busiest players)", *await timed(heavy)))
    bots = [lambda: profile(db, GUILD, "bot:normal", "x") for _ in range(n // 10)]
    print(line("/profile (the computer level, in ~15% of all seats)", *await timed(bots)))
    hist = [lambda: history(db, GUILD) for _ in range(n // 2)]
    hist += [lambda: history(db, GUILD, rng.choice(people)) for _ in range(n // 2)]
    print(line("/history (guild, or one player)", *await timed(hist)))
    await db.close()


# -- the game-end commit --------------------------------------------------------------------------

def commit_cost(path: Path, n: int, seed: int = 3) -> None:
    """Times the store's game-end transaction (last actions, the game's result, the table row)
    with and without the rating update inside it, on the big database."""
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    people = [r[0] for r in conn.execute("SELECT DISTINCT player FROM ratings WHERE level IS NULL")]
    plain, rated, inside = [], [], []
    plain_cpu, rated_cpu, inside_cpu = [], [], []
    for i in range(2 * n):
        with_rating = i % 2 == 1
        seats = [Seated(p, p) for p in rng.sample(people, 2)]
        cursor = conn.execute(
            "INSERT INTO games(channel, game, seed, players, options, seats, started) "
            "VALUES('bench', 'drakones', 1, 2, '{}', '[]', 0)")
        game_id = cursor.lastrowid
        assert game_id is not None
        start, start_cpu = time.perf_counter(), time.process_time()
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO actions(game_id, idx, seat, code, at) VALUES(?, ?, ?, ?, ?)",
                         [(game_id, k, k % 2, "end", 0.0) for k in range(3)])
        conn.execute("UPDATE games SET finished = ?, result = ? WHERE id = ?",
                     (time.time(), '{"scores": [1, 0], "winners": [0]}', game_id))
        if with_rating:
            mid, mid_cpu = time.perf_counter(), time.process_time()
            record_result(conn, finished_game(guild=GUILD, game="drakones", game_id=game_id,
                                              finished=time.time(), seats=seats, scores=[1, 0],
                                              winners=[0]))
            inside.append((time.perf_counter() - mid) * 1000)
            inside_cpu.append((time.process_time() - mid_cpu) * 1000)
        conn.execute("INSERT INTO tables(channel, data, game_id, deadline, updated) "
                     "VALUES('bench', '{}', ?, NULL, 0) ON CONFLICT(channel) DO UPDATE SET "
                     "data = excluded.data, game_id = excluded.game_id", (game_id,))
        conn.execute("COMMIT")
        (rated if with_rating else plain).append((time.perf_counter() - start) * 1000)
        (rated_cpu if with_rating else plain_cpu).append((time.process_time() - start_cpu) * 1000)
    conn.close()
    print(line("game-end commit without ratings", plain, plain_cpu))
    print(line("game-end commit with ratings", rated, rated_cpu))
    print(line("  of which the rating update (read, rate, write)", inside, inside_cpu))
    print(f"  rating update adds {statistics.median(rated) - statistics.median(plain):.2f} ms "
          f"at the median, {p99(rated) - p99(plain):.2f} ms at p99")
    print(line("  openskill rate() alone, 2 seats", _rate_only(200)))


def _rate_only(n: int) -> list[float]:
    game = finished_game(guild="g", game="drakones", game_id=1, finished=0.0,
                         seats=[Seated("a", "a"), Seated("b", "b")], scores=[1, 0], winners=[0])
    out = []
    for _ in range(n):
        start = time.perf_counter()
        rate({}, game)
        out.append((time.perf_counter() - start) * 1000)
    return out


# -- replays --------------------------------------------------------------------------------------

def computer_game(target: int = 250, seeds: int = 60) -> GameRecord:
    """Plays Drakones between the registry's computer players; returns the game whose length is
    closest to `target` decisions."""
    entry = games.entry("drakones")
    game = entry.game
    best: Record | None = None
    for seed in range(seeds):
        state = game.new_game(seed, 2, {})
        record = Record(seed, 2, {})
        while game.outcome(state) is None:
            seat = game.to_play(state)[0]
            action = entry.ai(game.view(state, seat), game.legal_actions(state, seat),
                              seed * 7919 + len(record.log))
            game.apply(state, seat, action)
            record.log.append(LogEntry(seat, action.encode()))
        if best is None or abs(len(record.log) - target) < abs(len(best.log) - target):
            best = record
    assert best is not None
    return GameRecord("drakones", best, (RecordSeat("Computer 1", True),
                                         RecordSeat("Computer 2", True)))


async def replay_cost(path: Path, record: GameRecord, n: int) -> None:
    with sqlite3.connect(path, isolation_level=None) as conn:
        cursor = conn.execute(
            "INSERT INTO games(channel, game, seed, players, options, seats, started, finished, "
            "result, guild) VALUES('replay', 'drakones', ?, 2, '{}', ?, 0, 1, '{}', ?)",
            (record.record.seed, json.dumps([{"name": s.name, "is_bot": True}
                                             for s in record.seats]), GUILD))
        game_id = cursor.lastrowid
        conn.executemany("INSERT INTO actions(game_id, idx, seat, code, at) VALUES(?, ?, ?, ?, ?)",
                         [(game_id, i, e.seat, e.code, 0.0) for i, e in enumerate(record.record.log)])
    assert game_id is not None
    db = await aiosqlite.connect(str(path))
    rng = random.Random(4)
    steps = len(build_replay(record).steps)
    cold, warm, cold_cpu, warm_cpu = [], [], [], []
    cache = ReplayCache()
    await cache.get(db, game_id, GUILD)
    warmup.warm()  # as the bot does at start: "cold" is a replay not yet built, not a new process
    gc.freeze()
    for _ in range(n):
        step = rng.randrange(steps)
        start, start_cpu = time.perf_counter(), time.process_time()
        replay = await ReplayCache().get(db, game_id, GUILD)  # after a restart: nothing cached
        replay.frame(step)
        cold.append((time.perf_counter() - start) * 1000)
        cold_cpu.append((time.process_time() - start_cpu) * 1000)
        replay = await cache.get(db, game_id, GUILD)
        replay._frames.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        replay = await cache.get(db, game_id, GUILD)
        replay.frame(step)
        warm.append((time.perf_counter() - start) * 1000)
        warm_cpu.append((time.process_time() - start_cpu) * 1000)
    await db.close()
    print(f"replay of a {len(record.record.log)}-decision Drakones game: {steps} steps")
    print(line("  replay step, cold (load from the store, replay, draw)", cold, cold_cpu))
    print(line("  replay step, warm (cached replay, draw)", warm, warm_cpu))
    for kind in ("webp", "gif"):
        start, start_cpu = time.perf_counter(), time.process_time()
        data = animation(build_replay(record), kind=kind)
        print(f"  animation ({kind}) from scratch: {time.perf_counter() - start:.2f} s "
              f"(CPU {time.process_time() - start_cpu:.2f} s), {len(data) / 1024 / 1024:.2f} MiB, "
              f"{steps} frames")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--db", type=Path, help="keep the database here (default: a temp file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "stats.db"
        if not path.exists():
            populate(path, args.games, args.players)
        asyncio.run(queries(path, args.queries))
        commit_cost(path, 200)
        asyncio.run(replay_cost(path, computer_game(), 200))


if __name__ == "__main__":
    main()
