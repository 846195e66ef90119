"""Scenarios for spells of Essence, Scales, Silence, Strife, Thorns and Unaligned encoded in
`tools.dragonfront.encodings_more`, each written from the card's text."""

from __future__ import annotations

from games.dragonfront.board import fort_at
from games.dragonfront.play import spell_targets
from games.dragonfront.stats import has
from games.rng import Rng
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dfcards.kit_b import act, alive, hp
from tests.dragonfront_helpers import FILLER, board, build, codes, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
GOLEM = "ESU003"
SCORCHED = "StF003"


def _gifts(card: str, seed: int) -> int:
    """Casts Dark Chaos Magic on a unit of `card` and lets it hit an enemy: returns how many of
    the gifts showed (the hit stunned, healed the Stronghold, poisoned)."""
    st = board()
    st.rng = Rng(seed)
    st.players[0]["sh"] = 10
    u = put(st, card, 0, 4)
    u["pw"] = 1
    e = put(st, FILLER, 1, 8)
    cast(st, "ESS003", on(u))
    act(st, u)
    return int(bool(e["stun"])) + int(sh(st, 0) > 10) + int(bool(e["poison"]))


@scenario("ESS003")
def ess003_dark_chaos_magic_gives_one_trait_twice_on_golems() -> None:
    """Randomly grant an ally unit STUN, SIPHON 1, or POISON. This effect goes off twice on
    Golem units. (A trait rolled twice is granted once, as with Light Chaos Magic.)"""
    assert all(_gifts(FILLER, seed) == 1 for seed in range(12))
    golem = [_gifts(GOLEM, seed) for seed in range(12)]
    assert set(golem) <= {1, 2} and 2 in golem


@scenario("ESS018")
def ess018_new_path_pushes_and_hurts_in_the_spawn_row() -> None:
    """PUSH a unit. Deal 1 damage if the unit ends in their spawn row."""
    st = board()
    e = put(st, FILLER, 1, 8)
    cast(st, "ESS018", on(e))
    assert e["sp"] == [12] and hp(st, e) == 4
    st = board()
    e = put(st, FILLER, 1, 4)
    cast(st, "ESS018", on(e))
    assert e["sp"] == [8] and hp(st, e) == 5


@scenario("ESS020")
def ess020_binding_makes_the_enemy_hurt_its_own_side() -> None:
    """Grant enemy unit END OF TURN: Deal 2 random damage to ally units if in enemy territory.
    (The allies are the bound unit's own; the damage is split at random among them.)"""
    st = board()
    e, other, mine = put(st, FILLER, 1, 4), put(st, FILLER, 1, 13), put(st, FILLER, 0, 0)
    cast(st, "ESS020", on(e))
    end(st)
    assert e["dmg"] + other["dmg"] == 0
    end(st)
    assert e["dmg"] + other["dmg"] == 2 and mine["dmg"] == 0
    st = board()
    e = put(st, FILLER, 1, 8)
    cast(st, "ESS020", on(e))
    end(st, 2)
    assert e["dmg"] == 0


@scenario("ScS005")
def scs005_heavy_ordnance_gives_range_for_one_action() -> None:
    """Grant RANGE to a non-Giant ally unit for its next action."""
    st = board()
    u = put(st, FILLER, 0, 0)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 20
    assert f"u{put(st, 'AeU021', 0, 2, 3)['id']}" not in spell_targets(st, 0, "ally_nongiant")
    cast(st, "ScS005", on(u))
    act(st, u)
    assert u["sp"] == [0] and e["dmg"] == 4 and u["dmg"] == 0 and not has(st, u, "RANGE")


@scenario("ScS006")
def scs006_fortify_shields_the_stronghold_until_your_next_turn() -> None:
    """Your Stronghold is immune to all damage until your next turn."""
    st = board()
    e = put(st, FILLER, 1, 0)
    cast(st, "ScS006")
    end(st)
    act(st, e)
    assert sh(st, 0) == 15
    end(st, 2)
    act(st, e)
    assert sh(st, 0) == 11


