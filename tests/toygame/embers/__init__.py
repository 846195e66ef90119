"""Embers: a tiny hidden-hand game, so the host and Discord tests never lack a game of their own.

Two players are dealt `hand` cards each from Embers 1-99 (unique). In turn, a player plays an Ember
on pile 1, 2 or 3, or passes. Playing on pile 3 (the dragon pile) opens a defence window: the other
player, out of turn, either douses it (it scores nothing) or lets it burn. Each player makes three
plays or passes; the higher total of scoring Embers wins, equal totals draw.

Rulings: seat 0 starts; the dragon pile's Ember is public; a douse takes the window's turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event, Game, GameInfo, OptionSpec, Outcome, View
from games.registry import GameEntry
from tests.toygame.embers import actions, rules, view
from tests.toygame.embers.actions import Action
from tests.toygame.embers.ai import choose
from tests.toygame.embers.state import TURNS, EmbersState

NAME = "embers"


class Embers(Game[EmbersState, Action]):
    """The toy game on the engine contract."""

    info = GameInfo(
        name=NAME, title="Embers", min_players=2, max_players=2, max_actions=4 * TURNS + 2,
        score_min=0, score_max=99 * TURNS,
        summary="Play Embers onto three piles; the dragon pile can be doused by your rival.",
        options=(OptionSpec("hand", ("5", "8", "40"), "5", "cards in each hand"),),
    )

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> EmbersState:
        self.check_players(players)
        return rules.deal(seed, int(self.resolve_option("hand", (options or {}).get("hand"))))

    def to_play(self, state: EmbersState) -> tuple[int, ...]:
        return rules.to_play(state)

    def active(self, state: EmbersState) -> int | None:
        return None if rules.is_over(state) else state.turn

    def players(self, state: EmbersState) -> int:
        return 2

    def legal_actions(self, state: EmbersState, seat: int) -> list[Action]:
        return rules.legal(state, seat)

    def _apply(self, state: EmbersState, seat: int, action: Action) -> list[Event]:
        return rules.perform(state, seat, action)

    def _view(self, state: EmbersState, seat: int | None) -> View:
        return view.view_of(state, seat)

    def outcome(self, state: EmbersState) -> Outcome | None:
        return rules.outcome(state)

    def score(self, state: EmbersState, seat: int) -> int:
        return state.scores[seat]

    def decode(self, code: str) -> Action:
        return actions.decode(code)

    def label(self, state: EmbersState, action: Action) -> tuple[str, ...]:
        return actions.label(action)

    def to_json(self, state: EmbersState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> EmbersState:
        return EmbersState.from_json(data)

    def shuffle_hidden(self, state: EmbersState, observer: int | None, seed: int) -> EmbersState:
        return view.shuffle_hidden(state, observer, seed)

    def text(self, view_: View, names: Sequence[str], tr: object = None) -> str:
        return view.text(view_)


GAME = Embers()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="tests.toygame.render")

__all__ = ["ENTRY", "GAME", "NAME", "Embers"]
