"""Scenarios for the cards of Essence, Scales, Silence, Strife, Thorns and Unaligned that watch
the board (spells cast, enemies acting, damage in a lane, kills, income) or change stats and
rules while they stand, each written from the card's text."""

from __future__ import annotations

from games.dragonfront.context import Ctx
from games.dragonfront.damage import resolve_deaths
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, stats
from tests.dfcards.kit_b import act, alive, newest, pw
from tests.dragonfront_helpers import FILLER, board, build, codes, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
FLYER = "ThU016"  # Hollow Steamwing, 3/3 FLIGHT
DAGGER = "ToS001"  # Mana Dagger: 1 damage to a unit


@scenario("SiC005")
def sic005_august_sultan_answers_enemy_spells_while_waiting() -> None:
    """RANGE. COMMAND: When the opponent plays a spell, add a [2/3] Brave Soul to your hand."""
    st = board()
    st.players[1]["champion"] = "SiC005"
    u = put(st, FILLER, 0, 4)
    cast(st, DAGGER, on(u))
    assert st.players[1]["hand"] == ["ToU013"]
    end(st)
    hand = list(st.players[1]["hand"])
    cast(st, DAGGER, on(u))
    assert st.players[1]["hand"] == hand
    st = board()
    sultan = put(st, "SiC005", 1, 13)
    cast(st, DAGGER, on(put(st, FILLER, 0, 4)))
    assert st.players[1]["hand"] == [] and has(st, sultan, "RANGE")


@scenario("ThU018")
def thu018_druid_spellthrower_grows_on_ally_spells() -> None:
    """Gain 1 Power each time an ally spell is played."""
    st = board()
    d = put(st, "ThU018", 0, 0)
    cast(st, DAGGER, on(put(st, FILLER, 1, 8)))
    assert pw(st, d) == 4
    end(st)
    cast(st, DAGGER, on(d))
    assert pw(st, d) == 4


@scenario("ScF004")
def scf004_anti_aircraft_guns_hit_flyers_that_act() -> None:
    """SPAWN: DRAW 1. Enemy units with FLIGHT are dealt 1 damage when they take an action."""
    st = board()
    cast(st, "ScF004", 5)
    assert st.players[0]["hand"] == [FILLER]
    end(st)
    flyer, walker = put(st, FLYER, 1, 12), put(st, FILLER, 1, 15)
    act(st, flyer)
    act(st, walker)
    assert flyer["dmg"] == 1 and walker["dmg"] == 0


@scenario("ThF009")
def thf009_field_of_thorns_pricks_ground_units_acting_in_its_lane() -> None:
    """Deal 1 damage to non-FLIGHT enemy units that activate in this lane."""
    st = board(active=1)
    build(st, "ThF009", 0, 5)
    lane, other, flyer = put(st, FILLER, 1, 9), put(st, FILLER, 1, 10), put(st, FLYER, 1, 13)
    for u in (lane, other, flyer):
        act(st, u)
    assert (lane["dmg"], other["dmg"], flyer["dmg"]) == (1, 0, 0)


@scenario("StF004")
def stf004_burn_temple_banks_a_token_per_hurt_unit_in_its_lane() -> None:
    """Gain 1 Champion Token any time a unit in this lane takes damage."""
    st = board()
    build(st, "StF004", 0, 5)
    cast(st, DAGGER, on(put(st, FILLER, 1, 9)))
    assert st.players[0]["tokens"] == 1
    cast(st, DAGGER, on(put(st, FILLER, 1, 10)))
    assert st.players[0]["tokens"] == 1


@scenario("SiC001")
def sic001_amon_dusk_hides_allies_that_kill() -> None:
    """STEALTH. All ally units gain EXECUTE: STEALTH."""
    st = board()
    amon = put(st, "SiC001", 0, 0)
    a = put(st, FILLER, 0, 5)
    e = put(st, WEAK, 1, 9)
    act(st, a)
    assert not alive(st, e) and a["hidden"] and has(st, a, "STEALTH") and amon["hidden"]
    st = board()
    a = put(st, FILLER, 0, 5)
    put(st, WEAK, 1, 9)
    act(st, a)
    assert not a["hidden"]


