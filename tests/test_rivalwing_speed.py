"""The fast paths of the RivalWing engine give the same results as the plain ones."""

from __future__ import annotations

from games.rivalwing import GAME
from games.rivalwing.build import HandInfo, hand_info
from games.rivalwing.cards import KIND_OF
from games.rivalwing.specials import refresh_label
from games.rivalwing.state import shuffle
from games.rng import Rng
from tests.rivalwing_helpers import give, setup


def test_inlined_shuffle_matches_rng_shuffle() -> None:
    """The inlined reshuffle draws exactly what Rng.shuffle draws and leaves the same RNG state."""
    for seed in range(40):
        a, b = Rng(seed * 7919 + 3), Rng(seed * 7919 + 3)
        x = list(range(seed * 3))
        y = list(x)
        a.shuffle(x)
        shuffle(b, y)
        assert x == y and a.state == b.state


def test_hand_info_follows_kinds_not_card_ids() -> None:
    """Two hands with the same kinds share one HandInfo; its counts follow deck order."""
    s = GAME.new_game(5, 2)
    hand = s.hands[s.active]
    info = hand_info(s, s.active)
    assert hand_info(s, s.active) is info
    assert sorted(k for k, n in info.counts for _ in range(n)) == sorted(KIND_OF[c] for c in hand)
    s.hands[s.active] = list(reversed(hand))
    assert hand_info(s, s.active) is info
    assert isinstance(info, HandInfo)


def test_refresh_labels_are_worked_out_from_codes() -> None:
    """Refresh options carry their label lazily; `options` and `label` still give full paths."""
    s = setup("black", "blue")
    give(s, 0, "refresh", "claw.F", "claw.F", "bite.L")
    opts = dict(GAME.options(s, 0))
    assert opts["sp:refresh"] == ("Special", "Refresh", "keep your hand")
    code = "sp:refresh:claw.F+claw.F+bite.L"
    assert opts[code][:2] == ("Special", "Refresh")
    assert opts[code][2].startswith("discard ") and opts[code][2].count(",") == 2
    assert refresh_label(code) == opts[code]
    assert GAME.label(s, GAME.decode(code)) == opts[code]
