"""The engine contract every Hoard game implements, and the parts all games share.

A game is one `Game[S, A]` object, generic in its state type `S` and its action type `A` (as
OpenSpiel's `State` and python-chess's `Board`/`Move`), registered in `games.registry` together
with its renderer and its computer player. Engines are pure and deterministic: no I/O, no discord,
no PIL, no clock; every random draw comes from the `Rng` kept inside the state.

Seats are numbered 0..n-1. Two words name who moves, in every game and every view:

- `to_play`: the seats that owe a decision now. That may be a defender in another player's turn,
  or several seats at once (a mulligan); `()` once the game is over.
- `active`: the seat whose turn it is (the attacker while someone else defends); None when the
  game is over or nobody's turn is running (a simultaneous mulligan).

The host talks to a game only through this contract:

- `new_game(seed, players, options)` builds a state.
- `legal_actions(state, seat)` lists what a seat may do now, in a deterministic order, as small
  values with a stable text form (`encode()`). A seat outside `to_play` may still have actions
  (RivalWing's specials).
- `apply(state, seat, action)` is checked here, once for every game: a finished game raises
  `GameOver`, a seat with nothing to decide `NotYourTurn`, anything not listed `IllegalAction`, and
  the state stays byte-identical; only a legal action reaches the game's `_apply` hook.
- `view(state, seat | None)` is the only door to hidden information (None = a spectator). Its
  `"header"` (a `ViewHeader`) is built here for every game and is the only part of a view that the
  host, timers and generic tests read; the rest belongs to the game's renderer and computer player.
- `outcome(state)` and `score(state, seat)` report results; `label(state, action)` gives the human
  label path ("Play > Dwarf x2").
- `sample_hidden(state, seat, seed)` (optional) redraws everything the seat cannot see, from its
  view alone; the hard computer player searches on such samples.

Undo (where a game has it) is replaying all but the last actions: the log of (seat, code) pairs and
the seed are the record, the state is derived from them.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, TypedDict, TypeVar, cast, final

from mypy_extensions import mypyc_attr

from games.rng import Rng
from games.termination import HostTermination as HostTermination  # re-exported: the contract
from games.termination import Termination as Termination
from games.text import Text, Translate, and_list, english, seat_ref

Seat = int

MAX_CODE_LENGTH: Final = 60
"""An action code fits a Discord custom_id with the table id and state version around it."""

SERIES_OPTION: Final = "series"
"""The option the host adds for a game that declares `GameInfo.rotates_in_series`:
{"index": k, "seed": s}, the game's place in its series (0 first) and the series' first seed, so
that the game can rotate its dealer or first player from one game of a series to the next."""

RESIGN_CODE: Final = "!resign"
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
    """A move as a small frozen value with a stable text form (`encode`) and value equality."""

    def encode(self) -> str: ...


S = TypeVar("S")
"""A game's state: plain data (dataclasses, dicts, lists, str, int) that `to_json` turns into a dict."""

A = TypeVar("A", bound=Action)
"""A game's action type."""

View = dict[str, Any]
"""What one seat may see: JSON-ready data with a `"header"` (a `ViewHeader`) and the game's keys."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw), why (a `Termination` member of the
    game's own enum), and a sentence about it with seat placeholders {p0}, {p1}, ..."""

    winners: tuple[Seat, ...]
    termination: Termination
    reason: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners


class ViewHeader(TypedDict):
    """The typed part of every view, the same for every game."""

    game: str
    """The game's registry name."""
    seat: Seat | None
    """Whose view this is (None = a spectator)."""
    players: int
    """How many seats the table has."""
    to_play: list[Seat]
    """The seats that owe a decision now."""
    active: Seat | None
    """The seat whose turn it is (see the module docstring)."""
    over: bool
    winners: list[Seat]
    """The winning seats once the game is over (empty for a draw or while playing)."""
    termination: str | None
    """The `Termination` value once the game is over."""
    seconds: int
    """How long the current decision may take before the timer plays for the seat."""


def header(view: View) -> ViewHeader:
    """Returns the typed header of a view."""
    return cast(ViewHeader, view["header"])


