"""Small builders shared by the scenarios of scales, silence, strife, thorns and unaligned_b: play a
card through the real engine, read stats, and checks of the common keywords."""

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


def deathblow(card: str) -> None:
    """A unit of `card` standing in seat 0's Frontline is killed in combat by a huge enemy
    (20/20): DEATHBLOW strikes the attacker once more with its power."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board(active=1)
    u = put(st, card, 0, 4)
    power = pw(st, u)
    e = put(st, FILLER, 1, 8)
    e["hp"] = e["pw"] = 20
    act(st, e)
    assert not alive(st, u) and hp(st, e) == 20 - 2 * power, (hp(st, e), power)


def breach(card: str) -> None:
    """A unit of `card` may be deployed in the Frontline, never in the enemy Spawn Row."""
    from tests.dragonfront_helpers import board, codes
    st = board()
    st.players[0]["hand"] = [card]
    st.players[0]["mana"] = 10
    legal = codes(st)
    assert f"play:{card}:5" in legal and f"play:{card}:9" in legal
    assert f"play:{card}:13" not in legal


def berserk(card: str) -> None:
    """A unit of `card` moves one space: 1 damage to every unit next to its new space (not it)."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    u = put(st, card, 0, 1)
    u["kw"].pop("SPRINT", None)
    a = put(st, FILLER, 1, 4)
    b = put(st, FILLER, 0, 6)
    full = hp(st, u)
    act(st, u)
    assert u["sp"] == [5] and hp(st, a) == 4 and hp(st, b) == 4 and hp(st, u) == full


def sprints(card: str) -> None:
    """A unit of `card` moves two spaces when nothing is in its way."""
    from tests.dragonfront_helpers import board, put
    st = board()
    u = put(st, card, 0, 0)
    act(st, u)
    assert u["sp"] == [8]


def rushes(card: str, space: int = 0) -> None:
    """A unit of `card` may act on the turn it is played."""
    from tests.dragonfront_helpers import board, codes
    st = board()
    play(st, card, space)
    assert f"act:{newest(st)['id']}" in codes(st)


def discard(st: DFState, card: str) -> None:
    """The active seat discards `card` (put in its hand first) as a legal action."""
    st.players[st.active]["hand"].append(card)
    do(st, A.Discard(card))


def ranged(card: str) -> None:
    """A unit of `card` in the Spawn Row hits an enemy two spaces ahead without moving or being
    hit back."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    u = put(st, card, 0, 0)
    e = put(st, FILLER, 1, 8)
    e["hp"] = 20
    full = hp(st, u)
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 20 - pw(st, u) and hp(st, u) == full


def flies(card: str) -> None:
    """A unit of `card` in the enemy Frontline hits the Stronghold over a unit in front."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    u = put(st, card, 0, 8)
    put(st, FILLER, 1, 12)
    act(st, u)
    assert st.players[1]["sh"] == 15 - pw(st, u) - u["kw"].get("SIEGE", 0)


def plain(card: str) -> None:
    """A unit of `card` with no text arrives with its printed stats and does nothing else."""
    from games.dragonfront import cards as C
    from tests.dragonfront_helpers import board
    st = board()
    play(st, card, 0, mana=10)
    u = newest(st)
    c = C.card(card)
    assert (pw(st, u), hp(st, u)) == (c["power"], c["health"])
    assert st.players[0]["mana"] == 10 - c["cost"]
    assert st.players[0]["hand"] == [] and st.players[1]["sh"] == 15


def catapults(card: str) -> None:
    """A unit of `card` hits the first enemy in its lane from afar, then is stunned."""
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    u = put(st, card, 0, 0)
    e = put(st, FILLER, 1, 12)
    e["hp"] = 20
    act(st, u)
    assert u["sp"] == [0] and hp(st, e) == 20 - pw(st, u) and u["stun"]


def walls(card: str) -> None:
    """A fort of `card` blocks an enemy and soaks its attack."""
    from games.dragonfront import cards as C
    from tests.dragonfront_helpers import FILLER, board, put
    st = board()
    play(st, card, 5)
    f = newest_fort(st)
    end(st)
    e = put(st, FILLER, 1, 9)
    e["pw"] = 1
    act(st, e)
    assert e["sp"] == [9] and hp(st, f) == C.card(card)["health"] - 1
