"""Hoard on Discord: the bot, its startup, and how interactions become host Commands and replies.

The adapter is thin (STYLE 4.14) and holds no rules, no game state and no per-user menu state:
slash commands live in cogs (`bot.cogs`), every component is a `HoardItem` (`bot.discord_views`)
whose custom_id carries what a click needs, and the host alone judges a click stale. Answers to the
clicker are ephemeral or edit the message clicked on (the private panel follows the game, a lobby
or result updates in place); everything a change owes the channel goes through the courier
(`bot.discord_courier`), which also delivers what a crash left in the outbox, on start and after
every reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import hashlib
import json
import logging
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

import locales
from bot import discord_posts as posts
from bot import discord_views as ui
from bot.cogs import EXTENSIONS
from bot.config import Settings
from bot.discord_buckets import ChannelBuckets
from bot.discord_courier import Courier
from bot.discord_i18n import HoardTranslator
from bot.host import Host
from bot.messages import Command, Reply, ReplyKind, Verb
from games.text import Text, Translate
from renderers import warmup

log = logging.getLogger(__name__)

DEFER_AFTER = 0.3
"""Seconds the host may take before the interaction is deferred (Discord allows 3)."""
SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter while another waits for it (Python's default is
0.005). Boards and hands are drawn in worker threads; at the default, every step the event loop
and the database thread take while a picture is drawn waited up to 5 ms, and with 100 tables
starting at once a first response waited 300 ms for that alone (bench/discord_latency)."""
CLOSE_GRACE = 5.0
"""Seconds `close` waits for commands, clicks and deliveries in flight to finish."""
APOLOGY = Text("Sorry, something went wrong on our side. Nothing was changed; please try again.")
OTHER_TABLE = Text("That button belongs to another table.")
SERVERS_ONLY = Text("Hoard's tables live in server channels; use this there.")
POSTED_BELOW = Text("Posted below.")
DONE = Text("Done.")


def reader_tr(interaction: discord.Interaction) -> Translate:
    """Translates into the interacting user's language (their Discord locale)."""
    return locales.translator(locales.language_of(interaction.locale.value))
LOBBY_VERBS = {"j": Verb.JOIN, "b": Verb.ADDBOT, "l": Verb.LEAVE, "g": Verb.START,
               "o": Verb.OPTION, "R": Verb.REMATCH, "N": Verb.NEXT}


def use_api(base: str) -> None:
    """Points discord.py's REST and webhook routes at another Discord-compatible base URL.

    This is process-wide (discord.py keeps the base on its `Route` class); the gateway address is
    then asked from that endpoint in `HoardBot.setup_hook`.
    """
    discord.http.Route.BASE = base.rstrip("/")


async def run_discord(settings: Settings) -> None:
    """Runs Hoard on Discord until the process is stopped. The database is opened first, so a
    database that cannot be used stops the process at once (StoreError), before connecting; one
    that fails while running closes the bot and raises its StoreError here."""
    if not settings.token:
        raise ValueError("DISCORD_TOKEN is not set.")
    if settings.api_base:
        use_api(settings.api_base)
    sys.setswitchinterval(SWITCH_INTERVAL)
    host = await open_host(settings)
    try:
        bot = bot_class(settings)(settings, host=host)
    except BaseException:
        await host.close()
        raise
    try:
        async with bot:
            await bot.start(settings.token)
    finally:
        if bot._closing is not None:
            await bot._closing  # a close the database's failure began: let it finish
        await host.close()  # again if need be: no database thread may outlive the loop
    if host.failed is not None:
        raise host.failed


async def open_host(settings: Settings, *, clock: Callable[[], float] = time.time) -> Host:
    """Opens the host on the configured database with the configured memory bounds."""
    return await Host.open(settings.database, clock=clock, markup=posts.safe_name,
                           idle_seconds=settings.idle_seconds, max_tables=settings.max_tables)


def bot_class(settings: Settings) -> type[HoardBot]:
    """Returns the client class: sharded (AutoShardedClient) when HOARD_SHARD_COUNT is set."""
    return ShardedHoardBot if settings.shard_count else HoardBot


