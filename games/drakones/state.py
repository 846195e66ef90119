"""Drakones state: plain data with a JSON form (sides, hands, decks, bases, turn and undo record)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.drakones.actions import Action, decode
from games.rng import Rng

SPACES = 6
LOCK_ROUNDS = 4


@dataclass(slots=True)
class Slot:
    """A card on a side: its id and this turn's flags."""

    card: str
    arriving: bool = True
    bolt: bool = False
    """May attack while arriving (Instant, or ignited this turn)."""
    used: int = 0
    """Attacks made this turn."""
    hits: int = 0
    """Hits taken this turn (Armour needs two)."""
    new: bool = True
    """Came onto the side this turn (may be ignited)."""

    def to_json(self) -> list[Any]:
        return [self.card, self.arriving, self.bolt, self.used, self.hits, self.new]

    @staticmethod
    def from_json(data: list[Any]) -> Slot:
        if not isinstance(data, list) or len(data) != 6:
            raise ValueError(f"expected a slot [card, arriving, bolt, used, hits, new], got {data!r}")
        return Slot(str(data[0]), bool(data[1]), bool(data[2]), int(data[3]), int(data[4]),
                    bool(data[5]))

    def clone(self) -> Slot:
        return Slot(self.card, self.arriving, self.bolt, self.used, self.hits, self.new)


SlotData = tuple[str, bool, bool, int, int, bool]
"""A slot frozen as a tuple, in `to_json` order."""
PlayerData = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[SlotData | None, ...],
                   tuple[str, ...], tuple[str, ...]]
"""A player frozen as tuples: deck, hand, discard, side, marks, spied."""


@dataclass(slots=True)
class Player:
    """One seat's cards: deck (top = last), hand, discard, side spaces and base hit marks."""

    deck: list[str]
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    side: list[Slot | None] = field(default_factory=lambda: [None] * SPACES)
    marks: list[str] = field(default_factory=list)
    """Classes that hit this player's base this turn."""
    spied: list[str] = field(default_factory=list)
    """What this player last saw with Spy (top first); private."""

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck), "hand": list(self.hand), "discard": list(self.discard),
            "side": [None if s is None else s.to_json() for s in self.side],
            "marks": list(self.marks), "spied": list(self.spied),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        side = data.get("side")
        if not isinstance(side, list) or len(side) != SPACES:
            raise ValueError(f"expected a side of {SPACES} spaces, got {side!r}")
        return Player(
            deck=list(data["deck"]), hand=list(data["hand"]), discard=list(data["discard"]),
            side=[None if s is None else Slot.from_json(s) for s in side],
            marks=list(data["marks"]), spied=list(data["spied"]),
        )

    def clone(self) -> Player:
        return Player(self.deck[:], self.hand[:], self.discard[:],
                      [None if s is None else s.clone() for s in self.side],
                      self.marks[:], self.spied[:])

    def freeze(self) -> PlayerData:
        """Returns the player as tuples (cheaper to take than a clone, and never mutated)."""
        return (tuple(self.deck), tuple(self.hand), tuple(self.discard),
                tuple([None if s is None else (s.card, s.arriving, s.bolt, s.used, s.hits, s.new)
                       for s in self.side]),
                tuple(self.marks), tuple(self.spied))

    @staticmethod
    def thaw(data: PlayerData) -> Player:
        """Returns a new player from `freeze` data."""
        deck, hand, discard, side, marks, spied = data
        return Player(list(deck), list(hand), list(discard),
                      [None if s is None else Slot(*s) for s in side], list(marks), list(spied))


