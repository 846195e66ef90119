"""Scenarios for the Unaligned cards whose ids sort in the second half (EcU026 on), each written
from the card's text."""

from __future__ import annotations

from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit_b import (
    act,
    alive,
    at,
    berserk,
    catapults,
    deathblow,
    discard,
    end,
    fat,
    flies,
    hp,
    newest,
    newest_fort,
    plain,
    play,
    pw,
    ranged,
    rushes,
    sprints,
    walls,
)
from tests.dragonfront_helpers import FILLER, board, codes, put


@scenario("EcU026")
def ecu026_dire_wolf_on_enemy_turn():
    """This unit has +3/+1 during your opponent's turn."""
    st = board()
    u = put(st, "EcU026", 0, 0)
    assert (pw(st, u), hp(st, u)) == (1, 1)
    end(st)
    assert (pw(st, u), hp(st, u)) == (4, 2)


@scenario("EcU027")
def ecu027_shade_thaumaturge():
    """SURVIVOR: DRAW 1."""
    st = board()
    u = put(st, "EcU027", 0, 5)
    play(st, "UnS005", at(st, u))
    assert st.players[0]["hand"] == [FILLER]


@scenario("EcU028")
def ecu028_despair_tanks():
    """RANGE."""
    ranged("EcU028")


@scenario("EcU029")
def ecu029_tempest_zeppelin():
    """FLIGHT. BLIGHT."""
    flies("EcU029")
    st = board()
    u = put(st, "EcU029", 0, 4)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 20
    act(st, u)
    assert e["frags"] == 0


@scenario("EcU030")
def ecu030_tempest_artillery():
    """RANGE."""
    ranged("EcU030")


@scenario("EcU031")
def ecu031_necrotic_abomination():
    """N/A"""
    plain("EcU031")
    st = board()
    play(st, "EcU031", 0)
    assert newest(st)["sp"] == [0, 1]


@scenario("EcU036")
def ecu036_tempest_juggernaut():
    """BLIGHT. Gain +2/+2 while this unit is in Enemy Territory."""
    st = board()
    u = put(st, "EcU036", 0, 4, 5)
    assert (pw(st, u), hp(st, u)) == (5, 5)
    v = put(st, "EcU036", 0, 8, 9)
    assert (pw(st, v), hp(st, v)) == (7, 7) and has(st, v, "BLIGHT")


@scenario("ScF002")
def scf002_barbed_wall():
    """WALL."""
    walls("ScF002")


@scenario("ScF006")
def scf006_dwarven_cannon():
    """END OF TURN: One random enemy unit in this lane is dealt 1 damage."""
    st = board()
    play(st, "ScF006", 5)
    e = put(st, FILLER, 1, 13)
    f = put(st, FILLER, 1, 14)
    a = put(st, FILLER, 0, 1)
    end(st)
    assert hp(st, e) == 4 and hp(st, f) == 5 and hp(st, a) == 5


@scenario("ScF007")
def scf007_secure_wall():
    """WALL."""
    walls("ScF007")


@scenario("ScF011")
def scf011_supply_depot():
    """START OF TURN: DRAW 1."""
    st = board()
    play(st, "ScF011", 5)
    end(st)
    end(st)
    assert st.players[0]["hand"] == [FILLER, FILLER]


@scenario("ScS001")
def scs001_renewal():
    """CHOOSE ONE: HEAL an ally unit for 3 -or- HEAL your Stronghold for 3."""
    st = board()
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 4
    st.players[0]["sh"] = 10
    play(st, "ScS001", at(st, u), mode=0)
    assert hp(st, u) == 4 and st.players[0]["sh"] == 10
    play(st, "ScS001", "-", mode=1)
    assert st.players[0]["sh"] == 13


@scenario("ScS002")
def scs002_press_forward():
    """Move an ally unit forward 1 space and grant it +1 Health."""
    st = board()
    u = put(st, FILLER, 0, 1)
    play(st, "ScS002", at(st, u))
    assert u["sp"] == [5] and hp(st, u) == 6


