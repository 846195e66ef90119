"""Dragon Front for two players on a 4x4 grid: eight factions, units, forts, spells and champions.

The package: `state` (the data and its JSON), `actions` (codes), `rules` (setup, the turn, legal
actions, the end), `combat` (activation and attacks), `play` (costs, placement, playing a card),
`effects` (the effect interpreter, with `targets`, `amounts` and `conditions`), `triggers`,
`damage`, `movement`, `resources`, `stats` (auras and keywords), `board` (geometry), `view`,
`labels`, `ai` and `cards` (the card data). The card file is written offline by
`tools.dragonfront.convert`.

Choices where the seed and the rulings are silent (each has a test):
- A unit that moves is not shown the Stronghold: it attacks after a move only a unit or wall now in
  reach; a unit standing in the enemy Spawn Row attacks the Stronghold when activated. A RANGE unit
  in the enemy Frontline row attacks the Stronghold two spaces away when the space between is empty.
- A FLIGHT unit in the enemy Frontline row attacks the Stronghold over a non-flying unit in front.
- A unit granted RUSH (Ancient Knowledge) may act at once, even on the turn it was played.
- A spell whose effects never use the unit its text mentions (Counterattack, "if an enemy unit is
  in Ally Territory") is cast without choosing a target.
- A GIANT attacks both lanes ahead; against the Stronghold it strikes once per lane (double damage).
- BERSERK hits units and enemy walls on the four spaces sharing an edge with the new spaces (and the
  enemy Stronghold when it stands in the enemy Spawn Row).
- STUN lasts through the stunned unit's next own turn; CATAPULT stuns itself after firing.
- Activation follows what the unit's owner can see: a hidden (STEALTH) enemy looks empty, RANGE and
  CATAPULT never target it, and a unit stepping into it reveals it and attacks it. A card played onto
  a space a hidden enemy holds reveals that unit and stays in hand, no mana spent.
- A unit (or wall) whose health reached 0 is destroyed at once, though it leaves the board when
  the effect that hit it is over: it takes no more damage and sets nothing off, so damage that
  comes back round (a Bastion under a GIANT that also stands beside it, two Bastions side by
  side) ends.
- Trap forts do not trigger for flying units; traps trigger on moves, PUSH, PULL and SHIFT, not
  on deployment. A giant fort covers two adjacent Frontline spaces and is destroyed as one.
- EVOLVE gives the new card's fresh stats in place; SIPHON heals on any damage the unit deals;
  a respawned unit fires its SPAWN effects; banked Champion Tokens are spent when the champion comes.
- Stipend Accord, the second player's gift, costs 0 as the rulings say (1 in the database), and is
  not part of the mulligan.
- Mana income is 1 plus the spaces the seat's visible units hold in its own Spawn Row (a hidden
  unit earns nothing, so its place is not given away).
- Light Chaos Magic on a Golem rolls twice; a keyword rolled twice is granted once (no stacking).
- Terraform Machine entering a fort's tile destroys the fort but does not bless the tile (it had a
  fort when the unit entered); it blesses fort-free tiles it moves onto later.
- A timed bonus ("until the end of the turn", "until your next turn", "for its next action")
  is taken back at that moment; health taken back forgives the damage it soaked, so losing it
  never kills (Holding the Line, Fury). Blaze of Glory's unit dies at that turn's end.
- A unit that arrived this turn may act whenever it has RUSH, printed or granted (Hollow
  Pathfinders' aura), however it arrived (deployed, summoned, respawned).
- "Random" spaces, cards and gifts come from the game's seeded RNG; a spell's "ally units" in a
  granted ability are the granted unit's own side (Binding); "their spawn row" is the pushed
  unit's owner's (New Path); Netherworld Traversal jumps two rows over anything in front when
  the landing space is free; Big Bertha is never stunned by firing and fires while STUNNED; the
  "1/1 Mercenary" of Merc Platoon is Merc Opportunists.
- Watching pieces: "spell damage" is damage with no unit or fort behind it, poison excepted
  (Inferno Totem); an enemy "generates mana in this lane" by standing, seen, in its Spawn Row at
  its turn's start (Ether Stream Tap); Wall of Fire burns an adjacent attacker even when the hit
  breaks it; Machine Gun Nest stops the attack a unit would make after moving into its row;
  Rainbow Mists sets the power of an enemy unit standing on it to 1; Tor the Relentless and
  Primordial Force count the other Slags / Golems; an aura or static BREACH (Tor, Fire Heralds)
  also lets the card be deployed from hand with BREACH; Amon Dusk's killers hide again.
- Cards in hand: a change to one copy (cheaper, stronger, free) stays with a copy of that card;
  a card costs its best copy's price and playing it uses that copy; a discard drops the worst
  copy's change. "Random" cards (a unit, a fort, a spell, a WALL, a TRAP, a Druid, of a printed
  cost when named) come from the collectible, playable, non-token cards the owner could put in a
  deck (its faction's and Unaligned). A cost "reduced to 0"
  stays 0. Esoteric Rebuttal costs and deals the fragments of the caster's last unit to die this
  turn (0 when none did).
- Deploying elsewhere: a fort that lets a kind of unit spawn on it (Arcane Circle, Infiltration
  Tower, War Drums, Divine Mirage FORT: its owner's non-GIANT units) takes it when free; War
  Drums' +1 Power goes to any unit played onto it; Terra Whale may land on any fort that is not a
  WALL and holds no unit, either side's; a unit played onto Warden X-31 Transport's space sends
  the Transport back to the hand.
- Hollow Camp's space counts as its owner's territory wherever it stands (so as the
  opponent's Enemy Territory) for conditions, selectors, spell targets and entering territory.
- Pain Frenzy moves its unit only after a kill in combat (RANGE and CATAPULT hits included).
- A fort an effect builds fires no SPAWN effects of its own (Aurora Bank builds one copy, not a
  chain); units' "a fort is spawned" abilities hear it. Forts hear unit deaths (Graveyard, Fields
  of Burden).
- Taking control: for good (Obey the Whispers) the unit joins the caster's side and is stunned as
  STUN says; "for this turn" (Muttering Assailant) it may act at once and goes back at the end of
  the turn. SHIFT on a fort slides it one lane at random onto a space without fort or unit.
- Stygian Lord: enemy units and forts in its lane earn no Spawn Row income, no fragment refund,
  and their own "gain mana" abilities give nothing. Roadside Chapel taxes both seats' Unaligned
  cards; Feedback Murmur taxes the first unit card (not the champion) the enemy plays each turn.
- "Killed by combat" means killed by an enemy unit's damage; a killer that fell in the same fight
  is still copied (Hysterical Infectant). Eastern Strider checks "Power 5" whenever an effect
  raises its power (its START OF TURN gain included), not when an aura changes.
- Divine Prismorphix respawns as a random non-GIANT playable champion of any faction. Host
  Immaculate performs one of the thirteen untargeted Benedictions; their "your champion" and
  "this unit" are the ally champion in play (a Benediction cast from hand without one does
  nothing). Apocalypse Cleric may arrive on any blessed tile but the enemy Spawn Row. Mount
  Pillar lifts ally occupants only; Bastion hits the units on the four spaces around it, both
  sides'. Splitting Chamber copies the unit as it is (damage, keywords) before destroying it.
  Divine Reliquary's "SIPHON 1" as an effect heals its Stronghold by 1. Fires of the Earth's
  COMMAND counts the forts its owner plays from hand.
- A champion card in a hand (Infinite Recursion's copies) costs 15 less its seat's Stronghold
  damage (banked tokens stay with the podium champion) and is played like a unit. Malice's
  excess damage runs on only when it attacks. Etwas's power and health each become 1-9 (damage
  healed). Eternal Warden returns at -1/-1 of its own base stats until that would leave it no
  health; its COMMAND fires the SURVIVOR effects of dying allies. A unit Henge Nexus pulls in
  loses the rest of its activation. Ordination's OMEGA is a race the unit keeps until it evolves.
- Coal Raker: an ally that dies while it is on the board dies as usual (DEATH, RESPAWN,
  fragments) and its card is also shuffled into the deck; the next copy of that card its owner
  plays from hand comes with +1/+1 per return (kept with the card's changes in hand). Divine
  Mirage FORT is a champion played as a fort (on an open Frontline space); its owner's units
  (not GIANTs) may be deployed onto it, spells cannot target it (STEELWARD), and the unit it adds
  each turn costs 0 once.
- Score: the winner scores 15; otherwise 15 minus the enemy Stronghold's health (0-15).
- Both Strongholds at 0 at once is a draw: the end waits until the outermost resolution is done
  (an ability's effect list with what it sets off, one attack, a batch of deaths, BERSERK's hits);
  a Stronghold that reached 0 in it stays fallen even if healed later in it. Separate resolutions
  (two end-of-turn abilities, two attacks) are not at once: the first fall ends the game.
- Option `deck` (not offered as a choice; the host fills it from saved decks): None or one entry
  per seat, None (the `faction` base deck) or {"faction", "champion", "cards": 30 ids}, checked by
  `cards.validate_deck`; a built deck is shuffled where the base deck would be.
- Hard cap: after 80 turns the game ends (higher Stronghold wins, equal is a draw); after 60 actions
  in one turn only "End turn" is offered. Random games end long before (fatigue grows each draw).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event, Game, GameInfo, OptionSpec, Outcome, View
from games.dragonfront import cards as C
from games.dragonfront import rules
from games.dragonfront.actions import Action, decode
from games.dragonfront.ai import SEARCH, choose, easy
from games.dragonfront.card_words import CONTEXT
from games.dragonfront.context import Ctx
from games.dragonfront.labels import label
from games.dragonfront.state import MAX_TURNS, TURN_ACTION_CAP, DFState, DFTermination
from games.dragonfront.state import copy as copy_state
from games.dragonfront.state import from_json as state_from_json
from games.dragonfront.state import to_json as state_to_json
from games.dragonfront.view import sample_hidden, shuffle_hidden
from games.dragonfront.view import text as board_text
from games.dragonfront.view import view as seat_view
from games.registry import GameEntry
from games.text import Text, Translate, english, term


class DragonFront(Game[DFState, Action]):
    """Dragon Front: two factions, a 4x4 grid, Strongholds at 15."""

    info = GameInfo(
        name="dragonfront",
        title="Dragon Front",
        min_players=2,
        max_players=2,
        max_actions=TURN_ACTION_CAP * MAX_TURNS + 200,
        score_min=0,
        score_max=rules.WIN_SCORE,
        summary=Text("Two armies clash on a 4x4 grid. Earn mana each turn (1 plus your units in your "
                 "Spawn Row), deploy units, forts and spells, and activate units to march down their "
                 "lane and fight. Bank mana to call your champion early. Bring the enemy Stronghold "
                 "from 15 to 0 to win."),
        options=(OptionSpec("faction", ("random", *[f.lower() for f in C.FACTIONS]), "random",
                            Text("Your faction's base deck."), per_seat=True,
                            labels=tuple((f.lower(), term(CONTEXT, f)) for f in C.FACTIONS)),),
        aliases=("df", "dragon front"),
        turn_seconds=180,
    )

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> DFState:
        self.check_players(players)
        raw = (options or {}).get("faction")
        if raw is None or isinstance(raw, str):
            raw = [raw, raw]
        if len(raw) != 2:
            raise ValueError("faction needs one value per seat.")
        factions = [self.resolve_option("faction", v) for v in raw]
        decks = rules.check_decks((options or {}).get("deck"))
        return rules.new_state(seed, [None if f == "random" else f for f in factions], decks)

    def to_play(self, state: DFState) -> tuple[int, ...]:
        return rules.to_play(state)

    def active(self, state: DFState) -> int | None:
        return rules.active(state)

    def players(self, state: DFState) -> int:
        return 2

    def legal_actions(self, state: DFState, seat: int) -> list[Action]:
        listed = rules.legal(state, seat)
        state.cache.listed = (seat, _stamp(state), listed)
        return listed

    def _may_act(self, state: DFState, seat: int) -> bool:
        return rules.has_turn(state, seat)

    def _find_legal(self, state: DFState, seat: int, action: Action) -> Action | None:
        """Finds the very action object just listed for this seat and position (the memo
        `legal_actions` leaves, dropped by every `_apply`), else looks only among the legal
        actions of the action's kind (same card, same unit)."""
        memo = state.cache.listed
        if memo is not None and memo[0] == seat and memo[1] == _stamp(state):
            for candidate in memo[2]:
                if candidate is action:
                    return candidate
        code = action.encode()
        for candidate in rules.legal(state, seat, like=action):
            if candidate.encode() == code:
                return candidate
        return None

    def _apply(self, state: DFState, seat: int, action: Action) -> list[Event]:
        state.cache.listed = None
        ctx = Ctx(owner=seat)
        rules.apply_action(state, seat, action, ctx)
        return ctx.events

    def outcome(self, state: DFState) -> Outcome | None:
        return rules.outcome(state)

    def score(self, state: DFState, seat: int) -> int:
        return rules.score(state, seat)

    def decode(self, code: str) -> Action:
        return decode(code)

    def label(self, state: DFState, action: Action) -> tuple[str, ...]:
        return label(state, action)

    def _view(self, state: DFState, seat: int | None) -> View:
        return seat_view(state, seat)

    def text(self, view: View, names: Sequence[str], tr: Translate = english) -> str:
        return board_text(view, names, tr)

    def to_json(self, state: DFState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> DFState:
        return state_from_json(data)

    def copy(self, state: DFState) -> DFState:
        return copy_state(state)

    def shuffle_hidden(self, state: DFState, observer: int | None, seed: int) -> DFState:
        return shuffle_hidden(state, observer, seed)

    def sample_hidden(self, state: DFState, seat: int, seed: int) -> DFState:
        return sample_hidden(state, seat, seed)


def _stamp(st: DFState) -> tuple[Any, ...]:
    """A cheap mark of the position, so that the memo of the listed actions is only used for the
    position it was made in, even when a test changes the state by hand between listing and
    applying (`_apply` drops the memo anyway)."""
    me, foe = st.players
    return (st.phase, st.active, st.turn, st.turn_actions, st.next_id, len(st.units),
            len(st.forts), me["mana"], foe["mana"], len(me["hand"]), len(foe["hand"]), st.result)


GAME = DragonFront()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.dragonfront", easy=easy,
                  search=SEARCH)

__all__ = ["ENTRY", "GAME", "DFTermination", "DragonFront"]
