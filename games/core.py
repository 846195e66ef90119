"""The engine contract every Hoard game implements, and the parts all games share.

A game is one `Game` object (registered in `games.registry`) that works on a plain, JSON-ready state.
Engines are pure and deterministic: no I/O, no discord, no PIL, no clock; every random draw comes from
the `Rng` kept inside the state.

Seats are numbered 0..n-1. The host talks to a game only through this contract:

- `new_game(seed, players, options)` builds a state.
- `to_play(state)` names the seats that owe a decision now. That may be a defender in another player's
  turn, or several seats at once (a mulligan); `()` once the game is over.
- `legal_actions(state, seat)` lists what a seat may do now, sorted, as small values with a stable
  text form (`encode()`). A seat outside `to_play` may still have actions (RivalWing's specials).
- `apply(state, seat, action)` checks the action and applies it in place, returning events; an illegal
  action raises `IllegalAction` and leaves the state byte-identical.
- `view(state, seat | None)` is the only door to hidden information (None = a spectator).
- `outcome(state)` and `score(state, seat)` report results; `label(state, action)` gives the human
  label path ("Play > Dwarf x2").

Undo (where a game has it) is replaying all but the last actions: the log of (seat, code) pairs and
the seed are the record, the state is derived from them.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.rng import Rng

Seat = int
State = Any
"""A game's state: plain data (dataclasses, dicts, lists, str, int) that `to_json` turns into a dict."""

MAX_CODE_LENGTH = 60
"""An action code fits a Discord custom_id with the table id and state version around it."""

SERIES_OPTION = "series"
"""The option the host adds for a game that declares `GameInfo.rotates_in_series`:
{"index": k, "seed": s}, the game's place in its series (0 first) and the series' first seed, so
that the game can rotate its dealer or first player from one game of a series to the next."""

RESIGN_CODE = "!resign"
"""The log code of a resignation (or a forfeit after repeated timeouts); see `Game.resign`."""


class IllegalAction(ValueError):
    """An action that may not be taken now; the message says why, in player words."""


class NotYourTurn(IllegalAction):
    """The seat has no decision to make now."""


class GameOver(IllegalAction):
    """The game has ended; nothing more may be played."""


class BadActionCode(IllegalAction):
    """The text could not be read as an action of this game."""


class Action(Protocol):
    """A move as a small frozen value with a stable text form (`encode`)."""

    def encode(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw) and why."""

    winners: tuple[Seat, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, told to an audience (None = everyone, else those seats only)."""

    text: str
    audience: tuple[Seat, ...] | None = None

    def is_visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


def series_rotation(options: dict[str, Any], players: int) -> int | None:
    """Returns how far to rotate the first seat for this game of a series (the series' own random
    start plus the game's index), or None outside a series."""
    series = options.get(SERIES_OPTION)
    if not isinstance(series, dict):
        return None
    index, seed = series.get("index"), series.get("seed")
    if not isinstance(index, int) or not isinstance(seed, int) or index < 0:
        raise ValueError(f"expected {SERIES_OPTION} = {{'index': int >= 0, 'seed': int}}, got {series!r}")
    return (Rng(seed).below(players) + index) % players


def visible_events(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    """Returns the events that `seat` may see (None = the public)."""
    return [e for e in events if e.is_visible_to(seat)]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A per-game option such as a faction or a dragon mat.

    `per_seat` options are chosen by each player (their value is a list, one entry per seat, None or
    "random" meaning the engine picks with its RNG); the others are one value for the whole table.
    """

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    per_seat: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game, declared as data (OpenSpiel's `_GAME_INFO`)."""

    name: str
    title: str
    min_players: int
    max_players: int
    max_actions: int
    score_min: int
    score_max: int
    summary: str
    options: tuple[OptionSpec, ...] = ()
    aliases: tuple[str, ...] = ()
    turn_seconds: int = 300
    """Default time a seat has for a decision before the computer plays for it."""
    rotates_in_series: bool = False
    """Whether new_game takes the `SERIES_OPTION` to rotate who starts between games of a series."""


@dataclass(slots=True)
class LogEntry:
    """One applied action: who took it and its code."""

    seat: Seat
    code: str


@dataclass(slots=True)
class Record:
    """Everything needed to rebuild a game by replay: seed, seats, options and the action log."""

    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)


