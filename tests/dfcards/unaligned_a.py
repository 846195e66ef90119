"""Unaligned card scenarios, the first half of the unaligned ids (AeF003 .. EcU024), each written
from the card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront.board import fort_at, unit_at
from games.dragonfront.state import DFState
from games.dragonfront.stats import has
from tests.dfcards import scenario
from tests.dfcards.kit import at, cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, cost 1, 1 fragment
BIG = "DeU030"  # Phase Stitcher, 4/6, 3 fragments


def _st(active: int = 0) -> DFState:
    return board(active=active, factions=("eclipse", "scales"))


def _enter(fort: str, foe: str = FILLER, foe_dmg: int = 0) -> tuple[DFState, dict]:
    """Seat 0 builds `fort` on 5; seat 1's `foe` steps onto it from 9 on its turn."""
    st = _st()
    cast(st, fort, 5)
    u = put(st, foe, 1, 9)
    u["dmg"] = foe_dmg
    end(st)
    do(st, A.Activate(u["id"]))
    return st, u


def _attack(card: str, foe: str = FILLER, *, space: int = 4) -> tuple[DFState, dict, dict]:
    """Seat 0's `card` on `space` attacks seat 1's `foe` just ahead."""
    st = _st()
    me = put(st, card, 0, space)
    them = put(st, foe, 1, space + 4)
    do(st, A.Activate(me["id"]))
    return st, me, them


@scenario("AeF003")
def aef003_aegis_geyser_scalds_its_occupant() -> None:
    """Deal 2 damage to the occupying unit whenever the owner's Stronghold is damaged."""
    st = _st()
    cast(st, "AeF003", 5)
    mine, raider = put(st, FILLER, 0, 5), put(st, FILLER, 1, 0)
    end(st)
    do(st, A.Activate(raider["id"]))
    assert sh(st, 0) == 11 and mine["dmg"] == 2


@scenario("AeF009")
def aef009_geometric_altar_gives_celestial_light() -> None:
    """TRAP: Add a "Celestial Light" spell to your hand."""
    st, foe = _enter("AeF009")
    assert foe["sp"] == [5] and st.players[0]["hand"] == ["AeS004"]


@scenario("AeF010")
def aef010_radiant_melodies_pay_until_an_enemy_arrives() -> None:
    """START OF TURN: Gain 3 Mana. Destroy this fort if an enemy occupies it."""
    st = _st(active=1)
    build(st, "AeF010", 0, 5)
    end(st)
    assert st.players[0]["mana"] == 4
    st, foe = _enter("AeF010")
    assert foe["sp"] == [5] and st.forts == []


@scenario("AeF017")
def aef017_monument_of_ancients_blesses_its_ground_when_it_falls() -> None:
    """WALL. GIANT. DEATH: BLESS the tiles under this fort."""
    st = _st()
    cast(st, "AeF017", 5)
    half = fort_at(st, 5)
    assert half is not None and fort_at(st, 6) is not None and half["kw"].get("WALL")
    cast(st, "EcS012", on(half), mode=0)
    assert st.forts == [] and st.blessed == [5, 6]


@scenario("AeS003")
def aes003_curse_hurts_when_discarded() -> None:
    """Deals 2 damage to your Stronghold when discarded. Otherwise this spell does nothing."""
    st = _st()
    st.players[0]["hand"] = ["AeS003"]
    do(st, A.Discard("AeS003"))
    assert sh(st, 0) == 13 and st.players[0]["mana"] == 1
    st = _st()
    cast(st, "AeS003")
    assert sh(st, 0) == 15 and sh(st, 1) == 15


@scenario("AeS004")
def aes004_celestial_light_burns_or_heals() -> None:
    """CHOOSE ONE: Deal 1 damage to the opponent's stronghold -or- Heal your Stronghold by 1."""
    st = _st()
    st.players[0]["sh"] = 10
    cast(st, "AeS004", mode=0)
    assert (sh(st, 0), sh(st, 1)) == (10, 14)
    cast(st, "AeS004", mode=1)
    assert (sh(st, 0), sh(st, 1)) == (11, 14)


@scenario("AeS006")
def aes006_mumbo_jumbo_curses_on_kills() -> None:
    """Target Ally unit gains: "EXECUTE: add 1 Curse card to opponent's hand." """
    st = _st()
    me = put(st, FILLER, 0, 4)
    put(st, WEAK, 1, 8)
    cast(st, "AeS006", on(me))
    do(st, A.Activate(me["id"]))
    assert unit_at(st, 8) is None and st.players[1]["hand"] == ["AeS003"]


@scenario("AeS008")
def aes008_fickle_favors_destroy_or_empower() -> None:
    """Randomly destroy target non-Champion unit, or give it +4/+4."""
    outcomes = set()
    for burn in range(8):
        st = _st()
        foe = put(st, FILLER, 1, 8)
        for _ in range(burn):
            st.rng.choice([0, 1])
        cast(st, "AeS008", on(foe))
        outcomes.add("gone" if foe not in st.units else stats(st, foe))
    assert outcomes == {"gone", (8, 9)}


@scenario("AeS009")
def aes009_dwindling_predictability_hands_out_curses() -> None:
    """Add 3 Curse cards to the opponent's hand."""
    st = _st()
    cast(st, "AeS009")
    assert st.players[1]["hand"] == ["AeS003"] * 3 and st.players[0]["hand"] == []


@scenario("AeS010")
def aes010_anathema_destroys_an_invader() -> None:
    """Destroy an enemy non-Champion unit in Ally Territory."""
    st = _st()
    inside, outside = put(st, FILLER, 1, 4), put(st, FILLER, 1, 8)
    st.players[0].update(hand=["AeS010"], mana=4)
    assert f"play:AeS010:{on(outside)}" not in codes(st)
    st.players[0]["hand"] = []
    cast(st, "AeS010", on(inside))
    assert inside not in st.units and outside in st.units


