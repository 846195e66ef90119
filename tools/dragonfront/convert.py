"""Converts the shared DragonFrontDb card list into the project's own card file.

Run `python -m tools.dragonfront.convert`: it reads `../shared/dragonfront/AllCards.json` beside the
project checkout (or the path given as the first argument), parses every card's ability text into the
effect vocabulary the engine interprets (see `games.dragonfront.effects`), writes a short description
in the project's own words, and saves `data/dragonfront/cards.json` plus the eight base decks in
`data/dragonfront/decks.json`.
A card whose text the parser cannot express is kept with `"unsupported"` set and is never dealt.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from games.dragonfront import card_text
from tools.dragonfront import convert_ae_de_ec as _ae_de_ec
from tools.dragonfront import encodings_more

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT.parent / "shared" / "dragonfront" / "AllCards.json"
OUT_DIR = ROOT / "data" / "dragonfront"

KEYWORDS = ("FLIGHT", "RANGE", "SPRINT", "RUSH", "ARMOR", "STEALTH", "SWIFT", "BLIGHT", "STUN",
            "DEATHBLOW", "BREACH", "BERSERK", "UNION", "CATAPULT", "SHIFT", "PUSH", "STEELWARD",
            "BLESS", "WALL", "REGEN", "SIPHON", "GIANT")
PREFIXES = {"Eclipse": "Ec", "Scales": "Sc", "Strife": "St", "Thorns": "Th", "Silence": "Si",
            "Essence": "ES", "Delirium": "De", "Aegis": "Ae"}
CHAMPIONS = {"Eclipse": "EcC001", "Scales": "ScC001", "Strife": "StC001", "Thorns": "ThC001",
             "Silence": "SiC003", "Essence": "ESC004", "Delirium": "DeC001", "Aegis": "AeC002"}
STIPEND = "ToS002"

# Names used in ability texts for cards created by other cards.
TOKENS = {
    "stygian": "ToU001", "1/1 stygian": "ToU001", "1/2 warden": "ScU003", "shadow": "ToU011",
    "1/1 shadow": "ToU011", "2/2 slag": "ToU010", "0/2 creeper": "ToU003", "mana dagger": "ToS001",
    "genesis scout": "AeU000", "1/1 genesis scout": "AeU000", "1/1 golem": "ESU003",
    "golem": "ESU003", "0/5 wall": "ToF005", "loom fort": "ToF004", "1/1 grim vision": "ToU006",
    "jelly": "ToU007", "loom": "ToF004", "spiders of scythe": "EcU014", "fettered shadow": "AeU013", "1/1 slime": "DeU003", "supply drop": "ToS003", "0/1 jelly": "ToU007", "1/1 arachnis": "ToU002", "arachnis": "ToU002",
}

N = r"(\d+)"


def _load(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8-sig")
    text = re.sub(r",(\s*[\]}])", r"\1", text)
    return json.loads(text)


class Unsupported(Exception):
    """The text has a phrase the vocabulary cannot express yet."""


def _token(name: str, by_name: dict[str, str]) -> str:
    key = name.strip().lower().rstrip("s") if name.strip().lower() not in TOKENS else name.strip().lower()
    for k in (name.strip().lower(), key):
        if k in TOKENS:
            return TOKENS[k]
        if k in by_name:
            return by_name[k]
    raise Unsupported(f"unknown card '{name}'")


# -- effect phrases --------------------------------------------------------------------------

def _phrase(p: str, by_name: dict[str, str], target: str = "target") -> list[dict[str, Any]]:
    """Parses one effect phrase (after a trigger, or a spell sentence) into effects."""
    p = p.strip().rstrip(".").strip()
    for rx, fn in _PHRASES:
        m = re.fullmatch(rx, p, flags=re.IGNORECASE)
        if m:
            return fn(m, by_name, target)
    parts = re.split(r",? and (?=(?:DRAW|Gain|Deal|deal|destroy|Destroy|BLESS|gain|grant|Add|STUN|SHIFT))|, (?=(?:deal|destroy|gain|Add|set|then))|\. ", p)
    if len(parts) > 1:
        out: list[dict[str, Any]] = []
        for part in parts:
            out += _phrase(part, by_name, target)
        return out
    for rx, fn in _PHRASES:
        m = re.fullmatch(rx, p, flags=re.IGNORECASE)
        if m:
            return fn(m, by_name, target)
    raise Unsupported(p)


_COUNTS = {"fort in play": "all_forts", "unit currently in play": "all_units",
           "ally unit in Enemy Territory": "allies_in_enemy_territory",
           "unit in the enemy spawn row": "enemy_spawn_row_units",
           "BLESSED tile in the Frontlines": "blessed_frontline"}


def _n(s: str) -> int:
    return int(s)


def _count(word: str) -> Any:
    word = word.lower()
    if word in ("a", "an", "one"):
        return 1
    if word == "two":
        return 2
    if re.fullmatch(r"\d+-\d+", word):
        lo, hi = word.split("-")
        return [int(lo), int(hi)]
    return int(word)


_UNIT_SEL = {
    "unit": "target", "a unit": "target", "an enemy unit": "target", "an ally unit": "target",
    "this unit": "self", "the enemy stronghold": "enemy_sh", "your stronghold": "own_sh",
    "all enemy units": "enemies", "all ally units": "allies", "all units": "all_units",
    "all other units": "others", "all ally units in this row": "allies_row",
    "all enemy units in this lane": "enemies_lane", "all units in a lane": "lane_units",
    "all enemy units in ally territory": "enemies_in_own_territory",
    "all adjacent units": "adjacent", "a random enemy unit": "random_enemy",
    "a random ally unit": "random_ally", "enemy units in target row": "row_enemies",
    "all units in this lane": "units_lane", "the unit directly in front of this one": "ahead",
    "the unit in front of this unit": "ahead", "all enemy units in this row": "enemies_row",
    "all ally units in a frontline row": "row_allies", "all ally units in this lane": "allies_lane",
    "both strongholds": "both_sh", "each stronghold": "both_sh", "all enemy forts": "enemy_forts",
    "owner's stronghold": "own_sh", "adjacent units": "adjacent", "occupying unit": "occupant",
    "the occupying unit": "occupant", "an ally unit at random": "random_ally",
    "all poisoned enemy units": "poisoned_enemies",
    "all units in the enemy's spawn row": "enemy_spawn_row_units", "all enemy units in a frontline row": "row_enemies",
    "ally champion": "ally_champion", "units in your spawn row": "allies_spawn_row",
}


def _sel(s: str) -> str:
    s = s.strip().lower()
    if s in _UNIT_SEL:
        return _UNIT_SEL[s]
    raise Unsupported(f"target '{s}'")


def _kw_phrase(s: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+", s.strip().rstrip(".")):
        m = re.fullmatch(r"([A-Z]+)(?: (\d+))?", part.strip())
        if not m or m.group(1) not in KEYWORDS:
            raise Unsupported(f"keyword '{part}'")
        out[m.group(1)] = int(m.group(2) or 1)
    return out


_PHRASES: list[tuple[str, Any]] = [
    (r"(?:DRAW|Draw) " + N + r"(?: cards?)?", lambda m, b, t: [{"op": "draw", "n": _n(m[1])}]),
    (r"DRAW", lambda m, b, t: [{"op": "draw", "n": 1}]),
    (r"Both players DRAW " + N, lambda m, b, t: [{"op": "draw", "n": _n(m[1]), "who": "both"}]),
    (r"(?:gain|earn) " + N + r" Mana", lambda m, b, t: [{"op": "mana", "n": _n(m[1])}]),
    (r"(?:gain|earn) a Mana", lambda m, b, t: [{"op": "mana", "n": 1}]),
    (r"MANA " + N, lambda m, b, t: [{"op": "mana", "n": _n(m[1])}]),
    (r"Fill your Mana", lambda m, b, t: [{"op": "fill_mana"}]),
    (r"gain " + N + r" Champion Tokens?", lambda m, b, t: [{"op": "tokens", "n": _n(m[1])}]),
    (r"DRAIN " + N, lambda m, b, t: [{"op": "drain", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage to (this unit|a unit|an enemy unit|the enemy Stronghold|your Stronghold|all enemy units|all ally units|all units|all other units|all enemy units in this lane|all units in a lane|all enemy units in Ally Territory|all adjacent units|a random enemy unit|enemy units in target row|all units in this lane|all enemy units in this row|both Strongholds|each Stronghold)",
     lambda m, b, t: [{"op": "damage", "to": _sel(m[2]), "n": _n(m[1])}]),
    (r"(?:Deal|deal) " + N + r" damage to (?:the )?unit", lambda m, b, t: [{"op": "damage", "to": t, "n": _n(m[1])}]),
    (r"(?:Deal|deal) " + N + r" damage", lambda m, b, t: [{"op": "damage", "to": t, "n": _n(m[1])}]),
    (r"Deal " + N + r" damage to (adjacent units|Owner's Stronghold|the occupying unit|occupying unit|an ally unit at random)",
     lambda m, b, t: [{"op": "damage", "to": _sel(m[2]), "n": _n(m[1])}]),
    (r"Deal " + N + r" random damage to an ally unit", lambda m, b, t: [{"op": "damage", "to": "random_ally", "n": _n(m[1])}]),
    (r"deal the enemy Stronghold " + N + r" damage", lambda m, b, t: [{"op": "damage", "to": "enemy_sh", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage randomly split between all other units",
     lambda m, b, t: [{"op": "damage_split", "to": "others", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage (?:randomly split between|randomly to) (?:all )?enemy units, enemy WALL forts, and (?:the enemy )?Stronghold",
     lambda m, b, t: [{"op": "damage_split", "to": "enemy_all", "n": _n(m[1])}]),
    (r"When this unit is destroyed, (.+)", lambda m, b, t: _phrase(m[1], b, t)),
    (r"Units adjacent to the target are dealt " + N + r" damage", lambda m, b, t: [{"op": "damage", "to": "target_adjacent", "n": _n(m[1])}]),
    (r"Gain " + N + r" Mana if the unit was killed", lambda m, b, t: [{"op": "if", "cond": "target_dead", "then": [{"op": "mana", "n": _n(m[1])}]}]),
    (r"(?:Target unit|Unit) takes " + N + r" damage and is STUNNED", lambda m, b, t: [{"op": "damage", "to": t, "n": _n(m[1])}, {"op": "stun", "to": t}]),
    (r"Enemy units in target row take " + N + r" damage and are STUNNED",
     lambda m, b, t: [{"op": "damage", "to": "row_enemies", "n": _n(m[1])}, {"op": "stun", "to": "row_enemies"}]),
    (r"Deal " + N + r" damage to all enemy units in a Frontline row and PUSH them",
     lambda m, b, t: [{"op": "damage", "to": "row_enemies", "n": _n(m[1])}, {"op": "push", "to": "row_enemies"}]),
    (r"Target unit becomes (STUNNED|POISONED)", lambda m, b, t: [{"op": "stun" if m[1] == "STUNNED" else "poison", "to": "target"}]),
    (r"(?:STUN|Stun) (all POISONED enemy units)", lambda m, b, t: [{"op": "stun", "to": _sel(m[1])}]),
    (r"All enemy units become POISONED", lambda m, b, t: [{"op": "poison", "to": "enemies"}]),
    (r"(?:PULL|Pull) (all enemy units|all units in the enemy's spawn row)", lambda m, b, t: [{"op": "pull", "to": _sel(m[1])}]),
    (r"PUSH all other units", lambda m, b, t: [{"op": "push", "to": "others"}]),
    (r"PULL target unit", lambda m, b, t: [{"op": "pull", "to": "target"}]),
    (r"SHIFT it", lambda m, b, t: [{"op": "shift", "to": "target"}]),
    (r"BLIGHT", lambda m, b, t: [{"op": "blight", "to": t}]),
    (r"Owner gains " + N + r" Mana", lambda m, b, t: [{"op": "mana", "n": _n(m[1])}]),
    (r"Randomly gain " + r"(\d+-\d+)" + r" Champion Tokens", lambda m, b, t: [{"op": "tokens", "n": _count(m[1])}]),
    (r"Gain " + N + r" (Mana|mana|Champion Tokens?) for each (fort in play|unit currently in play|ally unit in Enemy Territory|unit in the enemy spawn row|BLESSED tile in the Frontlines)",
     lambda m, b, t: [{"op": "mana" if m[2].lower() == "mana" else "tokens", "n": {"count": _COUNTS[m[3]], "times": _n(m[1])}}]),
    (r"HEAL (?:an ally unit|ally unit) for " + N, lambda m, b, t: [{"op": "heal", "to": "target", "n": _n(m[1])}]),
    (r"HEAL all damage on this unit", lambda m, b, t: [{"op": "heal", "to": "self", "n": 99}]),
    (r"HEAL other ally units in the same row for " + N, lambda m, b, t: [{"op": "heal", "to": "allies_row", "n": _n(m[1])}]),
    (r"HEAL ally units in the same row for " + N, lambda m, b, t: [{"op": "heal", "to": "allies_row", "n": _n(m[1])}]),
    (r"HEAL ally units " + N + r" in this lane", lambda m, b, t: [{"op": "heal", "to": "allies_lane", "n": _n(m[1])}]),
    (r"HEAL ally units and your Stronghold for " + N,
     lambda m, b, t: [{"op": "heal", "to": "allies", "n": _n(m[1])}, {"op": "heal", "to": "own_sh", "n": _n(m[1])}]),
    (r"Gain \+" + N + r"/\+" + N + r" and " + N + r" Mana",
     lambda m, b, t: [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}, {"op": "mana", "n": _n(m[3])}]),
    (r"Reduce this unit's Power to " + N, lambda m, b, t: [{"op": "set_power", "to": "self", "n": _n(m[1])}]),
    (r"(?:This unit refreshes|REFRESH this unit)", lambda m, b, t: [{"op": "refresh", "to": "self"}]),
    (r"The enemy Stronghold takes damage equal to the Mana Fragments earned from the killed unit",
     lambda m, b, t: [{"op": "damage", "to": "enemy_sh", "n": "victim_frags"}]),
    (r"Add a copy of non-Champion units killed by this unit into your hand", lambda m, b, t: [{"op": "copy_hand", "to": "victim_nonchamp"}]),
    (r"Add " + N + r" \[[^\]]*\] ([\w ]+?) spells? to your hand", lambda m, b, t: [{"op": "add_hand", "card": _token(m[2], b), "n": _n(m[1])}]),
    (r"Grant \+" + N + r" (Power|Health) to (an ally unit|a unit)",
     lambda m, b, t: [{"op": "buff", "to": "target", ("pw" if m[2] == "Power" else "hp"): _n(m[1])}]),
    (r"Grant ([A-Z]+) to (?:an ally unit|a unit)", lambda m, b, t: [{"op": "grant", "to": "target", "kw": _kw_phrase(m[1])}]),
    (r"Grant (a unit|an ally unit) \+" + N + r" Power and ([A-Z]+)",
     lambda m, b, t: [{"op": "buff", "to": "target", "pw": _n(m[2])}, {"op": "grant", "to": "target", "kw": _kw_phrase(m[3])}]),
    (r"Grant (a unit|an ally unit) ([+-]\d+)/([+-]\d+)", lambda m, b, t: [{"op": "buff", "to": "target", "pw": int(m[2]), "hp": int(m[3])}]),
    (r"Grant ally Champion \+" + N + r"/\+" + N + r" if it is in play", lambda m, b, t: [{"op": "buff", "to": "ally_champion", "pw": _n(m[1]), "hp": _n(m[2])}]),
    (r"Grant (a random ally unit|an ally unit|units in your spawn row|all enemy units),? (DEATH|START OF TURN|END OF TURN|SURVIVOR|EXECUTE): (.+)",
     lambda m, b, t: [{"op": "grant", "to": _sel(m[1]), "ability": {"on": _TRIGGERS[m[2]], "do": _phrase(m[3], b, "self")}}]),
    (r"Grant an ally unit RESPAWN a ([\w/ ]+)", lambda m, b, t: [{"op": "grant", "to": "target", "respawn": _token(m[1], b)}]),
    (r"Return (?:target|a) fort to its owner's hand", lambda m, b, t: [{"op": "return_hand", "to": "target"}]),
    (r"Return all non-Champion units in target lane to their owner's hand", lambda m, b, t: [{"op": "return_hand", "to": "lane_units_nonchamp"}]),
    (r"Occupying non-Champion units are returned to their owner's hand", lambda m, b, t: [{"op": "return_hand", "to": "occupant_nonchamp"}]),
    (r"Bless all tiles that do not have a fort", lambda m, b, t: [{"op": "bless", "to": "all_unforted"}]),
    (r"Turn all tiles without a Fort in target lane into BLESSED tiles", lambda m, b, t: [{"op": "bless", "to": "lane_unforted"}]),
    (r"Spawn a 1/1 Golem in all open frontline spaces in this lane", lambda m, b, t: [{"op": "summon", "card": "ESU003", "to": "open_frontline_lane"}]),
    (r"Destroy all forts\. For each fort destroyed, gain " + N + r" Champion Token",
     lambda m, b, t: [{"op": "tokens", "n": {"count": "all_forts", "times": _n(m[1])}}, {"op": "destroy", "to": "all_forts"}]),
    (r"Randomly move this unit to a Frontline space in Enemy Territory",
     lambda m, b, t: [{"op": "teleport", "to": "self", "where": "open_enemy_frontline"}]),
    (r"Move this unit to a random space in the Frontlines",
     lambda m, b, t: [{"op": "teleport", "to": "self", "where": "open_frontline"}]),
    (r"All ally units on a BLESSED tile gain \+" + N + r"/\+" + N,
     lambda m, b, t: [{"op": "buff", "to": "allies_on_blessed", "pw": _n(m[1]), "hp": _n(m[2])}]),
    (r"BLESS the tiles under this fort", lambda m, b, t: [{"op": "bless", "to": "victim_space"}]),
    (r"Destroy another random, ally unit, and deal damage equal to its Power to the enemy Stronghold",
     lambda m, b, t: [{"op": "pick", "to": "random_other_ally", "do": [
         {"op": "damage", "to": "enemy_sh", "n": "picked_power"}, {"op": "destroy", "to": "picked"}]}]),
    (r"Heal your Stronghold by " + N, lambda m, b, t: [{"op": "heal", "to": "own_sh", "n": _n(m[1])}]),
    (r'Add a "([\w ]+)" spell to your hand', lambda m, b, t: [{"op": "add_hand", "card": _token(m[1], b), "n": 1}]),
    (r"SHIFT any enemy unit in front of this one to a random, adjacent space", lambda m, b, t: [{"op": "shift", "to": "enemy_ahead"}]),
    (r"deal " + N + r" damage to this fort", lambda m, b, t: [{"op": "damage", "to": "self", "n": _n(m[1])}]),
    (r"Destroy all Loom forts in play", lambda m, b, t: [{"op": "destroy", "to": "forts_named:ToF004"}]),
    (r"Deal " + N + r" damage to stunned enemy units", lambda m, b, t: [{"op": "damage", "to": "stunned_enemies", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage to enemy units occupying fort or BLESSED tiles",
     lambda m, b, t: [{"op": "damage", "to": "enemies_on_fort_or_blessed", "n": _n(m[1])}]),
    (r"Grant this unit STEALTH and move it to a random Frontline space",
     lambda m, b, t: [{"op": "grant", "to": "self", "kw": {"STEALTH": 1}}, {"op": "hide", "to": "self"},
                      {"op": "teleport", "to": "self", "where": "open_frontline"}]),
    (r"A random enemy becomes POISONED and BLIGHTED",
     lambda m, b, t: [{"op": "pick", "to": "random_enemy", "do": [{"op": "poison", "to": "picked"}, {"op": "blight", "to": "picked"}]}]),
    (r"EVOLVE a random friendly Non-Giant unit into a ([\w' ]+)",
     lambda m, b, t: [{"op": "pick", "to": "random_other_ally_nongiant", "do": [{"op": "evolve", "to": "picked", "card": _token(m[1], b)}]}]),
    (r"Add (a|an|\d+) Curse cards? to (?:the |your )?opponent's hand",
     lambda m, b, t: [{"op": "add_hand", "card": "AeS003", "n": _count(m[1]), "who": "enemy"}]),
    (r"Deal " + N + r" damage to the opponent's stronghold", lambda m, b, t: [{"op": "damage", "to": "enemy_sh", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage to a POISONED unit", lambda m, b, t: [{"op": "damage", "to": "target", "n": _n(m[1])}]),
    (r"Destroy any STUNNED non-Champion unit", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"Destroy an ally unit", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"then destroy it", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"BLIGHT target ally unit", lambda m, b, t: [{"op": "blight", "to": "target"}]),
    (r"grant a random ally \+" + N + r"/\+" + N, lambda m, b, t: [{"op": "buff", "to": "random_ally", "pw": _n(m[1]), "hp": _n(m[2])}]),
    (r"grant ([A-Z]+(?: \d+)?) to all ally units in its row", lambda m, b, t: [{"op": "grant", "to": "target_row_allies", "kw": _kw_phrase(m[1])}]),
    (r"Gain Champion tokens equal to the destroyed unit's cost", lambda m, b, t: [{"op": "tokens", "n": "target_cost"}]),
    (r"Choose an enemy non-Champion unit and HEAL your Stronghold equal to the unit's cost",
     lambda m, b, t: [{"op": "heal", "to": "own_sh", "n": "target_cost"}]),
    (r"Grant an ally, non-GIANT unit ([A-Z]+)", lambda m, b, t: [{"op": "grant", "to": "target", "kw": _kw_phrase(m[1])}]),
    (r"Grant ([A-Z]+) to all ally units this turn", lambda m, b, t: [{"op": "grant", "to": "allies", "kw": _kw_phrase(m[1]), "eot": True}]),
    (r"One random enemy unit in this lane is dealt " + N + r" damage", lambda m, b, t: [{"op": "damage", "to": "random_enemy_lane", "n": _n(m[1])}]),
    (r"deal " + N + r" damage randomly split among all other units", lambda m, b, t: [{"op": "damage_split", "to": "others", "n": _n(m[1])}]),
    (r"If an enemy unit is in Ally Territory, fill your spawn row with 2/2 Slags",
     lambda m, b, t: [{"op": "if", "cond": "enemy_in_own_territory", "then": [{"op": "summon", "card": "ToU010", "to": "open_spawn_row"}]}]),
    (r"Deal " + N + r" damage to a unit in the Frontlines", lambda m, b, t: [{"op": "damage", "to": "target", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage randomly split between all enemy units",
     lambda m, b, t: [{"op": "damage_split", "to": "enemies", "n": _n(m[1])}]),
    (r"Deal " + N + r" damage and STUN a unit", lambda m, b, t: [{"op": "damage", "to": "target", "n": _n(m[1])}, {"op": "stun", "to": "target"}]),
    (r"Deal " + N + r" damage to a unit\. Excess damage is applied down the lane ending at the enemy Stronghold",
     lambda m, b, t: [{"op": "damage_pierce", "to": "target", "n": _n(m[1])}]),
    (r"HEAL your Stronghold for each point of damage inflicted", lambda m, b, t: [{"op": "heal", "to": "own_sh", "n": "dealt"}]),
    (r"HEAL your Stronghold (?:for )?" + N, lambda m, b, t: [{"op": "heal", "to": "own_sh", "n": _n(m[1])}]),
    (r"Heal your Stronghold for " + N + r"(?: and gain (\d+) mana)?",
     lambda m, b, t: [{"op": "heal", "to": "own_sh", "n": _n(m[1])}] + ([{"op": "mana", "n": _n(m[2])}] if m[2] else [])),
    (r"HEAL (?:unit|a unit|target unit) for " + N, lambda m, b, t: [{"op": "heal", "to": t, "n": _n(m[1])}]),
    (r"HEAL this unit(?: for)? " + N, lambda m, b, t: [{"op": "heal", "to": "self", "n": _n(m[1])}]),
    (r"HEAL all ally units(?: for)? " + N, lambda m, b, t: [{"op": "heal", "to": "allies", "n": _n(m[1])}]),
    (r"All Ally units heal to their full health", lambda m, b, t: [{"op": "heal", "to": "allies", "n": 99}]),
    (r"(?:Grant|Give) (an ally unit|a unit|this unit|all ally units|all enemy units|all ally units in this row|all ally units in a Frontline row|all ally units in this lane) \+" + N + r"/\+" + N,
     lambda m, b, t: [{"op": "buff", "to": _sel(m[1]), "pw": _n(m[2]), "hp": _n(m[3])}]),
    (r"(?:Grant|Give) (an ally unit|a unit|this unit|all ally units|all ally units in this row|all ally units in a Frontline row|all ally units in this lane) \+" + N + r" (Power|Health)",
     lambda m, b, t: [{"op": "buff", "to": _sel(m[1]), ("pw" if m[3] == "Power" else "hp"): _n(m[2])}]),
    (r"(?:Grant|Give) \+" + N + r" (Power|Health) to (all ally units|all ally units in this row|all ally units in this lane)",
     lambda m, b, t: [{"op": "buff", "to": _sel(m[3]), ("pw" if m[2] == "Power" else "hp"): _n(m[1])}]),
    (r"All Ally units gain \+" + N + r"/\+" + N, lambda m, b, t: [{"op": "buff", "to": "allies", "pw": _n(m[1]), "hp": _n(m[2])}]),
    (r"(?:this unit )?gains? \+" + N + r"/\+" + N, lambda m, b, t: [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}]),
    (r"(?:this unit )?gains? \+" + N + r" (Power|Health)", lambda m, b, t: [{"op": "buff", "to": "self", ("pw" if m[2] == "Power" else "hp"): _n(m[1])}]),
    (r"(?:this unit )?gains? " + N + r" (Power|Health)", lambda m, b, t: [{"op": "buff", "to": "self", ("pw" if m[2] == "Power" else "hp"): _n(m[1])}]),
    (r"\+" + N + r" Power", lambda m, b, t: [{"op": "buff", "to": "self", "pw": _n(m[1])}]),
    (r"(?:Randomly gain|Gain) \+" + N + r" (Power|Health) or \+" + N + r" (Power|Health)(?: at random)?",
     lambda m, b, t: [{"op": "random", "of": [[{"op": "buff", "to": "self", ("pw" if m[2] == "Power" else "hp"): _n(m[1])}],
                                              [{"op": "buff", "to": "self", ("pw" if m[4] == "Power" else "hp"): _n(m[3])}]]}]),
    (r"STUN (a unit|an enemy unit|the unit directly in front of this one|all enemy units in this lane|all enemy units)",
     lambda m, b, t: [{"op": "stun", "to": _sel(m[1])}]),
    (r"(?:Enemy units entering this space are|Stun the unit and are|unit is) STUNNED", lambda m, b, t: [{"op": "stun", "to": t}]),
    (r"Enemy units become POISONED", lambda m, b, t: [{"op": "poison", "to": t}]),
    (r"POISON (?:a|an enemy) unit", lambda m, b, t: [{"op": "poison", "to": "target"}]),
    (r"Enemy non-Champion units in this lane become POISONED", lambda m, b, t: [{"op": "poison", "to": "enemies_lane_nonchamp"}]),
    (r"Add (a|an|one|two|\d+|\d+-\d+) \[?([\w/' -]+?)\]?(?: forts?| units?)? to your hand",
     lambda m, b, t: [{"op": "add_hand", "card": _token(re.sub(r"^\d+/\d+ ", lambda x: x[0], m[2]), b), "n": _count(m[1])}]),
    (r"Add (a|an|one|two|\d+) \[?(\d+/\d+)\]? (walls?|Wardens?|Stygians?|Shadows?|Golems?)(?: fort)? to your hand",
     lambda m, b, t: [{"op": "add_hand", "card": _token(m[2] + " " + m[3].rstrip("s"), b), "n": _count(m[1])}]),
    (r"Deploy a (\d+/\d+ \w+) in each open space in Ally Territory",
     lambda m, b, t: [{"op": "summon", "card": _token(m[1], b), "to": "open_own_territory"}]),
    (r"Destroy (?:a|target) fort", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"Destroy a non-Champion unit", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"Destroy (?:a|an enemy|target) unit", lambda m, b, t: [{"op": "destroy", "to": "target"}]),
    (r"Destroy all enemy forts in this lane", lambda m, b, t: [{"op": "destroy", "to": "enemy_forts_lane"}]),
    (r"destroy this fort", lambda m, b, t: [{"op": "destroy", "to": "self"}]),
    (r"Destroy this unit", lambda m, b, t: [{"op": "destroy", "to": "self"}]),
    (r"Gain Mana equal to its cost", lambda m, b, t: [{"op": "mana", "n": "fort_cost"}]),
    (r"BLESS (?:this tile|the space)", lambda m, b, t: [{"op": "bless", "to": "self_space" if t == "entrant" else "target_space"}]),
    (r"BLESS " + N + r" random tiles in the frontlines", lambda m, b, t: [{"op": "bless", "to": "random_frontline", "n": _n(m[1])}]),
    (r"Randomly Bless " + N + r" tiles", lambda m, b, t: [{"op": "bless", "to": "random_any", "n": _n(m[1])}]),
    (r"set its Power to " + N, lambda m, b, t: [{"op": "set_power", "to": t, "n": _n(m[1])}]),
    (r"HUSH (?:a|an enemy|target) non-Champion unit", lambda m, b, t: [{"op": "hush", "to": "target"}]),
    (r"HUSH all non-Champion enemy units in this lane", lambda m, b, t: [{"op": "hush", "to": "enemies_lane_nonchamp"}]),
    (r"HUSH", lambda m, b, t: [{"op": "hush", "to": t}]),
    (r"All enemy units lose " + N + r" Power", lambda m, b, t: [{"op": "buff", "to": "enemies", "pw": -_n(m[1])}]),
    (r"PUSH (?:the )?unit", lambda m, b, t: [{"op": "push", "to": t}]),
    (r"PUSH (?:a|an enemy|target) unit", lambda m, b, t: [{"op": "push", "to": "target"}]),
    (r"PULL (?:a|an enemy|target) unit", lambda m, b, t: [{"op": "pull", "to": "target"}]),
    (r"PULL an enemy unit in this lane's spawn row", lambda m, b, t: [{"op": "pull", "to": "enemy_spawn_lane"}]),
    (r"SHIFT (?:an enemy|a|an ally) unit", lambda m, b, t: [{"op": "shift", "to": "target"}]),
    (r"Return (?:a|an enemy|an ally|target) unit to its owner's hand", lambda m, b, t: [{"op": "return_hand", "to": "target"}]),
    (r"Change an enemy unit's base Power to " + N + r" until the end of the turn",
     lambda m, b, t: [{"op": "set_power", "to": "target", "n": _n(m[1]), "eot": True}]),
    (r"Add a copy of an ally non-Champion unit in play to your hand", lambda m, b, t: [{"op": "copy_hand", "to": "target"}]),
    (r"EVOLVE into ([\w' -]+)", lambda m, b, t: [{"op": "evolve", "card": _token(m[1], b)}]),
    (r"Reduce the power of a random enemy unit to 0", lambda m, b, t: [{"op": "set_power", "to": "random_enemy", "n": 0}]),
    (r"Randomly destroy an enemy unit", lambda m, b, t: [{"op": "destroy", "to": "random_enemy"}]),
    (r"Grant \+" + N + r" Health to a random Ally unit", lambda m, b, t: [{"op": "buff", "to": "random_ally", "hp": _n(m[1])}]),
    (r"(?:Grant|Give) (an ally unit|a unit|this unit|all ally units) ([A-Z]+(?: \d+)?(?:(?:,| and) [A-Z]+(?: \d+)?)*)",
     lambda m, b, t: [{"op": "grant", "to": _sel(m[1]), "kw": _kw_phrase(m[2])}]),
]


def _trigger_ability(on: str, body: str, by_name: dict[str, str], target: str = "self") -> dict[str, Any]:
    """Parses "<effects>[ if <cond>]" after a trigger word."""
    cond = None
    conds = [
        (r"If occupied, (.+)", "occupied"),
        (r"If this unit is in Enemy Territory, (.+)", "in_enemy_territory"),
        (r"If in Enemy Territory, (.+)", "in_enemy_territory"),
        (r"If in Ally Territory, (.+)", "in_own_territory"),
        (r"If this unit did not take an action, (.+)", "not_acted"),
        (r"If occupying a BLESSED tile, (.+)", "on_blessed"),
        (r"If occupied by an Ally unit, (.+)", "occupied_ally"),
        (r"If this Fort is occupied, (.+)", "occupied"),
        (r"If there are no enemy units in this lane, (.+)", {"not": "enemy_in_lane"}),
        (r"(.+) while in Ally Territory", "in_own_territory"),
        (r"(.+) if this unit is (?:on|stationed on) a fort", "on_fort"),
        (r"(.+) if this unit is on a BLESSED tile", "on_blessed"),
        (r"(.+) if this unit occupies a BLESSED tile or fort", "on_blessed_or_fort"),
        (r"(.+) if occupied by an ally unit", "occupied_ally"),
        (r"(.+) if occupied by an enemy unit or Starling", "occupied_enemy_or_starling"),
        (r"(.+) if occupied by an enemy unit", "occupied_enemy"),
        (r"(.+) if occupied", "occupied"),
        (r"(.+) if in Enemy Territory", "in_enemy_territory"),
        (r"(.+) if an enemy unit is in this lane", "enemy_in_lane"),
        (r"(.+) if this unit is in the spawn row", "in_spawn_row"),
        (r"(.+) if on a BLESSED tile", "on_blessed"),
    ]
    for rx, c in conds:
        m = re.fullmatch(rx, body.strip().rstrip("."), flags=re.IGNORECASE)
        if m:
            cond, body = c, m[1]
            break
    body = re.sub(r"owner's Stronghold is dealt (\d+) damage and gains (\d+) Mana",
                  r"Deal \1 damage to your Stronghold and gain \2 Mana", body)
    ability: dict[str, Any] = {"on": on, "do": _phrase(body, by_name, target)}
    if cond:
        ability["if"] = cond
    return ability


# -- whole sentences --------------------------------------------------------------------------

def _untargeted(mode: dict[str, Any]) -> dict[str, Any]:
    """A spell whose effects never use the unit or fort its text mentions ("If an enemy unit is in
    Ally Territory, ...") is cast without choosing one."""
    if mode["target"] not in ("lane", "row", "front_row") and "target" not in json.dumps(mode["do"]):
        mode["target"] = "none"
    return mode


def _spell(card: dict[str, Any], text: str, by_name: dict[str, str]) -> dict[str, Any]:
    """Parses a spell's text: a chosen target kind plus effects (or CHOOSE ONE modes)."""
    m = re.fullmatch(r"CHOOSE ONE: (.+?) (?:-or-|ñorñ) (.+?)\.?", text)
    if m:
        return {"modes": [_untargeted(_spell_mode(m[1], by_name)),
                          _untargeted(_spell_mode(m[2], by_name))]}
    return _untargeted(_spell_mode(text, by_name))


_TARGET_KINDS = [
    (r"a fort in enemy territory", "enemy_territory_fort"), (r"a POISONED unit", "poisoned_unit"),
    (r"any STUNNED non-Champion unit", "stunned_nonchamp"), (r"an ally, non-GIANT unit", "ally_nongiant"),
    (r"an enemy non-Champion unit", "enemy_nonchamp"), (r"a non-Giant enemy unit", "enemy_nongiant"),
    (r"an enemy fort without a stationed enemy unit", "enemy_fort_free"),
    (r"a friendly non-Champion unit", "ally_nonchamp"),
    (r"an enemy non-champion unit in Ally Territory", "enemy_nonchamp_home"),
    (r"[Tt]arget fort", "fort"), (r"[Tt]arget lane", "lane"),
    (r"[Tt]arget ally unit", "ally_unit"), (r"[Tt]arget unit", "unit"), (r"HEAL unit", "unit"),
    (r"a unit in the Frontlines", "frontline_unit"), (r"an enemy unit", "enemy_unit"),
    (r"an ally non-Champion unit", "ally_nonchamp"), (r"an ally unit", "ally_unit"),
    (r"a non-Champion unit", "nonchamp"), (r"a unit", "unit"), (r"a fort", "fort"),
    (r"a lane", "lane"), (r"a non-Champion unit", "nonchamp"), (r"a Frontline row", "front_row"), (r"target row", "row"),
]


def _spell_mode(text: str, by_name: dict[str, str]) -> dict[str, Any]:
    text = text.strip().rstrip(".")
    special = _SPECIAL_SPELLS.get(text)
    if special:
        return json.loads(json.dumps(special))
    kind = "none"
    for rx, k in _TARGET_KINDS:
        if re.search(r"\b" + rx + r"\b", text):
            kind = k
            break
    sentences = [s for s in re.split(r"(?<=\.)\s+", text) if s]
    effects: list[dict[str, Any]] = []
    for s in sentences:
        effects += _phrase(s, by_name)
    needs = _TARGETED & set(_selectors(effects))
    if kind == "none" and needs:
        raise Unsupported(f"spell target in '{text}'")
    if not needs and effects and all(e.get("to", "").startswith("random") for e in effects
                                     if "to" in e):
        kind = "none"  # "Randomly destroy an enemy unit": the engine picks, the player does not
    return {"target": kind, "do": effects}


_TARGETED = {"target", "target_adjacent", "target_occupant", "target_space", "lane_units",
             "row_allies", "row_enemies", "lane_units_nonchamp", "lane_unforted", "target_row_allies"}


def _selectors(node: Any) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "to" and isinstance(v, str):
                out.append(v)
            else:
                out += _selectors(v)
    elif isinstance(node, list):
        for v in node:
            out += _selectors(v)
    return out


# Whole spell texts whose wording the phrase rules do not split well, encoded in the same vocabulary.
_SPECIAL_SPELLS: dict[str, dict[str, Any]] = {
    "Deal 2 damage to a unit. If it is a Slag, grant it +2 Health instead": {
        "target": "unit", "do": [{"op": "if", "cond": {"race": "SLAG", "of": "target"},
                                  "then": [{"op": "buff", "to": "target", "hp": 2}],
                                  "else": [{"op": "damage", "to": "target", "n": 2}]}]},
    "Grant an ally unit START OF TURN: Gain 1 Mana": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "start", "do": [{"op": "mana", "n": 1}]}}]},
    "Grant an ally unit END OF TURN: REGEN 1": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "kw": {"REGEN": 1}}]},
    "Choose a unit. Every time it receives damage, DRAW 1": {
        "target": "unit", "do": [{"op": "grant", "to": "target", "caster": True, "ability": {
            "on": "damaged", "do": [{"op": "draw", "n": 1}]}}]},
    "Randomly grant an ally unit ARMOR, REGEN, or DEATHBLOW. This effect goes off twice on Golem units": {
        "target": "ally_unit", "do": [{"op": "if", "cond": {"race": "GOLEM", "of": "target"},
                                       "then": [{"op": "random", "of": "$chaos"}, {"op": "random", "of": "$chaos"}],
                                       "else": [{"op": "random", "of": "$chaos"}]}]},
    "Deal 2 damage to a unit. If a Starling unit is in the same lane, deal 5 damage instead": {
        "target": "unit", "do": [{"op": "if", "cond": {"race_in_lane": "STARLING"},
                                  "then": [{"op": "damage", "to": "target", "n": 5}],
                                  "else": [{"op": "damage", "to": "target", "n": 2}]}]},
    "Deal 4 damage to a unit. Excess damage is applied down the lane ending at the enemy Stronghold": {
        "target": "unit", "do": [{"op": "damage_pierce", "to": "target", "n": 4}]},
    "Add a copy of an ally non-Champion unit in play to your hand": {
        "target": "ally_nonchamp", "do": [{"op": "copy_hand", "to": "target"}]},
    "Deal 3 damage to a unit and 2 damange to the enemy Stronghold": {
        "target": "unit", "do": [{"op": "damage", "to": "target", "n": 3}, {"op": "damage", "to": "enemy_sh", "n": 2}]},
    "HEAL unit for 2. If the unit is a Golem, grant it +2 Health instead": {
        "target": "unit", "do": [{"op": "if", "cond": {"race": "GOLEM", "of": "target"},
                                  "then": [{"op": "buff", "to": "target", "hp": 2}],
                                  "else": [{"op": "heal", "to": "target", "n": 2}]}]},
    "Destroy a fort and deal 5 damage to any occupying units": {
        "target": "fort", "do": [{"op": "damage", "to": "target_occupant", "n": 5}, {"op": "destroy", "to": "target"}]},
    "Choose an ally unit. It has +1/+1 while in Enemy Territory": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "static", "if": "in_enemy_territory", "pw": 1, "hp": 1}}]},
    "Choose a unit. Each time it activates, gain 1 Mana": {
        "target": "unit", "do": [{"op": "grant", "to": "target", "caster": True, "ability": {
            "on": "action", "do": [{"op": "mana", "n": 1}]}}]},
    "Destroy an enemy non-champion unit in Ally Territory": {
        "target": "enemy_nonchamp_home", "do": [{"op": "destroy", "to": "target"}]},
    "Grant all ally units +2 Power until the end of the turn": {
        "target": "none", "do": [{"op": "buff", "to": "allies", "pw": 2, "eot": True}]},
    "Destroy a fort in enemy territory. Add 2 Mana Daggers to your hand": {
        "target": "enemy_territory_fort", "do": [{"op": "destroy", "to": "target"},
                                                 {"op": "add_hand", "card": "ToS001", "n": 2}]},
    "Destroy all forts. For each fort destroyed, gain 1 Champion Token": {
        "target": "none", "do": [{"op": "tokens", "n": {"count": "all_forts", "times": 1}},
                                 {"op": "destroy", "to": "all_forts"}]},
    "When target enemy unit activates, it takes 1 damage": {
        "target": "enemy_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "action", "do": [{"op": "damage", "to": "self", "n": 1}]}}]},
    "Grant an ally unit +1 Power or +1 Health at random each time another ally unit is destroyed": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "ally_died", "do": [{"op": "random", "of": [[{"op": "buff", "to": "self", "pw": 1}],
                                                             [{"op": "buff", "to": "self", "hp": 1}]]}]}}]},
    "Deal 2 damage to each enemy unit on a BLESSED tile": {
        "target": "none", "do": [{"op": "damage", "to": "enemies_on_blessed", "n": 2}]},
    "Deals 2 damage to your Stronghold when discarded. Otherwise this spell does nothing": {
        "target": "none", "do": [], "abilities": [{"on": "discarded", "do": [
            {"op": "damage", "to": "own_sh", "n": 2}]}]},
    "When either player discards a card, grant Target Ally Unit +1/+1": {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "any_discard", "do": [{"op": "buff", "to": "self", "pw": 1, "hp": 1}]}}]},
    'Target Ally unit gains: "EXECUTE: add 1 Curse card to opponent\'s hand."': {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "execute", "do": [{"op": "add_hand", "card": "AeS003", "n": 1, "who": "enemy"}]}}]},
    'Grant an Ally: "When this unit damages an enemy, that enemy is POISONED."': {
        "target": "ally_unit", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "dealt_damage", "do": [{"op": "poison", "to": "damaged"}]}}]},
    "Move an ally unit forward 1 space and grant it +1 Health": {
        "target": "ally_unit", "do": [{"op": "push", "to": "target"}, {"op": "buff", "to": "target", "hp": 1}]},
    "HEAL ally unit for 1. If it is still damaged, grant it +2 Power": {
        "target": "ally_unit", "do": [{"op": "heal", "to": "target", "n": 1},
                                      {"op": "if", "cond": {"state": "damaged", "of": "target"},
                                       "then": [{"op": "buff", "to": "target", "pw": 2}]}]},
    "Send a non-Giant enemy unit to a random empty space in your opponent's spawn row": {
        "target": "enemy_nongiant", "do": [{"op": "teleport", "to": "target", "where": "owner_spawn_row"}]},
    "Gain ownership of an enemy fort without a stationed enemy unit": {
        "target": "enemy_fort_free", "do": [{"op": "steal_fort", "to": "target"}]},
    "Heal all OMEGA units to full Health": {
        "target": "none", "do": [{"op": "heal", "to": "omega_units", "n": 99}]},
    "Randomly destroy target non-Champion unit, or give it +4/+4": {
        "target": "nonchamp", "do": [{"op": "random", "of": [[{"op": "destroy", "to": "target"}],
                                                            [{"op": "buff", "to": "target", "pw": 4, "hp": 4}]]}]},
    "Destroy all forts in a row and HEAL your Stronghold by 2 for each one destroyed": {
        "target": "row", "do": [{"op": "heal", "to": "own_sh", "n": {"count": "row_forts", "times": 2}},
                                {"op": "destroy", "to": "row_forts"}]},
    "Destroy an enemy non-Champion unit. Deal damage randomly to all ally units equal to the target's mana cost": {
        "target": "enemy_nonchamp", "do": [{"op": "destroy", "to": "target"},
                                           {"op": "damage_split", "to": "allies", "n": "target_cost"}]},
    "Grant a friendly non-Champion unit DEATH: HEAL owner's Stronghold equal to this unit's cost": {
        "target": "ally_nonchamp", "do": [{"op": "grant", "to": "target", "ability": {
            "on": "death", "do": [{"op": "heal", "to": "own_sh", "n": "victim_cost"}]}}]},
    "All non-Golem units are STUNNED": {"target": "none", "do": [{"op": "stun", "to": "non_golems"}]},
    "Grant Tempest unit +1/+1 and Deal 1 damage to your Stronghold": {
        "target": "race:TEMPEST", "do": [{"op": "buff", "to": "target", "pw": 1, "hp": 1},
                                         {"op": "damage", "to": "own_sh", "n": 1}]},
    "Deal 1 damage to a unit. If the unit is a Stygian ally, refresh it": {
        "target": "unit", "do": [{"op": "damage", "to": "target", "n": 1},
                                 {"op": "if", "cond": [{"race": "STYGIAN", "of": "target"}, "target_is_ally"],
                                  "then": [{"op": "refresh", "to": "target"}]}]},
    "Grant all ally units in a Frontline row +2 Health": {
        "target": "front_row", "do": [{"op": "buff", "to": "row_allies", "hp": 2}]},
    "Deal 3 damage to all units in a lane": {
        "target": "lane", "do": [{"op": "damage", "to": "lane_units", "n": 3}]},
    "DRAW cards equal to your opponent's hand": {
        "target": "none", "do": [{"op": "draw", "n": "enemy_hand"}]},
    "Destroy a fort. BLESS the space": {
        "target": "fort", "do": [{"op": "destroy", "to": "target"}, {"op": "bless", "to": "target_space"}]},
    "Destroy a fort. Gain Mana equal to its cost": {
        "target": "fort", "do": [{"op": "mana", "n": "fort_cost"}, {"op": "destroy", "to": "target"}]},
    "Destroy a fort and Gain 3 Champion Tokens": {
        "target": "fort", "do": [{"op": "destroy", "to": "target"}, {"op": "tokens", "n": 3}]},
    "Deal 3 damage to a unit. HEAL your Stronghold for each point of damage inflicted": {
        "target": "unit", "do": [{"op": "damage", "to": "target", "n": 3},
                                 {"op": "heal", "to": "own_sh", "n": "dealt"}]},
}
_SPECIAL_SPELLS.update(encodings_more.SPELLS)
_SPECIAL_SPELLS.update(_ae_de_ec.SPECIAL_SPELLS)
_CHAOS = [[{"op": "grant", "to": "target", "kw": {"ARMOR": 1}}],
          [{"op": "grant", "to": "target", "kw": {"REGEN": 1}}],
          [{"op": "grant", "to": "target", "kw": {"DEATHBLOW": 1}}]]