class Game(ABC):
    """One game's rules. Subclasses implement the abstract methods; the rest is shared."""

    info: GameInfo

    # -- the contract -------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> State:
        """Returns a fresh state for `players` seats; raises ValueError for a bad count or option."""

    @abstractmethod
    def to_play(self, state: State) -> tuple[Seat, ...]:
        """Returns the seats that owe a decision now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        """Returns what `seat` may do now, in a deterministic order; [] when nothing."""

    @abstractmethod
    def _apply(self, state: State, seat: Seat, action: Action) -> list[Event]:
        """Applies an action already known to be legal, in place."""

    @abstractmethod
    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """Returns what `seat` may see (None = spectator), as JSON-ready data."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Returns the outcome once the game is over, else None."""

    @abstractmethod
    def score(self, state: State, seat: Seat) -> int:
        """Returns the seat's score, the number a /sumof series adds up."""

    @abstractmethod
    def decode(self, code: str) -> Action:
        """Parses an action code; raises BadActionCode when it is not one of this game's."""

    @abstractmethod
    def label(self, state: State, action: Action) -> tuple[str, ...]:
        """Returns the human label path of an action, e.g. ("Play", "Dwarf", "x2")."""

    @abstractmethod
    def to_json(self, state: State) -> dict[str, Any]:
        """Returns the state as JSON-ready data."""

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> State:
        """Rebuilds a state from `to_json` data; raises ValueError naming what was expected."""

    @abstractmethod
    def shuffle_hidden(self, state: State, observer: Seat | None, seed: int) -> State:
        """Returns a copy with everything hidden from `observer` reshuffled (hands, decks, face-down
        cards of others), keeping what the observer sees. Used to prove views leak nothing."""

    @abstractmethod
    def choose(self, view: dict[str, Any], actions: Sequence[Action], seed: int) -> Action:
        """The computer opponent: picks one of `actions` from the seat's own view only."""

    # -- shared behaviour ---------------------------------------------------------------------

    def apply(self, state: State, seat: Seat, action: Action) -> list[Event]:
        """Applies `action` for `seat` after checking it; raises IllegalAction and changes nothing
        when it is not legal now."""
        if self.outcome(state) is not None:
            raise GameOver("The game is over.")
        legal = self.legal_actions(state, seat)
        if not legal:
            raise NotYourTurn("It is not your turn.")
        code = action.encode()
        for candidate in legal:
            if candidate.encode() == code:
                return self._apply(state, seat, candidate)
        raise IllegalAction(f"'{code}' is not a legal move now.")

    def apply_code(self, state: State, seat: Seat, code: str) -> list[Event]:
        """Decodes and applies an action code (what the host and the console receive)."""
        return self.apply(state, seat, self.decode(code))

    def resign(self, state: State, seat: Seat) -> list[Event] | None:
        """Withdraws `seat` by the game's own rule (RivalWing's withdrawal) and returns the events.

        Returns None when the game has no such rule: the host then ends the game as a forfeit, every
        other seat winning.
        """
        return None

    def timeout_action(self, state: State, seat: Seat) -> Action | None:
        """Returns what the rules do when `seat` lets its timer run out (None: the computer plays)."""
        return None

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """Returns a short text form of a view, for the console and logs."""
        return json.dumps(view, sort_keys=True)

    def copy(self, state: State) -> State:
        """Returns an independent copy (for search)."""
        return self.from_json(json.loads(json.dumps(self.to_json(state))))

    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None

    def replay(self, record: Record) -> State:
        """Rebuilds the state from a record (seed, seats, options and the action log)."""
        state = self.new_game(record.seed, record.players, record.options)
        for entry in record.log:
            if entry.code == RESIGN_CODE:
                if self.resign(state, entry.seat) is None:
                    break  # a forfeit ends the game; nothing follows it in the log
            else:
                self.apply_code(state, entry.seat, entry.code)
        return state

    def resolve_option(self, name: str, value: str | None) -> str:
        """Checks one option value against its spec and returns it (default when None)."""
        for spec in self.info.options:
            if spec.name == name:
                if value is None:
                    return spec.default
                if value not in spec.choices:
                    raise ValueError(
                        f"{name} must be one of {', '.join(spec.choices)}; got '{value}'."
                    )
                return value
        raise ValueError(f"{self.info.title} has no option '{name}'.")

    def check_players(self, players: int) -> None:
        """Raises ValueError unless the seat count fits the game."""
        lo, hi = self.info.min_players, self.info.max_players
        if not lo <= players <= hi:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{self.info.title} is played by {span} players, not {players}.")
