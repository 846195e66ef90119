"""Nothing stalls after a crash: the bot, as its own process, is killed (SIGKILL) at 20 random
moments between 0 and 50 ms after a committing click, and restarted on the same database. Each
time the channel must end up showing the table's current position, mentioning whoever must now
decide, with no message posted twice."""

from __future__ import annotations

import asyncio
import functools
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bot.store import Store
from bot.table import Table
from tests import toygame
from tests.backends import database
from tests.discord_standin import Interaction, Message, StandIn, User
from tests.discord_standin.harness import kind_of, position
from tests.discord_standin.process import BotProcess

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")
USERS = [ALICE, BOB]
KILLS = 20


def public(s: StandIn, channel: int) -> list[Message]:
    return s.public(channel)


def latest(s: StandIn, channel: int) -> Message:
    """The table's newest board or result (what the channel points the players at)."""
    shown = [m for m in public(s, channel) if kind_of(m) is not None and kind_of(m).value in ("board", "result")]
    assert shown, "no board was posted"
    return shown[-1]


async def answered(s: StandIn, ix: Interaction, timeout: float = 15.0) -> None:
    """Waits for the bot's answer, then until the channel has been quiet for a moment (a killed
    bot leaves interactions unanswered, so the stand-in's own idle wait would never return)."""
    await asyncio.wait_for(ix.responded.wait(), timeout)
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if time.perf_counter() - s.last_request.get(ix.channel_id, 0.0) > 0.1:
            return
        await asyncio.sleep(0.02)


async def table_now(db: Path, channel: int) -> tuple[Table, int]:
    """Reads the table as the database holds it (the bot's process has it open too), and how many
    posts its outbox still holds and old boards are still to be tidied."""
    store = await Store.open(await database(db))
    try:
        table = await store.load_table(str(channel))
        pending = len(await store.pending_outbox()) + len(await store.retired_posts("retired"))
    finally:
        await store.close()
    assert table is not None
    return table, pending


async def shown_current(s: StandIn, db: Path, channel: int, timeout: float = 20.0) -> Table:
    """Waits until the outbox is empty and every old board tidied, the channel shows the
    database's position and has been quiet for a moment."""
    deadline = time.perf_counter() + timeout
    while True:
        table, pending = await table_now(db, channel)
        quiet = time.perf_counter() - s.last_request.get(channel, 0.0) > 0.25
        board = [m for m in public(s, channel) if kind_of(m) is not None]
        if quiet and not pending and board and position(latest(s, channel)) == table.version:
            return table
        if time.perf_counter() > deadline:
            return table  # the caller's assertions say what is wrong
        await asyncio.sleep(0.05)


async def committing_click(s: StandIn, channel: int, rng: random.Random) -> Interaction:
    """Opens the mover's panel and walks its menu to a move (or asks for the rematch); returns the
    committing interaction, dispatched but not yet answered."""
    shown = latest(s, channel)
    if kind_of(shown).value == "result":
        text = shown.text()
        waiting = re.search(r"waiting for (\w+)", text)
        user = next(u for u in USERS if waiting is None or u.name == waiting.group(1))
        return await s.click(user, shown, shown.component(label="Rematch")["custom_id"])
    user = next(u for u in USERS if f"<@{u.id}>" in shown.content)
    ix = await s.click(user, shown, shown.component(label="Hand")["custom_id"])
    await answered(s, ix)
    panel = s.original(ix)
    assert panel is not None and panel.visible_to == user.id
    for _ in range(5):
        entries = [c for c in panel.iter_components() if c.get("label") not in ("Back", "↻ Refresh")]
        if any(c["type"] == 3 for c in entries):
            select = next(c for c in entries if c["type"] == 3)
            option = rng.choice(select["options"])
            ix = await s.select(user, panel, select["custom_id"], [option["value"]])
            if option["value"].startswith("p:"):
                return ix
        else:
            choice = rng.choice(entries)
            ix = await s.click(user, panel, choice["custom_id"])
            if ":p:" in choice["custom_id"]:
                return ix
        await answered(s, ix)
    raise AssertionError(f"no move reached on {panel.content}")


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Runs the async test in a fresh event loop, with room for 21 process starts."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(asyncio.wait_for(test(*args, **kwargs), 300))

    return wrapper


@run
async def test_a_kill_between_commit_and_post_never_stalls_the_table(tmp_path: Path) -> None:
    """20 kills at random delays (0-50 ms) after committing clicks: 20 recoveries with the right
    board and mention, no post twice, and no error in the bot's log."""
    toygame.install()
    s = await StandIn().start()
    db = tmp_path / "crash.db"
    bot = BotProcess(s, db, seed=11, log_level="INFO")
    channel = s.channel_ids[0]
    rng = random.Random(20261201)
    recovered = 0
    try:
        await bot.start()
        await answered(s, await s.slash(ALICE, channel, "join", game=toygame.NAME))
        lobby = next(m for m in public(s, channel) if kind_of(m) is not None)
        await answered(s, await s.click(BOB, lobby, lobby.component(label="Join")["custom_id"]))
        await answered(s, await s.click(ALICE, lobby, lobby.component(label="Start")["custom_id"]))
        await shown_current(s, db, channel)
        for delay in [rng.uniform(0.0, 0.05) for _ in range(KILLS)]:
            await committing_click(s, channel, rng)
            await asyncio.sleep(delay)
            await bot.kill()
            await bot.start()
            table = await shown_current(s, db, channel)
            shown = latest(s, channel)
            assert position(shown) == table.version, f"the channel shows {position(shown)}, the table is at {table.version}"
            owed = [table.seats[seat].user for seat in table.to_play() if not table.seats[seat].is_bot]
            named = re.findall(r"<@(\d+)>", shown.content)
            assert sorted(named) == sorted(owed), (named, owed)
            assert set(map(int, owed)) <= set(shown.pinged), "whoever must decide was pinged"
            markers = Counter((kind_of(m), position(m)) for m in s.messages.values()
                              if m.channel_id == channel and kind_of(m) is not None and not m.is_ephemeral
                              and kind_of(m).value != "lobby")
            assert max(markers.values()) == 1, f"posted twice: {markers.most_common(1)}"
            boards = [m for m in public(s, channel) if kind_of(m) is not None and kind_of(m).value != "lobby"]
            kept = [(kind_of(m).value, position(m), m.custom_ids()) for m in boards[:-1] if m.custom_ids()]
            assert not kept, f"old messages kept their buttons: {kept} (newest {position(shown)}, delay {delay:.3f})"
            recovered += 1
        assert recovered == KILLS
    finally:
        await bot.stop()
        await s.close()
        toygame.uninstall()
    log = bot.log_text()
    assert " ERROR " not in log and "Traceback" not in log, log[-3000:]