@scenario("ScS004")
def scs004_flashbang():
    """Target unit becomes STUNNED."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "ScS004", at(st, e))
    assert e["stun"]
    end(st)
    assert f"act:{e['id']}" not in codes(st)


@scenario("ScS007")
def scs007_survival_instinct():
    """Choose an ally unit. It has +1/+1 while in Enemy Territory."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ScS007", at(st, u))
    assert (pw(st, u), hp(st, u)) == (4, 5)
    u["sp"] = [9]
    st.next_id += 1
    assert (pw(st, u), hp(st, u)) == (5, 6)


@scenario("ScS011")
def scs011_trail_blazing():
    """Grant an ally, non-GIANT unit SPRINT."""
    st = board()
    u = put(st, FILLER, 0, 0)
    g = put(st, "EcU031", 0, 2, 3)
    play(st, "ScS011", at(st, u))
    from games.dragonfront.play import spell_targets
    assert at(st, g) not in spell_targets(st, 0, "ally_nongiant")
    act(st, u)
    assert u["sp"] == [8]


@scenario("ScS014")
def scs014_battle_song():
    """Grant an ally unit UNION."""
    st = board()
    u = put(st, FILLER, 0, 5)
    put(st, FILLER, 0, 6)
    put(st, FILLER, 0, 7)
    play(st, "ScS014", at(st, u))
    assert pw(st, u) == 6


@scenario("ScS015")
def scs015_natures_bounty():
    """DRAW 2."""
    st = board()
    play(st, "ScS015")
    assert st.players[0]["hand"] == [FILLER, FILLER]


@scenario("ScS019")
def scs019_carpet_bombing():
    """Deal 3 damage to all units in a lane."""
    st = board()
    a = put(st, FILLER, 0, 1)
    e = put(st, FILLER, 1, 9)
    f = put(st, FILLER, 1, 10)
    play(st, "ScS019", "L1")
    assert hp(st, a) == 2 and hp(st, e) == 2 and hp(st, f) == 5


def _union(card: str) -> None:
    st = board()
    u = put(st, card, 0, 0, *([1] if card == "EcU031" else []))
    base = pw(st, u)
    put(st, FILLER, 0, 2)
    put(st, FILLER, 0, 3)
    put(st, FILLER, 1, 12)
    assert pw(st, u) == base + 2


@scenario("ScU001")
def scu001_merc_opportunists():
    """UNION."""
    _union("ScU001")


@scenario("ScU002")
def scu002_dogs_of_war():
    """SPRINT."""
    sprints("ScU002")


@scenario("ScU007")
def scu007_royal_falcon_squad():
    """CATAPULT."""
    catapults("ScU007")


@scenario("ScU008")
def scu008_battlefield_surveyors():
    """END OF TURN: If this unit did not take an action, gain 1 Mana."""
    st = board()
    put(st, "ScU008", 0, 0)
    moved = put(st, "ScU008", 0, 1)
    act(st, moved)
    end(st)
    assert st.players[0]["mana"] == 1


@scenario("ScU009")
def scu009_merc_scrappers():
    """UNION."""
    _union("ScU009")


@scenario("ScU017")
def scu017_madcap_mercenaries():
    """N/A"""
    plain("ScU017")


@scenario("ScU018")
def scu018_demolition_team():
    """Immune to damage from forts. END OF TURN: Destroy enemy forts in front of this unit."""
    st = board(active=1)
    play(st, "ToF005", 9)
    wall = newest_fort(st)
    play(st, "ThF010", 5)
    trap = newest_fort(st)
    end(st)
    u = put(st, "ScU018", 0, 1)
    act(st, u)
    assert u["sp"] == [5] and hp(st, u) == 2 and not alive(st, trap)
    end(st)
    assert not alive(st, wall)