@scenario("ESF006")
def esf006_ether_stream_tap_shares_the_enemys_income_in_its_lane() -> None:
    """Each time an enemy unit generates mana in this lane, gain 1 Mana."""
    st = board()
    build(st, "ESF006", 0, 5)
    put(st, FILLER, 1, 13)
    put(st, FILLER, 1, 14)
    end(st)
    assert st.players[0]["mana"] == 1 and st.players[1]["mana"] == 3
    st = board()
    build(st, "ESF006", 0, 5)
    put(st, "SiU015", 1, 13)  # hidden: it earns nothing
    end(st)
    assert st.players[0]["mana"] == 0


@scenario("StF011")
def stf011_wall_of_fire_burns_adjacent_attackers() -> None:
    """WALL. Deal 1 damage to enemy units attacking this fort from an adjacent space."""
    st = board(active=1)
    wall = build(st, "StF011", 0, 5)
    near = put(st, FILLER, 1, 9)
    act(st, near)
    assert near["dmg"] == 1 and wall not in st.forts
    st = board(active=1)
    wall = build(st, "StF011", 0, 5)
    far = put(st, "StU021", 1, 13)  # Slag Chaingunner: RANGE
    act(st, far)
    assert far["dmg"] == 0 and wall["dmg"] == 4


@scenario("ScF010")
def scf010_machine_gun_nest_stops_attacks_after_moving_in_its_row() -> None:
    """If this fort is occupied by an ally unit, enemy units cannot attack if they moved in this
    row."""
    st = board(active=1)
    build(st, "ScF010", 0, 5)
    put(st, FILLER, 0, 5)
    target = put(st, FILLER, 0, 2)
    e = put(st, FILLER, 1, 10)
    act(st, e)
    assert e["sp"] == [6] and target["dmg"] == 0
    st = board(active=1)
    build(st, "ScF010", 0, 5)
    target = put(st, FILLER, 0, 2)
    e = put(st, FILLER, 1, 10)
    act(st, e)
    assert e["sp"] == [6] and target["dmg"] == 4


@scenario("SiF014")
def sif014_accelerator_makes_enemy_poison_hurt_more() -> None:
    """Enemy units are dealt an additional 1 damage from the effects of POISONED."""
    st = board()
    build(st, "SiF014", 0, 5)
    foe, mine = put(st, FILLER, 1, 13), put(st, FILLER, 0, 0)
    foe["poison"] = mine["poison"] = True
    end(st)
    assert foe["dmg"] == 2
    end(st)
    assert mine["dmg"] == 1


@scenario("StF010")
def stf010_inferno_totem_turns_spell_damage_into_healing() -> None:
    """Any damage from spells or forts taken by ally units occupying this fort HEAL those units
    instead. (Poison and combat still hurt.)"""
    st = board()
    build(st, "StF010", 0, 5)
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 3
    cast(st, DAGGER, on(u))
    assert u["dmg"] == 2
    off = put(st, FILLER, 0, 6)
    cast(st, DAGGER, on(off))
    assert off["dmg"] == 1
    u["poison"] = True
    end(st, 2)
    assert u["dmg"] == 3


@scenario("SiF008")
def sif008_nightfall_generator_grounds_range_and_catapult() -> None:
    """While this Fort is in play, RANGE and CATAPULT traits are ignored."""
    st = board()
    build(st, "SiF008", 1, 10)
    archer, cat = put(st, "ThU014", 0, 0), put(st, "ScU011", 0, 1)
    put(st, FILLER, 1, 8)
    put(st, FILLER, 1, 13)
    assert not has(st, archer, "RANGE") and not has(st, cat, "CATAPULT")
    act(st, archer)
    act(st, cat)
    assert archer["sp"] == [4] and cat["sp"] == [5] and not cat["stun"]


@scenario("ThU011")
def thu011_hollow_pathfinders_let_hollows_rush() -> None:
    """RUSH. Grant all ally Hollow units RUSH."""
    st = board()
    cast(st, "ThU011", 0)
    path = newest(st)
    cast(st, "ThU001", 1)
    ranger = newest(st)
    cast(st, FILLER, 2)
    other = newest(st)
    legal = codes(st)
    assert f"act:{path['id']}" in legal and f"act:{ranger['id']}" in legal
    assert f"act:{other['id']}" not in legal


