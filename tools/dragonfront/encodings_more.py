"""Whole card texts the phrase rules of `convert` do not split, encoded by hand in the engine's
effect vocabulary (a second set, beside `convert._SPECIAL_SPELLS`).

`SPELLS` maps a spell's text (trailing period dropped) to its mode {"target": kind, "do": [...]};
`CARDS` maps a unit's, fort's or champion's whole text to what `convert.parse_card` would return
({"kw": ..., "abilities": [...], optional "respawn", "modes", "deploy"}). Rulings taken where a
text is open are noted beside the entry and tested in tests/dfcards.
"""

from __future__ import annotations

from typing import Any

SCORCHED = "StF003"
"""Scorched Land, the fort Strife effects deploy."""


def _ab(on: str, do: list[dict[str, Any]], cond: Any = None) -> dict[str, Any]:
    a: dict[str, Any] = {"on": on, "do": do}
    if cond:
        a["if"] = cond
    return a


_DARK_CHAOS = [[{"op": "grant", "to": "target", "kw": {"STUN": 1}}],
               [{"op": "grant", "to": "target", "kw": {"SIPHON": 1}}],
               [{"op": "grant", "to": "target", "ability": _ab(
                   "dealt_damage", [{"op": "poison", "to": "damaged"}])}]]
"""Dark Chaos Magic's three gifts are traits: STUN (its combat hits stun), SIPHON 1, POISON
(the units it damages are poisoned)."""

