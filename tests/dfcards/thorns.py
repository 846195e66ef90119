"""Scenarios for the Thorns cards, each written from the card's text."""

from __future__ import annotations

from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit_b import (
    act,
    alive,
    at,
    discard,
    end,
    hp,
    newest,
    newest_fort,
    play,
    pw,
    rushes,
    sprints,
)
from tests.dragonfront_helpers import FILLER, board, put


@scenario("ThC001")
def thc001_eidolon_rallies_on_activation():
    """Grant all ally units +1 Power when this unit activates."""
    st = board()
    me = put(st, "ThC001", 0, 1)
    a = put(st, FILLER, 0, 6)
    e = put(st, FILLER, 1, 14)
    act(st, me)
    assert pw(st, a) == 5 and pw(st, me) == 5 and pw(st, e) == 4


@scenario("ThC002")
def thc002_pangaea_tree_heals():
    """END OF TURN: HEAL ally units and your Stronghold for 1."""
    st = board()
    put(st, "ThC002", 0, 0, 1)
    a = put(st, FILLER, 0, 6)
    e = put(st, FILLER, 1, 14)
    a["dmg"] = e["dmg"] = 2
    st.players[0]["sh"] = 10
    end(st)
    assert hp(st, a) == 4 and hp(st, e) == 3 and st.players[0]["sh"] == 11


@scenario("ThF001")
def thf001_overgrowth_stuns_intruder():
    """TRAP: Enemy units entering this space are STUNNED."""
    st = board()
    play(st, "ThF001", 5)
    end(st)
    e = put(st, FILLER, 1, 9)
    act(st, e)
    assert e["sp"] == [5] and e["stun"]


@scenario("ThF003")
def thf003_mana_fount():
    """START OF TURN: Gain 1 Mana."""
    st = board()
    play(st, "ThF003", 5, mana=2)
    end(st)
    end(st)
    assert st.players[0]["mana"] == 1 + 1


@scenario("ThF004")
def thf004_healing_grove():
    """START OF TURN: HEAL ally units in the same row for 2."""
    st = board()
    play(st, "ThF004", 5)
    a = put(st, FILLER, 0, 4)
    b = put(st, FILLER, 0, 9)
    a["dmg"] = b["dmg"] = 3
    end(st)
    end(st)
    assert hp(st, a) == 4 and hp(st, b) == 2


@scenario("ThS001")
def ths001_wellspring():
    """Gain 2 Mana."""
    st = board()
    play(st, "ThS001", mana=3)
    assert st.players[0]["mana"] == 5


@scenario("ThS002")
def ths002_healing_herbs_regen():
    """Grant an ally unit END OF TURN: REGEN 1."""
    st = board()
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 3
    play(st, "ThS002", at(st, u))
    end(st)
    assert hp(st, u) == 3


@scenario("ThS006")
def ths006_harmonize():
    """Grant units in your spawn row END OF TURN: HEAL your Stronghold 1."""
    st = board()
    put(st, FILLER, 0, 0)
    put(st, FILLER, 0, 1)
    put(st, FILLER, 0, 5)
    st.players[0]["sh"] = 10
    play(st, "ThS006")
    end(st)
    assert st.players[0]["sh"] == 12


