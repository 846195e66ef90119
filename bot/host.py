"""The transport-free host: turns a `Command` into `Reply`s for one channel's table.

Commands for one channel run one at a time (a lock per channel); channels never wait for each other.
A command changes the table, and the host then works out what the change owes the channel by
comparing before and after (`Before`): a lobby update, a board (a new message with the mention when
someone else must now decide, at a game's start, else an edit of the current board), a result, and
later a timer warning. Those posts go into the outbox in the same store transaction as the change,
so a crash after the commit never loses them; the transport delivers them and marks them done.

Computer players move as soon as they are owed a decision, inside the same command, so their turn
is one board update. A human who lets the timer run out is reminded half way, then has the game's
timeout rule (or the computer) play for them, and forfeits after three in a row.

The host knows games only through the registry and the engine contract, and the public board is
always drawn from `view(state, None)`: the one choke point for hidden information.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import random
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
import locales
from bot import deck_commands, ratings
from bot import replies as texts
from bot.ai_pool import AiPool, Job
from bot.decks import DeckError
from bot.lookups import Lookups
from bot.messages import LOCAL_GUILD, LOOKUPS, Choice, Command, Reply, ReplyKind, Verb
from bot.option_texts import labels_of, option_name, option_value
from bot.replies import MAX_LOG_LINES, joined, personalise, waiting_users
from bot.store import Conflict, Outgoing, Store, StoreError, StoreFull
from bot.table import DECK_OPTION, MAX_TIMEOUTS, Refused, Table
from games.core import Action, Event, IllegalAction, Seat, View, visible_events
from games.levels import Level, parse_level, shown_name
from games.text import Text, Translate, echo, join_texts, plural, seat_ref

log = logging.getLogger(__name__)

COMMAND_HELP = Text(
    "/join [game] [deck=name] — take a seat (the first join picks the game) · /leave · "
    "/addbot [easy|normal|hard] · /start [thread] · /match X · /sumof X · /timer seconds · "
    "/hand · /resign · /status · /rules [game] · /leaderboard [game] · /profile [user] · "
    "/history [user] · /replay [game id] · /deck · /card <name> · /language de|en"
)
LANGUAGE_NAMES = {"en": Text("English"), "de": Text("German")}
MAX_MOVE_TEXT = 100
"""Longer move texts are refused unread (no action code or move number is that long)."""
IDLE_SECONDS = 600.0
"""A table untouched this long leaves memory (HOARD_IDLE_SECONDS); its next command reloads it."""
MAX_TABLES = 5000
"""At most this many tables stay loaded (HOARD_MAX_TABLES); the least recently used leave first."""
CONFLICT_TEXT = Text("Another change reached this table at the same moment, so yours was not "
                     "made. The table is up to date again: please try once more.")
FULL_TEXT = Text("The bot's storage is full, so that could not be saved and nothing was changed. "
                 "Please tell the bot's owner.")
STOPPED_TEXT = Text("The bot cannot keep moves right now (its database is unavailable), so "
                    "nothing was changed; it is stopping. Please try again once it is back.")
SORRY_TEXT = Text("Sorry, something went wrong on our side; nothing was changed. Please try again.")


def split_args(args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """Splits command arguments into plain words and key=value options."""
    words: list[str] = []
    options: dict[str, str] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep:
            options[key.strip().lower()] = value.strip()
        elif arg.strip():
            words.append(arg.strip())
    return words, options


def image_name(prefix: str, image: bytes) -> str:
    """Names an image by its content, so a transport can tell an unchanged one from a new one."""
    return f"{prefix}-{hashlib.sha1(image).hexdigest()[:12]}.png"


@dataclass(frozen=True, slots=True)
class Before:
    """What the table showed before a command, to compare with what it shows after it."""

    version: int
    game_id: int | None
    moves: int
    over: bool
    waiting: frozenset[str]
    lobby: tuple[object, ...]
    rematch: tuple[str, ...]


@dataclass(slots=True)
class Handled:
    """What a command did: its events, its private replies, and whose panel to show after it."""

    events: list[Event] = field(default_factory=list)
    private: list[Reply] = field(default_factory=list)
    panel: tuple[Seat, str, str] | None = None
    """(seat, user, notice): the mover's private panel, built after the commit."""
    command: Command | None = None
    """The command that asked for the panel (its user's locale picks the panel's language)."""


