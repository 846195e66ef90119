"""Dragon Front state: the game as plain data (both players, units and forts, blessed tiles, turn
data, the RNG), its limits, and its JSON form.

A unit and a fort are dicts (see `board.new_unit` and `board.new_fort`); a player is a dict with
faction, "sh" (Stronghold health), mana, tokens, hand, deck, champion (None once played), fatigue,
discarded (this turn) and mulligan (still owed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games.core import Termination
from games.rng import Rng

STRONGHOLD = 15
MANA_CAP = 10
HAND_LIMIT = 10
MAX_TURNS = 80
"""Hard cap: after 80 turns (40 each) the game ends; the healthier Stronghold wins, equal is a draw."""
TURN_ACTION_CAP = 60
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


@dataclass
class DFState:
    """The whole game: RNG, both players, units and forts on the board, blessed tiles, turn data.

    Listing actions keeps short-lived caches in the instance's `__dict__` (see `board.still`), so
    the class keeps a `__dict__` (no slots)."""

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
    """Returns an independent copy."""
    return from_json(to_json(st))
