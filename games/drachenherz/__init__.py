"""Drachenherz (Dragonheart), the two-player card duel, following seed 003 and rules/drachenherz.md.

Choices where the seed and the rulings are silent (each one is tested in
tests/test_drachenherz_rules.py):

- Starting player: drawn with the state's RNG (`rng.below(2)` before the decks are shuffled).
- Plays name the cards by value (`play:dwarf:1.3`): cards of one type differ only in points, so a
  play is a type plus a multiset of values; the label is ("Play", "Dwarf", "x2"), with the values
  added ("x2 (1+3)") when the hand's cards of that type differ in value.
- A princess play, and a play that fills the second hero slot, open a choice stage: `to_play` is
  the same player, both stacks are always offered (an empty one takes nothing); the hand is refilled
  after the choice. Completed heroes go to the collection area before the choice.
- Taking at least one stone dragon takes the dragon figure; from the other player it brings one
  card drawn with the RNG from their hand (none if it is empty). The new holder then refills to 6.
- Score piles are face down: views show how many cards each seat collected, not their points, until
  the game is over.
- End: turns are numbered from 0. A third ship departure in turn t makes turn t+1 (the other
  player's) the last. A player whose deck is empty after refilling at the end of their turn t plays
  turn t+2 (their next) and the other player turn t+3, the last. When both conditions are met, the
  earlier last turn counts. A player whose hand is empty on their turn (possible only with an empty
  deck, after losing a card to the dragon) passes; the pass counts as their turn.
- Result: score-pile points, +3 for the dragon holder. Higher wins; a tie goes to the dragon holder;
  with no holder a tie is a draw. `score` is this final score.
"""

from games.drachenherz.ai import choose
from games.drachenherz.rules import Drachenherz
from games.registry import GameEntry

GAME = Drachenherz()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.drachenherz")

__all__ = ["ENTRY", "GAME", "Drachenherz"]