@scenario("AeS034")
def aes034_battle_preparations_match_the_enemy_hand() -> None:
    """DRAW cards equal to your opponent's hand."""
    st = _st()
    st.players[1]["hand"] = [FILLER, WEAK]
    cast(st, "AeS034")
    assert len(st.players[0]["hand"]) == 2


@scenario("AeS035")
def aes035_divine_intervention_clears_a_lane() -> None:
    """Return all non-Champion units in target lane to their owner's hand."""
    st = _st()
    mine, theirs, champ = put(st, FILLER, 0, 4), put(st, WEAK, 1, 8), put(st, "AeC002", 0, 0)
    other = put(st, FILLER, 1, 9)
    cast(st, "AeS035", "L0")
    assert mine not in st.units and theirs not in st.units and champ in st.units and other in st.units
    assert st.players[0]["hand"] == [FILLER] and st.players[1]["hand"] == [WEAK]


@scenario("AeU002")
def aeu002_shepherd_banks_tokens_on_blessed_ground_or_forts() -> None:
    """END OF TURN: Gain 2 Champion tokens if this unit occupies a BLESSED tile or fort."""
    st = _st()
    st.blessed = [4]
    build(st, "ThF003", 0, 5)
    for sp in (4, 5, 6):
        put(st, "AeU002", 0, sp)
    end(st)
    assert st.players[0]["tokens"] == 4


@scenario("AeU005")
def aeu005_shaman_of_the_steppes_lends_health_as_it_moves() -> None:
    """Anytime this unit moves, grant +1 Health to a random ally unit."""
    st = _st()
    shaman, friend = put(st, "AeU005", 0, 4), put(st, FILLER, 0, 1)
    do(st, A.Activate(shaman["id"]))
    assert shaman["sp"] == [8]
    assert stats(st, shaman)[1] + stats(st, friend)[1] == 3 + 5 + 1


@scenario("AeU006")
def aeu006_sympathetic_barons_go_home_when_the_enemy_is_hit() -> None:
    """Anytime the opponent's stronghold is damaged, this unit is returned to its owner's hand."""
    st = _st()
    barons, raider = put(st, "AeU006", 0, 1), put(st, FILLER, 0, 12)
    do(st, A.Activate(raider["id"]))
    assert sh(st, 1) == 11 and barons not in st.units and st.players[0]["hand"] == ["AeU006"]


@scenario("AeU010")
def aeu010_basilisk_of_babylon_charges_and_spends() -> None:
    """RANGE. START OF TURN: Gain +2 Power. EXECUTE: Reduce this unit's Power to 0."""
    st = _st(active=1)
    b = put(st, "AeU010", 0, 0)
    put(st, WEAK, 1, 8)
    end(st)
    assert stats(st, b) == (2, 2)
    do(st, A.Activate(b["id"]))
    assert unit_at(st, 8) is None and b["dmg"] == 0 and stats(st, b) == (0, 2)


@scenario("AeU013")
def aeu013_fettered_shadow_feeds_on_its_fragments() -> None:
    """START OF TURN: Lose a Mana Fragment. If this unit doesn't have one to lose, it is
    destroyed."""
    st = _st(active=1)
    fs = put(st, "AeU013", 0, 4)
    assert fs["frags"] == 2
    end(st)
    assert fs["frags"] == 1
    end(st, 2)
    assert fs["frags"] == 0 and fs in st.units
    end(st, 2)
    assert fs not in st.units


@scenario("DeF003")
def def003_pins_and_needles_prick_pushed_and_pulled_units() -> None:
    """Any time a unit is moved by PUSH or PULL, deal 1 damage to it."""
    st = _st()
    build(st, "DeF003", 0, 6)
    foe = put(st, FILLER, 1, 12)
    cast(st, "DeS003", on(foe))
    assert foe["sp"] == [8] and foe["dmg"] == 1


@scenario("DeF007")
def def007_fear_garden_kills_the_unhurt_and_wilts() -> None:
    """TRAP: Units at full Health are destroyed. Destroy this fort."""
    st, foe = _enter("DeF007")
    assert foe not in st.units and st.forts == []
    st, foe = _enter("DeF007", foe_dmg=1)
    assert foe in st.units and foe["sp"] == [5] and st.forts == []


@scenario("DeF010")
def def010_reality_shunt_sends_occupants_home() -> None:
    """END OF TURN: Occupying non-Champion units are returned to their owner's hand."""
    st = _st()
    cast(st, "DeF010", 5)
    foe, champ = put(st, WEAK, 1, 5), put(st, "AeC002", 0, 4)
    build(st, "DeF010", 0, 4)
    end(st)
    assert foe not in st.units and WEAK in st.players[1]["hand"] and champ in st.units


@scenario("DeF012")
def def012_extinction_wall_shakes_its_lane() -> None:
    """WALL. When this fort takes damage, deal 1 damage to all units in its lane. END OF TURN: deal
    1 damage to this fort."""
    st = _st()
    cast(st, "DeF012", 5)
    wall = fort_at(st, 5)
    assert wall is not None and wall["kw"].get("WALL")
    mine, theirs, off = put(st, FILLER, 0, 1), put(st, FILLER, 1, 9), put(st, FILLER, 1, 10)
    end(st)
    assert wall["dmg"] == 1 and (mine["dmg"], theirs["dmg"], off["dmg"]) == (1, 1, 0)


