"""Scenarios of the dual-faction champions (Du) the converter once left out, each written from the
card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import play as P
from games.dragonfront.actions import decode
from games.dragonfront.board import unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import damage_unit, resolve_deaths
from games.dragonfront.state import DFState, Unit
from games.dragonfront.stats import has, power
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment


def _board(active: int = 0) -> DFState:
    return board(active=active, factions=("delirium", "scales"))


def _hurt(st: DFState, u: Unit, n: int) -> None:
    ctx = Ctx(owner=1 - u["owner"])
    damage_unit(st, u, n, ctx, source=None)
    resolve_deaths(st, ctx)


@scenario("DuC005")
def duc005_entropy_hits_enemies_by_their_fragments() -> None:
    """FLIGHT. SPAWN: All enemy units take an amount of damage equal to their Mana Fragments."""
    st = _board()
    two, one, mine = put(st, FILLER, 1, 8), put(st, WEAK, 1, 9), put(st, FILLER, 0, 4)
    champ = put(st, "ScC001", 1, 10)
    cast(st, "DuC005", 0)
    assert (two["dmg"], one["dmg"], mine["dmg"], champ["dmg"]) == (2, 1, 0, 0)
    assert has(st, unit_at(st, 0), "FLIGHT")


@scenario("DuC006")
def duc006_mrhythas_shae_turns_a_lane_to_jelly() -> None:
    """SPAWN: Destroy all non-Champion enemies in this lane and Respawn them as enemy 0/1 Jellies.
    SURVIVOR: Gain +2 Power or +2 Health at random."""
    st = _board()
    a, b, side = put(st, FILLER, 1, 9), put(st, WEAK, 1, 13), put(st, FILLER, 1, 10)
    champ = put(st, "ScC001", 1, 5)
    cast(st, "DuC006", 1)
    for u, sp in ((a, 9), (b, 13)):
        jelly = unit_at(st, sp)
        assert u not in st.units and jelly is not None and jelly["card"] == "ToU007"
        assert jelly["owner"] == 1 and stats(st, jelly) == (0, 1)
    assert side in st.units and champ in st.units and st.players[1]["mana"] == 3
    shae = unit_at(st, 1)
    _hurt(st, shae, 1)
    assert stats(st, shae) in ((5, 4), (3, 6))


@scenario("DuC021")
def duc021_fires_of_the_earth_feeds_on_forts() -> None:
    """GIANT. Gain +1/+1 when a fort is destroyed. COMMAND: Gain Champion Tokens equal to a Fort's
    cost when one is played."""
    st = _board()
    st.players[0]["champion"] = "DuC021"
    cast(st, "DeF005", 5)
    assert st.players[0]["tokens"] == C.card("DeF005")["cost"]
    end(st)
    cast(st, "ThF003", 9)  # ruling: only forts its owner plays count; the enemy's gives nothing
    assert st.players[0]["tokens"] == 4 and st.players[1]["tokens"] == 0
    end(st)
    cast(st, "DuC021", 0)
    fires = unit_at(st, 0)
    assert fires["sp"] == [0, 1] and stats(st, fires) == (3, 6)
    cast(st, "AeS001", on(st.forts[-1]))
    assert stats(st, fires) == (4, 7)


@scenario("DuC026")
def duc026_divine_reliquary_siphons_at_ends_and_on_surviving() -> None:
    """RANGE. Enemy units damaged by this unit have their Power changed to 1. END OF TURN: and
    SURVIVOR: SIPHON 1."""
    st = _board()
    st.players[0]["sh"] = 10
    rel = put(st, "DuC026", 0, 0)
    foe = put(st, FILLER, 1, 8)
    do(st, A.Activate(rel["id"]))
    assert rel["sp"] == [0] and foe["dmg"] == 3 and stats(st, foe)[0] == 1 and rel["dmg"] == 0
    end(st)
    assert sh(st, 0) == 11
    _hurt(st, rel, 1)
    assert sh(st, 0) == 12


@scenario("DuC030")
def duc030_divine_prismorphix_returns_as_a_champion() -> None:
    """FLIGHT. If destroyed, RESPAWN as a random Champion."""
    # Ruling: a random playable non-GIANT champion of any faction (a giant would not fit).
    seen = set()
    for seed in range(6):
        st = _board()
        st.rng = Rng(seed)
        prism = put(st, "DuC030", 0, 5)
        assert has(st, prism, "FLIGHT")
        _hurt(st, prism, 99)
        champs = [u for u in st.units if u["champ"] and u["owner"] == 0]
        assert prism not in st.units and len(champs) == 1  # its own SPAWN may move it on
        assert C.card(champs[0]["card"])["type"] == "champion" and champs[0]["card"] != "DuC030"
        seen.add(champs[0]["card"])
    assert len(seen) >= 2


@scenario("DuC002")
def duc002_infinite_recursion_returns_twice_over() -> None:
    """PUSH. DEATH: Add 2 Infinite Recursion units to your hand and DRAIN: 1."""
    st = _board()
    rec = put(st, "DuC002", 0, 5)
    assert has(st, rec, "PUSH")
    st.players[1]["mana"] = 3
    _hurt(st, rec, 99)
    assert st.players[0]["hand"] == ["DuC002", "DuC002"]
    assert st.players[1]["mana"] == 2 and st.players[0]["mana"] == 1
    # ruling: a copy in hand costs what a champion does, 15 less the Stronghold's damage (no
    # tokens: those were spent on the podium champion)
    st.players[0]["sh"] = 5
    st.players[0]["mana"] = 5
    do(st, A.Play("DuC002", "0"))
    copy = unit_at(st, 0)
    assert copy is not None and copy["card"] == "DuC002" and copy["champ"]
    assert st.players[0]["hand"] == ["DuC002"] and st.players[0]["mana"] == 0


@scenario("DuC003")
def duc003_etwas_the_jester_reshuffles_itself_and_a_hand() -> None:
    """END OF TURN: Randomly change the Health and Power of this unit. Replace a random card in
    the opponent's hand with a [0/2] Chum Creeper."""
    # Ruling: "randomly change" gives power and health each a value from 1 to 9, damage healed.
    seen = set()
    for seed in range(8):
        st = _board()
        st.rng = Rng(seed)
        etwas = put(st, "DuC003", 0, 1)
        etwas["dmg"] = 2
        st.players[1]["hand"] = [FILLER, WEAK, FILLER]
        end(st)
        pw, hp = stats(st, etwas)
        assert 1 <= pw <= 9 and 1 <= hp <= 9 and etwas["dmg"] == 0
        seen.add((pw, hp))
        hand = st.players[1]["hand"]
        assert hand[:3].count("ToU003") == 1 and len(hand) == 4
        rest = sorted(c for c in hand[:3] if c != "ToU003")
        assert rest in (sorted([FILLER, FILLER]), sorted([FILLER, WEAK]))
    assert len(seen) >= 3


