"""The words of Dragon Front's generated card texts: keywords, targets, triggers, places and
amounts, each a message id of the catalog (marked with `N_` for `pybabel extract`).

`card_text` builds a card's rules text from its encoding with these words; the converter
(`tools.dragonfront.convert`) writes the English of the same text into the card file.
Words the generator derives from the encoding's names (conditions such as "entrant has flight",
counts such as "all forts") are listed in `DERIVED`, so that the catalog holds them too.
"""

from __future__ import annotations

from games.text import term

CONTEXT = "dragonfront"
"""The pgettext context of Dragon Front's names: keywords, races, factions and card types."""


def N_(message: str) -> str:  # noqa: N802 - gettext's name for a marked, untranslated text
    """Marks a message id for extraction and returns it unchanged (translated where it is shown)."""
    return message


KEYWORD_TEXTS: dict[str, str] = {
    'GUARD': N_("Takes your Stronghold's damage while in your Spawn Row"),
    'FRESHBANE': N_('+{n} power against a foe at full health'),
    'LONGSHOT': N_('+{n} power at range 2'),
    'FORTPROOF': N_('Forts cannot hurt it'),
    'SIEGE': N_('+{n} power against the Stronghold'),
    'GIANTBANE': N_('+{n} power against giants'),
    'ROOTED': N_('Never moves'),
    'CHARGE': N_('+{n} power when it attacks after moving'),
    'RECOIL': N_('Takes {n} after a ranged attack'),
    'BULWARK': N_('Combat hits on it deal at most {n}'),
    'STUNPROOF': N_('Fires even when stunned, and firing does not stun it'),
    'NEST': N_('Held by an ally: enemies moving into this row cannot attack after'),
    'VENOM': N_('Poison deals 1 more to enemy units'),
    'INFERNO': N_('Spell and fort damage heals allies on it'),
    'NIGHTFALL': N_('RANGE and CATAPULT do nothing'),
    'CAMP': N_('Its space is your territory'),
    'MANALOCK': N_('Enemy units and forts in its lane make no mana'),
    'BLESSBREACH': N_('May be deployed on any blessed tile (not the enemy Spawn Row)'),
    'BLESSONLY': N_('Built only on a blessed tile'),
    'BLESSED': N_('BLESSED FORT'),
    'FORTCHAMP': N_('A champion played as a fort'),
    'RAKER': N_('While in play, other allies that die go back into your deck with +1/+1'),
    'TRAMPLE': N_('Excess combat damage runs on down the lane to the enemy Stronghold'),
}
"""Keywords shown as a sentence (`{n}` is the keyword's number)."""

KINDS: dict[str, str] = {
    'unit': N_('a unit'),
    'enemy_unit': N_('an enemy unit'),
    'ally_unit': N_('an ally unit'),
    'ally_nonchamp': N_('an ally non-champion'),
    'nonchamp': N_('a non-champion unit'),
    'frontline_unit': N_('a Frontline unit'),
    'fort': N_('a fort'),
    'poisoned_unit': N_('a poisoned unit'),
    'enemy_territory_fort': N_('a fort in enemy land'),
    'stunned_nonchamp': N_('a stunned unit'),
    'ally_nongiant': N_('an ally non-giant'),
    'enemy_nonchamp': N_('an enemy non-champion'),
    'enemy_nonchamp_home': N_('an enemy in your half'),
    'enemy_nongiant': N_('an enemy non-giant'),
    'enemy_fort_free': N_('an enemy fort with no enemy on it'),
    'lane': N_('a lane'),
    'row': N_('a row'),
    'front_row': N_('a Frontline row'),
    'race:TEMPEST': N_('a Tempest unit'),
    'fort_unoccupied': N_('a fort with no unit'),
    'open_front_space': N_('an empty Frontline space'),
    'ally_nongiant_spawn': N_('an ally non-giant in your Spawn Row'),
    'enemy_pw2': N_('an enemy of power 2 or less'),
    'nonchamp_ground_pw5': N_('a grounded non-champion of power 5+'),
    'ally_pair_nongiant': N_('two ally non-giants'),
}
"""What a spell or a CHOOSE ONE option targets, as its text names it."""

