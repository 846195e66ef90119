"""Builders for Dragon Front scenario tests: an empty board in the main phase, units and forts put
where a test wants them. Spaces: row * 4 + lane; row 0 is seat 0's Spawn Row, row 3 seat 1's."""

from __future__ import annotations

from games.dragonfront import GAME
from games.dragonfront import actions as A
from games.dragonfront import rules as R
from games.dragonfront.board import new_fort, new_unit, place_unit
from games.dragonfront.state import DFState, Fort, Unit

FILLER = "ScU017"
"""Madcap Mercenaries, a 4/5 unit with no text: the deck filler and a sturdy test body."""


def board(active: int = 0, factions: tuple[str, str] = ("eclipse", "scales")) -> DFState:
    """Returns a main-phase state with an empty board, empty hands, no mana and 5-card decks."""
    st = R.new_state(7, list(factions))
    st.phase = "main"
    st.active = active
    st.turn = 2
    for p in st.players:
        p.update(hand=[], deck=[FILLER] * 5, mana=0, tokens=0, mulligan=False, discarded=False)
    return st


def put(st: DFState, card: str, owner: int, *spaces: int, sick: bool = False) -> Unit:
    """Places a unit (ready to act unless `sick`)."""
    u = new_unit(st, card, owner, list(spaces))
    u["sick"] = sick
    u["hidden"] = bool(u["kw"].get("STEALTH"))
    place_unit(st, u)
    return u


def build(st: DFState, card: str, owner: int, space: int) -> Fort:
    """Places a fort."""
    f = new_fort(st, card, owner, space)
    st.forts.append(f)
    return f


def do(st: DFState, action: A.Action, seat: int | None = None) -> None:
    """Applies a (checked) action for the active seat."""
    GAME.apply(st, st.active if seat is None else seat, action)


def codes(st: DFState, seat: int | None = None) -> list[str]:
    return [a.encode() for a in GAME.legal_actions(st, st.active if seat is None else seat)]


def unit_view(st: DFState, u: Unit, seat: int | None = 0) -> dict:
    """Returns the unit as `seat` sees it (power and health after auras)."""
    for x in GAME.view(st, seat)["units"]:
        if x["id"] == u["id"]:
            return x
    raise AssertionError(f"unit {u['id']} not visible to seat {seat}")
