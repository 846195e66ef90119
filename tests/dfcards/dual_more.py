"""Scenarios of the dual-faction champions (Du) the converter once left out, each written from the
card's text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront.board import unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import damage_unit, resolve_deaths
from games.dragonfront.state import DFState, Unit
from games.dragonfront.stats import has
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dragonfront_helpers import FILLER, board, do, put

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
    cast(st, "ThF003", 9)  # the enemy's fort gives nothing
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
    seen = set()
    for seed in range(6):
        st = _board()
        st.rng = Rng(seed)
        prism = put(st, "DuC030", 0, 5)
        assert has(st, prism, "FLIGHT")
        _hurt(st, prism, 99)
        new = unit_at(st, 5)
        assert new is not None and new is not prism and new["owner"] == 0
        assert C.card(new["card"])["type"] == "champion" and new["champ"]
        seen.add(new["card"])
    assert len(seen) >= 2