SELECTORS: dict[str, str] = {
    'self': N_('this'),
    'victim_nonchamp': N_('the unit it killed (not a champion)'),
    'enemy_sh': N_('enemy Stronghold'),
    'own_sh': N_('your Stronghold'),
    'both_sh': N_('both Strongholds'),
    'allies': N_('all allies'),
    'enemies': N_('all enemies'),
    'all_units': N_('all units'),
    'others': N_('all other units'),
    'allies_row': N_('allies in this row'),
    'enemies_row': N_('enemies in this row'),
    'allies_lane': N_('allies in this lane'),
    'enemies_lane': N_('enemies in this lane'),
    'units_lane': N_('units in this lane'),
    'enemies_lane_nonchamp': N_('enemy non-champions in this lane'),
    'lane_units': N_('every unit in that lane'),
    'row_allies': N_('allies in that row'),
    'row_enemies': N_('enemies in that row'),
    'entrant': N_('the intruder'),
    'damaged': N_('the unit hit'),
    'ahead': N_('the unit ahead'),
    'random_enemy': N_('a random enemy'),
    'random_ally': N_('a random ally'),
    'random_other_ally': N_('another random ally'),
    'occupant': N_('the unit on it'),
    'enemy_forts_lane': N_('enemy forts in this lane'),
    'fort_ahead': N_('the fort ahead'),
    'adjacent': N_('adjacent units'),
    'enemy_all': N_('enemy units, walls and Stronghold'),
    'other_allies': N_('other allies'),
    'units_lane_others': N_('all other units in its lanes'),
    'units_lane_nonchamp': N_('non-champions in its lanes'),
    'picked': N_('it'),
    'damaged_nonchamp': N_('the surviving foe (non-champion)'),
    'fort_under': N_('the fort beneath it'),
    'allies_on_blessed': N_('allies on blessed tiles'),
    'omega_units': N_('all OMEGA units'),
    'victim_space': N_('its space'),
    'non_golems': N_('all non-Golem units'),
    'row_forts': N_('forts in that row'),
    'enemy_ahead': N_('the enemy ahead'),
    'stunned_enemies': N_('stunned enemies'),
    'enemies_on_fort_or_blessed': N_('enemies on forts or blessed tiles'),
    'forts_named:ToF004': N_('all Loom forts'),
    'row_units': N_('units in that row'),
    'hidden_enemies': N_('hidden enemies'),
    'hidden_allies': N_('hidden allies'),
    'ally_wardens': N_('ally Wardens'),
    'ally_hollows': N_('ally Hollows'),
    'earning_foes_lane': N_('enemies earning in this lane'),
    'killer': N_('its killer'),
    'killer_nonchamp': N_('its killer (not a champion)'),
    'random_enemy_fort': N_('a random enemy fort'),
    'picked_row': N_('its row'),
    'enemies_in_enemy_territory': N_('enemies in their territory'),
}
"""Who an effect reaches."""

TRIGGERS: dict[str, str] = {
    'spawn': N_('On arrival'),
    'death': N_('When it dies'),
    'survivor': N_('When it survives damage'),
    'execute': N_('When it kills an enemy'),
    'start': N_("At your turn's start"),
    'end': N_("At your turn's end"),
    'action': N_('When activated'),
    'moved': N_('After moving'),
    'damaged': N_('When damaged'),
    'dealt_damage': N_('When it damages a unit'),
    'enemy_died': N_('When an enemy unit dies'),
    'ally_died': N_('When another ally dies'),
    'any_died': N_('When any unit dies'),
    'enemy_enters': N_('When an enemy enters your half'),
    'trap': N_('When an enemy steps here'),
    'occupant_died': N_('When its occupant dies'),
    'any_sh_damaged': N_('When a Stronghold is hit'),
    'enemy_sh_damaged': N_('When the enemy Stronghold is hit'),
    'pushed': N_('After pushing a foe'),
    'fought': N_('After fighting a unit'),
    'attacked': N_('After it attacks'),
    'own_discard': N_('When you discard'),
    'any_discard': N_('When anyone discards'),
    'fort_destroyed': N_('When a fort falls'),
    'fort_spawned': N_('When a fort is built'),
    'own_sh_damaged': N_('When your Stronghold is hit'),
    'enemy_spawn_lane': N_('When an enemy arrives in this lane'),
    'own_spawn': N_('When you deploy a unit'),
    'nudged': N_('When a unit is pushed or pulled'),
    'fort_built_row': N_('When a fort is built in this row'),
    'command_fort_played': N_('While waiting, when you play a fort'),
    'ally_evolved': N_('When an ally evolves'),
    'any_transformed': N_('When a unit evolves or respawns'),
    'occupant_damaged': N_('When the ally on it is damaged'),
    'hit_sh': N_('After it hits the enemy Stronghold'),
    'buffed': N_('When it gains power'),
    'enemy_champion_spawn': N_('When the enemy champion arrives'),
    'enemy_activates_adjacent': N_('When an enemy next to it activates'),
    'command_execute': N_('While waiting, when an ally kills an enemy'),
    'revealed': N_('When revealed'),
    'foe_income': N_('When the enemy earns mana'),
    'foe_action': N_('When an enemy acts'),
    'lane_damage': N_('When a unit in this lane is hurt'),
    'ally_execute': N_('When an ally kills an enemy'),
    'struck_adjacent': N_('When hit from next to it'),
    'own_spell': N_('When you cast a spell'),
    'command_foe_spell': N_('While waiting on the Stronghold, when the foe casts a spell'),
    'command_ally_enters': N_('While waiting on the Stronghold, when an ally enters enemy land'),
}
"""When an ability fires, as the head of its sentence."""

