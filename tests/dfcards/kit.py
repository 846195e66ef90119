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


def swift_strikes_first(card: str) -> None:
    """A unit of `card` attacks a wounded Madcap Mercenaries (4 power, 1 health left) ahead: with
    SWIFT it strikes first and takes nothing back."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    u = put(st, card, 0, 4)
    e = put(st, FILLER, 1, 8)
    e["dmg"] = 4
    full = hp(st, u)
    act(st, u)
    assert not alive(st, e) and alive(st, u) and hp(st, u) == full


def stealthed(card: str) -> None:
    """A unit of `card` deployed from hand is hidden: the enemy can aim no spell at it."""
    from games.dragonfront.play import spell_targets
    from tests.dragonfront_helpers import board
    st = board()
    play(st, card, 0)
    u = newest(st)
    assert u["hidden"] and at(st, u) not in spell_targets(st, 1, "unit")
