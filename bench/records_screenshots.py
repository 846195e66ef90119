"""README pictures of players remembered: a /leaderboard answer and a replay viewer on Discord.

    python bench/records_screenshots.py [--out docs/images]

Plays a few seeded games through the host (people and computers of each level, in the stand-in's
guild), then starts the real bot on that database against the stand-in, asks for the leaderboard
and steps a replay viewer a few turns, and draws those messages as `discord_screenshots` does.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bench.discord_screenshots import render  # noqa: E402
from bot.ai_pool import AiPool  # noqa: E402
from bot.host import Host  # noqa: E402
from bot.messages import Command, Reply, Verb  # noqa: E402
from tests.discord_standin import User  # noqa: E402
from tests.discord_standin.harness import Harness  # noqa: E402

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
PEOPLE = {str(u.id): u.name for u in (ALICE, BOB, CAROL)}
TABLES = [("1001", "1002", ""), ("1002", "1003", ""), ("1001", "", "easy"),
          ("1003", "", "normal"), ("1001", "1003", ""), ("1002", "", "normal"),
          ("1001", "1002", ""), ("1003", "", "easy")]


async def fill(db: Path, guild: str, channel: str) -> None:
    """Plays the seeded Drakones games of `TABLES` through the host."""
    host = await Host.open(db, seeds=random.Random(11), ai_pool=AiPool(inline=True))

    async def say(user: str, verb: Verb, *args: str) -> list[Reply]:
        return await host.handle(Command(channel, user, PEOPLE[user], verb, args, guild=guild))

    for first, second, level in TABLES:
        await say(first, Verb.JOIN, "drakones")
        if second:
            await say(second, Verb.JOIN)
        else:
            await say(first, Verb.ADDBOT, level)
        await say(first, Verb.START)
        await play_out(host, channel, say)
        for user in filter(None, (first, second)):
            await say(user, Verb.LEAVE)
    await host.store.db.execute("DELETE FROM outbox")  # these games were never shown on Discord
    await host.close()


async def play_out(host: Host, channel: str, say: Any) -> None:
    """Plays for the people the moves the normal computer would choose, to the end."""
    for turn in range(5000):
        table = await host._table(channel)
        if not table.is_playing or table.live is None:
            return
        seat = table.to_play()[0]
        game, state = table.game, table.live.state
        action = games.entry(table.game_name).ai(game.view(state, seat),
                                                 game.legal_actions(state, seat), turn)
        await say(table.seats[seat].user, Verb.PLAY, action.encode())
    raise AssertionError("the game did not end")


async def capture(out: Path) -> None:
    names = {ALICE.id: "Alice", BOB.id: "Bob", CAROL.id: "Carol"}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shots.db"
        async with Harness(db) as h:
            await h.stop_bot()
            await fill(db, str(h.standin.guild_id), str(h.channel))
            await h.start_bot()
            ix = await h.slash(ALICE, "leaderboard", game="drakones")
            board = h.standin.original(ix)
            assert board is not None and board.embeds, "the leaderboard was answered"
            (out / "leaderboard.png").write_bytes(render(board, names))
            await h.slash(BOB, "replay")
            viewer = next(m for m in h.standin.public(h.channel)
                          if m.embeds and m.embeds[0].get("title", "").startswith("Replay of"))
            for _ in range(6):
                await h.press(BOB, viewer, "▶")
            assert viewer.embeds[0]["description"].startswith("Step 7 of")
            for comp in viewer.iter_components():  # the README's font has no ⏮ ⏭ (Discord: emoji)
                comp["label"] = {"⏮": "|◀", "⏭": "▶|"}.get(comp["label"], comp["label"])
            (out / "replay.png").write_bytes(render(viewer, names))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parent.parent / "docs" / "images")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(capture(args.out))
    print("wrote", args.out / "leaderboard.png", args.out / "replay.png")


if __name__ == "__main__":
    main()
