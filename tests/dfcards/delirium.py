"""Delirium card scenarios, each written from the card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront.board import unit_at
from games.dragonfront.state import DFState
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import at, cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Battalion, 1/2, 1 fragment


def _delirium(active: int = 0) -> DFState:
    return board(active=active, factions=("delirium", "scales"))


def _mana(st: DFState) -> tuple[int, int]:
    return st.players[0]["mana"], st.players[1]["mana"]


@scenario("DeC001")
def dec001_grand_astronaut_trades_the_hand_for_power_and_mana() -> None:
    """FLIGHT. SPAWN: This unit's owner discards all cards. For each card discarded in this way,
    this unit gains 1 Power and the owner gains 1 Mana."""
    st = _delirium()
    st.players[0]["sh"] = 8
    st.players[0]["hand"] = [FILLER, WEAK, FILLER]
    cast(st, "DeC001", 0)
    ga = at(st, 0)
    assert st.players[0]["hand"] == [] and stats(st, ga) == (8, 7) and st.players[0]["mana"] == 3
    assert has(st, ga, "FLIGHT")


@scenario("DeC002")
def dec002_extinction_servant_sacrifices_an_ally() -> None:
    """START OF TURN: Destroy another random, ally unit, and deal damage equal to its Power to the
    enemy Stronghold."""
    st = _delirium(active=1)
    champ, victim = put(st, "DeC002", 0, 0), put(st, FILLER, 0, 4)
    end(st)
    assert champ in st.units and victim not in st.units and sh(st, 1) == 11


@scenario("DeC003")
def dec003_time_and_space_pulls_every_enemy() -> None:
    """END OF TURN: PULL all enemy units."""
    st = _delirium()
    put(st, "DeC003", 0, 0)
    a, b, mine = put(st, FILLER, 1, 8), put(st, FILLER, 1, 13), put(st, FILLER, 0, 6)
    end(st)
    assert (a["sp"], b["sp"], mine["sp"]) == ([4], [9], [6])


@scenario("DeC004")
def dec004_the_architect_drains_four() -> None:
    """GIANT. START OF TURN: DRAIN 4."""
    st = _delirium(active=1)
    put(st, "DeC004", 0, 0, 1)
    st.players[1]["mana"] = 5
    end(st)
    assert _mana(st) == (7, 1)


@scenario("DeF002")
def def002_cube_portal_drains_when_held_by_an_enemy_or_starling() -> None:
    """END OF TURN: DRAIN 1 if occupied by an enemy unit or Starling."""
    for occupant, owner, drains in ((FILLER, 1, True), ("DeU005", 0, True), (FILLER, 0, False)):
        st = _delirium()
        cast(st, "DeF002", 5)
        put(st, occupant, owner, 5)
        st.players[1]["mana"] = 2
        before = st.players[0]["mana"]
        st.active = 0
        end(st)
        assert st.players[0]["mana"] == before + (1 if drains else 0)


@scenario("DeF006")
def def006_poppy_fields_drain_and_stun() -> None:
    """TRAP: DRAIN 1. Enemy units entering this space are STUNNED."""
    st = _delirium()
    cast(st, "DeF006", 5)
    foe = put(st, FILLER, 1, 9)
    end(st)
    assert _mana(st) == (0, 1)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [5] and foe["stun"] and _mana(st) == (1, 0)


@scenario("DeS005")
def des005_land_deviation_takes_an_unguarded_fort() -> None:
    """Gain ownership of an enemy fort without a stationed enemy unit."""
    st = _delirium()
    free, held = build(st, "ThF003", 1, 9), build(st, "ThF003", 1, 10)
    put(st, FILLER, 1, 10)
    st.players[0].update(hand=["DeS005"], mana=4)
    assert f"play:DeS005:{on(held)}" not in codes(st)
    st.players[0]["hand"] = []
    cast(st, "DeS005", on(free))
    assert free["owner"] == 0 and held["owner"] == 1


@scenario("DeS008")
def des008_warp_mending_heals_and_shifts() -> None:
    """HEAL unit for 2 and SHIFT it."""
    st = _delirium()
    u = put(st, FILLER, 0, 4)
    u["dmg"] = 3
    cast(st, "DeS008", on(u))
    assert u["dmg"] == 1 and u["sp"] == [5]


@scenario("DeS009")
def des009_concussion_devourer_eats_the_stunned() -> None:
    """Destroy any STUNNED non-Champion unit."""
    st = _delirium()
    dazed, awake = put(st, FILLER, 1, 8), put(st, FILLER, 1, 9)
    champ = put(st, "DeC003", 1, 10)
    dazed["stun"] = champ["stun"] = 1
    st.players[0].update(hand=["DeS009"], mana=3)
    legal = codes(st)
    assert f"play:DeS009:{on(awake)}" not in legal and f"play:DeS009:{on(champ)}" not in legal
    st.players[0]["hand"] = []
    cast(st, "DeS009", on(dazed))
    assert dazed not in st.units and awake in st.units


@scenario("DeS010")
def des010_draw_into_madness_pulls_the_enemy_spawn_row() -> None:
    """PULL all units in the enemy's spawn row."""
    st = _delirium()
    a, b, c = put(st, FILLER, 1, 12), put(st, FILLER, 1, 13), put(st, FILLER, 1, 9)
    cast(st, "DeS010")
    assert (a["sp"], b["sp"], c["sp"]) == ([8], [13], [9])


