"""Two bot processes, shards 0 and 1 of 2, on one PostgreSQL database, against the stand-in: each
plays the game of the guild its shard owns, and a write the wrong process makes from a stale copy
of a table is refused, overwriting nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.host import CONFLICT_TEXT
from bot.store import Store
from tests import toygame
from tests.backends import database, on_postgres
from tests.discord_standin import StandIn, User
from tests.discord_standin.harness import kind_of
from tests.discord_standin.process import BotProcess
from tests.test_discord_crash import answered, committing_click, latest, public, run, shown_current

pytestmark = pytest.mark.skipif(
    not on_postgres(), reason="several processes share a database on PostgreSQL only (SQLite "
                              "refuses a second process: tests/test_store_misuse.py)")
ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")
SHARDS = 2


def guild_on(shard: int, start: int = 900_000_000_000_000_001) -> int:
    """A guild id Discord's rule, (id >> 22) % shards, puts on `shard`."""
    guild = start
    while (guild >> 22) % SHARDS != shard:
        guild += 1 << 22
    return guild


async def stored(db: Path, channel: int):  # noqa: ANN201
    store = await Store.open(await database(db))
    try:
        return await store.load_table(str(channel))
    finally:
        await store.close()


async def open_lobby(s: StandIn, channel: int) -> None:
    await answered(s, await s.slash(ALICE, channel, "join", game=toygame.NAME))
    lobby = next(m for m in public(s, channel) if kind_of(m) is not None)
    await answered(s, await s.click(BOB, lobby, lobby.component(label="Join")["custom_id"]))


async def play_to_the_end(s: StandIn, db: Path, channel: int, rng: random.Random) -> None:
    for _ in range(300):
        await shown_current(s, db, channel)
        if kind_of(latest(s, channel)).value == "result":
            return
        await answered(s, await committing_click(s, channel, rng))
    raise AssertionError("the game did not end")


@run
async def test_two_shard_processes_share_one_database_and_refuse_a_stale_write(
        tmp_path: Path) -> None:
    toygame.install()
    channels = (900_000_000_000_000_101, 900_000_000_000_000_102)
    guilds = {guild_on(shard): (channel,) for shard, channel in enumerate(channels)}
    s = await StandIn(guilds=guilds, shard_count=SHARDS).start()
    db = tmp_path / "shards.db"
    bots = [BotProcess(s, db, seed=5 + shard, log_level="INFO",
                       env={"HOARD_SHARD_COUNT": str(SHARDS), "HOARD_SHARD_IDS": str(shard)})
            for shard in range(SHARDS)]
    rng = random.Random(7)
    try:
        for bot in bots:
            await bot.start()
        assert sorted(s._sessions) == [0, 1]
        assert all(session.count == SHARDS for session in s._sessions.values())
        first, second = channels
        await answered(s, await s.slash(ALICE, first, "join", game=toygame.NAME))
        s.misroute[first] = 1  # shard 1's process now reads the table of shard 0's guild
        await answered(s, await s.slash(ALICE, first, "status"))
        del s.misroute[first]
        lobby = next(m for m in public(s, first) if kind_of(m) is not None)
        await answered(s, await s.click(BOB, lobby, lobby.component(label="Join")["custom_id"]))
        s.misroute[first] = 1
        ix = await s.slash(ALICE, first, "match", x=3)
        await answered(s, ix)
        del s.misroute[first]
        refusal = s.original(ix)
        assert refusal is not None and CONFLICT_TEXT in refusal.content
        kept = await stored(db, first)
        assert [seat.user for seat in kept.seats] == [str(ALICE.id), str(BOB.id)]
        assert kept.series.mode == "single", "the stale write changed nothing"
        await open_lobby(s, second)
        for channel in channels:
            lobby = next(m for m in public(s, channel) if kind_of(m) is not None)
            await answered(s, await s.click(ALICE, lobby, lobby.component(label="Start")["custom_id"]))
        for channel in channels:
            await play_to_the_end(s, db, channel, rng)
        for channel in channels:
            table = await stored(db, channel)
            assert table.live is not None and table.outcome() is not None
            assert table.live.recorded and len(table.series.results) == 1
    finally:
        for bot in bots:
            await bot.stop()
        await s.close()
        toygame.uninstall()
    for shard, bot in enumerate(bots):
        log = bot.log_text()
        assert " ERROR " not in log and "Traceback" not in log, log[-3000:]
        assert ("lost a race" in log) == (shard == 1), log[-3000:]