@scenario("ScS013")
def scs013_holding_the_line_adds_health_until_their_next_turn() -> None:
    """Grant all ally units +4 Health until their next turn. (When the bonus runs out, the
    damage it soaked is forgiven: the unit keeps what health it had, up to its normal maximum.)"""
    st = board()
    u = put(st, FILLER, 0, 4)
    e = put(st, FILLER, 1, 8)
    e["pw"], e["hp"] = 7, 20
    cast(st, "ScS013")
    assert stats(st, u) == (4, 9)
    end(st)
    act(st, e)
    assert alive(st, u) and stats(st, u) == (4, 2)
    end(st)
    assert alive(st, u) and stats(st, u) == (4, 2) and u["hp"] == 5


@scenario("ScS017")
def scs017_death_syphon_costs_the_units_health() -> None:
    """Destroy a non-Champion unit. Deal damage to your Stronghold equal to the unit's remaining
    health."""
    st = board()
    e = put(st, FILLER, 1, 8)
    e["dmg"] = 1
    cast(st, "ScS017", on(e))
    assert not alive(st, e) and sh(st, 0) == 11


@scenario("ScS018")
def scs018_true_mettle_keeps_one_health_this_turn() -> None:
    """Choose an ally unit. Its Health cannot drop below 1 this turn."""
    st = board()
    u = put(st, FILLER, 0, 4)
    e = put(st, FILLER, 1, 8)
    e["pw"], e["hp"] = 10, 20
    cast(st, "ScS018", on(u))
    act(st, u)
    assert alive(st, u) and hp(st, u) == 1
    end(st)
    e["acted"] = False
    e["dmg"] = 0
    act(st, e)
    assert not alive(st, u)


@scenario("SiS006")
def sis006_quick_strike_gives_swift_until_your_next_turn() -> None:
    """Grant SWIFT to an ally unit until your next turn."""
    st = board()
    u = put(st, FILLER, 0, 4)
    e = put(st, FILLER, 1, 8)
    e["dmg"] = 4
    cast(st, "SiS006", on(u))
    end(st)
    act(st, e)
    assert not alive(st, e) and u["dmg"] == 0 and has(st, u, "SWIFT")
    end(st)
    assert not has(st, u, "SWIFT")


@scenario("SiS012")
def sis012_without_a_trace_hides_and_moves_to_the_frontlines() -> None:
    """Grant STEALTH to an Ally unit, hide that unit, then move it to a random space in the
    Frontlines."""
    st = board()
    u = put(st, FILLER, 0, 0)
    cast(st, "SiS012", on(u))
    assert u["hidden"] and has(st, u, "STEALTH") and 4 <= u["sp"][0] < 12


@scenario("SiS013")
def sis013_netherworld_traversal_passes_through_the_space_ahead() -> None:
    """Target ally unit moves through forts or units in the space directly in front of it, if
    the next space is unoccupied."""
    st = board()
    u = put(st, FILLER, 0, 0)
    put(st, FILLER, 1, 4)
    cast(st, "SiS013", on(u))
    assert u["sp"] == [8]
    st = board()
    u = put(st, FILLER, 0, 0)
    put(st, FILLER, 1, 4)
    put(st, FILLER, 1, 8)
    cast(st, "SiS013", on(u))
    assert u["sp"] == [0]


@scenario("SiS015")
def sis015_hidden_agents_kill_a_weak_enemy() -> None:
    """Destroy an enemy unit with Power of 2 or less and add a [1/1] Shadow to your hand."""
    st = board()
    weak, strong = put(st, WEAK, 1, 8), put(st, FILLER, 1, 9)
    assert spell_targets(st, 0, "enemy_pw2") == [on(weak)]
    cast(st, "SiS015", on(weak))
    assert not alive(st, weak) and alive(st, strong) and st.players[0]["hand"] == ["ToU011"]


