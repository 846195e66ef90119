"""Eclipse card scenarios, each written from the card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront.board import fort_at, unit_at
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import at, cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, do, put

WEAK = "ScU003"  # Battalion, 1/2, 1 fragment


def _eclipse(active: int = 0):  # type: ignore[no-untyped-def]
    return board(active=active, factions=("eclipse", "scales"))


def _hit(card: str, foe: str = FILLER, own_sh: int = 15):  # type: ignore[no-untyped-def]
    """`card` (seat 0, on 4) attacks `foe` (seat 1, on 8); returns (state, attacker, defender)."""
    st = _eclipse()
    st.players[0]["sh"] = own_sh
    me, them = put(st, card, 0, 4), put(st, foe, 1, 8)
    do(st, A.Activate(me["id"]))
    return st, me, them


@scenario("EcC001")
def ecc001_gajji_necromancer_fills_ally_territory_with_stygians() -> None:
    """SPAWN: Deploy a 1/1 Stygian in each open space in Ally Territory."""
    st = _eclipse()
    put(st, FILLER, 0, 5)
    put(st, FILLER, 1, 6)
    cast(st, "EcC001", 0)
    made = sorted(u["sp"][0] for u in st.units if u["card"] == "ToU001")
    assert made == [1, 2, 3, 4, 7] and all(at(st, s)["owner"] == 0 for s in made)


@scenario("EcC002")
def ecc002_the_first_siphons_three() -> None:
    """SIPHON 3."""
    st, me, foe = _hit("EcC002", own_sh=10)
    assert foe not in st.units and sh(st, 0) == 13


@scenario("EcC003")
def ecc003_tempest_chaos_constructor_grows_on_discards() -> None:
    """When you discard a card, randomly grant FLIGHT, RANGE, BLIGHT, or +2/+2."""
    st = _eclipse()
    champ = put(st, "EcC003", 0, 0)
    st.players[0]["hand"] = [FILLER]
    do(st, A.Discard(FILLER))
    gains = [has(st, champ, k) > 0 for k in ("FLIGHT", "RANGE", "BLIGHT")]
    gains.append(stats(st, champ) == (5, 7))
    assert sum(gains) == 1 and st.players[0]["mana"] == 1


@scenario("EcC004")
def ecc004_grim_angel_lends_grim_visions() -> None:
    """BLIGHT. While this Champion is in play, grant all non-Grim Vision ally units RESPAWN 1/1
    Grim Vision."""
    st = _eclipse()
    put(st, "EcC004", 0, 0)
    weak = put(st, WEAK, 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(weak["id"]))
    vision = at(st, 4)
    assert vision["card"] == "ToU006" and vision["owner"] == 0
    vision["sick"] = False
    do(st, A.Activate(vision["id"]))
    assert unit_at(st, 4) is None


@scenario("EcC005")
def ecc005_the_sage_of_scythe_weaves_looms() -> None:
    """SPAWN: Add 2 Loom forts to your hand. SURVIVOR: Add a Loom fort to your hand. DEATH: Destroy
    all Loom forts in play."""
    st = _eclipse()
    cast(st, "EcC005", 0)
    assert st.players[0]["hand"] == ["ToF004", "ToF004"]
    st, me, _ = _hit("EcC005", WEAK)
    assert st.players[0]["hand"] == ["ToF004"]
    st = _eclipse()
    build(st, "ToF004", 0, 5)
    build(st, "ToF004", 1, 9)
    build(st, "ThF003", 0, 6)
    sage = put(st, "EcC005", 0, 4)
    put(st, "AeU027", 1, 8)  # 7/7: the Looms' +1/+1 does not save the Sage
    do(st, A.Activate(sage["id"]))
    assert sage not in st.units and [f["card"] for f in st.forts] == ["ThF003"]


@scenario("EcF003")
def ecf003_blight_tower_destroys_fragmentless_entrants() -> None:
    """TRAP: Destroy enemy non-Champion units with no Mana Fragments."""
    for foe_card, dies in (("ToU001", True), (WEAK, False)):
        st = _eclipse()
        cast(st, "EcF003", 5)
        foe = put(st, foe_card, 1, 9)
        end(st)
        do(st, A.Activate(foe["id"]))
        assert (foe not in st.units) == dies


@scenario("EcF005")
def ecf005_dread_grounds_weakens_and_crumbles() -> None:
    """TRAP: Deal 1 damage to unit and then destroy this fort. Units damaged have their Power
    changed to 1."""
    st = _eclipse()
    cast(st, "EcF005", 5)
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [5] and stats(st, foe) == (1, 4) and st.forts == []


@scenario("EcF008")
def ecf008_wasteland_hurts_on_both_halves() -> None:
    """TRAP: Deal 1 damage to unit. (a GIANT fort)"""
    st = _eclipse()
    cast(st, "EcF008", 5)
    assert fort_at(st, 5) is not None and fort_at(st, 6) is not None
    a, b = put(st, FILLER, 1, 9), put(st, FILLER, 1, 10)
    end(st)
    do(st, A.Activate(a["id"]))
    do(st, A.Activate(b["id"]))
    assert (a["sp"], a["dmg"], b["sp"], b["dmg"]) == ([5], 1, [6], 1)


@scenario("EcS001")
def ecs001_sigil_of_the_tempest_costs_a_stronghold_point() -> None:
    """Grant Tempest unit +1/+1 and Deal 1 damage to your Stronghold."""
    st = _eclipse()
    t = put(st, "EcU012", 0, 4)
    cast(st, "EcS001", on(t))
    assert stats(st, t) == (3, 3) and sh(st, 0) == 14


@scenario("EcS002")
def ecs002_sigil_of_stygia_refreshes_a_stygian_ally() -> None:
    """Deal 1 damage to a unit. If the unit is a Stygian ally, refresh it."""
    st = _eclipse()
    mine, theirs = put(st, "EcU022", 0, 4), put(st, "EcU022", 1, 8)
    mine["acted"] = theirs["acted"] = True
    cast(st, "EcS002", on(mine))
    cast(st, "EcS002", on(theirs))
    assert (mine["dmg"], mine["acted"], theirs["dmg"], theirs["acted"]) == (1, False, 1, True)


@scenario("EcS005")
def ecs005_hymn_of_the_gajji_feeds_on_fallen_allies() -> None:
    """Grant an ally unit +1 Power or +1 Health at random each time another ally unit is
    destroyed."""
    st = _eclipse()
    blessed, weak = put(st, FILLER, 0, 1), put(st, WEAK, 0, 4)
    put(st, FILLER, 1, 8)
    cast(st, "EcS005", on(blessed))
    do(st, A.Activate(weak["id"]))
    assert weak not in st.units and stats(st, blessed) in ((5, 5), (4, 6))


@scenario("EcS007")
def ecs007_blood_pact_siphons_the_row() -> None:
    """Destroy an ally unit and grant SIPHON 1 to all ally units in its row."""
    st = _eclipse()
    victim, a, b = put(st, WEAK, 0, 4), put(st, FILLER, 0, 5), put(st, FILLER, 0, 6)
    back, foe = put(st, FILLER, 0, 0), put(st, FILLER, 1, 7)
    cast(st, "EcS007", on(victim))
    assert victim not in st.units
    assert [has(st, u, "SIPHON") for u in (a, b, back, foe)] == [1, 1, 0, 0]


@scenario("EcS008")
def ecs008_sigil_of_joining_moves_strength() -> None:
    """Destroy an ally unit and grant a random ally +2/+2."""
    st = _eclipse()
    victim, other, foe = put(st, WEAK, 0, 4), put(st, FILLER, 0, 5), put(st, FILLER, 1, 8)
    cast(st, "EcS008", on(victim))
    assert victim not in st.units and stats(st, other) == (6, 7) and stats(st, foe) == (4, 5)


@scenario("EcS012")
def ecs012_forced_decay_razes_or_burns() -> None:
    """CHOOSE ONE: Destroy a fort -or- Deal 2 damage to the enemy Stronghold."""
    st = _eclipse()
    f = build(st, "ThF003", 1, 9)
    cast(st, "EcS012", on(f), mode=0)
    assert st.forts == [] and sh(st, 1) == 15
    cast(st, "EcS012", "-", mode=1)
    assert sh(st, 1) == 13


def _plain(card: str) -> None:
    st = _eclipse()
    cast(st, card, 0)
    u = at(st, 0)
    c = C.card(card)
    assert stats(st, u) == (c["power"], c["health"]) and u["ab"] == []


@scenario("EcU002")
def ecu002_stygian_skirmishers_are_a_plain_stygian() -> None:
    """N/A (a 1/2 Stygian)"""
    _plain("EcU002")


@scenario("EcU003")
def ecu003_shade_reavers_hurt_home_while_at_home() -> None:
    """START OF TURN: If in Ally Territory, deal 1 damage to your Stronghold."""
    st = _eclipse(active=1)
    put(st, "EcU003", 0, 4)
    put(st, "EcU003", 0, 8)
    end(st)
    assert sh(st, 0) == 14


@scenario("EcU006")
def ecu006_blood_scavenger_toughens_its_row_on_death() -> None:
    """DEATH: Grant +1 Health to all ally units in this row."""
    st = _eclipse()
    sc, row, back = put(st, "EcU006", 0, 4), put(st, FILLER, 0, 5), put(st, FILLER, 0, 1)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(sc["id"]))
    assert sc not in st.units and stats(st, row) == (4, 6) and stats(st, back) == (4, 5)


@scenario("EcU007")
def ecu007_shade_trancers_hit_hard_abroad() -> None:
    """This unit gains Power +3 while in Enemy Territory."""
    st = _eclipse()
    away, home = put(st, "EcU007", 0, 8), put(st, "EcU007", 0, 4)
    assert stats(st, away) == (4, 2) and stats(st, home) == (1, 2)


@scenario("EcU008")
def ecu008_blight_ghosts_come_back_to_hand() -> None:
    """BLIGHT. If this unit is killed by combat, return it to your hand."""
    st, me, foe = _hit("EcU008", WEAK)
    assert me not in st.units and st.players[0]["hand"] == ["EcU008"] and foe["frags"] == 0
    st = _eclipse()
    ghost = put(st, "EcU008", 0, 4)
    cast(st, "EcS008", on(ghost))
    assert st.players[0]["hand"] == []


@scenario("EcU009")
def ecu009_vengeful_ghosts_come_back_to_hand() -> None:
    """If this unit is killed by combat, return it to your hand."""
    st, me, foe = _hit("EcU009")
    assert me not in st.units and foe["dmg"] == 3 and st.players[0]["hand"] == ["EcU009"]


@scenario("EcU010")
def ecu010_shade_manipulators_siphon_abroad() -> None:
    """BLIGHT. While in Enemy Territory, gain SIPHON 2."""
    st = _eclipse()
    st.players[0]["sh"] = 10
    me, foe = put(st, "EcU010", 0, 8), put(st, WEAK, 1, 12)
    do(st, A.Activate(me["id"]))
    assert foe not in st.units and sh(st, 0) == 12 and st.players[1]["mana"] == 0
    st, me, foe = _hit("EcU010", own_sh=10)
    assert sh(st, 0) == 10


@scenario("EcU011")
def ecu011_conjoined_stygians_bring_a_friend() -> None:
    """SPAWN: Add a 1/1 Stygian to your hand."""
    st = _eclipse()
    cast(st, "EcU011", 0)
    assert st.players[0]["hand"] == ["ToU001"]


@scenario("EcU018")
def ecu018_plague_marauder_wastes_as_allies_fall() -> None:
    """Randomly lose -1 to Health or Power each time an ally unit is destroyed."""
    st = _eclipse()
    pm, weak = put(st, "EcU018", 0, 1), put(st, WEAK, 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(weak["id"]))
    assert weak not in st.units and stats(st, pm) in ((4, 5), (5, 4))


@scenario("EcU019")
def ecu019_howling_ghosts_siphon_one() -> None:
    """SIPHON 1."""
    st, _, foe = _hit("EcU019", own_sh=10)
    assert foe["dmg"] == 2 and sh(st, 0) == 11


@scenario("EcU020")
def ecu020_necromancer_ministers_sting_at_start() -> None:
    """START OF TURN: Deal 1 damage to a random enemy unit."""
    st = _eclipse(active=1)
    put(st, "EcU020", 0, 0)
    foe, mine = put(st, FILLER, 1, 8), put(st, FILLER, 0, 4)
    end(st)
    assert foe["dmg"] == 1 and mine["dmg"] == 0


@scenario("EcU021")
def ecu021_shade_inflictors_bring_a_stygian_when_they_survive() -> None:
    """SURVIVOR: Add a 1/1 Stygian to your hand."""
    st, me, _ = _hit("EcU021", WEAK)
    assert me["dmg"] == 1 and st.players[0]["hand"] == ["ToU001"]


@scenario("EcU022")
def ecu022_stygian_torchmen_are_plain() -> None:
    """N/A (a 3/4 Stygian)"""
    _plain("EcU022")


@scenario("EcU023")
def ecu023_stygian_shocktroopers_shoot() -> None:
    """RANGE."""
    st = _eclipse()
    me, foe = put(st, "EcU023", 0, 0), put(st, FILLER, 1, 8)
    do(st, A.Activate(me["id"]))
    assert me["sp"] == [0] and me["dmg"] == 0 and foe["dmg"] == 1


@scenario("EcU025")
def ecu025_necromancer_coven_sets_victims_to_one() -> None:
    """RANGE. Enemy units damaged by this unit have their Power changed to 1."""
    st = _eclipse()
    me, foe = put(st, "EcU025", 0, 0), put(st, FILLER, 1, 8)
    do(st, A.Activate(me["id"]))
    assert me["dmg"] == 0 and stats(st, foe) == (1, 3)


@scenario("EcU032")
def ecu032_maelstrom_of_ghosts_blights_and_siphons() -> None:
    """BLIGHT. SIPHON 1."""
    st, _, foe = _hit("EcU032", WEAK, own_sh=10)
    assert foe not in st.units and st.players[1]["mana"] == 0 and sh(st, 0) == 11


@scenario("EcU033")
def ecu033_the_dread_shade_siphons_two() -> None:
    """SIPHON 2."""
    st, _, foe = _hit("EcU033", own_sh=10)
    assert foe not in st.units and sh(st, 0) == 12


@scenario("ToF004")
def tof004_revelation_loom_lifts_the_champion_and_leaves_spiders() -> None:
    """Ally Champion gains +1/+1 while this fort is in play. DEATH: If this fort's space is
    unoccupied, RESPAWN a Spiders of Scythe."""
    st = _eclipse()
    champ, other = put(st, "EcC002", 0, 0), put(st, FILLER, 0, 1)
    loom = build(st, "ToF004", 0, 5)
    assert stats(st, champ) == (7, 9) and stats(st, other) == (4, 5)
    cast(st, "EcS012", on(loom), mode=0)
    assert stats(st, champ) == (6, 8)
    spiders = at(st, 5)
    assert spiders["card"] == "EcU014" and spiders["owner"] == 0


@scenario("ToU001")
def tou001_animated_stygian_is_a_plain_stygian() -> None:
    """N/A (a 1/1 Stygian token)"""
    _plain("ToU001")


@scenario("ToU006")
def tou006_grim_vision_is_plain() -> None:
    """N/A (a 1/1 token)"""
    _plain("ToU006")
