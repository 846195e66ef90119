"""Runs the real Hoard Discord client in-process against a stand-in, with helpers to play through it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord_app import HoardBot, use_api
from tests.discord_standin.server import Interaction, Message, StandIn, User


class Clock:
    """A settable clock for the host and the timer dispatcher."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Harness:
    """A stand-in plus a HoardBot connected to it; `restart()` swaps in a fresh bot on the same db."""

    def __init__(self, db_path: Path, *, channels: int = 1, guild: bool = False,
                 clock: Callable[[], float] = time.time, heartbeat_interval: int = 41250) -> None:
        self.db_path = db_path
        self.standin = StandIn(channel_ids=tuple(900_000_000_000_000_101 + i for i in range(channels)),
                               heartbeat_interval=heartbeat_interval)
        self.guild = guild
        self.clock = clock
        self.bot: HoardBot | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def channel(self) -> int:
        return self.standin.channel_ids[0]

    async def __aenter__(self) -> Harness:
        await self.standin.start()
        await self.start_bot()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop_bot()
        await self.standin.close()

    async def start_bot(self) -> HoardBot:
        s = self.standin
        settings = Settings(token=s.token, db_path=self.db_path, out_dir=self.db_path.parent,
                            guild_id=s.guild_id if self.guild else None, api_base=s.api_base,
                            log_level="INFO")
        use_api(s.api_base)
        bot = HoardBot(settings, clock=self.clock, guild_ready_timeout=0.05)
        await bot.login(s.token)
        self._task = asyncio.create_task(bot.connect(reconnect=True))
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        self.bot = bot
        return bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            if self._task is not None:
                await asyncio.wait_for(self._task, 10)
        self.bot = None

    async def restart(self) -> HoardBot:
        await self.settle()
        await self.stop_bot()
        return await self.start_bot()

    async def settle(self, timeout: float = 15.0) -> None:
        """Waits until every interaction is answered and the bot has nothing left in progress."""
        s = self.standin
        deadline = time.perf_counter() + timeout
        while True:
            pending = any(ix.responded_at is None for ix in s.interactions.values())
            loading = any(m.flags & 128 and not m.deleted for m in s.messages.values())
            if not pending and not loading and (self.bot is None or self.bot.is_idle()):
                return
            if time.perf_counter() > deadline:
                raise TimeoutError("the bot did not settle")
            await asyncio.sleep(0.005)

    # -- playing ---------------------------------------------------------------------------------

    async def slash(self, user: User, name: str, **options: Any) -> Interaction:
        """Runs a slash command and waits until the bot has finished answering."""
        ix = await self.standin.slash(user, self.channel, name, **options)
        await self.settle()
        return ix

    async def click(self, user: User, message: Message, custom_id: str) -> Interaction:
        ix = await self.standin.click(user, message, custom_id)
        await self.settle()
        return ix

    async def select(self, user: User, message: Message, custom_id: str, values: list[str]) -> Interaction:
        ix = await self.standin.select(user, message, custom_id, values)
        await self.settle()
        return ix

    def boards(self) -> list[Message]:
        """Returns the public board messages (those with a board image), oldest first."""
        return [m for m in self.standin.public(self.channel)
                if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith("Table ")]

    def board(self) -> Message:
        """Returns the newest board message."""
        boards = self.boards()
        assert boards, "no board was posted"
        return boards[-1]

    def to_move(self, users: list[User]) -> list[User]:
        """Returns the users the newest board mentions (the ones owing a decision)."""
        content = self.board().content
        return [u for u in users if f"<@{u.id}>" in content]

    async def open_hand(self, user: User) -> Message:
        """Clicks Hand on the newest board and returns the ephemeral hand message."""
        board = self.board()
        ix = await self.click(user, board, board.component(label="Hand")["custom_id"])
        msg = self.standin.original(ix)
        assert msg is not None and msg.visible_to == user.id, "the hand must be ephemeral"
        return msg

    async def take_move(self, user: User, pick: Callable[[list[dict[str, Any]]], int] | None = None) -> Message:
        """Plays one move for `user` through Hand and the menus; returns the hand message at the end.

        `pick` chooses among a level's entries (buttons, or select options); default: the first.
        """
        hand = await self.open_hand(user)
        for _ in range(10):
            comps = [c for c in hand.iter_components() if c.get("label") not in ("Back", "◀ Previous", "Next ▶")]
            assert comps, (f"no choices offered to {user.name}: {hand.content} "
                           f"(board: {self.board().content} {self.board().embeds[0].get('description')})")
            select = next((c for c in comps if c["type"] == 3), None)
            entries = select["options"] if select else comps
            index = pick(entries) if pick else 0
            if select:
                value = select["options"][index]["value"]
                is_play = select["options"][index].get("description") == "Takes this move"
                ix = await self.select(user, hand, select["custom_id"], [value])
            else:
                cid = entries[index]["custom_id"]
                is_play = ":p:" in cid
                ix = await self.click(user, hand, cid)
            if is_play:
                return hand
            assert self.standin.original(ix) is hand, "menu navigation edits the hand message"
        raise AssertionError("the menu never reached a move")


class ErrorLogs(logging.Handler):
    """Collects ERROR records so a test can fail on them (RaiseLogHandler, gently)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> ErrorLogs:
        logging.getLogger().addHandler(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        logging.getLogger().removeHandler(self)
