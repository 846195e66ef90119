"""Hoard on Discord: slash commands and components become host Commands; Replies become messages.

The adapter is thin (STYLE 4.14): it holds no rules and no game state. A table's public message is an
embed with the board PNG and a Hand button; each new position is posted as a new message (so the
player to move is pinged) and the previous board loses its buttons. A player's hand and move menus
live in ephemeral messages opened fresh by the Hand button. Every component is a `HoardItem`
(`bot.discord_views`), registered in `setup_hook`, whose custom_id names the table and state version,
so clicks keep working after a restart and stale ones are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import io
import json
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket

import games
from bot import discord_views as ui
from bot.config import Settings
from bot.discord_i18n import HoardTranslator, T
from bot.host import Host
from bot.messages import Command, Reply, ReplyKind, Verb
from bot.table import MAX_TIMER, MIN_TIMER, SERIES_LIMIT

log = logging.getLogger(__name__)

DEFER_AFTER = 0.3
"""Seconds the host may take before the interaction is deferred (Discord allows 3)."""
CLOSE_GRACE = 5.0
"""Seconds `close` waits for commands and clicks in flight to finish."""
EPHEMERAL_VERBS = frozenset({Verb.HAND, Verb.RULES})
APOLOGY = "Sorry, something went wrong on our side. Nothing was changed; please try again."
STALE_MENU = ("That menu belongs to an earlier position; the game has moved on. "
              "Press Hand on the latest board for your current choices.")
HAND_LABEL = "Hand"


def use_api(base: str) -> None:
    """Points discord.py's REST and webhook routes at another Discord-compatible base URL.

    This is process-wide (discord.py keeps the base on its `Route` class); the gateway address is
    then asked from that endpoint in `HoardBot.setup_hook`.
    """
    discord.http.Route.BASE = base.rstrip("/")


async def run_discord(settings: Settings) -> None:
    """Runs Hoard on Discord until the process is stopped."""
    if not settings.token:
        raise ValueError("DISCORD_TOKEN is not set.")
    if settings.api_base:
        use_api(settings.api_base)
    async with HoardBot(settings) as bot:
        await bot.start(settings.token)


@dataclass(slots=True)
class Post:
    """One public message built from one or more replies."""

    channel: str
    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: tuple[str, ...] = ()
    board: Reply | None = None

    def kwargs(self) -> dict[str, Any]:
        """Returns the arguments of a send call."""
        out: dict[str, Any] = {
            "content": self.content or None,
            "embeds": self.embeds,
            "files": self.files,
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(int(u)) for u in self.mentions]),
        }
        if self.view is not None:
            out["view"] = self.view
        return out


def board_post(reply: Reply) -> Post:
    """Returns the public message of a BOARD reply: mentions, the embed with the image, controls."""
    embed = discord.Embed(title=_cut(reply.title, 256) or None, description=_cut(reply.text, 4096) or None,
                          colour=discord.Colour.dark_gold())
    for name, value in reply.fields[:25]:
        embed.add_field(name=_cut(name, 256) or "\u200b", value=_cut(value, 1024) or "\u200b", inline=False)
    embed.set_footer(text=f"Table {reply.table} · position {reply.version}")
    files = []
    if reply.image is not None:
        files.append(discord.File(io.BytesIO(reply.image), filename=reply.image_name))
        embed.set_image(url=f"attachment://{reply.image_name}")
    content = ""
    if reply.mentions:
        content = " ".join(f"<@{u}>" for u in reply.mentions) + f" — your decision: press **{HAND_LABEL}**."
    view = None
    if reply.version is not None and not reply.over and (reply.waiting_on or reply.choices):
        view = ui.board_view(reply.table or reply.channel, reply.version, choices=reply.choices,
                             hand_label=HAND_LABEL)
    return Post(reply.channel, content, [embed], files, view, reply.mentions, board=reply)


def public_posts(replies: Sequence[Reply]) -> list[Post]:
    """Groups public replies into messages: each board alone, consecutive texts together."""
    posts: list[Post] = []
    text: Post | None = None
    for reply in replies:
        if reply.private_to is not None:
            continue
        if reply.kind is ReplyKind.BOARD:
            posts.append(board_post(reply))
            text = None
            continue
        if text is None:
            text = Post(reply.channel)
            posts.append(text)
        if reply.kind is ReplyKind.RESULT:
            text.embeds.append(discord.Embed(title=_cut(reply.title or "Result", 256),
                                             description=_cut(reply.text, 4096),
                                             colour=discord.Colour.gold()))
        else:
            text.content = _cut("\n".join(p for p in (text.content, reply.text) if p), 2000)
        text.mentions += reply.mentions
    return posts


def private_message(reply: Reply) -> dict[str, Any]:
    """Returns the arguments of an ephemeral message for a private reply (a hand gets its menu)."""
    if reply.kind is ReplyKind.HAND:
        embed = discord.Embed(title=_cut(reply.title, 256), colour=discord.Colour.dark_green(),
                              description=_cut(f"```\n{_cut(reply.text, 3900)}\n```", 4096))
        files = []
        if reply.image is not None:
            files.append(discord.File(io.BytesIO(reply.image), filename=reply.image_name))
            embed.set_image(url=f"attachment://{reply.image_name}")
        prompt, view = ui.menu_view(reply.table or reply.channel, reply.version or 0, reply.choices)
        out: dict[str, Any] = {"content": prompt, "embeds": [embed], "files": files}
        if view is not None:
            out["view"] = view
        return out
    if reply.kind is ReplyKind.ERROR:
        return {"content": _cut(reply.text, 2000), "embeds": [], "files": []}
    if reply.title and reply.title not in reply.text:
        return {"content": None, "files": [],
                "embeds": [discord.Embed(title=_cut(reply.title, 256), description=_cut(reply.text, 4096))]}
    return {"content": _cut(reply.text, 2000), "embeds": [], "files": []}


class Responder:
    """Answers one interaction: the initial response first (or an edit after a defer), then follow-ups."""

    def __init__(self, interaction: discord.Interaction, deferred: str | None) -> None:
        self.interaction = interaction
        self.deferred = deferred
        """None, "public" or "ephemeral" (a thinking defer), or "update" (a component defer)."""
        self._original_filled = False

    @property
    def is_done(self) -> bool:
        return self.interaction.response.is_done()

    async def private(self, message: dict[str, Any]) -> None:
        """Shows an ephemeral message to the interacting user."""
        ix = self.interaction
        if not self.is_done:
            await ix.response.send_message(ephemeral=True, **_for_send(message))
        elif self.deferred == "ephemeral" and not self._original_filled:
            self._original_filled = True
            await ix.edit_original_response(**_for_edit(message))
        else:
            await ix.followup.send(ephemeral=True, wait=True, **_for_send(message))

    async def public(self, post: Post) -> discord.Message | None:
        """Sends a public post as the interaction's response when that is still possible."""
        ix = self.interaction
        if not self.is_done:
            response = await ix.response.send_message(**post.kwargs())
            resource = response.resource
            return resource if isinstance(resource, discord.Message) else None
        if self.deferred == "public" and not self._original_filled:
            self._original_filled = True
            kwargs = post.kwargs()
            kwargs["attachments"] = kwargs.pop("files")
            return await ix.edit_original_response(**kwargs)
        return None

    async def update(self, message: dict[str, Any]) -> None:
        """Replaces the message the clicked component is on."""
        ix = self.interaction
        if not self.is_done:
            await ix.response.edit_message(**_for_edit(message))
        else:
            await ix.edit_original_response(**_for_edit(message))

    async def finish(self) -> None:
        """Makes sure the interaction was answered and no 'thinking…' message is left behind."""
        ix = self.interaction
        if not self.is_done:
            if ix.type is discord.InteractionType.component:
                await ix.response.defer()
            else:
                await ix.response.send_message("Done.", ephemeral=True)
        elif self.deferred in ("public", "ephemeral") and not self._original_filled:
            self._original_filled = True
            with contextlib.suppress(discord.HTTPException):
                await ix.delete_original_response()


