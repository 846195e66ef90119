"""Small builders shared by the card scenarios: play a card through the real engine, read stats."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import stats
from games.dragonfront.state import DFState, Fort, Unit
from tests.dragonfront_helpers import do


def play(st: DFState, card: str, where: str | int = "-", mode: int = -1, mana: int = 10) -> None:
    """Puts `card` in the active seat's hand (or on its podium for a champion), gives it `mana`
    and plays it as a legal action: `where` a space, or a spell target code ("u<id>", "-", ...)."""
    p = st.players[st.active]
    from games.dragonfront import cards as C
    if C.card(card)["type"] == "champion":
        p["champion"] = card
        p["tokens"] = 15
    else:
        p["hand"].append(card)
    p["mana"] = mana
    do(st, A.Play(card, str(where), mode))


def at(st: DFState, u: Unit) -> str:
    """The spell target code of a unit."""
    return f"u{u['id']}"


def fat(f: Fort) -> str:
    """The spell target code of a fort."""
    return f"f{f['id']}"


def end(st: DFState) -> None:
    """Ends the active seat's turn."""
    do(st, A.EndTurn())


def act(st: DFState, u: Unit) -> None:
    """Activates a unit."""
    do(st, A.Activate(u["id"]))


def pw(st: DFState, u: Unit) -> int:
    return stats.power(st, u)


def hp(st: DFState, u: Unit | Fort) -> int:
    return stats.health(st, u)


def alive(st: DFState, u: Unit | Fort) -> bool:
    return any(x is u for x in (st.units if "pw" in u else st.forts))


def newest(st: DFState) -> Unit:
    """The unit placed last (the highest id)."""
    return max(st.units, key=lambda u: u["id"])


def newest_fort(st: DFState) -> Fort:
    return max(st.forts, key=lambda f: f["id"])