# Sentences of units and forts (not trigger-word phrases), matched against the start of the text.
def _sentence_rules() -> list[tuple[str, Any]]:
    def ab(on: str, do: list[dict[str, Any]], cond: Any = None) -> dict[str, Any]:
        """Returns a triggered ability."""
        a: dict[str, Any] = {"on": on, "do": do}
        if cond:
            a["if"] = cond
        return a

    return [*_ae_de_ec.sentence_rules(),
        (r"If this unit is killed by combat, return it to your hand",
         lambda m, b: {"abilities": [ab("death", [{"op": "add_hand", "card": "$self", "n": 1}], "killed_by_unit")]}),
        (r"If this unit is killed by combat, shuffle it into your deck",
         lambda m, b: {"abilities": [ab("death", [{"op": "to_deck", "card": "$self"}], "killed_by_unit")]}),
        (r"END OF TURN: If occupied by an ally unit, deal " + N + r" damage to enemy units in this lane and " + N + r" to your Stronghold",
         lambda m, b: {"abilities": [ab("end", [{"op": "damage", "to": "enemies_lane", "n": _n(m[1])}, {"op": "damage", "to": "own_sh", "n": _n(m[2])}], "occupied_ally")]}),
        (r"When this unit moves, destroy all forts in this unit's lane",
         lambda m, b: {"abilities": [ab("moved", [{"op": "destroy", "to": "forts_lane"}])]}),
        (r"END OF TURN: Destroy enemy forts in front of this unit",
         lambda m, b: {"abilities": [ab("end", [{"op": "destroy", "to": "enemy_fort_ahead"}])]}),
        (r"Randomly RESPAWN this unit or a 1/1 Golem", lambda m, b: {"respawn": ["$self", "ESU003"]}),
        (r"DEATH: RESPAWN a 4/4 Earth Mother which deals 2 damage to all enemy units in Ally Territory on spawn",
         lambda m, b: {"respawn": "ToU004"}),
        (r"TRAP: Units at full Health are destroyed\. Destroy this fort",
         lambda m, b: {"abilities": [ab("trap", [{"op": "if", "cond": {"state": "full_health", "of": "entrant"}, "then": [{"op": "destroy", "to": "entrant"}]}, {"op": "destroy", "to": "self"}])]}),
        (r"TRAP: Destroy enemy non-Champion units with no Mana Fragments",
         lambda m, b: {"abilities": [ab("trap", [{"op": "if", "cond": {"state": "no_fragments", "of": "entrant"}, "then": [{"op": "destroy", "to": "entrant"}]}])]}),
        (r"Giant", lambda m, b: {}),
        (r"While this Champion is in play, grant all non-Grim Vision ally units RESPAWN 1/1 Grim Vision",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "if": {"not": {"race": "", "card": "ToU006"}}, "respawn": "ToU006"}]}),
        (r"Ally Champion gains \+" + N + r"/\+" + N + r" while this fort is in play",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "if": "is_champion", "pw": _n(m[1]), "hp": _n(m[2])}]}),
        (r"DEATH: If this fort.s space is unoccupied, RESPAWN a ([\w' ]+)",
         lambda m, b: {"abilities": [ab("death", [{"op": "summon", "card": _token(m[1], b), "to": "victim_space"}])]}),
        (r"This unit has \+" + N + r" Power if either Champion has been destroyed",
         lambda m, b: {"abilities": [{"on": "static", "if": "champion_destroyed", "pw": _n(m[1])}]}),
        (r"This unit has \+" + N + r" Power if it moved before attacking", lambda m, b: {"kw": {"CHARGE": _n(m[1])}}),
        (r"If this unit attacks at range, it is dealt " + N + r" damage after its action is complete",
         lambda m, b: {"kw": {"RECOIL": _n(m[1])}}),
        (r"Decrease this unit's power by " + N + r" when it destroys a unit in combat",
         lambda m, b: {"abilities": [ab("execute", [{"op": "buff", "to": "self", "pw": -_n(m[1])}])]}),
        (r"Reduce all incoming Combat Damage to " + N, lambda m, b: {"kw": {"BULWARK": _n(m[1])}}),
        (r"Units damaged by this unit are (?:POISONED and BLIGHTED)",
         # blight first: a unit the hit kills leaves no fragments (deaths resolve between effects)
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "blight", "to": "damaged"}, {"op": "poison", "to": "damaged"}])]}),
        (r"Units damaged by this unit are poisoned",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "poison", "to": "damaged"}])]}),
        (r"TRAP: Deal " + N + r" damage to unit and destroy this fort\. Spawn a 1/1 Stygian if this kills a unit",
         lambda m, b: {"abilities": [ab("trap", [{"op": "damage", "to": "entrant", "n": _n(m[1])},
                                                 {"op": "if", "cond": "entrant_dead", "then": [
                                                     {"op": "summon", "card": "ToU001", "to": "self_space"}]},
                                                 {"op": "destroy", "to": "self"}])]}),
        (r"When an enemy unit spawns in this lane: DRAW " + N,
         lambda m, b: {"abilities": [ab("enemy_spawn_lane", [{"op": "draw", "n": _n(m[1])}])]}),
        (r"Destroy the next non-Champion enemy unit to spawn in this lane, and then destroy this fort",
         lambda m, b: {"abilities": [ab("enemy_spawn_lane", [{"op": "if", "cond": {"state": "not_champion", "of": "entrant"},
                                                               "then": [{"op": "destroy", "to": "entrant"}, {"op": "destroy", "to": "self"}]}])]}),
        (r"When the owner of this Fort spawns a unit, deploy a Genesis Scout on this space if it is not occupied",
         lambda m, b: {"abilities": [ab("own_spawn", [{"op": "summon", "card": "AeU000", "to": "self_space"}])]}),
        (r"Any time a unit is moved by PUSH or PULL, deal " + N + r" damage to it",
         lambda m, b: {"abilities": [ab("nudged", [{"op": "damage", "to": "entrant", "n": _n(m[1])}])]}),
        (r"When this fort takes damage, deal " + N + r" damage to all units in its lane",
         lambda m, b: {"abilities": [ab("damaged", [{"op": "damage", "to": "units_lane", "n": _n(m[1])}])]}),
        (r"Your spells cost \[" + N + r"\] less", lambda m, b: {"abilities": [{"on": "cost", "kind": "spell", "n": -_n(m[1])}]}),
        (r"Your other non-Champion units cost \[" + N + r"\] less Mana while this unit is in play",
         lambda m, b: {"abilities": [{"on": "cost", "kind": "unit", "n": -_n(m[1])}]}),
        (r"Following combat with an enemy unit, move this unit forward one space",
         lambda m, b: {"abilities": [ab("fought", [{"op": "push", "to": "self"}])]}),
        (r"Whenever opposing non-Champion units survive combat with this unit, return them to your opponent's hand",
         lambda m, b: {"abilities": [ab("fought", [{"op": "return_hand", "to": "damaged_nonchamp"}])]}),
        (r"Destroy any non-BLESSED fort this unit moves onto",
         lambda m, b: {"abilities": [ab("moved", [{"op": "destroy", "to": "fort_under"}])]}),
        (r"END OF TURN: Either give an other random ally unit \+" + N + r" Health or give a random enemy unit -" + N + r" Power",
         lambda m, b: {"abilities": [ab("end", [{"op": "random", "of": [
             [{"op": "buff", "to": "random_other_ally", "hp": _n(m[1])}],
             [{"op": "buff", "to": "random_enemy", "pw": -_n(m[2])}]]}])]}),
        (r"SPAWN: Randomly grant all other ally units one of the following: BLIGHT, SIPHON 1, SHIFT, or FLIGHT",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "each", "to": "other_allies", "do": [{"op": "random", "of": [
             [{"op": "grant", "to": "picked", "kw": {"BLIGHT": 1}}], [{"op": "grant", "to": "picked", "kw": {"SIPHON": 1}}],
             [{"op": "grant", "to": "picked", "kw": {"SHIFT": 1}}], [{"op": "grant", "to": "picked", "kw": {"FLIGHT": 1}}]]}]}])]}),
        (r"SPAWN: Deal " + N + r" damage to all units in both lanes and HUSH non-Champion units",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "damage", "to": "units_lane_others", "n": _n(m[1])},
                                                  {"op": "hush", "to": "units_lane_nonchamp"}])]}),
        (r"Doesn.t move when activated", lambda m, b: {"kw": {"ROOTED": 1}}),
        (r"When you discard a card, randomly grant FLIGHT, RANGE, BLIGHT, or \+" + N + r"/\+" + N,
         lambda m, b: {"abilities": [ab("own_discard", [{"op": "random", "of": [
             [{"op": "grant", "to": "self", "kw": {"FLIGHT": 1}}], [{"op": "grant", "to": "self", "kw": {"RANGE": 1}}],
             [{"op": "grant", "to": "self", "kw": {"BLIGHT": 1}}], [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}]]}])]}),
        (r"If occupied by an ally unit, DRAW " + N + r" for each card you discard",
         lambda m, b: {"abilities": [ab("own_discard", [{"op": "draw", "n": _n(m[1])}], "occupied_ally")]}),
        (r"CHOOSE ONE: DRAW " + N + r", or force your opponent to DRAW " + N,
         lambda m, b: {"modes": [{"target": "none", "do": [{"op": "draw", "n": _n(m[1])}]},
                                 {"target": "none", "do": [{"op": "draw", "n": _n(m[2]), "who": "enemy"}]}]}),
        (r"SPAWN: BLESS\. START OF TURN: Lose " + N + r" Health if this unit is not on a BLESSED tile",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "bless", "to": "self_space"}]),
                                     ab("start", [{"op": "buff", "to": "self", "hp": -_n(m[1])}], {"not": "on_blessed"})]}),
        (r"Gain \+" + N + r"/\+" + N + r" every time a fort is spawned",
         lambda m, b: {"abilities": [ab("fort_spawned", [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}])]}),
        (r"STUN enemies damaged by this unit",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "stun", "to": "damaged"}])]}),
        (r"Immune to (?:damage from forts|fort Damage)", lambda m, b: {"kw": {"FORTPROOF": 1}}),
        (r"This unit cannot be targeted by spells", lambda m, b: {"kw": {"STEELWARD": 1}}),
        (r"When this unit activates it gains \+" + N + r" Power",
         lambda m, b: {"abilities": [ab("action", [{"op": "buff", "to": "self", "pw": _n(m[1])}])]}),
        (r"When this unit takes an action add a ([\w/ ]+?) to your hand",
         lambda m, b: {"abilities": [ab("action", [{"op": "add_hand", "card": _token(m[1], b), "n": 1}])]}),
        (r"Anytime this unit moves, grant \+" + N + r" Health to a random ally unit",
         lambda m, b: {"abilities": [ab("moved", [{"op": "buff", "to": "random_ally", "hp": _n(m[1])}])]}),
        (r"Add a 1/1 Golem to your hand when your Stronghold gets damaged",
         lambda m, b: {"abilities": [ab("own_sh_damaged", [{"op": "add_hand", "card": "ESU003", "n": 1}])]}),
        (r"Whenever the enemy Stronghold is damaged, gain \+" + N + r" Power",
         lambda m, b: {"abilities": [ab("enemy_sh_damaged", [{"op": "buff", "to": "self", "pw": _n(m[1])}])]}),
        (r"This unit gains \+" + N + r" Power for each point of damage received",
         lambda m, b: {"abilities": [ab("damaged", [{"op": "buff", "to": "self", "pw": {"dealt": _n(m[1])}}])]}),
        (r"Gain " + N + r" Mana for each point of damage inflicted",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "mana", "n": "dealt"}])]}),
        (r"Gain \+" + N + r"/\+" + N + r" while (?:this unit is )?in Enemy Territory",
         lambda m, b: {"abilities": [{"on": "static", "if": "in_enemy_territory", "pw": _n(m[1]), "hp": _n(m[2])}]}),
        (r"While in Ally Territory this unit has ([A-Z]+(?: \d+)?)",
         lambda m, b: {"abilities": [{"on": "static", "if": "in_own_territory", "kw": _kw_phrase(m[1])}]}),
        (r"This unit has \+" + N + r"/\+" + N + r" during your opponent's turn",
         lambda m, b: {"abilities": [{"on": "static", "if": "enemy_turn", "pw": _n(m[1]), "hp": _n(m[2])}]}),
        (r"If the enemy Champion is in play, gain \+" + N + r"/\+" + N,
         lambda m, b: {"abilities": [{"on": "static", "if": "enemy_champion_in_play", "pw": _n(m[1]), "hp": _n(m[2])}]}),
        (r"This unit has \+" + N + r" Power versus the enemy Stronghold", lambda m, b: {"kw": {"SIEGE": _n(m[1])}}),
        (r"\+" + N + r" Power versus the enemy Stronghold and GIANT units", lambda m, b: {"kw": {"SIEGE": _n(m[1]), "GIANTBANE": _n(m[1])}}),
        (r"This unit is destroyed after an attack is resolved",
         lambda m, b: {"abilities": [ab("attacked", [{"op": "destroy", "to": "self"}])]}),
        (r"All ally units with FLIGHT have \+" + N + r" Power while this unit is alive",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "if": "has_flight", "pw": _n(m[1])}]}),
        (r"Other ally (\w+?)s have \+" + N + r"/\+" + N + r" while this unit is in play",
         lambda m, b: {"abilities": [{"on": "aura", "who": "other_allies", "if": {"race": m[1].upper()}, "pw": _n(m[2]), "hp": _n(m[3])}]}),
        (r"All ally (\w+) units have \+" + N + r" Power while in Ally Territory",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "if": [{"race": m[1].upper()}, "in_own_territory"], "pw": _n(m[2])}]}),
        (r"Grant ally units in this row \+" + N + r" POWER",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies_row", "pw": _n(m[1])}]}),
        (r"Occupying ally units have ([A-Z]+)",
         lambda m, b: {"abilities": [{"on": "aura", "who": "occupant", "kw": _kw_phrase(m[1])}]}),
        (r"Occupying non-GIANT ally units have ([A-Z]+)",
         lambda m, b: {"abilities": [{"on": "aura", "who": "occupant", "if": "not_giant", "kw": _kw_phrase(m[1])}]}),
        (r"Non-FLIGHT ally units in this space have \+" + N + r" health",
         lambda m, b: {"abilities": [{"on": "aura", "who": "occupant", "hp": _n(m[1])}]}),
        (r"Ally non-GIANT units in this lane have ([A-Z]+)",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies_lane", "if": "not_giant", "kw": _kw_phrase(m[1])}]}),
        (r"While on this space, grant ally non-Giant units ([A-Z]+)",
         lambda m, b: {"abilities": [{"on": "aura", "who": "on_space", "if": "not_giant", "kw": _kw_phrase(m[1])}]}),
        (r"When a fort is destroyed, deal " + N + r" damage to the enemy Stronghold",
         lambda m, b: {"abilities": [ab("fort_destroyed", [{"op": "damage", "to": "enemy_sh", "n": _n(m[1])}])]}),
        (r"Deal " + N + r" damage to the occupying unit whenever the owner's Stronghold is damaged",
         lambda m, b: {"abilities": [ab("own_sh_damaged", [{"op": "damage", "to": "occupant", "n": _n(m[1])}])]}),
        (r"TRAP: Unit takes " + N + r" damage and is STUNNED\. Then, destroy this fort",
         lambda m, b: {"abilities": [ab("trap", [{"op": "damage", "to": "entrant", "n": _n(m[1])}, {"op": "stun", "to": "entrant"}, {"op": "destroy", "to": "self"}])]}),
        (r"TRAP: DRAIN " + N + r"\. Enemy units entering this space are STUNNED",
         lambda m, b: {"abilities": [ab("trap", [{"op": "drain", "n": _n(m[1])}, {"op": "stun", "to": "entrant"}])]}),
        (r"Enemy units (?:that are )?damaged by this unit have their Power changed to " + N,
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "set_power", "to": "damaged", "n": _n(m[1])}])]}),
        (r"HUSH enemies damaged by this unit in combat",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "hush", "to": "damaged"}])]}),
        (r"COMMAND: All ally units have ([+-]\d+)/([+-]\d+)",
         lambda m, b: {"abilities": [{"on": "command", "who": "allies", "pw": int(m[1]), "hp": int(m[2])}]}),
        (r"Enemy units damaged by this unit are STUNNED",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "stun", "to": "damaged"}])]}),
        (r"Units damaged by this unit are POISONED",
         lambda m, b: {"abilities": [ab("dealt_damage", [{"op": "poison", "to": "damaged"}])]}),
        (r"While this unit is hidden by STEALTH, gain \+" + N + r"/\+" + N + r" every time a unit is destroyed",
         lambda m, b: {"abilities": [ab("any_died", [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}], "stealthed")]}),
        (r"While in Enemy Territory, gain ([A-Z]+(?: \d+)?)",
         lambda m, b: {"abilities": [{"on": "static", "if": "in_enemy_territory", "kw": _kw_phrase(m[1])}]}),
        (r"Gain ([A-Z]+(?: \d+)?) while occupying a BLESSED tile",
         lambda m, b: {"abilities": [{"on": "static", "if": "on_blessed", "kw": _kw_phrase(m[1])}]}),
        (r"This unit gains \+" + N + r"/\+" + N + r" and ([A-Z]+) while on a BLESSED tile",
         lambda m, b: {"abilities": [{"on": "static", "if": "on_blessed", "pw": _n(m[1]), "hp": _n(m[2]), "kw": _kw_phrase(m[3])}]}),
        (r"This unit gains Power \+" + N + r" while in Enemy Territory",
         lambda m, b: {"abilities": [{"on": "static", "if": "in_enemy_territory", "pw": _n(m[1])}]}),
        (r"Randomly lose -" + N + r" to Health or Power each time an ally unit is destroyed",
         lambda m, b: {"abilities": [ab("ally_died", [{"op": "random", "of": [[{"op": "buff", "to": "self", "hp": -_n(m[1])}], [{"op": "buff", "to": "self", "pw": -_n(m[1])}]]}])]}),
        (r"When any enemy unit dies this unit gains \+" + N + r" Power",
         lambda m, b: {"abilities": [ab("enemy_died", [{"op": "buff", "to": "self", "pw": _n(m[1])}])]}),
        (r"Whenever an enemy unit enters Ally Territory this unit gains \+" + N + r"/\+" + N,
         lambda m, b: {"abilities": [ab("enemy_enters", [{"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}])]}),
        (r"Whenever this unit activates,? gain " + N + r" Mana",
         lambda m, b: {"abilities": [ab("action", [{"op": "mana", "n": _n(m[1])}])]}),
        (r"Whenever this unit moves, DRAW " + N,
         lambda m, b: {"abilities": [ab("moved", [{"op": "draw", "n": _n(m[1])}])]}),
        (r"Grant all ally units \+" + N + r" Power when this unit activates",
         lambda m, b: {"abilities": [ab("action", [{"op": "buff", "to": "allies", "pw": _n(m[1])}])]}),
        (r"(?:When|Whenever) this unit takes damage, gain " + N + r" Champion Tokens?",
         lambda m, b: {"abilities": [ab("damaged", [{"op": "tokens", "n": _n(m[1])}])]}),
        (r"Whenever your Stronghold takes damage, this unit takes it instead as long as it is in your spawn row",
         lambda m, b: {"kw": {"GUARD": 1}}),
        (r"Destroy this unit if it enters Enemy Territory",
         lambda m, b: {"abilities": [ab("moved", [{"op": "destroy", "to": "self"}], "in_enemy_territory")]}),
        (r"Ally units in this lane have \+" + N + r" Health if in Ally Territory or \+" + N + r" Power if in Enemy Territory",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies_lane", "if": "in_own_territory", "hp": _n(m[1])},
                                     {"on": "aura", "who": "allies_lane", "if": "in_enemy_territory", "pw": _n(m[2])}]}),
        (r"Ally units have ([A-Z]+) while this Champion is in play",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "kw": _kw_phrase(m[1])}]}),
        (r"Ally units in enemy territory gain \+" + N + r" Power while this champion is at full health",
         lambda m, b: {"abilities": [{"on": "aura", "who": "allies", "if": "in_enemy_territory", "src_if": "full_health", "pw": _n(m[1])}]}),
        (r"DRAW " + N + r" whenever the unit occupying this fort dies",
         lambda m, b: {"abilities": [ab("occupant_died", [{"op": "draw", "n": _n(m[1])}])]}),
        (r"Gain " + N + r" Mana when either Stronghold is damaged",
         lambda m, b: {"abilities": [ab("any_sh_damaged", [{"op": "mana", "n": _n(m[1])}])]}),
        (r"Anytime the opponent's stronghold is damaged, this unit is returned to its owner's hand",
         lambda m, b: {"abilities": [ab("enemy_sh_damaged", [{"op": "return_hand", "to": "self"}])]}),
        (r"For each point of damage this fort takes, gain 1 Mana",
         lambda m, b: {"abilities": [ab("damaged", [{"op": "mana", "n": "dealt"}])]}),
        (r"This unit has \+" + N + r" Power if in combat with an enemy unit at full Health",
         lambda m, b: {"kw": {"FRESHBANE": _n(m[1])}}),
        (r"Gain \+" + N + r" Power if the target unit is 2 spaces away",
         lambda m, b: {"kw": {"LONGSHOT": _n(m[1])}}),
        (r"Deal " + N + r" damage after combat if opposing enemy was pushed",
         lambda m, b: {"abilities": [ab("pushed", [{"op": "damage", "to": "damaged", "n": _n(m[1])}])]}),
        (r"START OF TURN: Destroy any Fort in front of this unit\. When it destroys a Fort, gain \+" + N + r" Power",
         lambda m, b: {"abilities": [ab("start", [{"op": "destroy", "to": "fort_ahead", "then": [{"op": "buff", "to": "self", "pw": _n(m[1])}]}])]}),
        (r"START OF TURN: Lose a Mana Fragment\. If this unit doesn't have one to lose, it is destroyed",
         lambda m, b: {"abilities": [ab("start", [{"op": "lose_fragment", "else": [{"op": "destroy", "to": "self"}]}])]}),
        (r"START OF TURN: If occupying a BLESSED tile, destroy BLESSED tile and gain \+" + N + r"/\+" + N + r"\. This destroys BLESSED FORTS",
         lambda m, b: {"abilities": [ab("start", [{"op": "unbless", "to": "self_space"}, {"op": "buff", "to": "self", "pw": _n(m[1]), "hp": _n(m[2])}], "on_blessed")]}),
        (r"START OF TURN: Gain " + N + r" Mana\. Destroy this fort if an enemy occupies it",
         lambda m, b: {"abilities": [ab("start", [{"op": "mana", "n": _n(m[1])}]), ab("trap", [{"op": "destroy", "to": "self"}])]}),
        (r"EVOLVE into ([\w' ()0-9-]+?) if on a BLESSED tile at the END OF TURN",
         lambda m, b: {"abilities": [ab("end", [{"op": "evolve", "card": _token(m[1], b)}], "on_blessed")]}),
        (r"SPAWN: Give an other random ally unit \+" + N + r" Power\. If the target is a Golem, also give it \+" + N + r" Health",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "pick", "to": "random_other_ally", "do": [
             {"op": "buff", "to": "picked", "pw": _n(m[1])},
             {"op": "if", "cond": {"race": "GOLEM", "of": "picked"}, "then": [{"op": "buff", "to": "picked", "hp": _n(m[2])}]}]}])]}),
        (r"SPAWN: DRAW " + N + r" for every other ally Golem unit in play",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "draw", "n": "other_golems"}])]}),
        (r"SPAWN: This unit.s owner discards all cards\. For each card discarded in this way, this unit gains " + N + r" Power and the owner gains " + N + r" Mana",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "discard_hand", "each": [{"op": "buff", "to": "self", "pw": _n(m[1])}, {"op": "mana", "n": _n(m[2])}]}])]}),
        (r"SPAWN: Enemy non-Champion units in this lane become POISONED",
         lambda m, b: {"abilities": [ab("spawn", [{"op": "poison", "to": "enemies_lane_nonchamp"}])]}),
        (r"EXECUTE: For each Mana Fragment on the defeated enemy unit, DRAW " + N,
         lambda m, b: {"abilities": [ab("execute", [{"op": "draw", "n": "victim_frags"}])]}),
        (r"EXECUTE: You earn the Mana Fragments from killed enemy units",
         lambda m, b: {"abilities": [ab("execute", [{"op": "steal_fragments"}])]}),
        (r"EXECUTE: BLESS the space under the destroyed unit if there isn't a fort present",
         lambda m, b: {"abilities": [ab("execute", [{"op": "bless", "to": "victim_space"}])]}),
        (r"EXECUTE: Heal this unit " + N + r" for every mana fragment of the defeated unit",
         lambda m, b: {"abilities": [ab("execute", [{"op": "heal", "to": "self", "n": "victim_frags"}])]}),
        (r"RESPAWN (?:a |an )?(\d+/\d+ [\w' ]+?)(?: in both spaces)?",
         lambda m, b: {"respawn": _token(m[1], b)}),
        (r"CHOOSE ONE: SPAWN: (.+?) -or- SPAWN: (.+)",
         lambda m, b: {"modes": [{"target": "none", "do": _mode_phrase(m[1], b)}, {"target": "none", "do": _mode_phrase(m[2], b)}]}),
        (r"SPAWN and DEATH: (.+?)(?:\.(?=\s+[A-Z])|\.?$)",
         lambda m, b: {"abilities": [_trigger_ability("spawn", m[1], b), _trigger_ability("death", m[1], b)]}),
        (r"TRAP: (.+?)(?:\.(?=\s+[A-Z])|\.?$)", lambda m, b: {"abilities": [_trigger_ability("trap", m[1], b, "entrant")]}),
        (r"(SPAWN|DEATH|SURVIVOR|EXECUTE|START OF TURN|END OF TURN): (.+?)(?:\.(?=\s+[A-Z])|\.?$)",
         lambda m, b: {"abilities": [_trigger_ability(_TRIGGERS[m[1]], m[2], b)]}),
    ]


