"""Runs the real Hoard Discord client in-process against a stand-in, with helpers to play through it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import locales
from bot.config import Settings
from bot.discord_app import HoardBot, use_api
from bot.discord_posts import parse_marker
from bot.messages import ReplyKind
from games.text import Text
from tests.backends import database, on_postgres
from tests.discord_standin.server import Interaction, Message, StandIn, User


def _in_every_language(*texts: str) -> frozenset[str]:
    """Returns a control's label in every language Hoard speaks (the panel is the user's)."""
    return frozenset(locales.translate(Text(t), lang) for t in texts for lang in locales.LANGUAGES)


NAVIGATION = _in_every_language("Back", "◀ Previous", "Next ▶", "↻ Refresh")
NEXT_PAGE = _in_every_language("Next ▶")
REFRESH = _in_every_language("↻ Refresh")
TAKES_MOVE = _in_every_language("Takes this move")


def kind_of(message: Message) -> ReplyKind | None:
    """Returns what a public message of Hoard's is, read from its footer marker."""
    for embed in message.embeds:
        found = parse_marker((embed.get("footer") or {}).get("text", ""))
        if found is not None:
            return found[1]
    return None


def position(message: Message) -> int | None:
    """Returns the table version a board or result message shows."""
    for embed in message.embeds:
        found = parse_marker((embed.get("footer") or {}).get("text", ""))
        if found is not None:
            return found[2]
    return None


def shows_its_image(message: Message) -> bool:
    """Tells whether the embed's image is one of the message's own attachments."""
    return message.image_attachment() is not None


class Clock:
    """A settable clock for the host and the timer dispatcher."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Harness:
    """A stand-in plus a HoardBot connected to it; `restart()` swaps in a fresh bot on the same db."""

    def __init__(self, db_path: Path, *, channels: int = 1, guild: bool = False,
                 clock: Callable[[], float] = time.time, heartbeat_interval: int = 41250,
                 rate_limit: tuple[int, float] | None = None, tidy_pause: float = 0.0) -> None:
        self.db_path = db_path
        self.tidy_pause = tidy_pause
        self.standin = StandIn(channel_ids=tuple(900_000_000_000_000_101 + i for i in range(channels)),
                               heartbeat_interval=heartbeat_interval, rate_limit=rate_limit)
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
        target = await database(self.db_path)
        settings = Settings(token=s.token, db_path=self.db_path, out_dir=self.db_path.parent,
                            database_url=str(target) if on_postgres() else "",
                            guild_id=s.guild_id if self.guild else None, api_base=s.api_base,
                            log_level="INFO")
        use_api(s.api_base)
        bot = HoardBot(settings, clock=self.clock, guild_ready_timeout=0.05)
        bot.tidy_pause = self.tidy_pause
        bot.warm_renderers = False  # seconds of CPU per test otherwise
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

    async def slash(self, user: User, name: str, /, **options: Any) -> Interaction:
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

    def public(self) -> list[Message]:
        """Returns the live public messages of the table's channel and of its threads, oldest first."""
        s = self.standin
        places = {self.channel, *(t for t, data in s.threads.items() if int(data["parent_id"]) == self.channel)}
        return sorted((m for p in places for m in s.public(p)), key=lambda m: m.id)

    def created(self) -> list[Message]:
        """Returns every public message ever created at the table (deleted ones too)."""
        s = self.standin
        places = {self.channel, *(t for t, data in s.threads.items() if int(data["parent_id"]) == self.channel)}
        return [m for m in s.messages.values() if m.channel_id in places and not m.is_ephemeral]

    def of_kind(self, kind: ReplyKind) -> list[Message]:
        return [m for m in self.public() if kind_of(m) is kind]

    def boards(self) -> list[Message]:
        """Returns the public board messages, oldest first."""
        return self.of_kind(ReplyKind.BOARD)

    def board(self) -> Message:
        """Returns the newest board message."""
        boards = self.boards()
        assert boards, "no board was posted"
        return boards[-1]

    def results(self) -> list[Message]:
        return self.of_kind(ReplyKind.RESULT)

    def lobby(self) -> Message:
        lobbies = self.of_kind(ReplyKind.LOBBY)
        assert len(lobbies) == 1, f"{len(lobbies)} lobby messages"
        return lobbies[0]

    def to_move(self, users: list[User]) -> list[User]:
        """Returns the users the newest board mentions (the ones owing a decision)."""
        content = self.board().content
        return [u for u in users if f"<@{u.id}>" in content]

    async def press(self, user: User, message: Message, label: str) -> Interaction:
        """Clicks the button with this label."""
        return await self.click(user, message, message.component(label=label)["custom_id"])

    def panel_of(self, ix: Interaction, user: User) -> Message:
        """Returns the ephemeral panel an interaction answered with (a response or a follow-up)."""
        for mid in [ix.original_id, *ix.followups]:
            msg = self.standin.messages.get(mid) if mid else None
            if msg is not None and msg.visible_to == user.id and msg.embeds:
                return msg
        raise AssertionError(f"no private panel for {user.name}")

    async def open_hand(self, user: User) -> Message:
        """Clicks Hand on the newest board and returns the ephemeral panel."""
        board = self.board()
        ix = await self.press(user, board, "Hand")
        msg = self.panel_of(ix, user)
        assert msg.visible_to == user.id, "the hand must be ephemeral"
        return msg

    async def take_move(self, user: User, pick: Callable[[list[dict[str, Any]]], int] | None = None,
                        panel: Message | None = None) -> Message:
        """Plays one move for `user` through the panel's menus (a fresh one from Hand unless
        `panel` is given); returns the panel, which the move updates in place.

        `pick` chooses among a level's entries (buttons, or select options); default: the first.
        """
        hand = panel or await self.open_hand(user)
        for _ in range(10):
            comps = [c for c in hand.iter_components() if c.get("label") not in NAVIGATION]
            assert comps, (f"no choices offered to {user.name}: {hand.content} "
                           f"(board: {self.board().content} {self.board().embeds[0].get('description')})")
            select = next((c for c in comps if c["type"] == 3), None)
            entries = select["options"] if select else comps
            index = pick(entries) if pick else 0
            if select:
                option = select["options"][index]
                is_play = option.get("description") in TAKES_MOVE
                ix = await self.select(user, hand, select["custom_id"], [option["value"]])
            else:
                cid = entries[index]["custom_id"]
                is_play = ":p:" in cid
                ix = await self.click(user, hand, cid)
            assert self.standin.original(ix) is hand, "the panel is answered in place"
            if is_play:
                return hand
        raise AssertionError("the menu never reached a move")

    async def choose(self, user: User, panel: Message, path: tuple[str, ...]) -> Interaction:
        """Takes the action with this label path through the panel's menus (buttons, selects,
        paging), as a person reading the labels would; returns the committing interaction."""
        depth = 0
        for _ in range(40):
            rest = path[depth:]
            entry = _find_entry(panel, rest)
            if entry is None:
                following = [c for c in panel.iter_components() if c.get("label") in NEXT_PAGE]
                assert following, f"{' › '.join(path)} is not offered: {_labels(panel)} ({panel.content})"
                await self.click(user, panel, following[0]["custom_id"])
                continue
            comp, option, used = entry
            if option is not None:
                ix = await self.select(user, panel, comp["custom_id"], [option["value"]])
                done = option.get("description") in TAKES_MOVE
            else:
                ix = await self.click(user, panel, comp["custom_id"])
                done = ":p:" in comp["custom_id"]
            if done:
                return ix
            depth += used
        raise AssertionError(f"the menu never reached {path}")


