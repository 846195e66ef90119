"""Scenarios for units, forts and champions of Essence, Scales, Silence, Strife, Thorns and
Unaligned encoded in `tools.dragonfront.encodings_more`, each written from the card's text."""

from __future__ import annotations

from games.dragonfront.board import fort_at
from games.dragonfront.stats import has
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, stats
from tests.dfcards.kit_b import act, alive, newest
from tests.dragonfront_helpers import FILLER, board, build, codes, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
SCORCHED = "StF003"


@scenario("ScC002")
def scc002_bird_of_prey_runs_the_turn_abilities() -> None:
    """FLIGHT. RANGE. SPAWN: Trigger all ally START OF TURN and END OF TURN effects."""
    st = board()
    build(st, "ThF003", 0, 4)  # Mana Fount: START OF TURN +1 Mana
    build(st, SCORCHED, 0, 6)  # END OF TURN: 1 damage to the unit on it
    e = put(st, FILLER, 1, 6)
    cast(st, "ScC002", 0)
    bird = newest(st)
    assert st.players[0]["mana"] == 1 and e["dmg"] == 1
    assert has(st, bird, "FLIGHT") and has(st, bird, "RANGE")


@scenario("ScC004")
def scc004_big_bertha_fires_through_stun() -> None:
    """CATAPULT. This unit's catapult attack is immune to STUN. (Firing does not stun it, and a
    STUN does not stop it from firing.)"""
    st = board()
    b = put(st, "ScC004", 0, 0)
    e = put(st, FILLER, 1, 12)
    e["hp"] = 20
    act(st, b)
    assert b["sp"] == [0] and e["dmg"] == 5 and not b["stun"]
    b["acted"], b["stun"] = False, 1
    assert f"act:{b['id']}" in codes(st)


@scenario("ScU019")
def scu019_merc_platoon_calls_a_mercenary() -> None:
    """UNION. SPAWN: Deploy a 1/1 Mercenary in a random space in your spawn row. (The 1/1
    Mercenary is Merc Opportunists.)"""
    st = board()
    put(st, FILLER, 0, 1)
    put(st, FILLER, 0, 2)
    cast(st, "ScU019", 0)
    merc = newest(st)
    platoon = next(u for u in st.units if u["card"] == "ScU019")
    assert merc["card"] == "ScU001" and merc["sp"] == [3] and merc["owner"] == 0
    assert stats(st, platoon) == (3 + 3, 3)  # UNION: three other allies in its row


@scenario("ScU020")
def scu020_warden_veteran_refreshes_the_wardens() -> None:
    """ARMOR. SPAWN: Ally Wardens are refreshed."""
    st = board()
    warden, other = put(st, WEAK, 0, 4), put(st, FILLER, 0, 5)
    warden["acted"] = other["acted"] = True
    cast(st, "ScU020", 0)
    assert not warden["acted"] and other["acted"] and has(st, newest(st), "ARMOR")


@scenario("SiF003")
def sif003_listening_post_copies_from_the_enemy_deck() -> None:
    """TRAP: Gain a copy of a random card from the opponent's deck."""
    st = board(active=1)
    build(st, "SiF003", 0, 5)
    st.players[1]["deck"] = ["ThU001"] * 3
    e = put(st, FILLER, 1, 9)
    act(st, e)
    assert e["sp"] == [5] and st.players[0]["hand"] == ["ThU001"]
    assert len(st.players[1]["deck"]) == 3


@scenario("SiF006")
def sif006_stinger_mine_stings_then_goes() -> None:
    """STEALTH. TRAP: Deal 1 damage to unit, and 2 random damage to enemy units. Then destroy
    this fort."""
    st = board(active=1)
    f = build(st, "SiF006", 0, 5)
    e, other = put(st, FILLER, 1, 9), put(st, FILLER, 1, 15)
    mine = put(st, FILLER, 0, 0)
    act(st, e)
    assert e["dmg"] >= 1 and e["dmg"] + other["dmg"] == 3 and mine["dmg"] == 0
    assert f not in st.forts