class HoardBot(discord.Client):
    """The Discord client: commands, components, board messages and the turn-timer dispatcher."""

    host: Host

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=True, replied_user=False), **options)
        self.settings = settings
        self.clock = clock
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        add_commands(self)
        self._boards: dict[str, int] = {}
        """Message id of each table's current board message."""
        self._posted: dict[str, int] = {}
        """The newest board version posted per table (an older one arriving late is skipped)."""
        self._post_locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._timer_wake = asyncio.Event()
        self._timer_task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self._busy = 0
        self._latest: dict[str, int] = {}
        """The newest state version seen per table (from any reply)."""
        self._menus: dict[tuple[str, str], Reply] = {}
        """The last hand's choices per (table, user), without its image: menu clicks at its version
        need no host call."""
        self.synced = False
        """Whether the last start re-synced the command set (False: its hash was unchanged)."""

    # -- lifecycle --------------------------------------------------------------------------------

    async def setup_hook(self) -> None:
        if self.settings.api_base:
            _, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            log.info("Using the Discord endpoint %s (gateway %s)", self.settings.api_base, url)
        self.host = await Host.open(self.settings.db_path, clock=self.clock)
        self.add_dynamic_items(ui.HoardItem)
        await self.tree.set_translator(HoardTranslator())
        try:
            self.synced = await self.sync_commands()
        except discord.HTTPException:
            log.exception("Syncing the slash commands failed; running with the commands Discord has")
        self._timer_task = asyncio.create_task(self._dispatch_timers(), name="hoard-turn-timers")

    async def close(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
        deadline = time.monotonic() + CLOSE_GRACE
        while not self.is_idle() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # let answers in flight reach Discord before the session closes
        await super().close()
        if getattr(self, "host", None) is not None:
            await self.host.close()

    def is_idle(self) -> bool:
        """Returns whether no command, click, post or background edit is in progress."""
        return self._busy == 0 and not self._background

    @contextlib.contextmanager
    def _working(self) -> Any:
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1

    async def command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """Returns the command set exactly as `tree.sync` would send it."""
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        if translator is None:
            return [c.to_dict(self.tree) for c in commands]
        return [await c.get_translated_payload(self.tree, translator) for c in commands]

    async def sync_commands(self) -> bool:
        """Syncs the slash commands when their payload changed since the last sync; returns if it did."""
        guild = discord.Object(self.settings.guild_id) if self.settings.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await self.command_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"discord.commands.{self.application_id}.{guild.id if guild else 'global'}"
        if await self.host.store.get_meta(key) == digest:
            log.info("Slash commands unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.host.store.set_meta(key, digest)
        log.info("Synced %d slash commands (%s)", len(payload), f"guild {guild.id}" if guild else "global")
        return True

    # -- commands ---------------------------------------------------------------------------------

    async def run_command(self, interaction: discord.Interaction, verb: Verb, args: Sequence[str] = ()) -> None:
        """Runs a slash command through the host and answers with its replies."""
        command = self._command(interaction, verb, args)
        with self._working():
            await self._run_command(interaction, verb, command)

    async def _run_command(self, interaction: discord.Interaction, verb: Verb, command: Command) -> None:
        try:
            replies, deferred = await self._handle(interaction, command, ephemeral=verb in EPHEMERAL_VERBS)
            responder = Responder(interaction, deferred)
            posts = public_posts(replies)
            if posts and deferred != "ephemeral":
                message = await responder.public(posts[0])
                if message is not None:
                    await self._record_board(posts.pop(0), message.id)
            await self._send_private(responder, interaction, replies)
            await self._post(posts)
            await responder.finish()
        except Exception:
            log.exception("/%s failed at table %s (user %s)", verb.value, interaction.channel_id,
                          interaction.user.id)
            await self.apologise(interaction)

    def _command(self, interaction: discord.Interaction, verb: Verb, args: Sequence[str] = (),
                 version: int | None = None) -> Command:
        return Command(channel=str(interaction.channel_id), user=str(interaction.user.id),
                       name=interaction.user.display_name, verb=verb, args=tuple(args), version=version)

    async def _handle(self, interaction: discord.Interaction, command: Command, *,
                      ephemeral: bool, deferred: str | None = None) -> tuple[list[Reply], str | None]:
        """Runs the command, deferring the interaction if the host takes longer than DEFER_AFTER."""
        task = asyncio.ensure_future(self.host.handle(command))
        try:
            await asyncio.wait_for(asyncio.shield(task), DEFER_AFTER)
        except TimeoutError:
            if interaction.response.is_done():
                pass
            elif interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
                deferred = "update"
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                deferred = "ephemeral" if ephemeral else "public"
            log.debug("Deferred %s at table %s", command.verb.value, command.channel)
        replies = await task
        self._timer_wake.set()
        self._remember(command, replies)
        return replies, deferred

    def _remember(self, command: Command, replies: Sequence[Reply]) -> None:
        """Tracks each table's newest version and each player's last menu."""
        for reply in replies:
            table = reply.table or reply.channel
            if reply.version is not None:
                self._latest[table] = max(self._latest.get(table, -1), reply.version)
            if reply.kind is ReplyKind.HAND and reply.private_to is not None:
                self._menus[(table, reply.private_to)] = dataclasses.replace(reply, image=None, text="")

    async def _send_private(self, responder: Responder, interaction: discord.Interaction,
                            replies: Sequence[Reply], *, skip: Sequence[Reply] = ()) -> None:
        user = str(interaction.user.id)
        for reply in replies:
            if reply.private_to is None or any(reply is s for s in skip):
                continue
            if reply.private_to != user:
                log.debug("Dropped a private reply for user %s at table %s", reply.private_to, reply.table)
                continue
            await responder.private(private_message(reply))

    # -- components -------------------------------------------------------------------------------

    async def on_hoard_click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        """Handles every Hoard button and select."""
        with self._working():
            await self._click(interaction, click)

    async def _click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        try:
            if click.table != str(interaction.channel_id):
                await interaction.response.send_message("That button belongs to another table.", ephemeral=True)
            elif click.kind == "h":
                await self._open_hand(interaction)
            elif click.kind == "p":
                await self._play(interaction, click, click.code)
            else:
                await self._navigate(interaction, click)
        except Exception:
            log.exception("Click %r failed at table %s (user %s)", click, click.table, interaction.user.id)
            await self.apologise(interaction)

    async def _open_hand(self, interaction: discord.Interaction) -> None:
        replies, deferred = await self._handle(interaction, self._command(interaction, Verb.HAND),
                                               ephemeral=True)
        responder = Responder(interaction, deferred)
        await self._send_private(responder, interaction, replies)
        await responder.finish()

    async def _play(self, interaction: discord.Interaction, click: ui.Click, code: str,
                    deferred: str | None = None) -> None:
        user = str(interaction.user.id)
        known = self._menus.get((click.table, user))
        label = next((" › ".join(c.label) for c in known.choices if c.code == code), "") if known else ""
        played = f"You played: {label}." if label else "Move played."
        command = self._command(interaction, Verb.PLAY, (code,), version=click.version)
        replies, deferred = await self._handle(interaction, command, ephemeral=True, deferred=deferred)
        responder = Responder(interaction, deferred)
        mine = [r for r in replies if r.private_to == user]
        shown: list[Reply] = []
        on_hand = interaction.message is not None and interaction.message.flags.ephemeral
        if on_hand and not any(r.kind is ReplyKind.ERROR for r in mine):
            hands = [r for r in mine if r.kind is ReplyKind.HAND]
            if hands:
                message = private_message(hands[-1])
                message["content"] = f"{played} {message.get('content') or ''}"
                shown = hands
            else:
                message = {"content": f"{played} It is on the board.", "embeds": [], "files": [], "view": None}
            await responder.update(message)
        await self._send_private(responder, interaction, replies, skip=shown)
        await self._post(public_posts(replies))
        await responder.finish()

    async def _navigate(self, interaction: discord.Interaction, click: ui.Click) -> None:
        hand = self._menus.get((click.table, str(interaction.user.id)))
        cached = hand is not None and hand.version == click.version == self._latest.get(click.table)
        if cached:
            assert hand is not None
            replies: list[Reply] = [hand]
            deferred = None
        else:
            command = self._command(interaction, Verb.MOVES, version=click.version)
            replies, deferred = await self._handle(interaction, command, ephemeral=True)
            hand = next((r for r in replies if r.kind is ReplyKind.HAND), None)
        responder = Responder(interaction, deferred)
        if hand is None:
            await self._send_private(responder, interaction, replies)
            await responder.finish()
            return
        if hand.version != click.version:
            await responder.private({"content": STALE_MENU, "embeds": [], "files": []})
            return
        path, page = click.path, click.page
        if click.kind == "s" and click.values:
            try:
                _, entries = ui.level(hand.choices, click.path)
                entry = entries[int(click.values[0])]
            except (LookupError, ValueError):
                await responder.private({"content": STALE_MENU, "embeds": [], "files": []})
                return
            if entry.code is not None:
                await self._play(interaction, click, entry.code, deferred)
                return
            path, page = entry.path, 0
        try:
            prompt, view = ui.menu_view(hand.table or hand.channel, click.version, hand.choices, path, page)
        except LookupError:
            await responder.private({"content": STALE_MENU, "embeds": [], "files": []})
            return
        message: dict[str, Any] = {"content": prompt, "view": view}
        if not cached:  # a fresh hand from the host may carry new notes: show all of it
            message = {**private_message(hand), **message}
        on_hand = interaction.message is not None and interaction.message.flags.ephemeral
        if on_hand:
            await responder.update(message)
        else:
            await responder.private({"embeds": [], "files": [], **message})

    # -- public messages --------------------------------------------------------------------------

    async def post_replies(self, replies: Sequence[Reply]) -> None:
        """Posts the public replies (timers, background work); private ones have nobody to show to."""
        for reply in replies:
            if reply.private_to is not None:
                log.debug("Dropped a private %s reply for %s at table %s", reply.kind, reply.private_to,
                          reply.table)
        await self._post(public_posts(replies))

    async def _post(self, posts: Sequence[Post]) -> None:
        for post in posts:
            table = post.board.table or post.channel if post.board else post.channel
            async with self._post_locks[table]:
                if post.board is not None and (post.board.version or 0) < self._posted.get(table, -1):
                    log.debug("Skipped an outdated board %s at table %s", post.board.version, table)
                    continue
                channel = self.get_partial_messageable(int(post.channel))
                message = await channel.send(**post.kwargs())
                await self._record_board(post, message.id)

    async def _record_board(self, post: Post, message_id: int) -> None:
        """Remembers the table's new board message and strips the buttons off the previous one."""
        if post.board is None:
            return
        table = post.board.table or post.channel
        self._posted[table] = max(self._posted.get(table, -1), post.board.version or 0)
        previous = self._boards.get(table)
        self._boards[table] = message_id
        if previous is not None and previous != message_id:
            self._spawn(self._strip(int(post.channel), previous, table))

    async def _strip(self, channel_id: int, message_id: int, table: str) -> None:
        try:
            await self.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as error:
            log.info("Could not clear the old board %s at table %s: %s", message_id, table, error)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- timers and errors ------------------------------------------------------------------------

    def wake_timers(self) -> None:
        """Makes the timer dispatcher look at the deadlines again (after a change or a clock jump)."""
        self._timer_wake.set()

    async def _dispatch_timers(self) -> None:
        """Sleeps until the earliest turn deadline, lets the host play for whoever timed out, posts."""
        while not self.is_closed():
            try:
                self._timer_wake.clear()
                deadline = self.host.next_deadline()
                delay = 3600.0 if deadline is None else deadline - self.clock()
                if delay > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._timer_wake.wait(), min(delay, 3600.0))
                    continue
                with self._working():
                    replies = await self.host.run_due_timers()
                    await self.post_replies(replies)
                if not replies and self.host.next_deadline() == deadline:
                    await asyncio.sleep(1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("The turn-timer dispatcher failed; retrying")
                await asyncio.sleep(5.0)

    async def apologise(self, interaction: discord.Interaction) -> None:
        """Tells the user, ephemerally, that something broke (never a traceback)."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(APOLOGY, ephemeral=True)
            else:
                await interaction.response.send_message(APOLOGY, ephemeral=True)
        except discord.HTTPException:
            log.warning("Could not apologise to user %s at table %s", interaction.user.id,
                        interaction.channel_id)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        command = interaction.command.name if interaction.command else "?"
        log.error("/%s failed at table %s (user %s)", command, interaction.channel_id, interaction.user.id,
                  exc_info=error)
        await self.apologise(interaction)


def add_commands(bot: HoardBot) -> None:
    """Defines Hoard's slash commands on the bot's tree (game choices come from the registry)."""
    tree = bot.tree
    game_choices = [app_commands.Choice(name=g.info.title[:100], value=g.info.name)
                    for g in games.all_games()][:25]

    def with_games(func: Any) -> Any:
        return app_commands.choices(game=game_choices)(func) if game_choices else func

    @tree.command(name="join", description=T("Take a seat at this channel's table (the first join picks the game)."))
    @app_commands.guild_only()
    @app_commands.describe(game=T("The game to play (only the first player chooses)."),
                           option=T("A game option as name=value, e.g. a faction."))
    @with_games
    async def join(interaction: discord.Interaction, game: str | None = None, option: str | None = None) -> None:
        args = [a for a in (game, *(option or "").split()) if a]
        await bot.run_command(interaction, Verb.JOIN, args)

    @join.autocomplete("option")
    async def join_option(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        chosen = games.find(interaction.namespace.game or "")
        found = []
        for g in [chosen] if chosen else games.all_games():
            for spec in g.info.options:
                for value in (*spec.choices, *(("random",) if spec.per_seat else ())):
                    text = f"{spec.name}={value}"
                    if current.lower() in text.lower() and text not in found:
                        found.append(text)
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in found[:25]]

    @tree.command(name="leave", description=T("Leave this channel's table."))
    @app_commands.guild_only()
    async def leave(interaction: discord.Interaction) -> None:
        await bot.run_command(interaction, Verb.LEAVE)

    @tree.command(name="start", description=T("Start the game with everyone seated."))
    @app_commands.guild_only()
    @app_commands.describe(timer=T("Seconds per decision for this game."))
    async def start(interaction: discord.Interaction,
                    timer: app_commands.Range[int, MIN_TIMER, MAX_TIMER] | None = None) -> None:
        await bot.run_command(interaction, Verb.START, [f"timer={timer}"] if timer is not None else [])

    @tree.command(name="match", description=T("Play a match: the first to win X games wins."))
    @app_commands.guild_only()
    @app_commands.describe(x=T("How many games must be won (1-99)."))
    async def match(interaction: discord.Interaction, x: app_commands.Range[int, 1, SERIES_LIMIT]) -> None:
        await bot.run_command(interaction, Verb.MATCH, [str(x)])

    @tree.command(name="sumof", description=T("Play X games and add up the scores."))
    @app_commands.guild_only()
    @app_commands.describe(x=T("How many games to play (1-99)."))
    async def sumof(interaction: discord.Interaction, x: app_commands.Range[int, 1, SERIES_LIMIT]) -> None:
        await bot.run_command(interaction, Verb.SUMOF, [str(x)])

    @tree.command(name="addbot", description=T("Add a computer player to the table."))
    @app_commands.guild_only()
    async def addbot(interaction: discord.Interaction) -> None:
        await bot.run_command(interaction, Verb.ADDBOT)

    @tree.command(name="hand", description=T("Show your hand and your choices (only you see it)."))
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction) -> None:
        await bot.run_command(interaction, Verb.HAND)

    @tree.command(name="resign", description=T("Give up the current game."))
    @app_commands.guild_only()
    async def resign(interaction: discord.Interaction) -> None:
        await bot.run_command(interaction, Verb.RESIGN)

    @tree.command(name="rules", description=T("Explain a game's rules and Hoard's commands."))
    @app_commands.guild_only()
    @app_commands.describe(game=T("The game to explain (default: this table's)."))
    @with_games
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        await bot.run_command(interaction, Verb.RULES, [game] if game else [])

    @tree.command(name="status", description=T("Show this table: players, whose turn, the board."))
    @app_commands.guild_only()
    async def status(interaction: discord.Interaction) -> None:
        await bot.run_command(interaction, Verb.STATUS)

    @tree.command(name="timer", description=T("Set the seconds each player has for a decision."))
    @app_commands.guild_only()
    @app_commands.describe(seconds=T("Seconds per decision."))
    async def timer(interaction: discord.Interaction, seconds: app_commands.Range[int, MIN_TIMER, MAX_TIMER]) -> None:
        await bot.run_command(interaction, Verb.TIMER, [str(seconds)])


def _for_send(message: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in message.items() if k != "view" or v is not None}
    if "attachments" in out:
        out["files"] = out.pop("attachments")
    return out


def _for_edit(message: dict[str, Any]) -> dict[str, Any]:
    out = dict(message)
    if "files" in out:
        files = out.pop("files")
        if files or "embeds" in out:
            out["attachments"] = files
    return out


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