@scenario("ScU024")
def scu024_thunder_merc():
    """UNION."""
    st = board()
    u = put(st, "ScU024", 0, 0, 1)
    put(st, FILLER, 0, 2)
    put(st, FILLER, 0, 3)
    assert pw(st, u) == 6


@scenario("ScU026")
def scu026_b70_bombers():
    """SPRINT. FLIGHT. ARMOR."""
    sprints("ScU026")
    flies("ScU026")
    st = board(active=1)
    u = put(st, "ScU026", 0, 4)
    e = put(st, FILLER, 1, 8)
    act(st, e)
    assert hp(st, u) == 1


def _trap_hits(card: str) -> tuple:
    """Seat 0 builds `card` on space 5; seat 1's sturdy unit (4/20) steps onto it."""
    st = board()
    play(st, card, 5)
    f = newest_fort(st)
    end(st)
    e = put(st, FILLER, 1, 9)
    e["hp"] = 20
    act(st, e)
    assert e["sp"] == [5]
    return st, f, e


@scenario("SiF004")
def sif004_poison_field():
    """TRAP: Enemy units become POISONED."""
    st, f, e = _trap_hits("SiF004")
    assert e["poison"]


@scenario("SiF010")
def sif010_shadow_construction():
    """START OF TURN: HEAL your Stronghold for 1."""
    st = board()
    st.players[0]["sh"] = 10
    play(st, "SiF010", 5)
    end(st)
    end(st)
    assert st.players[0]["sh"] == 11


@scenario("SiF012")
def sif012_destruction_spire():
    """Destroy the next non-Champion enemy unit to spawn in this lane, and then destroy this
    fort."""
    st = board()
    play(st, "SiF012", 5)
    f = newest_fort(st)
    end(st)
    play(st, "SiC002", 13)
    champ = newest(st)
    assert alive(st, champ) and alive(st, f)
    play(st, FILLER, 14)
    assert alive(st, newest(st)) and alive(st, f)
    st.units.remove(champ)
    play(st, FILLER, 13)
    assert not alive(st, f) and not [u for u in st.units if u["sp"] == [13]]


@scenario("SiF015")
def sif015_snipers_nest():
    """END OF TURN: If occupied by an Ally unit, deal the enemy Stronghold 1 damage."""
    st = board()
    play(st, "SiF015", 5)
    end(st)
    assert st.players[1]["sh"] == 15
    end(st)
    put(st, FILLER, 0, 5)
    end(st)
    assert st.players[1]["sh"] == 14


@scenario("SiS001")
def sis001_forefathers_prayer():
    """Randomly gain 1-4 Champion Tokens."""
    st = board()
    play(st, "SiS001")
    assert 1 <= st.players[0]["tokens"] <= 4


@scenario("SiS002")
def sis002_poisoned_blades():
    """Grant an Ally: \"When this unit damages an enemy, that enemy is POISONED.\""""
    st = board()
    u = put(st, FILLER, 0, 4)
    play(st, "SiS002", at(st, u))
    e = put(st, FILLER, 1, 8)
    e["hp"] = 20
    act(st, u)
    assert e["poison"]


@scenario("SiS004")
def sis004_sap_gas():
    """Change an enemy unit's base Power to 1 until the end of the turn."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "SiS004", at(st, e))
    assert pw(st, e) == 1
    end(st)
    assert pw(st, e) == 4


@scenario("SiS005")
def sis005_tracked_movements():
    """Choose a unit. Each time it activates, gain 1 Mana."""
    st = board()
    u = put(st, FILLER, 0, 0)
    play(st, "SiS005", at(st, u), mana=0)
    act(st, u)
    assert st.players[0]["mana"] == 1


@scenario("SiS007")
def sis007_creeping_death():
    """Target unit becomes POISONED."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "SiS007", at(st, e))
    assert e["poison"]
    end(st)
    assert hp(st, e) == 4


