"""Dragon Front menus a player can scan: every level of the label tree holds at most 25 entries
(Discord's select limit), discarding is one entry that opens the hand, targets say whose they are."""

from __future__ import annotations

import random
from collections import defaultdict

from games.dragonfront import GAME
from games.dragonfront import actions as A
from games.dragonfront.state import DFState
from tests.dragonfront_helpers import FILLER, board, put

MAX_WIDTH = 25


def widths(labels: list[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """Returns, per label prefix, how many distinct entries the level below it has."""
    kids: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for lab in labels:
        for depth in range(len(lab)):
            kids[lab[:depth]].add(lab[depth])
    return {prefix: len(names) for prefix, names in kids.items()}


def _check(st: DFState, seat: int) -> list[tuple[str, ...]]:
    labels = [GAME.label(st, a) for a in GAME.legal_actions(st, seat)]
    assert len(labels) == len(set(labels)), "two actions share a label path"
    for prefix, width in widths(labels).items():
        assert width <= MAX_WIDTH, (prefix, width)
    return labels


def test_no_menu_level_is_wider_than_25_in_random_games() -> None:
    for seed in range(40):
        st = GAME.new_game(seed, 2, {})
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            _check(st, seat)
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))


def test_a_crowded_board_keeps_every_level_within_25() -> None:
    """16 units on the board, a full hand of cards that target units, forts, lanes and CHOOSE ONE
    options: each level still fits."""
    st = board(factions=("silence", "eclipse"))
    for sp in range(16):
        put(st, FILLER, 0 if sp < 8 else 1, sp)
    st.players[0].update(hand=["SiS008", "UnS003", "EcS012", "ScS001", "EcS013", "ESS014",
                               "ToU011", "AeS004", "DeS015", "StU012"], mana=10)
    labels = _check(st, 0)
    top = {lab[0] for lab in labels}
    assert top <= {"Play", "Activate", "Shift", "Bank mana", "Discard for mana", "End turn"}
    assert len([lab for lab in labels if lab[0] == "Discard for mana"]) == 10


def test_discarding_is_one_entry_and_targets_say_whose() -> None:
    st = board()
    mine = put(st, FILLER, 0, 4)
    theirs = put(st, FILLER, 1, 8)
    st.players[0].update(hand=["EcS013", FILLER], mana=10)
    labels = {GAME.label(st, a) for a in GAME.legal_actions(st, 0)}
    assert ("Discard for mana", "Transference") in labels
    assert ("Discard for mana", "Madcap Mercenaries") in labels
    assert ("Play", "Transference", "your Madcap Mercenaries (A2)") in labels
    assert ("Play", "Transference", "enemy Madcap Mercenaries (A3)") in labels
    assert GAME.label(st, A.Activate(mine["id"]))[-1] == "Attack enemy Madcap Mercenaries (A3)"
    st.units.remove(theirs)
    put(st, FILLER, 0, 12)
    last = [u for u in st.units if u["sp"] == [12]][0]
    assert GAME.label(st, A.Activate(last["id"]))[-1] == "Attack enemy Stronghold"


def test_choose_one_asks_for_the_option_first() -> None:
    st = board()
    put(st, FILLER, 1, 8)
    st.players[0].update(hand=["SiS008"], mana=10)
    labels = {GAME.label(st, a) for a in GAME.legal_actions(st, 0)}
    name = GAME.label(st, A.Play("SiS008", "-", 1))[1]
    assert ("Play", name, "Option 2: 2 dmg to enemy Stronghold", "Cast") in labels
    assert any(lab[2] == "Option 1: 2 dmg to a unit" and lab[3].startswith("enemy ")
               for lab in labels if lab[0] == "Play")