@scenario("StU005")
def stu005_fire_heralds_answer_a_champion() -> None:
    """While any Champion is in play, this unit has BREACH and +2/+2."""
    st = board()
    st.players[0]["hand"], st.players[0]["mana"] = ["StU005"], 10
    assert "play:StU005:5" not in codes(st)
    h = put(st, "StU005", 0, 0)
    assert stats(st, h) == (1, 1) and not has(st, h, "BREACH")
    put(st, "SiC002", 1, 13)
    assert "play:StU005:5" in codes(st) and "play:StU005:13" not in codes(st)
    assert stats(st, h) == (3, 3) and has(st, h, "BREACH")


@scenario("StC004")
def stc004_tor_gives_slags_strength_and_breach() -> None:
    """BREACH. Grant ally Slags +1/+1 and BREACH. (The other Slags, in play and in hand.)"""
    st = board()
    st.players[0]["hand"], st.players[0]["mana"] = ["StU010"], 10
    assert "play:StU010:5" not in codes(st)
    tor = put(st, "StC004", 0, 0)
    slag, other = put(st, "StU001", 0, 1), put(st, FILLER, 0, 2)
    assert stats(st, slag) == (2, 2) and has(st, slag, "BREACH") and stats(st, tor) == (5, 5)
    assert stats(st, other) == (4, 5) and "play:StU010:5" in codes(st)


@scenario("ThC005")
def thc005_master_of_the_hunt_grows_while_waiting() -> None:
    """RUSH. While this unit is in play, other allies gain +1/+1 in Enemy Territory. COMMAND:
    This unit gains +1/+1 every time an ally enters Enemy Territory."""
    st = board()
    st.players[0]["champion"] = "ThC005"
    a = put(st, FILLER, 0, 4)
    act(st, a)
    assert a["sp"] == [8] and stats(st, a) == (4, 5)
    cast(st, "ThC005", 0)
    master = newest(st)
    assert stats(st, master) == (4, 4) and f"act:{master['id']}" in codes(st)
    assert stats(st, a) == (5, 6)


@scenario("ThF012")
def thf012_rainbow_mists_make_enemies_on_it_weak() -> None:
    """Enemy units' Power is 1 while occupied. (An enemy unit standing on it has Power 1.)"""
    st = board()
    cast(st, "ThF012", 5)
    on_it, beside, mine = put(st, FILLER, 1, 6), put(st, FILLER, 1, 7), put(st, FILLER, 0, 5)
    assert (pw(st, on_it), pw(st, beside), pw(st, mine)) == (1, 4, 4)


@scenario("ScF003")
def scf003_communications_outpost_counts_the_lane() -> None:
    """Ally units in this lane have +1 Power for each other ally unit in this lane."""
    st = board()
    build(st, "ScF003", 0, 5)
    lane = [put(st, FILLER, 0, s) for s in (1, 5, 9)]
    off = put(st, FILLER, 0, 2)
    put(st, FILLER, 1, 13)
    assert [pw(st, u) for u in lane] == [6, 6, 6] and pw(st, off) == 4


@scenario("ESC002")
def esc002_primordial_force_grows_with_golems_and_comes_back() -> None:
    """Gains +1/+1 for each ally Golem in play. DEATH: Return to your Stronghold. (The other
    ally Golems count.)"""
    st = board()
    force = put(st, "ESC002", 0, 4)
    put(st, "ESU003", 0, 1)
    put(st, "ESU003", 0, 2)
    put(st, "ESU003", 1, 14)
    assert stats(st, force) == (6, 6)
    force["dmg"] = 6
    resolve_deaths(st, Ctx(owner=0))
    assert not alive(st, force) and st.players[0]["champion"] == "ESC002"


@scenario("ThU006")
def thu006_shadows_of_the_forest_are_worth_more_at_home() -> None:
    """This unit has +2 Mana Fragments while in Ally Territory."""
    for space, mana in ((4, 3), (8, 1)):
        st = board()
        u = put(st, "ThU006", 0, space)
        cast(st, "StS015", on(u))  # Blaze of Glory: destroyed at the turn's end
        end(st)
        assert not alive(st, u) and st.players[0]["mana"] == mana, space