@scenario("SiS014")
def sis014_treacherous_subversion():
    """Destroy a fort and DRAW 2."""
    st = board(active=1)
    play(st, "ToF005", 9)
    f = newest_fort(st)
    st.active = 0
    play(st, "SiS014", fat(f))
    assert not alive(st, f) and st.players[0]["hand"] == [FILLER, FILLER]


def _guard(card: str) -> None:
    st = board()
    g = put(st, card, 0, 1)
    g["hp"] = 10
    full = hp(st, g)
    st.active = 1
    play(st, "SiS008", "-", mode=1)
    assert st.players[0]["sh"] == 15 and hp(st, g) == full - 2
    g["sp"] = [5]
    st.next_id += 1
    play(st, "SiS008", "-", mode=1)
    assert st.players[0]["sh"] == 13


@scenario("SiU002")
def siu002_stronghold_apostle():
    """Whenever your Stronghold takes damage, this unit takes it instead as long as it is in
    your spawn row."""
    _guard("SiU002")


@scenario("SiU003")
def siu003_scaled_martyr():
    """N/A"""
    plain("SiU003")


@scenario("SiU004")
def siu004_toxic_dervish():
    """SPRINT. Units damaged by this unit are POISONED."""
    sprints("SiU004")
    st = board()
    u = put(st, "SiU004", 0, 4)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert e["poison"]


@scenario("SiU005")
def siu005_assault_bolters():
    """RANGE."""
    ranged("SiU005")


@scenario("SiU006")
def siu006_acquisition_scouts():
    """DEATH: DRAW 1."""
    st = board()
    u = put(st, "SiU006", 0, 5)
    play(st, "UnS005", at(st, u))
    assert not alive(st, u) and st.players[0]["hand"] == [FILLER]


@scenario("SiU012")
def siu012_deadly_nettles():
    """STUN. Units damaged by this unit are POISONED."""
    st = board()
    u = put(st, "SiU012", 0, 4)
    e = put(st, FILLER, 1, 8)
    act(st, u)
    assert e["poison"] and e["stun"]


@scenario("SiU014")
def siu014_spined_predator():
    """HUSH enemies damaged by this unit in combat."""
    st = board()
    u = put(st, "SiU014", 0, 4)
    e = put(st, "SiU013", 1, 8)
    e["hp"] = 9
    act(st, u)
    assert e["kw"] == {} and e["ab"] == []


@scenario("SiU016")
def siu016_surge_assassins():
    """EXECUTE: Randomly move this unit to a Frontline space in Enemy Territory."""
    st = board()
    u = put(st, "SiU016", 0, 4)
    e = put(st, "ToU010", 1, 0)
    e["sp"] = [8]
    act(st, u)
    assert not alive(st, e) and u["sp"][0] in (8, 9, 10, 11)


@scenario("SiU017")
def siu017_desert_cavalry():
    """N/A"""
    plain("SiU017")


@scenario("SiU018")
def siu018_honorbound_monk():
    """Destroy this unit if it enters Enemy Territory."""
    st = board()
    u = put(st, "SiU018", 0, 1)
    act(st, u)
    assert alive(st, u) and u["sp"] == [5]
    end(st)
    end(st)
    act(st, u)
    assert not alive(st, u)


@scenario("SiU021")
def siu021_energy_raiders():
    """EXECUTE: Gain 2 Mana."""
    st = board()
    u = put(st, "SiU021", 0, 4)
    put(st, "ToU010", 1, 8)
    act(st, u)
    assert st.players[0]["mana"] == 2 + 0


@scenario("StF003")
def stf003_scorched_land():
    """END OF TURN: Deal 1 damage to occupying unit."""
    st = board()
    play(st, "StF003", 5)
    u = put(st, FILLER, 0, 5)
    end(st)
    assert hp(st, u) == 4