def _mode_phrase(p: str, by_name: dict[str, str]) -> list[dict[str, Any]]:
    p = p.strip().rstrip(".")
    if re.fullmatch(r"[A-Z]+", p) and p in KEYWORDS:
        return [{"op": "grant", "to": "self", "kw": {p: 1}}]
    return _phrase(p, by_name, "self")


_TRIGGERS: dict[str, str] = {"SPAWN": "spawn", "DEATH": "death", "SURVIVOR": "survivor", "EXECUTE": "execute",
             "START OF TURN": "start", "END OF TURN": "end"}


def _split_sentences(text: str) -> list[str]:
    # Keep "TRAP: ... and destroy this fort. Units damaged ..." style follow-ups attached.
    return [s.strip() for s in re.split(r"(?<=\.)\s+(?=[A-Z])", text) if s.strip()]


def parse_card(raw: dict[str, Any], by_name: dict[str, str]) -> dict[str, Any]:
    """Parses one unit, fort or champion's text into keywords, abilities and modes."""
    text = raw["Text"].strip().replace("’", "'").replace("  ", " ")
    out: dict[str, Any] = {"kw": {}, "abilities": []}
    if text in ("N/A", ""):
        return out
    if text in encodings_more.CARDS:
        return json.loads(json.dumps(encodings_more.CARDS[text]))
    rules = _sentence_rules()
    rest = text
    while rest:
        rest = rest.strip()
        if not rest:
            break
        m = re.match(r"([A-Z]+)(?: (\d+))?\.(?:\s|$)", rest)
        if m and m[1] in KEYWORDS:
            out["kw"][m[1]] = int(m[2] or 1)
            rest = rest[m.end():]
            continue
        m = re.fullmatch(r"([A-Z]+)(?: (\d+))?", rest)
        if m and m[1] in KEYWORDS:
            out["kw"][m[1]] = int(m[2] or 1)
            break
        for rx, fn in rules:
            m = re.match(rx + r"\.?(?:\s+|$)", rest)
            if m:
                frag = fn(m, by_name)
                out["kw"].update(frag.get("kw", {}))
                out["abilities"] += frag.get("abilities", [])
                for k in ("respawn", "modes"):
                    if k in frag:
                        out[k] = frag[k]
                rest = rest[m.end():]
                break
        else:
            sentence = _split_sentences(rest)[0]
            raise Unsupported(sentence)
    return out