@scenario("SiF009")
def sif009_dampening_field_hushes_and_may_destroy() -> None:
    """TRAP: HUSH. When this fort applies HUSHED to a unit there is a 50% chance it will be
    destroyed."""
    fates = set()
    for seed in range(16):
        st = board(active=1)
        st.rng = Rng(seed)
        build(st, "SiF009", 0, 5)
        e = put(st, "StU001", 1, 9)  # Slag Forerunners: SPRINT
        act(st, e)
        if alive(st, e):
            assert e["kw"] == {} and not has(st, e, "SPRINT")
        fates.add(alive(st, e))
    assert fates == {True, False}


@scenario("SiU015")
def siu015_netherworld_prowlers_pay_when_found() -> None:
    """STEALTH. When this unit is revealed gain 1 Mana."""
    st = board()
    p = put(st, "SiU015", 1, 8)
    p["hp"] = 20
    a = put(st, FILLER, 0, 4)
    assert p["hidden"]
    act(st, a)
    assert not p["hidden"] and st.players[1]["mana"] == 1


@scenario("StC002")
def stc002_rynoxxys_scorches_every_fort() -> None:
    """FLIGHT. SPAWN: Destroy all forts and replace them with Scorched Lands."""
    st = board()
    build(st, "ThF003", 1, 9)
    build(st, "ThF003", 0, 5)
    cast(st, "StC002", 0)
    assert {(f["sp"], f["card"], f["owner"]) for f in st.forts} == \
        {(9, SCORCHED, 0), (5, SCORCHED, 0)}
    assert has(st, newest(st), "FLIGHT")


@scenario("StF002")
def stf002_secret_door_sends_its_occupant_to_another_fort() -> None:
    """START OF TURN: Occupying Non-GIANT units are randomly teleported to an open Fort."""
    st = board(active=1)
    build(st, "StF002", 0, 5)
    build(st, "ThF003", 1, 10)
    u = put(st, FILLER, 0, 5)
    end(st)
    assert u["sp"] == [10]


@scenario("ThF002")
def thf002_hidden_path_pays_the_occupants_owner() -> None:
    """START OF TURN: If occupied, the unit's owner gains 1 Mana."""
    st = board(active=1)
    build(st, "ThF002", 0, 5)
    put(st, FILLER, 1, 5)
    end(st)
    assert st.players[1]["mana"] == 1 and st.players[0]["mana"] == 1  # seat 0: income only
    st = board(active=1)
    build(st, "ThF002", 0, 5)
    end(st)
    assert st.players[1]["mana"] == 0


@scenario("ThU025")
def thu025_rainforest_defender_is_immune_on_its_first_turn() -> None:
    """REGEN 1. RUSH. Immune to damage on the turn this unit is deployed."""
    st = board()
    e = put(st, FILLER, 1, 4)
    e["hp"] = 20
    cast(st, "ThU025", 0)
    d = newest(st)
    act(st, d)
    assert e["dmg"] == 4 and d["dmg"] == 0
    cast(st, "ToS001", on(d))  # Mana Dagger: 1 damage
    assert d["dmg"] == 0
    end(st)
    e["acted"] = False
    act(st, e)
    assert d["dmg"] == 4 and has(st, d, "REGEN")


@scenario("ESF010")
def esf010_brilliant_lighthouse_reveals_and_lets_shift() -> None:
    """START OF TURN: While occupied by an ally unit, reveal all enemy units with STEALTH.
    Occupying non-Giant ally units have SHIFT."""
    st = board(active=1)
    build(st, "ESF010", 0, 5)
    u = put(st, FILLER, 0, 5)
    sneak = put(st, "SiU015", 1, 10)
    assert has(st, u, "SHIFT") and sneak["hidden"]
    end(st)
    assert not sneak["hidden"]
    st = board(active=1)
    build(st, "ESF010", 0, 5)
    sneak = put(st, "SiU015", 1, 10)
    end(st)
    assert sneak["hidden"] and fort_at(st, 5) is not None
    st = board()
    build(st, "ESF010", 0, 5)
    giant = put(st, "AeU021", 0, 5, 6)
    assert not has(st, giant, "SHIFT")
