"""Small shared builders for the card scenarios: play a card from hand with just enough mana, end
the turn, read a unit's power and health after auras."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import play as P
from games.dragonfront import stats as S
from games.dragonfront.board import unit_at
from games.dragonfront.state import DFState, Fort, Unit
from tests.dragonfront_helpers import do


def cast(st: DFState, card: str, where: str | int = "-", mode: int = -1, extra: int = 0) -> None:
    """Puts `card` in the active seat's hand with exactly its cost (+ `extra`) in mana and plays it
    at `where` (a space, a target code or "-")."""
    p = st.players[st.active]
    if C.card(card)["type"] == "champion":
        p["champion"], p["tokens"] = card, 0
    else:
        p["hand"].append(card)
    cost = P.card_cost(st, st.active, card)
    p["mana"] = cost + extra
    do(st, A.Play(card, str(where), mode))


def on(x: Unit | Fort) -> str:
    """The target code of a unit or fort."""
    return f"{'u' if isinstance(x['sp'], list) else 'f'}{x['id']}"


def end(st: DFState, turns: int = 1) -> None:
    """Ends the active seat's turn (`turns` times)."""
    for _ in range(turns):
        do(st, A.EndTurn())


def stats(st: DFState, u: Unit) -> tuple[int, int]:
    """(power, remaining health) after auras."""
    return S.power(st, u), S.health(st, u)


def at(st: DFState, sp: int) -> Unit:
    """The unit on a space (fails when empty)."""
    u = unit_at(st, sp)
    assert u is not None, f"no unit on {sp}"
    return u


def sh(st: DFState, seat: int) -> int:
    """A seat's Stronghold health."""
    h: int = st.players[seat]["sh"]
    return h
