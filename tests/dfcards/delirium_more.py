"""More Delirium card scenarios (cards the converter once left out), each written from the card's
text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import play as P
from games.dragonfront.board import fort_at, lane_of, row_of, unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import damage_stronghold
from games.dragonfront.effects_hand import pool
from games.dragonfront.state import DFState
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
STARLING = "DeU017"  # Greater Madness, 2/4 Starling


def _delirium(active: int = 0) -> DFState:
    return board(active=active, factions=("delirium", "scales"))


@scenario("DeC005")
def dec005_tyrant_drags_an_enemy_before_it() -> None:
    """GIANT. Doesn't move when activated. END OF TURN: Move a random non-Giant enemy unit to any
    available open space directly in front of the Tyrant."""
    st = _delirium()
    tyrant = put(st, "DeC005", 0, 0, 1)
    ally = put(st, WEAK, 0, 4)
    foe, giant = put(st, FILLER, 1, 15), put(st, "AeU023", 1, 10, 11)
    assert f"act:{tyrant['id']}" not in codes(st)  # nothing ahead to attack, and it never moves
    end(st)
    assert foe["sp"] == [5] and giant["sp"] == [10, 11] and ally["sp"] == [4]
    assert tyrant["sp"] == [0, 1]


@scenario("DeF001")
def def001_mind_barrier_throws_intruders_to_another_lane() -> None:
    """END OF TURN: Occupying non-Giant enemy units are placed in a random, open, battlefield space
    in another lane and receive -1 Power."""
    st = _delirium()
    cast(st, "DeF001", 5)
    foe = put(st, FILLER, 1, 5)
    end(st)
    assert lane_of(foe["sp"][0]) != 1 and stats(st, foe) == (3, 5)
    st = _delirium()
    cast(st, "DeF001", 5)
    mine = put(st, FILLER, 0, 5)
    end(st)
    assert mine["sp"] == [5] and stats(st, mine) == (4, 5)


@scenario("DeF004")
def def004_stability_void_pays_for_forts_in_its_row() -> None:
    """Gain Mana equal to the cost of forts spawning in this row."""
    st = _delirium()
    cast(st, "DeF004", 5)
    cast(st, "DeF005", 6)  # cost 4, same row
    assert st.players[0]["mana"] == 4
    cast(st, "DeF001", 9)  # another row
    assert st.players[0]["mana"] == 0
    end(st)
    st.players[0]["mana"] = 0
    cast(st, "ThF003", 4)  # the enemy builds in the row: the Void's owner still gains
    assert st.players[0]["mana"] == C.card("ThF003")["cost"] and st.players[1]["mana"] == 0


@scenario("DeF005")
def def005_feedback_murmur_taxes_the_first_enemy_unit() -> None:
    """The first enemy non-Champion unit played by your opponent each turn costs [1] additional
    mana."""
    st = _delirium()
    cast(st, "DeF005", 5)
    assert P.card_cost(st, 0, FILLER) == 4
    end(st)
    assert P.card_cost(st, 1, FILLER) == 5 and P.card_cost(st, 1, "ScS001") == C.card("ScS001")["cost"]
    p = st.players[1]
    p["hand"], p["mana"] = [FILLER, FILLER], 9
    do(st, A.Play(FILLER, "12"))
    assert p["mana"] == 4 and P.card_cost(st, 1, FILLER) == 4
    do(st, A.Play(FILLER, "13"))
    assert p["mana"] == 0
    end(st)
    end(st)
    assert P.card_cost(st, 1, FILLER) == 5


@scenario("DeF008")
def def008_splitting_chamber_fills_the_row() -> None:
    """END OF TURN: Ally non-Giant, non-Champion units with 1 Power occupying this space are
    duplicated to fill the row. After duplication, destroy the occupying unit."""
    # Ruling: the copies are the unit as it is (stats, damage, keywords) and fire no SPAWN.
    st = _delirium()
    cast(st, "DeF008", 5)
    one = put(st, WEAK, 0, 5)
    foe = put(st, FILLER, 1, 6)
    end(st)
    assert one not in st.units and unit_at(st, 5) is None and unit_at(st, 6) is foe
    for sp in (4, 7):
        u = unit_at(st, sp)
        assert u is not None and u["card"] == WEAK and u["owner"] == 0 and stats(st, u) == (1, 2)
    st = _delirium()
    cast(st, "DeF008", 5)
    big = put(st, FILLER, 0, 5)
    end(st)
    assert unit_at(st, 5) is big and len(st.units) == 1


@scenario("DeF009")
def def009_glossy_reflections_conjures_a_fort() -> None:
    """START OF TURN: If occupied by an ally, add a random fort to your hand."""
    # Ruling: the fort is one of the collectible, playable forts its owner could put in a deck
    # (Delirium's and Unaligned), as for every random card.
    st = _delirium()
    cast(st, "DeF009", 5)
    put(st, WEAK, 0, 5)
    end(st)
    end(st)
    hand = st.players[0]["hand"]
    assert len(hand) == 2 and hand[0] == FILLER and hand[1] in pool("fort", "delirium")
    st = _delirium()
    cast(st, "DeF009", 5)
    end(st)
    end(st)
    assert st.players[0]["hand"] == [FILLER]


@scenario("DeF011")
def def011_sacrifice_fold_strikes_back_half_the_time() -> None:
    """50% chance to immediately deal 1 damage to the opponent's Stronghold when your Stronghold
    takes damage."""
    st = _delirium()
    cast(st, "DeF011", 5)
    st.players[0]["sh"] = 100
    hits = 0
    for _ in range(40):
        before = sh(st, 1)
        damage_stronghold(st, 0, 1, Ctx(owner=1), source=None)
        assert before - sh(st, 1) in (0, 1)
        hits += before - sh(st, 1)
    assert 8 <= hits <= 32 and sh(st, 0) == 60


@scenario("DeS002")
def des002_shifting_worlds_slides_an_empty_fort() -> None:
    """SHIFT an unoccupied fort."""
    # Ruling: the fort slides one lane at random onto a space with no fort and no unit.
    st = _delirium()
    free, held = build(st, "ThF003", 1, 11), build(st, "ThF003", 1, 5)
    put(st, WEAK, 0, 5)
    st.players[0]["hand"], st.players[0]["mana"] = ["DeS002"], 0
    legal = codes(st)
    assert f"play:DeS002:{on(free)}" in legal and f"play:DeS002:{on(held)}" not in legal
    do(st, A.Play("DeS002", on(free)))
    assert free["sp"] == 10 and fort_at(st, 11) is None and held["sp"] == 5


@scenario("DeS011")
def des011_muttering_assailant_borrows_a_stunned_foe() -> None:
    """Take control of an enemy STUNNED non-Champion unit in the Frontlines for this turn and
    remove the STUNNED effect."""
    st = _delirium()
    dazed, awake = put(st, FILLER, 1, 8), put(st, FILLER, 1, 9)
    dazed["stun"] = 1
    victim = put(st, WEAK, 1, 12)
    st.players[0]["hand"], st.players[0]["mana"] = ["DeS011"], 4
    legal = codes(st)
    assert f"play:DeS011:{on(dazed)}" in legal and f"play:DeS011:{on(awake)}" not in legal
    do(st, A.Play("DeS011", on(dazed)))
    assert dazed["owner"] == 0 and dazed["stun"] == 0
    do(st, A.Activate(dazed["id"]))
    assert victim not in st.units
    end(st)
    assert dazed["owner"] == 1


@scenario("DeS013")
def des013_focused_obliteration_spends_a_starling() -> None:
    """Destroy an ally Starling unit in ally territory and deal damage equal to its Power to the
    opponent's Stronghold."""
    st = _delirium()
    star, far, other = put(st, STARLING, 0, 4), put(st, STARLING, 0, 8), put(st, FILLER, 0, 5)
    st.players[0]["hand"], st.players[0]["mana"] = ["DeS013"], 3
    legal = codes(st)
    assert f"play:DeS013:{on(star)}" in legal
    assert f"play:DeS013:{on(far)}" not in legal and f"play:DeS013:{on(other)}" not in legal
    do(st, A.Play("DeS013", on(star)))
    assert star not in st.units and sh(st, 1) == 13 and sh(st, 0) == 15


