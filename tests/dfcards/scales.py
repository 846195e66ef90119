"""Scenarios for the Scales cards, each written from the card's text."""

from __future__ import annotations

from tests.dfcards import scenario
from tests.dfcards.kit_b import act, alive, at, end, hp, newest, newest_fort, play, pw
from tests.dragonfront_helpers import FILLER, board, put

# pylint: disable=missing-function-docstring


@scenario("ScC001")
def scc001_bromell_adds_two_secure_walls():
    """ARMOR. SPAWN: Add 2 [0/5] walls to your hand."""
    st = board()
    play(st, "ScC001", 1)
    assert st.players[0]["hand"] == ["ToF005", "ToF005"]
    assert newest(st)["kw"].get("ARMOR") == 1


@scenario("ScC003")
def scc003_tower_of_argos_gives_allies_health():
    """UNION. SPAWN: Grant +2 Health to all ally units."""
    st = board()
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    play(st, "ScC003", 1)
    assert hp(st, a) == 7 and hp(st, e) == 5 and hp(st, newest(st)) == 6


@scenario("ScC005")
def scc005_bard_king_weakens_enemies_on_arrival_and_death():
    """SPAWN and DEATH: All enemy units lose 1 Power. COMMAND: All ally units have -1/+1"""
    st = board()
    st.players[0]["champion"] = "ScC005"
    a = put(st, FILLER, 0, 5)
    assert pw(st, a) == 3 and hp(st, a) == 6
    e = put(st, FILLER, 1, 9)
    play(st, "ScC005", 1)
    assert pw(st, e) == 3 and pw(st, a) == 4 and hp(st, a) == 5
    king = newest(st)
    play(st, "ScS012", at(st, king))
    play(st, "ScS012", at(st, king))
    assert not alive(st, king)
    assert pw(st, e) == 2


@scenario("ScF001")
def scf001_bunker_armors_its_occupant():
    """Occupying ally units have ARMOR."""
    st = board()
    play(st, "ScF001", 5)
    u = put(st, FILLER, 0, 5)
    assert _hit_by_filler(st, u) == 3
    st = board(active=1)
    play(st, "ScF001", 9)
    foe = put(st, FILLER, 0, 9)
    st.active = 1
    e = put(st, FILLER, 1, 13)
    act(st, e)
    assert hp(st, foe) == 1


@scenario("ScF005")
def scf005_rallying_tower_by_territory():
    """Ally units in this lane have +1 Health if in Ally Territory or +1 Power if in Enemy
    Territory."""
    st = board()
    play(st, "ScF005", 5)
    home = put(st, FILLER, 0, 1)
    away = put(st, FILLER, 0, 9)
    other = put(st, FILLER, 0, 2)
    foe = put(st, FILLER, 1, 13)
    assert (pw(st, home), hp(st, home)) == (4, 6)
    assert (pw(st, away), hp(st, away)) == (5, 5)
    assert (pw(st, other), hp(st, other)) == (4, 5)
    assert (pw(st, foe), hp(st, foe)) == (4, 5)


@scenario("ScF008")
def scf008_warden_barracks_adds_battalion_when_occupied():
    """END OF TURN: Add a 1/2 Warden to your hand if occupied by an ally unit."""
    st = board()
    play(st, "ScF008", 5)
    foe = put(st, FILLER, 1, 5)
    end(st)
    assert "ScU003" not in st.players[0]["hand"]
    end(st)
    st.units.remove(foe)
    put(st, FILLER, 0, 5)
    end(st)
    assert st.players[0]["hand"].count("ScU003") == 1


@scenario("ScF009")
def scf009_command_hq_gives_two_mana_at_start():
    """START OF TURN: Gain 2 Mana."""
    st = board()
    play(st, "ScF009", 5, mana=4)
    end(st)
    end(st)
    assert st.players[0]["mana"] == 1 + 2