@scenario("SiS018")
def sis018_energy_spike_pays_both_sides_per_kill() -> None:
    """Deal 2 damage to all units in a row. For each unit destroyed, you and your opponent gain
    1 Mana."""
    st = board()
    a, b, c = put(st, WEAK, 1, 8), put(st, FILLER, 1, 9), put(st, WEAK, 0, 10)
    cast(st, "SiS018", "R2")
    assert not alive(st, a) and not alive(st, c) and hp(st, b) == 3
    # Each side also recovers its Battalion's fragment.
    assert st.players[0]["mana"] == 3 and st.players[1]["mana"] == 3


@scenario("StS001")
def sts001_fury_until_the_end_of_the_turn() -> None:
    """Grant a unit +2/+1 until the end of the turn."""
    st = board()
    u = put(st, FILLER, 0, 4)
    cast(st, "StS001", on(u))
    assert stats(st, u) == (6, 6)
    end(st)
    assert stats(st, u) == (4, 5)


@scenario("StS015")
def sts015_blaze_of_glory_then_the_unit_dies() -> None:
    """Grant an ally unit +3/+3 until the end of the turn, then destroy it."""
    st = board()
    u = put(st, FILLER, 0, 4)
    cast(st, "StS015", on(u))
    assert stats(st, u) == (7, 8)
    end(st)
    assert not alive(st, u)


@scenario("StS011")
def sts011_creeping_infestation_leaves_a_wall() -> None:
    """Destroy an unoccupied fort. If the space is uninhabited, deploy a 0/2 WALL in its place."""
    st = board()
    f = build(st, "ThF003", 1, 9)
    held = build(st, "ThF003", 1, 10)
    put(st, FILLER, 1, 10)
    assert spell_targets(st, 0, "fort_unoccupied") == [on(f)]
    cast(st, "StS011", on(f))
    wall = fort_at(st, 9)
    assert f not in st.forts and held in st.forts
    assert wall is not None and wall["card"] == "ToF001" and wall["owner"] == 0 and wall["hp"] == 2


@scenario("StS012")
def sts012_forge_fire_builds_and_heals_per_scorched_land() -> None:
    """Deploy a Scorched Land on an unoccupied Frontline space. For each Scorched Land in play,
    HEAL your Stronghold for 1."""
    st = board()
    st.players[0]["sh"] = 10
    build(st, SCORCHED, 1, 9)
    put(st, FILLER, 0, 5)
    assert "S5" not in spell_targets(st, 0, "open_front_space")
    cast(st, "StS012", "S6")
    f = fort_at(st, 6)
    assert f is not None and f["card"] == SCORCHED and f["owner"] == 0 and sh(st, 0) == 12


@scenario("StS013")
def sts013_fuel_the_fire_scorches_the_units_space() -> None:
    """Deal 2 damage to a unit in the Frontlines. Deploy a Scorched Land on the unit's space if
    no other fort is present."""
    st = board()
    e = put(st, FILLER, 1, 8)
    cast(st, "StS013", on(e))
    f = fort_at(st, 8)
    assert hp(st, e) == 3 and f is not None and f["card"] == SCORCHED and f["owner"] == 0
    st = board()
    other = build(st, "ThF003", 1, 9)
    e = put(st, FILLER, 1, 9)
    cast(st, "StS013", on(e))
    assert hp(st, e) == 3 and fort_at(st, 9) is other and len(st.forts) == 1


@scenario("StS014")
def sts014_rapid_reinforcement_steps_up_and_leaves_a_slag() -> None:
    """Move an ally non-GIANT in the spawn row forward 1 space and spawn a 2/2 Slag in its
    place."""
    st = board()
    u = put(st, FILLER, 0, 1)
    put(st, FILLER, 0, 4)
    assert spell_targets(st, 0, "ally_nongiant_spawn") == [on(u)]
    cast(st, "StS014", on(u))
    slag = next(x for x in st.units if x["card"] == "ToU010")
    assert u["sp"] == [5] and slag["sp"] == [1] and slag["owner"] == 0 and stats(st, slag) == (2, 2)


