"""More Eclipse card scenarios (cards the converter once left out), each written from the card's
text (see tests/dfcards/__init__.py)."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import play as P
from games.dragonfront.board import fort_at, unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import damage_unit, resolve_deaths
from games.dragonfront.state import DFState, Unit
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
FLYER = "DeU006"  # Floating Star-maw, 1/2 FLIGHT


def _eclipse(active: int = 0) -> DFState:
    return board(active=active, factions=("eclipse", "scales"))


def _kill(st: DFState, u: Unit) -> None:
    """Kills a unit with spell-like damage (no unit as the source)."""
    ctx = Ctx(owner=1 - u["owner"])
    damage_unit(st, u, 99, ctx, source=None)
    resolve_deaths(st, ctx)


@scenario("EcF001")
def ecf001_graveyard_grows_with_every_death() -> None:
    """TRAP: Deal 1 damage to unit and then destroy this fort. Each time a unit dies this damage is
    increased by 1."""
    st = _eclipse()
    cast(st, "EcF001", 5)
    _kill(st, put(st, WEAK, 1, 12))
    _kill(st, put(st, WEAK, 0, 0))
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["sp"] == [5] and foe["dmg"] == 3 and fort_at(st, 5) is None
    st = _eclipse()
    cast(st, "EcF001", 5)
    foe = put(st, FILLER, 1, 9)
    end(st)
    do(st, A.Activate(foe["id"]))
    assert foe["dmg"] == 1 and st.forts == []


@scenario("EcS014")
def ecs014_quicksand_swallows_small_ground_units() -> None:
    """Destroy a non-Champion unit without FLIGHT with 3 or less Power."""
    st = _eclipse()
    small, flyer, big = put(st, WEAK, 1, 8), put(st, FLYER, 1, 9), put(st, FILLER, 1, 10)
    champ = put(st, "EcC001", 1, 11)
    st.players[0]["hand"], st.players[0]["mana"] = ["EcS014"], 4
    legal = codes(st)
    assert f"play:EcS014:{on(small)}" in legal
    assert not any(f"play:EcS014:{on(x)}" in legal for x in (flyer, big, champ))
    cast(st, "EcS014", on(small))
    assert unit_at(st, 8) is None and unit_at(st, 9) is flyer and st.players[0]["mana"] == 0


@scenario("EcS015")
def ecs015_plasma_burst_is_cheaper_per_stygian() -> None:
    """Destroy a non-Champion unit. This spell costs one less for each ally Stygian in play."""
    st = _eclipse()
    assert P.card_cost(st, 0, "EcS015") == 10
    put(st, "ToU001", 0, 0)
    put(st, "EcU002", 0, 1)
    put(st, "EcU002", 1, 12)  # an enemy Stygian does not help
    assert P.card_cost(st, 0, "EcS015") == 8
    foe = put(st, FILLER, 1, 8)
    st.players[0]["hand"], st.players[0]["mana"] = ["EcS015"], 8
    do(st, A.Play("EcS015", on(foe)))
    assert unit_at(st, 8) is None and st.players[0]["mana"] == 0


@scenario("EcS016")
def ecs016_weight_of_the_dead_raises_stygians_around() -> None:
    """Destroy an ally non-Giant unit and deploy a 1/1 Stygian in each open space adjacent to the
    target."""
    st = _eclipse()
    mine = put(st, WEAK, 0, 5)
    ally, foe = put(st, FILLER, 0, 4), put(st, FILLER, 1, 9)
    cast(st, "EcS016", on(mine))
    assert unit_at(st, 5) is None and unit_at(st, 4) is ally and unit_at(st, 9) is foe
    for sp in (1, 6):
        u = unit_at(st, sp)
        assert u is not None and u["card"] == "ToU001" and u["owner"] == 0
    assert len(st.units) == 4


@scenario("EcS017")
def ecs017_plague_saturation_costs_a_point_per_kill() -> None:
    """Deal 2 damage to enemy units in target row. Each unit destroyed deals 1 damage to your
    Stronghold."""
    st = _eclipse()
    weak, sturdy = put(st, WEAK, 1, 8), put(st, FILLER, 1, 9)
    weak2, mine, back = put(st, WEAK, 1, 11), put(st, FILLER, 0, 10), put(st, WEAK, 1, 12)
    cast(st, "EcS017", "R2")
    assert weak not in st.units and weak2 not in st.units and sturdy["dmg"] == 2
    assert mine["dmg"] == 0 and back["dmg"] == 0
    assert sh(st, 0) == 13 and sh(st, 1) == 15


@scenario("EcU034")
def ecu034_stygian_lord_starves_its_lane() -> None:
    """Enemy units and forts in this lane do not generate Mana."""
    # Ruling: no Spawn Row income, no fragment refund, no mana from their own abilities.
    st = _eclipse()
    put(st, "EcU034", 0, 4)
    starved, fed = put(st, WEAK, 1, 12), put(st, WEAK, 1, 13)
    build(st, "ThF003", 1, 8)  # Mana Fount (START OF TURN: gain 1 Mana), lane 0
    build(st, "ThF003", 1, 9)  # another, lane 1
    end(st)
    # income 1 + the lane-1 unit only, then Mana Fount of lane 1 only
    assert st.players[1]["mana"] == 1 + 1 + 1
    st.players[1]["mana"] = 0
    _kill(st, starved)
    assert st.players[1]["mana"] == 0
    _kill(st, fed)
    assert st.players[1]["mana"] == 1


@scenario("EcU035")
def ecu035_tempest_minelayer_leaves_a_plague_mine() -> None:
    """RESPAWN a Plague Mine if this unit is in an unoccupied frontline space."""
    st = _eclipse()
    front, home = put(st, "EcU035", 0, 5), put(st, "EcU035", 0, 1)
    on_fort = put(st, "EcU035", 0, 6)
    build(st, "ThF003", 0, 6)
    for u in (front, home, on_fort):
        _kill(st, u)
    mine = fort_at(st, 5)
    assert mine is not None and mine["card"] == "ToF003" and mine["owner"] == 0
    assert [f["card"] for f in st.forts if f["sp"] == 6] == ["ThF003"]
    assert fort_at(st, 1) is None and len(st.forts) == 2