@scenario("DeS001")
def des001_the_space_between_pays_per_fort() -> None:
    """Gain 1 mana for each fort in play."""
    st = _st()
    build(st, "ThF003", 0, 5)
    build(st, "ThF003", 1, 9)
    build(st, "ThF003", 1, 10)
    cast(st, "DeS001")
    assert st.players[0]["mana"] == 3


@scenario("DeS003")
def des003_welcomed_pulls_a_unit() -> None:
    """PULL target unit."""
    st = _st()
    foe, mine = put(st, FILLER, 1, 12), put(st, FILLER, 0, 5)
    cast(st, "DeS003", on(foe))
    cast(st, "DeS003", on(mine))
    assert foe["sp"] == [8] and mine["sp"] == [1]


@scenario("DeS004")
def des004_unseen_hands_shift_an_enemy() -> None:
    """SHIFT an enemy unit."""
    st = _st()
    foe = put(st, FILLER, 1, 8)
    cast(st, "DeS004", on(foe))
    assert foe["sp"] == [9]


@scenario("DeS006")
def des006_fast_leak_drains_two() -> None:
    """DRAIN 2."""
    st = _st()
    st.players[1]["mana"] = 3
    cast(st, "DeS006")
    assert (st.players[0]["mana"], st.players[1]["mana"]) == (2, 1)


@scenario("DeS007")
def des007_call_to_master_banks_per_unit() -> None:
    """Gain 1 Champion Token for each unit currently in play."""
    st = _st()
    put(st, FILLER, 0, 4)
    put(st, FILLER, 1, 8)
    put(st, WEAK, 1, 9)
    cast(st, "DeS007")
    assert st.players[0]["tokens"] == 3


@scenario("DeS012")
def des012_spinner_hits_and_stuns() -> None:
    """Deal 1 damage and STUN a unit."""
    st = _st()
    foe = put(st, FILLER, 1, 8)
    cast(st, "DeS012", on(foe))
    assert foe["dmg"] == 1 and foe["stun"]


@scenario("DeS015")
def des015_blessed_alignment_tokens_or_cards() -> None:
    """CHOOSE ONE: Gain 9 Champion Tokens -or- DRAW 3."""
    st = _st()
    cast(st, "DeS015", mode=0)
    assert st.players[0]["tokens"] == 9 and st.players[0]["hand"] == []
    cast(st, "DeS015", mode=1)
    assert len(st.players[0]["hand"]) == 3


@scenario("DeS016")
def des016_life_tether_heals_by_the_fallen_units_cost() -> None:
    """Grant a friendly non-Champion unit DEATH: HEAL owner's Stronghold equal to this unit's
    cost."""
    st = _st()
    st.players[0]["sh"] = 8
    me = put(st, FILLER, 0, 4)
    put(st, BIG, 1, 8)
    cast(st, "DeS016", on(me))
    me["dmg"] = 3
    do(st, A.Activate(me["id"]))
    assert me not in st.units and sh(st, 0) == 12


@scenario("DeS018")
def des018_praise_the_sky_splashes() -> None:
    """Deal 4 damage to a unit in the Frontlines. Units adjacent to the target are dealt 2
    damage."""
    st = _st()
    tgt = put(st, BIG, 1, 9)
    adj = [put(st, FILLER, 1, 8), put(st, FILLER, 0, 5), put(st, FILLER, 1, 13)]
    far = put(st, FILLER, 1, 11)
    cast(st, "DeS018", on(tgt))
    assert tgt["dmg"] == 4 and [u["dmg"] for u in adj] == [2, 2, 2] and far["dmg"] == 0


@scenario("DeU003")
def deu003_neophyte_slime_stuns_its_killer_ahead() -> None:
    """DEATH: STUN the unit directly in front of this one."""
    st, me, foe = _attack("DeU003")
    assert me not in st.units and foe["stun"]


@scenario("DeU008")
def deu008_armed_lunatics_spray_two_damage() -> None:
    """SPAWN: Deal 2 damage randomly split between all other units."""
    st = _st()
    a, b = put(st, FILLER, 1, 8), put(st, FILLER, 0, 5)
    cast(st, "DeU008", 0)
    assert a["dmg"] + b["dmg"] == 2 and at(st, 0)["dmg"] == 0 and sh(st, 1) == 15


@scenario("DeU009")
def deu009_slithering_blister_bursts_at_the_stronghold() -> None:
    """DEATH: Deal 1 damage to the enemy Stronghold."""
    st, me, _ = _attack("DeU009")
    assert me not in st.units and sh(st, 1) == 14


@scenario("DeU012")
def deu012_memoriam_bug_returns_to_the_deck() -> None:
    """If this unit is killed by combat, shuffle it into your deck."""
    st, me, _ = _attack("DeU012")
    deck = st.players[0]["deck"]
    assert me not in st.units and len(deck) == 6 and deck.count("DeU012") == 1


@scenario("DeU014")
def deu014_cosmic_slug_grows_with_every_fort() -> None:
    """GIANT. Gain +1/+1 every time a fort is spawned."""
    st = _st()
    slug = put(st, "DeU014", 0, 0, 1)
    cast(st, "ThF003", 5)
    assert stats(st, slug) == (3, 3)
    end(st)
    cast(st, "ThF003", 9)
    assert stats(st, slug) == (4, 4)


@scenario("DeU021")
def deu021_the_unwanted_crawlers_shove_aside_the_enemy_ahead() -> None:
    """START OF TURN: SHIFT any enemy unit in front of this one to a random, adjacent space."""
    st = _st(active=1)
    put(st, "DeU021", 0, 4)
    foe = put(st, FILLER, 1, 8)
    end(st)
    assert foe["sp"] == [9]


