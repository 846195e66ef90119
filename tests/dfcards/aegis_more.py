"""More Aegis card scenarios (cards the converter once left out), each written from the card's
text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import play as P
from games.dragonfront.board import unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import damage_unit, resolve_deaths
from games.dragonfront.effects_hand import pool
from games.dragonfront.state import DFState, Unit
from games.dragonfront.stats import has
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment, cost 1
LAMPREY = "AeU001"  # Lamprey Tangle: evolves on a blessed tile at the end of its owner's turn
CLERIC = "AeU009"  # Apocalypse Cleric, 3/3 OMEGA
BENEDICTIONS = [f"AeS0{n}" for n in range(21, 34)]


def _aegis(active: int = 0) -> DFState:
    return board(active=active, factions=("aegis", "scales"))


def _kill(st: DFState, u: Unit) -> None:
    ctx = Ctx(owner=1 - u["owner"])
    damage_unit(st, u, 99, ctx, source=None)
    resolve_deaths(st, ctx)


@scenario("AeC004")
def aec004_host_immaculate_performs_a_benediction() -> None:
    """END OF TURN: Perform a random Benediction spell."""
    options = C.card("AeC004")["abilities"][0]["do"][0]["of"]
    assert options == [C.card(b)["do"] for b in BENEDICTIONS]
    seen = set()
    for seed in range(40):
        st = _aegis()
        st.rng = Rng(seed)
        put(st, "AeC004", 0, 1)
        end(st)
        seen.add(sh(st, 1))
    assert 13 in seen and 15 in seen  # Benediction of Justice some of the time, not always


@scenario("AeF002")
def aef002_aurora_bank_raises_a_twin_and_heals_on_death() -> None:
    """SPAWN: Deploy an Aurora Fort in a random space in the frontlines. DEATH: Heal your
    stronghold 2."""
    st = _aegis()
    put(st, FILLER, 1, 6)
    st.players[0]["sh"] = 10
    cast(st, "AeF002", 5)
    banks = [f for f in st.forts if f["card"] == "AeF002"]
    assert len(banks) == 2 and all(f["owner"] == 0 for f in banks)
    twin = next(f for f in banks if f["sp"] != 5)
    assert 4 <= twin["sp"] <= 11 and twin["sp"] != 6
    cast(st, "AeS001", on(twin))
    assert sh(st, 0) == 12 and len(st.forts) == 1


@scenario("AeF006")
def aef006_ley_lines_stuns_and_spreads() -> None:
    """BLESSED FORT. TRAP: STUN and add a Ley Lines Fort to a random, unoccupied BLESSED tile in
    the Frontlines."""
    st = _aegis()
    st.blessed = [5, 6, 10, 14]
    put(st, WEAK, 0, 10)
    cast(st, "AeF006", 5)
    assert 5 in st.blessed
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [5] and foe["stun"]
    new = [f for f in st.forts if f["sp"] != 5]
    assert len(new) == 1 and new[0]["card"] == "AeF006" and new[0]["sp"] == 6
    assert new[0]["owner"] == 0


@scenario("AeF007")
def aef007_triton_turret_punishes_on_evolution() -> None:
    """Any time an ally unit EVOLVES randomly grant an enemy unit -1/-1."""
    st = _aegis()
    cast(st, "AeF007", 6)
    st.blessed = [0, 12]
    put(st, LAMPREY, 0, 0)
    foe = put(st, FILLER, 1, 9)
    end(st)
    assert stats(st, foe) == (3, 4)
    theirs = put(st, LAMPREY, 1, 12)
    end(st)  # the enemy's Lamprey evolves: not an ally of the Turret
    assert theirs["card"] == "AeU012" and stats(st, foe) == (3, 4) and stats(st, theirs) == (1, 1)


@scenario("AeF008")
def aef008_two_worlds_wards_its_occupant() -> None:
    """BLESSED FORT. Can only be placed on a BLESSED tile. END OF TURN: Ally units occupying this
    fort gain STEELWARD."""
    st = _aegis()
    st.blessed = [5]
    st.players[0]["hand"], st.players[0]["mana"] = ["AeF008"], 2
    legal = codes(st)
    assert "play:AeF008:5" in legal and "play:AeF008:6" not in legal
    do(st, A.Play("AeF008", "5"))
    assert 5 in st.blessed
    mine = put(st, WEAK, 0, 5)
    end(st)
    assert has(st, mine, "STEELWARD") and on(mine) not in P.spell_targets(st, 1, "unit")


@scenario("AeF011")
def aef011_fields_of_burden_blesses_for_the_weak() -> None:
    """When a unit with a Power of 1 is destroyed, BLESS a random tile."""
    st = _aegis()
    cast(st, "AeF011", 5)
    _kill(st, put(st, FILLER, 1, 9))
    assert st.blessed == []
    _kill(st, put(st, WEAK, 1, 9))
    assert len(st.blessed) == 1


@scenario("AeF012")
def aef012_roadside_chapel_taxes_unaligned_cards() -> None:
    """Unaligned cards cost [1] extra mana to deploy."""
    # Ruling: the tax is on both seats' Unaligned cards.
    st = _aegis()
    assert C.card("EcU017")["faction"] == "Unaligned"
    cast(st, "AeF012", 5)
    assert P.card_cost(st, 0, "EcU017") == 3 and P.card_cost(st, 1, "EcU017") == 3
    assert P.card_cost(st, 0, "AeU001") == 1
    st.players[0]["hand"], st.players[0]["mana"] = ["EcU017"], 3
    do(st, A.Play("EcU017", "0"))
    assert st.players[0]["mana"] == 0


@scenario("AeF013")
def aef013_bastion_lashes_out_when_its_guard_is_hurt() -> None:
    """BLESSED FORT. Any time the occupying ally unit takes damage, deal 2 damage to adjacent
    spaces."""
    # Ruling: "adjacent spaces" are the four spaces around the fort; units of both sides there.
    st = _aegis()
    st.blessed = [5]
    cast(st, "AeF013", 5)
    assert 5 in st.blessed
    guard, left, back = put(st, FILLER, 0, 5), put(st, FILLER, 0, 4), put(st, FILLER, 0, 1)
    far = put(st, FILLER, 0, 7)
    end(st)
    foe = put(st, FILLER, 1, 9)
    do(st, A.Activate(foe["id"]))
    assert guard["dmg"] == 4 and left["dmg"] == 2 and back["dmg"] == 2 and far["dmg"] == 0
    assert foe not in st.units  # 4 from the guard and 2 from the Bastion


@scenario("AeF014")
def aef014_words_of_praenomen_ordains_one_cost_units() -> None:
    """END OF TURN: Occupying ally non-GIANT unit with Mana cost 1 EVOLVES into an Apocalypse
    Cleric."""
    st = _aegis()
    cast(st, "AeF014", 5)
    cheap = put(st, WEAK, 0, 5)
    end(st)
    assert cheap["card"] == CLERIC and stats(st, cheap) == (3, 3)
    st = _aegis()
    cast(st, "AeF014", 5)
    dear = put(st, FILLER, 0, 5)
    end(st)
    assert dear["card"] == FILLER


@scenario("AeF015")
def aef015_mount_pillar_lifts_its_occupant() -> None:
    """OMEGA units gain +2/+2 while occupying this fort, all other ally units gain +1/+1."""
    # Ruling: both bonuses are for ally units standing on the fort.
    st = _aegis()
    cast(st, "AeF015", 5)
    cast(st, "AeF015", 6)
    omega, plain, off = put(st, CLERIC, 0, 5), put(st, FILLER, 0, 6), put(st, FILLER, 0, 4)
    assert stats(st, omega) == (5, 5) and stats(st, plain) == (5, 6) and stats(st, off) == (4, 5)


@scenario("AeS002")
def aes002_minor_acolytes_adds_two_one_cost_units() -> None:
    """Add 2 random 1-cost units to your hand."""
    # Ruling: drawn from the collectible, playable 1-cost units its owner could put in a deck
    # (Aegis and Unaligned), as for every random card.
    st = _aegis()
    cast(st, "AeS002")
    hand = st.players[0]["hand"]
    assert len(hand) == 2
    assert all(c in pool("unit", "aegis", 1) and C.card(c)["cost"] == 1 for c in hand)


@scenario("AeS007")
def aes007_immortal_wrath_brings_a_unit_back_once() -> None:
    """Grant a non-champion unit RESPAWN this unit. Remove all Mana Fragments from this unit."""
    st = _aegis()
    mine = put(st, FILLER, 0, 5)
    mine["dmg"] = 3
    cast(st, "AeS007", on(mine))
    assert mine["frags"] == 0
    _kill(st, mine)
    again = unit_at(st, 5)
    assert again is not None and again["card"] == FILLER and again["dmg"] == 0
    assert st.players[0]["mana"] == 0  # no fragments came back
    _kill(st, again)
    assert unit_at(st, 5) is None and st.players[0]["mana"] == 2


@scenario("AeS018")
def aes018_parallel_pattern_copies_into_the_deck() -> None:
    """Choose a BLESSED tile and add 2 copies of any Non-Champion unit on the space to your
    deck."""
    st = _aegis()
    st.blessed = [8, 9]
    foe, off, champ = put(st, WEAK, 1, 8), put(st, WEAK, 1, 10), put(st, "ScC001", 1, 9)
    st.players[0]["hand"], st.players[0]["mana"] = ["AeS018"], 4
    legal = codes(st)
    assert f"play:AeS018:{on(foe)}" in legal
    assert f"play:AeS018:{on(off)}" not in legal and f"play:AeS018:{on(champ)}" not in legal
    do(st, A.Play("AeS018", on(foe)))
    deck = st.players[0]["deck"]
    assert len(deck) == 7 and deck.count(WEAK) == 2 and foe in st.units


@scenario("AeS020")
def aes020_purity_halo_wards_in_the_spawn_row() -> None:
    """Target ally unit has STEELWARD while in the spawn row."""
    st = _aegis()
    mine = put(st, FILLER, 0, 0)
    cast(st, "AeS020", on(mine))
    assert on(mine) not in P.spell_targets(st, 1, "unit")
    do(st, A.Activate(mine["id"]))
    assert mine["sp"] == [4] and on(mine) in P.spell_targets(st, 1, "unit")


@scenario("AeS021")
def aes021_benediction_of_fervor_speeds_or_lifts_the_champion() -> None:
    """If your champion is in your spawn row grant it SPRINT. If this unit is in the frontlines,
    grant it FLIGHT."""
    st = _aegis()
    champ = put(st, "AeC002", 0, 1)
    cast(st, "AeS021")
    assert has(st, champ, "SPRINT") and not has(st, champ, "FLIGHT")
    st = _aegis()
    champ = put(st, "AeC002", 0, 5)
    cast(st, "AeS021")
    assert has(st, champ, "FLIGHT") and not has(st, champ, "SPRINT")


@scenario("AeS028")
def aes028_benediction_of_salt_razes_an_enemy_fort() -> None:
    """Destroy a random enemy fort and gain Mana equal to its cost. Add a Mount Pillar fort to your
    hand."""
    st = _aegis()
    theirs, mine = build(st, "ThF003", 1, 9), build(st, "ThF003", 0, 5)
    cast(st, "AeS028")
    assert st.forts == [mine] and theirs not in st.forts
    assert st.players[0]["mana"] == C.card("ThF003")["cost"] and st.players[0]["hand"] == ["AeF015"]


@scenario("AeS030")
def aes030_benediction_of_the_host_blesses_the_champion_row() -> None:
    """Bless all tiles in this unit's row and spawn a 1/1 Genesis Scout in each unoccupied
    space."""
    st = _aegis()
    put(st, "AeC002", 0, 5)
    foe = put(st, FILLER, 1, 7)
    build(st, "ThF003", 1, 6)
    cast(st, "AeS030")
    assert st.blessed == [4, 5, 7]
    scouts = sorted(u["sp"][0] for u in st.units if u["card"] == "AeU000" and u["owner"] == 0)
    assert scouts == [4, 6] and unit_at(st, 7) is foe


@scenario("AeU008")
def aeu008_the_dreaming_draws_on_evolution_and_respawn() -> None:
    """DRAW a card everytime a unit EVOLVES or RESPAWNS."""
    st = _aegis()
    put(st, "AeU008", 0, 1)
    _kill(st, put(st, "ThU009", 1, 9))  # Wild Green Jelly respawns as a Jelly
    assert unit_at(st, 9)["card"] == "ToU007" and st.players[0]["hand"] == [FILLER]
    st.blessed = [0]
    put(st, LAMPREY, 0, 0)
    end(st)
    assert st.players[0]["hand"] == [FILLER, FILLER]


@scenario("AeU009")
def aeu009_apocalypse_cleric_breaches_onto_blessed_tiles() -> None:
    """STEELWARD. BREACH onto any BLESSED tile."""
    # Ruling: like BREACH, never onto the enemy Spawn Row, even when blessed.
    st = _aegis()
    st.blessed = [9, 13, 6]
    st.players[0]["hand"], st.players[0]["mana"] = [CLERIC], 3
    legal = codes(st)
    assert {f"play:{CLERIC}:{s}" for s in (0, 1, 2, 3, 6, 9)} <= set(legal)
    assert f"play:{CLERIC}:13" not in legal and f"play:{CLERIC}:5" not in legal
    do(st, A.Play(CLERIC, "9"))
    cleric = unit_at(st, 9)
    assert cleric is not None and on(cleric) not in P.spell_targets(st, 1, "unit")


@scenario("AeU014")
def aeu014_horizon_machine_leaves_itself_behind() -> None:
    """Whenever this unit moves into a new space, leave a Horizon Machine in the originating
    space."""
    st = _aegis()
    machine = put(st, "AeU014", 0, 0)
    do(st, A.Activate(machine["id"]))
    left = unit_at(st, 0)
    assert machine["sp"] == [4] and left is not None and left is not machine
    assert left["card"] == "AeU014" and left["owner"] == 0 and len(st.units) == 2


@scenario("AeU016")
def aeu016_rumor_magi_evolves_after_hitting_the_stronghold() -> None:
    """SPRINT. BLESS. EVOLVE into Rumor Lich after this unit damages the opponent's stronghold."""
    st = _aegis()
    magi = put(st, "AeU016", 0, 12)
    do(st, A.Activate(magi["id"]))
    assert sh(st, 1) == 12 and magi["card"] == "AeU015"
    st = _aegis()
    magi = put(st, "AeU016", 0, 0)
    do(st, A.Activate(magi["id"]))
    assert magi["sp"] == [8] and 8 in st.blessed and magi["card"] == "AeU016"


