"""Dragon Front state: the game as plain data (both players, units and forts, blessed tiles, turn
data, the RNG), its limits, and its JSON form.

A unit and a fort are dicts (see `board.new_unit` and `board.new_fort`); a player is a dict with
faction, "sh" (Stronghold health), mana, tokens, hand, deck, champion (None once played), fatigue,
discarded (this turn) and mulligan (still owed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from games.core import Termination
from games.rng import Rng

STRONGHOLD: Final = 15
MANA_CAP: Final = 10
HAND_LIMIT: Final = 10
MAX_TURNS: Final = 80
"""Hard cap: after 80 turns (40 each) the game ends; the healthier Stronghold wins, equal is a draw."""
TURN_ACTION_CAP: Final = 60
"""After 60 actions in one turn only "End turn" is offered, so a random playout always ends."""

Unit = dict[str, Any]
"""A unit on the board: id, card, owner, "sp" (its spaces), printed stats, damage, keywords, abilities
and its turn flags."""
Fort = dict[str, Any]
"""A fort on the board: id, card, owner, "sp" (one space), health and damage, keywords, abilities."""
Player = dict[str, Any]
Place = tuple[str, int]
"""A place an effect names: ("sh", seat) a Stronghold, ("lane", n) or ("row", n) a chosen line."""
Target = Unit | Fort | Place
"""What a selector names and an effect acts on."""


class DFTermination(Termination):
    """How a game of Dragon Front ends."""

    STRONGHOLD = "Stronghold destroyed"
    BOTH_STRONGHOLDS = "both Strongholds fell"
    TURN_LIMIT = "turn limit"


class Still:
    """What `board.still` keeps while nothing changes (one listing, one activation's plan): each
    unit's keywords, who stands where, the walls' spaces, whether auras and other changes reach
    a side, and the listing's own answers (`play`: costs, taxes, spaces; `deploy_more`), each
    in a typed field, so that compiled code reads them without building a key. A state makes
    one and empties it after each use (`reset`), rather than making ten containers a listing."""

    __slots__ = ("breach_auras", "costs", "deploy_givers", "keywords", "occupancy", "plain",
                 "side_mods", "sides", "spaces", "taxes", "walls")

    def __init__(self) -> None:
        self.keywords: dict[int, dict[str, int]] = {}
        self.occupancy: list[Unit | None] = [None] * 16
        """The unit on each space (0-15), or None (a list: no hashing, unlike a dict)."""
        self.walls: set[int] = set()
        self.sides: dict[int, list[tuple[dict[str, Any], dict[str, Any] | None]]] = {}
        self.side_mods: dict[int, bool] = {}
        self.costs: dict[int, dict[str, int]] = {}
        """Each seat's cost changes by card type (`play._cost_change`)."""
        self.taxes: dict[int, tuple[int, int]] = {}
        """Each seat's taxes from forts (`play._fort_taxes`)."""
        self.spaces: dict[tuple[int, bool, int, bool], list[list[int]]] = {}
        """The usual deploy spaces by (seat, BREACH, width, BLESSBREACH) (`play._usual_spaces`)."""
        self.breach_auras: dict[int, list[dict[str, Any]]] = {}
        """Each seat's auras that may grant BREACH (`play._granted_breach`)."""
        self.plain: bool | None = None
        """Whether nothing on the board changes where cards deploy (`play._plain_board`)."""
        self.deploy_givers: bool | None = None
        """Whether a piece that lets units deploy elsewhere stands (`deploy_more`)."""

    def reset(self) -> None:
        """Forgets everything, for the next use."""
        self.keywords.clear()
        occupancy = self.occupancy
        for sp in range(16):
            occupancy[sp] = None
        self.walls.clear()
        self.sides.clear()
        self.side_mods.clear()
        self.costs.clear()
        self.taxes.clear()
        self.spaces.clear()
        self.breach_auras.clear()
        self.plain = None
        self.deploy_givers = None


class Caches:
    """A state's short-lived caches and markers, never part of its JSON, its copies or its
    equality: what `board.still` keeps, the memo of the actions just listed (`DragonFront`), the
    pieces of some cards and the aura holders (kept with the board key: `next_id` and the numbers
    of units and forts), whether a NIGHTFALL fort stands, and the end of the game held while a
    resolution runs (`damage.resolution`, `damage.end_held`).

    One real attribute with typed fields rather than keys in the instance's `__dict__`: compiled
    with mypyc, `DFState` is a native class with no `__dict__`, and a field read is a C access."""

    __slots__ = ("aura_pieces", "by_cards", "fallen", "hold_end", "listed", "nightfall", "spare",
                 "still")

    def __init__(self) -> None:
        self.still: Still | None = None
        self.spare: Still | None = None
        """The state's one `Still`, empty while `still` is None (made on first use)."""
        self.listed: tuple[int, tuple[Any, ...], list[Any]] | None = None
        self.by_cards: tuple[tuple[int, int, int], dict[frozenset[str], list[Unit | Fort]]] | None = None
        self.aura_pieces: tuple[tuple[int, int, int], tuple[list[Unit], list[Fort], bool]] | None = None
        self.nightfall: tuple[tuple[int, int], bool] | None = None
        self.fallen: set[int] | None = None
        """The Strongholds fallen in the running resolution; None when none runs."""
        self.hold_end = False


@dataclass
class DFState:
    """The whole game: RNG, both players, units and forts on the board, blessed tiles, turn data,
    and its short-lived caches (`cache`, outside the JSON and equality)."""

    rng: Rng
    players: list[Player]
    units: list[Unit] = field(default_factory=list)
    forts: list[Fort] = field(default_factory=list)
    blessed: list[int] = field(default_factory=list)
    phase: str = "mulligan"
    """"mulligan", "main" or "over"."""
    active: int = 0
    first: int = 0
    turn: int = 0
    turn_actions: int = 0
    next_id: int = 1
    result: dict[str, Any] | None = None
    """{"winners": [seat, ...], "reason": a `DFTermination` value} once the game is over."""
    cache: Caches = field(default_factory=Caches, init=False, repr=False, compare=False)


def to_json(st: DFState) -> dict[str, Any]:
    """Returns the state as JSON-ready data (sharing the state's lists: copy before changing)."""
    return {"rng": st.rng.state, "players": st.players, "units": st.units, "forts": st.forts,
            "blessed": st.blessed, "phase": st.phase, "active": st.active, "first": st.first,
            "turn": st.turn, "turn_actions": st.turn_actions, "next_id": st.next_id,
            "result": st.result}


def from_json(data: dict[str, Any], *, owned: bool = False) -> DFState:
    """Rebuilds a state from `to_json` data; raises ValueError for anything else. The data is
    copied unless the caller hands over data nobody else holds (`owned`)."""
    if not isinstance(data, dict) or "players" not in data or "rng" not in data:
        raise ValueError(f"expected a Dragon Front state dict, got {type(data).__name__}")
    if not owned:
        data = json.loads(json.dumps(data))
    return DFState(rng=Rng(data["rng"]), players=data["players"], units=data["units"],
                   forts=data["forts"], blessed=data["blessed"], phase=data["phase"],
                   active=data["active"], first=data["first"], turn=data["turn"],
                   turn_actions=data["turn_actions"], next_id=data["next_id"],
                   result=data["result"])


def copy(st: DFState) -> DFState:
    """Returns an independent copy. The state holds JSON's kinds only (dicts with string keys,
    lists, strings, numbers, booleans, None), so copying its dicts and lists is what a JSON round
    trip would give, but the copy keeps the engine's own key strings: a lookup in it finds its key
    by identity, where one in data read back from JSON compares strings (a view of a copy cost
    about a quarter more)."""
    return from_json(_copied(to_json(st)), owned=True)


def _copied(x: Any) -> Any:
    """A deep copy of JSON-kind data: each dict and list anew, the rest shared (immutable)."""
    if type(x) is dict:
        d: dict[str, Any] = x.copy()  # keys and plain values in one go; containers below
        for k, v in d.items():
            if type(v) is dict or type(v) is list:
                d[k] = _copied(v)
        return d
    if type(x) is list:
        items: list[Any] = x
        return [_copied(v) if type(v) is dict or type(v) is list else v for v in items]
    return x
