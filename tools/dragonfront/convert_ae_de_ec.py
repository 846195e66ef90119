"""Card texts of Aegis, Delirium, the dual-faction champions (Du) and Eclipse that the general
phrase rules of `tools.dragonfront.convert` do not read, encoded in the same effect vocabulary.

`SENTENCE_RULES` are tried before the general sentence rules of units, forts and champions;
`SPECIAL_SPELLS` joins the whole-spell table; `finish` fills in what needs the whole card table
(the random champion of Divine Prismorphix, the Benedictions of Host Immaculate).
"""

from __future__ import annotations

from typing import Any

Frag = dict[str, Any]


def _ab(on: str, do: list[dict[str, Any]], cond: Any = None) -> dict[str, Any]:
    """Returns a triggered ability."""
    a: dict[str, Any] = {"on": on, "do": do}
    if cond:
        a["if"] = cond
    return a


def _kw(**kw: int) -> Frag:
    return {"kw": kw}


def _abs(*abilities: dict[str, Any]) -> Frag:
    return {"abilities": list(abilities)}


_FIFTY_FIFTY_SPAWN = [{"op": "random", "of": [[
    {"op": "relocate", "to": "self", "where": "enemy_territory"},
    {"op": "if", "cond": "in_enemy_territory",
     "then": [{"op": "damage", "to": "enemies_in_enemy_territory", "n": 1}]}], []]}]

