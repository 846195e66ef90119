"""Scenarios for the Silence cards, each written from the card's text."""

from __future__ import annotations

from tests.dfcards import scenario
from tests.dfcards.kit_b import (
    act,
    alive,
    at,
    end,
    hp,
    newest,
    newest_fort,
    play,
    pw,
    stealthed,
    swift_strikes_first,
)
from tests.dragonfront_helpers import FILLER, board, put


@scenario("SiC002")
def sic002_old_man_swift():
    """SWIFT."""
    swift_strikes_first("SiC002")


@scenario("SiC003")
def sic003_steelgate_grows_while_stealthed():
    """STEALTH. While this unit is hidden by STEALTH, gain +1/+1 every time a unit is
    destroyed."""
    stealthed("SiC003")
    st = board()
    play(st, "SiC003", 0)
    me = newest(st)
    e = put(st, FILLER, 1, 9)
    play(st, "SiS016", at(st, e))
    play(st, "SiS016", at(st, e))
    assert not alive(st, e) and (pw(st, me), hp(st, me)) == (5, 6)
    me["hidden"] = False
    e = put(st, FILLER, 1, 9)
    play(st, "SiS016", at(st, e))
    play(st, "SiS016", at(st, e))
    assert (pw(st, me), hp(st, me)) == (5, 6)


@scenario("SiC004")
def sic004_viper_empress_poisons():
    """Units damaged by this unit are POISONED. DEATH: All enemy units become POISONED."""
    st = board()
    me = put(st, "SiC004", 0, 4)
    e = put(st, FILLER, 1, 8)
    other = put(st, FILLER, 1, 10)
    act(st, me)
    assert e["poison"] and not other["poison"]
    me["dmg"] = 6
    play(st, "SiS008", at(st, me), mode=0)
    assert not alive(st, me) and other["poison"]


@scenario("SiF001")
def sif001_sleeper_cell_shadows():
    """SPAWN and DEATH: Add a [1/1] Shadow to your hand."""
    st = board()
    play(st, "SiF001", 5)
    assert st.players[0]["hand"] == ["ToU011"]
    from games.dragonfront import damage
    from games.dragonfront.context import Ctx
    damage.destroy_fort(st, newest_fort(st), Ctx(owner=1))
    assert st.players[0]["hand"] == ["ToU011", "ToU011"]


@scenario("SiF002")
def sif002_unearthed_library_mana():
    """SPAWN: Gain 2 Mana."""
    st = board()
    play(st, "SiF002", 5, mana=3)
    assert st.players[0]["mana"] == 5


def _trap(card: str, n: int) -> None:
    st = board()
    play(st, card, 5)
    f = newest_fort(st)
    assert f["kw"].get("STEALTH")
    end(st)
    e = put(st, FILLER, 1, 9)
    e["pw"], e["hp"] = 4, 9
    act(st, e)
    assert e["sp"] == [5] and hp(st, e) == 9 - n and not alive(st, f)


@scenario("SiF005")
def sif005_nether_breach():
    """STEALTH. TRAP: Deal 3 damage to unit and destroy this fort."""
    _trap("SiF005", 3)


@scenario("SiF013")
def sif013_tank_mine():
    """STEALTH. TRAP: Deal 5 damage to unit and destroy this fort."""
    _trap("SiF013", 5)


@scenario("SiF016")
def sif016_kill_zone_swift_occupant():
    """Occupying non-GIANT ally units have SWIFT."""
    st = board()
    play(st, "SiF016", 4)
    u = put(st, FILLER, 0, 4)
    e = put(st, FILLER, 1, 8)
    e["dmg"] = 1
    act(st, u)
    assert not alive(st, e) and hp(st, u) == 5
    st.units.remove(u)
    g = put(st, "SiU024", 0, 4, 5)
    from games.dragonfront.stats import has
    assert not has(st, g, "SWIFT")
    st.units.remove(g)
    foe = put(st, FILLER, 1, 4)
    assert not has(st, foe, "SWIFT")


@scenario("SiS003")
def sis003_contractual_payments():
    """Choose a unit. Every time it receives damage, DRAW 1."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "SiS003", at(st, e))
    play(st, "SiS008", at(st, e), mode=0)
    assert st.players[0]["hand"] == [FILLER] and st.players[1]["hand"] == []


@scenario("SiS008")
def sis008_ancestral_retribution_both_modes():
    """CHOOSE ONE: Deal 2 damage to a unit -or- Deal 2 damage to the enemy Stronghold."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "SiS008", at(st, e), mode=0)
    assert hp(st, e) == 3 and st.players[1]["sh"] == 15
    play(st, "SiS008", "-", mode=1)
    assert st.players[1]["sh"] == 13 and hp(st, e) == 3


@scenario("SiS009")
def sis009_pacify_hushes():
    """HUSH a non-Champion unit."""
    st = board()
    e = put(st, "SiU013", 1, 9)
    play(st, "SiS009", at(st, e))
    assert e["kw"] == {} and e["ab"] == []
    from games.dragonfront.play import spell_targets
    c = put(st, "SiC002", 1, 10)
    assert at(st, c) not in spell_targets(st, 0, "nonchamp")


