"""One channel's table: the lobby (seats, game, options), the game in progress, and the series.

Pure and synchronous: every method either changes the table and returns what happened, or raises
`Refused` with a polite message and changes nothing. The host adds locking, persistence, rendering
and replies around it.

Series rules (the online host's /match and /sumof, used by every game):
- no series set: each game stands alone and the next one starts with `/start`;
- `/match X`: games follow one another until a player has X wins (draws count for nobody);
- `/sumof X`: exactly X games; the highest total of game scores wins (equal totals share the win).
While a series is in progress the next game starts by itself when one ends.
A resignation ends a game for two players with the other seat winning; in a game for more players
the game's own rule applies when it has one (a withdrawal), else the game ends and every
other seat wins.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Any

import games
import locales
from games.core import (
    RESIGN_CODE,
    SERIES_OPTION,
    Action,
    Event,
    Game,
    HostTermination,
    LogEntry,
    Outcome,
    Record,
    Seat,
    View,
)
from games.levels import DEFAULT_LEVEL, Level, level_word, levels_of, seat_name
from games.text import Text, echo, or_list, plural, seat_ref

log = logging.getLogger(__name__)

SERIES_LIMIT = 99
MAX_TIMEOUTS = 3
"""Consecutive timeouts after which a player forfeits."""
MIN_TIMER, MAX_TIMER = 15, 86_400
DECK_OPTION = "deck"
"""The engine option that carries the seats' saved decks (a list, one entry or None per seat)."""


class Refused(Exception):
    """A command that cannot be carried out now; the message is shown to the user."""


@dataclass(slots=True)
class SeatInfo:
    user: str
    name: str
    is_bot: bool = False
    options: dict[str, str] = field(default_factory=dict)
    forfeited: bool = False
    """The seat forfeited the last game by letting its timer run out too often."""
    level: str | None = None
    """A computer seat's level (easy, normal or hard; None is normal, as stored before levels)."""
    deck: dict[str, Any] | None = None
    """The saved deck this seat brings (a snapshot: the engine's `deck` value for the seat)."""
    deck_name: str | None = None

    @property
    def computer_level(self) -> Level:
        """Returns the level a computer seat plays at."""
        return Level(self.level) if self.level else DEFAULT_LEVEL


@dataclass(slots=True)
class GameResult:
    """One finished game of a series."""

    scores: list[int]
    winners: list[Seat]
    reason: str


@dataclass(slots=True)
class Series:
    """How games follow one another: "single", "match" (first to `target` wins) or "sumof"."""

    mode: str = "single"
    target: int = 1
    results: list[GameResult] = field(default_factory=list)
    seed: int | None = None
    """The first game's seed: games that rotate who starts count from it."""

    def wins(self, players: int) -> list[int]:
        counts = [0] * players
        for result in self.results:
            for seat in result.winners:
                counts[seat] += 1
        return counts

    def totals(self, players: int) -> list[int]:
        sums = [0] * players
        for result in self.results:
            for seat, score in enumerate(result.scores):
                sums[seat] += score
        return sums

    def is_finished(self, players: int) -> bool:
        if self.mode == "match":
            return max(self.wins(players), default=0) >= self.target
        if self.mode == "sumof":
            return len(self.results) >= self.target
        return bool(self.results)

    def winners(self, players: int) -> list[Seat]:
        """Returns the seats that won the series (several on a shared first place)."""
        key = self.wins(players) if self.mode == "match" else self.totals(players)
        if self.mode == "single" and self.results:
            return list(self.results[-1].winners)
        best = max(key, default=0)
        return [seat for seat, value in enumerate(key) if value == best]

    def describe(self) -> str:
        if self.mode == "match":
            return plural("first to {n} win", "first to {n} wins", self.target)
        if self.mode == "sumof":
            return plural("{n} game, highest total", "{n} games, highest total", self.target)
        return Text("single game")