@scenario("DeS014")
def des014_cosmic_raze_hits_harder_beside_a_starling() -> None:
    """Deal 2 damage to a unit. If a Starling unit is in the same lane, deal 5 damage instead."""
    st = _delirium()
    alone, watched = put(st, "AeU027", 1, 9), put(st, "AeU027", 1, 8)
    put(st, "DeU005", 0, 0)
    cast(st, "DeS014", on(alone))
    cast(st, "DeS014", on(watched))
    assert (alone["dmg"], watched["dmg"]) == (2, 5)


@scenario("DeU002")
def deu002_sleeping_mists_grow_at_random() -> None:
    """SPAWN: Randomly gain +2 Power or +2 Health."""
    st = _delirium()
    cast(st, "DeU002", 0)
    assert stats(st, at(st, 0)) in ((3, 1), (1, 3))


@scenario("DeU004")
def deu004_temptation_witness_pulls_from_the_spawn_row() -> None:
    """SPAWN: PULL an enemy unit in this lane's spawn row."""
    st = _delirium()
    foe, other = put(st, FILLER, 1, 12), put(st, FILLER, 1, 13)
    cast(st, "DeU004", 0)
    assert foe["sp"] == [8] and other["sp"] == [13]


def _creeper(card: str) -> None:
    st = _delirium()
    c = put(st, card, 0, 4)
    cast(st, "ToS001", on(c))
    assert c["dmg"] == 1 and st.players[0]["tokens"] == 1


@scenario("DeU005")
def deu005_chum_creeper_banks_a_token_when_hurt() -> None:
    """When this unit takes damage, gain 1 Champion Token."""
    _creeper("DeU005")


@scenario("ToU003")
def tou003_chum_creeper_token_banks_a_token_when_hurt() -> None:
    """When this unit takes damage, gain 1 Champion Token."""
    _creeper("ToU003")


@scenario("DeU006")
def deu006_floating_star_maw_draws() -> None:
    """FLIGHT. SPAWN: DRAW 1"""
    st = _delirium()
    cast(st, "DeU006", 0)
    assert st.players[0]["hand"] == [FILLER] and has(st, at(st, 0), "FLIGHT")


@scenario("DeU011")
def deu011_fear_eaters_bite_the_unhurt() -> None:
    """This unit has +2 Power if in combat with an enemy unit at full Health."""
    for hurt, dealt in ((0, 3), (1, 1)):
        st = _delirium()
        fe, foe = put(st, "DeU011", 0, 4), put(st, "DeU030", 1, 8)
        foe["dmg"] = hurt
        do(st, A.Activate(fe["id"]))
        assert foe["dmg"] == hurt + dealt


@scenario("DeU013")
def deu013_infected_host_leaves_a_creeper() -> None:
    """RESPAWN a 0/2 Creeper."""
    st = _delirium()
    host = put(st, "DeU013", 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(host["id"]))
    creeper = at(st, 4)
    assert host not in st.units and creeper["card"] == "ToU003" and creeper["owner"] == 0


@scenario("DeU015")
def deu015_starling_watcher_draws_per_fragment() -> None:
    """EXECUTE: For each Mana Fragment on the defeated enemy unit, DRAW 1."""
    st = _delirium()
    w = put(st, "DeU015", 0, 4)
    put(st, "DeU030", 1, 8)["dmg"] = 4  # 3 fragments, 2 health left
    do(st, A.Activate(w["id"]))
    assert unit_at(st, 8) is None and len(st.players[0]["hand"]) == 3


