"""Dragon Front's speed-ups change nothing: the caches (the listing memo, the keyword and aura
caches of `board.still`, the view's shared aura sources) give the same actions, states and views
as a fresh copy of the state that has none of them."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.dragonfront import GAME, hand_mods
from games.dragonfront import cards as C
from games.dragonfront import rules as R
from games.dragonfront.stats import has, health, max_health, power
from games.dragonfront.view import TRAIT_LABELS


def test_cached_listing_applying_and_viewing_match_a_fresh_copy() -> None:
    """Seeded random games: at every step the listing, the state after applying and every view
    equal those of an uncached copy that applies the decoded action code instead."""
    for seed in range(3):
        st = GAME.new_game(seed, 2, {})
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            listed = GAME.legal_actions(st, seat)
            fresh = GAME.copy(st)
            assert listed == R.legal(fresh, seat)
            for who in (None, 0, 1):
                assert GAME.view(st, who) == GAME.view(GAME.copy(st), who)
            action = rng.choice(listed)
            GAME.apply(st, seat, action)
            GAME.apply_code(fresh, seat, action.encode())
            assert GAME.to_json(st) == GAME.to_json(fresh)


def test_view_stats_match_the_stat_functions() -> None:
    """A unit's power, health and keywords in the view are what `power`, `health`,
    `max_health` and `has` say, auras included."""
    for seed in range(3):
        st = GAME.new_game(seed, 2, {})
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
            shown = {u["id"]: u for u in GAME.view(st, None)["units"]}
            for u in st.units:
                if u["id"] in shown:
                    v = shown[u["id"]]
                    assert (v["power"], v["health"], v["max_health"]) == \
                        (power(st, u), health(st, u), max_health(st, u))
                    assert v["traits"] == [k for k in TRAIT_LABELS if has(st, u, k)]


def test_the_listing_memo_is_dropped_when_the_state_changes() -> None:
    """After listing, a change made by hand (mana spent) is not hidden by the memo: an action
    no longer legal is refused."""
    st = GAME.new_game(1, 2, {})
    while st.phase == "mulligan":
        seat = GAME.to_play(st)[0]
        GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    seat = st.active
    banks = [a for a in GAME.legal_actions(st, seat) if a.encode().startswith("bank:")]
    assert banks
    st.players[seat]["mana"] = 0
    with pytest.raises(IllegalAction):
        GAME.apply(st, seat, banks[-1])


def test_hand_changes_are_kept_in_the_order_the_cards_were_named() -> None:
    """Changing several cards in hand adds their entries in the order named, not in a set's
    order (which moves with the hash seed, so the same game gave different states)."""
    names = [f"C{i:02d}" for i in range(12, 0, -1)]
    p: dict = {"hand": list(names)}
    hand_mods.change(p, names, cost=-1)
    assert [m["card"] for m in p["mods"]] == names
    p["hand"] = names[:6]
    hand_mods.trim(p)
    assert [m["card"] for m in p["mods"]] == names[:6]


def test_no_effect_grants_an_ability_the_card_index_would_miss() -> None:
    """Auras, COMMAND bonuses, cost changes and taxes are looked for only on the cards that
    print them (`cards.cards_with`): no effect in the card file grants such an ability."""
    indexed = {"aura", "foe_aura", "command", "cost", "unaligned_tax", "first_unit_tax"}
    granted: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("ability"), dict):
                granted.add(x["ability"]["on"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(C.cards())
    assert granted and not granted & indexed
    assert granted == C.granted_triggers()
    assert C.listeners("own_spell") == C.cards_with("own_spell") and C.listeners("death") is None
    assert C.cards_with("aura") and C.cards_with("cost")
