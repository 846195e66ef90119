"""The rulings: both Strongholds at 0 at once is a draw, whatever brings them down together (a card
hitting both, a batch of deaths, fatigue on both seats, an attack and what it sets off)."""

from __future__ import annotations

from games.dragonfront import GAME
from games.dragonfront import actions as A
from games.dragonfront.context import Ctx
from games.dragonfront.damage import check_end, damage_stronghold
from games.dragonfront.state import DFState, DFTermination
from tests.dragonfront_helpers import board, build, do, put


def _draw(st: DFState, *, healed: bool = False) -> None:
    out = GAME.outcome(st)
    assert out is not None and out.winners == () \
        and out.termination is DFTermination.BOTH_STRONGHOLDS, out
    assert healed or st.players[0]["sh"] <= 0, st.players[0]["sh"]
    assert st.players[1]["sh"] <= 0


def test_a_champion_hitting_both_strongholds_on_arrival() -> None:
    """Divine Reactor: "On arrival: 5 dmg to both Strongholds"."""
    st = board(factions=("delirium", "scales"))
    me = st.players[0]
    me.update(champion="DuC028", mana=10, tokens=15)
    st.players[0]["sh"] = st.players[1]["sh"] = 5
    plays = [a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Play) and a.card == "DuC028"]
    do(st, plays[0])
    _draw(st)


def test_an_end_of_turn_trigger_hitting_both() -> None:
    """The Last Calamity: "At your turn's end: 1 dmg to both Strongholds"."""
    st = board(factions=("strife", "scales"))
    put(st, "StC005", 0, 5)
    st.players[0]["sh"] = st.players[1]["sh"] = 1
    do(st, A.EndTurn())
    _draw(st)


def test_a_batch_of_deaths_whose_triggers_hit_both() -> None:
    """Prophetic Storm kills a Wayward Ghouls on each side ("When it dies: 1 dmg to your
    Stronghold"): both owners' Strongholds fall in one resolution."""
    st = board(factions=("essence", "eclipse"))
    put(st, "EcU001", 0, 4)
    put(st, "EcU001", 1, 9)
    st.players[0].update(hand=["ESS014"], mana=6)
    st.players[0]["sh"] = st.players[1]["sh"] = 1
    do(st, A.Play("ESS014", "-"))
    _draw(st)


def test_fatigue_on_both_seats_at_once_even_if_healed_after() -> None:
    """Transference kills Rats of Rous ("When it dies: draw 1 (both)") with both decks empty: both
    take fatigue; the heal that follows in the same spell does not bring a fallen Stronghold back."""
    st = board(factions=("eclipse", "eclipse"))
    rats = put(st, "EcU005", 1, 9)
    for p in st.players:
        p.update(deck=[], fatigue=1, sh=2)
    st.players[0].update(hand=["EcS013"], mana=4)
    do(st, A.Play("EcS013", f"u{rats['id']}"))
    _draw(st, healed=True)
    assert st.players[0]["sh"] == 0 + 3 and st.players[1]["sh"] == 0


def test_an_attack_on_the_stronghold_and_what_it_sets_off() -> None:
    """A Wayward Ghouls strikes the last point off the enemy Stronghold; the enemy's Aegis Geyser
    ("When your Stronghold is hit: 2 dmg to the unit on it") kills it, and its death takes the
    attacker's own last point: a draw, not a win."""
    st = board(factions=("eclipse", "aegis"))
    ghouls = put(st, "EcU001", 0, 12)
    build(st, "AeF003", 1, 12)
    st.players[0]["sh"] = st.players[1]["sh"] = 1
    do(st, A.Activate(ghouls["id"]))
    _draw(st)


def test_one_stronghold_falling_alone_is_a_win() -> None:
    st = board()
    st.players[1]["sh"] = 2
    damage_stronghold(st, 1, 2, Ctx(owner=0), source=None)
    check_end(st)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,)
