"""The transport-free host: turns a `Command` into `Reply`s for one channel's table.

Commands for one channel run one at a time (a lock per channel); channels never wait for each other.
Every change is committed to the store before any reply is built, so a restart resumes every table
exactly. Computer players move as soon as they are owed a decision; a human who lets the timer run
out has the game's timeout rule (or the computer) play for them, and forfeits after three in a row.

The host knows games only through the registry and the engine contract, and the public board is
always drawn from `view(state, None)`: the one choke point for hidden information.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import games
from bot.messages import Choice, Command, Reply, ReplyKind, Verb
from bot.store import Store
from bot.table import MAX_TIMEOUTS, Refused, Table
from games.core import Event, IllegalAction, Seat, visible_events

log = logging.getLogger(__name__)

COMMAND_HELP = (
    "/join [game] — take a seat (the first join picks the game) · /leave · /addbot · "
    "/start · /match X · /sumof X · /timer seconds · /hand · /resign · /status · /rules [game]"
)


def personalise(text: str, names: Sequence[str]) -> str:
    """Replaces the seat placeholders {p0}, {p1}, ... with player names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


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


class Host:
    """Hoard's host: tables by channel, their locks, persistence, timers and replies."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seeds: random.Random | None = None) -> None:
        self.store = store
        self.clock = clock
        self._seeds = seeds or random.Random()
        self._tables: dict[str, Table] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._deadlines: dict[str, float] = {}
        self._boards: dict[str, tuple[int, bytes]] = {}

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], float] = time.time,
                   seeds: random.Random | None = None) -> Host:
        """Opens the store at `path` and returns a host that resumes every table in it."""
        store = await Store.open(path)
        host = cls(store, clock=clock, seeds=seeds)
        host._deadlines = await store.deadlines()
        return host

    async def close(self) -> None:
        await self.store.close()

    # -- entry points ---------------------------------------------------------------------------

    async def handle(self, command: Command) -> list[Reply]:
        """Carries out one command and returns the replies; a refusal changes nothing."""
        async with self._locks[command.channel]:
            table = await self._table(command.channel)
            try:
                return await self._dispatch(table, command)
            except (Refused, IllegalAction) as refusal:
                return [self._error(command, str(refusal))]  # refused before any change
            except Exception:
                self._tables.pop(command.channel, None)
                log.exception("Command %s failed at table %s (user %s)", command.verb,
                              command.channel, command.user)
                return [self._error(command, "Sorry, something went wrong on our side; "
                                             "nothing was changed. Please try again.")]

    def next_deadline(self) -> float | None:
        """Returns the earliest pending decision deadline (epoch seconds), if any."""
        return min(self._deadlines.values(), default=None)

    async def run_due_timers(self) -> list[Reply]:
        """Plays for every player whose timer has run out and returns the replies to post."""
        now = self.clock()
        replies: list[Reply] = []
        for channel, deadline in sorted(self._deadlines.items(), key=lambda kv: kv[1]):
            if deadline <= now:
                async with self._locks[channel]:
                    if self._deadlines.get(channel, now + 1) <= now:
                        try:
                            replies += await self._timeout(await self._table(channel))
                        except Exception:
                            self._tables.pop(channel, None)
                            self._deadlines.pop(channel, None)
                            log.exception("Timer failed at table %s", channel)
        return replies

    # -- dispatch -------------------------------------------------------------------------------

    async def _table(self, channel: str) -> Table:
        table = self._tables.get(channel)
        if table is None:
            table = await self.store.load_table(channel) or Table(channel)
            self._tables[channel] = table
        return table

    async def _dispatch(self, table: Table, cmd: Command) -> list[Reply]:
        handler = {
            Verb.JOIN: self._join, Verb.LEAVE: self._leave, Verb.ADDBOT: self._addbot,
            Verb.START: self._start, Verb.MATCH: self._series, Verb.SUMOF: self._series,
            Verb.TIMER: self._timer, Verb.PLAY: self._play, Verb.HAND: self._hand,
            Verb.MOVES: self._hand, Verb.RESIGN: self._resign, Verb.RULES: self._rules,
            Verb.STATUS: self._status,
        }[cmd.verb]
        return await handler(table, cmd)

    async def _join(self, table: Table, cmd: Command) -> list[Reply]:
        words, options = split_args(cmd.args)
        name = table.join(cmd.user, cmd.name, words[0] if words else None, options)
        await self._save(table)
        info = games.get(name).info
        seated = len(table.seats)
        ready = "/start when everyone is in." if seated >= info.min_players else (
            f"Waiting for {info.min_players - seated} more (/join, or /addbot for a computer).")
        return [self._info(table, f"{cmd.name} joined {info.title} ({seated}/{info.max_players} "
                                  f"seats). {ready}")]

    async def _leave(self, table: Table, cmd: Command) -> list[Reply]:
        table.leave(cmd.user)
        await self._save(table)
        return [self._info(table, f"{cmd.name} left the table.")]

    async def _addbot(self, table: Table, cmd: Command) -> list[Reply]:
        _, options = split_args(cmd.args)
        name = table.add_bot(options)
        await self._save(table)
        return [self._info(table, f"{name} takes a seat at {table.game.info.title} "
                                  f"({len(table.seats)}/{table.game.info.max_players}).")]

    async def _series(self, table: Table, cmd: Command) -> list[Reply]:
        if not cmd.args:
            raise Refused(f"Give a number: /{cmd.verb.value} X, with X from 1 to 99.")
        mode = "match" if cmd.verb is Verb.MATCH else "sumof"
        table.set_series(cmd.user, mode, cmd.args[0])
        await self._save(table)
        return [self._info(table, f"Series set: {table.series.describe()}.")]

    async def _timer(self, table: Table, cmd: Command) -> list[Reply]:
        if not cmd.args:
            raise Refused(f"Give seconds: /timer 300 (now {table.turn_seconds()} s).")
        seconds = table.set_timer(cmd.user, cmd.args[0])
        await self._save(table)
        return [self._info(table, f"Each decision now has {seconds} seconds.")]

    async def _start(self, table: Table, cmd: Command) -> list[Reply]:
        _, options = split_args(cmd.args)
        table.can_start(cmd.user)
        timer = options.pop("timer", None)
        if options:
            raise Refused(f"/start takes only timer=seconds; got {', '.join(options)}.")
        if timer is not None:
            table.set_timer(cmd.user, timer)
        replies = await self._begin_game(table)
        return replies

    async def _begin_game(self, table: Table) -> list[Reply]:
        seed = self._seeds.getrandbits(63)
        record = table.new_record(seed)
        game_id = await self.store.create_game(table, record, self.clock())
        table.start_game(game_id, record)
        events = self._run_bots(table)
        number = len(table.series.results) + 1
        series = "" if table.series.mode == "single" else f" (game {number}, {table.series.describe()})"
        opening = Event(f"{table.game.info.title} begins{series}: {', '.join(table.names)}.")
        self._note_private(table, events)
        return await self._after_change(table, [opening, *events])

    async def _play(self, table: Table, cmd: Command) -> list[Reply]:
        seat = self._require_seat(table, cmd)
        if not cmd.args:
            raise Refused("Say which move: its number from /hand, or its code.")
        self._check_version(table, cmd)
        code = self._resolve_code(table, seat, cmd.args[0])
        events = table.apply(seat, code)
        table.strikes.pop(cmd.user, None)
        events += self._run_bots(table)
        self._note_private(table, events)
        hand = None
        if table.is_playing and table.live is not None and (
                table.notes.get(seat) or table.game.legal_actions(table.live.state, seat)):
            # Drawn alongside the board; the task reads the state before anything else runs.
            hand = asyncio.create_task(self._hand_reply(table, seat, cmd))
        replies = await self._after_change(table, events)
        if hand is not None:
            replies.append(await hand)
        return replies

    async def _hand(self, table: Table, cmd: Command) -> list[Reply]:
        seat = self._require_seat(table, cmd)
        full = cmd.verb is Verb.HAND  # MOVES: just the choices, no image, notes kept
        return [await self._hand_reply(table, seat, cmd, full=full)]

    async def _resign(self, table: Table, cmd: Command) -> list[Reply]:
        seat = self._require_seat(table, cmd)
        events = table.resign(seat)
        events += self._run_bots(table)
        self._note_private(table, events)
        return await self._after_change(table, events)

    async def _rules(self, table: Table, cmd: Command) -> list[Reply]:
        words, _ = split_args(cmd.args)
        game = games.find(words[0]) if words else table.game
        if game is None:
            raise Refused(f"There is no game called '{words[0]}'. Games: {', '.join(games.names())}.")
        info = game.info
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        options = "".join(f"\nOption {o.name}: {', '.join(o.choices)} — {o.help}"
                          for o in info.options)
        text = f"**{info.title}** ({players} players)\n{info.summary}{options}\n\n{COMMAND_HELP}"
        return [Reply(table.channel, ReplyKind.INFO, text, private_to=cmd.user, title=info.title,
                      table=table.channel)]

    async def _status(self, table: Table, cmd: Command) -> list[Reply]:
        if table.live is not None:
            return [await self._board(table, [])]
        info = table.game.info
        seats = ", ".join(s.name for s in table.seats) or "nobody yet"
        return [self._info(table, f"{info.title} table: {seats} "
                                  f"({len(table.seats)}/{info.max_players}). "
                                  f"Series: {table.series.describe()}. "
                                  f"Timer: {table.turn_seconds()} s per decision.")]

    # -- moves, bots, endings -------------------------------------------------------------------

    def _require_seat(self, table: Table, cmd: Command) -> Seat:
        seat = table.seat_of(cmd.user)
        if seat is None:
            raise Refused("You are not playing at this table.")
        if table.live is None or (not table.is_playing and cmd.verb is not Verb.HAND):
            raise Refused("No game is in progress at this table. /start one.")
        return seat

    def _check_version(self, table: Table, cmd: Command) -> None:
        if cmd.version is not None and cmd.version != table.version:
            raise Refused("That button belongs to an earlier position; the game has moved on. "
                          "Open /hand for your current choices.")

    def _resolve_code(self, table: Table, seat: Seat, text: str) -> str:
        """Accepts an action code, or the number of an action in the seat's current list."""
        text = text.strip()
        assert table.live is not None
        actions = table.game.legal_actions(table.live.state, seat)
        if not actions:
            raise Refused("It is not your turn." if seat not in table.to_play()
                          else "You have no move to make right now.")
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(actions):
                raise Refused(f"Choose a move from 1 to {len(actions)}.")
            code: str = actions[index - 1].encode()
            return code
        if text not in {a.encode() for a in actions}:
            table.game.decode(text)  # an unreadable code says so
            raise Refused(f"'{text}' is not one of your moves now. Open /hand for your choices.")
        return text

    def _run_bots(self, table: Table) -> list[Event]:
        """Lets computer players take every decision they owe; returns the events."""
        events: list[Event] = []
        if table.live is None:
            return events
        for _ in range(table.game.info.max_actions):
            owed = [s for s in table.to_play() if table.seats[s].is_bot]
            if not owed:
                break
            seat = owed[0]
            events += table.apply(seat, table.computer_choice(seat).encode())
        return events

    async def _timeout(self, table: Table) -> list[Reply]:
        """Plays for every human who owes a decision at a timed-out table."""
        live = table.live
        self._deadlines.pop(table.channel, None)
        if live is None or not table.is_playing:
            await self._save(table)
            return []
        game = table.game
        events: list[Event] = []
        for seat in table.to_play():
            info = table.seats[seat]
            if info.is_bot or not table.is_playing:
                continue
            ruled = game.timeout_action(live.state, seat)
            if ruled is not None:  # the game's own rule, which also counts repeated timeouts
                events.append(Event(f"{{p{seat}}}'s time ran out."))
                events += table.apply(seat, ruled.encode())
                continue
            strikes = table.strikes.get(info.user, 0) + 1
            table.strikes[info.user] = strikes
            if strikes >= MAX_TIMEOUTS:
                events.append(Event(f"{{p{seat}}} timed out {MAX_TIMEOUTS} times in a row "
                                    "and forfeits."))
                events += table.resign(seat)
                continue
            action = table.computer_choice(seat)
            label = " > ".join(game.label(live.state, action))
            events.append(Event(f"{{p{seat}}}'s time ran out; the computer played: {label}.",
                                None))
            events += table.apply(seat, action.encode())
        events += self._run_bots(table)
        self._note_private(table, events)
        return await self._after_change(table, events)

    def _note_private(self, table: Table, events: list[Event]) -> None:
        """Keeps private events for their players' next hand reply."""
        for event in events:
            for seat in event.audience or ():
                if not table.seats[seat].is_bot:
                    table.notes.setdefault(seat, []).append(personalise(event.text, table.names))

    async def _after_change(self, table: Table, events: list[Event]) -> list[Reply]:
        """Commits the change, then builds the board, result and next-game replies."""
        live = table.live
        replies: list[Reply] = []
        result = None
        if live is not None and table.outcome() is not None and not live.recorded:
            finished = table.finish_game()
            result = {"scores": finished.scores, "winners": finished.winners,
                      "reason": finished.reason}
        await self._save(table, result=result)
        replies.append(await self._board(table, events))
        if result is not None:
            replies.append(self._result_reply(table))
            if table.series.mode != "single" and not table.series.is_finished(len(table.seats)):
                replies += await self._begin_game(table)
        return replies

    async def _save(self, table: Table, *, result: dict[str, Any] | None = None) -> None:
        live = table.live
        new_actions = len(live.record.log) - live.saved if live is not None else 0
        deadline = self._deadline(table)
        try:
            await self.store.save(table, new_actions=new_actions, deadline=deadline,
                                  now=self.clock(), result=result)
        except Exception:
            self._tables.pop(table.channel, None)
            raise
        if live is not None:
            live.saved = len(live.record.log)
            live.recorded = live.recorded or result is not None
        if deadline is None:
            self._deadlines.pop(table.channel, None)
        else:
            self._deadlines[table.channel] = deadline

    def _deadline(self, table: Table) -> float | None:
        humans = [s for s in table.to_play() if not table.seats[s].is_bot]
        if not humans or table.live is None:
            return None
        seconds = table.timer
        if seconds is None:
            seconds = table.game.header(table.live.state)["seconds"]
        return self.clock() + seconds

    # -- replies --------------------------------------------------------------------------------

    def _info(self, table: Table, text: str) -> Reply:
        return Reply(table.channel, ReplyKind.INFO, text, table=table.channel,
                     version=table.version)

    def _error(self, cmd: Command, text: str) -> Reply:
        return Reply(cmd.channel, ReplyKind.ERROR, text, private_to=cmd.user, table=cmd.channel)

    async def _board(self, table: Table, events: list[Event]) -> Reply:
        live = table.live
        assert live is not None
        game, names = table.game, table.names
        text_lines = [personalise(e.text, names) for e in visible_events(events, None)]
        owed = table.to_play()
        waiting = tuple(table.seats[s].user for s in owed if not table.seats[s].is_bot)
        if owed:
            text_lines.append(", ".join(table.seats[s].name for s in owed) + " to play.")
        image = await self._board_image(table)
        fields = [("Players", ", ".join(("▶ " if s in owed else "") + n
                                        for s, n in enumerate(names)))]
        if table.series.mode != "single":
            fields.append(("Series", self._standing(table)))
        outcome = table.outcome()
        if outcome is not None:
            fields.append(("Result", self._result_line(table)))
        return Reply(table.channel, ReplyKind.BOARD, "\n".join(text_lines), title=game.info.title,
                     fields=tuple(fields), image=image, image_name=f"board-{table.version}.png",
                     mentions=waiting, waiting_on=waiting, table=table.channel,
                     version=table.version, over=outcome is not None)

    async def _board_image(self, table: Table) -> bytes:
        cached = self._boards.get(table.channel)
        if cached is not None and cached[0] == table.version:
            return cached[1]
        assert table.live is not None
        view = table.game.view(table.live.state, None)
        renderer = games.entry(table.game_name).load_renderer()
        image = await asyncio.to_thread(renderer.render_board, view, names=table.names)
        self._boards[table.channel] = (table.version, image)
        return image

    async def _hand_reply(self, table: Table, seat: Seat, cmd: Command, *,
                          full: bool = True) -> Reply:
        """The seat's private hand: notes, text, the hand image (when `full`) and choices."""
        live = table.live
        assert live is not None
        game, names = table.game, table.names
        view = game.view(live.state, seat)
        choices = tuple(
            Choice(a.encode(), tuple(personalise(part, names) for part in game.label(live.state, a)))
            for a in game.legal_actions(live.state, seat))
        image = None
        if full:
            renderer = games.entry(table.game_name).load_renderer()
            image = await asyncio.to_thread(renderer.render_hand, view, names=names)
        notes = table.notes.pop(seat, []) if full else []
        text = "\n".join([*notes, game.text(view, names)])
        if not choices:
            text += "\nNothing to decide right now."
        return Reply(table.channel, ReplyKind.HAND, text, private_to=cmd.user,
                     title=f"Your hand — {game.info.title}", image=image,
                     image_name=f"hand-{table.version}.png", choices=choices,
                     table=table.channel, version=table.version)

    def _result_line(self, table: Table) -> str:
        outcome = table.outcome()
        assert outcome is not None and table.live is not None
        names = table.names
        scores = ", ".join(f"{n} {table.game.score(table.live.state, s)}"
                           for s, n in enumerate(names))
        if outcome.is_draw:
            verdict = "a draw"
        else:
            verdict = " and ".join(names[s] for s in outcome.winners) + " win" + (
                "s" if len(outcome.winners) == 1 else "")
        return f"{scores} — {verdict} ({personalise(outcome.reason, names)})."

    def _standing(self, table: Table) -> str:
        series, players = table.series, len(table.seats)
        if series.mode == "match":
            wins = series.wins(players)
            parts = ", ".join(f"{n} {w}" for n, w in zip(table.names, wins, strict=False))
            return f"First to {series.target}: {parts} (after {len(series.results)} games)"
        totals = series.totals(players)
        parts = ", ".join(f"{n} {t}" for n, t in zip(table.names, totals, strict=False))
        return f"Game {len(series.results)} of {series.target}, totals: {parts}"

    def _result_reply(self, table: Table) -> Reply:
        lines = [f"Game over: {self._result_line(table)}"]
        series, players = table.series, len(table.seats)
        if series.mode != "single":
            lines.append(self._standing(table))
            if series.is_finished(players):
                winners = " and ".join(table.names[s] for s in series.winners(players))
                lines.append(f"Series over ({series.describe()}): {winners} "
                             f"win{'s' if len(series.winners(players)) == 1 else ''}!")
                for number, result in enumerate(series.results, 1):
                    scores = ", ".join(f"{n} {s}" for n, s in
                                       zip(table.names, result.scores, strict=False))
                    lines.append(f"  Game {number}: {scores}")
            else:
                lines.append("The next game starts now.")
        else:
            lines.append("/start for another game, or /match X, /sumof X for a series.")
        return Reply(table.channel, ReplyKind.RESULT, "\n".join(lines), title="Result",
                     table=table.channel, version=table.version)


__all__ = ["Host", "personalise"]