@scenario("StF007")
def stf007_lava_vent():
    """END OF TURN: If this Fort is occupied, deal 2 damage randomly split among all other
    units."""
    st = board()
    play(st, "StF007", 5)
    e = put(st, FILLER, 1, 9)
    end(st)
    end(st)
    assert hp(st, e) == 5
    occ = put(st, FILLER, 0, 5)
    end(st)
    assert hp(st, occ) == 5 and hp(st, e) == 3


@scenario("StS006")
def sts006_cataclysm():
    """Destroy a fort and Gain 3 Champion Tokens."""
    st = board()
    play(st, "ToF005", 5)
    f = newest_fort(st)
    play(st, "StS006", fat(f))
    assert not alive(st, f) and st.players[0]["tokens"] == 3


@scenario("StS007")
def sts007_repurpose():
    """BLIGHT target ally unit, then destroy it. DRAW 2."""
    st = board()
    u = put(st, "StU013", 0, 5)
    play(st, "StS007", at(st, u), mana=0)
    assert not alive(st, u) and st.players[0]["mana"] == 0
    assert st.players[0]["hand"] == [FILLER, FILLER]


@scenario("StS008")
def sts008_grave_touch():
    """Deal 2 damage to a unit. Gain 1 Mana if the unit was killed."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "StS008", at(st, e), mana=3)
    assert hp(st, e) == 3 and st.players[0]["mana"] == 0
    s = put(st, "ToU010", 1, 10)
    s["frags"] = 0
    play(st, "StS008", at(st, s), mana=3)
    assert not alive(st, s) and st.players[0]["mana"] == 1


@scenario("StS009")
def sts009_first_aid():
    """HEAL unit for 3."""
    st = board()
    u = put(st, FILLER, 0, 5)
    u["dmg"] = 4
    play(st, "StS009", at(st, u))
    assert hp(st, u) == 4


@scenario("StS020")
def sts020_champions_flare():
    """Deal 1 damage to the enemy Stronghold and Gain 4 Champion Tokens."""
    st = board()
    play(st, "StS020")
    assert st.players[1]["sh"] == 14 and st.players[0]["tokens"] == 4


@scenario("StU001")
def stu001_slag_forerunners():
    """SPRINT."""
    sprints("StU001")


@scenario("StU002")
def stu002_goblin_ragers():
    """DEATHBLOW."""
    deathblow("StU002")


@scenario("StU003")
def stu003_buzzard_crew():
    """END OF TURN: DRAW 1 if this unit is stationed on a fort."""
    st = board()
    play(st, "StF003", 5)
    put(st, "StU003", 0, 5)
    put(st, "StU003", 0, 6)
    end(st)
    assert st.players[0]["hand"] == [FILLER]


@scenario("StU004")
def stu004_sallow_goblins():
    """N/A"""
    plain("StU004")


@scenario("StU007")
def stu007_knights_of_korrad_dur():
    """DEATHBLOW."""
    deathblow("StU007")


@scenario("StU009")
def stu009_blazing_ram():
    """BERSERK. +3 Power versus the enemy Stronghold and GIANT units."""
    berserk("StU009")
    st = board()
    u = put(st, "StU009", 0, 12)
    act(st, u)
    assert st.players[1]["sh"] == 15 - 4
    st = board()
    u = put(st, "StU009", 0, 4)
    g = put(st, "EcU031", 1, 8, 9)
    g["hp"] = 20
    act(st, u)
    assert hp(st, g) == 20 - 4


@scenario("StU011")
def stu011_tnt_packed_goblins():
    """SPRINT. This unit is destroyed after an attack is resolved."""
    sprints("StU011")
    st = board()
    u = put(st, "StU011", 0, 4)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 20
    act(st, u)
    assert hp(st, e) == 14 and not alive(st, u)


@scenario("StU014")
def stu014_varg_stalkers():
    """EXECUTE: This unit refreshes."""
    st = board()
    u = put(st, "StU014", 0, 4)
    put(st, "ToU010", 1, 8)
    act(st, u)
    assert f"act:{u['id']}" in codes(st)


@scenario("StU015")
def stu015_netherworld_vindicators():
    """SPRINT. Immune to damage from forts."""
    sprints("StU015")
    st = board()
    play(st, "ThF010", 5)
    end(st)
    e = put(st, "StU015", 1, 13)
    act(st, e)
    assert hp(st, e) == 3


@scenario("StU016")
def stu016_serpent_whisper():
    """This unit has +3 Power if either Champion has been destroyed."""
    st = board()
    u = put(st, "StU016", 0, 0)
    c = put(st, "SiC002", 1, 13)
    assert pw(st, u) == 3
    c["dmg"] = 7
    play(st, "UnS005", at(st, c))
    assert not alive(st, c) and pw(st, u) == 6


@scenario("StU019")
def stu019_dragon_spark():
    """FLIGHT. SPRINT."""
    sprints("StU019")
    flies("StU019")


@scenario("StU020")
def stu020_slag_paindrivers():
    """This unit gains +1 Power for each point of damage received."""
    st = board()
    u = put(st, "StU020", 0, 5)
    play(st, "SiS008", at(st, u), mode=0)
    assert pw(st, u) == 4


@scenario("StU022")
def stu022_ettin_basher():
    """DEATHBLOW."""
    deathblow("StU022")


@scenario("StU024")
def stu024_varg_banner_rider():
    """SURVIVOR: Gain 2 Champion Tokens."""
    st = board()
    u = put(st, "StU024", 0, 5)
    play(st, "UnS005", at(st, u))
    assert st.players[0]["tokens"] == 2


@scenario("StU028")
def stu028_skullsmash_steamroller():
    """SPRINT. When this unit moves, destroy all forts in this unit's lane."""
    sprints("StU028")
    st = board(active=1)
    play(st, "ThF003", 9)
    a = newest_fort(st)
    play(st, "ThF003", 10)
    b = newest_fort(st)
    st.active = 0
    u = put(st, "StU028", 0, 1)
    act(st, u)
    assert not alive(st, a) and alive(st, b)