@scenario("DeU023")
def deu023_elder_slime_stuns_and_mends() -> None:
    """STUN. SURVIVOR: HEAL this unit for 1."""
    st, me, foe = _attack("DeU023")
    assert foe["stun"] and foe["dmg"] == 2 and me["dmg"] == 3


@scenario("DeU025")
def deu025_eternal_slime_stuns_its_lane() -> None:
    """SPAWN: STUN all enemy units in this lane."""
    st = _st()
    a, b, c = put(st, FILLER, 1, 8), put(st, FILLER, 1, 12), put(st, FILLER, 1, 9)
    cast(st, "DeU025", 0)
    assert (bool(a["stun"]), bool(b["stun"]), bool(c["stun"])) == (True, True, False)


@scenario("DeU029")
def deu029_jade_slime_spawns_a_slime_when_it_survives() -> None:
    """GIANT. SURVIVOR: Add a 1/1 Slime to your hand."""
    st = _st()
    js = put(st, "DeU029", 0, 4, 5)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(js["id"]))
    assert js in st.units and st.players[0]["hand"] == ["DeU003"]


@scenario("DuC001")
def duc001_blackstar_takes_one_from_every_blow() -> None:
    """GIANT. Reduce all incoming Combat Damage to 1."""
    st = _st()
    bs = put(st, "DuC001", 0, 4, 5)
    put(st, BIG, 1, 8)
    do(st, A.Activate(bs["id"]))
    assert bs["sp"] == [4, 5] and bs["dmg"] == 1


@scenario("DuC004")
def duc004_venerzad_kahin_tires_and_punishes_the_stunned() -> None:
    """SWIFT. Decrease this unit's power by 1 when it destroys a unit in combat. END OF TURN: Deal
    1 damage to stunned enemy units."""
    st, me, foe = _attack("DuC004", WEAK)
    assert foe not in st.units and me["dmg"] == 0 and stats(st, me) == (6, 5)
    dazed, awake = put(st, FILLER, 1, 9), put(st, FILLER, 1, 10)
    dazed["stun"] = 1
    end(st)
    assert (dazed["dmg"], awake["dmg"]) == (1, 0)


@scenario("DuC007")
def duc007_thubalris_gifts_each_ally_a_trait() -> None:
    """FLIGHT. SPAWN: Randomly grant all other ally units one of the following: BLIGHT, SIPHON 1,
    SHIFT, or FLIGHT."""
    st = _st()
    allies = [put(st, FILLER, 0, 4), put(st, FILLER, 0, 5)]
    foe = put(st, FILLER, 1, 8)
    cast(st, "DuC007", 0)
    for u in allies:
        assert sum(bool(has(st, u, k)) for k in ("BLIGHT", "SIPHON", "SHIFT", "FLIGHT")) == 1
    assert foe["kw"] == {} and has(st, at(st, 0), "FLIGHT")


@scenario("DuC009")
def duc009_hemlock_poisons_and_blights() -> None:
    """Units damaged by this unit are POISONED and BLIGHTED. EXECUTE: A random enemy becomes
    POISONED and BLIGHTED."""
    st, me, foe = _attack("DuC009", BIG)
    assert foe["poison"] and foe["frags"] == 0
    st = _st()
    me, victim, bystander = put(st, "DuC009", 0, 4), put(st, WEAK, 1, 8), put(st, BIG, 1, 10)
    do(st, A.Activate(me["id"]))
    assert victim not in st.units and bystander["poison"] and bystander["frags"] == 0
    assert st.players[1]["mana"] == 0


@scenario("DuC010")
def duc010_magmarot_steelhorn_curses_the_enemy_ranks() -> None:
    """DEATHBLOW. SPAWN: Grant all enemy units DEATH: Deal 1 damage to owner's stronghold."""
    st = _st()
    foe = put(st, WEAK, 1, 8)
    cast(st, "DuC010", 0)
    cast(st, "ToS001", on(foe))
    cast(st, "ToS001", on(foe))
    assert foe not in st.units and sh(st, 1) == 14 and sh(st, 0) == 15
    mag = at(st, 0)
    assert has(st, mag, "DEATHBLOW")


@scenario("DuC011")
def duc011_legend_tends_a_friend_or_weakens_a_foe() -> None:
    """END OF TURN: Either give an other random ally unit +2 Health or give a random enemy unit -2
    Power."""
    seen = set()
    for burn in range(8):
        st = _st()
        put(st, "DuC011", 0, 0)
        friend, foe = put(st, FILLER, 0, 4), put(st, FILLER, 1, 8)
        for _ in range(burn):
            st.rng.choice([0, 1])
        end(st)
        got = (stats(st, friend), stats(st, foe))
        assert got in (((4, 7), (4, 5)), ((4, 5), (2, 5)))
        seen.add(got)
    assert len(seen) == 2


@scenario("DuC012")
def duc012_valeria_of_crowns_is_refreshed_by_a_kill() -> None:
    """SHIFT. ARMOR. EXECUTE: REFRESH this unit."""
    st, me, foe = _attack("DuC012", WEAK)
    assert foe not in st.units and not me["acted"] and f"act:{me['id']}" in codes(st)
    assert has(st, me, "SHIFT") and has(st, me, "ARMOR")


@scenario("DuC013")
def duc013_wings_of_ill_omen_draw_five_for_either_side() -> None:
    """FLIGHT. STEALTH. CHOOSE ONE: DRAW 5, or force your opponent to DRAW 5."""
    st = _st()
    cast(st, "DuC013", 0, mode=0)
    assert len(st.players[0]["hand"]) == 5 and at(st, 0)["hidden"]
    st = _st()
    cast(st, "DuC013", 0, mode=1)
    assert len(st.players[1]["hand"]) == 5 and st.players[0]["hand"] == []