@scenario("ThS008")
def ths008_cultivation():
    """When either player discards a card, grant Target Ally Unit +1/+1."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ThS008", at(st, u))
    st.players[0]["mana"] = 0
    discard(st, FILLER)
    assert (pw(st, u), hp(st, u)) == (5, 6)
    end(st)
    discard(st, FILLER)
    assert (pw(st, u), hp(st, u)) == (6, 7)


@scenario("ThS010")
def ths010_howling_gale():
    """Deal 3 damage randomly split between all enemy units."""
    st = board()
    a = put(st, FILLER, 0, 5)
    e = put(st, FILLER, 1, 9)
    f = put(st, FILLER, 1, 10)
    play(st, "ThS010")
    assert hp(st, a) == 5 and (5 - hp(st, e)) + (5 - hp(st, f)) == 3


@scenario("ThS016")
def ths016_rallying_call():
    """Grant all ally units in a Frontline row +2 Health."""
    st = board()
    a = put(st, FILLER, 0, 5)
    b = put(st, FILLER, 0, 6)
    c = put(st, FILLER, 0, 1)
    e = put(st, FILLER, 1, 7)
    play(st, "ThS016", "R1")
    assert (hp(st, a), hp(st, b), hp(st, c), hp(st, e)) == (7, 7, 5, 5)


@scenario("ThS018")
def ths018_possessed_tornado():
    """Enemy units in target row take 2 damage and are STUNNED."""
    st = board()
    a = put(st, FILLER, 0, 9)
    e = put(st, FILLER, 1, 10)
    f = put(st, FILLER, 1, 13)
    play(st, "ThS018", "R2")
    assert hp(st, e) == 3 and e["stun"]
    assert hp(st, a) == 5 and not a["stun"] and hp(st, f) == 5 and not f["stun"]


@scenario("ThU003")
def thu003_bark_druids_grow():
    """END OF TURN: Gain +1 Power or +1 Health at random."""
    st = board()
    u = put(st, "ThU003", 0, 0)
    end(st)
    assert (pw(st, u), hp(st, u)) in ((2, 2), (1, 3))


@scenario("ThU005")
def thu005_forest_wisps():
    """Whenever an enemy unit enters Ally Territory this unit gains +1/+1."""
    st = board(active=1)
    me = put(st, "ThU005", 0, 0)
    e = put(st, FILLER, 1, 9)
    act(st, e)
    assert e["sp"] == [5] and (pw(st, me), hp(st, me)) == (2, 2)


@scenario("ThU008")
def thu008_hollow_harvesters():
    """START OF TURN: Gain 1 Mana if an enemy unit is in this lane."""
    st = board()
    put(st, "ThU008", 0, 0)
    put(st, "ThU008", 0, 1)
    put(st, FILLER, 1, 12)
    end(st)
    end(st)
    assert st.players[0]["mana"] == 3 + 1


@scenario("ThU012")
def thu012_screaming_firehawk():
    """FLIGHT. RUSH."""
    rushes("ThU012")
    st = board()
    u = put(st, "ThU012", 0, 8)
    put(st, FILLER, 1, 12)
    act(st, u)
    assert st.players[1]["sh"] == 13


@scenario("ThU013")
def thu013_wolf_pack():
    """RUSH. SPRINT."""
    rushes("ThU013")
    sprints("ThU013")


@scenario("ThU014")
def thu014_druid_hunter_killer():
    """RANGE. STUN enemies damaged by this unit."""
    st = board()
    u = put(st, "ThU014", 0, 0)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 4 and e["stun"]


@scenario("ThU017")
def thu017_canopy_goliath():
    """END OF TURN: Gain +1/+1 while in Ally Territory."""
    st = board()
    a = put(st, "ThU017", 0, 5)
    b = put(st, "ThU017", 0, 9)
    end(st)
    assert (pw(st, a), hp(st, a)) == (3, 3) and (pw(st, b), hp(st, b)) == (2, 2)


@scenario("ThU019")
def thu019_druid_landwarden():
    """SPAWN: Destroy all enemy forts in this lane."""
    st = board(active=1)
    play(st, "ToF005", 9)
    f1 = newest_fort(st)
    play(st, "ToF005", 5)
    f2 = newest_fort(st)
    play(st, "ToF005", 6)
    f3 = newest_fort(st)
    st.active = 0
    play(st, "ToF005", 4)
    mine = newest_fort(st)
    play(st, "ThU019", 1)
    assert not alive(st, f1) and not alive(st, f2) and alive(st, f3)
    play(st, "ThU019", 0)
    assert alive(st, mine)


@scenario("ThU021")
def thu021_earth_child_respawns_earth_mother():
    """DEATH: RESPAWN a 4/4 Earth Mother which deals 2 damage to all enemy units in Ally
    Territory on spawn."""
    st = board()
    u = put(st, "ThU021", 0, 1)
    e = put(st, FILLER, 1, 5)
    far = put(st, FILLER, 1, 9)
    play(st, "SiS008", at(st, u), mode=0)
    m = newest(st)
    assert m["card"] == "ToU004" and m["sp"] == [1]
    assert hp(st, e) == 3 and hp(st, far) == 5


@scenario("ThU026")
def thu026_mold_leviathan_regen_at_home():
    """While in Ally Territory this unit has REGEN 2."""
    st = board()
    u = put(st, "ThU026", 0, 4, 5)
    v = put(st, "ThU026", 0, 8, 9)
    u["dmg"] = v["dmg"] = 3
    end(st)
    assert hp(st, u) == 4 and hp(st, v) == 2


@scenario("ThU028")
def thu028_heart_of_the_forest():
    """SURVIVOR: Gain +1/+1 and 1 Mana."""
    st = board()
    u = put(st, "ThU028", 0, 4, 5)
    play(st, "SiS008", at(st, u), mode=0, mana=2)
    assert (pw(st, u), hp(st, u)) == (5, 3) and st.players[0]["mana"] == 1


@scenario("ThU030")
def thu030_storm_strider():
    """When this unit activates it gains +1 Power."""
    st = board()
    u = put(st, "ThU030", 0, 0, 1)
    act(st, u)
    assert pw(st, u) == 6


@scenario("ToU004")
def tou004_earth_mother():
    """SPAWN: Deal 2 damage to all enemy units in Ally Territory."""
    st = board()
    e = put(st, FILLER, 1, 5)
    far = put(st, FILLER, 1, 9)
    mine = put(st, FILLER, 0, 4)
    play(st, "ToU004", 0)
    assert hp(st, e) == 3 and hp(st, far) == 5 and hp(st, mine) == 5
    assert has(st, newest(st), "RUSH") == 0
