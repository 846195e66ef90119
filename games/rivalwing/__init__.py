"""RivalWing: a dragon duel for 2 to 8 players (seed 002, rulings rules/rivalwing.md).

Choices where the seed and the rulings are silent (tested in tests/test_rivalwing_rules.py where
they change an outcome):

- Building an attack is a sequence of actions: choose a target ("Attack > {p1}"), add cards one
  at a time, then "Declare attack". Added hand cards lie face up in front of the target; "Start
  over" takes them back (twice per turn at most, so a turn always ends). A hit card added when the
  attack is full also spends a Combo ("Add with Combo"), so the build is always declarable.
- A Place Magic or Discard action may hold several cards: "Discard > card" discards it and ends
  the turn, "Discard more > card" discards it and lets you pick another (then "End turn"); "Place
  magic" / "Place more magic" work the same way, one slot filled per step.
- Pass is offered only with an empty hand (R4.3); the turn timeout is a host-only action `tout`.
- Called Shot: one per attack; each hit card without a Wing Attack is aimed by its own step.
  Remove Breath Resistance: one per attack. Dusting (attack): one per attack.
- Armageddon sides are chosen one target at a time, in turn order from the attacker's left.
- Defense: the first card fixes the type; "Done defending" resolves, "Take the hits" answers NONE
  (and gives back cards already chosen; it is also the defense timeout). Shield assigns its 6 points
  step by step, a second Shield is taken only when the first is spent. Sharp Turn moves one hit per
  step after the single card.
- A window is answered NONE at once only when the defender holds no card and has no slotted magic
  (R12.11); otherwise it opens even without a usable card, so whether it opens reveals nothing.
- Toughened scales with several covers: each card goes to the uncovered entry with the highest net
  (ties oldest) in turn, else it is banked.
- Arc keeps the side declared with the card even if Focused Dive or Called Shot moves the main hit.
- Crush may name any unbreached side of the target, even one without Scales.
- Breach piles are hidden from everyone (count only); slotted magic is visible to its owner only,
  and to all once it is added to the attack being built.
- Several Core Hits may go in one attack (one per ready slot). Armageddon's targets are fixed at
  declaration; one that gains Magic Resistance later has its hit cancelled in its window.
- Every defense card needs an effect: each Blind must still reduce some hit; Random needs a hit.
- Removing Innate Magic drops an empty magic slot (after the chosen discard when all are full).
- When the duel ends in the middle of an attack, its unresolved cards go to the discard pile.
- Specials are accepted in every waiting phase (turn action, build, discard, place, defense) from any
  conscious player, never under the Chaos lock.
- A turn timeout passes (cards of a half-built attack go back to the hand; placed magic and discards
  stand); three timed-out turns in a row withdraw the dragon. `resign` withdraws at once.
- The dealer is random; later duels of a series rotate the dealer in the host.
- `state.dice` holds forced die results for scenario tests; it is empty in play.
- The computer picks a mat with `GAME.choose_option("mat", players, seed)` (Bog Drake up to four
  players, Sage Wyrm above).
- Scoring (R11) is available at any time; before the end it counts knockouts and dragons outlasted
  so far.
"""

from games.registry import GameEntry
from games.rivalwing.ai import choose
from games.rivalwing.game import RivalWing

GAME = RivalWing()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.rivalwing")

__all__ = ["ENTRY", "GAME", "RivalWing"]