@scenario("DuC017")
def duc017_lady_scorches_and_hushes_both_lanes() -> None:
    """GIANT. SPAWN: Deal 3 damage to all units in both lanes and HUSH non-Champion units."""
    st = _st()
    mine, theirs, off = put(st, FILLER, 0, 4), put(st, "ESU021", 1, 9), put(st, "ESU021", 1, 10)
    cast(st, "DuC017", 0)
    lady = at(st, 0)
    assert lady["sp"] == [0, 1] and lady["dmg"] == 0
    assert (mine["dmg"], theirs["dmg"], off["dmg"]) == (3, 3, 0)
    assert theirs["kw"] == {} and theirs["ab"] == [] and off["kw"] == {"FLIGHT": 1, "PUSH": 1}


@scenario("DuC019")
def duc019_jaru_stands_and_bombards() -> None:
    """GIANT. ARMOR. Doesn't move when activated. END OF TURN: Deal 2 damage to the opponent's
    stronghold and gain 2 Mana."""
    st = _st()
    jr = put(st, "DuC019", 0, 0, 1)
    if f"act:{jr['id']}" in codes(st):
        do(st, A.Activate(jr["id"]))
    assert jr["sp"] == [0, 1]
    end(st)
    assert sh(st, 1) == 13 and st.players[0]["mana"] == 2


@scenario("DuC020")
def duc020_arachnis_king_poisons_and_slips_away() -> None:
    """REGEN 2. Units damaged by this unit are poisoned. SURVIVOR: Grant this unit STEALTH and move
    it to a random Frontline space."""
    st, me, foe = _attack("DuC020")
    assert foe["poison"] and me["dmg"] == 4 and me["hidden"] and has(st, me, "STEALTH")
    assert 4 <= me["sp"][0] <= 11 and me["sp"] != foe["sp"]
    end(st)
    assert me["dmg"] == 2


@scenario("DuC023")
def duc023_komrade_kroaker_snipes_at_end_of_turn() -> None:
    """STEALTH. END OF TURN: Deal 3 damage to a random enemy unit."""
    st = _st()
    kk, foe = put(st, "DuC023", 0, 0), put(st, FILLER, 1, 8)
    assert kk["hidden"]
    end(st)
    assert foe["dmg"] == 3


@scenario("DuC025")
def duc025_divine_witness_is_warded_armored_and_mending() -> None:
    """STEELWARD. ARMOR. REGEN."""
    st, me, foe = _attack("DuC025")
    assert me["dmg"] == 3 and foe["dmg"] == 4
    st.players[0].update(hand=["ToS001"], mana=1)
    assert f"play:ToS001:{on(me)}" not in codes(st)
    end(st)
    assert me["dmg"] == 2


@scenario("DuC027")
def duc027_divine_life_weaver_smites_enemies_on_forts_and_blessed_tiles() -> None:
    """RUSH. SPAWN: Deal 3 damage to enemy units occupying fort or BLESSED tiles."""
    st = _st()
    st.blessed = [5, 9]
    build(st, "ThF003", 1, 8)
    forted, blessed, plain = put(st, BIG, 1, 8), put(st, BIG, 1, 9), put(st, BIG, 1, 10)
    mine = put(st, BIG, 0, 5)
    cast(st, "DuC027", 0)
    assert [u["dmg"] for u in (forted, blessed, plain, mine)] == [3, 3, 0, 0]
    assert f"act:{at(st, 0)['id']}" in codes(st)


@scenario("DuC028")
def duc028_divine_reactor_hurts_both_strongholds() -> None:
    """GIANT. BERSERK. SPAWN: Deal 5 damage to both Strongholds."""
    st = _st()
    cast(st, "DuC028", 0)
    assert at(st, 0)["sp"] == [0, 1] and (sh(st, 0), sh(st, 1)) == (10, 10)
    assert has(st, at(st, 0), "BERSERK")
    st = _st()
    st.players[0]["sh"], st.players[1]["sh"] = 5, 4
    cast(st, "DuC028", 0)
    assert st.result is not None and st.result["winners"] == []  # both fall at once: a draw


@scenario("DuC031")
def duc031_divine_authority_curses_the_opponent() -> None:
    """SPAWN: Add 2 Curse cards to the opponent's hand. SURVIVOR: Add 1 Curse card to the
    opponent's hand."""
    st = _st()
    cast(st, "DuC031", 0)
    assert st.players[1]["hand"] == ["AeS003", "AeS003"]
    st, me, _ = _attack("DuC031", WEAK)
    assert st.players[1]["hand"] == ["AeS003"]


@scenario("ESF004")
def esf004_metaphysical_components_pay_when_sprung() -> None:
    """TRAP: Owner gains 1 Mana."""
    st, foe = _enter("ESF004")
    assert foe["sp"] == [5] and st.players[0]["mana"] == 1


@scenario("ESF005")
def esf005_dynamic_cluster_draws_on_enemy_spawns_in_its_lane() -> None:
    """When an enemy unit spawns in this lane: DRAW 1."""
    st = _st()
    cast(st, "ESF005", 5)
    end(st)
    cast(st, FILLER, 14)
    assert st.players[0]["hand"] == []
    cast(st, FILLER, 13)
    assert st.players[0]["hand"] == [FILLER]


@scenario("ESF007")
def esf007_mystic_mine_throws_back_and_hurts() -> None:
    """TRAP: PUSH unit, deal 2 damage, and destroy this fort."""
    st, foe = _enter("ESF007")
    assert foe["sp"] == [9] and foe["dmg"] == 2 and st.forts == []


