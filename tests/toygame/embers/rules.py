"""Embers' rules: dealing, who acts, legal actions, applying one, and the end."""

from __future__ import annotations

from games.core import Event, Outcome, Termination
from games.rng import Rng
from tests.toygame.embers.actions import Action, Play, Simple
from tests.toygame.embers.state import TURNS, EmbersState


class EmbersTermination(Termination):
    """How a game of Embers ends."""

    PLAYED_OUT = "played out"
    """Both players made their three plays and no window is open."""


def deal(seed: int, size: int) -> EmbersState:
    rng = Rng(seed)
    deck = list(range(1, 100))
    rng.shuffle(deck)
    return EmbersState(hands=[sorted(deck[:size]), sorted(deck[size:2 * size])])


def is_over(state: EmbersState) -> bool:
    return all(t >= TURNS for t in state.turns) and state.window is None


def to_play(state: EmbersState) -> tuple[int, ...]:
    if is_over(state):
        return ()
    return (1 - state.turn,) if state.window is not None else (state.turn,)


def legal(state: EmbersState, seat: int) -> list[Action]:
    if seat not in to_play(state):
        return []
    if state.window is not None:
        return [Simple("douse"), Simple("burn")]
    plays: list[Action] = [Play(c, p) for c in state.hands[seat] for p in (1, 2, 3)]
    return [*plays, Simple("pass")]


def perform(state: EmbersState, seat: int, action: Action) -> list[Event]:
    """Applies a legal action in place and returns what happened."""
    if isinstance(action, Play):
        return _play(state, seat, action)
    if action.code == "pass":
        state.turns[seat] += 1
        state.turn = 1 - seat
        return [Event(f"{{p{seat}}} passes.")]
    card = state.window
    assert card is not None
    state.window = None
    state.turn = seat
    if action.code == "burn":
        state.scores[1 - seat] += card
        return [Event(f"{{p{seat}}} lets Ember {card} burn.")]
    return [Event(f"{{p{seat}}} douses Ember {card}.")]


def _play(state: EmbersState, seat: int, action: Play) -> list[Event]:
    state.hands[seat].remove(action.card)
    state.piles[action.pile - 1].append(action.card)
    state.turns[seat] += 1
    events = [Event(f"{{p{seat}}} plays Ember {action.card} on pile {action.pile}.")]
    if action.pile == 3:
        state.window = action.card
    else:
        state.scores[seat] += action.card
        state.turn = 1 - seat
    return events


def outcome(state: EmbersState) -> Outcome | None:
    if not is_over(state):
        return None
    a, b = state.scores
    winners = () if a == b else ((0,) if a > b else (1,))
    return Outcome(winners, EmbersTermination.PLAYED_OUT, "the higher total wins")