TAXES: dict[str, str] = {
    'unaligned_tax': N_('Unaligned cards cost 1 more'),
    'command_survivor_on_death': N_("While waiting, allies' SURVIVOR effects fire on death too"),
    'first_unit_tax': N_("The enemy's first unit each turn costs 1 more"),
}
"""Abilities that are one fixed sentence."""

SUMMON_WHERE: dict[str, str] = {
    'open_own_territory': N_('every open space of your half'),
    'self_space': N_('this space if free'),
    'victim_space': N_('its space if free'),
    'open_spawn_row': N_('every open space of your Spawn Row'),
    'open_frontline_lane': N_('every open Frontline space of this lane'),
}
"""Where a summoned unit appears."""

TELEPORT_PLACE: dict[str, str] = {
    'owner_spawn_row': N_("its owner's Spawn Row"),
    'open_enemy_frontline': N_('the enemy Frontline'),
}
"""Where a teleported unit goes."""

BUILD_WHERE: dict[str, str] = {
    'random_frontline': N_('a random open Frontline space'),
    'random_blessed_empty_frontline': N_('a random empty blessed Frontline tile'),
    'victim_frontline': N_('its space, if a Frontline space without a fort'),
    'self_space_unforted': N_('its space, if it has no fort'),
    'target_space': N_('that space'),
    'row_unoccupied': N_('each empty space of that row'),
}
"""Where a built fort goes."""

RELOCATE_WHERE: dict[str, str] = {
    'other_lane': N_('a random open space in another lane'),
    'enemy_territory': N_('a random open space in enemy territory'),
    'owner_spawn_row': N_("a random open space of its owner's Spawn Row"),
}
"""Where a relocated unit goes."""

UNTIL: dict[str, str] = {
    'end': N_('this turn'),
    'start': N_('until your next turn'),
    'action': N_('for its next action'),
}
"""When a timed bonus ends."""

AMOUNT_WORDS: dict[str, str] = {
    'target_health': N_('its health'),
    'deaths_this_turn': N_('1 per unit fallen this turn'),
    'last_ally_frags': N_("your last fallen unit's fragments"),
    'dealt': N_('that much'),
    'victim_frags': N_('its fragments'),
    'fort_cost': N_('its cost'),
    'enemy_hand': N_("foe's hand size"),
    'other_golems': N_('1 per other Golem'),
    'picked_power': N_('its power'),
    'target_cost': N_('its cost'),
    'victim_cost': N_('its cost'),
    'target_power': N_('its power'),
    'picked_frags': N_('its fragments'),
}
"""Amounts named by a word."""

NAMES: dict[str, str] = {
    'StF003': N_('Scorched Land'),
    'ToF001': N_('0/2 wall'),
    'ToU010': N_('2/2 Slag'),
    'ScU001': N_('1/1 Mercenary'),
}
"""How a few summoned or built cards are named in texts (instead of the card's name)."""

