"""Aegis card scenarios, each written from the card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront.board import fort_at
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import at, cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Battalion, 1/2


@scenario("AeC001")
def aec001_eos_alpha_blesses_every_tile_without_a_fort() -> None:
    """GIANT. SPAWN: Bless all tiles that do not have a fort."""
    st = board(factions=("aegis", "scales"))
    build(st, "ThF003", 1, 9)
    cast(st, "AeC001", 0)
    assert at(st, 0)["sp"] == [0, 1]
    assert st.blessed == [s for s in range(16) if s != 9]


@scenario("AeC002")
def aec002_immortal_banner_lifts_allies_in_enemy_territory() -> None:
    """STEELWARD. REGEN 1. Ally units in enemy territory gain +2 Power while this champion is at
    full health."""
    st = board(factions=("aegis", "scales"))
    banner = put(st, "AeC002", 0, 0)
    far, near = put(st, FILLER, 0, 8), put(st, FILLER, 0, 4)
    assert stats(st, far) == (6, 5) and stats(st, near) == (4, 5)
    banner["dmg"] = 2
    assert stats(st, far) == (4, 5)
    st.players[0]["hand"], st.players[0]["mana"] = ["AeS015"], 3
    assert f"play:AeS015:{on(banner)}" not in codes(st)
    end(st)
    assert banner["dmg"] == 1


@scenario("AeF004")
def aef004_exalted_ward_hits_and_blesses() -> None:
    """TRAP: Deal 3 damage and BLESS this tile."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeF004", 5)
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [5] and foe["dmg"] == 3 and 5 in st.blessed


@scenario("AeF016")
def aef016_wormholes_sends_a_scout_when_its_owner_spawns() -> None:
    """When the owner of this Fort spawns a unit, deploy a Genesis Scout on this space if it is not
    occupied."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeF016", 5)
    cast(st, FILLER, 0)
    scout = at(st, 5)
    assert scout["card"] == "AeU000" and scout["owner"] == 0
    cast(st, FILLER, 1)
    assert sum(u["card"] == "AeU000" for u in st.units) == 1


@scenario("AeS001")
def aes001_planar_incineration_destroys_a_fort_and_blesses() -> None:
    """Destroy a fort. BLESS the space."""
    st = board(factions=("aegis", "scales"))
    f = build(st, "ThF003", 1, 9)
    cast(st, "AeS001", on(f))
    assert st.forts == [] and st.blessed == [9]


@scenario("AeS013")
def aes013_returning_flock_adds_scouts() -> None:
    """Add 1-3 Genesis Scouts to your hand."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeS013")
    hand = st.players[0]["hand"]
    assert 1 <= len(hand) <= 3 and set(hand) == {"AeU000"}


@scenario("AeS014")
def aes014_tethered_grip_hits_enemies_on_blessed_tiles() -> None:
    """Deal 2 damage to each enemy unit on a BLESSED tile."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [4, 8]
    a, b, c = put(st, FILLER, 1, 8), put(st, FILLER, 1, 9), put(st, FILLER, 0, 4)
    cast(st, "AeS014")
    assert (a["dmg"], b["dmg"], c["dmg"]) == (2, 0, 0)


@scenario("AeS015")
def aes015_sanctioning_shrinks_a_unit() -> None:
    """Grant a unit -2/-2."""
    st = board(factions=("aegis", "scales"))
    foe = put(st, FILLER, 1, 8)
    cast(st, "AeS015", on(foe))
    assert stats(st, foe) == (2, 3)


@scenario("AeS016")
def aes016_pocket_energy_pays_for_blessed_frontline_tiles() -> None:
    """Gain 1 Mana for each BLESSED tile in the Frontlines."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [0, 4, 9, 10, 15]
    cast(st, "AeS016")
    assert st.players[0]["mana"] == 3


@scenario("AeS017")
def aes017_divine_gift_blesses_a_lane() -> None:
    """Turn all tiles without a Fort in target lane into BLESSED tiles."""
    st = board(factions=("aegis", "scales"))
    build(st, "ThF003", 1, 9)
    cast(st, "AeS017", "L1")
    assert st.blessed == [1, 5, 13]