def _fix_units_damaged(raw: dict[str, Any]) -> str:
    """Folds a trap's follow-up sentence ("Units damaged have their Power changed") into its trap."""
    return raw["Text"]


def convert(raw_cards: list[dict[str, Any]]) -> dict[str, Any]:
    """Returns the project's card table (id -> card) built from the raw database."""
    by_name = {c["Name"].strip().lower(): c["ID"] for c in raw_cards}
    for c in raw_cards:
        short = re.sub(r"\s*\(\w+\)$", "", c["Name"].strip()).lower()
        by_name.setdefault(short, c["ID"])
    _NAMES.clear()
    _NAMES.update({c["ID"]: c["Name"].strip() for c in raw_cards})
    cards: dict[str, Any] = {}
    for raw in raw_cards:
        kind = raw["Type"].lower()
        card: dict[str, Any] = {
            "id": raw["ID"], "name": raw["Name"].strip(), "type": kind, "faction": raw["Faction"],
            "cost": raw["Cost"] or 0, "rarity": raw["Rarity"], "collectible": bool(raw["Collectible"]),
            "power": raw["Power"] or 0, "health": raw["Health"] or 0,
            "fragments": raw["ManaFragments"] or 0, "giant": bool(raw["IsGiant"]),
            "race": (raw.get("Race") or "").upper() or None,
            "valid_factions": raw.get("ValidFactions") or [],
            "kw": {}, "abilities": [],
        }
        if card["id"] == STIPEND:
            card["cost"] = 0
        text = raw["Text"].strip().replace("’", "'")
        try:
            if kind == "spell":
                sp = _spell(card, text, by_name)
                if "modes" in sp:
                    card["modes"] = sp["modes"]
                else:
                    card["target"] = sp["target"]
                    card["do"] = sp["do"]
                    if "cost_is" in sp:
                        card["cost_is"] = sp["cost_is"]
                if "discount" in sp:
                    card["discount"] = sp["discount"]
                card["abilities"] = sp.get("abilities", [])
            else:
                text = text.replace(" and then destroy this fort. Units damaged have their Power changed to 1.",
                                    ", set its Power to 1 and destroy this fort.")
                parsed = parse_card({**raw, "Text": text}, by_name)
                card.update(parsed)
                if card["kw"].pop("GIANT", None):
                    card["giant"] = True  # Divine Reactor says GIANT though the database does not
        except Unsupported as exc:
            card["unsupported"] = str(exc)[:120]
        _resolve_refs(card)
        _resolve_self(card, card["id"])
        cards[card["id"]] = card
    _ae_de_ec.finish(cards)
    for card in cards.values():
        card["text"] = describe(card)
    return cards