@scenario("ScF012")
def scf012_targeting_platform_row_power():
    """Grant ally units in this row +1 POWER."""
    st = board()
    play(st, "ScF012", 5)
    a = put(st, FILLER, 0, 4)
    b = put(st, FILLER, 0, 9)
    e = put(st, FILLER, 1, 6)
    assert (pw(st, a), pw(st, b), pw(st, e)) == (5, 4, 4)


@scenario("ScS008")
def scs008_conscription_copies_an_ally():
    """Add a copy of an ally non-Champion unit in play to your hand."""
    st = board()
    u = put(st, "ScU015", 0, 1)
    play(st, "ScS008", at(st, u))
    assert st.players[0]["hand"] == ["ScU015"]


@scenario("ScS009")
def scs009_resource_gathering_mana_each_turn():
    """Grant an ally unit START OF TURN: Gain 1 Mana."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ScS009", at(st, u), mana=2)
    end(st)
    end(st)
    assert st.players[0]["mana"] == 1 + 1


@scenario("ScS010")
def scs010_gear_up():
    """Grant +2 Health to an ally unit."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ScS010", at(st, u))
    assert (pw(st, u), hp(st, u)) == (4, 7)


@scenario("ScS012")
def scs012_calculated_strike():
    """Deal 3 damage to a unit."""
    st = board()
    u = put(st, FILLER, 1, 9)
    play(st, "ScS012", at(st, u))
    assert hp(st, u) == 2


@scenario("ScS016")
def scs016_revitalize():
    """HEAL your Stronghold for 3. Grant +1 Health to all ally units."""
    st = board()
    st.players[0]["sh"] = 10
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    play(st, "ScS016")
    assert st.players[0]["sh"] == 13 and hp(st, a) == 6 and hp(st, e) == 5


