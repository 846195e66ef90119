"""Scenarios for the Strife cards, each written from the card's text."""

from __future__ import annotations

from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit_b import (
    act,
    alive,
    at,
    berserk,
    breach,
    deathblow,
    end,
    hp,
    newest,
    play,
    pw,
    sprints,
)
from tests.dragonfront_helpers import FILLER, board, put


@scenario("StC001")
def stc001_cradle_gives_allies_deathblow():
    """DEATHBLOW. Ally units have DEATHBLOW while this Champion is in play."""
    deathblow("StC001")
    st = board()
    put(st, "StC001", 0, 1)
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    assert has(st, a, "DEATHBLOW") and not has(st, e, "DEATHBLOW")


@scenario("StC003")
def stc003_gaazer_grows_against_enemy_champion():
    """FLIGHT. If the enemy Champion is in play, gain +3/+3."""
    st = board()
    g = put(st, "StC003", 0, 0, 1)
    assert (pw(st, g), hp(st, g)) == (4, 5) and has(st, g, "FLIGHT")
    put(st, "SiC002", 1, 13)
    assert (pw(st, g), hp(st, g)) == (7, 8)


@scenario("StC005")
def stc005_last_calamity():
    """Whenever the enemy Stronghold is damaged, gain +1 Power. END OF TURN: Deal 1 damage to
    both Strongholds."""
    st = board()
    c = put(st, "StC005", 0, 1)
    play(st, "SiS008", "-", mode=1)
    assert pw(st, c) == 4
    end(st)
    assert st.players[0]["sh"] == 14 and st.players[1]["sh"] == 12 and pw(st, c) == 5
    st = board()
    put(st, "StC005", 0, 1)
    st.players[0]["sh"] = st.players[1]["sh"] = 1
    end(st)
    assert st.result is not None and st.result["winners"] == []


@scenario("StF001")
def stf001_zip_line_sprint_lane():
    """Ally non-GIANT units in this lane have SPRINT."""
    st = board()
    play(st, "StF001", 5)
    a = put(st, FILLER, 0, 1)
    b = put(st, FILLER, 0, 2)
    g = put(st, "StU030", 0, 0, 1)
    e = put(st, FILLER, 1, 13)
    assert has(st, a, "SPRINT") and not has(st, b, "SPRINT")
    assert not has(st, g, "SPRINT") and not has(st, e, "SPRINT")


@scenario("StF005")
def stf005_war_refinery_draws_on_occupant_death():
    """DRAW 1 whenever the unit occupying this fort dies."""
    st = board()
    play(st, "StF005", 5)
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 3
    play(st, "StS017", at(st, u))
    assert not alive(st, u) and st.players[0]["hand"] == [FILLER]


@scenario("StF006")
def stf006_bloodline_glyph_mana_on_stronghold_hits():
    """Gain 1 Mana when either Stronghold is damaged."""
    st = board()
    play(st, "StF006", 5, mana=5)
    assert st.players[0]["mana"] == 3
    play(st, "SiS008", "-", mode=1, mana=2)
    assert st.players[0]["mana"] == 1
    st.active = 1
    u = put(st, FILLER, 1, 0)
    act(st, u)
    assert st.players[0]["sh"] == 11 and st.players[0]["mana"] == 2


@scenario("StF008")
def stf008_siege_tower_health_for_non_flyers():
    """Non-FLIGHT ally units in this space have +3 health."""
    st = board()
    play(st, "StF008", 5)
    u = put(st, FILLER, 0, 5)
    assert hp(st, u) == 8
    st.units.remove(u)
    f = put(st, "SiU007", 0, 5)
    assert hp(st, f) == 2
    st.units.remove(f)
    e = put(st, FILLER, 1, 5)
    assert hp(st, e) == 5


@scenario("StS002")
def sts002_counterattack_fills_spawn_row():
    """If an enemy unit is in Ally Territory, fill your spawn row with 2/2 Slags."""
    st = board()
    put(st, FILLER, 1, 5)
    put(st, FILLER, 0, 2)
    play(st, "StS002")
    slags = sorted(u["sp"][0] for u in st.units if u["card"] == "ToU010")
    assert slags == [0, 1, 3]
    st = board()
    put(st, FILLER, 1, 9)
    play(st, "StS002")
    assert not [u for u in st.units if u["card"] == "ToU010"]


@scenario("StS003")
def sts003_deadly_focus():
    """Grant a unit +1 Power and DEATHBLOW."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "StS003", at(st, u))
    assert pw(st, u) == 5 and has(st, u, "DEATHBLOW")


@scenario("StS004")
def sts004_purifying_fire():
    """HEAL ally unit for 1. If it is still damaged, grant it +2 Power."""
    st = board()
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 2
    play(st, "StS004", at(st, u))
    assert hp(st, u) == 4 and pw(st, u) == 6
    v = put(st, FILLER, 0, 6)
    v["dmg"] = 1
    play(st, "StS004", at(st, v))
    assert hp(st, v) == 5 and pw(st, v) == 4


@scenario("StS005")
def sts005_scarification():
    """Deal 2 damage to a unit. If it is a Slag, grant it +2 Health instead."""
    st = board()
    e = put(st, FILLER, 1, 9)
    s = put(st, "ToU010", 0, 5)
    play(st, "StS005", at(st, e))
    play(st, "StS005", at(st, s))
    assert hp(st, e) == 3 and hp(st, s) == 4


@scenario("StS010")
def sts010_unyielding_rage():
    """Grant a unit BERSERK."""
    st = board()
    u = put(st, FILLER, 0, 1)
    play(st, "StS010", at(st, u))
    a = put(st, FILLER, 1, 4)
    act(st, u)
    assert u["sp"] == [5] and hp(st, a) == 4


@scenario("StS017")
def sts017_chain_lightning():
    """Deal 3 damage to a unit and 2 damange to the enemy Stronghold."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "StS017", at(st, e))
    assert hp(st, e) == 2 and st.players[1]["sh"] == 13