@scenario("DuC008")
def duc008_eternal_warden_comes_back_smaller() -> None:
    """ARMOR. RESPAWN: The Eternal Warden at -1/-1. COMMAND: Units gain [Trigger SURVIVOR on
    DEATH.]"""
    st = _board()
    warden = put(st, "DuC008", 0, 5)
    assert has(st, warden, "ARMOR")
    sizes = []
    for _ in range(4):
        _hurt(st, unit_at(st, 5), 99)
        u = unit_at(st, 5)
        sizes.append(stats(st, u) if u is not None else None)
    assert sizes == [(3, 3), (2, 2), (1, 1), None]
    # COMMAND: while it waits on the Stronghold, an ally's SURVIVOR also fires when it dies
    st = _board()
    st.players[0]["champion"] = "DuC008"
    _hurt(st, put(st, "ESU007", 0, 4), 99)  # Spark Golem: SURVIVOR adds a Mana Dagger
    assert st.players[0]["hand"] == ["ToS001"]
    st = _board()
    _hurt(st, put(st, "ESU007", 0, 4), 99)
    assert st.players[0]["hand"] == []


@scenario("DuC016")
def duc016_mias_contraption_sows_thorns_in_the_frontlines() -> None:
    """SHIFT. Spawn a Field of Thorns when this unit moves in the Frontlines. COMMAND: Allies gain:
    EXECUTE: Heal this unit for 1."""
    st = _board()
    mia = put(st, "DuC016", 0, 0)
    do(st, A.Shift(mia["id"], 1))
    assert mia["sp"] == [1] and st.forts == []
    do(st, A.Activate(mia["id"]))
    thorns = [f for f in st.forts if f["card"] == "ThF009"]
    assert mia["sp"] == [5] and len(thorns) == 1 and thorns[0]["sp"] == 5
    assert thorns[0]["owner"] == 0
    end(st)  # the built Field of Thorns works: an enemy acting in its lane takes 1
    foe, elsewhere = put(st, FILLER, 1, 13), put(st, FILLER, 1, 15)
    do(st, A.Activate(foe["id"]))  # pricked, then it steps up and fights Mia
    do(st, A.Activate(elsewhere["id"]))
    assert foe["sp"] == [9] and foe["dmg"] == 1 + power(st, mia)
    assert elsewhere["sp"] == [11] and elsewhere["dmg"] == 0
    # COMMAND: while it waits on the Stronghold, an ally that kills an enemy heals 1
    st = _board()
    st.players[0]["champion"] = "DuC016"
    ally = put(st, FILLER, 0, 4)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(ally["id"]))
    assert ally["dmg"] == 0 and unit_at(st, 8) is None
    st = _board()
    ally = put(st, FILLER, 0, 4)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(ally["id"]))
    assert ally["dmg"] == 1