@scenario("AeU019")
def aeu019_eastern_strider_evolves_at_power_five() -> None:
    """START OF TURN: Gain +1 Power. BLESS the occupied tile and EVOLVE into Sphinx Ward as soon as
    this unit reaches Power 5 or greater."""
    # Ruling: "as soon as" is checked whenever an effect raises its power.
    st = _aegis()
    strider = put(st, "AeU019", 0, 4)
    end(st)
    end(st)
    assert stats(st, strider)[0] == 3 and strider["card"] == "AeU019" and st.blessed == []
    strider["pw"] = 4
    end(st)
    end(st)
    assert strider["card"] == "AeU025" and st.blessed == [4]


@scenario("AeU020")
def aeu020_sarkus_titan_gathers_fragments_and_evolves() -> None:
    """EXECUTE: Add Mana Fragments to this unit equal to the Mana Fragments of killed unit. EVOLVE
    this unit when it has 3 Mana Fragments."""
    st = _aegis()
    titan = put(st, "AeU020", 0, 4)
    first = put(st, FILLER, 1, 8)
    first["pw"] = 0
    do(st, A.Activate(titan["id"]))
    assert first not in st.units and titan["frags"] == 2 and titan["card"] == "AeU020"
    titan["acted"] = False
    put(st, WEAK, 1, 8)
    do(st, A.Activate(titan["id"]))
    assert titan["card"] == "AeU027"