@scenario("StS018")
def sts018_riot():
    """Grant all ally units +2 Power until the end of the turn."""
    st = board()
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    play(st, "StS018")
    assert pw(st, a) == 6 and pw(st, e) == 4
    end(st)
    assert pw(st, a) == 4


@scenario("StS019")
def sts019_volcanic_eruption():
    """Deal 1 damage to all enemy units."""
    st = board()
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    f = put(st, FILLER, 1, 14)
    play(st, "StS019")
    assert hp(st, a) == 5 and hp(st, e) == 4 and hp(st, f) == 4


@scenario("StU006")
def stu006_catapulted_goblins_breach():
    """BREACH."""
    breach("StU006")


@scenario("StU008")
def stu008_feralborne():
    """BREACH. DEATHBLOW."""
    breach("StU008")
    deathblow("StU008")


@scenario("StU010")
def stu010_slag_mekmaniacs_berserk():
    """BERSERK."""
    berserk("StU010")


@scenario("StU012")
def stu012_harbinger_of_the_dragon():
    """CHOOSE ONE: SPAWN: Gain 3 Champion Tokens -or- SPAWN: DRAW 1."""
    st = board()
    play(st, "StU012", 0, mode=0)
    assert st.players[0]["tokens"] == 3 and st.players[0]["hand"] == []
    play(st, "StU012", 1, mode=1)
    assert st.players[0]["tokens"] == 3 and st.players[0]["hand"] == [FILLER]


@scenario("StU013")
def stu013_war_cultist_mana_per_damage():
    """BERSERK. Gain 1 Mana for each point of damage inflicted."""
    berserk("StU013")
    st = board()
    u = put(st, "StU013", 0, 4)
    e = put(st, FILLER, 1, 8)
    e["pw"] = 0
    act(st, u)
    assert st.players[0]["mana"] == 2


@scenario("StU017")
def stu017_bloodraged_minotaur():
    """BREACH. BERSERK. SPAWN: Deal 1 damage to adjacent units."""
    breach("StU017")
    berserk("StU017")
    st = board()
    a = put(st, FILLER, 1, 9)
    b = put(st, FILLER, 0, 4)
    c = put(st, FILLER, 1, 10)
    play(st, "StU017", 5)
    assert hp(st, a) == 4 and hp(st, b) == 4 and hp(st, c) == 5


@scenario("StU018")
def stu018_drake_scavengers():
    """FLIGHT. When any enemy unit dies this unit gains +1 Power."""
    st = board()
    me = put(st, "StU018", 0, 1)
    e = put(st, "ToU010", 1, 9)
    a = put(st, "ToU010", 0, 5)
    play(st, "StS017", at(st, a))
    assert pw(st, me) == 2
    play(st, "StS017", at(st, e))
    assert pw(st, me) == 3 and has(st, me, "FLIGHT")


@scenario("StU021")
def stu021_slag_chaingunner_range():
    """RANGE."""
    st = board()
    u = put(st, "StU021", 0, 0)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 1 and hp(st, u) == 2


@scenario("StU023")
def stu023_slag_warmonger():
    """SURVIVOR: Add a 2/2 Slag to your hand."""
    st = board()
    u = put(st, "StU023", 0, 5)
    play(st, "SiS008", at(st, u), mode=0)
    assert st.players[0]["hand"] == ["ToU010"]


@scenario("StU025")
def stu025_doom_tank_recoil():
    """RANGE. If this unit attacks at range, it is dealt 1 damage after its action is
    complete."""
    st = board()
    u = put(st, "StU025", 0, 0)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 10
    act(st, u)
    assert hp(st, e) == 4 and hp(st, u) == 3


@scenario("StU026")
def stu026_spartan_minotaur_stuns():
    """BERSERK. Enemy units damaged by this unit are STUNNED."""
    berserk("StU026")
    st = board()
    u = put(st, "StU026", 0, 0)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 10
    act(st, u)
    assert e["stun"]


@scenario("StU027")
def stu027_drillwagon_breach():
    """BREACH."""
    breach("StU027")


@scenario("StU030")
def stu030_skirmish_mover_respawns_slags():
    """RESPAWN a 2/2 Slag in both spaces."""
    st = board()
    g = put(st, "StU030", 0, 4, 5)
    play(st, "SiS016", at(st, g))
    assert not alive(st, g)
    assert sorted(u["sp"][0] for u in st.units if u["card"] == "ToU010") == [4, 5]


@scenario("ToU010")
def tou010_slag_war_party():
    """N/A"""
    st = board()
    play(st, "ToU010", 0)
    u = newest(st)
    assert (pw(st, u), hp(st, u)) == (2, 2)
    sprints("StU001")