@scenario("ThS003")
def ths003_pain_frenzy_moves_on_after_a_kill() -> None:
    """Move target unit 1 space toward the enemy Stronghold when it destroys a unit in combat."""
    st = board()
    u = put(st, FILLER, 0, 4)
    e = put(st, WEAK, 1, 8)
    cast(st, "ThS003", on(u))
    act(st, u)
    assert not alive(st, e) and u["sp"] == [8]
    st = board()
    u = put(st, "ThU014", 0, 0)  # Druid Hunter-Killer, RANGE: a kill in combat from afar
    e = put(st, WEAK, 1, 8)
    e["dmg"] = 1
    cast(st, "ThS003", on(u))
    act(st, u)
    assert not alive(st, e) and u["sp"] == [4]


@scenario("ThS013")
def ths013_sinkhole_swallows_a_big_ground_unit() -> None:
    """Destroy a non-Champion unit without FLIGHT with 5 or more Power."""
    st = board()
    small, big = put(st, FILLER, 1, 8), put(st, FILLER, 1, 9)
    flyer, champ = put(st, "ThU016", 1, 10), put(st, "SiC002", 1, 13)
    big["pw"] = flyer["pw"] = champ["pw"] = 5
    assert spell_targets(st, 0, "nonchamp_ground_pw5") == [on(big)]
    cast(st, "ThS013", on(big))
    assert not alive(st, big) and alive(st, small)


@scenario("ThS014")
def ths014_blazing_cutlass_arms_the_hollows() -> None:
    """Grant all ally Hollow units +1/+1 and SPRINT."""
    st = board()
    hollow, other, foe = put(st, "ThU001", 0, 0), put(st, FILLER, 0, 1), put(st, "ThU001", 1, 13)
    cast(st, "ThS014")
    assert stats(st, hollow) == (2, 3) and has(st, hollow, "SPRINT")
    assert stats(st, other) == (4, 5) and not has(st, other, "SPRINT") and stats(st, foe) == (1, 2)


@scenario("UnS002")
def uns002_cinder_prophecy_draws_per_death_this_turn() -> None:
    """DRAW 1 for each unit that died this turn."""
    st = board(active=1)
    put(st, WEAK, 0, 4)
    act(st, put(st, FILLER, 1, 8))
    end(st)
    a, b = put(st, FILLER, 0, 5), put(st, FILLER, 0, 6)
    put(st, WEAK, 1, 9)
    put(st, WEAK, 1, 10)
    act(st, a)
    act(st, b)
    hand = list(st.players[0]["hand"])
    cast(st, "UnS002")
    assert st.players[0]["hand"] == hand + [FILLER, FILLER]


@scenario("UnS006")
def uns006_dragons_warning_burns_a_frontline_row() -> None:
    """Deal 3 damage to all units in a Frontline row. Deploy a Scorched Land to all unoccupied
    spaces in that row."""
    st = board()
    big, weak = put(st, FILLER, 1, 8), put(st, WEAK, 1, 9)
    mine = put(st, FILLER, 0, 5)
    old = build(st, "ThF003", 1, 10)
    assert "R0" not in codes(st) and set(spell_targets(st, 0, "front_row")) == {"R1", "R2"}
    cast(st, "UnS006", "R2")
    assert hp(st, big) == 2 and not alive(st, weak) and hp(st, mine) == 5
    assert [f["card"] if (f := fort_at(st, s)) else None for s in (8, 9, 10, 11)] == \
        [None, SCORCHED, "ThF003", SCORCHED] and old in st.forts


@scenario("SiS011")
def sis011_from_the_shadows_switches_two_allies() -> None:
    """Choose 2 non-GIANT ally units and switch their positions."""
    st = board()
    a, b = put(st, FILLER, 0, 0), put(st, WEAK, 0, 9)
    put(st, "AeU021", 0, 2, 3)
    put(st, FILLER, 1, 13)
    assert spell_targets(st, 0, "ally_pair_nongiant") == [f"P{a['id']}-{b['id']}"]
    cast(st, "SiS011", f"P{a['id']}-{b['id']}")
    assert a["sp"] == [9] and b["sp"] == [0]