@dataclass(slots=True)
class State:
    """The whole table. Undo keeps `checkpoint` (the core state after the last draw or reveal) and
    `undo_log` (actions applied since), and rebuilds by replay. `steps` and `undos` are this turn's
    counters for the house caps that end every game (see `rules`)."""

    rng: Rng
    players: list[Player]
    first: int
    current: int
    turn: int = 1
    round: int = 1
    lock: int = LOCK_ROUNDS
    actions: int = 3
    strike_back: bool = True
    winner: int | None = None
    reason: str = ""
    recent: list[str] = field(default_factory=list)
    steps: int = 0
    """Steps taken this turn and not undone (End turn and Undo are no steps)."""
    undos: int = 0
    """Undos used this turn."""
    checkpoint: Checkpoint | None = None
    """The core state after the last draw or reveal, frozen."""
    undo_log: list[Action] = field(default_factory=list)

    def core_json(self) -> dict[str, Any]:
        """Returns everything but the undo record: what a checkpoint holds."""
        return {
            "rng": self.rng.state, "players": [p.to_json() for p in self.players],
            "first": self.first, "current": self.current, "turn": self.turn, "round": self.round,
            "lock": self.lock, "actions": self.actions, "strike_back": self.strike_back,
            "winner": self.winner, "reason": self.reason, "recent": list(self.recent),
        }

    def to_json(self) -> dict[str, Any]:
        data = self.core_json()
        data["steps"] = self.steps
        data["undos"] = self.undos
        data["checkpoint"] = None if self.checkpoint is None else self.checkpoint.core_json()
        data["undo_log"] = [a.encode() for a in self.undo_log]
        return data

    def load_core(self, data: dict[str, Any]) -> None:
        """Overwrites the core fields from `core_json` data."""
        try:
            players = data["players"]
            if not isinstance(players, list) or len(players) != 2:
                raise ValueError(f"expected 2 players, got {players!r}")
            self.rng = Rng(int(data["rng"]))
            self.players = [Player.from_json(p) for p in players]
            self.first = int(data["first"])
            self.current = int(data["current"])
            self.turn = int(data["turn"])
            self.round = int(data["round"])
            self.lock = int(data["lock"])
            self.actions = int(data["actions"])
            self.strike_back = bool(data["strike_back"])
            self.winner = None if data["winner"] is None else int(data["winner"])
            self.reason = str(data["reason"])
            self.recent = [str(t) for t in data["recent"]]
        except KeyError as exc:
            raise ValueError(f"expected a Drakones state with {exc}, got keys {sorted(data)}") from exc
        except TypeError as exc:
            raise ValueError(f"expected a Drakones state, got malformed data ({exc})") from exc

    @staticmethod
    def from_json(data: dict[str, Any]) -> State:
        if not isinstance(data, dict):
            raise ValueError(f"expected a Drakones state object, got {type(data).__name__}")
        state = State(Rng(0), [], 0, 0)
        state.load_core(data)
        state.steps = int(data.get("steps", 0))
        state.undos = int(data.get("undos", 0))
        cp = data.get("checkpoint")
        if cp is not None:
            core = State(Rng(0), [], 0, 0)
            core.load_core(cp)
            state.checkpoint = Checkpoint.of(core)
        state.undo_log = [decode(str(c)) for c in data.get("undo_log", [])]
        return state

    def restore(self, cp: Checkpoint) -> None:
        """Overwrites the core fields from a checkpoint (undo's way back)."""
        self.rng = Rng(cp.rng)
        self.players = [Player.thaw(p) for p in cp.players]
        self.first, self.current, self.turn, self.round = cp.first, cp.current, cp.turn, cp.round
        self.lock, self.actions, self.strike_back = cp.lock, cp.actions, cp.strike_back
        self.winner, self.reason, self.recent = cp.winner, cp.reason, list(cp.recent)

    def clone(self) -> State:
        """Returns an independent copy, fast (for search); the frozen checkpoint is shared."""
        return State(Rng(self.rng.state), [p.clone() for p in self.players], self.first,
                     self.current, self.turn, self.round, self.lock, self.actions,
                     self.strike_back, self.winner, self.reason, self.recent[:], self.steps,
                     self.undos, self.checkpoint, self.undo_log[:])


class Checkpoint(NamedTuple):
    """The core fields of a state frozen as tuples: cheaper to take than a clone, never mutated."""

    rng: int
    players: tuple[PlayerData, ...]
    first: int
    current: int
    turn: int
    round: int
    lock: int
    actions: int
    strike_back: bool
    winner: int | None
    reason: str
    recent: tuple[str, ...]

    @staticmethod
    def of(state: State) -> Checkpoint:
        """Returns the checkpoint of `state` as it is now."""
        p0, p1 = state.players
        return Checkpoint(state.rng.state, (p0.freeze(), p1.freeze()), state.first, state.current,
                          state.turn, state.round, state.lock, state.actions, state.strike_back,
                          state.winner, state.reason, tuple(state.recent))

    def core_json(self) -> dict[str, Any]:
        """Returns the same data as `State.core_json` of the state it froze."""
        core = State(Rng(0), [], 0, 0)
        core.restore(self)
        return core.core_json()