@scenario("DeS017")
def des017_obey_the_whispers_takes_a_frontline_foe() -> None:
    """Take control of a non-Champion enemy unit in the Frontlines. This unit is STUNNED for a
    turn."""
    st = _delirium()
    foe, home = put(st, FILLER, 1, 8), put(st, FILLER, 1, 12)
    st.players[0]["hand"], st.players[0]["mana"] = ["DeS017"], 8
    legal = codes(st)
    assert f"play:DeS017:{on(foe)}" in legal and f"play:DeS017:{on(home)}" not in legal
    do(st, A.Play("DeS017", on(foe)))
    assert foe["owner"] == 0 and foe["stun"]  # ruling: STUN as usual, through its next turn
    assert f"act:{foe['id']}" not in codes(st)
    end(st)
    end(st)
    assert foe["owner"] == 0 and f"act:{foe['id']}" not in codes(st)  # still stunned
    end(st)
    end(st)
    assert foe["owner"] == 0 and f"act:{foe['id']}" in codes(st)


@scenario("DeU007")
def deu007_stitcher_parts_flings_its_killer_home() -> None:
    """If this unit is killed by combat, move the surviving unit to an empty space in your
    opponent's spawn row."""
    st = _delirium(active=1)
    stitcher = put(st, "DeU007", 0, 5)
    killer, blocker = put(st, FILLER, 1, 9), put(st, WEAK, 1, 12)
    do(st, A.Activate(killer["id"]))
    assert stitcher not in st.units and killer["dmg"] == 1
    assert row_of(killer["sp"][0]) == 3 and killer["sp"] != [12] and blocker["sp"] == [12]