SPELLS: dict[str, dict[str, Any]] = {
    "Randomly grant an ally unit STUN, SIPHON 1, or POSION. This effect goes off twice on Golem units": {
        "target": "ally_unit", "do": [{"op": "if", "cond": {"race": "GOLEM", "of": "target"},
                                       "then": [{"op": "random", "of": _DARK_CHAOS},
                                                {"op": "random", "of": _DARK_CHAOS}],
                                       "else": [{"op": "random", "of": _DARK_CHAOS}]}]},
    # "their spawn row": the pushed unit's owner's Spawn Row, wherever the push left it.
    "PUSH a unit. Deal 1 damage if the unit ends in their spawn row": {
        "target": "unit", "do": [{"op": "push", "to": "target"},
                                 {"op": "if", "cond": {"is": "in_spawn_row", "of": "target"},
                                  "then": [{"op": "damage", "to": "target", "n": 1}]}]},
    # The curse speaks for the enemy unit: in its enemy's territory, at its owner's turn end, it
    # deals 2 damage split at random among its own side's units.
    "Grant enemy unit END OF TURN: Deal 2 random damage to ally units if in enemy territory": {
        "target": "enemy_unit", "do": [{"op": "grant", "to": "target", "ability": _ab(
            "end", [{"op": "damage_split", "to": "allies", "n": 2}], "in_enemy_territory")}]},
    "Grant RANGE to a non-Giant ally unit for its next action": {
        "target": "ally_nongiant", "do": [{"op": "buff_until", "to": "target", "at": "action",
                                           "kw": ["RANGE"]}]},
    "Your Stronghold is immune to all damage until your next turn": {
        "target": "none", "do": [{"op": "fortify"}]},
    "Grant all ally units +4 Health until their next turn": {
        "target": "none", "do": [{"op": "buff_until", "to": "allies", "at": "start", "hp": 4}]},
    # The health left is read as the unit is destroyed (before it leaves the board).
    "Destroy a non-Champion unit. Deal damage to your Stronghold equal to the unit's remaining health": {
        "target": "nonchamp", "do": [{"op": "damage", "to": "own_sh", "n": "target_health"},
                                     {"op": "destroy", "to": "target"}]},
    "Choose an ally unit. Its Health cannot drop below 1 this turn": {
        "target": "ally_unit", "do": [{"op": "mettle", "to": "target"}]},
    "Grant SWIFT to an ally unit until your next turn": {
        "target": "ally_unit", "do": [{"op": "buff_until", "to": "target", "at": "start",
                                       "kw": ["SWIFT"]}]},
    "Grant STEALTH to an Ally unit, hide that unit, then move it to a random space in the Frontlines": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "kw": {"STEALTH": 1}},
                                      {"op": "hide", "to": "target"},
                                      {"op": "teleport", "to": "target", "where": "open_frontline"}]},
    # It jumps two rows, over whatever is in front (or nothing), when the landing space is free.
    "Target ally unit moves through forts or units in the space directly in front of it, if the next space is unoccupied": {
        "target": "ally_unit", "do": [{"op": "leap", "to": "target"}]},
    "Destroy an enemy unit with Power of 2 or less and add a [1/1] Shadow to your hand": {
        "target": "enemy_pw2", "do": [{"op": "destroy", "to": "target"},
                                      {"op": "add_hand", "card": "ToU011", "n": 1}]},
    "Deal 2 damage to all units in a row. For each unit destroyed, you and your opponent gain 1 Mana": {
        "target": "row", "do": [{"op": "damage_per_kill", "to": "row_units", "n": 2,
                                 "per_kill": [{"op": "mana_both", "n": 1}]}]},
    "Grant a unit +2/+1 until the end of the turn": {
        "target": "unit", "do": [{"op": "buff_until", "to": "target", "at": "end", "pw": 2, "hp": 1}]},
    # Destroyed at the end of the turn, as the bonus runs out.
    "Grant an ally unit +3/+3 until the end of the turn, then destroy it": {
        "target": "ally_unit", "do": [{"op": "buff_until", "to": "target", "at": "end", "pw": 3, "hp": 3},
                                      {"op": "grant", "to": "target", "ability": _ab(
                                          "end", [{"op": "destroy", "to": "self"}])}]},
    "Destroy an unoccupied fort. If the space is uninhabited, deploy a 0/2 WALL in its place": {
        "target": "fort_unoccupied", "do": [{"op": "destroy", "to": "target"},
                                            {"op": "build", "card": "ToF001", "at": "target_space"}]},
    "Deploy a Scorched Land on an unoccupied Frontline space. For each Scorched Land in play, HEAL your Stronghold for 1": {
        "target": "open_front_space", "do": [
            {"op": "build", "card": SCORCHED, "at": "target_space"},
            {"op": "heal", "to": "own_sh", "n": {"count": "forts_named:" + SCORCHED, "times": 1}}]},
    "Deal 2 damage to a unit in the Frontlines. Deploy a Scorched Land on the unit's space if no other fort is present": {
        "target": "frontline_unit", "do": [{"op": "damage", "to": "target", "n": 2},
                                           {"op": "build", "card": SCORCHED, "at": "target_space"}]},
    "Move an ally non-GIANT in the spawn row forward 1 space and spawn a 2/2 Slag in its place": {
        "target": "ally_nongiant_spawn", "do": [{"op": "advance", "to": "target", "leave": "ToU010"}]},
    "Move target unit 1 space toward the enemy Stronghold when it destroys a unit in combat": {
        "target": "unit", "do": [{"op": "grant", "to": "target", "ability": _ab(
            "execute", [{"op": "if", "cond": "victim_by_combat", "then": [{"op": "push", "to": "self"}]}])}]},
    "Destroy a non-Champion unit without FLIGHT with 5 or more Power": {
        "target": "nonchamp_ground_pw5", "do": [{"op": "destroy", "to": "target"}]},
    "Grant all ally Hollow units +1/+1 and SPRINT": {
        "target": "none", "do": [{"op": "buff", "to": "ally_hollows", "pw": 1, "hp": 1},
                                 {"op": "grant", "to": "ally_hollows", "kw": {"SPRINT": 1}}]},
    "DRAW 1 for each unit that died this turn": {
        "target": "none", "do": [{"op": "draw", "n": "deaths_this_turn"}]},
    "Deal 3 damage to all units in a Fronline row. Deploy a Scorched Land to all unoccupied spaces in that row": {
        "target": "front_row", "do": [{"op": "damage", "to": "row_units", "n": 3},
                                      {"op": "build", "card": SCORCHED, "at": "row_unoccupied"}]},
    "Return a random non-Champion Ally unit to your hand that died or was discarded this game. It costs 2 less": {
        "target": "none", "do": [{"op": "raise_from_grave", "n": 2}]},
    "Return an ally non-Champion unit to your hand and reduce its cost by [2]": {
        "target": "ally_nonchamp", "do": [{"op": "return_cheaper", "to": "target", "n": 2}]},
    "Choose 2 non-GIANT ally units and switch their positions": {
        "target": "ally_pair_nongiant", "do": [{"op": "swap", "to": "target"}]},
    "DRAW 2 and reduce the mana cost of the drawn spells to 0": {
        "target": "none", "do": [{"op": "draw_free_spells", "n": 2}]},
    # Costs (and deals) the fragments of the caster's last unit to die this turn; 0 when none did.
    "Damage the enemy Stronghold equal to the Mana Fragments of the last ally unit killed this turn. This spell's cost is equal to the unit's Mana Fragments": {
        "target": "none", "cost_is": "last_ally_frags",
        "do": [{"op": "damage", "to": "enemy_sh", "n": "last_ally_frags"}]},
}

