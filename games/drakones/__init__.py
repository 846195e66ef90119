"""Drakones: White against Dark, six spaces a side, three classes and three weapons.

Rulings where the seed and `rules/drakones.md` are silent (each one is tested in
`tests/test_drakones_rules.py`):

- Seat 0 plays White (Base 1), seat 1 Dark (Base 2); the first player is drawn with the RNG.
- The base lock shows 4 in round 1 and counts down at the start of rounds 2-5 (0 from round 5).
- A card a player played stays arriving through the opponent's next turn (it arrives at the start
  of its owner's next turn), so it neither protects the base nor can be attacked then.
- Towers never take strike back: a unit can only hit a tower of its own class, and towers only
  attack the other two classes. Strike back is off for an attacker in cover.
- Recall returns the unit to the hand of the player whose side it stands on; Bribery, Recall,
  Poison and Catapult pick targets on either side where the card text says "any" or "a unit"
  (Bribery takes an enemy unit). Destroyed cards go to the discard pile of the side they stood on.
- Spy shows the caster the top three cards of the enemy deck until the caster's next turn starts.
- Bolting is allowed for any unit that came onto the side this turn (played or bribed).
- Banishing: with all six spaces full, a card may be played onto any of them (in cover or not).
- Wisdom may be cast while the chosen deck is short: that player draws what is left.
- Undo takes back the last action since the last draw or reveal (turn-start draw, 2-action draw,
  Wisdom, Recall, Draw Two, Spy); End turn and Fire Rain are never undone.
- House caps so that every game ends: a turn holds at most 40 steps (undone ones included, then
  only End turn remains) and at most 8 free rearranging moves. Each turn draws from its player's
  deck and no card ever returns to a deck, so a game has at most 124 turns.
"""

from games.drakones.game import Drakones

GAME = Drakones()

__all__ = ["GAME"]
