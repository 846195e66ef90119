"""Essence card scenarios, each written from the card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront.board import fort_at, unit_at
from games.dragonfront.state import DFState
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import at, cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Battalion, 1/2, 1 fragment
GOLEM = "ESU003"


def _essence(active: int = 0) -> DFState:
    return board(active=active, factions=("essence", "scales"))


@scenario("ESC001")
def esc001_celestial_archangel_pushes_everyone_away() -> None:
    """SHIFT. SPAWN: PUSH all other units."""
    st = _essence()
    mine, theirs = put(st, FILLER, 0, 4), put(st, FILLER, 1, 9)
    cast(st, "ESC001", 1)
    angel = at(st, 1)
    assert mine["sp"] == [8] and theirs["sp"] == [13] and has(st, angel, "SHIFT")


@scenario("ESC004")
def esc004_west_wind_anima_fills_the_mana() -> None:
    """FLIGHT. SPRINT. SPAWN: Fill your Mana."""
    st = _essence()
    st.players[0]["sh"] = 8
    cast(st, "ESC004", 0)
    anima = at(st, 0)
    assert st.players[0]["mana"] == 10 and has(st, anima, "FLIGHT") and has(st, anima, "SPRINT")


@scenario("ESF001")
def esf001_mirrored_shard_makes_a_golem_when_the_stronghold_is_hit() -> None:
    """Add a 1/1 Golem to your hand when your Stronghold gets damaged."""
    st = _essence()
    cast(st, "ESF001", 5)
    foe = put(st, FILLER, 1, 0)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert sh(st, 0) == 11 and st.players[0]["hand"] == [GOLEM]


@scenario("ESF002")
def esf002_sky_bridge_gives_allies_flight() -> None:
    """While on this space, grant ally non-Giant units FLIGHT."""
    st = _essence()
    build(st, "ESF002", 0, 5)
    build(st, "ESF002", 0, 6)
    mine, theirs, off = put(st, FILLER, 0, 5), put(st, FILLER, 1, 6), put(st, FILLER, 0, 4)
    assert [bool(has(st, u, "FLIGHT")) for u in (mine, theirs, off)] == [True, False, False]
    st = _essence()
    build(st, "ESF002", 0, 5)
    giant = put(st, "AeU021", 0, 5, 6)
    assert not has(st, giant, "FLIGHT")


@scenario("ESS001")
def ess001_create_golem_adds_two() -> None:
    """Add two 1/1 Golems to your hand."""
    st = _essence()
    cast(st, "ESS001")
    assert st.players[0]["hand"] == [GOLEM, GOLEM]


@scenario("ESS004")
def ess004_empower_heals_or_toughens_a_golem() -> None:
    """HEAL unit for 2. If the unit is a Golem, grant it +2 Health instead."""
    st = _essence()
    plain, golem = put(st, FILLER, 0, 4), put(st, "ESU006", 0, 5)
    plain["dmg"] = golem["dmg"] = 3
    cast(st, "ESS004", on(plain))
    cast(st, "ESS004", on(golem))
    assert stats(st, plain) == (4, 4) and stats(st, golem) == (2, 3)


_CHAOS = ("ARMOR", "REGEN", "DEATHBLOW")


@scenario("ESS005")
def ess005_light_chaos_magic_grants_twice_to_golems() -> None:
    """Randomly grant an ally unit ARMOR, REGEN, or DEATHBLOW. This effect goes off twice on
    Golem units."""
    st = _essence()
    plain = put(st, FILLER, 0, 4)
    cast(st, "ESS005", on(plain))
    assert sum(bool(plain["kw"].get(k)) for k in _CHAOS) == 1
    widths = set()
    for burn in range(10):
        st = _essence()
        golem = put(st, "ESU006", 0, 5)
        for _ in range(burn):
            st.rng.choice([0, 1])
        cast(st, "ESS005", on(golem))
        got = {k for k in golem["kw"] if k in _CHAOS}
        assert set(golem["kw"]) - got == set() and 1 <= len(got) <= 2
        widths.add(len(got))
    assert 2 in widths


@scenario("ESS006")
def ess006_arranged_destiny_draws_and_adds_daggers() -> None:
    """DRAW 1. Add 1-3 Mana Daggers to your hand."""
    st = _essence()
    cast(st, "ESS006")
    hand = st.players[0]["hand"]
    assert hand[0] == FILLER and 1 <= len(hand[1:]) <= 3 and set(hand[1:]) == {"ToS001"}


@scenario("ESS007")
def ess007_bewildering_battle_stuns_all_but_golems() -> None:
    """All non-Golem units are STUNNED."""
    st = _essence()
    a, b, g = put(st, FILLER, 0, 4), put(st, FILLER, 1, 8), put(st, GOLEM, 0, 5)
    cast(st, "ESS007")
    assert (bool(a["stun"]), bool(b["stun"]), bool(g["stun"])) == (True, True, False)


@scenario("ESS008")
def ess008_celestial_wings_grant_flight() -> None:
    """Grant FLIGHT to an ally unit."""
    st = _essence()
    u = put(st, FILLER, 0, 4)
    cast(st, "ESS008", on(u))
    assert has(st, u, "FLIGHT")
    end(st, 2)
    assert has(st, u, "FLIGHT")


@scenario("ESS009")
def ess009_crosswinds_sprint_this_turn() -> None:
    """Grant SPRINT to all ally units this turn."""
    st = _essence()
    u, v = put(st, FILLER, 0, 0), put(st, FILLER, 0, 1)
    cast(st, "ESS009")
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [8]
    end(st, 2)
    do(st, A.Activate(v["id"]))
    assert v["sp"] == [5]


@scenario("ESS010")
def ess010_recycling_elements_razes_an_enemy_territory_fort() -> None:
    """Destroy a fort in enemy territory. Add 2 Mana Daggers to your hand."""
    st = _essence()
    far, near = build(st, "ThF003", 1, 9), build(st, "ThF003", 1, 5)
    st.players[0].update(hand=["ESS010"], mana=3)
    assert f"play:ESS010:{on(near)}" not in codes(st)
    st.players[0]["hand"] = []
    cast(st, "ESS010", on(far))
    assert st.forts == [near] and st.players[0]["hand"] == ["ToS001", "ToS001"]


@scenario("ESS011")
def ess011_telewarp_shift_this_turn() -> None:
    """Grant SHIFT to all ally units this turn."""
    st = _essence()
    u = put(st, FILLER, 0, 0)
    cast(st, "ESS011")
    do(st, A.Shift(u["id"], 1))
    assert u["sp"] == [1]
    end(st, 2)
    assert not has(st, u, "SHIFT")


@scenario("ESS012")
def ess012_unravel_refunds_the_forts_cost() -> None:
    """Destroy a fort. Gain Mana equal to its cost."""
    st = _essence()
    f = build(st, "ThF003", 1, 9)
    cast(st, "ESS012", on(f))
    assert st.forts == [] and st.players[0]["mana"] == C.card("ThF003")["cost"] == 2


@scenario("ESS013")
def ess013_arcane_pressure_hits_and_pushes_a_row() -> None:
    """Deal 2 damage to all enemy units in a Frontline row and PUSH them."""
    st = _essence()
    a, b, mine = put(st, FILLER, 1, 8), put(st, FILLER, 1, 9), put(st, FILLER, 0, 10)
    other = put(st, FILLER, 1, 4)
    cast(st, "ESS013", "R2")
    assert (a["sp"], a["dmg"], b["sp"], b["dmg"]) == ([12], 2, [13], 2)
    assert (mine["sp"], mine["dmg"], other["dmg"]) == ([10], 0, 0)


@scenario("ESS014")
def ess014_prophetic_storm_hits_everything() -> None:
    """Deal 3 damage to all units."""
    st = _essence()
    a, b = put(st, FILLER, 0, 4), put(st, FILLER, 1, 8)
    cast(st, "ESS014")
    assert (a["dmg"], b["dmg"], sh(st, 1), sh(st, 0)) == (3, 3, 15, 15)


@scenario("ESS015")
def ess015_ether_blast_runs_down_the_lane() -> None:
    """Deal 4 damage to a unit. Excess damage is applied down the lane ending at the enemy
    Stronghold."""
    st = _essence()
    weak, back = put(st, WEAK, 1, 8), put(st, FILLER, 1, 12)
    cast(st, "ESS015", on(weak))
    assert weak not in st.units and back["dmg"] == 2 and sh(st, 1) == 15
    st = _essence()
    weak = put(st, WEAK, 1, 8)
    cast(st, "ESS015", on(weak))
    assert weak not in st.units and sh(st, 1) == 13


@scenario("ESU001")
def esu001_celestial_guards_shift() -> None:
    """SHIFT"""
    st = _essence()
    cast(st, "ESU001", 0)
    g = at(st, 0)
    g["sick"] = False
    do(st, A.Shift(g["id"], 1))
    assert g["sp"] == [1] and stats(st, g) == (1, 3)


@scenario("ESU002")
def esu002_glyphtenders_lift_another_ally() -> None:
    """SPAWN: Give an other random ally unit +1 Power. If the target is a Golem, also give it +1
    Health."""
    st = _essence()
    golem = put(st, GOLEM, 0, 4)
    cast(st, "ESU002", 0)
    assert stats(st, golem) == (2, 2) and stats(st, at(st, 0)) == (1, 1)
    st = _essence()
    plain = put(st, FILLER, 0, 4)
    cast(st, "ESU002", 0)
    assert stats(st, plain) == (5, 5)


@scenario("ESU003")
def esu003_golem_is_a_plain_golem() -> None:
    """N/A (a 1/1 Golem)"""
    st = _essence()
    cast(st, GOLEM, 0)
    assert stats(st, at(st, 0)) == (1, 1) and C.card(GOLEM)["race"] == "GOLEM"


@scenario("ESU004")
def esu004_propulsion_construct_hits_the_pushed_foe() -> None:
    """PUSH. Deal 2 damage after combat if opposing enemy was pushed."""
    st = _essence()
    pc, foe = put(st, "ESU004", 0, 4), put(st, "ESU006", 1, 8)
    do(st, A.Activate(pc["id"]))
    assert foe["sp"] == [12] and foe["dmg"] == 3 and pc["dmg"] == 2
    st = _essence()
    pc, foe = put(st, "ESU004", 0, 4), put(st, "ESU006", 1, 8)
    put(st, FILLER, 1, 12)
    do(st, A.Activate(pc["id"]))
    assert foe["sp"] == [8] and foe["dmg"] == 1


@scenario("ESU005")
def esu005_azure_monks_hit_harder_at_two_spaces() -> None:
    """RANGE. PUSH. Gain +2 Power if the target unit is 2 spaces away."""
    st = _essence()
    monks, foe = put(st, "ESU005", 0, 0), put(st, FILLER, 1, 8)
    do(st, A.Activate(monks["id"]))
    assert monks["dmg"] == 0 and foe["dmg"] == 3 and foe["sp"] == [12]
    st = _essence()
    monks, foe = put(st, "ESU005", 0, 0), put(st, FILLER, 1, 4)
    do(st, A.Activate(monks["id"]))
    assert monks["dmg"] == 0 and foe["dmg"] == 1 and foe["sp"] == [8]


@scenario("ESU006")
def esu006_sage_golems_draw_per_golem() -> None:
    """SPAWN: DRAW 1 for every other ally Golem unit in play."""
    st = _essence()
    put(st, GOLEM, 0, 4)
    put(st, "ESU007", 0, 5)
    put(st, GOLEM, 1, 8)
    cast(st, "ESU006", 0)
    assert len(st.players[0]["hand"]) == 2


@scenario("ESU007")
def esu007_spark_golem_makes_a_dagger_when_it_survives() -> None:
    """SURVIVOR: Add a Mana Dagger to your hand."""
    st = _essence()
    g = put(st, "ESU007", 0, 4)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(g["id"]))
    assert g["dmg"] == 1 and st.players[0]["hand"] == ["ToS001"]


@scenario("ESU008")
def esu008_zephyr_golem_flies_two() -> None:
    """FLIGHT. SPRINT."""
    st = _essence()
    z = put(st, "ESU008", 0, 0)
    build(st, "ThF003", 1, 8)
    do(st, A.Activate(z["id"]))
    assert z["sp"] == [8] and has(st, z, "FLIGHT")


@scenario("ESU009")
def esu009_nesting_golem_respawns_itself_or_a_golem() -> None:
    """Randomly RESPAWN this unit or a 1/1 Golem."""
    seen = set()
    for seed in range(12):
        st = _essence()
        ng = put(st, "ESU009", 0, 4)
        put(st, "AeU027", 1, 8)
        for _ in range(seed):
            st.rng.choice([0, 1])
        do(st, A.Activate(ng["id"]))
        back = unit_at(st, 4)
        assert ng not in st.units and back is not None and back["owner"] == 0
        seen.add(back["card"])
    assert seen <= {"ESU009", GOLEM} and seen


@scenario("ESU010")
def esu010_terrene_artificer_fills_its_lane_with_golems() -> None:
    """SPAWN: Spawn a 1/1 Golem in all open frontline spaces in this lane."""
    st = _essence()
    put(st, FILLER, 1, 9)
    cast(st, "ESU010", 1)
    assert at(st, 5)["card"] == GOLEM and at(st, 9)["card"] == FILLER
    assert sum(u["card"] == GOLEM for u in st.units) == 1
    st = _essence()
    cast(st, "ESU010", 2)
    assert at(st, 6)["card"] == GOLEM == at(st, 10)["card"]


@scenario("ESU011")
def esu011_celestial_titan_pushes() -> None:
    """SHIFT. PUSH."""
    st = _essence()
    t, foe = put(st, "ESU011", 0, 4), put(st, FILLER, 1, 8)
    assert has(st, t, "SHIFT")
    do(st, A.Activate(t["id"]))
    assert foe["dmg"] == 3 and foe["sp"] == [12] and t["sp"] == [4]


@scenario("ESU012")
def esu012_inferno_golem_shoots_and_shifts() -> None:
    """RANGE. SHIFT."""
    st = _essence()
    g, foe = put(st, "ESU012", 0, 0), put(st, FILLER, 1, 9)
    do(st, A.Shift(g["id"], 1))
    do(st, A.Activate(g["id"]))
    assert g["sp"] == [1] and g["dmg"] == 0 and foe["dmg"] == 3


@scenario("ESU013")
def esu013_steelward_golem_cannot_be_targeted() -> None:
    """This unit cannot be targeted by spells."""
    st = _essence()
    g = put(st, "ESU013", 0, 4)
    st.players[0].update(hand=["ToS001"], mana=1)
    assert f"play:ToS001:{on(g)}" not in codes(st)
    assert fort_at(st, 4) is None


@scenario("ToS001")
def tos001_mana_dagger_deals_one() -> None:
    """Deal 1 damage to a unit."""
    st = _essence()
    foe = put(st, FILLER, 1, 8)
    cast(st, "ToS001", on(foe))
    assert foe["dmg"] == 1
