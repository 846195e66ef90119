"""The Drachenherz state: plain lists of card ids plus a few counters, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn

from games.drachenherz.cards import N_CARDS, N_TYPES
from games.rng import Rng

PLAY = "play"
PRINCESS_CHOICE = "princess"
HERO_CHOICE = "hero"
OVER = "over"
STAGES = (PLAY, PRINCESS_CHOICE, HERO_CHOICE, OVER)

END_SHIPS = "ships"
END_DECK = "deck"


@dataclass(slots=True)
class DhState:
    """Everything about one game of Drachenherz."""

    rng: Rng
    first: int
    """The seat that took the first turn (drawn with the RNG)."""
    current: int
    """The seat whose turn it is (also the seat owing a choice)."""
    turn: int = 0
    """Index of the current turn, counting from 0 for the first player's first turn."""
    stage: str = PLAY
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    decks: list[list[int]] = field(default_factory=lambda: [[], []])
    """Draw piles; the next card drawn is the last one."""
    piles: list[list[int]] = field(default_factory=lambda: [[], []])
    """Face-down score piles (collected cards)."""
    spaces: list[list[int]] = field(default_factory=lambda: [[] for _ in range(N_TYPES)])
    """The nine board spaces, indexed by card type, cards in the order played."""
    collection: list[int] = field(default_factory=list)
    """The collection area: completed heroes and dragon slayers, waiting for ships."""
    departed: list[int] = field(default_factory=list)
    """Ships set aside by departures, three per departure."""
    departures: int = 0
    dragon: int | None = None
    """The seat holding the dragon figure, if anyone."""
    last_turn: int | None = None
    """Index of the game's last turn once an end condition has been met."""
    end_cause: str | None = None
    """What set `last_turn`: END_SHIPS or END_DECK."""
    end_seat: int | None = None
    """The seat whose ship departure or empty deck set `last_turn`."""


_INT_LISTS = ("hands", "decks", "piles", "spaces")


def to_json(state: DhState) -> dict[str, Any]:
    """Returns the state as JSON-ready data."""
    return {
        "rng": state.rng.state,
        "first": state.first,
        "current": state.current,
        "turn": state.turn,
        "stage": state.stage,
        "hands": [list(h) for h in state.hands],
        "decks": [list(d) for d in state.decks],
        "piles": [list(p) for p in state.piles],
        "spaces": [list(s) for s in state.spaces],
        "collection": list(state.collection),
        "departed": list(state.departed),
        "departures": state.departures,
        "dragon": state.dragon,
        "last_turn": state.last_turn,
        "end_cause": state.end_cause,
        "end_seat": state.end_seat,
    }


def _fail(what: str, got: object) -> NoReturn:
    raise ValueError(f"Drachenherz state: expected {what}, got {got!r}")


def _expect(cond: bool, what: str, got: object) -> None:
    if not cond:
        _fail(what, got)


def _cards(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        _fail(f"{what} as a list of card ids", value)
    for card in value:
        _expect(isinstance(card, int) and 0 <= card < N_CARDS, f"card ids in {what}", card)
    return list(value)


def from_json(data: dict[str, Any]) -> DhState:
    """Rebuilds a state from `to_json` data; raises ValueError naming what was expected."""
    _expect(isinstance(data, dict), "a dict", type(data).__name__)
    for key in ("rng", "first", "current", "turn", "departures"):
        _expect(isinstance(data.get(key), int), f"'{key}' as an int", data.get(key))
    _expect(data.get("stage") in STAGES, f"'stage' in {STAGES}", data.get("stage"))
    lists: dict[str, list[list[int]]] = {}
    for key in _INT_LISTS:
        value = data.get(key)
        size = N_TYPES if key == "spaces" else 2
        if not isinstance(value, list) or len(value) != size:
            _fail(f"'{key}' as {size} lists", value)
        lists[key] = [_cards(v, key) for v in value]
    for key in ("dragon", "last_turn", "end_seat"):
        _expect(data.get(key) is None or isinstance(data.get(key), int),
                f"'{key}' as an int or null", data.get(key))
    _expect(data.get("end_cause") in (None, END_SHIPS, END_DECK), "'end_cause' ships/deck/null",
            data.get("end_cause"))
    state = DhState(
        rng=Rng(data["rng"]),
        first=data["first"],
        current=data["current"],
        turn=data["turn"],
        stage=data["stage"],
        hands=lists["hands"],
        decks=lists["decks"],
        piles=lists["piles"],
        spaces=lists["spaces"],
        collection=_cards(data.get("collection"), "collection"),
        departed=_cards(data.get("departed"), "departed"),
        departures=data["departures"],
        dragon=data.get("dragon"),
        last_turn=data.get("last_turn"),
        end_cause=data.get("end_cause"),
        end_seat=data.get("end_seat"),
    )
    seen = sorted(c for key in _INT_LISTS for group in lists[key] for c in group)
    seen += state.collection + state.departed
    _expect(sorted(seen) == list(range(N_CARDS)), f"each of the {N_CARDS} cards exactly once",
            f"{len(seen)} cards")
    return state


def copy_state(state: DhState) -> DhState:
    """Returns an independent copy, faster than a JSON round trip (for search)."""
    return DhState(
        rng=Rng(state.rng.state), first=state.first, current=state.current, turn=state.turn,
        stage=state.stage, hands=[h[:] for h in state.hands], decks=[d[:] for d in state.decks],
        piles=[p[:] for p in state.piles], spaces=[s[:] for s in state.spaces],
        collection=state.collection[:], departed=state.departed[:], departures=state.departures,
        dragon=state.dragon, last_turn=state.last_turn, end_cause=state.end_cause,
        end_seat=state.end_seat)