@scenario("StU029")
def stu029_rampaging_jotnar():
    """SPRINT."""
    st = board()
    u = put(st, "StU029", 0, 0, 1)
    act(st, u)
    assert u["sp"] == [8, 9]


@scenario("ThF005")
def thf005_jungle_trap():
    """TRAP: Unit takes 2 damage and is STUNNED. Then, destroy this fort."""
    st, f, e = _trap_hits("ThF005")
    assert hp(st, e) == 18 and e["stun"] and not alive(st, f)


@scenario("ThF006")
def thf006_natural_barricade():
    """WALL. DEATH: DRAW 1."""
    walls("ThF006")
    st = board()
    play(st, "ThF006", 5)
    f = newest_fort(st)
    end(st)
    e = put(st, FILLER, 1, 9)
    act(st, e)
    assert not alive(st, f) and st.players[0]["hand"] == [FILLER]


@scenario("ThF007")
def thf007_circle_of_life():
    """If occupied by an ally unit, DRAW 1 for each card you discard."""
    st = board()
    play(st, "ThF007", 5)
    discard(st, "ThS001")
    assert st.players[0]["hand"] == []
    end(st)
    end(st)
    put(st, FILLER, 0, 5)
    st.players[0]["hand"] = []
    discard(st, "ThS001")
    assert st.players[0]["hand"] == [FILLER]


@scenario("ThF010")
def thf010_sentient_landtrap():
    """TRAP: Deal 6 damage to unit and destroy this fort."""
    st, f, e = _trap_hits("ThF010")
    assert hp(st, e) == 14 and not alive(st, f)


@scenario("ThF011")
def thf011_bola_trap():
    """TRAP: Deal 2 damage to unit and destroy this fort. DEATH: Deal 2 damage to the enemy
    Stronghold."""
    st, f, e = _trap_hits("ThF011")
    assert hp(st, e) == 18 and not alive(st, f) and st.players[1]["sh"] == 13