@scenario("ESF008")
def esf008_reference_library_makes_spells_cheaper() -> None:
    """Your spells cost [1] less."""
    from games.dragonfront.play import card_cost

    st = _st()
    cast(st, "ESF008", 5)
    assert card_cost(st, 0, "AeS015") == 2 and card_cost(st, 0, "ToS001") == 0
    assert card_cost(st, 0, FILLER) == 4 and card_cost(st, 1, "AeS015") == 3
    foe = put(st, FILLER, 1, 8)
    st.players[0].update(hand=["AeS015"], mana=2)
    do(st, A.Play("AeS015", on(foe)))
    assert st.players[0]["mana"] == 0 and stats(st, foe) == (2, 3)


@scenario("ESF009")
def esf009_tower_of_reprisal_answers_fallen_forts() -> None:
    """When a fort is destroyed, deal 1 damage to the enemy Stronghold."""
    st = _st()
    cast(st, "ESF009", 5)
    f = build(st, "ThF003", 1, 9)
    cast(st, "EcS012", on(f), mode=0)
    assert sh(st, 1) == 14 and sh(st, 0) == 15


@scenario("ESF011")
def esf011_shatter_sphere_bursts_on_an_empty_lane() -> None:
    """TRAP: Destroy this Fort. START OF TURN: If there are no enemy units in this lane, deal 5
    damage to the enemy Stronghold and destroy this Fort."""
    st = _st(active=1)
    build(st, "ESF011", 0, 5)
    end(st)
    assert sh(st, 1) == 10 and st.forts == []
    st = _st(active=1)
    build(st, "ESF011", 0, 5)
    put(st, FILLER, 1, 13)
    end(st)
    assert sh(st, 1) == 15 and len(st.forts) == 1
    st, foe = _enter("ESF011")
    assert foe["sp"] == [5] and st.forts == [] and sh(st, 1) == 15


@scenario("ESF012")
def esf012_wall_of_force_turns_blows_into_mana() -> None:
    """WALL. For each point of damage this fort takes, gain 1 Mana."""
    st = _st()
    cast(st, "ESF012", 5)
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    wall = fort_at(st, 5)
    assert wall is not None and wall["dmg"] == 4 and st.players[0]["mana"] == 4


@scenario("ESS016")
def ess016_repelled_constructions_return_a_fort() -> None:
    """Return target fort to its owner's hand."""
    st = _st()
    f = build(st, "ThF003", 1, 9)
    cast(st, "ESS016", on(f))
    assert st.forts == [] and st.players[1]["hand"] == ["ThF003"]


@scenario("ESS017")
def ess017_banish_sends_an_enemy_home() -> None:
    """Send a non-Giant enemy unit to a random empty space in your opponent's spawn row."""
    st = _st()
    foe = put(st, FILLER, 1, 4)
    for sp in (12, 13, 14):
        put(st, WEAK, 1, sp)
    cast(st, "ESS017", on(foe))
    assert foe["sp"] == [15]


@scenario("ESS019")
def ess019_arcane_feint_shifts_an_ally() -> None:
    """SHIFT an ally unit."""
    st = _st()
    u = put(st, FILLER, 0, 4)
    cast(st, "ESS019", on(u))
    assert u["sp"] == [5]


@scenario("ESS021")
def ess021_mana_feedback_destroys_at_a_price() -> None:
    """Destroy an enemy non-Champion unit. Deal damage randomly to all ally units equal to the
    target's mana cost."""
    st = _st()
    foe, a, b = put(st, FILLER, 1, 8), put(st, BIG, 0, 4), put(st, BIG, 0, 5)
    cast(st, "ESS021", on(foe))
    assert foe not in st.units and a["dmg"] + b["dmg"] == 4 and sh(st, 0) == 15


@scenario("ESS022")
def ess022_power_funnel_heals_by_an_enemys_cost() -> None:
    """Choose an enemy non-Champion unit and HEAL your Stronghold equal to the unit's cost."""
    st = _st()
    st.players[0]["sh"] = 10
    foe = put(st, FILLER, 1, 8)
    cast(st, "ESS022", on(foe))
    assert sh(st, 0) == 14 and foe in st.units and foe["dmg"] == 0


@scenario("ESS023")
def ess023_faze_land_razes_a_row() -> None:
    """Destroy all forts in a row and HEAL your Stronghold by 2 for each one destroyed."""
    st = _st()
    st.players[0]["sh"] = 10
    build(st, "ThF003", 1, 8)
    build(st, "ThF003", 0, 9)
    keep = build(st, "ThF003", 0, 5)
    cast(st, "ESS023", "R2")
    assert st.forts == [keep] and sh(st, 0) == 14


@scenario("ESS024")
def ess024_mystic_array_splits_four() -> None:
    """Deal 4 damage randomly split between all enemy units, enemy WALL forts, and the enemy
    Stronghold."""
    st = _st()
    cast(st, "ESS024")
    assert sh(st, 1) == 11
    st = _st()
    foe, mine = put(st, BIG, 1, 8), put(st, BIG, 0, 4)
    wall = build(st, "ToF005", 1, 9)
    cast(st, "ESS024")
    assert foe["dmg"] + wall["dmg"] + 15 - sh(st, 1) == 4 and mine["dmg"] == 0


@scenario("ESU014")
def esu014_foe_shard_stings_an_ally_when_it_dies() -> None:
    """DEATH: Deal 1 random damage to an ally unit."""
    st = _st()
    shard, friend = put(st, "ESU014", 0, 4), put(st, FILLER, 0, 1)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(shard["id"]))
    assert shard not in st.units and friend["dmg"] == 1


@scenario("ESU015")
def esu015_energy_symbiont_grows_on_forts() -> None:
    """END OF TURN: Gain +1/+1 if this unit is on a fort."""
    st = _st()
    build(st, "ThF003", 0, 4)
    on_fort, off = put(st, "ESU015", 0, 4), put(st, "ESU015", 0, 5)
    end(st)
    assert stats(st, on_fort) == (2, 2) and stats(st, off) == (1, 1)


