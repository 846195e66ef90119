"""What each seat of Embers sees: piles, hand sizes, scores, and the viewer's own hand."""

from __future__ import annotations

from games.core import Seat, View
from games.rng import Rng
from tests.toygame.embers.state import EmbersState


def view_of(state: EmbersState, seat: Seat | None) -> View:
    players = [{"hand_size": len(h), "score": state.scores[i], "turns": state.turns[i]}
               for i, h in enumerate(state.hands)]
    out: View = {"players": players, "piles": [list(p) for p in state.piles],
                 "window": state.window}
    if seat is not None:
        out["hand"] = list(state.hands[seat])
    return out


def text(view: View) -> str:
    lines = [f"Piles: {view['piles']}"]
    if "hand" in view:
        lines.append("Your hand: " + ", ".join(f"Ember {c}" for c in view["hand"]))
    return "\n".join(lines)


def shuffle_hidden(state: EmbersState, observer: Seat | None, seed: int) -> EmbersState:
    """Redeals every hand the observer cannot see from the Embers it has not seen."""
    new = EmbersState.from_json(state.to_json())
    seen = {c for pile in new.piles for c in pile}
    if observer is not None:
        seen.update(new.hands[observer])
    unseen = [c for c in range(1, 100) if c not in seen]
    Rng(seed).shuffle(unseen)
    for s, hand in enumerate(new.hands):
        if s != observer:
            new.hands[s] = sorted(unseen[:len(hand)])
            del unseen[:len(hand)]
    return new