_SENTENCES: list[tuple[str, Frag]] = [
    # Eclipse
    (r"TRAP: Deal 1 damage to unit and then destroy this fort\. Each time a unit dies this "
     r"damage is increased by 1",
     _abs(_ab("trap", [{"op": "damage", "to": "entrant", "n": {"base": 1, "per_count": 1}},
                       {"op": "destroy", "to": "self"}]),
          _ab("any_died", [{"op": "count_up"}]))),
    (r"Enemy units and forts in this lane do not generate Mana", _kw(MANALOCK=1)),
    (r"RESPAWN a Plague Mine if this unit is in an unoccupied frontline space",
     _abs(_ab("death", [{"op": "build", "card": "ToF003", "at": "victim_frontline"}]))),
    # Delirium
    (r"END OF TURN: Move a random non-Giant enemy unit to any available open space directly in "
     r"front of the Tyrant", _abs(_ab("end", [{"op": "draw_ahead"}]))),
    (r"END OF TURN: Occupying non-Giant enemy units are placed in a random, open, battlefield "
     r"space in another lane and receive -1 Power",
     _abs(_ab("end", [{"op": "pick", "to": "occupant", "do": [
         {"op": "if", "cond": {"state": "non_giant", "of": "picked"}, "then": [
             {"op": "relocate", "to": "picked", "where": "other_lane"},
             {"op": "buff", "to": "picked", "pw": -1}]}]}], "occupied_enemy"))),
    (r"Gain Mana equal to the cost of forts spawning in this row",
     _abs(_ab("fort_built_row", [{"op": "mana", "n": "fort_cost"}]))),
    (r"The first enemy non-Champion unit played by your opponent each turn costs \[1\] "
     r"additional mana", _abs({"on": "first_unit_tax", "n": 1})),
    (r"END OF TURN: Ally non-Giant, non-Champion units with 1 Power occupying this space are "
     r"duplicated to fill the row\. After duplication, destroy the occupying unit",
     _abs(_ab("end", [{"op": "pick", "to": "occupant", "do": [
         {"op": "if", "cond": [{"state": "non_giant", "of": "picked"},
                               {"state": "not_champion", "of": "picked"},
                               {"state": "power_1", "of": "picked"}],
          "then": [{"op": "duplicate", "to": "picked"}, {"op": "destroy", "to": "picked"}]}]}],
         "occupied_ally"))),
    (r"START OF TURN: If occupied by an ally, add a random fort to your hand",
     _abs(_ab("start", [{"op": "add_random", "pool": "fort"}], "occupied_ally"))),
    (r"50% chance to immediately deal 1 damage to the opponent's Stronghold when your "
     r"Stronghold takes damage",
     _abs(_ab("own_sh_damaged", [{"op": "random", "of": [
         [{"op": "damage", "to": "enemy_sh", "n": 1}], []]}]))),
    (r"If this unit is killed by combat, move the surviving unit to an empty space in your "
     r"opponent's spawn row",
     _abs(_ab("death", [{"op": "relocate", "to": "killer", "where": "owner_spawn_row"}],
              "killed_by_unit"))),
    (r"If this unit is destroyed in Enemy Territory, RESPAWN a random non-GIANT unit from your "
     r"hand at no cost", _abs(_ab("death", [{"op": "respawn_from_hand"}], "in_enemy_territory"))),
    (r"If this unit is killed by combat, place a copy of the attacking non-champion enemy unit "
     r"into your hand",
     _abs(_ab("death", [{"op": "copy_hand", "to": "killer_nonchamp"}], "killed_by_unit"))),
    (r"SPAWN: 50% chance to immediately move to an empty space in Enemy Territory\. If spawned "
     r"this way, deal 1 damage to all enemy units in Enemy Territory",
     _abs(_ab("spawn", _FIFTY_FIFTY_SPAWN))),
    # Aegis
    (r"END OF TURN: Perform a random Benediction spell",
     _abs(_ab("end", [{"op": "random", "of": "$benedictions"}]))),
    (r"SPAWN: Deploy an Aurora Fort in a random space in the frontlines",
     _abs(_ab("spawn", [{"op": "build", "card": "AeF002", "at": "random_frontline"}]))),
    (r"BLESSED FORT", _kw(BLESSED=1)),
    (r"TRAP: STUN and add a Ley Lines Fort to a random, unoccupied BLESSED tile in the "
     r"Frontlines",
     _abs(_ab("trap", [{"op": "stun", "to": "entrant"},
                       {"op": "build", "card": "AeF006",
                        "at": "random_blessed_empty_frontline"}]))),
    (r"Any time an ally unit EVOLVES randomly grant an enemy unit -1/-1",
     _abs(_ab("ally_evolved", [{"op": "buff", "to": "random_enemy", "pw": -1, "hp": -1}]))),
    (r"Can only be placed on a BLESSED tile", _kw(BLESSONLY=1)),
    (r"END OF TURN: Ally units occupying this fort gain STEELWARD",
     _abs(_ab("end", [{"op": "grant", "to": "occupant", "kw": {"STEELWARD": 1}}],
              "occupied_ally"))),
    (r"When a unit with a Power of 1 is destroyed, BLESS a random tile",
     _abs(_ab("any_died", [{"op": "if", "cond": {"victim_power": 1},
                            "then": [{"op": "bless", "to": "random_any", "n": 1}]}]))),
    (r"Unaligned cards cost \[1\] extra mana to deploy", _abs({"on": "unaligned_tax"})),
    (r"Any time the occupying ally unit takes damage, deal 2 damage to adjacent spaces",
     _abs(_ab("occupant_damaged", [{"op": "damage", "to": "adjacent", "n": 2}]))),
    (r"END OF TURN: Occupying ally non-GIANT unit with Mana cost 1 EVOLVES into an Apocalypse "
     r"Cleric",
     _abs(_ab("end", [{"op": "if", "cond": [{"state": "non_giant", "of": "occupant"},
                                            {"state": "cost_1", "of": "occupant"}],
                       "then": [{"op": "evolve", "to": "occupant", "card": "AeU009"}]}],
              "occupied_ally"))),
    (r"OMEGA units gain \+2/\+2 while occupying this fort, all other ally units gain \+1/\+1",
     _abs({"on": "aura", "who": "occupant", "if": {"race": "OMEGA"}, "pw": 2, "hp": 2},
          {"on": "aura", "who": "occupant", "if": {"not": {"race": "OMEGA"}}, "pw": 1, "hp": 1})),
    (r"DRAW a card everytime a unit EVOLVES or RESPAWNS",
     _abs(_ab("any_transformed", [{"op": "draw", "n": 1}]))),
    (r"BREACH onto any BLESSED tile", _kw(BLESSBREACH=1)),
    (r"Whenever this unit moves into a new space, leave a Horizon Machine in the originating "
     r"space", _abs(_ab("moved", [{"op": "summon", "card": "AeU014", "to": "origin"}]))),
    (r"EVOLVE into Rumor Lich after this unit damages the opponent's stronghold",
     _abs(_ab("hit_sh", [{"op": "evolve", "card": "AeU015"}]))),
    (r"BLESS the occupied tile and EVOLVE into Sphinx Ward as soon as this unit reaches Power 5 "
     r"or greater",
     _abs(_ab("buffed", [{"op": "bless", "to": "self_space"}, {"op": "evolve", "card": "AeU025"}],
              {"at_least": "power", "n": 5}))),
    (r"EXECUTE: Add Mana Fragments to this unit equal to the Mana Fragments of killed unit\. "
     r"EVOLVE this unit when it has 3 Mana Fragments",
     _abs(_ab("execute", [{"op": "gain_fragments", "n": "victim_frags"},
                          {"op": "if", "cond": {"at_least": "frags", "n": 3},
                           "then": [{"op": "evolve", "card": "AeU027"}]}]))),
    (r"EVOLVE into Penumbra Giant when your opponent's Champion enters the battlefield",
     _abs(_ab("enemy_champion_spawn", [{"op": "evolve", "card": "AeU026"}]))),
    # dual-faction champions
    (r"SPAWN: All enemy units take an amount of damage equal to their Mana Fragments",
     _abs(_ab("spawn", [{"op": "each", "to": "enemies", "do": [
         {"op": "damage", "to": "picked", "n": "picked_frags"}]}]))),
    (r"SPAWN: Destroy all non-Champion enemies in this lane and Respawn them as enemy 0/1 "
     r"Jellies",
     _abs(_ab("spawn", [{"op": "each", "to": "enemies_lane_nonchamp", "do": [
         {"op": "grant", "to": "picked", "respawn": "ToU007"},
         {"op": "destroy", "to": "picked"}]}]))),
    (r"Gain \+1/\+1 when a fort is destroyed",
     _abs(_ab("fort_destroyed", [{"op": "buff", "to": "self", "pw": 1, "hp": 1}]))),
    (r"COMMAND: Gain Champion Tokens equal to a Fort's cost when one is played",
     _abs(_ab("command_fort_played", [{"op": "tokens", "n": "fort_cost"}]))),
    (r"END OF TURN: and SURVIVOR: SIPHON 1",
     _abs(_ab("end", [{"op": "heal", "to": "own_sh", "n": 1}]),
          _ab("survivor", [{"op": "heal", "to": "own_sh", "n": 1}]))),
    (r"If destroyed, RESPAWN as a random Champion", {"respawn": "$champions"}),
    (r"While this Champion is in play, all other destroyed ally units are returned to the "
     r"owner's deck and granted \+1/\+1", _kw(RAKER=1)),
    (r"Friendly Units may spawn on this space",
     {"kw": {"FORTCHAMP": 1}, "abilities": [{"on": "deploy_here", "if": "not_giant"}]}),
    (r"START OF TURN: Add a random unit to your hand and reduce its cost to 0",
     _abs(_ab("start", [{"op": "add_random", "pool": "unit", "free": True}]))),
    (r"DEATH: Add 2 Infinite Recursion units to your hand and DRAIN: 1",
     _abs(_ab("death", [{"op": "add_hand", "card": "DuC002", "n": 2}, {"op": "drain", "n": 1}]))),
    (r"Excess Combat damage is applied down the lane ending at the enemy Stronghold",
     _kw(TRAMPLE=1)),
    (r"DEATH: Deal 5 damage to your own stronghold",
     _abs(_ab("death", [{"op": "damage", "to": "own_sh", "n": 5}]))),
    (r"Enemy non-Giant units activated adjacent to a Nexus are pulled onto this fort and stunned "
     r"if it is not currently occupied",
     _abs(_ab("enemy_activates_adjacent", [{"op": "pull_onto", "then": [
         {"op": "stun", "to": "entrant"}]}]))),
    (r"Spawn a Field of Thorns when this unit moves in the Frontlines",
     _abs(_ab("moved", [{"op": "build", "card": "ThF009", "at": "self_space_unforted"}],
              "in_frontline"))),
    (r"COMMAND: Allies gain: EXECUTE: Heal this unit for 1",
     _abs(_ab("command_execute", [{"op": "heal", "to": "self", "n": 1}]))),
    (r"RESPAWN: The Eternal Warden at -1/-1", _abs(_ab("death", [{"op": "respawn_shrunk"}]))),
    (r"COMMAND: Units gain \[Trigger SURVIVOR on DEATH\.\]",
     _abs({"on": "command_survivor_on_death"})),
    (r"END OF TURN: Randomly change the Health and Power of this unit\. Replace a random card in "
     r"the opponent's hand with a \[0/2\] Chum Creeper",
     _abs(_ab("end", [{"op": "reroll", "to": "self", "range": [1, 9]},
                      {"op": "replace_hand", "card": "ToU003"}]))),
]