def _resolve_self(node: Any, cid: str) -> None:
    if isinstance(node, dict):
        for k, v in list(node.items()):
            if v == "$self":
                node[k] = cid
            else:
                _resolve_self(v, cid)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            if v == "$self":
                node[i] = cid
            else:
                _resolve_self(v, cid)


def _resolve_refs(node: Any) -> None:
    if isinstance(node, dict):
        for k, v in list(node.items()):
            if v == "$chaos":
                node[k] = json.loads(json.dumps(_CHAOS))
            else:
                _resolve_refs(v)
    elif isinstance(node, list):
        for v in node:
            _resolve_refs(v)


# -- descriptions in the project's own words --------------------------------------------------

_NAMES: dict[str, str] = {}
_ae_de_ec.NAMES = _NAMES


def describe(card: dict[str, Any]) -> str:
    """Returns a short rules text for a card, generated from its encoding (in English; the
    phrases and their translations live in `games.dragonfront.card_text`)."""
    return str(card_text.describe(card, names=lambda cid: _NAMES.get(cid, cid)))


def base_decks(cards: dict[str, Any]) -> dict[str, Any]:
    """Returns the eight faction base decks of the rulings."""
    decks: dict[str, Any] = {}
    for faction, prefix in PREFIXES.items():
        basics = sorted(c["id"] for c in cards.values()
                        if c["rarity"] == "Basic" and c["id"].startswith(prefix))
        if len(basics) < 15:
            commons = sorted((c for c in cards.values() if c["faction"] == faction
                              and c["rarity"] == "Common" and c["type"] == "unit"),
                             key=lambda c: (c["cost"], c["id"]))
            basics.append(commons[0]["id"])
        decks[faction.lower()] = {"faction": faction, "champion": CHAMPIONS[faction],
                                  "cards": [cid for cid in basics for _ in range(2)]}
    return decks


def main(argv: list[str]) -> None:
    """Converts the database and writes the card and deck files."""
    source = Path(argv[1]) if len(argv) > 1 else SOURCE
    cards = convert(_load(source))
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / "cards.json").write_text(json.dumps(cards, indent=1, sort_keys=True) + "\n")
    (OUT_DIR / "decks.json").write_text(json.dumps(base_decks(cards), indent=1, sort_keys=True) + "\n")
    supported = sum(1 for c in cards.values() if not c.get("unsupported"))
    sys.stdout.write(f"{len(cards)} cards, {supported} parsed into effects\n")


if __name__ == "__main__":
    main(sys.argv)