def table_of(interaction: discord.Interaction) -> str:
    """Returns the table an interaction belongs to: its channel, or the channel of its thread."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id:
        return str(channel.parent_id)
    return str(interaction.channel_id)


class Responder:
    """Answers one interaction: the initial response first (or an edit after a defer), then follow-ups."""

    def __init__(self, interaction: discord.Interaction, deferred: str | None) -> None:
        self.interaction = interaction
        self.deferred = deferred
        """None, "thinking" (an ephemeral thinking defer) or "update" (a component defer)."""
        self._filled = False

    @property
    def is_done(self) -> bool:
        return self.interaction.response.is_done()

    async def private(self, payload: posts.Payload) -> None:
        """Shows an ephemeral message to the interacting user."""
        ix = self.interaction
        if not self.is_done:
            await ix.response.send_message(ephemeral=True, **payload.send())
        elif self.deferred == "thinking" and not self._filled:
            self._filled = True
            await ix.edit_original_response(**payload.edit())
        else:
            await ix.followup.send(ephemeral=True, wait=True, **payload.send())

    async def public(self, payload: posts.Payload) -> None:
        """Shows a message to the whole channel (a card, a replay viewer, an animation)."""
        ix = self.interaction
        if not self.is_done:
            await ix.response.send_message(**payload.send())
        elif self.deferred == "thinking" and not self._filled:
            self._filled = True  # the ephemeral "thinking" stays private: post beside it
            await ix.edit_original_response(content=reader_tr(ix)(POSTED_BELOW))
            await ix.followup.send(wait=True, **payload.send())
        else:
            await ix.followup.send(wait=True, **payload.send())

    async def update(self, payload: posts.Payload) -> None:
        """Replaces the message the clicked component is on (UPDATE_MESSAGE)."""
        ix = self.interaction
        if not self.is_done:
            await ix.response.edit_message(**payload.edit())
        else:
            await ix.edit_original_response(**payload.edit())

    async def finish(self) -> None:
        """Makes sure the interaction was answered and no 'thinking…' message is left behind."""
        ix = self.interaction
        if not self.is_done:
            if ix.type is discord.InteractionType.component:
                await ix.response.defer()
            else:
                await ix.response.send_message(reader_tr(ix)(DONE), ephemeral=True)
        elif self.deferred == "thinking" and not self._filled:
            self._filled = True
            await ix.edit_original_response(content=reader_tr(ix)(DONE))


class HoardBot(commands.Bot):
    """The Discord client: cogs, components, the courier and the turn-timer dispatcher."""

    host: Host
    courier: Courier
    tidy_pause: float = 1.0
    """Seconds of rest a channel gets before an old board loses its buttons (see the courier)."""
    warm_renderers: bool = True
    """Whether to fill the renderers' caches in a worker thread at start (the tests skip it)."""

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 host: Host | None = None, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shard_count:
            options.setdefault("shard_count", settings.shard_count)
            if settings.shard_ids is not None:
                options.setdefault("shard_ids", list(settings.shard_ids))
        self.buckets = ChannelBuckets()
        """Each channel's rate-limit bucket, read from Discord's answers (for the courier)."""
        options.setdefault("http_trace", self.buckets.trace_config())
        super().__init__(command_prefix=commands.when_mentioned, help_command=None,
                         intents=intents, allowed_mentions=discord.AllowedMentions(
                             everyone=False, roles=False, users=True, replied_user=False),
                         **options)
        self.settings = settings
        self.clock = clock
        self._given_host = host
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self._timer_wake = asyncio.Event()
        self._timer_task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self._closing: asyncio.Task[None] | None = None
        self._busy = 0
        self.synced = False
        """Whether the last start re-synced the command set (False: its hash was unchanged)."""

    # -- lifecycle --------------------------------------------------------------------------------

    async def _warm(self) -> None:
        seconds = await asyncio.to_thread(warmup.warm)
        log.info("Renderers warmed in %.1f s", seconds)

    async def setup_hook(self) -> None:
        if self.settings.api_base:
            _, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            log.info("Using the Discord endpoint %s (gateway %s)", self.settings.api_base, url)
        self.host = self._given_host or await open_host(self.settings, clock=self.clock)
        self.host.on_failure = self.stop_for
        self.host.waiting_panel_images = False  # a waiting panel shows its text (_answer_panel)
        if self.settings.shard_count:
            self.host.owns = self.owns
        self.courier = Courier(self, self.host.store, clock=self.clock, pause=self.tidy_pause,
                               owns=self.host.owns, buckets=self.buckets)
        self._spawn(self.recover())  # REST works already: what a crash left goes out at once
        warming = asyncio.create_task(self._warm()) if self.warm_renderers else None
        self.add_dynamic_items(ui.HoardItem, ui.ReplayItem)
        await self.tree.set_translator(HoardTranslator())
        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("Could not load the extension %s", extension)
        try:
            self.synced = await self.sync_commands()
        except discord.HTTPException:
            log.exception("Syncing the slash commands failed; running with the commands Discord has")
        self._timer_task = asyncio.create_task(self._dispatch_timers(), name="hoard-turn-timers")
        if warming is not None:
            # The gateway connects once this returns: the first interactions find the renderers
            # warm, not competing with the warm-up for the interpreter. What start-up built
            # (modules, cards, caches) is then frozen, so collections never walk it again.
            await warming
            gc.freeze()

    def stop_for(self, error: BaseException) -> None:
        """Closes the bot because the database can no longer keep moves (run_discord raises)."""
        log.critical("Closing the bot: %s", error)
        if self._closing is None:  # not a background task: close() waits for those to end
            self._closing = asyncio.create_task(self.close(), name="hoard-close")

    def owns(self, channel: str) -> bool:
        """Returns whether the channel's guild is on one of this process's shards (discord.py
        caches only those guilds' channels)."""
        return channel.isdigit() and self.get_channel(int(channel)) is not None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not self.settings.api_base:  # Discord spaces identifies; a stand-in needs no wait
            await super().before_identify_hook(shard_id, initial=initial)

    async def on_ready(self) -> None:
        """Delivers what the outbox still holds (after a crash or a new session)."""
        self._spawn(self.recover())

    async def on_resumed(self) -> None:
        self._spawn(self.recover())

    async def recover(self) -> None:
        """Hands every undelivered post to the courier (each is delivered exactly once)."""
        with self._working():
            try:
                pending = await self.host.pending()
            except Exception:
                log.exception("Reading the outbox failed")
                return
            if pending:
                log.info("Delivering %d posts left in the outbox", len(pending))
            self.courier.submit(pending, recovered=True)
            await self.courier.resume_tidying()

    async def close(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
        deadline = time.monotonic() + CLOSE_GRACE
        while not self.is_idle() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # let answers and posts in flight reach Discord
        await super().close()
        if getattr(self, "host", None) is not None:
            await self.host.close()

    def is_idle(self) -> bool:
        """Returns whether no command, click, delivery or background work is in progress."""
        courier = getattr(self, "courier", None)
        return self._busy == 0 and not self._background and (courier is None or courier.is_idle())

    @contextlib.contextmanager
    def _working(self) -> Iterator[None]:
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """Returns the command set exactly as `tree.sync` would send it."""
        translator = self.tree.translator
        cmds = self.tree.get_commands(guild=guild)
        if translator is None:
            return [c.to_dict(self.tree) for c in cmds]
        return [await c.get_translated_payload(self.tree, translator) for c in cmds]

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

    async def run_command(self, interaction: discord.Interaction, verb: Verb,
                          args: Sequence[str] = ()) -> None:
        """Runs a slash command through the host: the answer is private, the posts go out."""
        with self._working():
            try:
                replies, deferred = await self._handle(interaction, self._command(interaction, verb, args))
                responder = Responder(interaction, deferred)
                try:
                    await self._send_private(responder, interaction, replies)
                    await responder.finish()
                finally:
                    self.courier.submit(replies)
            except Exception as error:
                await self.report_error(interaction, error, f"/{verb.value}")

    def _command(self, interaction: discord.Interaction, verb: Verb, args: Sequence[str] = (), *,
                 version: int | None = None, stamp: str | None = None) -> Command:
        guild = interaction.guild_locale
        return Command(channel=table_of(interaction), user=str(interaction.user.id),
                       name=interaction.user.display_name, verb=verb, args=tuple(args),
                       version=version, stamp=stamp, locale=interaction.locale.value,
                       guild_locale=guild.value if guild is not None else None,
                       guild=str(interaction.guild_id) if interaction.guild_id else None)

    async def _handle(self, interaction: discord.Interaction,
                      command: Command) -> tuple[list[Reply], str | None]:
        """Runs the command, deferring the interaction if the host takes longer than DEFER_AFTER."""
        task = asyncio.ensure_future(self.host.handle(command))
        deferred = None
        try:
            await asyncio.wait_for(asyncio.shield(task), DEFER_AFTER)
        except TimeoutError:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
                deferred = "update"
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
                deferred = "thinking"
            log.debug("Deferred %s at table %s", command.verb.value, command.channel)
        replies = await task
        self._timer_wake.set()
        return replies, deferred

    async def _send_private(self, responder: Responder, interaction: discord.Interaction,
                            replies: Sequence[Reply]) -> None:
        user = str(interaction.user.id)
        for reply in replies:
            if reply.private_to is None and reply.kind is ReplyKind.INFO and reply.outbox is None:
                await responder.public(posts.private_payload(reply, await self._wire(reply.image)))
                continue
            if reply.private_to != user:
                continue
            if reply.kind is ReplyKind.HAND:
                payload = await self._panel(reply, None)
            else:
                image = await self._wire(reply.image)
                payload = posts.private_payload(reply, image)
            await responder.private(payload)

    async def _panel(self, reply: Reply, shown: discord.Message | None, *,
                     path: tuple[int, ...] = (), page: int = 0) -> posts.Payload:
        """The private panel for a HAND reply; an image the panel `shown` already has is kept."""
        keep = ""
        if shown is not None and reply.image is not None:
            wanted = posts.wire_name(reply.image_name)
            keep = next((a.url for a in shown.attachments if a.filename == wanted), "")
        image = None if keep else await self._wire(reply.image)
        return posts.panel_payload(reply, image, path=path, page=page, keep_url=keep)

    async def _wire(self, png: bytes | None) -> bytes | None:
        return None if png is None else await asyncio.to_thread(posts.wire_image, png)

    # -- components -------------------------------------------------------------------------------

    async def on_hoard_click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        """Handles every Hoard button and select."""
        with self._working():
            try:
                await self._click(interaction, click)
            except Exception as error:
                await self.report_error(interaction, error, f"click {click.kind}")

    async def _click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        if click.table != table_of(interaction):
            await interaction.response.send_message(reader_tr(interaction)(OTHER_TABLE),
                                                    ephemeral=True)
        elif click.kind == "h":
            replies, deferred = await self._handle(interaction, self._command(interaction, Verb.HAND))
            responder = Responder(interaction, deferred)
            await self._send_private(responder, interaction, replies)
            await responder.finish()
        elif click.kind in LOBBY_VERBS:
            await self._public_click(interaction, click)
        else:
            await self._panel_click(interaction, click)

    async def on_replay_click(self, interaction: discord.Interaction, game_id: int, step: int,
                              verb: str) -> None:
        """A replay viewer's button: the viewer steps in place; Animation posts the animation."""
        with self._working():
            try:
                command = self._command(interaction, Verb.REPLAY,
                                        (str(game_id), f"step={step}", f"verb={verb}"))
                replies, deferred = await self._handle(interaction, command)
                responder = Responder(interaction, deferred)
                page = next((r for r in replies if r.buttons), None)
                if page is not None:
                    await responder.update(posts.private_payload(page, await self._wire(page.image)))
                else:
                    await self._send_private(responder, interaction, replies)
                await responder.finish()
            except Exception as error:
                await self.report_error(interaction, error, f"replay {verb}")

    async def _panel_click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        """A click on a private panel: a menu step, a move, or Refresh; the panel follows."""
        path, page, code = click.path, click.page, click.code
        if click.kind == "s" and click.values:
            value = click.values[0]
            if value.startswith("p:"):
                code = value[2:]
            else:
                path, page = ui.parse_path(value.partition(":")[2]), 0
        args: tuple[str, ...] = ()
        if code:
            verb, args = Verb.PLAY, (code,)
        elif click.kind == "r":
            verb = Verb.HAND
        else:
            verb = Verb.MOVES
        command = self._command(interaction, verb, args, stamp=click.mark if verb is not Verb.HAND else None)
        replies, deferred = await self._handle(interaction, command)
        responder = Responder(interaction, deferred)
        try:
            await self._answer_panel(responder, interaction, replies, verb, path, page)
        finally:
            self.courier.submit(replies)

    async def _answer_panel(self, responder: Responder, interaction: discord.Interaction,
                            replies: Sequence[Reply], verb: Verb, path: tuple[int, ...],
                            page: int) -> None:
        user = str(interaction.user.id)
        hand = next((r for r in replies if r.kind is ReplyKind.HAND and r.private_to == user), None)
        if hand is None:  # refused: say why beside the panel, which stays as it was
            await self._send_private(responder, interaction, replies)
            await responder.finish()
            return
        if verb is Verb.MOVES and hand.image is None and not hand.notice:
            payload = posts.panel_payload(hand, None, path=path, page=page, menu_only=True)
        elif verb is Verb.PLAY and not hand.choices:
            # Waiting now: the panel keeps the text of the hand; its picture comes with the next
            # Hand or Refresh, when there is something to decide again.
            payload = posts.panel_payload(dataclasses.replace(hand, image=None), None)
        else:
            payload = await self._panel(hand, interaction.message)
        await responder.update(payload)

    async def _public_click(self, interaction: discord.Interaction, click: ui.Click) -> None:
        """A click on the lobby or a result: refusals privately, the message itself updated."""
        args = (click.option, *click.values[:1]) if click.kind == "o" else ()
        replies, deferred = await self._handle(interaction, self._command(
            interaction, LOBBY_VERBS[click.kind], args))
        responder = Responder(interaction, deferred)
        user = str(interaction.user.id)
        errors = [r for r in replies if r.private_to == user and r.kind is ReplyKind.ERROR]
        rest = list(replies)
        try:
            if errors:
                await self._send_private(responder, interaction, errors)
            elif not responder.is_done:
                own = next((r for r in replies if r.kind in (ReplyKind.LOBBY, ReplyKind.RESULT)
                            and r.private_to is None and r.outbox is not None), None)
                if own is not None and await self.courier.respond(interaction, own):
                    rest.remove(own)
            await responder.finish()
        finally:
            self.courier.submit(rest)

    # -- timers and errors ------------------------------------------------------------------------

    def wake_timers(self) -> None:
        """Makes the timer dispatcher look at the deadlines again (after a change or a clock jump)."""
        self._timer_wake.set()

    async def _dispatch_timers(self) -> None:
        """Sleeps until the earliest timer, lets the host warn or play, hands the posts on."""
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
                    self.courier.submit(replies)
                if not replies and self.host.next_deadline() == deadline:
                    await asyncio.sleep(1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("The turn-timer dispatcher failed; retrying")
                await asyncio.sleep(5.0)

    async def report_error(self, interaction: discord.Interaction, error: BaseException,
                           what: str) -> None:
        """The one error handler: an expired or forbidden interaction is noted, anything else is
        logged with its table, user and guild, and the user gets a short private apology."""
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        if isinstance(error, discord.NotFound | discord.Forbidden):
            log.warning("%s at table %s (user %s): Discord refused: %s", what,
                        interaction.channel_id, interaction.user.id, error)
            return
        if isinstance(error, app_commands.NoPrivateMessage | app_commands.CheckFailure):
            await self._tell(interaction, SERVERS_ONLY)
            return
        log.error("%s failed at table %s (user %s, guild %s)", what, interaction.channel_id,
                  interaction.user.id, interaction.guild_id, exc_info=error)
        await self._tell(interaction, APOLOGY)

    async def _tell(self, interaction: discord.Interaction, text: str) -> None:
        text = reader_tr(interaction)(text)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("Could not answer user %s at table %s", interaction.user.id,
                        interaction.channel_id)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        command = interaction.command.name if interaction.command else "?"
        await self.report_error(interaction, error, f"/{command}")


class ShardedHoardBot(HoardBot, commands.AutoShardedBot):
    """HoardBot on the shards HOARD_SHARD_COUNT / HOARD_SHARD_IDS name: each guild's tables live in
    the process whose shard owns the guild."""