CARDS: dict[str, dict[str, Any]] = {
    "FLIGHT. RANGE. SPAWN: Trigger all ally START OF TURN and END OF TURN effects.": {
        "kw": {"FLIGHT": 1, "RANGE": 1}, "abilities": [_ab("spawn", [{"op": "run_turn_abilities"}])]},
    # Its own catapult never stuns it, and being STUNNED does not stop it from firing.
    "CATAPULT. This unit's catapult attack is immune to STUN.": {
        "kw": {"CATAPULT": 1, "STUNPROOF": 1}, "abilities": []},
    # No 1/1 "Mercenary" card exists; Merc Opportunists (1/1, UNION) is the Mercenary meant.
    "UNION. SPAWN: Deploy a 1/1 Mercenary in a random space in your spawn row.": {
        "kw": {"UNION": 1}, "abilities": [_ab("spawn", [{"op": "summon_random", "card": "ScU001"}])]},
    "ARMOR. SPAWN: Ally Wardens are refreshed.": {
        "kw": {"ARMOR": 1}, "abilities": [_ab("spawn", [{"op": "refresh", "to": "ally_wardens"}])]},
    "TRAP: Gain a copy of a random card from the opponent's deck.": {
        "kw": {}, "abilities": [_ab("trap", [{"op": "copy_foe_deck"}])]},
    "STEALTH. TRAP: Deal 1 damage to unit, and 2 random damage to enemy units. Then destroy this fort.": {
        "kw": {"STEALTH": 1}, "abilities": [_ab("trap", [
            {"op": "damage", "to": "entrant", "n": 1}, {"op": "damage_split", "to": "enemies", "n": 2},
            {"op": "destroy", "to": "self"}])]},
    "TRAP: HUSH. When this fort applies HUSHED to a unit there is a 50% chance it will be destroyed.": {
        "kw": {}, "abilities": [_ab("trap", [{"op": "hush", "to": "entrant"},
                                             {"op": "random", "of": [[{"op": "destroy", "to": "entrant"}], []]}])]},
    "STEALTH. When this unit is revealed gain 1 Mana.": {
        "kw": {"STEALTH": 1}, "abilities": [_ab("revealed", [{"op": "mana", "n": 1}])]},
    "FLIGHT. SPAWN: Destroy all forts and replace them with Scorched Lands.": {
        "kw": {"FLIGHT": 1}, "abilities": [_ab("spawn", [{"op": "replace_forts", "card": SCORCHED}])]},
    "START OF TURN: Occupying Non-GIANT units are randomly teleported to an open Fort.": {
        "kw": {}, "abilities": [_ab("start", [{"op": "to_open_fort", "to": "occupant"}])]},
    "START OF TURN: If occupied, the unit's owner gains 1 Mana.": {
        "kw": {}, "abilities": [_ab("start", [{"op": "owner_mana", "to": "occupant", "n": 1}], "occupied")]},
    "REGEN 1. RUSH. Immune to damage on the turn this unit is deployed.": {
        "kw": {"REGEN": 1, "RUSH": 1}, "abilities": [_ab("spawn", [{"op": "ward", "to": "self"}])]},
    "START OF TURN: While occupied by an ally unit, reveal all enemy units with STEALTH. Occupying non-Giant ally units have SHIFT.": {
        "kw": {}, "abilities": [_ab("start", [{"op": "reveal", "to": "hidden_enemies"}], "occupied_ally"),
                                {"on": "aura", "who": "occupant", "if": "not_giant", "kw": {"SHIFT": 1}}]},
    "RANGE. COMMAND: When the opponent plays a spell, add a [2/3] Brave Soul to your hand.": {
        "kw": {"RANGE": 1}, "abilities": [_ab("command_foe_spell", [{"op": "add_hand", "card": "ToU013", "n": 1}])]},
    "Gain 1 Power each time an ally spell is played.": {
        "kw": {}, "abilities": [_ab("own_spell", [{"op": "buff", "to": "self", "pw": 1}])]},
    "SPAWN: DRAW 1. Enemy units with FLIGHT are dealt 1 damage when they take an action.": {
        "kw": {}, "abilities": [_ab("spawn", [{"op": "draw", "n": 1}]),
                                _ab("foe_action", [{"op": "if", "cond": {"is": "has_flight", "of": "entrant"},
                                                    "then": [{"op": "damage", "to": "entrant", "n": 1}]}])]},
    "Deal 1 damage to non-FLIGHT enemy units that activate in this lane.": {
        "kw": {}, "abilities": [_ab("foe_action", [{"op": "if", "cond": [
            "entrant_in_lane", {"not": {"is": "has_flight", "of": "entrant"}}],
            "then": [{"op": "damage", "to": "entrant", "n": 1}]}])]},
    "Gain 1 Champion Token any time a unit in this lane takes damage.": {
        "kw": {}, "abilities": [_ab("lane_damage", [{"op": "tokens", "n": 1}])]},
    # The killer gains STEALTH and hides again (attacking had revealed it).
    "STEALTH. All ally units gain EXECUTE: STEALTH.": {
        "kw": {"STEALTH": 1}, "abilities": [_ab("ally_execute", [
            {"op": "grant", "to": "entrant", "kw": {"STEALTH": 1}}, {"op": "hide", "to": "entrant"}])]},
    # An enemy unit generates mana by standing (seen) in its Spawn Row at its turn's start.
    "Each time an enemy unit generates mana in this lane, gain 1 Mana.": {
        "kw": {}, "abilities": [_ab("foe_income", [{"op": "mana", "n": {"count": "earning_foes_lane", "times": 1}}])]},
    "WALL. Deal 1 damage to enemy units attacking this fort from an adjacent space.": {
        "kw": {"WALL": 1}, "abilities": [_ab("struck_adjacent", [{"op": "damage", "to": "entrant", "n": 1}])]},
    # Units that moved into its row this activation do not attack after the move.
    "If this fort is occupied by an ally unit, enemy units cannot attack if they moved in this row.": {
        "kw": {"NEST": 1}, "abilities": []},
    "Enemy units are dealt an additional 1 damage from the effects of POISONED.": {
        "kw": {"VENOM": 1}, "abilities": []},
    # Spell damage is damage with no unit or fort behind it, poison excepted.
    "Any damage from spells or forts taken by ally units occupying this fort HEAL those units instead.": {
        "kw": {"INFERNO": 1}, "abilities": []},
    "While this Fort is in play, RANGE and CATAPULT traits are ignored.": {
        "kw": {"NIGHTFALL": 1}, "abilities": []},
    "RUSH. Grant all ally Hollow units RUSH.": {
        "kw": {"RUSH": 1}, "abilities": [{"on": "aura", "who": "allies", "if": {"race": "HOLLOW"}, "kw": {"RUSH": 1}}]},
    "While any Champion is in play, this unit has BREACH and +2/+2.": {
        "kw": {}, "abilities": [{"on": "static", "if": "any_champion_in_play", "pw": 2, "hp": 2, "kw": {"BREACH": 1}}]},
    # The other ally Slags (in play and, for BREACH, in hand).
    "BREACH. Grant ally Slags +1/+1 and BREACH.": {
        "kw": {"BREACH": 1}, "abilities": [{"on": "aura", "who": "other_allies", "if": {"race": "SLAG"},
                                             "pw": 1, "hp": 1, "kw": {"BREACH": 1}}]},
    "RUSH. While this unit is in play, other allies gain +1/+1 in Enemy Territory. COMMAND: This unit gains +1/+1 every time an ally enters Enemy Territory.": {
        "kw": {"RUSH": 1}, "abilities": [
            {"on": "aura", "who": "other_allies", "if": "in_enemy_territory", "pw": 1, "hp": 1},
            _ab("command_ally_enters", [{"op": "champ_bonus", "pw": 1, "hp": 1}])]},
    # An enemy unit standing on it has Power 1.
    "Enemy units' Power is 1 while occupied.": {
        "kw": {}, "abilities": [{"on": "foe_aura", "who": "occupant", "setpw": 1}]},
    "Ally units in this lane have +1 Power for each other ally unit in this lane.": {
        "kw": {}, "abilities": [{"on": "aura", "who": "allies_lane", "pw": 1, "per": "other_allies_lane"}]},
    # The other ally Golems count; DEATH sends it back to wait on the Stronghold.
    "Gains +1/+1 for each ally Golem in play. DEATH: Return to your Stronghold.": {
        "kw": {}, "abilities": [{"on": "static", "pw": 1, "hp": 1, "per": "other_ally_golems"},
                                _ab("death", [{"op": "return_champion"}])]},
    "This unit has +2 Mana Fragments while in Ally Territory.": {
        "kw": {}, "abilities": [{"on": "static", "if": "in_own_territory", "frags": 2}]},
    # "Random" cards come from those the owner could put in a deck (its faction's and Unaligned).
    "SPAWN and START OF TURN: Add a random spell to your hand. Random spell's cost is reduced to 0 mana.": {
        "kw": {}, "abilities": [_ab(on, [{"op": "add_random", "pool": "spell", "free": True}])
                                for on in ("spawn", "start")]},
    "FLIGHT. END OF TURN: Reduce the cost of all cards in owner's hand by [1].": {
        "kw": {"FLIGHT": 1}, "abilities": [_ab("end", [{"op": "discount_hand", "n": 1}])]},
    "DEATH: Grant +1/+1 to all Druids in your hand. RESPAWN a random Druid from your hand at no cost.": {
        "kw": {}, "abilities": [_ab("death", [{"op": "buff_hand", "race": "DRUID", "pw": 1, "hp": 1},
                                              {"op": "respawn_from_hand", "race": "DRUID"}])]},
    "SPAWN: Add 1 random WALL to your hand.": {
        "kw": {}, "abilities": [_ab("spawn", [{"op": "add_random", "pool": "wall"}])]},
    # "When a Hollow unit spawns": another Hollow of its owner's.
    "SPAWN: Add two random TRAPS to your hand. When a Hollow unit spawns, add a random TRAP to your hand.": {
        "kw": {}, "abilities": [_ab("spawn", [{"op": "add_random", "pool": "trap", "n": 2}]),
                                _ab("own_spawn", [{"op": "if", "cond": {"race": "HOLLOW", "of": "entrant"},
                                                   "then": [{"op": "add_random", "pool": "trap"}]}])]},
    "RUSH. SPAWN: Add 2 random Druids to your hand.": {
        "kw": {"RUSH": 1}, "abilities": [_ab("spawn", [{"op": "add_random", "pool": "druid", "n": 2}])]},
    "Golem units may spawn here. When a Golem unit is spawned here, collect 1 Mana. Giant.": {
        "kw": {}, "abilities": [{"on": "deploy_here", "if": {"race": "GOLEM"}, "do": [{"op": "mana", "n": 1}]}]},
    "Non-GIANT ally units with STEALTH and ally Shadow units may be played on this space.": {
        "kw": {}, "abilities": [{"on": "deploy_here", "if": {"any": [["not_giant", "has_stealth"], {"race": "SHADOW"}]}}]},
    # Any unit played onto it gains the Power, however it came to be played there.
    "Non-GIANT, Non-Champion ally units may be played on this space. Units played here gain +1 Power.": {
        "kw": {}, "abilities": [{"on": "deploy_here", "if": ["not_giant", {"not": "is_champion"}],
                                 "do": [{"op": "buff", "to": "entrant", "pw": 1}]}]},
    # Any fort that is not a WALL and holds no unit, whoever owns it.
    "This unit must be deployed on a fort. SPAWN: Destroy fort in this space and gain Power and Health equal to fort's cost.": {
        "kw": {}, "deploy": "on_fort", "abilities": [_ab("spawn", [{"op": "devour_fort"}])]},
    "Deploy a non-GIANT unit on this space, and put the Transport back into your hand.": {
        "kw": {}, "abilities": [{"on": "carrier"}]},
    "When an ally unit spawns in this lane, gain 2 Mana. -or- START OF TURN: Gain 1 Mana for each ally under the effects of STEALTH.": {
        "kw": {}, "abilities": [], "modes": [
            {"target": "none", "do": [], "abilities": [_ab("own_spawn", [{"op": "if", "cond": "entrant_in_lane",
                                                                        "then": [{"op": "mana", "n": 2}]}])]},
            {"target": "none", "do": [], "abilities": [_ab("start", [
                {"op": "mana", "n": {"count": "hidden_allies", "times": 1}}])]}]},
    # Its space counts as its owner's territory (and so as the opponent's Enemy Territory).
    "You may spawn Hollow units in this space. This fort counts as Ally Territory.": {
        "kw": {"CAMP": 1}, "abilities": [{"on": "deploy_here", "if": {"race": "HOLLOW"}}]},
}