class Host:
    """Hoard's host: tables by channel, their locks, persistence, the outbox, timers and replies."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seeds: random.Random | None = None,
                 markup: Callable[[str], str] = str, idle_seconds: float = IDLE_SECONDS,
                 max_tables: int = MAX_TABLES, ai_pool: AiPool | None = None) -> None:
        self.store = store
        self.clock = clock
        self.markup = markup
        """Makes a player's name safe to print in the transport's text (Discord escapes markdown)."""
        self.idle_seconds = idle_seconds
        self.max_tables = max(1, max_tables)
        self.owns: Callable[[str], bool] = lambda channel: True
        """Whether this process serves a channel's table (a shard owns its guild): only those
        tables' timers and undelivered posts are this process's to handle."""
        self.on_failure: Callable[[StoreError], None] = lambda error: None
        """Called once when the database can no longer keep moves; the transport then stops."""
        self.failed: StoreError | None = None
        self._seeds = seeds or random.Random()
        self._tables: OrderedDict[str, Table] = OrderedDict()
        """Loaded tables, least recently used first."""
        self._used: dict[str, float] = {}
        self._busy: Counter[str] = Counter()
        self._locks: dict[str, asyncio.Lock] = {}
        self._deadlines: dict[str, tuple[float, float | None]] = {}
        self._boards: dict[str, tuple[tuple[int, int, str], bytes]] = {}
        self._hands: dict[str, dict[tuple[Seat, str], tuple[tuple[object, ...], bytes | None]]] = {}
        """Each channel's last hand image per (seat, language), for the position it shows: a
        Refresh or a second Hand at the same position shows the same picture without drawing it."""
        self.waiting_panel_images = True
        """Whether the panel after a move that leaves its player nothing to decide carries the
        hand image (the console keeps it; Discord shows that panel's text alone, so it skips it)."""
        self.ai = ai_pool or AiPool()
        """Where hard computer seats think (worker processes, off the event loop)."""
        self.lookups = Lookups(store, self._game_of, lang_of=self._lang_of, clock=clock)

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], float] = time.time,
                   seeds: random.Random | None = None, markup: Callable[[str], str] = str,
                   idle_seconds: float = IDLE_SECONDS, max_tables: int = MAX_TABLES,
                   ai_pool: AiPool | None = None) -> Host:
        """Opens the store `path` names (a file or a database URL), refusing a SQLite file
        another process serves, and returns a host that resumes every table in it."""
        store = await Store.open(path, exclusive=True)
        try:
            host = cls(store, clock=clock, seeds=seeds, markup=markup, idle_seconds=idle_seconds,
                       max_tables=max_tables, ai_pool=ai_pool)
            host._deadlines = await store.deadlines()
        except BaseException:
            await store.close()  # its database thread would keep the process from ending
            raise
        return host

    async def close(self) -> None:
        await asyncio.to_thread(self.ai.shutdown)
        await self.store.close()

    # -- entry points ---------------------------------------------------------------------------

    async def handle(self, command: Command) -> list[Reply]:
        """Carries out one command and returns the replies; a refusal changes nothing."""
        if self.failed is not None:
            return [self._error(command, STOPPED_TEXT)]
        if command.verb in LOOKUPS:
            return await self._lookup(command)
        async with self._serving(command.channel):
            try:
                table = await self._table(command.channel)
            except Exception as error:
                return [self._error(command, await self._failure(command, error))]
            if command.guild_locale:
                table.guild_lang = locales.language_of(command.guild_locale)
            if command.guild and table.guild != command.guild:
                table.guild = command.guild  # saved with the table's next change
            before = self._before(table)
            try:
                done = await self._dispatch(table, command)
                if not self._changed(table, before):
                    return self._in_language(table, command,
                                             done.private + await self._panel(table, done))
                return self._in_language(table, command, await self._commit(table, before, done))
            except (Refused, IllegalAction) as refusal:
                if table.version != before.version:
                    self._drop(command.channel)  # never keep a half-made change
                text = self._user_tr(table, command)(refusal.args[0] if refusal.args else "")
                return self._in_language(table, command, [
                    self._error(command, personalise(text, self._names(table, self._user_tr(
                        table, command))))])
            except Exception as error:
                self._drop(command.channel)
                return [self._error(command, await self._failure(command, error))]

    async def _failure(self, command: Command, error: Exception) -> str:
        """Logs a command that failed and returns what its user is told, in their language."""
        lang = locales.language_of(command.locale)
        where = (command.verb, command.channel, command.user)
        if isinstance(error, Conflict):
            log.warning("Command %s at table %s (user %s) lost a race: %s", *where, error)
            await self._reload_deadline(command.channel)
            return locales.translate(CONFLICT_TEXT, lang)
        if isinstance(error, StoreFull):
            log.error("Command %s at table %s (user %s) not saved: %s", *where, error)
            return locales.translate(FULL_TEXT, lang)
        if isinstance(error, StoreError):
            self._fail(error)
            return locales.translate(STOPPED_TEXT, lang)
        log.error("Command %s failed at table %s (user %s)", *where, exc_info=error)
        return locales.translate(SORRY_TEXT, lang)

    def _fail(self, error: StoreError) -> None:
        """Stops acknowledging anything: the database can no longer keep it."""
        if self.failed is None:
            self.failed = error
            log.critical("Stopping: %s", error)
            self.on_failure(error)

    async def _reload_deadline(self, channel: str) -> None:
        """Takes a table's timers from the store again (after another process wrote it)."""
        timers = await self.store.deadline(channel)
        if timers is None:
            self._deadlines.pop(channel, None)
        else:
            self._deadlines[channel] = timers

    @asynccontextmanager
    async def _serving(self, channel: str) -> AsyncIterator[None]:
        """Holds the channel's lock; afterwards tables idle too long, or beyond the limit, leave."""
        self._busy[channel] += 1
        try:
            lock = self._locks.setdefault(channel, asyncio.Lock())
            async with lock:
                yield
        finally:
            self._busy[channel] -= 1
            if not self._busy[channel]:
                del self._busy[channel]
            self.evict()

    def evict(self) -> None:
        """Lets idle tables (and the least recently used beyond `max_tables`) leave memory with
        their images and locks; the store keeps them, and their timers stay due."""
        cutoff = self.clock() - self.idle_seconds
        excess = len(self._tables) - self.max_tables
        leaving: list[str] = []
        for channel in self._tables:  # least recently used first
            if len(leaving) >= excess and self._used.get(channel, 0.0) > cutoff:
                break  # the rest are newer
            if channel not in self._busy:
                leaving.append(channel)
        for channel in leaving:
            self._drop(channel)

    def _drop(self, channel: str) -> None:
        self._tables.pop(channel, None)
        self._used.pop(channel, None)
        self._boards.pop(channel, None)
        self._hands.pop(channel, None)
        if channel not in self._busy:
            self._locks.pop(channel, None)

    def loaded(self) -> int:
        """Returns how many tables are in memory."""
        return len(self._tables)

    async def _lookup(self, command: Command) -> list[Reply]:
        """Runs a record command (/leaderboard, /replay, /deck, ...) outside the table's lock."""
        try:
            return await self.lookups.handle(command)
        except Exception:
            log.exception("Command %s failed at table %s (user %s)", command.verb,
                          command.channel, command.user)
            lang = locales.language_of(command.locale or command.guild_locale)
            return [dataclasses.replace(self._error(command, locales.translate(SORRY_TEXT, lang)),
                                        lang=lang)]

    async def _game_of(self, channel: str) -> str:
        async with self._serving(channel):
            return (await self._table(channel)).game_name

    async def _lang_of(self, channel: str) -> str | None:
        """The language chosen for a channel's table (/language, /join lang=), if any."""
        async with self._serving(channel):
            return (await self._table(channel)).lang

    def next_deadline(self) -> float | None:
        """Returns the earliest pending timer (a warning or a deadline, epoch seconds), if any."""
        times = [t for channel, (deadline, warn) in self._deadlines.items()
                 for t in (deadline, warn) if t is not None and self.owns(channel)]
        return min(times, default=None)

    async def run_due_timers(self) -> list[Reply]:
        """Warns half way and plays for every player whose time ran out; returns the posts."""
        now = self.clock()
        out: list[Reply] = []
        for channel, timers in sorted(self._deadlines.items(), key=lambda kv: kv[1][0]):
            deadline, warn_at = timers
            if self.failed is not None or not self.owns(channel) or (
                    deadline > now and (warn_at is None or warn_at > now)):
                continue
            async with self._serving(channel):
                if self._deadlines.get(channel) != timers:
                    continue  # a move came first
                out += await self._run_timer(channel, deadline, now)
        return out

    async def _run_timer(self, channel: str, deadline: float, now: float) -> list[Reply]:
        try:
            table = await self._table(channel)
            return self._in_language(table, None, await (
                self._timeout(table) if deadline <= now else self._warn(table, deadline - now)))
        except Conflict as lost:
            self._drop(channel)
            log.warning("Timer at table %s lost a race: %s", channel, lost)
            await self._reload_deadline(channel)
        except StoreError as error:
            self._drop(channel)
            if isinstance(error, StoreFull):
                log.error("Timer at table %s not saved: %s", channel, error)
            else:
                self._fail(error)
        except Exception:
            self._drop(channel)
            self._deadlines.pop(channel, None)
            log.exception("Timer failed at table %s", channel)
        return []

    async def pending(self) -> list[Reply]:
        """Returns every post still owed to a channel (after a crash), rebuilt with its image."""
        replies = []
        for row in await self.store.pending_outbox():
            if not self.owns(row.channel):
                continue
            reply = Reply.from_json(row.payload["reply"], outbox=row.id)
            view = row.payload.get("view")
            if view is not None and games.find(row.payload["game"]) is not None:
                renderer = games.entry(row.payload["game"]).load_renderer()
                tr = locales.translator(row.payload.get("lang", locales.DEFAULT))
                names = [tr(shown_name(n)) for n in row.payload["names"]]
                image = await asyncio.to_thread(renderer.render_board, view, names=names, tr=tr)
                reply = dataclasses.replace(reply, image=image, image_name=image_name("board", image))
            replies.append(reply)
        return replies

    async def delivered(self, replies: Sequence[Reply]) -> None:
        """Marks the outbox rows of replies the transport has shown as delivered."""
        ids = [r.outbox for r in replies if r.outbox is not None]
        if ids:
            await self.store.delivered(ids)

    # -- dispatch -------------------------------------------------------------------------------

    async def _table(self, channel: str) -> Table:
        table = self._tables.get(channel)
        if table is None:
            table = await self.store.load_table(channel) or Table(channel)
            self._tables[channel] = table
        else:
            self._tables.move_to_end(channel)
        self._used[channel] = self.clock()
        return table

    def _names(self, table: Table, tr: Translate | None = None) -> list[str]:
        """The players' names for a text in `tr`'s language (the table's by default): a computer's
        level reads in that language."""
        return [self.markup(n) for n in shown_names(table, tr or self._tr(table))]

    @staticmethod
    def _tr(table: Table) -> Translate:
        """Translates into the table's language (its public messages and images)."""
        return locales.translator(table.language)

    @staticmethod
    def _user_lang(table: Table, cmd: Command | None) -> str:
        """The language of a private reply: the user's locale, else the table's language."""
        if cmd is not None and cmd.locale:
            return locales.language_of(cmd.locale)
        return table.language

    def _user_tr(self, table: Table, cmd: Command | None) -> Translate:
        return locales.translator(self._user_lang(table, cmd))

    def _in_language(self, table: Table, cmd: Command | None, replies: list[Reply]) -> list[Reply]:
        """Notes on each reply the language it is written in (for the transport's controls)."""
        public, private = table.language, self._user_lang(table, cmd)
        return [dataclasses.replace(r, lang=private if r.is_private else public) for r in replies]

    def _before(self, table: Table) -> Before:
        live = table.live
        lobby = texts.lobby_reply(table, self._names(table), tr=self._tr(table))
        return Before(table.version, live.game_id if live else None,
                      len(live.record.log) if live else 0, table.outcome() is not None,
                      frozenset(waiting_users(table)), (lobby.text, lobby.controls, lobby.menus),
                      tuple(table.rematch))

    def _changed(self, table: Table, before: Before) -> bool:
        game_id = table.live.game_id if table.live else None
        return table.version != before.version or game_id != before.game_id

    async def _dispatch(self, table: Table, cmd: Command) -> Handled:
        handler = {
            Verb.JOIN: self._join, Verb.LEAVE: self._leave, Verb.ADDBOT: self._addbot,
            Verb.START: self._start, Verb.MATCH: self._series, Verb.SUMOF: self._series,
            Verb.TIMER: self._timer, Verb.PLAY: self._play, Verb.HAND: self._hand,
            Verb.MOVES: self._hand, Verb.RESIGN: self._resign, Verb.RULES: self._rules,
            Verb.STATUS: self._status, Verb.OPTION: self._option, Verb.REMATCH: self._rematch,
            Verb.NEXT: self._next, Verb.LANGUAGE: self._language,
        }[cmd.verb]
        return await handler(table, cmd)

    # -- the lobby ------------------------------------------------------------------------------

    async def _join(self, table: Table, cmd: Command) -> Handled:
        words, options = split_args(cmd.args)
        lang = options.pop("lang", None)
        deck_name = options.pop(DECK_OPTION, None)
        name = table.join(cmd.user, cmd.name, words[0] if words else None, options)
        if lang is not None:
            table.set_language(cmd.user, lang)
        if deck_name:
            await self._bring_deck(table, cmd.user, deck_name)
        info = games.get(name).info
        seated = len(table.seats)
        ready = Text("A seated player can start.") if seated >= info.min_players else (
            plural("Waiting for {n} more player (join, or add a computer).",
                   "Waiting for {n} more players (join, or add a computer).",
                   info.min_players - seated))
        return self._ack(table, cmd, Text("You took seat {seat} of {most} at {game}. {ready}",
                                          seat=seated, most=info.max_players, game=info.title,
                                          ready=ready))

    async def _language(self, table: Table, cmd: Command) -> Handled:
        if not cmd.args:
            raise Refused(Text("Give a language: /language de or /language en (now {lang}).",
                               lang=table.language))
        if table.seats and table.seat_of(cmd.user) is None:
            raise Refused(Text("Only a seated player can choose the table's language; /join first."))
        lang = table.set_language(cmd.user, cmd.args[0])
        return self._ack(table, cmd, Text("This table now speaks {language}.",
                                          language=LANGUAGE_NAMES.get(lang, lang)))

    async def _bring_deck(self, table: Table, user: str, deck_name: str) -> None:
        """Gives the user's seat a snapshot of their saved deck (refused: the join is undone)."""
        try:
            deck = await deck_commands.seat_deck(self.store.db, user, table.game_name, deck_name)
        except DeckError as refusal:
            raise Refused(Text("{refusal} You were not seated.",
                               refusal=refusal.args[0] if refusal.args else "")) from None
        index = table.seat_of(user)
        assert index is not None
        table.seats[index].deck, table.seats[index].deck_name = deck, deck_name

    async def _leave(self, table: Table, cmd: Command) -> Handled:
        table.leave(cmd.user)
        return self._ack(table, cmd, Text("You left the table."))

    async def _addbot(self, table: Table, cmd: Command) -> Handled:
        words, options = split_args(cmd.args)
        try:
            level = parse_level(words[0] if words else options.pop("level", None),
                                self._user_tr(table, cmd))
        except ValueError as error:
            raise Refused(error.args[0] if error.args else str(error)) from None
        name = table.add_bot(cmd.user, options, level)
        return self._ack(table, cmd, Text("{name} takes seat {seat} of {most}.", name=name,
                                          seat=len(table.seats),
                                          most=table.game.info.max_players))

    async def _option(self, table: Table, cmd: Command) -> Handled:
        if len(cmd.args) != 2:
            raise Refused(Text("Choose an option and a value, e.g. faction scales."))
        name, value = cmd.args
        table.set_option(cmd.user, name, value)
        return self._ack(table, cmd, Text("{name}: {value}.", name=option_name(name),
                                          value=option_value(value, labels_of(table.game.info, name))))

    async def _series(self, table: Table, cmd: Command) -> Handled:
        if not cmd.args:
            raise Refused(Text("Give a number: /{command} X, with X from 1 to 99.",
                               command=cmd.verb.value))
        mode = "match" if cmd.verb is Verb.MATCH else "sumof"
        table.set_series(cmd.user, mode, cmd.args[0])
        return self._ack(table, cmd, Text("Series set: {series}.", series=table.series.describe()))

    async def _timer(self, table: Table, cmd: Command) -> Handled:
        if not cmd.args:
            raise Refused(Text("Give seconds: /timer 300 (now {seconds} s).",
                               seconds=table.turn_seconds()))
        seconds = table.set_timer(cmd.user, cmd.args[0])
        return self._ack(table, cmd, Text("Each decision now has {seconds} seconds.",
                                          seconds=seconds))

    def _ack(self, table: Table, cmd: Command, text: str) -> Handled:
        return Handled(private=[Reply(table.channel, ReplyKind.INFO, self._user_tr(table, cmd)(text),
                                      private_to=cmd.user, table=table.channel,
                                      version=table.version)])

    # -- starting games -------------------------------------------------------------------------

    async def _start(self, table: Table, cmd: Command) -> Handled:
        _, options = split_args(cmd.args)
        table.can_start(cmd.user)
        timer = options.pop("timer", None)
        thread = options.pop("thread", None)
        if options:
            raise Refused(Text("/start takes only timer=seconds and thread=true; got {options}.",
                               options=", ".join(options)))
        if timer is not None:
            table.set_timer(cmd.user, timer)
        if thread is not None:
            table.in_thread = thread.lower() in ("1", "true", "yes", "on")
        done = Handled(events=await self._begin_game(table))
        done.private.append(Reply(table.channel, ReplyKind.INFO,
                                  self._user_tr(table, cmd)(Text("The game starts.")),
                                  private_to=cmd.user, table=table.channel))
        return done

    async def _rematch(self, table: Table, cmd: Command) -> Handled:
        if table.series.mode != "single" and not table.series.is_finished(len(table.seats)):
            raise Refused(Text("The series goes on: press Next game (or /start) for its next game."))
        table.can_start(None)
        if not table.vote_rematch(cmd.user):
            return self._ack(table, cmd, Text("You asked for a rematch; it starts once everyone has."))
        return Handled(events=await self._begin_game(table))

    async def _next(self, table: Table, cmd: Command) -> Handled:
        if table.series.mode == "single" or table.series.is_finished(len(table.seats)):
            raise Refused(Text("No series is going on; press Rematch, or /start a new game."))
        table.can_start(cmd.user)
        return Handled(events=await self._begin_game(table))

    async def _begin_game(self, table: Table) -> list[Event]:
        seed = self._seeds.getrandbits(63)
        record = table.new_record(seed)
        game_id = await self.store.create_game(table, record, self.clock())
        table.start_game(game_id, record)
        events = await self._run_bots(table)
        number = len(table.series.results) + 1
        players = ", ".join(seat_ref(s) for s in range(len(table.seats)))
        opening = Event(Text("{game} begins: {players}.", game=table.game.info.title,
                             players=players) if table.series.mode == "single" else
                        Text("{game} begins (game {number}, {series}): {players}.",
                             game=table.game.info.title, number=number,
                             series=table.series.describe(), players=players))
        return [opening, *events]

    # -- playing --------------------------------------------------------------------------------

    async def _play(self, table: Table, cmd: Command) -> Handled:
        seat = self._require_seat(table, cmd)
        if not cmd.args:
            raise Refused(Text("Say which move: its number from /hand, or its code."))
        self._check_version(table, cmd)
        lang = self._user_lang(table, cmd)
        tr = locales.translator(lang)
        current = None if cmd.stamp is None else self._choices(table, seat, tr)
        if current is not None and cmd.stamp != current[1]:
            notice = Text("Your choices changed before that click arrived (another move came "
                          "first); here are your current ones.")
            return Handled(private=[await self._hand_reply(
                table, seat, cmd.user, lang, notice=notice, after_move=True, known=current)])
        code = self._resolve_code(table, seat, cmd.args[0])
        live = table.live
        assert live is not None
        label = " › ".join(personalise(tr(p), self._names(table, tr))
                           for p in table.game.label(live.state, table.game.decode(code)))
        events = table.apply(seat, code)
        table.strikes.pop(cmd.user, None)
        events += await self._run_bots(table)
        return Handled(events=events, panel=(seat, cmd.user, tr(Text("You played: {move}.",
                                                                    move=label))),
                       command=cmd)

    async def _hand(self, table: Table, cmd: Command) -> Handled:
        seat = self._require_seat(table, cmd)
        lang = self._user_lang(table, cmd)
        known = self._choices(table, seat, locales.translator(lang))
        stamp = known[1]
        if cmd.verb is Verb.MOVES and (cmd.stamp is None or cmd.stamp == stamp):
            return Handled(private=[await self._hand_reply(table, seat, cmd.user, lang, full=False,
                                                           known=known)])
        notice = "" if cmd.stamp in (None, stamp) else (
            Text("Your choices changed since that menu was drawn; here are your current ones."))
        return Handled(private=[await self._hand_reply(table, seat, cmd.user, lang, notice=notice,
                                                       known=known)])

    async def _resign(self, table: Table, cmd: Command) -> Handled:
        seat = self._require_seat(table, cmd)
        events = table.resign(seat)
        events += await self._run_bots(table)
        return Handled(events=events)

    async def _rules(self, table: Table, cmd: Command) -> Handled:
        words, _ = split_args(cmd.args)
        game = games.find(words[0]) if words else table.game
        if game is None:
            raise Refused(Text("There is no game called '{name}'. Games: {games}.", name=echo(words[0]),
                               games=", ".join(games.names())))
        info = game.info
        tr = self._user_tr(table, cmd)
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        options = "".join("\n" + tr(Text("Option {name} ({key}): {choices} — {help}",
                                          name=option_name(o.name), key=o.name,
                                          choices=join_texts(map(option_value, o.choices)),
                                          help=o.help))
                          for o in info.options)
        head = tr(Text("**{game}** ({players} players)", game=info.title, players=players))
        text = f"{head}\n{tr(info.summary)}{options}\n\n{tr(COMMAND_HELP)}"
        return Handled(private=[Reply(table.channel, ReplyKind.INFO, text, private_to=cmd.user,
                                      title=info.title, table=table.channel)])

    async def _status(self, table: Table, cmd: Command) -> Handled:
        _, options = split_args(cmd.args)
        public = options.get("post", "").lower() in ("1", "true", "yes", "on")
        tr = self._tr(table) if public else self._user_tr(table, cmd)
        names = self._names(table, tr)
        if table.live is None or not table.is_playing:
            reply = texts.lobby_reply(table, names, fresh=public, tr=tr)
        else:
            board = texts.board_reply(table, names, fresh=True, tr=tr)
            image = await self._board_image(table, self._user_lang(table, None if public else cmd))
            reply = dataclasses.replace(board, image=image, image_name=image_name("board", image))
        if not public:
            reply = dataclasses.replace(reply, private_to=cmd.user, fresh=False)
        return Handled(private=[reply])

    # -- moves, bots, endings -------------------------------------------------------------------

    def _require_seat(self, table: Table, cmd: Command) -> Seat:
        seat = table.seat_of(cmd.user)
        if seat is None:
            raise Refused(Text("You are not playing at this table."))
        if table.live is None or (not table.is_playing and cmd.verb is not Verb.HAND):
            raise Refused(Text("No game is in progress at this table. /start one."))
        return seat

    def _check_version(self, table: Table, cmd: Command) -> None:
        if cmd.version is not None and cmd.version != table.version:
            raise Refused(Text("That button belongs to an earlier position; the game has moved "
                               "on. Open /hand for your current choices."))

    def _choices(self, table: Table, seat: Seat,
                 tr: Translate) -> tuple[tuple[Choice, ...], str]:
        """Returns the seat's choices (labelled in the reader's language) and their stamp: a digest
        of the game, how many actions the seat has taken and every choice (in English, so the
        stamp does not depend on the reader), so it changes exactly when the seat's own menu does."""
        live = table.live
        assert live is not None
        names, shown = [self.markup(n) for n in table.names], self._names(table, tr)
        game = table.game
        labelled = [(a.encode(), game.label(live.state, a))
                    for a in game.legal_actions(live.state, seat)]
        own = sum(1 for entry in live.record.log if entry.seat == seat)
        digest = hashlib.sha1(f"{live.game_id}:{own}".encode())
        for code, label in labelled:
            english = (personalise(str(part), names) for part in label)
            digest.update(("\n" + code + "\t" + "\t".join(english)).encode())
        choices = tuple(Choice(code, tuple(personalise(tr(part), shown) for part in label))
                        for code, label in labelled)
        return choices, digest.hexdigest()[:8]

    def _resolve_code(self, table: Table, seat: Seat, text: str) -> str:
        """Accepts an action code, or the number of an action in the seat's current list."""
        text = text.strip()
        assert table.live is not None
        actions = table.game.legal_actions(table.live.state, seat)
        if not actions:
            raise Refused(Text("It is not your turn.") if seat not in table.to_play()
                          else Text("You have no move to make right now."))
        if text.isascii() and text.isdigit():
            index = int(text) if len(text) <= 6 else 0
            if not 1 <= index <= len(actions):
                raise Refused(Text("Choose a move from 1 to {count}.", count=len(actions)))
            code: str = actions[index - 1].encode()
            return code
        if len(text) <= MAX_MOVE_TEXT and text in {a.encode() for a in actions}:
            return text
        try:
            table.game.decode(text[:MAX_MOVE_TEXT])  # an unreadable code says so
        except IllegalAction:
            raise
        except ValueError:
            pass
        raise Refused(Text("That is not one of your moves now: choose a number from 1 to "
                           "{count}, or open /hand for your choices.", count=len(actions)))

    async def _run_bots(self, table: Table) -> list[Event]:
        """Lets computer players take every decision they owe; returns the events."""
        events: list[Event] = []
        if table.live is None:
            return events
        for _ in range(table.game.info.max_actions):
            owed = [s for s in table.to_play() if table.seats[s].is_bot]
            if not owed:
                break
            seat = owed[0]
            events += table.apply(seat, await self._computer_move(table, seat))
        return events

    async def _computer_move(self, table: Table, seat: Seat) -> str:
        """Returns a computer seat's move code: a hard seat searches in the worker pool (off the
        event loop, for up to `HOARD_AI_SECONDS`), the others decide at once."""
        level = table.seats[seat].computer_level
        live = table.live
        assert live is not None
        if level is not Level.HARD or not table.game.can_sample():
            action: Action = table.computer_choice(seat, level)
            return str(action.encode())
        record = dataclasses.replace(live.record, log=list(live.record.log))
        return await self.ai.choose(Job(table.game_name, record, seat, level.value,
                                        table.computer_seed()))

    async def _timeout(self, table: Table) -> list[Reply]:
        """Plays for every human who owes a decision at a timed-out table."""
        live = table.live
        self._deadlines.pop(table.channel, None)
        if live is None or not table.is_playing:
            await self._save(table)
            return []
        before = self._before(table)
        game = table.game
        events: list[Event] = []
        for seat in table.to_play():
            info = table.seats[seat]
            if info.is_bot or not table.is_playing:
                continue
            ruled = game.timeout_action(live.state, seat)
            if ruled is not None:  # the game's own rule, which also counts repeated timeouts
                events.append(Event(Text("{player}'s time ran out.", player=seat_ref(seat))))
                events += table.apply(seat, ruled.encode())
                continue
            strikes = table.strikes.get(info.user, 0) + 1
            table.strikes[info.user] = strikes
            if strikes >= MAX_TIMEOUTS:
                events.append(Event(Text("{player} timed out {count} times in a row and forfeits.",
                                         player=seat_ref(seat), count=MAX_TIMEOUTS)))
                info.forfeited = True
                events += table.resign(seat)
                continue
            action = table.computer_choice(seat)
            label = join_texts(game.label(live.state, action), " > ")
            events.append(Event(Text("{player}'s time ran out; the computer played: {move}.",
                                     player=seat_ref(seat), move=label)))
            events += table.apply(seat, action.encode())
        events += await self._run_bots(table)
        return await self._commit(table, before, Handled(events=events))

    async def _warn(self, table: Table, left: float) -> list[Reply]:
        """Mentions the people who owe a decision, half way through its time."""
        timers = self._deadlines.get(table.channel)
        seats = [s for s in table.to_play() if not table.seats[s].is_bot]
        if timers is None or not seats:
            return []
        reply = texts.warning_reply(table, self._names(table), seats, left, tr=self._tr(table))
        ids = await self._save(table, timers=(timers[0], None), outbox=[
            Outgoing(reply.kind.value, table.version, {"reply": reply.to_json()})])
        return [dataclasses.replace(reply, outbox=ids[0])]

    def _note_private(self, table: Table, events: list[Event]) -> None:
        """Keeps private events for their players' next hand reply."""
        names, tr = self._names(table), self._tr(table)
        for event in events:
            for seat in event.audience or ():
                if not table.seats[seat].is_bot:
                    table.notes.setdefault(seat, []).append(personalise(tr(event.text), names))

    # -- committing a change and what it owes the channel ---------------------------------------

    async def _commit(self, table: Table, before: Before, done: Handled) -> list[Reply]:
        """Commits the change with the posts it owes (the outbox) and returns the replies."""
        names, tr = self._names(table), self._tr(table)
        lines = [personalise(tr(e.text), names) for e in visible_events(done.events, None)]
        self._note_private(table, done.events)
        result = None
        live = table.live
        rated = None
        if live is not None and table.outcome() is not None and not live.recorded:
            finished = table.finish_game()
            result = {"scores": finished.scores, "winners": finished.winners,
                      "reason": finished.reason}
            rated = self._rated(table, finished.scores, finished.winners)
        owed = self._owed(table, before, lines)
        drawn_kinds = (ReplyKind.BOARD, ReplyKind.RESULT)
        view = table.view(None) if live is not None and any(
            r.kind in drawn_kinds for r in owed) else None
        outgoing = [Outgoing(r.kind.value, r.version or 0, self._payload(table, r, view))
                    for r in owed]
        # The board and the panel are drawn (in threads) while the commit makes its round trip;
        # the replies still go out only once it is kept.
        drawing = [asyncio.ensure_future(self._with_images(table, owed)),
                   asyncio.ensure_future(self._panel(table, done))]
        try:
            ids = await self._save(table, result=result, outbox=outgoing, rated=rated)
        except BaseException:
            await asyncio.gather(*drawing, return_exceptions=True)
            self._drop(table.channel)  # nor an image of the change that was not kept
            raise
        drawn, panel = await asyncio.gather(*drawing)
        drawn = [dataclasses.replace(r, outbox=i) for r, i in zip(drawn, ids, strict=True)]
        return [*done.private, *drawn, *panel]

    def _owed(self, table: Table, before: Before, lines: list[str]) -> list[Reply]:
        """Works out what the change owes the channel, by comparing it with `before`."""
        names = self._names(table)
        owed = []
        tr = self._tr(table)
        lobby = texts.lobby_reply(table, names, tr=tr)
        if (lobby.text, lobby.controls, lobby.menus) != before.lobby:
            owed.append(lobby)
        live = table.live
        if live is None:
            return owed
        new_game = live.game_id != before.game_id
        over = table.outcome() is not None
        if new_game or len(live.record.log) != before.moves or over != before.over:
            waiting = set(waiting_users(table))
            fresh = new_game or bool(waiting - before.waiting)
            table.turn_log = (lines if fresh else table.turn_log + lines)[-MAX_LOG_LINES:]
            if over:
                owed.append(texts.result_reply(table, names, table.turn_log, fresh=True, tr=tr))
            else:
                pinged = waiting if new_game else waiting - before.waiting
                owed.append(texts.board_reply(table, names, fresh=fresh, mentions=sorted(pinged),
                                              tr=tr))
        elif over and tuple(table.rematch) != before.rematch:
            owed.append(texts.result_reply(table, names, table.turn_log, fresh=False, tr=tr))
        return owed

    def _rated(self, table: Table, scores: list[int], winners: list[Seat]) -> ratings.FinishedGame:
        """The finished game as the ratings see it (rated in the transaction that records it)."""
        live = table.live
        assert live is not None
        info = table.game.info
        seated = [ratings.Seated(s.user, s.name, s.is_bot,
                                 ratings.seat_option(info, live.record.options, index),
                                 s.computer_level.value)
                  for index, s in enumerate(table.seats)]
        return ratings.finished_game(guild=table.guild or LOCAL_GUILD, game=table.game_name,
                                     game_id=live.game_id, finished=self.clock(), seats=seated,
                                     scores=scores, winners=winners)

    def _payload(self, table: Table, reply: Reply, view: View | None) -> dict[str, Any]:
        """The outbox row of a post: the reply, and for a board the view to draw it again."""
        payload: dict[str, Any] = {"reply": reply.to_json(), "game": table.game_name}
        if reply.kind in (ReplyKind.BOARD, ReplyKind.RESULT) and view is not None:
            payload["view"] = view
            payload["names"] = table.names
            payload["lang"] = table.language
        return payload

    async def _with_images(self, table: Table, owed: list[Reply]) -> list[Reply]:
        if not any(r.kind in (ReplyKind.BOARD, ReplyKind.RESULT) for r in owed):
            return owed
        image = await self._board_image(table, table.language)
        name = image_name("board", image)
        return [dataclasses.replace(r, image=image, image_name=name)
                if r.kind in (ReplyKind.BOARD, ReplyKind.RESULT) else r for r in owed]

    async def _panel(self, table: Table, done: Handled) -> list[Reply]:
        if done.panel is None or table.live is None:
            return []
        seat, user, notice = done.panel
        return [await self._hand_reply(table, seat, user, self._user_lang(table, done.command),
                                       notice=notice, after_move=True)]

    async def _save(self, table: Table, *, result: dict[str, Any] | None = None,
                    outbox: Sequence[Outgoing] = (),
                    timers: tuple[float, float | None] | None = None,
                    rated: ratings.FinishedGame | None = None) -> list[int]:
        live = table.live
        new_actions = len(live.record.log) - live.saved if live is not None else 0
        deadline, warn_at = self._timers(table) if timers is None else timers
        try:
            ids = await self.store.save(table, new_actions=new_actions, deadline=deadline,
                                        warn_at=warn_at, now=self.clock(), result=result,
                                        outbox=outbox, rated=rated)
        except Exception:
            self._drop(table.channel)
            raise
        if live is not None:
            live.saved = len(live.record.log)
            live.recorded = live.recorded or result is not None
        if deadline is None:
            self._deadlines.pop(table.channel, None)
        else:
            self._deadlines[table.channel] = (deadline, warn_at)
        return ids

    def _timers(self, table: Table) -> tuple[float | None, float | None]:
        """Returns the deadline of the decision now owed and when to warn about it."""
        if table.live is None or not waiting_users(table):
            return None, None
        seconds = table.timer
        if seconds is None:
            seconds = table.game.header(table.live.state)["seconds"]
        now = self.clock()
        return now + seconds, now + seconds / 2

    # -- replies --------------------------------------------------------------------------------

    def _error(self, cmd: Command, text: str) -> Reply:
        return Reply(cmd.channel, ReplyKind.ERROR, text, private_to=cmd.user, table=cmd.channel)

    async def _board_image(self, table: Table, lang: str) -> bytes:
        live = table.live
        assert live is not None
        key = (live.game_id, len(live.record.log), lang)
        cached = self._boards.get(table.channel)
        if cached is not None and cached[0] == key:
            return cached[1]
        view = table.view(None)
        renderer = games.entry(table.game_name).load_renderer()
        tr = locales.translator(lang)
        image = await asyncio.to_thread(renderer.render_board, view,
                                        names=shown_names(table, tr), tr=tr)
        self._boards[table.channel] = (key, image)
        return image

    async def _hand_image(self, table: Table, seat: Seat, view: View, lang: str) -> bytes | None:
        """The seat's hand image in `lang` for the position shown (None: the game draws none),
        drawn once per position."""
        live = table.live
        assert live is not None
        tr = locales.translator(lang)
        names = shown_names(table, tr)
        key = (live.game_id, len(live.record.log), tuple(names))
        shown = self._hands.setdefault(table.channel, {})
        cached = shown.get((seat, lang))
        if cached is not None and cached[0] == key:
            return cached[1]
        renderer = games.entry(table.game_name).load_renderer()
        image = await asyncio.to_thread(renderer.render_hand, view, names=names, tr=tr)
        shown[(seat, lang)] = (key, image)
        return image

    async def _hand_reply(self, table: Table, seat: Seat, user: str, lang: str, *,
                          full: bool = True, notice: str = "", after_move: bool = False,
                          known: tuple[tuple[Choice, ...], str] | None = None) -> Reply:
        """The seat's private panel in the reader's language: notes, text, the hand image (when
        `full`; after a move that leaves nothing to decide, only with `waiting_panel_images`)
        and choices (`known`: the seat's `_choices` in `lang` at this position, already made)."""
        live = table.live
        assert live is not None
        tr = locales.translator(lang)
        game, names = table.game, self._names(table, tr)
        choices, stamp = known or self._choices(table, seat, tr)
        view = table.view(seat)
        image = None
        if full and (choices or not after_move or self.waiting_panel_images):
            image = await self._hand_image(table, seat, view, lang)
        notes = table.notes.pop(seat, []) if full else []
        text = "\n".join([*notes, game.text(view, names, tr)])
        notice = tr(notice)
        if not choices:
            owed = [names[s] for s in table.to_play()]
            waiting = tr(Text("Waiting for {players}.", players=joined(owed, tr)) if owed else
                         Text("The game is over."))
            notice = f"{notice} {waiting}".strip()
        return Reply(table.channel, ReplyKind.HAND, text, private_to=user,
                     title=tr(Text("Your hand — {game}", game=game.info.title)), image=image,
                     image_name=image_name("hand", image) if image else "hand.png",
                     choices=choices, table=table.channel, version=table.version, stamp=stamp,
                     notice=notice)


def shown_names(table: Table, tr: Translate) -> list[str]:
    """The players' names as `tr`'s reader reads them (a computer's level in their language)."""
    return [tr(shown_name(n)) for n in table.names]


__all__ = ["Host", "personalise"]