@scenario("ESU016")
def esu016_ragewind_spectre_blows_survivors_back_to_hand() -> None:
    """Whenever opposing non-Champion units survive combat with this unit, return them to your
    opponent's hand."""
    st, me, foe = _attack("ESU016", WEAK)
    assert foe not in st.units and st.players[1]["hand"] == [WEAK] and me["dmg"] == 1


@scenario("ESU017")
def esu017_terrene_luxangel_flies_and_shifts() -> None:
    """FLIGHT. SHIFT."""
    st = _st()
    cast(st, "ESU017", 0)
    u = at(st, 0)
    u["sick"] = False
    assert has(st, u, "FLIGHT")
    do(st, A.Shift(u["id"], 1))
    assert u["sp"] == [1]


@scenario("ESU018")
def esu018_terrene_menders_heal_their_lane() -> None:
    """SHIFT. END OF TURN: HEAL ally units 1 in this lane."""
    st = _st()
    m = put(st, "ESU018", 0, 0)
    lane, other, foe = put(st, FILLER, 0, 4), put(st, FILLER, 0, 5), put(st, FILLER, 1, 8)
    lane["dmg"] = other["dmg"] = foe["dmg"] = 2
    end(st)
    assert (lane["dmg"], other["dmg"], foe["dmg"]) == (1, 2, 2) and has(st, m, "SHIFT")


@scenario("ESU019")
def esu019_azure_conjurers_pay_on_forts() -> None:
    """START OF TURN: Gain 2 Mana if this unit is on a fort."""
    st = _st(active=1)
    build(st, "EcF005", 0, 4)  # a trap: it does nothing to its owner's units
    put(st, "ESU019", 0, 4)
    put(st, "ESU019", 0, 5)
    end(st)
    assert st.players[0]["mana"] == 3


@scenario("ESU020")
def esu020_spinning_pendulum_ticks_at_the_stronghold() -> None:
    """START OF TURN: Deal 1 damage to the enemy Stronghold."""
    st = _st(active=1)
    put(st, "ESU020", 0, 4)
    end(st)
    assert sh(st, 1) == 14 and sh(st, 0) == 15


@scenario("ESU021")
def esu021_azure_wyvernriders_push_and_follow() -> None:
    """FLIGHT. PUSH. Following combat with an enemy unit, move this unit forward one space."""
    st, me, foe = _attack("ESU021")
    assert foe["dmg"] == 2 and foe["sp"] == [12] and me["sp"] == [8] and me["dmg"] == 4


@scenario("ESU022")
def esu022_draft_elemental_lifts_allied_fliers() -> None:
    """FLIGHT. All ally units with FLIGHT have +1 Power while this unit is alive."""
    st = _st()
    put(st, "ESU022", 0, 4)
    flier, walker, foe = put(st, "ESU017", 0, 5), put(st, FILLER, 0, 6), put(st, "ESU017", 1, 8)
    assert stats(st, flier) == (3, 1) and stats(st, walker) == (4, 5) and stats(st, foe) == (2, 1)


@scenario("ESU023")
def esu023_clockwork_drake_shakes_everyone_else() -> None:
    """FLIGHT. SPAWN: Deal 1 damage to all other units."""
    st = _st()
    a, b = put(st, FILLER, 0, 4), put(st, FILLER, 1, 8)
    cast(st, "ESU023", 0)
    assert (a["dmg"], b["dmg"], at(st, 0)["dmg"]) == (1, 1, 0) and sh(st, 1) == 15


@scenario("ESU024")
def esu024_sky_citadel_is_a_flying_giant() -> None:
    """FLIGHT. Giant"""
    st = _st()
    cast(st, "ESU024", 0)
    u = at(st, 0)
    assert u["sp"] == [0, 1] and has(st, u, "FLIGHT") and stats(st, u) == (3, 8)


@scenario("EcF002")
def ecf002_blight_fog_blights_intruders_on_both_halves() -> None:
    """TRAP: BLIGHT. (a GIANT fort)"""
    st = _st()
    cast(st, "EcF002", 5)
    foe = put(st, WEAK, 1, 10)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [6] and foe["frags"] == 0


@scenario("EcF004")
def ecf004_soul_foundry_trades_stronghold_for_mana() -> None:
    """END OF TURN: If occupied, owner's Stronghold is dealt 1 damage and gains 2 Mana."""
    st = _st()
    cast(st, "EcF004", 5)
    put(st, FILLER, 0, 5)
    end(st)
    assert sh(st, 0) == 14 and st.players[0]["mana"] == 2
    st = _st()
    cast(st, "EcF004", 5)
    end(st)
    assert sh(st, 0) == 15 and st.players[0]["mana"] == 0


@scenario("EcF006")
def ecf006_plague_mine_raises_a_stygian_from_its_kill() -> None:
    """TRAP: Deal 2 damage to unit and destroy this fort. Spawn a 1/1 Stygian if this kills a
    unit."""
    st, foe = _enter("EcF006", WEAK)
    made = at(st, 5)
    assert foe not in st.units and st.forts == [] and made["card"] == "ToU001" and made["owner"] == 0
    st, foe = _enter("EcF006")
    assert foe["sp"] == [5] and foe["dmg"] == 2 and st.forts == []


@scenario("EcF007")
def ecf007_bombard_pit_shells_the_lane() -> None:
    """END OF TURN: If occupied by an ally unit, deal 2 damage to enemy units in this lane and 1 to
    your Stronghold."""
    st = _st()
    cast(st, "EcF007", 5)
    put(st, FILLER, 0, 5)
    a, b, c = put(st, FILLER, 1, 9), put(st, FILLER, 1, 13), put(st, FILLER, 1, 10)
    end(st)
    assert (a["dmg"], b["dmg"], c["dmg"], sh(st, 0)) == (2, 2, 0, 14)