@scenario("AeS019")
def aes019_ageless_strength_heals_omega_units() -> None:
    """Heal all OMEGA units to full Health."""
    st = board(factions=("aegis", "scales"))
    mine, theirs, other = put(st, "AeU022", 0, 4), put(st, "AeU027", 1, 8), put(st, FILLER, 0, 5)
    mine["dmg"], theirs["dmg"], other["dmg"] = 5, 3, 2
    cast(st, "AeS019")
    assert (mine["dmg"], theirs["dmg"], other["dmg"]) == (0, 0, 2)


@scenario("AeS022")
def aes022_benediction_of_fury_lifts_the_champion() -> None:
    """Grant ally Champion +1/+1 if it is in play."""
    st = board(factions=("aegis", "scales"))
    champ, other = put(st, "AeC002", 0, 0), put(st, FILLER, 0, 1)
    cast(st, "AeS022")
    assert stats(st, champ) == (5, 6) and stats(st, other) == (4, 5)


@scenario("AeS023")
def aes023_benediction_of_humility_zeroes_an_enemy() -> None:
    """Reduce the power of a random enemy unit to 0."""
    st = board(factions=("aegis", "scales"))
    foe, mine = put(st, FILLER, 1, 8), put(st, FILLER, 0, 4)
    cast(st, "AeS023")
    assert stats(st, foe) == (0, 5) and stats(st, mine) == (4, 5)


@scenario("AeS024")
def aes024_benediction_of_indignation_spreads_three() -> None:
    """Deal 3 damage randomly to enemy units, enemy WALL forts, and Stronghold."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeS024")
    assert sh(st, 1) == 12
    st = board(factions=("aegis", "scales"))
    foe, mine = put(st, FILLER, 1, 8), put(st, FILLER, 0, 4)
    cast(st, "AeS024")
    assert foe["dmg"] + 15 - sh(st, 1) == 3 and mine["dmg"] == 0 and sh(st, 0) == 15


@scenario("AeS025")
def aes025_benediction_of_justice_hits_the_stronghold() -> None:
    """Deal 2 damage to the enemy Stronghold."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeS025")
    assert sh(st, 1) == 13 and sh(st, 0) == 15


@scenario("AeS026")
def aes026_benediction_of_peace_adds_health() -> None:
    """Grant +2 Health to a random Ally unit."""
    st = board(factions=("aegis", "scales"))
    mine, foe = put(st, FILLER, 0, 4), put(st, FILLER, 1, 8)
    cast(st, "AeS026")
    assert stats(st, mine) == (4, 7) and stats(st, foe) == (4, 5)


@scenario("AeS027")
def aes027_benediction_of_purity_blesses_three() -> None:
    """Randomly Bless 3 tiles."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeS027")
    assert len(st.blessed) == 3


@scenario("AeS029")
def aes029_benediction_of_serenity_heals_allies() -> None:
    """All Ally units heal to their full health."""
    st = board(factions=("aegis", "scales"))
    a, b, foe = put(st, FILLER, 0, 4), put(st, FILLER, 0, 5), put(st, FILLER, 1, 8)
    a["dmg"], b["dmg"], foe["dmg"] = 4, 1, 2
    cast(st, "AeS029")
    assert (a["dmg"], b["dmg"], foe["dmg"]) == (0, 0, 2)


@scenario("AeS031")
def aes031_benediction_of_veneration_heals_and_pays() -> None:
    """Heal your Stronghold for 2 and gain 2 mana."""
    st = board(factions=("aegis", "scales"))
    st.players[0]["sh"] = 10
    cast(st, "AeS031")
    assert sh(st, 0) == 12 and st.players[0]["mana"] == 2


@scenario("AeS032")
def aes032_benediction_of_wrath_destroys_and_draws() -> None:
    """Randomly destroy an enemy unit and DRAW 2."""
    st = board(factions=("aegis", "scales"))
    foe, mine = put(st, FILLER, 1, 8), put(st, FILLER, 0, 4)
    cast(st, "AeS032")
    assert foe not in st.units and mine in st.units
    assert len(st.players[0]["hand"]) == 2 and len(st.players[0]["deck"]) == 3


@scenario("AeS033")
def aes033_benediction_of_glory_lifts_allies() -> None:
    """All Ally units gain +1/+1."""
    st = board(factions=("aegis", "scales"))
    a, b, foe = put(st, FILLER, 0, 4), put(st, WEAK, 0, 5), put(st, FILLER, 1, 8)
    cast(st, "AeS033")
    assert stats(st, a) == (5, 6) and stats(st, b) == (2, 3) and stats(st, foe) == (4, 5)


@scenario("AeU000")
def aeu000_genesis_scout_flies_on_blessed_tiles() -> None:
    """This unit gains +1/+1 and FLIGHT while on a BLESSED tile."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [4]
    up, down = put(st, "AeU000", 0, 4), put(st, "AeU000", 0, 5)
    assert stats(st, up) == (2, 2) and has(st, up, "FLIGHT")
    assert stats(st, down) == (1, 1) and not has(st, down, "FLIGHT")


