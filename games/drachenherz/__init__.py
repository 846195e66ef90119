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

from __future__ import annotations

from typing import Any

from games.core import Game, GameInfo
from games.drachenherz import rules
from games.drachenherz import state as st
from games.drachenherz import view as dh_view
from games.drachenherz.actions import Action, decode
from games.drachenherz.ai import SEARCH, choose, easy
from games.drachenherz.cards import DRAGON_BONUS, TOTAL_VALUE
from games.drachenherz.rules import DhTermination
from games.drachenherz.state import DhState
from games.registry import GameEntry
from games.text import Text

SUMMARY = Text(
    "Drachenherz (Dragonheart) is a card duel for two. On your turn play one or more cards of one "
    "type onto that type's space; the cards they point at become yours: a fire dragon takes the "
    "treasure chests, a princess the chests or the stone dragons (and the dragon figure), a troll "
    "the princesses, two heroes the princesses or the trolls, three dragon slayers the fire "
    "dragons, four dwarves themselves, and three ships everything in the collection area. Refill "
    "to 5 cards (6 with the dragon figure). After the third ship departure or when a deck runs "
    "out the game ends; the most points wins, the dragon figure is worth 3 and wins ties."
)


class Drachenherz(Game[DhState, Action]):
    """Drachenherz for two players on the Hoard engine contract; the rules live in `rules`, the
    views in `view`."""

    info = GameInfo(
        name="drachenherz",
        title="Drachenherz",
        min_players=2,
        max_players=2,
        max_actions=300,
        score_min=0,
        score_max=TOTAL_VALUE + DRAGON_BONUS,
        summary=SUMMARY,
        aliases=("dragonheart",),
        turn_seconds=180,
    )

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> DhState:
        """Draws the starting player, shuffles both decks and deals 5 cards each."""
        self.check_players(players)
        return rules.new_game(seed, options)

    # The rules and views are bound as static methods, not wrapped: no extra call per step
    # (Drachenherz is the fastest game, and a playout makes several of these calls per action).
    to_play = staticmethod(rules.to_play)
    active = staticmethod(rules.active)
    legal_actions = staticmethod(rules.legal_actions)
    is_legal = staticmethod(rules.is_legal)
    _may_act = staticmethod(rules.may_act)
    _refusal = staticmethod(rules.refusal)
    _apply = staticmethod(rules.apply)
    outcome = staticmethod(rules.outcome)
    score = staticmethod(rules.final_score)
    label = staticmethod(rules.label)
    decode = staticmethod(decode)
    to_json = staticmethod(st.to_json)
    from_json = staticmethod(st.from_json)
    copy = staticmethod(st.copy_state)
    shuffle_hidden = staticmethod(dh_view.shuffle_hidden)
    sample_hidden = staticmethod(dh_view.sample_hidden)
    _view = staticmethod(dh_view.view)
    text = staticmethod(dh_view.text)

    def players(self, state: DhState) -> int:
        return 2

    def _find_legal(self, state: DhState, seat: int, action: Action) -> Action | None:
        return action if rules.is_legal(state, seat, action) else None


GAME = Drachenherz()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.drachenherz", easy=easy,
                  search=SEARCH)

__all__ = ["ENTRY", "GAME", "DhTermination", "Drachenherz"]
