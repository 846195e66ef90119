"""Drakones: White against Dark, six spaces a side, three classes and three weapons.

Rulings where the seed and `rules/drakones.md` are silent (each one is tested in
`tests/test_drakones_rules.py`):

- Seat 0 plays White (Base 1), seat 1 Dark (Base 2); the first player is drawn with the RNG.
- The base lock shows 4 in round 1 and counts down at the start of rounds 2-5 (0 from round 5).
- A card stays arriving until the start of its owner's next turn, so in the enemy's turn it can
  neither be attacked nor protect the base. A bolted unit arrives when it attacks.
- Towers never take strike back: a unit can only hit a tower of its own class, and towers only
  attack the other two classes. An attacker in cover takes no strike back.
- Cover: a unit or tower next to a wall (arriving or not). Walls may be moved; a card may be moved
  into an empty space next to a wall (and is then in cover); covered cards neither move nor swap.
- Recall returns the unit to the hand of the player whose side it stands on. Poison ("any unit")
  and Catapult ("any tower or wall") may target either side; Bribery takes an enemy unit that is
  not in cover. Destroyed cards go to the discard pile of the side they stood on; a spell goes to
  its caster's discard pile after its effect. Discard piles are public.
- Spy shows the caster the top three cards of the enemy deck (private event, and in the caster's
  view until their next turn starts).
- Any unit that came onto the side this turn (played or bribed) may be ignited; a bribed Instant
  unit has the bolt already.
- Banishing: with all six spaces full, a card may be played onto any of them (in cover or not).
- Wisdom may be cast while the chosen deck is short: that player draws what is left and does not
  lose until a turn-start draw fails.
- Undo takes back the last action since the last draw or reveal (turn-start draw, 2-action draw,
  Wisdom, Recall, Draw Two, Spy), repeatedly; End turn, Fire Rain and a game-winning hit are
  never undone.
- House caps so that every game ends: a turn holds at most 40 steps (undone ones included; then
  only End turn remains) and at most 4 free rearranging moves (undone ones included; lowered
  from 6 so that random playouts and the computer's lookahead stay fast). Each turn
  draws from its player's deck and no card ever returns to a deck, so a game has at most 122 turns
  with actions; `max_actions` is 124 x 41.
- Recent public events (the last six) are kept in the state for the board image.
"""

from games.drakones.ai import choose
from games.drakones.game import Drakones
from games.registry import GameEntry

GAME = Drakones()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.drakones")

__all__ = ["ENTRY", "GAME"]