class Event:
    """Something that happened, told to an audience (None = everyone, else those seats only).

    A small value compared by its fields and never changed once made. A plain class with a
    written `__init__`, not a frozen dataclass: compiled (setup.py), its constructor is native
    code where a dataclass's generated one stays interpreted, and engines make one for every
    thing they tell."""

    __slots__ = ("audience", "text")

    def __init__(self, text: str, audience: tuple[Seat, ...] | None = None) -> None:
        self.text = text
        self.audience = audience

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.text == other.text and self.audience == other.audience

    def __hash__(self) -> int:
        return hash((self.text, self.audience))

    def __repr__(self) -> str:
        return f"Event(text={self.text!r}, audience={self.audience!r})"

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
    labels: tuple[tuple[str, Text], ...] = ()
    """How a choice reads to players (a faction's printed name, a mat's name), where it differs
    from the typed value; the rest read as typed."""


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


@mypyc_attr(native_class=False)  # compiled (setup.py) but kept a Python class: see `Record`
@dataclass(slots=True)
class LogEntry:
    """One applied action: who took it and its code."""

    seat: Seat
    code: str


@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Record:
    """Everything needed to rebuild a game by replay: seed, seats, options and the action log.

    Compiled with core (setup.py), it stays a Python class, as `LogEntry` does: records come
    from files and the store, and are checked where they are read (`bot.records`), not by a
    native class's type check on every field."""

    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)


class Renderer(Protocol):
    """What a game's renderer offers: PNG images drawn from a view alone, their words passed
    through `tr` (the reader's language; `games.text.english` by default)."""

    def render_board(self, view: View, *, names: Sequence[str], tr: Translate = ...) -> bytes: ...

    def render_hand(self, view: View, *, names: Sequence[str],
                    tr: Translate = ...) -> bytes | None: ...


