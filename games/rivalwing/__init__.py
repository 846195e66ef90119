"""RivalWing: a dragon duel for 2 to 8 players (seed 002, rulings rules/rivalwing.md).

Choices where the seed and the rulings are silent (tested in tests/test_rivalwing_rules.py where
they change an outcome):

- Building an attack is a sequence of actions: choose a target ("Attack > {p1}"), add cards one
  at a time, then "Declare attack". Added hand cards leave the hand and lie face up in front of
  the target; slotted magic stays in its slot until the declaration. "Start over" takes the hand
  cards back (twice per turn at most, so a turn always ends). A hit card added when the attack
  is full also spends a Combo ("Add with Combo"), so the build is always declarable.
- A Place Magic or Discard action may hold several cards: "Discard > card" discards it and ends
  the turn, "Discard more > card" discards it and lets you pick another (then "End turn"); "Place
  magic" / "Place more magic" work the same way, one slot filled per step.
- Pass is offered only with an empty hand (R4.3); the turn timeout is a host-only action `tout`.
- Called Shot: one per attack; each hit card without a Wing Attack is aimed by its own step.
  Remove Breath Resistance: one per attack. Dusting (attack): one per attack.
- Armageddon sides are chosen one target at a time, in turn order from the attacker's left.
- Defense: the first card fixes the type. The answer is one response (R6.1 step 5), so picked
  cards are tentative: they stay in the hand or slot, seen as picked by the defender only, until
  "Done defending" commits and resolves them; "Take the hits" answers NONE and drops the picks (it
  is also the defense timeout). A Refresh of the defender's own while a hand card is picked, or
  discarding a picked slotted card when removing Innate Magic, drops the picks. Shield assigns its
  6 points step by step, a second Shield is picked only when the first is spent. Sharp Turn moves
  one hit per step after the single card.
- A window is answered NONE at once only when the defender holds no card and has no slotted magic
  (R12.11); otherwise it opens even without a usable card, so whether it opens reveals nothing.
- Toughened scales with several covers: each card goes to the uncovered entry with the highest net
  (ties oldest) in turn, else it is banked.
- Arc keeps the side declared with the card even if Focused Dive or Called Shot moves the main hit.
- Crush may name any unbreached side of the target, even one without Scales.
- Breach piles are hidden from everyone (count only). Slotted magic is visible to its owner only,
  also while it is part of the attack being built: it is revealed when the attack is declared
  (R6.1 step 1). Of a build, the hand cards lie face up; its Called Shot aims, Armageddon sides,
  and its target while no hand card lies in front of it, are the builder's own.
- Several Core Hits may go in one attack (one per ready slot). Armageddon's targets are fixed at
  declaration; one that gains Magic Resistance later has its hit cancelled in its window.
- Every defense card needs an effect: each Blind must still reduce some hit; Random needs a hit.
- Removing Innate Magic drops an empty magic slot (after the chosen discard when all are full).
- When the duel ends in the middle of an attack, its unresolved cards go to the discard pile
  (cards picked in an open window were never played: they stay with the defender).
- Specials are accepted in every waiting phase (turn action, build, discard, place, defense) from any
  conscious player, never under the Chaos lock.
- A turn timeout passes (cards of a half-built attack go back to the hand; placed magic and discards
  stand); three timed-out turns in a row withdraw the dragon. `resign` withdraws at once.
- The dealer is random; later duels of a series rotate the dealer in the host.
- `state.dice` holds forced die results for scenario tests; it is empty in play.
- The computer picks a mat with `ai.choose_option("mat", players, seed)` (Bog Drake up to four
  players, Sage Wyrm above).
- Scoring (R11) is available at any time; before the end it counts knockouts and dragons outlasted
  so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Game, GameInfo, OptionSpec, View
from games.registry import GameEntry
from games.rivalwing import actions, rules, view
from games.rivalwing.actions import Act
from games.rivalwing.ai import SEARCH, choose, easy
from games.rivalwing.cards import MAT_IDS, mat_name
from games.rivalwing.resolve import TURN_SECONDS
from games.rivalwing.rules import RWTermination
from games.rivalwing.state import RWState
from games.text import Text, Translate, english, join_texts

SUMMARY = Text(
    "A dragon duel for 2 to 8 players. Each turn draw to 6, then attack, place magic face down, or "
    "discard. Attacks combine Melee, Breath (in your dragon's own element), Maneuvers and ready "
    "magic; the target answers with one defense type. Scales absorb, breached sides send damage "
    "to the Core, and the last dragon conscious wins. Series points: 5 for the win, 2 per "
    "knockout, 1 per dragon outlasted."
)


class RivalWing(Game[RWState, Act]):
    """RivalWing v3.0 with the Hoard rulings above, on the engine contract."""

    info = GameInfo(
        name="rivalwing", title="RivalWing", min_players=2, max_players=8, max_actions=20000,
        score_min=0, score_max=26, summary=SUMMARY,
        options=(OptionSpec("mat", (*MAT_IDS, "random"), "random",
                            Text("Your dragon mat: {mats}", mats=join_texts(
                                Text("{code} ({mat})", code=m, mat=mat_name(m)) for m in MAT_IDS)),
                            per_seat=True, labels=tuple((m, mat_name(m)) for m in MAT_IDS)),),
        aliases=("rival", "rw"), turn_seconds=TURN_SECONDS, rotates_in_series=True)

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> RWState:
        self.check_players(players)
        return rules.new_duel(seed, players, options or {}, self.resolve_option)

    # The rules functions themselves where the signatures agree: playouts and the AI's search
    # call these hundreds of thousands of times, so no call stands in between.
    to_play = staticmethod(rules.to_play)
    legal_actions = staticmethod(rules.legal_actions)
    _may_act = staticmethod(rules.may_act)
    _find_legal = staticmethod(rules.find_listed)
    _apply = staticmethod(rules.perform)
    outcome = staticmethod(rules.outcome)
    score = staticmethod(rules.score)
    timeout_action = staticmethod(rules.timeout_action)
    resign = staticmethod(rules.withdraw)
    label = staticmethod(rules.label)

    def active(self, state: RWState) -> int | None:
        return None if state.phase == "over" else state.active

    def players(self, state: RWState) -> int:
        return state.players

    def options(self, state: RWState, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """Returns (code, label) for every legal action of `seat`."""
        return rules.labelled(state, seat)

    def decision_seconds(self, state: RWState) -> int:
        decision = rules.owed(state)
        return TURN_SECONDS if decision is None else decision.seconds

    def decode(self, code: str) -> Act:
        return actions.decode(code)

    def to_json(self, state: RWState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> RWState:
        return RWState.from_json(data)

    def copy(self, state: RWState) -> RWState:
        return RWState.from_json(state.to_json())

    def _view(self, state: RWState, seat: int | None) -> View:
        return view.view_of(state, seat)

    def text(self, view_: View, names: Sequence[str], tr: Translate = english) -> str:
        return view.text_board(view_, names, tr)

    def shuffle_hidden(self, state: RWState, observer: int | None, seed: int) -> RWState:
        return view.shuffle_hidden(state, observer, seed)

    def sample_hidden(self, state: RWState, seat: int, seed: int) -> RWState:
        return view.sample_hidden(state, seat, seed)


GAME = RivalWing()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.rivalwing", easy=easy,
                  search=SEARCH)

__all__ = ["ENTRY", "GAME", "RWTermination", "RivalWing"]