@scenario("EcS003")
def ecs003_infect_leaves_a_stygian() -> None:
    """Grant an ally unit RESPAWN a 1/1 Stygian."""
    st = _st()
    me = put(st, WEAK, 0, 4)
    put(st, FILLER, 1, 8)
    cast(st, "EcS003", on(me))
    do(st, A.Activate(me["id"]))
    made = at(st, 4)
    assert me not in st.units and made["card"] == "ToU001" and made["owner"] == 0


@scenario("EcS004")
def ecs004_ice_leech_pays_per_unit_in_the_enemy_spawn_row() -> None:
    """Gain 1 Mana for each unit in the enemy spawn row."""
    st = _st()
    put(st, FILLER, 1, 12)
    put(st, FILLER, 1, 13)
    put(st, FILLER, 0, 14)
    put(st, FILLER, 1, 8)
    cast(st, "EcS004")
    assert st.players[0]["mana"] == 3


@scenario("EcS006")
def ecs006_bunker_buster_razes_and_hits_the_occupant() -> None:
    """Destroy a fort and deal 5 damage to any occupying units."""
    st = _st()
    f = build(st, "ThF003", 1, 9)
    foe, other = put(st, BIG, 1, 9), put(st, BIG, 1, 10)
    cast(st, "EcS006", on(f))
    assert st.forts == [] and foe["dmg"] == 5 and other["dmg"] == 0


@scenario("EcS009")
def ecs009_tangling_vines_sting_on_activation() -> None:
    """When target enemy unit activates, it takes 1 damage."""
    st = _st()
    foe = put(st, FILLER, 1, 8)
    cast(st, "EcS009", on(foe))
    assert foe["dmg"] == 0
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [4] and foe["dmg"] == 1


@scenario("EcS010")
def ecs010_overload_grows_and_burns_each_turn() -> None:
    """Grant an ally unit, START OF TURN: +1 Power and deal 1 damage to this unit."""
    st = _st()
    u = put(st, FILLER, 0, 4)
    cast(st, "EcS010", on(u))
    end(st, 2)
    assert stats(st, u) == (5, 4)
    end(st, 2)
    assert stats(st, u) == (6, 3)


@scenario("EcS013")
def ecs013_transference_heals_by_the_damage_dealt() -> None:
    """Deal 3 damage to a unit. HEAL your Stronghold for each point of damage inflicted."""
    st = _st()
    st.players[0]["sh"] = 9
    foe = put(st, FILLER, 1, 8)
    cast(st, "EcS013", on(foe))
    assert foe["dmg"] == 3 and sh(st, 0) == 12


@scenario("EcU001")
def ecu001_wayward_ghouls_hurt_home_when_they_die() -> None:
    """DEATH: Deal 1 Damage to Owner's Stronghold."""
    st, me, _ = _attack("EcU001")
    assert me not in st.units and sh(st, 0) == 14 and sh(st, 1) == 15


@scenario("EcU004")
def ecu004_necromancer_initiates_sap_power() -> None:
    """Enemy units that are damaged by this unit have their Power changed to 1."""
    st, me, foe = _attack("EcU004", BIG)
    assert foe["dmg"] == 1 and stats(st, foe) == (1, 5)


@scenario("EcU005")
def ecu005_rats_of_rous_feed_both_hands() -> None:
    """DEATH: Both players DRAW 1"""
    st, me, _ = _attack("EcU005")
    assert me not in st.units
    assert (len(st.players[0]["hand"]), len(st.players[1]["hand"])) == (1, 1)


@scenario("EcU012")
def ecu012_v13_death_cycles_sprint() -> None:
    """SPRINT."""
    st = _st()
    u = put(st, "EcU012", 0, 0)
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [8]


@scenario("EcU013")
def ecu013_dire_bear_grows_on_kills() -> None:
    """EXECUTE: Gain +2 Power."""
    st, me, foe = _attack("EcU013", WEAK)
    assert foe not in st.units and stats(st, me) == (5, 3)


@scenario("EcU014")
def ecu014_spiders_of_scythe_stun() -> None:
    """STUN."""
    st, me, foe = _attack("EcU014", BIG)
    assert foe["stun"] and foe["dmg"] == 2


@scenario("EcU015")
def ecu015_bloated_soaker_pays_for_surviving() -> None:
    """SURVIVOR: Gain 1 Mana."""
    st, me, _ = _attack("EcU015", WEAK)
    assert me["dmg"] == 1 and st.players[0]["mana"] == 1


@scenario("EcU016")
def ecu016_sonic_feeders_fly_and_blight() -> None:
    """FLIGHT. BLIGHT."""
    st, me, foe = _attack("EcU016", WEAK)
    assert has(st, me, "FLIGHT") and foe not in st.units and st.players[1]["mana"] == 0


@scenario("EcU017")
def ecu017_plague_ghouls_leave_a_stygian() -> None:
    """RESPAWN a 1/1 Stygian."""
    st, me, _ = _attack("EcU017")
    made = at(st, 4)
    assert me not in st.units and made["card"] == "ToU001" and made["owner"] == 0


@scenario("EcU024")
def ecu024_tempest_aircraft_squadron_flies_over_traps() -> None:
    """FLIGHT."""
    st = _st()
    build(st, "ThF001", 1, 4)
    u = put(st, "EcU024", 0, 0)
    do(st, A.Activate(u["id"]))
    assert has(st, u, "FLIGHT") and u["sp"] == [4] and not u["stun"]