@scenario("SiS016")
def sis016_killing_stroke():
    """Deal 4 damage to a unit."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "SiS016", at(st, e))
    assert hp(st, e) == 1


@scenario("SiS017")
def sis017_catalyst_only_poisoned():
    """Deal 5 damage to a POISONED unit."""
    st = board()
    e = put(st, FILLER, 1, 9)
    clean = put(st, FILLER, 1, 10)
    e["poison"] = True
    from games.dragonfront.play import spell_targets
    assert spell_targets(st, 0, "poisoned_unit") == [at(st, e)]
    play(st, "SiS017", at(st, e))
    assert not alive(st, e) and alive(st, clean)


@scenario("SiS019")
def sis019_poison_burn_stuns_poisoned():
    """STUN all POISONED enemy units."""
    st = board()
    e = put(st, FILLER, 1, 9)
    clean = put(st, FILLER, 1, 10)
    mine = put(st, FILLER, 0, 5)
    e["poison"] = mine["poison"] = True
    play(st, "SiS019")
    assert e["stun"] and not clean["stun"] and not mine["stun"]


@scenario("SiU001")
def siu001_netherworld_envoy():
    """STEALTH. SPAWN: Add an 1/1 Shadow to your hand."""
    stealthed("SiU001")
    st = board()
    play(st, "SiU001", 0)
    assert st.players[0]["hand"] == ["ToU011"]


@scenario("SiU007")
def siu007_midnight_gliders():
    """STEALTH. FLIGHT."""
    stealthed("SiU007")
    st = board()
    u = put(st, "SiU007", 0, 8)
    put(st, FILLER, 1, 12)
    act(st, u)
    assert st.players[1]["sh"] == 13


@scenario("SiU008")
def siu008_partisan_draws_in_enemy_territory():
    """STEALTH. END OF TURN: DRAW 1 if in Enemy Territory."""
    stealthed("SiU008")
    st = board()
    put(st, "SiU008", 0, 5)
    end(st)
    assert st.players[0]["deck"] == [FILLER] * 5
    st = board()
    put(st, "SiU008", 0, 9)
    end(st)
    assert st.players[0]["hand"] == [FILLER]


@scenario("SiU009")
def siu009_thunder_riders_swift():
    """SWIFT."""
    swift_strikes_first("SiU009")


@scenario("SiU010")
def siu010_displacer_sprint_swift():
    """SPRINT. SWIFT."""
    swift_strikes_first("SiU010")
    st = board()
    u = put(st, "SiU010", 0, 0)
    act(st, u)
    assert u["sp"] == [8]


@scenario("SiU011")
def siu011_snipers_stealth_range():
    """STEALTH. RANGE."""
    stealthed("SiU011")
    st = board()
    u = put(st, "SiU011", 0, 0)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 2 and hp(st, u) == 1


@scenario("SiU013")
def siu013_caustic_bolters_poison_at_range():
    """RANGE. Units damaged by this unit are POISONED."""
    st = board()
    u = put(st, "SiU013", 0, 0)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert hp(st, e) == 3 and e["poison"] and hp(st, u) == 2


@scenario("SiU019")
def siu019_saboteur_destroys_fort_ahead():
    """START OF TURN: Destroy any Fort in front of this unit. When it destroys a Fort, gain +2
    Power."""
    st = board()
    st.active = 1
    play(st, "ToF005", 9)
    f = newest_fort(st)
    end(st)
    st.active = 1
    me = put(st, "SiU019", 0, 5)
    end(st)
    assert not alive(st, f) and pw(st, me) == 3


@scenario("SiU020")
def siu020_netherworld_elite():
    """STEALTH. SWIFT."""
    stealthed("SiU020")
    swift_strikes_first("SiU020")


@scenario("SiU022")
def siu022_elvish_celestial():
    """SWIFT."""
    swift_strikes_first("SiU022")


@scenario("SiU023")
def siu023_master_alchemists_poison_lane():
    """SPAWN: Enemy non-Champion units in this lane become POISONED."""
    st = board()
    e = put(st, FILLER, 1, 9)
    c = put(st, "SiC002", 1, 13)
    other = put(st, FILLER, 1, 10)
    mine = put(st, FILLER, 0, 5)
    play(st, "SiU023", 1)
    assert e["poison"] and not c["poison"] and not other["poison"] and not mine["poison"]


@scenario("SiU024")
def siu024_scorpion_tank_giant_stealth():
    """STEALTH."""
    stealthed("SiU024")
    st = board()
    play(st, "SiU024", 0)
    assert newest(st)["sp"] == [0, 1]


@scenario("SiU025")
def siu025_netherworld_guardian_hushes_lane():
    """SPAWN: HUSH all non-Champion enemy units in this lane."""
    st = board()
    e = put(st, "SiU013", 1, 9)
    c = put(st, "SiC004", 1, 13)
    other = put(st, "SiU013", 1, 10)
    play(st, "SiU025", 1)
    assert e["ab"] == [] and e["kw"] == {}
    assert c["ab"] and other["kw"] == {"RANGE": 1}
