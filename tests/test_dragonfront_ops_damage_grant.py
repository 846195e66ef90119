"""Unit tests of two effect operations: "damage" on both Strongholds at once, "grant" of RUSH."""

from __future__ import annotations

from games.dragonfront.context import Ctx
from games.dragonfront.effects import run_effect
from tests.dragonfront_helpers import FILLER, board, put


def test_damage_to_both_strongholds_at_zero_is_a_draw() -> None:
    """One effect that brings both Strongholds to 0 ends the game as a draw, not a loss."""
    st = board()
    st.players[0]["sh"] = st.players[1]["sh"] = 1
    run_effect(st, {"op": "damage", "n": 1, "to": "both_sh"}, Ctx(owner=0))
    assert st.result is not None and st.result["winners"] == []
    assert st.result["reason"] == "both Strongholds fell"


def test_damage_to_both_strongholds_one_falls() -> None:
    """When only one of the two falls, its owner loses."""
    st = board()
    st.players[0]["sh"], st.players[1]["sh"] = 1, 5
    run_effect(st, {"op": "damage", "n": 1, "to": "both_sh"}, Ctx(owner=0))
    assert st.result is not None and st.result["winners"] == [1]
    assert st.players[1]["sh"] == 4


def test_granting_rush_lets_a_new_unit_act() -> None:
    """A unit granted RUSH loses its summoning sickness."""
    st = board()
    u = put(st, FILLER, 0, 0, sick=True)
    run_effect(st, {"op": "grant", "kw": {"RUSH": 1}, "to": "target"}, Ctx(owner=0, target=u))
    assert u["sick"] is False and u["kw"]["RUSH"] == 1
