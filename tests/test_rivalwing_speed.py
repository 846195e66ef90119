"""The fast paths of the RivalWing engine give the same results as the plain ones."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn
from games.rivalwing import GAME
from games.rivalwing.actions import Act
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
    """What a hand allows depends on its kinds only: the order and the copies held do not matter;
    its counts follow deck order."""
    s = GAME.new_game(5, 2)
    hand = s.hands[s.active]
    info = hand_info(s, s.active)
    assert sorted(k for k, n in info.counts for _ in range(n)) == sorted(KIND_OF[c] for c in hand)
    twin = HandInfo([c + len(KIND_OF) // 2 for c in reversed(hand)])
    mine: list = []
    theirs: list = []
    info.add_discards(mine)
    twin.add_discards(theirs)
    assert (twin.counts, theirs, twin.flags, twin.magic, twin.special_plays) == (
        info.counts, mine, info.flags, info.magic, info.special_plays)
    assert all(info.holds(KIND_OF[c]) for c in hand)


def test_every_listed_action_is_an_act_with_a_plain_code() -> None:
    """Options hold ready actions: each legal action is an Act whose code is a plain str."""
    for seed in range(6):
        s = GAME.new_game(seed, 4)
        rng = Rng(seed)
        while GAME.outcome(s) is None:
            seat = GAME.to_play(s)[0]
            acts = GAME.legal_actions(s, seat)
            assert all(type(a) is Act and type(a.encode()) is str for a in acts)
            assert GAME.decode(acts[0].encode()) == acts[0]
            GAME.apply(s, seat, acts[rng.below(len(acts))])


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



def test_option_memo_is_dropped_by_every_change() -> None:
    """The memoised option list is the state's own and is dropped by every applied action and
    by a withdrawal, with no version to bump: a discard listed before it was made is refused
    afterwards, a copy lists for itself, and a withdrawn seat lists nothing."""
    s = setup("black", "blue", "white")
    give(s, 0, "claw.F")
    give(s, 2, "bres")
    before = GAME.legal_actions(s, 0)
    assert "dis:claw.F" in before and GAME.legal_actions(s, 2) == ["sp:bres"]
    twin = GAME.copy(s)
    GAME.apply(s, 0, GAME.decode("dis:claw.F"))
    assert GAME.legal_actions(s, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 0, GAME.decode("dis:claw.F"))
    assert GAME.legal_actions(twin, 0) == before
    assert GAME.label(s, GAME.decode("sp:bres")) == ("Special", "Breath Resistance")
    GAME.resign(s, 2)
    assert GAME.legal_actions(s, 2) == []
    assert GAME.label(s, GAME.decode("sp:bres")) == ("sp:bres",)