def _labels(panel: Message) -> list[str]:
    out = []
    for comp in panel.iter_components():
        out += [o["label"] for o in comp.get("options", [])] if comp["type"] == 3 else [comp.get("label", "")]
    return out


def _find_entry(panel: Message, rest: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, Any] | None, int] | None:
    """Finds the entry leading to `rest`: its own label (one level) or the whole rest joined (an
    entry that stands for one action shows its remaining labels as one)."""
    whole = " › ".join(rest) if rest else "This"
    rest = rest or ("This",)
    for comp in panel.iter_components():
        if comp["type"] == 3:
            for option in comp["options"]:
                if option["label"] in (whole, whole[:99] + "…"):
                    return comp, option, len(rest)
                if option["label"] == rest[0] and option.get("description") not in TAKES_MOVE:
                    return comp, option, 1
        elif comp.get("label") not in NAVIGATION:
            if comp.get("label") in (whole, whole[:79] + "…"):
                return comp, None, len(rest)
            if comp.get("label") == rest[0] and ":p:" not in comp["custom_id"]:
                return comp, None, 1
    return None


async def play_by_menus(h: Harness, users: list[User], *, limit: int = 3000,
                        seed: int = 0, on_move: Callable[[User, Message], Any] | None = None) -> int:
    """Plays the table's game to its end: whoever the newest board mentions decides, taking the
    move the game's computer player would (read from the host's state, as a person reads the
    board) through the private panel's menus; returns the number of moves.

    A user who moves again right after their own move keeps using the panel that move left open;
    otherwise they press Hand on the board. `on_move(user, panel)` runs after every move.
    """
    import games

    assert h.bot is not None
    panels: dict[int, Message] = {}
    last: int | None = None
    results = len(h.results())
    for moves in range(limit):
        if len(h.results()) > results:
            return moves
        movers = h.to_move(users)
        assert movers, f"nobody to move and no result: {h.board().embeds[0].get('description')}"
        user = movers[0]
        table = h.bot.host._tables[str(h.channel)]
        seat = table.seat_of(str(user.id))
        assert seat is not None and table.live is not None
        game = table.game
        legal = game.legal_actions(table.live.state, seat)
        action = games.entry(table.game_name).ai(game.view(table.live.state, seat), legal, seed + moves)
        choices, _ = h.bot.host._choices(table, seat,
                                         locales.translator(locales.language_of(user.locale)))
        path = next(c.label for c in choices if c.code == action.encode())
        panel = panels.get(user.id) if last == user.id else None
        if panel is None or not [c for c in panel.iter_components() if c.get("label") not in REFRESH]:
            panel = await h.open_hand(user)
        ix = await h.choose(user, panel, path)
        assert h.standin.original(ix) is panel, "a move answers on the panel"
        assert "choices changed" not in panel.content, panel.content
        panels[user.id], last = panel, user.id
        if on_move is not None:
            on_move(user, panel)
    raise AssertionError("the game did not end")


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