@scenario("AeU023")
def aeu023_mountain_jotnar_answers_the_enemy_champion() -> None:
    """GIANT. EVOLVE into Penumbra Giant when your opponent's Champion enters the battlefield."""
    st = _aegis()
    jotnar = put(st, "AeU023", 0, 0, 1)
    cast(st, "AeC002", 2)
    assert jotnar["card"] == "AeU023"
    end(st)
    cast(st, "ScC001", 12)
    assert jotnar["card"] == "AeU026" and jotnar["sp"] == [0, 1]


@scenario("AeS012")
def aes012_ordination_makes_a_unit_omega() -> None:
    """Replace or add the OMEGA trait to a non-OMEGA unit, and give it +2 Health."""
    st = _aegis()
    plain, omega = put(st, FILLER, 0, 5), put(st, "AeU012", 0, 4)
    st.players[0]["hand"], st.players[0]["mana"] = ["AeS012"], 2
    legal = codes(st)
    assert f"play:AeS012:{on(plain)}" in legal and f"play:AeS012:{on(omega)}" not in legal
    do(st, A.Play("AeS012", on(plain)))
    assert stats(st, plain) == (4, 7)
    build(st, "AeF015", 0, 5)  # Mount Pillar now counts it as OMEGA: +2/+2
    assert stats(st, plain) == (6, 9)