@scenario("ScS020")
def scs020_bulwark():
    """Grant ARMOR to an ally unit."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ScS020", at(st, u))
    assert _hit_by_filler(st, u) == 3


@scenario("ScU003")
def scu003_warden_battalion():
    """N/A"""
    st = board()
    play(st, "ScU003", 0)
    u = newest(st)
    assert (pw(st, u), hp(st, u), u["sp"]) == (1, 2, [0])


def _hit_by_filler(st, u) -> int:
    """An enemy Madcap Mercenaries (4 power) attacks `u` from the space ahead; returns the loss
    (ARMOR ignores one point of each combat attack, not spell damage)."""
    st.active = 1
    full = hp(st, u)
    e = put(st, FILLER, 1, u["sp"][0] + 4)
    act(st, e)
    return full - hp(st, u)


def _armored(card: str, space: int = 4) -> None:
    st = board()
    play(st, card, 0)
    u = newest(st)
    u["sp"] = [space + i for i in range(len(u["sp"]))]
    assert _hit_by_filler(st, u) == 3


@scenario("ScU004")
def scu004_brash_dwarves_armor():
    """ARMOR."""
    st = board()
    play(st, "ScU004", 0)
    u = newest(st)
    u["sp"] = [4]
    st.active = 1
    e = put(st, "ScU003", 1, 8)
    act(st, e)
    assert alive(st, u) and hp(st, u) == 1


@scenario("ScU005")
def scu005_warden_command_buffs_other_wardens():
    """Other ally Wardens have +1/+1 while this unit is in play."""
    st = board()
    w = put(st, "ScU003", 0, 5)
    f = put(st, FILLER, 0, 6)
    play(st, "ScU005", 0)
    me = newest(st)
    assert (pw(st, w), hp(st, w)) == (2, 3)
    assert (pw(st, f), hp(st, f)) == (4, 5)
    assert (pw(st, me), hp(st, me)) == (1, 2)


@scenario("ScU010")
def scu010_field_medics_heal_row():
    """END OF TURN: HEAL other ally units in the same row for 2."""
    st = board()
    a = put(st, FILLER, 0, 1)
    b = put(st, FILLER, 0, 5)
    a["dmg"] = b["dmg"] = 3
    play(st, "ScU010", 0)
    me = newest(st)
    me["dmg"] = 1
    end(st)
    assert hp(st, a) == 4 and hp(st, b) == 2 and hp(st, me) == 1


@scenario("ScU011")
def scu011_warden_artillery_catapult():
    """CATAPULT."""
    st = board()
    u = put(st, "ScU011", 0, 0)
    e = put(st, FILLER, 1, 12)
    act(st, u)
    assert hp(st, e) == 3


@scenario("ScU012")
def scu012_warden_lancer_charges():
    """SPRINT. This unit has +2 Power if it moved before attacking."""
    st = board()
    u = put(st, "ScU012", 0, 0)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert u["sp"] == [4] and not alive(st, e)


@scenario("ScU014")
def scu014_warden_sentinel_draws_when_it_survives():
    """SURVIVOR: DRAW 1."""
    st = board()
    u = put(st, "ScU014", 0, 5)
    play(st, "SiS008", at(st, u), mode=0)
    assert alive(st, u) and st.players[0]["hand"] == [FILLER]


@scenario("ScU015")
def scu015_dwarven_phalanx_armor():
    """ARMOR."""
    _armored("ScU015")


@scenario("ScU016")
def scu016_war_cleric_heals_fully():
    """END OF TURN: HEAL all damage on this unit."""
    st = board()
    play(st, "ScU016", 0)
    u = newest(st)
    play(st, "SiS008", at(st, u), mode=0)
    assert hp(st, u) == 1
    end(st)
    assert hp(st, u) == 3


@scenario("ScU021")
def scu021_propjets_fly_and_shoot():
    """FLIGHT. RANGE."""
    st = board()
    u = put(st, "ScU021", 0, 0)
    e = put(st, FILLER, 1, 8)
    assert u["kw"].get("FLIGHT") == 1
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 2


@scenario("ScU022")
def scu022_dropship_leaves_supply_drop():
    """FLIGHT. DEATH: Add 1 [+1/+1] Supply Drop spells to your hand."""
    st = board()
    u = put(st, "ScU022", 0, 5)
    u["dmg"] = 3
    play(st, "ScS012", at(st, u))
    assert not alive(st, u) and st.players[0]["hand"] == ["ToS003"]


@scenario("ScU023")
def scu023_assault_mecha():
    """SPRINT. ARMOR."""
    _armored("ScU023")
    st = board()
    u = put(st, "ScU023", 0, 0)
    act(st, u)
    assert u["sp"] == [8]


@scenario("ScU025")
def scu025_short_stack_catapult_armor():
    """CATAPULT. ARMOR."""
    _armored("ScU025")
    st = board()
    u = put(st, "ScU025", 0, 0)
    e = put(st, FILLER, 1, 12)
    act(st, u)
    assert hp(st, e) == 2


@scenario("ScU027")
def scu027_fat_stack_giant_armor():
    """ARMOR."""
    st = board()
    play(st, "ScU027", 0)
    u = newest(st)
    assert u["sp"] == [0, 1]
    u["sp"] = [4, 5]
    assert _hit_by_filler(st, u) == 3


@scenario("ScU028")
def scu028_five_star_general_discounts_units():
    """Your other non-Champion units cost [1] less Mana while this unit is in play."""
    st = board()
    put(st, "ScU028", 0, 5)
    play(st, "ScU015", 0, mana=5)
    assert st.players[0]["mana"] == 3
    play(st, "ScS010", at(st, newest(st)), mana=5)
    assert st.players[0]["mana"] == 3


@scenario("ToF005")
def tof005_secure_wall():
    """WALL."""
    st = board()
    play(st, "ToF005", 5)
    f = newest_fort(st)
    e = put(st, FILLER, 1, 9)
    end(st)
    act(st, e)
    assert e["sp"] == [9] and hp(st, f) == 1


@scenario("ToS003")
def tos003_supply_drop():
    """Grant an ally unit +1/+1."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ToS003", at(st, u))
    assert (pw(st, u), hp(st, u)) == (5, 6)