@scenario("DuC018")
def duc018_malice_tramples_down_the_lane() -> None:
    """Excess Combat damage is applied down the lane ending at the enemy Stronghold. DEATH: Deal 5
    damage to your own stronghold."""
    # Ruling: the excess runs on when Malice attacks (not when it is attacked).
    st = _board()
    malice = put(st, "DuC018", 0, 4)
    small, behind = put(st, WEAK, 1, 8), put(st, FILLER, 1, 12)
    do(st, A.Activate(malice["id"]))
    assert small not in st.units and behind["dmg"] == 3 and sh(st, 1) == 15
    st = _board()
    malice = put(st, "DuC018", 0, 4)
    put(st, WEAK, 1, 8)
    do(st, A.Activate(malice["id"]))
    assert sh(st, 1) == 12
    _hurt(st, malice, 99)
    assert sh(st, 0) == 10


@scenario("DuC029")
def duc029_divine_mirage_fort_is_a_spawning_ground() -> None:
    """STEELWARD. Friendly Units may spawn on this space. START OF TURN: Add a random unit to your
    hand and reduce its cost to 0."""
    st = _board()
    st.players[0]["champion"], st.players[0]["tokens"], st.players[0]["mana"] = "DuC029", 15, 0
    assert "play:DuC029:5" in codes(st) and "play:DuC029:0" not in codes(st)
    do(st, A.Play("DuC029", "5"))
    mirage = [f for f in st.forts if f["card"] == "DuC029"]
    assert len(mirage) == 1 and mirage[0]["sp"] == 5 and st.players[0]["champion"] is None
    st.players[0]["hand"], st.players[0]["mana"] = [FILLER], 4
    assert f"play:{FILLER}:5" in codes(st)
    end(st)
    st.players[1]["hand"], st.players[1]["mana"] = ["AeS001"], 2
    assert not any(c.startswith("play:AeS001") for c in codes(st))  # STEELWARD fort
    end(st)
    hand = st.players[0]["hand"]
    assert len(hand) == 3 and C.card(hand[2])["type"] == "unit"
    assert P.card_cost(st, 0, hand[2]) == 0
    mana, free = st.players[0]["mana"], hand[2]
    play = next(c for c in codes(st) if c.startswith(f"play:{free}:"))
    do(st, decode(play))
    assert st.players[0]["mana"] == mana and not st.players[0].get("mods")
    assert free not in st.players[0]["hand"]