@scenario("AeF005")
def aef005_henge_nexus_pulls_and_stuns() -> None:
    """BLESSED FORT. Enemy non-Giant units activated adjacent to a Nexus are pulled onto this fort
    and stunned if it is not currently occupied."""
    st = _aegis()
    st.blessed = [5]
    cast(st, "AeF005", 5)
    assert 5 in st.blessed
    end(st)
    foe = put(st, FILLER, 1, 10)
    mover = put(st, FILLER, 1, 6)
    do(st, A.Activate(mover["id"]))  # ruling: pulled, it does nothing more this activation
    assert mover["sp"] == [5] and mover["stun"] and foe["sp"] == [10]
    st = _aegis()
    cast(st, "AeF005", 5)
    guard = put(st, FILLER, 0, 5)
    end(st)
    mover = put(st, FILLER, 1, 6)
    do(st, A.Activate(mover["id"]))
    assert mover["sp"] == [2] and not mover["stun"] and guard["sp"] == [5]


@scenario("AeC003")
def aec003_coal_raker_sends_the_fallen_back_stronger() -> None:
    """While this Champion is in play, all other destroyed ally units are returned to the owner's
    deck and granted +1/+1."""
    # Ruling: the card goes back into the deck; the next copy its owner deploys gets +1/+1 per
    # return.
    st = _aegis()
    raker = put(st, "AeC003", 0, 0)
    st.players[0]["deck"] = []
    mine, theirs = put(st, FILLER, 0, 5), put(st, WEAK, 1, 9)
    _kill(st, mine)
    _kill(st, theirs)
    assert st.players[0]["deck"] == [FILLER] and st.players[1]["deck"].count(WEAK) == 0
    st.players[0]["hand"], st.players[0]["mana"] = [FILLER], 4
    do(st, A.Play(FILLER, "1"))
    back = unit_at(st, 1)
    assert stats(st, back) == (5, 6)
    _kill(st, back)  # returned again: +2/+2 in all
    st.players[0]["hand"], st.players[0]["mana"] = [FILLER], 4
    do(st, A.Play(FILLER, "1"))
    assert stats(st, unit_at(st, 1)) == (6, 7)
    assert st.players[0]["deck"] == [FILLER, FILLER]
    _kill(st, raker)
    assert st.players[0]["deck"] == [FILLER, FILLER]  # not the Raker itself
    _kill(st, unit_at(st, 1))
    assert st.players[0]["deck"] == [FILLER, FILLER]  # the Raker is gone: nothing returns