@scenario("AeU001")
def aeu001_lamprey_tangle_evolves_on_blessed_tiles() -> None:
    """EVOLVE into Feeder Maw if on a BLESSED tile at the END OF TURN."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [4]
    put(st, "AeU001", 0, 4)
    put(st, "AeU001", 0, 5)
    end(st)
    assert at(st, 4)["card"] == "AeU012" and at(st, 5)["card"] == "AeU001"


@scenario("AeU003")
def aeu003_psychic_visions_blesses_two_frontline_tiles_on_death() -> None:
    """DEATH: BLESS 2 random tiles in the frontlines."""
    st = board(factions=("aegis", "scales"))
    pv = put(st, "AeU003", 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(pv["id"]))
    assert pv not in st.units
    assert len(st.blessed) == 2 and all(4 <= s <= 11 for s in st.blessed)


@scenario("AeU004")
def aeu004_sacred_mystics_bless_where_they_go() -> None:
    """BLESS. SHIFT."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeU004", 0)
    assert st.blessed == [0]
    mystic = at(st, 0)
    mystic["sick"] = False
    do(st, A.Shift(mystic["id"], 1))
    assert mystic["sp"] == [1] and st.blessed == [0, 1]


@scenario("AeU007")
def aeu007_terraform_machine_razes_unblessed_forts() -> None:
    """STEELWARD. BLESS. Destroy any non-BLESSED fort this unit moves onto."""
    st = board(factions=("aegis", "scales"))
    tm = put(st, "AeU007", 0, 4)
    build(st, "ThF003", 1, 8)
    assert st.blessed == [4]
    do(st, A.Activate(tm["id"]))
    assert tm["sp"] == [8] and fort_at(st, 8) is None
    tm["acted"] = False
    do(st, A.Activate(tm["id"]))
    assert tm["sp"] == [12] and 12 in st.blessed


@scenario("AeU011")
def aeu011_blessed_steward_shifts_on_blessed_tiles() -> None:
    """REGEN. Gain SHIFT while occupying a BLESSED tile."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [4]
    a, b = put(st, "AeU011", 0, 4), put(st, "AeU011", 0, 6)
    assert has(st, a, "SHIFT") and not has(st, b, "SHIFT")
    a["dmg"] = 3
    end(st)
    assert a["dmg"] == 2


@scenario("AeU012")
def aeu012_feeder_maw_eats_its_blessed_tile() -> None:
    """START OF TURN: If occupying a BLESSED tile, destroy BLESSED tile and gain +2/+2."""
    st = board(active=1, factions=("aegis", "scales"))
    st.blessed = [4]
    fed, hungry = put(st, "AeU012", 0, 4), put(st, "AeU012", 0, 5)
    end(st)
    assert stats(st, fed) == (3, 3) and stats(st, hungry) == (1, 1) and st.blessed == []


@scenario("AeU015")
def aeu015_rumor_lich_lifts_blessed_allies_on_death() -> None:
    """STEELWARD. DEATH: All ally units on a BLESSED tile gain +2/+2."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [1, 9]
    lich = put(st, "AeU015", 0, 4)
    put(st, FILLER, 1, 8)
    blessed, plain, foe = put(st, FILLER, 0, 1), put(st, FILLER, 0, 2), put(st, FILLER, 1, 9)
    do(st, A.Activate(lich["id"]))
    assert lich not in st.units
    assert stats(st, blessed) == (6, 7) and stats(st, plain) == (4, 5) and stats(st, foe) == (4, 5)