Chooser = Callable[[View, Sequence[A], int], A]
"""A computer player: picks one of the listed actions from the seat's own view and a seed."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py); most games are interpreted
class Game(ABC, Generic[S, A]):
    """One game's rules. Subclasses implement the abstract methods and hooks; `apply` and `view`
    are final, so every game refuses and shows its header the same way."""

    info: ClassVar[GameInfo]
    """The game's facts, a class attribute each subclass sets."""

    # -- the contract -------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> S:
        """Returns a fresh state for `players` seats; raises ValueError for a bad count or option."""

    @abstractmethod
    def to_play(self, state: S) -> tuple[Seat, ...]:
        """Returns the seats that owe a decision now (empty once the game is over)."""

    @abstractmethod
    def active(self, state: S) -> Seat | None:
        """Returns the seat whose turn it is (None when over or during a simultaneous phase)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Returns what `seat` may do now, in a deterministic order; [] when nothing."""

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Applies an action already known to be legal (the listed one), in place."""

    @abstractmethod
    def _view(self, state: S, seat: Seat | None) -> View:
        """Returns the game's part of what `seat` may see (None = spectator), as JSON-ready data."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Returns the outcome once the game is over, else None."""

    @abstractmethod
    def score(self, state: S, seat: Seat) -> int:
        """Returns the seat's score, the number a /sumof series adds up."""

    @abstractmethod
    def players(self, state: S) -> int:
        """Returns the number of seats."""

    @abstractmethod
    def decode(self, code: str) -> A:
        """Parses an action code; raises BadActionCode when it is not one of this game's."""

    @abstractmethod
    def label(self, state: S, action: A) -> tuple[str, ...]:
        """Returns the human label path of an action, e.g. ("Play", "Dwarf", "x2")."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """Returns the state as JSON-ready data."""

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> S:
        """Rebuilds a state from `to_json` data; raises ValueError naming what was expected."""

    @abstractmethod
    def shuffle_hidden(self, state: S, observer: Seat | None, seed: int) -> S:
        """Returns a copy with everything hidden from `observer` reshuffled (hands, decks, face-down
        cards of others), keeping what the observer sees. Used to prove views leak nothing."""

    # -- hooks with a default -----------------------------------------------------------------

    def sample_hidden(self, state: S, seat: Seat, seed: int) -> S:
        """Returns a state in which everything `seat` cannot see is drawn afresh from its view alone.

        Two states with the same `view(state, seat)` give the same sample for the same seed: the
        hidden cards are pooled, sorted canonically and dealt with an `Rng(seed)`, and the state's
        own RNG is reseeded from `seed`, so future draws are not those of the real game. The
        search of the hard computer player (`games.search`) plays its rollouts on such samples.

        :raises NotImplementedError: when the game offers no sampling (no hard level then).
        """
        raise NotImplementedError(f"{self.info.title} cannot sample hidden cards.")

    def can_sample(self) -> bool:
        """Tells whether the game implements `sample_hidden` (and so offers a searching player)."""
        return type(self).sample_hidden is not Game.sample_hidden

    def _may_act(self, state: S, seat: Seat) -> bool:
        """Tells whether `seat` has a decision now (a game with out-of-turn plays widens it)."""
        return seat in self.to_play(state)

    def _find_legal(self, state: S, seat: Seat, action: A) -> A | None:
        """Returns the listed action equal to `action`, or None when it is not legal now. A game
        may answer without listing everything (the check stays the base class's)."""
        legal = self.legal_actions(state, seat)
        try:
            return legal[legal.index(action)]
        except ValueError:
            return None

    def _refusal(self, state: S, seat: Seat, action: A) -> str:
        """Returns why a listed-looking but illegal action is refused, in player words."""
        return Text("'{code}' is not a legal move now.", code=action.encode())

    def decision_seconds(self, state: S) -> int:
        """Returns how long the current decision may take (a defense window may be shorter)."""
        return self.info.turn_seconds

    def resign(self, state: S, seat: Seat) -> list[Event] | None:
        """Withdraws `seat` by the game's own rule (RivalWing's withdrawal) and returns the events.

        Returns None when the game has no such rule: the host then ends the game as a forfeit
        (`HostTermination.FORFEIT`), every other seat winning.
        """
        return None

    def timeout_action(self, state: S, seat: Seat) -> A | None:
        """Returns what the rules do when `seat` lets its timer run out (None: the computer plays)."""
        return None

    def text(self, view: View, names: Sequence[str], tr: Translate = english) -> str:
        """Returns a short text form of a view in the reader's language, for the hand panel,
        the console and logs."""
        return json.dumps(view, sort_keys=True)

    def copy(self, state: S) -> S:
        """Returns an independent copy (for search)."""
        return self.from_json(json.loads(json.dumps(self.to_json(state))))

    # -- shared behaviour ---------------------------------------------------------------------

    @final
    def apply(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Applies `action` for `seat` after checking it; raises IllegalAction and changes nothing
        when it is not legal now (OpenSpiel's `apply_action_with_legality_check`)."""
        if self.outcome(state) is not None:
            raise GameOver(Text("The game is over."))
        if not self._may_act(state, seat):
            owed = [seat_ref(s) for s in self.to_play(state)]
            raise NotYourTurn(Text("It is not your turn; {players} to play.",
                                   players=and_list(owed)) if owed else
                              Text("It is not your turn."))
        listed = self._find_legal(state, seat, action)
        if listed is None:
            raise IllegalAction(self._refusal(state, seat, action))
        return self._apply(state, seat, listed)

    @final
    def apply_code(self, state: S, seat: Seat, code: str) -> list[Event]:
        """Decodes and applies an action code (what the host and the console receive)."""
        return self.apply(state, seat, self.decode(code))

    @final
    def view(self, state: S, seat: Seat | None) -> View:
        """Returns what `seat` may see (None = spectator): the game's view with its header."""
        view = self._view(state, seat)
        view["header"] = self.header(state, seat)
        return view

    @final
    def header(self, state: S, seat: Seat | None = None) -> ViewHeader:
        """Returns the typed header of `seat`'s view, without building the rest of it."""
        outcome = self.outcome(state)
        return ViewHeader(
            game=self.info.name, seat=seat, players=self.players(state),
            to_play=list(self.to_play(state)),
            active=None if outcome is not None else self.active(state),
            over=outcome is not None,
            winners=list(outcome.winners) if outcome is not None else [],
            termination=outcome.termination.value if outcome is not None else None,
            seconds=self.decision_seconds(state),
        )

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def replay(self, record: Record) -> S:
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
                    raise ValueError(Text("{name} must be one of {choices}; got '{value}'.",
                                          name=name, choices=", ".join(spec.choices),
                                          value=value))
                return value
        raise ValueError(Text("{game} has no option '{name}'.", game=self.info.title, name=name))

    def check_players(self, players: int) -> None:
        """Raises ValueError unless the seat count fits the game."""
        lo, hi = self.info.min_players, self.info.max_players
        if not lo <= players <= hi:
            raise ValueError(Text("{game} is played by {low} players, not {players}.", game=self.info.title,
                                  low=lo, players=players) if lo == hi else
                             Text("{game} is played by {low} to {high} players, not {players}.",
                                  game=self.info.title, low=lo, high=hi, players=players))