@scenario("ThS004")
def ths004_sigil_of_sacrifice():
    """Destroy an ally unit. Gain Champion tokens equal to the destroyed unit's cost."""
    st = board()
    u = put(st, FILLER, 0, 5)
    play(st, "ThS004", at(st, u))
    assert not alive(st, u) and st.players[0]["tokens"] == 4


@scenario("ThS005")
def ths005_spoils_of_war():
    """Gain 2 Mana for each ally unit in Enemy Territory."""
    st = board()
    put(st, FILLER, 0, 9)
    put(st, FILLER, 0, 14)
    put(st, FILLER, 0, 5)
    put(st, FILLER, 1, 10)
    play(st, "ThS005", mana=0)
    assert st.players[0]["mana"] == 4


@scenario("ThS007")
def ths007_ancient_knowledge():
    """Grant a unit RUSH."""
    st = board()
    play(st, FILLER, 0)
    u = newest(st)
    play(st, "ThS007", at(st, u))
    assert f"act:{u['id']}" in codes(st)


@scenario("ThS011")
def ths011_flash_flood():
    """Destroy all forts. For each fort destroyed, gain 1 Champion Token."""
    st = board()
    play(st, "ToF005", 5)
    play(st, "ThF003", 6)
    st.active = 1
    play(st, "ThF003", 9)
    st.active = 0
    play(st, "ThS011")
    assert st.forts == [] and st.players[0]["tokens"] == 3


@scenario("ThU001")
def thu001_hollow_rangers():
    """N/A"""
    plain("ThU001")


@scenario("ThU002")
def thu002_mana_mole():
    """START OF TURN: Gain +1 Health if this unit is in the spawn row."""
    st = board()
    a = put(st, "ThU002", 0, 0)
    b = put(st, "ThU002", 0, 5)
    end(st)
    end(st)
    assert hp(st, a) == 2 and hp(st, b) == 1


@scenario("ThU004")
def thu004_mutated_mongrel():
    """RUSH."""
    rushes("ThU004")


@scenario("ThU009")
def thu009_wild_green_jelly():
    """RESPAWN a 0/1 Jelly."""
    st = board()
    u = put(st, "ThU009", 0, 5)
    play(st, "UnS005", at(st, u))
    j = newest(st)
    assert not alive(st, u) and j["card"] == "ToU007" and j["sp"] == [5]


@scenario("ThU010")
def thu010_feral_arachnis():
    """RUSH. RESPAWN a 1/1 Arachnis."""
    rushes("ThU010")
    st = board()
    u = put(st, "ThU010", 0, 5)
    play(st, "UnS005", at(st, u))
    j = newest(st)
    assert not alive(st, u) and j["card"] == "ToU002" and j["sp"] == [5]


@scenario("ThU015")
def thu015_hollow_ambushers():
    """All ally Hollow units have +2 Power while in Ally Territory."""
    st = board()
    me = put(st, "ThU015", 0, 0)
    h = put(st, "ThU001", 0, 5)
    far = put(st, "ThU001", 0, 9)
    f = put(st, FILLER, 0, 1)
    assert pw(st, me) == 4 and pw(st, h) == 3 and pw(st, far) == 1 and pw(st, f) == 4


@scenario("ThU016")
def thu016_hollow_steamwing():
    """FLIGHT."""
    flies("ThU016")


@scenario("ThU020")
def thu020_satyrs_of_the_grove():
    """Whenever this unit activates gain 1 Mana."""
    st = board()
    u = put(st, "ThU020", 0, 0)
    act(st, u)
    assert st.players[0]["mana"] == 1


@scenario("ThU022")
def thu022_steamwing_bomber():
    """FLIGHT. SURVIVOR: Deal 1 damage to the enemy Stronghold."""
    flies("ThU022")
    st = board()
    u = put(st, "ThU022", 0, 5)
    play(st, "UnS005", at(st, u))
    assert st.players[1]["sh"] == 14