DERIVED = (
    N_('all forts'), N_('all unforted'), N_('allies'), N_('allies in enemy territory'),
    N_('allies lane'), N_('allies row'), N_('allies spawn row'), N_('ally champion'),
    N_('any champion in play'), N_('bless'), N_('blessed frontline'), N_('blight'),
    N_('discarded'), N_('druid'), N_('earning foes lane'), N_('enemies in own territory'),
    N_('enemies on blessed'), N_('enemy champion in play'), N_('enemy fort ahead'),
    N_('enemy in lane'), N_('enemy in own territory'), N_('enemy spawn lane'),
    N_('enemy spawn row units'), N_('enemy turn'), N_('entrant dead'), N_('entrant has flight'),
    N_('entrant in lane'), N_('entrant is full health'), N_('entrant is no fragments'),
    N_('entrant is not champion'), N_('fort'), N_('forts lane'), N_('forts named:StF003'),
    N_('frags'), N_('has flight'), N_('has stealth'), N_('hidden allies'), N_('hide'), N_('hush'),
    N_('in enemy territory'), N_('in frontline'), N_('in own territory'), N_('in spawn row'),
    N_('it dead'), N_('it is damaged'), N_('killed by unit'), N_('lane unforted'),
    N_('lane units nonchamp'), N_('not acted'), N_('not giant'), N_('occupant'),
    N_('occupant is cost 1'), N_('occupant is non giant'), N_('occupant nonchamp'), N_('occupied'),
    N_('occupied ally'), N_('occupied enemy'), N_('occupied enemy or starling'), N_('on blessed'),
    N_('on blessed or fort'), N_('on fort'), N_('on space'), N_('open frontline lane'),
    N_('open own territory'), N_('open spawn row'), N_('origin'), N_('other allies'),
    N_('other allies lane'), N_('other ally golems'), N_('picked is in frontline'),
    N_('picked is in spawn row'), N_('picked is non giant'), N_('picked is not champion'),
    N_('picked is power 1'), N_('poison'), N_('poisoned enemies'), N_('power'), N_('pull'),
    N_('push'), N_('random any'), N_('random enemy lane'), N_('random frontline'),
    N_('random other ally nongiant'), N_('row forts'), N_('self space'), N_('shift'), N_('spell'),
    N_('spells'), N_('stealthed'), N_('stun'), N_('target'), N_('target adjacent'),
    N_('target around'), N_('target dead'), N_('target in spawn row'), N_('target is ally'),
    N_('target occupant'), N_('target row allies'), N_('target space'), N_('trap'), N_('unbless'),
    N_('unit'), N_('units'), N_('victim by combat'), N_('wall'),
)
"""Words made from the encoding's names (conditions, counts, operations without a text of their own)."""


NAMED = (  # the context is spelled out: pybabel reads only literal arguments
    term("dragonfront", 'ARMOR'), term("dragonfront", 'BERSERK'), term("dragonfront", 'BLESS'),
    term("dragonfront", 'BLIGHT'), term("dragonfront", 'BREACH'), term("dragonfront", 'CATAPULT'),
    term("dragonfront", 'DEATHBLOW'), term("dragonfront", 'FLIGHT'), term("dragonfront", 'GIANT'),
    term("dragonfront", 'GUARD'), term("dragonfront", 'POISON'), term("dragonfront", 'PUSH'), term("dragonfront", 'RANGE'),
    term("dragonfront", 'REGEN'), term("dragonfront", 'RESPAWN'), term("dragonfront", 'RUSH'),
    term("dragonfront", 'SHIFT'), term("dragonfront", 'SIPHON'), term("dragonfront", 'SPRINT'),
    term("dragonfront", 'STEALTH'), term("dragonfront", 'STEELWARD'), term("dragonfront", 'STUN'),
    term("dragonfront", 'SWIFT'), term("dragonfront", 'TRAP'), term("dragonfront", 'UNION'), term("dragonfront", 'WALL'),
    term("dragonfront", 'Dragon'), term("dragonfront", 'Druid'), term("dragonfront", 'Golem'),
    term("dragonfront", 'Hollow'), term("dragonfront", 'Omega'), term("dragonfront", 'Shadow'),
    term("dragonfront", 'Slag'), term("dragonfront", 'Starling'), term("dragonfront", 'Stygian'),
    term("dragonfront", 'Tempest'), term("dragonfront", 'Warden'),
    term("dragonfront", 'Eclipse'), term("dragonfront", 'Scales'), term("dragonfront", 'Strife'),
    term("dragonfront", 'Thorns'), term("dragonfront", 'Silence'), term("dragonfront", 'Essence'),
    term("dragonfront", 'Delirium'), term("dragonfront", 'Aegis'), term("dragonfront", 'Unaligned'),
    term("dragonfront", "eclipse"), term("dragonfront", "scales"), term("dragonfront", "strife"),
    term("dragonfront", "thorns"), term("dragonfront", "silence"), term("dragonfront", "essence"),
    term("dragonfront", "delirium"), term("dragonfront", "aegis"),
    term("dragonfront", "unit"), term("dragonfront", "units"), term("dragonfront", "spell"),
    term("dragonfront", "spells"), term("dragonfront", "fort"), term("dragonfront", "forts"),
    term("dragonfront", "champion"),
    term("dragonfront", 'Unit'), term("dragonfront", 'Spell'), term("dragonfront", 'Fort'),
    term("dragonfront", 'Champion'), term("dragonfront", 'Fortification'),
    term("dragonfront", 'Basic'), term("dragonfront", 'Common'), term("dragonfront", 'Rare'), term("dragonfront", 'Epic'),
    term("dragonfront", 'Legendary'), term("dragonfront", 'Champion'), term("dragonfront", 'Token'),
)
"""Names in the "dragonfront" context: keywords, races, factions, card types and rarities (Dragon
Front keeps its card names, so those are not here)."""