@scenario("DeU016")
def deu016_tethered_stitcher_stitches_a_death_drain() -> None:
    """START OF TURN: Grant a random ally unit DEATH: DRAIN 1."""
    st = _delirium(active=1)
    ts = put(st, "DeU016", 0, 0)
    st.players[1]["mana"] = 3
    end(st)
    assert any(a["on"] == "death" for a in ts["ab"])
    cast(st, "ToS001", on(ts))
    assert ts not in st.units and st.players[1]["mana"] == 2


@scenario("DeU017")
def deu017_greater_madness_burns_by_fragments() -> None:
    """EXECUTE: The enemy Stronghold takes damage equal to the Mana Fragments earned from the
    killed unit."""
    st = _delirium()
    gm = put(st, "DeU017", 0, 4)
    put(st, "DeU030", 1, 8)["dmg"] = 4  # 3 fragments
    do(st, A.Activate(gm["id"]))
    assert unit_at(st, 8) is None and sh(st, 1) == 12


def _drain_one(card: str) -> None:
    st = _delirium()
    st.players[1]["mana"] = 2
    cast(st, card, 0)
    assert _mana(st) == (1, 1)


@scenario("DeU018")
def deu018_war_stitcher_drains_on_arrival() -> None:
    """SPAWN: DRAIN 1"""
    _drain_one("DeU018")


@scenario("DeU030")
def deu030_phase_stitcher_drains_coming_and_going() -> None:
    """SPAWN and DEATH: DRAIN 1."""
    _drain_one("DeU030")
    st = _delirium()
    ps = put(st, "DeU030", 0, 4)
    ps["dmg"] = 5
    st.players[1]["mana"] = 2
    cast(st, "ToS001", on(ps))
    assert ps not in st.units and st.players[1]["mana"] == 1


@scenario("DeU019")
def deu019_unstable_cluster_bursts_on_death() -> None:
    """DEATH: When this unit is destroyed, deal 2 damage to all adjacent units."""
    st = _delirium()
    uc, foe = put(st, "DeU019", 0, 4), put(st, "DeU030", 1, 8)
    side, far = put(st, FILLER, 0, 5), put(st, FILLER, 0, 6)
    do(st, A.Activate(uc["id"]))
    assert uc not in st.units and (foe["dmg"], side["dmg"], far["dmg"]) == (4, 2, 0)


@scenario("DeU022")
def deu022_backlash_rumbler_drains_in_enemy_territory() -> None:
    """END OF TURN: If this unit is in Enemy Territory, DRAIN 2."""
    for space, gain in ((8, 2), (4, 0)):
        st = _delirium()
        put(st, "DeU022", 0, space)
        st.players[1]["mana"] = 3
        end(st)
        assert st.players[0]["mana"] == gain


@scenario("DeU024")
def deu024_popcorn_leech_hops_into_the_frontlines() -> None:
    """START OF TURN: Move this unit to a random space in the Frontlines."""
    st = _delirium(active=1)
    leech = put(st, "DeU024", 0, 0)
    end(st)
    assert 4 <= leech["sp"][0] <= 11


@scenario("DeU026")
def deu026_consumption_worm_keeps_copies_of_its_kills() -> None:
    """GIANT. EXECUTE: Add a copy of non-Champion units killed by this unit into your hand."""
    st = _delirium()
    worm = put(st, "DeU026", 0, 4, 5)
    put(st, WEAK, 1, 8)
    put(st, "DeU013", 1, 9)
    do(st, A.Activate(worm["id"]))
    assert sorted(st.players[0]["hand"]) == ["DeU013", WEAK]


@scenario("DeU027")
def deu027_soul_void_takes_the_fragments() -> None:
    """EXECUTE: You earn the Mana Fragments from killed enemy units."""
    st = _delirium()
    sv = put(st, "DeU027", 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(sv["id"]))
    assert unit_at(st, 8) is None and _mana(st) == (2, 0)


@scenario("DeU031")
def deu031_drifting_silence_leaves_creepers_when_it_acts() -> None:
    """When this unit takes an action add a 0/2 Creeper to your hand."""
    st = _delirium()
    ds = put(st, "DeU031", 0, 4)
    do(st, A.Activate(ds["id"]))
    assert ds["sp"] == [8] and st.players[0]["hand"] == ["ToU003"]