@scenario("ThU023")
def thu023_darkspring_dryads():
    """Immune to fort Damage. SURVIVOR: Grant +1 Health to a random ally unit."""
    st = board()
    u = put(st, "ThU023", 0, 5)
    play(st, "UnS005", at(st, u))
    assert hp(st, u) == 6
    st = board()
    play(st, "ThF010", 9)
    end(st)
    e = put(st, "ThU023", 1, 13)
    act(st, e)
    assert e["sp"] == [9] and hp(st, e) == 6


@scenario("ThU024")
def thu024_grizzly_mac():
    """Whenever this unit moves, DRAW 1."""
    st = board()
    u = put(st, "ThU024", 0, 0)
    act(st, u)
    assert st.players[0]["hand"] == [FILLER]


@scenario("ThU027")
def thu027_divebomb_griffin():
    """FLIGHT. This unit has +2 Power versus the enemy Stronghold."""
    flies("ThU027")
    st = board()
    u = put(st, "ThU027", 0, 8)
    put(st, FILLER, 1, 12)
    act(st, u)
    assert st.players[1]["sh"] == 9


@scenario("ToF001")
def tof001_creeping_wall():
    """WALL."""
    walls("ToF001")


@scenario("ToF003")
def tof003_plague_mine():
    """TRAP: Deal 2 damage to unit and destroy this fort. Spawn a 1/1 Stygian if this kills a
    unit."""
    st, f, e = _trap_hits("ToF003")
    assert hp(st, e) == 18 and not alive(st, f)
    st = board()
    play(st, "ToF003", 5)
    f = newest_fort(st)
    end(st)
    e = put(st, "ToU010", 1, 9)
    act(st, e)
    assert not alive(st, e) and not alive(st, f)
    s = newest(st)
    assert s["card"] == "ToU001" and s["sp"] == [5] and s["owner"] == 0


@scenario("ToS002")
def tos002_stipend_accord():
    """DRAW 1."""
    st = board()
    play(st, "ToS002", mana=0)
    assert st.players[0]["hand"] == [FILLER] and st.players[0]["mana"] == 0


@scenario("ToU002")
def tou002_arachnis():
    """RUSH."""
    rushes("ToU002")


@scenario("ToU007")
def tou007_jelly():
    """N/A"""
    plain("ToU007")


@scenario("ToU011")
def tou011_unbound_shadow():
    """CHOOSE ONE: SPAWN: STEALTH -or- SPAWN: +1 Power."""
    st = board()
    play(st, "ToU011", 0, mode=0)
    u = newest(st)
    assert u["hidden"] and pw(st, u) == 1
    play(st, "ToU011", 1, mode=1)
    v = newest(st)
    assert not v["hidden"] and pw(st, v) == 2


@scenario("ToU013")
def tou013_brave_soul():
    """Whenever your Stronghold takes damage, this unit takes it instead as long as it is in
    your spawn row."""
    _guard("ToU013")


@scenario("UnS001")
def uns001_flourish():
    """Gain 1 Mana."""
    st = board()
    play(st, "UnS001", mana=0)
    assert st.players[0]["mana"] == 1


@scenario("UnS003")
def uns003_natures_wrath():
    """CHOOSE ONE: Target unit takes 2 damage and is STUNNED -or- Deal 2 damage to the enemy
    Stronghold."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "UnS003", at(st, e), mode=0)
    assert hp(st, e) == 3 and e["stun"] and st.players[1]["sh"] == 15
    play(st, "UnS003", "-", mode=1)
    assert st.players[1]["sh"] == 13


@scenario("UnS005")
def uns005_snipe():
    """Deal 1 damage to a unit."""
    st = board()
    e = put(st, FILLER, 1, 9)
    play(st, "UnS005", at(st, e))
    assert hp(st, e) == 4