def sentence_rules() -> list[tuple[str, Any]]:
    """The sentence rules of this module, in the form `convert._sentence_rules` returns."""
    import json

    def make(frag: Frag) -> Any:
        text = json.dumps(frag)
        return lambda m, b: json.loads(text)

    return [(rx, make(frag)) for rx, frag in _SENTENCES]


def _pick_champion(do: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"op": "pick", "to": "ally_champion", "do": do}]


SPECIAL_SPELLS: dict[str, dict[str, Any]] = {
    "Destroy a non-Champion unit without FLIGHT with 3 or less Power": {
        "target": "ground_nonchamp_max3", "do": [{"op": "destroy", "to": "target"}]},
    "Destroy a non-Champion unit. This spell costs one less for each ally Stygian in play": {
        "target": "nonchamp", "do": [{"op": "destroy", "to": "target"}], "discount": "STYGIAN"},
    "Destroy an ally non-Giant unit and deploy a 1/1 Stygian in each open space adjacent to the "
    "target": {
        "target": "ally_nongiant", "do": [{"op": "destroy", "to": "target"},
                                          {"op": "summon", "card": "ToU001", "to": "target_around"}]},
    "Deal 2 damage to enemy units in target row. Each unit destroyed deals 1 damage to your "
    "Stronghold": {
        "target": "row", "do": [{"op": "each", "to": "row_enemies", "do": [
            {"op": "damage", "to": "picked", "n": 2},
            {"op": "if", "cond": "picked_dead", "then": [{"op": "damage", "to": "own_sh", "n": 1}]}]}]},
    "SHIFT an unoccupied fort": {"target": "free_fort", "do": [{"op": "shift_fort", "to": "target"}]},
    "Take control of an enemy STUNNED non-Champion unit in the Frontlines for this turn and remove "
    "the STUNNED effect": {
        "target": "enemy_stunned_nonchamp_front",
        "do": [{"op": "take_control", "to": "target", "eot": True}]},
    "Destroy an ally Starling unit in ally territory and deal damage equal to its Power to the "
    "opponent's Stronghold": {
        "target": "ally_starling_home", "do": [{"op": "damage", "to": "enemy_sh", "n": "target_power"},
                                               {"op": "destroy", "to": "target"}]},
    "Take control of a non-Champion enemy unit in the Frontlines. This unit is STUNNED for a turn": {
        "target": "enemy_nonchamp_front", "do": [{"op": "take_control", "to": "target"},
                                                 {"op": "stun", "to": "target"}]},
    "Add 2 random 1-cost units to your hand": {
        "target": "none", "do": [{"op": "add_random", "pool": "unit", "cost": 1, "n": 2}]},
    "Grant a non-champion unit RESPAWN this unit. Remove all Mana Fragments from this unit": {
        "target": "nonchamp", "do": [{"op": "grant", "to": "target", "respawn": "$own"},
                                     {"op": "blight", "to": "target"}]},
    "Choose a BLESSED tile and add 2 copies of any Non-Champion unit on the space to your deck": {
        "target": "nonchamp_on_blessed", "do": [{"op": "copy_deck", "to": "target", "n": 2}]},
    "Target ally unit has STEELWARD while in the spawn row": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "static", "if": "in_spawn_row", "kw": {"STEELWARD": 1}}}]},
    "If your champion is in your spawn row grant it SPRINT. If this unit is in the frontlines, "
    "grant it FLIGHT": {
        "target": "none", "do": _pick_champion([
            {"op": "if", "cond": {"state": "in_spawn_row", "of": "picked"},
             "then": [{"op": "grant", "to": "picked", "kw": {"SPRINT": 1}}]},
            {"op": "if", "cond": {"state": "in_frontline", "of": "picked"},
             "then": [{"op": "grant", "to": "picked", "kw": {"FLIGHT": 1}}]}])},
    "Destroy a random enemy fort and gain Mana equal to its cost. Add a Mount Pillar fort to your "
    "hand": {
        "target": "none", "do": [{"op": "destroy", "to": "random_enemy_fort"},
                                 {"op": "mana", "n": "fort_cost"},
                                 {"op": "add_hand", "card": "AeF015", "n": 1}]},
    "Bless all tiles in this unit's row and spawn a 1/1 Genesis Scout in each unoccupied space": {
        "target": "none", "do": _pick_champion([
            {"op": "bless", "to": "picked_row"},
            {"op": "summon", "card": "AeU000", "to": "picked_row"}])},
    "Replace or add the OMEGA trait to a non-OMEGA unit, and give it +2 Health": {
        "target": "non_omega", "do": [{"op": "set_race", "to": "target", "race": "OMEGA"},
                                      {"op": "buff", "to": "target", "hp": 2}]},
}
"""Whole spell texts (without the final full stop) and their encodings."""


def finish(cards: dict[str, Any]) -> None:
    """Fills in the encodings that need the whole card table."""
    champions = sorted(cid for cid, c in cards.items() if c["type"] == "champion"
                       and not c["giant"] and not c.get("unsupported") and c["health"] > 0
                       and not c["kw"].get("FORTCHAMP") and c.get("respawn") != "$champions")
    benedictions = [c["do"] for cid, c in sorted(cards.items())
                    if c["name"].startswith("Benediction") and c.get("target") == "none"
                    and not c.get("unsupported")]
    for c in cards.values():
        if c.get("respawn") == "$champions":
            c["respawn"] = champions
        for a in c.get("abilities", []):
            for e in a.get("do", []):
                if e.get("of") == "$benedictions":
                    e["of"] = benedictions


# -- how the new vocabulary reads in a card's generated text ----------------------------------

NAMES: dict[str, str] = {}
"""Card names by id: the converter hands over its own table (`convert._NAMES`)."""
