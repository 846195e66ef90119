"""Drakones: White against Dark, six spaces a side, three classes and three weapons.

The package: `cards` (card data), `state` (the table as data), `actions` (codes), `rules` (the
rules), `labels` (menu words), `view` (what a seat sees, the text board), `ai` (the computer
player) and `greedy` (a simple opponent for tests and benches).

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
- Rearranging is free and has no limit of its own (the seed sets none): moves and swaps are
  offered all turn long, a rotation of all six cards included; only the house cap below, which
  no player meets, bounds a turn.
- Undo takes back the last action since the last draw or reveal (turn-start draw, 2-action draw,
  Wisdom, Recall, Draw Two, Spy), repeatedly, by replaying the rest from that point; the undone
  action gives back everything it used (its step, actions, cards). End turn, Fire Rain and a
  game-winning hit are never undone.
- House caps so that every game ends, set far above any real turn (at most 4 actions and rarely
  a dozen attacks, so some 80 moves to spare): a turn holds at most 100 steps that are not undone (a
  move, play, attack, bolt, cast or draw; then only Undo and End turn remain) and at most 100
  undos (then Undo is no longer offered; the other choices stay). As every undo allows one more
  step, a turn holds at most 100 + 2 x 100 + 1 = 301 actions. Each turn draws from its player's
  deck and no card ever returns to a deck, so a game has at most 122 turns with actions;
  `max_actions` is 124 x 301.
- Recent public events (the last six) are kept in the state for the board image.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event, Game, GameInfo, OptionSpec, Outcome, Termination, View
from games.drakones import actions as A
from games.drakones import labels, rules
from games.drakones import view as board
from games.drakones.ai import SEARCH, choose, easy
from games.drakones.state import State
from games.registry import GameEntry
from games.text import Text, Translate, english, seat_ref

INFO = GameInfo(
    name="drakones",
    title="Drakones",
    min_players=2,
    max_players=2,
    max_actions=rules.MAX_TURNS * rules.MAX_TURN_ACTIONS,
    score_min=0,
    score_max=1,
    summary=Text(
        "Two armies of dragons, horsemen and foot soldiers face off across six spaces each. "
        "Play three cards a turn (units, towers, walls and spells), attack for free by the "
        "sword-pike-bow table, hide behind walls and ignite the bolt to strike at once. After four "
        "rounds an empty side leaves its base open: hit it with infantry, cavalry and a dragon in "
        "one turn to win. Whoever cannot draw at the start of a turn loses."
    ),
    options=(
        OptionSpec("strike_back", ("on", "off"), "on",
                   Text("Attacked units that can hit their attacker strike back.")),
    ),
    aliases=("drakon",),
    turn_seconds=300,
)


class DrakonesTermination(Termination):
    """How a game of Drakones ends."""

    BASE = "base"
    """The open enemy base was hit by infantry, cavalry and a dragon in one turn."""
    DECK = "deck"
    """A player could not draw at the start of a turn."""


class Drakones(Game[State, A.Action]):
    """Drakones for two players, White (seat 0, Base 1) against Dark (seat 1, Base 2)."""

    info = INFO

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        strike = self.resolve_option("strike_back", (options or {}).get("strike_back"))
        return rules.new_state(seed, strike_back=strike == "on")

    def to_play(self, state: State) -> tuple[int, ...]:
        return () if state.winner is not None else (state.current,)

    def active(self, state: State) -> int | None:
        return None if state.winner is not None else state.current

    def players(self, state: State) -> int:
        return 2

    def legal_actions(self, state: State, seat: int) -> list[A.Action]:
        return rules.legal(state, seat)

    def _find_legal(self, state: State, seat: int, action: A.Action) -> A.Action | None:
        return action if rules.is_legal(state, seat, action) else None

    def _apply(self, state: State, seat: int, action: A.Action) -> list[Event]:
        t = rules.Turn(state)
        rules.perform(state, seat, action, t)
        return t.events

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        seat = state.winner if state.reason == "base" else 1 - state.winner
        reason = (Text("{player} broke the enemy base", player=seat_ref(seat))
                  if state.reason == "base" else
                  Text("{player} could not draw at the start of a turn", player=seat_ref(seat)))
        return Outcome((state.winner,), DrakonesTermination(state.reason), reason)

    def score(self, state: State, seat: int) -> int:
        return 1 if state.winner == seat else 0

    def decode(self, code: str) -> A.Action:
        return A.decode(code)

    def label(self, state: State, action: A.Action) -> tuple[str, ...]:
        return labels.label(state, action)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> State:
        return State.from_json(data)

    def copy(self, state: State) -> State:
        return state.clone()

    def _view(self, state: State, seat: int | None) -> View:
        return board.view(state, seat)

    def shuffle_hidden(self, state: State, observer: int | None, seed: int) -> State:
        return board.shuffle_hidden(state, observer, seed)

    def sample_hidden(self, state: State, seat: int, seed: int) -> State:
        return board.sample_hidden(state, seat, seed)

    def text(self, view: View, names: Sequence[str], tr: Translate = english) -> str:
        return board.text(view, names, tr)


GAME = Drakones()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.drakones", easy=easy,
                  search=SEARCH)

__all__ = ["ENTRY", "GAME", "Drakones", "DrakonesTermination"]