@scenario("AeU017")
def aeu017_sanguis_archer_blesses_where_it_kills() -> None:
    """STEELWARD. RANGE. EXECUTE: BLESS the space under the destroyed unit if there isn't a fort
    present."""
    st = board(factions=("aegis", "scales"))
    archer = put(st, "AeU017", 0, 0)
    foe = put(st, WEAK, 1, 8)
    do(st, A.Activate(archer["id"]))
    assert foe not in st.units and archer["dmg"] == 0 and st.blessed == [8]


@scenario("AeU018")
def aeu018_solar_footman_evolves_when_it_survives() -> None:
    """SURVIVOR: EVOLVE into Lunar Phoenix."""
    st = board(factions=("aegis", "scales"))
    fm = put(st, "AeU018", 0, 4)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(fm["id"]))
    assert at(st, 4)["card"] == "AeU022"


@scenario("AeU021")
def aeu021_dominus_paladin_blesses_both_its_tiles() -> None:
    """BLESS. GIANT."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeU021", 0)
    assert at(st, 0)["sp"] == [0, 1] and st.blessed == [0, 1]


@scenario("AeU022")
def aeu022_lunar_phoenix_evolves_when_it_survives() -> None:
    """FLIGHT. SURVIVOR: EVOLVE into Solar Footman."""
    st = board(factions=("aegis", "scales"))
    ph = put(st, "AeU022", 0, 4)
    assert has(st, ph, "FLIGHT")
    put(st, WEAK, 1, 8)
    do(st, A.Activate(ph["id"]))
    assert at(st, 4)["card"] == "AeU018"


@scenario("AeU024")
def aeu024_pure_form_wilts_off_blessed_tiles() -> None:
    """SPAWN: BLESS. START OF TURN: Lose 4 Health if this unit is not on a BLESSED tile."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeU024", 0)
    assert st.blessed == [0]
    st.blessed = []
    end(st, 2)
    assert stats(st, at(st, 0)) == (7, 3)


@scenario("AeU025")
def aeu025_sphinx_ward_pays_on_blessed_tiles() -> None:
    """STEELWARD. START OF TURN: Gain 3 Mana if this unit is on a BLESSED tile."""
    st = board(active=1, factions=("aegis", "scales"))
    st.blessed = [4]
    put(st, "AeU025", 0, 4)
    end(st)
    assert st.players[0]["mana"] == 4


@scenario("AeU026")
def aeu026_penumbra_giant_is_a_steelwarded_giant() -> None:
    """GIANT. STEELWARD."""
    st = board(factions=("aegis", "scales"))
    cast(st, "AeU026", 0)
    g = at(st, 0)
    assert g["sp"] == [0, 1]
    st.players[0]["hand"], st.players[0]["mana"] = ["AeS015"], 3
    assert f"play:AeS015:{on(g)}" not in codes(st)


@scenario("AeU027")
def aeu027_world_thrower_heals_by_the_victims_fragments() -> None:
    """EXECUTE: Heal this unit 1 for every mana fragment of the defeated unit."""
    st = board(factions=("aegis", "scales"))
    wt = put(st, "AeU027", 0, 4)
    wt["dmg"] = 3
    foe = put(st, "DeU015", 1, 8)
    do(st, A.Activate(wt["id"]))
    assert foe not in st.units and wt["dmg"] == 3


@scenario("DuC024")
def duc024_all_father_evolves_a_friend_at_end_of_turn() -> None:
    """FLIGHT. STEELWARD. END OF TURN: EVOLVE a random friendly Non-Giant unit into a Fettered
    Shadow."""
    st = board(factions=("aegis", "scales"))
    put(st, "DuC024", 0, 0)
    put(st, FILLER, 0, 5)
    end(st)
    assert at(st, 5)["card"] == "AeU013" and at(st, 0)["card"] == "DuC024"
