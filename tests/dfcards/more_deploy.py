"""Scenarios for the cards of Essence, Scales, Silence, Strife and Thorns that change where units
may be deployed (or a fort's CHOOSE ONE), each written from the card's text."""

from __future__ import annotations

from games.dragonfront.actions import Play
from games.dragonfront.board import fort_at
from games.dragonfront.state import DFState
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, stats
from tests.dfcards.kit_b import alive, newest
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

GOLEM = "ESU003"


def _hand(st: DFState, *cards: str) -> list[str]:
    st.players[0]["hand"], st.players[0]["mana"] = list(cards), 10
    return codes(st)


@scenario("ESF003")
def esf003_arcane_circle_lets_golems_spawn_and_pays() -> None:
    """Golem units may spawn here. When a Golem unit is spawned here, collect 1 Mana. Giant."""
    st = board()
    cast(st, "ESF003", 5)
    assert fort_at(st, 5) is not None and fort_at(st, 6) is not None
    legal = _hand(st, GOLEM, FILLER)
    assert f"play:{GOLEM}:5" in legal and f"play:{GOLEM}:6" in legal
    assert f"play:{FILLER}:5" not in legal
    cast(st, GOLEM, 6)
    assert newest(st)["sp"] == [6] and st.players[0]["mana"] == 1


@scenario("SiF011")
def sif011_infiltration_tower_takes_stealth_and_shadows() -> None:
    """Non-GIANT ally units with STEALTH and ally Shadow units may be played on this space."""
    st = board()
    build(st, "SiF011", 0, 5)
    build(st, "SiF011", 1, 9)
    legal = _hand(st, "SiU015", "ToU011", FILLER)
    assert "play:SiU015:5" in legal and "play:ToU011:5:0" in legal
    assert f"play:{FILLER}:5" not in legal and "play:SiU015:9" not in legal
    cast(st, "SiU015", 5)
    assert newest(st)["sp"] == [5] and newest(st)["hidden"]


@scenario("StF009")
def stf009_war_drums_take_and_strengthen_units() -> None:
    """Non-GIANT, Non-Champion ally units may be played on this space. Units played here gain
    +1 Power."""
    st = board()
    build(st, "StF009", 0, 5)
    st.players[0]["champion"], st.players[0]["tokens"] = "StC001", 15
    legal = _hand(st, FILLER, "AeU021")
    assert f"play:{FILLER}:5" in legal and "play:AeU021:5" not in legal
    assert "play:StC001:5" not in legal and "play:StC001:0" in legal
    cast(st, FILLER, 5)
    u = newest(st)
    assert u["sp"] == [5] and stats(st, u) == (5, 5)


@scenario("ThU029")
def thu029_terra_whale_lands_on_a_fort_and_eats_it() -> None:
    """This unit must be deployed on a fort. SPAWN: Destroy fort in this space and gain Power and
    Health equal to fort's cost. (Any fort that is not a WALL and holds no unit.)"""
    st = board()
    build(st, "ThF003", 0, 5)
    enemy = build(st, "ThF003", 1, 9)
    build(st, "ToF005", 1, 10)
    build(st, "ThF003", 1, 11)
    put(st, FILLER, 1, 11)
    legal = [c for c in _hand(st, "ThU029") if c.startswith("play:ThU029")]
    assert sorted(legal) == ["play:ThU029:5", "play:ThU029:9"]
    cast(st, "ThU029", 9)
    whale = newest(st)
    assert whale["sp"] == [9] and not alive(st, enemy) and stats(st, whale) == (3, 3)


@scenario("ScU013")
def scu013_transport_drops_a_unit_and_goes_home() -> None:
    """Deploy a non-GIANT unit on this space, and put the Transport back into your hand."""
    st = board()
    t = put(st, "ScU013", 0, 4)
    legal = _hand(st, FILLER, "AeU021")
    assert f"play:{FILLER}:4" in legal and "play:AeU021:4" not in legal
    st.players[0]["hand"] = []
    cast(st, FILLER, 4)
    assert newest(st)["sp"] == [4] and not alive(st, t) and st.players[0]["hand"] == ["ScU013"]


@scenario("SiF007")
def sif007_fortress_garrison_pays_for_arrivals_or_for_the_hidden() -> None:
    """CHOOSE ONE: When an ally unit spawns in this lane, gain 2 Mana. -or- START OF TURN: Gain 1
    Mana for each ally under the effects of STEALTH."""
    st = board()
    cast(st, "SiF007", 5, mode=0)
    cast(st, FILLER, 1)
    assert st.players[0]["mana"] == 2
    cast(st, FILLER, 2)
    assert st.players[0]["mana"] == 0
    st = board(active=1)
    st.players[1]["hand"], st.players[1]["mana"] = ["SiF007"], 5
    do(st, Play("SiF007", "9", 1))
    put(st, "SiU015", 1, 12)
    put(st, "SiU015", 1, 8)
    put(st, FILLER, 1, 13)
    end(st, 2)
    assert st.players[1]["mana"] == 2 + 2  # income: 1 + the Mercenaries; +1 per hidden ally


@scenario("ThF008")
def thf008_hollow_camp_takes_hollows_and_is_home_ground() -> None:
    """You may spawn Hollow units in this space. This fort counts as Ally Territory. (Its space
    is its owner's territory wherever it stands, so the opponent's Enemy Territory.)"""
    st = board()
    build(st, "ThF008", 0, 9)
    legal = _hand(st, "ThU001", FILLER)
    assert "play:ThU001:9" in legal and f"play:{FILLER}:9" not in legal
    st.players[0]["hand"] = []
    cast(st, "ThU001", 9)
    assert newest(st)["sp"] == [9]
    trancer = "EcU007"  # Shade Trancers: +3 Power in Enemy Territory
    st = board()
    build(st, "ThF008", 0, 9)
    on_camp, beside = put(st, trancer, 0, 9), put(st, trancer, 0, 10)
    assert stats(st, on_camp) == (1, 2) and stats(st, beside) == (4, 2)
    st = board()
    build(st, "ThF008", 0, 9)
    foe = put(st, trancer, 1, 9)
    assert stats(st, foe) == (4, 2)
