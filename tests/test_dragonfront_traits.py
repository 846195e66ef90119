"""Dragon Front traits and triggers: one scenario per trait, each from a built board with exact results.

Spaces are row * 4 + lane: row 0 is seat 0's Spawn Row, row 3 seat 1's; seat 0 moves up the rows.
"""

from __future__ import annotations

from games.dragonfront import GAME
from games.dragonfront import actions as A
from games.dragonfront import rules as R
from games.dragonfront.board import fort_at, unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.effects import run_effects
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put, unit_view

MADCAP = FILLER  # 4/5
BATTALION = "ScU003"  # 1/2, 1 fragment
SKIRMISHER = "EcU002"  # 1/2 Stygian


def test_draw_shade_thaumaturge_survivor_draws() -> None:
    """DRAW: Shade Thaumaturge survives a hit and its owner draws one card."""
    st = board()
    put(st, SKIRMISHER, 0, 4)
    th = put(st, "EcU027", 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert th["dmg"] == 1 and len(st.players[1]["hand"]) == 1 and len(st.players[1]["deck"]) == 4


def test_flight_attacks_over_a_ground_unit_in_the_spawn_row() -> None:
    """FLIGHT: a flier in the enemy Frontline hits the Stronghold over a ground unit in front."""
    st = board()
    drake = put(st, "StU018", 0, 8)
    guard = put(st, MADCAP, 1, 12)
    do(st, A.Activate(drake["id"]))
    assert st.players[1]["sh"] == 13 and guard["dmg"] == 0 and drake["dmg"] == 0


def test_flight_ignores_traps() -> None:
    """FLIGHT: fliers do not spring enemy traps; ground units do."""
    st = board()
    build(st, "ThF001", 1, 4)
    drake = put(st, "StU018", 0, 0)
    do(st, A.Activate(drake["id"]))
    assert drake["sp"] == [4] and drake["stun"] == 0
    st2 = board()
    build(st2, "ThF001", 1, 4)
    walker = put(st2, MADCAP, 0, 0)
    do(st2, A.Activate(walker["id"]))
    assert walker["sp"] == [4] and walker["stun"] == 1


def test_heal_transference_heals_the_stronghold_by_damage_dealt() -> None:
    """HEAL: Transference deals 3 to a unit and heals the own Stronghold by the damage dealt."""
    st = board()
    st.players[0].update(sh=9, mana=4, hand=["EcS013"])
    foe = put(st, MADCAP, 1, 8)
    do(st, A.Play("EcS013", f"u{foe['id']}"))
    assert foe["dmg"] == 3 and st.players[0]["sh"] == 12 and st.players[0]["mana"] == 0


def test_giant_takes_two_spaces_and_hits_the_stronghold_twice() -> None:
    """GIANT: two spaces, two mana in the Spawn Row, double damage on an undefended Stronghold."""
    st = board()
    giant = put(st, "EcU031", 0, 0, 1)
    assert R.mana_income(st, 0) == 3
    giant["sp"] = [12, 13]
    do(st, A.Activate(giant["id"]))
    assert st.players[1]["sh"] == 5


def test_giant_needs_both_spaces_ahead_to_move() -> None:
    """GIANT: a giant with an ally in front of one half cannot move."""
    st = board()
    giant = put(st, "EcU031", 0, 0, 1)
    put(st, MADCAP, 0, 5)
    assert f"act:{giant['id']}" not in codes(st)


def test_mana_fount_gives_mana_at_start_of_turn() -> None:
    """MANA: Mana Fount adds 1 at its owner's start of turn, after the income of 1."""
    st = board(active=1, factions=("thorns", "scales"))
    build(st, "ThF003", 0, 4)
    do(st, A.EndTurn())
    assert st.players[0]["mana"] == 2


def test_poisoned_unit_loses_one_health_at_its_owners_start() -> None:
    """POISONED: 1 damage at the start of the owner's turn."""
    st = board(active=1)
    u = put(st, MADCAP, 0, 4)
    u["poison"] = True
    do(st, A.EndTurn())
    assert u["dmg"] == 1


def test_range_shoots_two_spaces_without_moving_or_taking_damage() -> None:
    """RANGE: Necromancer Coven hits a unit 2 spaces ahead, takes no counter, and sets its power to 1."""
    st = board()
    coven = put(st, "EcU025", 0, 0)
    foe = put(st, MADCAP, 1, 8)
    do(st, A.Activate(coven["id"]))
    assert coven["sp"] == [0] and coven["dmg"] == 0 and foe["dmg"] == 2 and foe["pw"] == 1


def test_respawn_infected_host_leaves_a_creeper() -> None:
    """RESPAWN: Infected Host dies and a 0/2 Creeper appears on its space."""
    st = board()
    put(st, MADCAP, 0, 4)
    put(st, "DeU013", 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    creeper = unit_at(st, 8)
    assert creeper is not None and creeper["card"] == "ToU003" and creeper["owner"] == 1


def test_sprint_moves_two_spaces() -> None:
    """SPRINT: Dogs of War move two spaces."""
    st = board()
    dogs = put(st, "ScU002", 0, 0)
    do(st, A.Activate(dogs["id"]))
    assert dogs["sp"] == [8]


def test_sprint_stops_to_fight_an_enemy_in_front() -> None:
    """SPRINT: after one step with an enemy ahead the unit fights instead of stepping again."""
    st = board()
    dogs = put(st, "ScU002", 0, 0)
    foe = put(st, BATTALION, 1, 8)
    do(st, A.Activate(dogs["id"]))
    assert dogs not in st.units and foe["dmg"] == 1


def test_stun_skips_the_next_turn_then_wears_off() -> None:
    """STUN: Spinner stuns a unit; it cannot act in its owner's next turn; the stun ends with that turn."""
    st = board(factions=("delirium", "scales"))
    st.players[0].update(mana=2, hand=["DeS012"])
    foe = put(st, MADCAP, 1, 8)
    do(st, A.Play("DeS012", f"u{foe['id']}"))
    do(st, A.EndTurn())
    assert f"act:{foe['id']}" not in codes(st) and foe["stun"] == 2
    do(st, A.EndTurn())
    assert foe["stun"] == 0


def test_trap_overgrowth_stuns_an_enemy_stepping_in() -> None:
    """TRAP: Overgrowth stuns the enemy that enters its space."""
    st = board()
    build(st, "ThF001", 1, 4)
    u = put(st, MADCAP, 0, 0)
    do(st, A.Activate(u["id"]))
    assert u["stun"] == 1


def test_wall_blocks_movement_and_takes_combat_damage() -> None:
    """WALL: an enemy wall stops a unit, which hits it instead; an own wall blocks activation."""
    st = board()
    wall = build(st, "ToF005", 1, 8)
    u = put(st, MADCAP, 0, 4)
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [4] and wall["dmg"] == 4 and u["dmg"] == 0
    st2 = board()
    build(st2, "ToF005", 0, 4)
    v = put(st2, MADCAP, 0, 0)
    assert f"act:{v['id']}" not in codes(st2)


def test_command_applies_while_the_champion_waits() -> None:
    """COMMAND: a champion on the Stronghold gives its COMMAND bonus (allies -1/+1)."""
    st = board()
    st.players[0]["champion"] = "ScC005"
    u = put(st, MADCAP, 0, 0)
    v = unit_view(st, u)
    assert (v["power"], v["health"]) == (3, 6)
    st.players[0]["champion"] = None
    v = unit_view(st, u)
    assert (v["power"], v["health"]) == (4, 5)


def test_siphon_heals_the_stronghold_when_dealing_damage() -> None:
    """SIPHON: Shade Manipulators in enemy territory heal their Stronghold by 2 on a hit."""
    st = board()
    st.players[0]["sh"] = 10
    shade = put(st, "EcU010", 0, 12)
    do(st, A.Activate(shade["id"]))
    assert st.players[1]["sh"] == 13 and st.players[0]["sh"] == 12


def test_blight_burns_the_victims_fragments() -> None:
    """BLIGHT: a unit killed by a BLIGHT unit gives its owner no mana."""
    st = board()
    put(st, "EcU010", 0, 4)
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert unit_at(st, 8) is None and st.players[1]["mana"] == 0


def test_fragments_refund_mana_on_death() -> None:
    """Mana Fragments: a destroyed unit gives its owner its fragments as mana."""
    st = board()
    put(st, MADCAP, 0, 4)
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert st.players[1]["mana"] == 1


def test_armor_softens_combat_but_not_spells() -> None:
    """ARMOR: combat damage is 1 less; spell damage is not reduced."""
    st = board(factions=("essence", "scales"))
    put(st, MADCAP, 0, 4)
    mecha = put(st, "ScU023", 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert mecha["dmg"] == 3
    st.players[0].update(mana=1, hand=["ToS001"])
    do(st, A.Play("ToS001", f"u{mecha['id']}"))
    assert mecha not in st.units


def test_catapult_hits_the_first_enemy_in_lane_then_is_stunned() -> None:
    """CATAPULT: fires at the first enemy in its lane without moving, then is stunned."""
    st = board()
    art = put(st, "ScU011", 0, 0)
    foe = put(st, MADCAP, 1, 12)
    do(st, A.Activate(art["id"]))
    assert art["sp"] == [0] and foe["dmg"] == 2 and art["dmg"] == 0 and art["stun"] == 1


def test_union_counts_other_allies_in_the_row() -> None:
    """UNION: +1 power per other friendly unit in the row."""
    st = board()
    merc = put(st, "ScU001", 0, 0)
    put(st, MADCAP, 0, 1)
    put(st, MADCAP, 0, 3)
    put(st, MADCAP, 1, 4)
    assert unit_view(st, merc)["power"] == 3


def test_regen_heals_at_end_of_turn() -> None:
    """REGEN: Healing Herbs grants REGEN 1, healing 1 at the owner's end of turn."""
    st = board(factions=("thorns", "scales"))
    u = put(st, MADCAP, 0, 0)
    u["dmg"] = 3
    st.players[0].update(mana=1, hand=["ThS002"])
    do(st, A.Play("ThS002", f"u{u['id']}"))
    do(st, A.EndTurn())
    assert u["dmg"] == 2


def test_rush_acts_on_the_turn_it_is_played() -> None:
    """RUSH: Mutated Mongrel can activate at once."""
    st = board(factions=("thorns", "scales"))
    st.players[0].update(mana=2, hand=["ThU004"])
    do(st, A.Play("ThU004", "0"))
    assert f"act:{st.units[0]['id']}" in codes(st)


def test_summoning_sickness_without_rush() -> None:
    """A freshly played unit without RUSH cannot activate this turn."""
    st = board()
    st.players[0].update(mana=1, hand=[SKIRMISHER])
    do(st, A.Play(SKIRMISHER, "0"))
    assert not any(c.startswith("act:") for c in codes(st))


def test_breach_deploys_anywhere_but_the_enemy_spawn_row() -> None:
    """BREACH: Catapulted Goblins may land in rows 1-3 of the own side, not the enemy Spawn Row."""
    st = board(factions=("strife", "scales"))
    st.players[0].update(mana=2, hand=["StU006"])
    spaces = sorted(int(c.split(":")[2]) for c in codes(st) if c.startswith("play:StU006"))
    assert spaces == list(range(12))


def test_berserk_hits_neighbours_after_moving() -> None:
    """BERSERK: after a move, 1 damage to units on edge-adjacent spaces, before combat."""
    st = board(factions=("strife", "scales"))
    mek = put(st, "StU010", 0, 0)
    ally = put(st, MADCAP, 0, 5)
    diag = put(st, MADCAP, 0, 1)
    foe = put(st, BATTALION, 1, 8)
    do(st, A.Activate(mek["id"]))
    assert ally["dmg"] == 1 and diag["dmg"] == 0 and foe not in st.units and mek["dmg"] == 1


def test_deathblow_strikes_once_more_when_killed() -> None:
    """DEATHBLOW: Knights of Korrad-dur, killed, hit their attacker again."""
    st = board()
    u = put(st, MADCAP, 0, 4)
    put(st, "StU007", 1, 8)
    do(st, A.Activate(u["id"]))
    assert u["dmg"] == 4


def test_stealth_hides_the_unit_and_earns_no_mana_until_revealed() -> None:
    """STEALTH: hidden from the enemy view, no mana, revealed when it attacks."""
    st = board(factions=("silence", "scales"))
    envoy = put(st, "SiU001", 0, 0)
    assert envoy["hidden"] and R.mana_income(st, 0) == 1
    assert all(u["id"] != envoy["id"] for u in GAME.view(st, 1)["units"])
    assert all(u["id"] != envoy["id"] for u in GAME.view(st, None)["units"])
    assert any(u["id"] == envoy["id"] for u in GAME.view(st, 0)["units"])
    envoy["sp"] = [4]
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(envoy["id"]))
    assert not envoy["hidden"] or envoy not in st.units


def test_stealthed_enemy_blocks_a_mover_and_is_revealed() -> None:
    """STEALTH: a unit stepping into a hidden enemy reveals it and attacks it."""
    st = board(active=1, factions=("silence", "scales"))
    envoy = put(st, "SiU001", 0, 4)
    foe = put(st, MADCAP, 1, 8)
    assert GAME.label(st, A.Activate(foe["id"]))[-1] == "Move to D3"
    do(st, A.Activate(foe["id"]))
    assert envoy not in st.units and foe["sp"] == [8]


def test_swift_strikes_first() -> None:
    """SWIFT: Elvish Thunder-Riders kill a 1/1 before it can strike back."""
    st = board()
    riders = put(st, "SiU009", 0, 4)
    put(st, "EcU005", 1, 8)
    do(st, A.Activate(riders["id"]))
    assert riders["dmg"] == 0 and unit_at(st, 8) is None


def test_push_moves_the_defender_back_and_construct_follows_up() -> None:
    """PUSH: the defender is pushed one space back; Propulsion Construct then deals 2."""
    st = board(factions=("essence", "scales"))
    con = put(st, "ESU004", 0, 4)
    foe = put(st, BATTALION, 1, 8)
    do(st, A.Activate(con["id"]))
    assert foe not in st.units and con["dmg"] == 1
    st2 = board(factions=("essence", "scales"))
    titan = put(st2, "ESU011", 0, 4)
    mad = put(st2, MADCAP, 1, 8)
    do(st2, A.Activate(titan["id"]))
    assert mad["sp"] == [12] and mad["dmg"] == 3 and titan["dmg"] == 4


def test_shift_slides_a_lane_once_per_turn() -> None:
    """SHIFT: one sideways step a turn, no combat, and the unit may still activate."""
    st = board(factions=("essence", "scales"))
    g = put(st, "ESU001", 0, 0)
    do(st, A.Shift(g["id"], 1))
    assert g["sp"] == [1]
    assert not any(c.startswith("shift:") for c in codes(st)) and f"act:{g['id']}" in codes(st)


def test_drain_war_stitcher_takes_enemy_mana() -> None:
    """DRAIN: War Stitcher's arrival moves 1 mana from the enemy to its owner."""
    st = board(factions=("delirium", "scales"))
    st.players[0].update(mana=3, hand=["DeU018"])
    st.players[1]["mana"] = 3
    do(st, A.Play("DeU018", "0"))
    assert st.players[0]["mana"] == 1 and st.players[1]["mana"] == 2


def test_pull_temptation_witness_drags_an_enemy_forward() -> None:
    """PULL: Temptation Witness pulls the enemy in its lane's enemy Spawn Row one space closer."""
    st = board(factions=("delirium", "scales"))
    st.players[0].update(mana=1, hand=["DeU004"])
    foe = put(st, MADCAP, 1, 13)
    do(st, A.Play("DeU004", "1"))
    assert foe["sp"] == [9]


def test_evolve_solar_footman_becomes_lunar_phoenix() -> None:
    """EVOLVE: Solar Footman survives damage and turns into Lunar Phoenix."""
    st = board(factions=("aegis", "scales"))
    foot = put(st, "AeU018", 0, 4)
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(foot["id"]))
    assert foot["card"] == "AeU022" and foot["dmg"] == 0


def test_bless_marks_tiles_and_genesis_scout_gains_there() -> None:
    """BLESS: Sacred Mystics bless their tile; a Genesis Scout on a blessed tile is 2/2 with FLIGHT."""
    st = board(factions=("aegis", "scales"))
    st.players[0].update(mana=2, hand=["AeU004"])
    do(st, A.Play("AeU004", "0"))
    assert st.blessed == [0]
    scout = put(st, "AeU000", 0, 0)
    st.units = [u for u in st.units if u["card"] != "AeU004"]
    v = unit_view(st, scout)
    assert (v["power"], v["health"]) == (2, 2) and "FLIGHT" in v["traits"]


def test_steelward_cannot_be_targeted_by_spells() -> None:
    """STEELWARD: Sanguis Archer is never a spell target."""
    st = board()
    st.players[0].update(mana=2, hand=["ScS012"])
    archer = put(st, "AeU017", 1, 12)
    other = put(st, MADCAP, 1, 13)
    targets = [c for c in codes(st) if c.startswith("play:ScS012")]
    assert targets == [f"play:ScS012:u{other['id']}"] and archer["id"] != other["id"]


def test_hush_strips_traits_and_abilities() -> None:
    """HUSH: a hushed Drake Scavengers loses FLIGHT and its growth ability."""
    st = board()
    drake = put(st, "StU018", 1, 8)
    run_effects(st, [{"op": "hush", "to": "target"}], Ctx(owner=0, target=drake))
    assert drake["kw"] == {} and drake["ab"] == []


# -- triggers ---------------------------------------------------------------------------------

def test_spawn_conjoined_stygians_add_a_stygian() -> None:
    """SPAWN: Conjoined Stygians put a 1/1 Stygian into the hand."""
    st = board()
    st.players[0].update(mana=2, hand=["EcU011"])
    do(st, A.Play("EcU011", "0"))
    assert st.players[0]["hand"] == ["ToU001"]


def test_death_rats_of_rous_make_both_draw() -> None:
    """DEATH: Rats of Rous die and both players draw."""
    st = board()
    put(st, MADCAP, 0, 4)
    put(st, "EcU005", 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert len(st.players[0]["hand"]) == 1 and len(st.players[1]["hand"]) == 1


def test_survivor_shade_inflictors_add_a_stygian() -> None:
    """SURVIVOR: Shade Inflictors survive and add a Stygian to their owner's hand."""
    st = board()
    put(st, SKIRMISHER, 0, 4)
    put(st, "EcU021", 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert st.players[1]["hand"] == ["ToU001"]


def test_execute_energy_raiders_gain_mana() -> None:
    """EXECUTE: Energy Raiders kill a unit and gain 2 mana."""
    st = board()
    put(st, "SiU021", 0, 4)
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert st.players[0]["mana"] == 2


def test_start_and_end_of_turn_triggers() -> None:
    """START/END OF TURN: Hollow Harvesters earn with an enemy in lane; Surveyors earn when idle."""
    st = board(active=1, factions=("thorns", "scales"))
    put(st, "ThU008", 0, 0)
    put(st, MADCAP, 1, 12)
    do(st, A.EndTurn())
    assert st.players[0]["mana"] == 3  # income 2 + harvesters 1
    st2 = board(factions=("scales", "eclipse"))
    put(st2, "ScU008", 0, 0)
    do(st2, A.EndTurn())
    assert st2.players[0]["mana"] == 1


def test_action_satyrs_gain_mana_when_activated() -> None:
    """ACTION: Satyrs of the Grove gain 1 mana whenever they activate."""
    st = board()
    s = put(st, "ThU020", 0, 0)
    do(st, A.Activate(s["id"]))
    assert st.players[0]["mana"] == 1 and s["sp"] == [4]


def test_choose_one_forced_decay_hits_the_stronghold() -> None:
    """CHOOSE ONE: Forced Decay's second mode deals 2 to the enemy Stronghold."""
    st = board()
    st.players[0].update(mana=3, hand=["EcS012"])
    assert "play:EcS012:-:1" in codes(st) and not any(c.startswith("play:EcS012:f") for c in codes(st))
    do(st, A.Play("EcS012", "-", 1))
    assert st.players[1]["sh"] == 13


def test_trap_mystic_mine_pushes_damages_and_breaks() -> None:
    """TRAP: Mystic Mine pushes the entrant back, deals 2 and is destroyed."""
    st = board()
    build(st, "ESF007", 1, 4)
    u = put(st, MADCAP, 0, 0)
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [0] and u["dmg"] == 2 and fort_at(st, 4) is None


def test_range_does_not_find_hidden_units() -> None:
    """STEALTH: a RANGE unit does not shoot a hidden enemy two spaces away; it advances instead."""
    st = board(factions=("eclipse", "silence"))
    coven = put(st, "EcU025", 0, 0)
    envoy = put(st, "SiU001", 1, 8)
    do(st, A.Activate(coven["id"]))
    assert coven["sp"] == [4] and envoy["hidden"] and envoy["dmg"] == 0


def test_a_trap_stun_stops_a_sprint() -> None:
    """SPRINT + TRAP: a unit stunned by a trap on its first step stops there."""
    st = board()
    build(st, "ThF001", 1, 4)
    dogs = put(st, "ScU002", 0, 0)
    do(st, A.Activate(dogs["id"]))
    assert dogs["sp"] == [4] and dogs["stun"] == 1