@scenario("DeU010")
def deu010_simulacrum_fields_a_unit_from_hand() -> None:
    """If this unit is destroyed in Enemy Territory, RESPAWN a random non-GIANT unit from your
    hand at no cost."""
    st = _delirium(active=1)
    sim = put(st, "DeU010", 0, 8)
    st.players[0]["hand"] = ["AeU023", WEAK, "EcS014"]
    killer = put(st, FILLER, 1, 12)
    do(st, A.Activate(killer["id"]))
    new = unit_at(st, 8)
    assert sim not in st.units and new is not None and new["card"] == WEAK and new["owner"] == 0
    assert st.players[0]["hand"] == ["AeU023", "EcS014"] and st.players[0]["mana"] == 1
    st = _delirium(active=1)
    put(st, "DeU010", 0, 4)
    st.players[0]["hand"] = [WEAK]
    killer = put(st, FILLER, 1, 8)
    do(st, A.Activate(killer["id"]))
    assert unit_at(st, 4) is None and st.players[0]["hand"] == [WEAK]


@scenario("DeU020")
def deu020_hysterical_infectant_copies_its_killer() -> None:
    """If this unit is killed by combat, place a copy of the attacking non-champion enemy unit into
    your hand."""
    st = _delirium(active=1)
    put(st, "DeU020", 0, 5)
    killer = put(st, FILLER, 1, 9)
    do(st, A.Activate(killer["id"]))
    assert st.players[0]["hand"] == [FILLER] and st.players[1]["hand"] == []
    st = _delirium(active=1)
    put(st, "DeU020", 0, 5)
    champ = put(st, "ScC001", 1, 9)
    champ["pw"] = 10
    do(st, A.Activate(champ["id"]))
    assert all(u["card"] != "DeU020" for u in st.units) and st.players[0]["hand"] == []


@scenario("DeU028")
def deu028_netherworld_corruption_may_leap_and_strike() -> None:
    """SPAWN: 50% chance to immediately move to an empty space in Enemy Territory. If spawned this
    way, deal 1 damage to all enemy units in Enemy Territory."""
    leaps = stays = 0
    for seed in range(24):
        st = _delirium()
        st.rng = Rng(seed)
        far, near = put(st, FILLER, 1, 13), put(st, FILLER, 1, 4)
        cast(st, "DeU028", 0)
        u = max(st.units, key=lambda x: x["id"])
        if u["sp"] == [0]:
            stays += 1
            assert far["dmg"] == 0 and near["dmg"] == 0
        else:
            leaps += 1
            assert row_of(u["sp"][0]) >= 2 and far["dmg"] == 1 and near["dmg"] == 0
    assert leaps >= 4 and stays >= 4