@dataclass(slots=True)
class Live:
    """The game in progress: its record (seed, options, log) and the state derived from it."""

    game_id: int
    record: Record
    state: Any
    forfeit: Outcome | None = None
    saved: int = 0
    """How many log entries the store holds."""
    recorded: bool = False
    """Whether the game's result is in the series (and the store)."""


@dataclass
class Table:
    """A channel's table. `version` grows with every change a button could be stale against."""

    channel: str
    game_name: str = games.DEFAULT
    seats: list[SeatInfo] = field(default_factory=list)
    series: Series = field(default_factory=Series)
    timer: int | None = None
    version: int = 0
    strikes: dict[str, int] = field(default_factory=dict)
    live: Live | None = None
    notes: dict[Seat, list[str]] = field(default_factory=dict)
    """Private events waiting to be shown in a seat's next hand reply (not persisted)."""
    in_thread: bool = False
    """Games are played in a thread made from the lobby message (/start thread:true)."""
    rematch: list[str] = field(default_factory=list)
    """Users who asked for a rematch of the last game."""
    turn_log: list[str] = field(default_factory=list)
    """The public lines of the current board message (since it was posted)."""
    lang: str | None = None
    """The language chosen for the table (/language, /join lang=...); None: the guild's."""
    guild_lang: str = locales.DEFAULT
    """The language of the guild's locale, as last seen on a command."""
    revision: int = 0
    """The store row's revision this table was read at (0: no row yet); writes compare-and-swap
    on it. Kept by the store, not in the table's JSON."""
    guild: str = ""
    """The server of the channel (ratings and history are per guild); "" until a command names it."""

    # -- lookups --------------------------------------------------------------------------------

    @property
    def language(self) -> str:
        """The language of the table's public messages and images."""
        return self.lang or self.guild_lang

    def set_language(self, user: str, code: str) -> str:
        """Sets the table's language ("de", "en"); returns it."""
        lang = code.strip().lower()
        if lang not in locales.LANGUAGES:
            raise Refused(Text("Hoard speaks {languages}; got '{code}'.",
                               languages=", ".join(locales.LANGUAGES), code=code))
        if self.lang != lang:
            self.lang = lang
            self.version += 1
        return lang

    @property
    def game(self) -> Game[Any, Any]:
        return games.get(self.game_name)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def is_playing(self) -> bool:
        return self.live is not None and self.outcome() is None

    def seat_of(self, user: str) -> Seat | None:
        for index, seat in enumerate(self.seats):
            if seat.user == user and not seat.is_bot:
                return index
        return None

    def turn_seconds(self) -> int:
        return self.timer if self.timer is not None else self.game.info.turn_seconds

    def outcome(self) -> Outcome | None:
        if self.live is None:
            return None
        return self.live.forfeit or self.game.outcome(self.live.state)

    def view(self, seat: Seat | None) -> View:
        """Returns `seat`'s view of the live game; after a resignation or a forfeit its header
        says the game is over and who won, as the engine's own end would (the engine never hears
        of a forfeit, so its state still shows the seat to play)."""
        live = self.live
        assert live is not None
        view = self.game.view(live.state, seat)
        if live.forfeit is None:
            return view
        head = dict(view["header"], over=True, to_play=[], active=None,
                    winners=list(live.forfeit.winners), termination=live.forfeit.termination.value)
        return {**view, "header": head}

    def to_play(self) -> tuple[Seat, ...]:
        if not self.is_playing:
            return ()
        assert self.live is not None
        return self.game.to_play(self.live.state)

    # -- lobby ----------------------------------------------------------------------------------

    def join(self, user: str, name: str, game_name: str | None, options: dict[str, str]) -> str:
        """Seats a user, choosing the game when the table is empty; returns the game's name."""
        if self.is_playing:
            raise Refused(Text("A game is in progress at this table; wait for it to end to join."))
        if self.seat_of(user) is not None:
            raise Refused(Text("You have already joined this table."))
        if game_name is not None:
            found = games.find(game_name)
            if found is None:
                raise Refused(Text("There is no game called '{name}'. Games: {games}.",
                                   name=game_name, games=", ".join(games.names())))
            if self.seats and found.info.name != self.game_name:
                raise Refused(Text("This table is set up for {game}. Join it without naming a "
                                   "game, or play elsewhere.", game=self.game.info.title))
            if not self.seats:
                self._choose_game(found.info.name)
        elif not self.seats and self.live is None:
            self._choose_game(self.game_name)
        game = self.game
        if len(self.seats) >= game.info.max_players:
            raise self._full(game)
        self.seats.append(SeatInfo(user, name, options=self._check_options(options)))
        self._seats_changed()
        return game.info.name

    def add_bot(self, user: str | None, options: dict[str, str] | None = None,
                level: Level = DEFAULT_LEVEL) -> str:
        """Seats a computer player of `level` for a seated `user` and returns its name."""
        if user is not None and self.seat_of(user) is None:
            raise Refused(Text("Only a seated player can add a computer player; /join first."))
        if self.is_playing:
            raise Refused(Text("A game is in progress; add computer players between games."))
        game = self.game
        if len(self.seats) >= game.info.max_players:
            raise self._full(game)
        offered = levels_of(games.entry(self.game_name)).offered()
        if level not in offered:
            raise Refused(Text("{game} offers no {level} computer player; choose {levels}.",
                               game=game.info.title, level=level_word(level),
                               levels=or_list([level_word(v) for v in offered])))
        number = 1 + sum(1 for s in self.seats if s.is_bot)
        name = seat_name(number, level)
        self.seats.append(SeatInfo(f"bot:{number}", name, is_bot=True,
                                   options=self._check_options(options or {}), level=level.value))
        self._seats_changed()
        return name

    @staticmethod
    def _full(game: Game[Any, Any]) -> Refused:
        return Refused(plural("{game} seats at most {n} player; this table is full.",
                              "{game} seats at most {n} players; this table is full.",
                              game.info.max_players, game=game.info.title))

    def leave(self, user: str) -> None:
        """Frees the user's seat in the lobby; with only computer players left the table resets."""
        seat = self.seat_of(user)
        if seat is None:
            raise Refused(Text("You are not seated at this table."))
        if self.is_playing:
            raise Refused(Text("A game is in progress; use /resign to give it up."))
        del self.seats[seat]
        if all(s.is_bot for s in self.seats):
            self.seats.clear()
            self.series = Series()
        self._seats_changed()

    def _seats_changed(self) -> None:
        """Between games a new seating ends the last game's rematch (its board stays history)."""
        self.live = None
        self.rematch = []
        self.version += 1

    def set_option(self, user: str, name: str, value: str) -> None:
        """Sets one game option from the lobby: the user's own (per seat) or the table's."""
        seat = self.seat_of(user)
        if seat is None:
            raise Refused(Text("Only a seated player can choose options; /join first."))
        if self.is_playing:
            raise Refused(Text("A game is in progress; choose options between games."))
        checked = self._check_options({name: value})
        spec = next(o for o in self.game.info.options if o.name == name)
        if not spec.per_seat:
            for other in self.seats:
                other.options.pop(name, None)
        self.seats[seat].options.update(checked)
        self.version += 1

    def vote_rematch(self, user: str) -> bool:
        """Records a rematch request; returns whether every seated person has asked."""
        if self.seat_of(user) is None:
            raise Refused(Text("Only a player of the last game can ask for a rematch."))
        if self.is_playing:
            raise Refused(Text("A game is already in progress."))
        if self.live is None:
            raise Refused(Text("There is no finished game to play again; /start a new one."))
        if user not in self.rematch:
            self.rematch.append(user)
            self.version += 1
        return all(s.user in self.rematch for s in self.seats if not s.is_bot)

    def set_series(self, user: str, mode: str, raw: str) -> None:
        """Sets /match X or /sumof X for the next games."""
        if self.seat_of(user) is None:
            raise Refused(Text("Only a seated player can set the series; /join first."))
        if self.is_playing:
            raise Refused(Text("A game is in progress; set the series before or between games."))
        target = parse_int(raw, "X", 1, SERIES_LIMIT)
        self.series = Series(mode=mode, target=target)
        self.version += 1

    def set_timer(self, user: str, raw: str) -> int:
        """Sets the seconds a player has for each decision."""
        if self.seat_of(user) is None:
            raise Refused(Text("Only a seated player can set the timer; /join first."))
        self.timer = parse_int(raw, Text("the timer"), MIN_TIMER, MAX_TIMER)
        self.version += 1
        return self.timer

    def _choose_game(self, name: str) -> None:
        if name != self.game_name:
            self.series = Series()
        self.game_name = name
        self.live = None

    def _check_options(self, options: dict[str, str]) -> dict[str, str]:
        game = self.game
        checked: dict[str, str] = {}
        for key, value in options.items():
            try:
                checked[key] = game.resolve_option(key, value)
            except ValueError as error:
                raise Refused(error.args[0] if error.args else str(error)) from None
        return checked

    # -- games ----------------------------------------------------------------------------------

    def can_start(self, user: str | None) -> None:
        """Raises Refused unless a new game may start now (user None: the series continues)."""
        if user is not None and self.seat_of(user) is None:
            raise Refused(Text("Only a seated player can start; /join first."))
        if self.is_playing:
            raise Refused(Text("A game is already in progress."))
        game = self.game
        if len(self.seats) < game.info.min_players:
            raise Refused(plural("{game} needs at least {n} player; {seated} seated. Invite a "
                                 "friend or /addbot.",
                                 "{game} needs at least {n} players; {seated} seated. Invite a "
                                 "friend or /addbot.", game.info.min_players,
                                 game=game.info.title, seated=len(self.seats)))
        if all(s.is_bot for s in self.seats):
            raise Refused(Text("At least one person must play."))

    def new_record(self, seed: int) -> Record:
        """Prepares the next game's record (a new series first when the last one is finished)."""
        if self.series.is_finished(len(self.seats)) or (
                self.series.results and len(self.series.results[0].scores) != len(self.seats)):
            self.series = Series(self.series.mode, self.series.target)
        if not self.series.results:
            self.series.seed = seed
        return Record(seed=seed, players=len(self.seats), options=self.game_options())

    def start_game(self, game_id: int, record: Record) -> Any:
        """Starts the game of a record made by `new_record`."""
        state = self.game.new_game(record.seed, record.players, record.options)
        self.live = Live(game_id, record, state)
        self.strikes = {}
        self.rematch = []
        for seat in self.seats:
            seat.forfeited = False
        self.version += 1
        return state

    def game_options(self) -> dict[str, Any]:
        """Builds the engine options: table-wide values from the first seat that set one, per-seat
        values as a list."""
        options: dict[str, Any] = {}
        for spec in self.game.info.options:
            values = [seat.options.get(spec.name) for seat in self.seats]
            if spec.per_seat:
                options[spec.name] = values
            else:
                chosen = next((v for v in values if v is not None), None)
                if chosen is not None:
                    options[spec.name] = chosen
        if any(seat.deck is not None for seat in self.seats):
            options[DECK_OPTION] = [seat.deck for seat in self.seats]
        if self.game.info.rotates_in_series and self.series.seed is not None:
            options[SERIES_OPTION] = {"index": len(self.series.results), "seed": self.series.seed}
        return options

    def apply(self, seat: Seat, code: str) -> list[Event]:
        """Applies an action code for a seat; raises IllegalAction (from the engine) or Refused."""
        live = self._require_live()
        events = self.game.apply_code(live.state, seat, code)
        live.record.log.append(LogEntry(seat, code))
        self.version += 1
        return events

    def restore(self, game_id: int, record: Record, *, recorded: bool) -> Live:
        """Rebuilds the game in progress from its record, through the game's own replay; the
        table's version stays what was stored."""
        state = self.game.replay(record)
        self.live = Live(game_id, record, state, saved=len(record.log), recorded=recorded)
        resigned = next((e.seat for e in record.log if e.code == RESIGN_CODE), None)
        if resigned is not None and self.game.outcome(state) is None:
            others = tuple(s for s in range(record.players) if s != resigned)
            self.live.forfeit = Outcome(others, HostTermination.FORFEIT, "resignation")
        return self.live

    def computer_seed(self) -> int:
        """Returns the seed of the computer's next decision (the same after a replay)."""
        live = self._require_live()
        return (live.record.seed + self.version) & 0x7FFFFFFF

    def computer_choice(self, seat: Seat, level: Level = DEFAULT_LEVEL) -> Action:
        """Returns an easy or normal computer's move for `seat`, chosen from that seat's view
        only (a hard seat searches through the host's worker pool instead)."""
        live = self._require_live()
        game = self.game
        choose = levels_of(games.entry(self.game_name)).chooser(level)
        action: Action = choose(game.view(live.state, seat), game.legal_actions(live.state, seat),
                                self.computer_seed())
        return action

    def resign(self, seat: Seat) -> list[Event]:
        """Gives up the game for `seat`."""
        live = self._require_live()
        events = self.game.resign(live.state, seat)
        if events is None:
            others = tuple(s for s in range(len(self.seats)) if s != seat)
            live.forfeit = Outcome(others, HostTermination.FORFEIT, Text("resignation"))
            events = [Event(Text("{player} resigned.", player=seat_ref(seat)))]
        live.record.log.append(LogEntry(seat, RESIGN_CODE))
        self.version += 1
        return events

    def finish_game(self) -> GameResult:
        """Records the ended game's scores in the series and returns them."""
        live = self._require_live(playing=False)
        outcome = self.outcome()
        assert outcome is not None
        scores = [self.game.score(live.state, seat) for seat in range(len(self.seats))]
        result = GameResult(scores, list(outcome.winners), outcome.reason)
        self.series.results.append(result)
        return result

    def _require_live(self, *, playing: bool = True) -> Live:
        if self.live is None or (playing and not self.is_playing):
            raise Refused(Text("No game is in progress at this table. /start one."))
        return self.live

    # -- persistence ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Returns the table without its live game (which the store keeps as seed + log)."""
        return {
            "game": self.game_name,
            "seats": [asdict(s) for s in self.seats],
            "series": {"mode": self.series.mode, "target": self.series.target,
                       "seed": self.series.seed,
                       "results": [asdict(r) for r in self.series.results]},
            "timer": self.timer,
            "version": self.version,
            "strikes": self.strikes,
            "in_thread": self.in_thread,
            "rematch": self.rematch,
            "turn_log": self.turn_log,
            "lang": self.lang,
            "guild_lang": self.guild_lang,
            "guild": self.guild,
        }

    @classmethod
    def from_json(cls, channel: str, data: dict[str, Any]) -> Table:
        series = data.get("series", {})
        return cls(
            channel=channel,
            game_name=data.get("game", games.DEFAULT),
            seats=[SeatInfo(**s) for s in data.get("seats", [])],
            series=Series(series.get("mode", "single"), series.get("target", 1),
                          [GameResult(**r) for r in series.get("results", [])],
                          series.get("seed")),
            timer=data.get("timer"),
            version=data.get("version", 0),
            strikes=dict(data.get("strikes", {})),
            in_thread=bool(data.get("in_thread", False)),
            rematch=list(data.get("rematch", [])),
            turn_log=list(data.get("turn_log", [])),
            lang=data.get("lang"),
            guild_lang=data.get("guild_lang", locales.DEFAULT),
            guild=str(data.get("guild", "")),
        )


def parse_int(raw: str, what: str, low: int, high: int) -> int:
    """Parses a whole number in [low, high] or refuses politely."""
    text = str(raw).strip()
    try:
        value = int(text)
    except ValueError:
        raise Refused(Text("{what} must be a whole number from {low} to {high}; got '{text}'.",
                           what=what, low=low, high=high, text=echo(text))) from None
    if not low <= value <= high:
        raise Refused(Text("{what} must be a whole number from {low} to {high}; got {value}.",
                           what=what, low=low, high=high, value=echo(text)))
    return value
