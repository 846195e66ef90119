"""Every card whose text parsed into the effect vocabulary plays through the engine without error,
and the coverage report counts a card as faithful only when its own scenario passes."""

from __future__ import annotations

from collections import Counter

from games.dragonfront import cards as C
from tools.dragonfront.coverage import classify, exercise, render, report


def test_every_supported_card_plays() -> None:
    """The coverage harness plays each supported card (deploy or cast, activate, turn triggers)."""
    failures = {cid: exercise(cid) for cid in C.cards() if C.is_supported(cid)}
    assert {k: v for k, v in failures.items() if v} == {}


def test_coverage_count_does_not_shrink() -> None:
    """The number of playable cards, and of cards whose own scenario passes, only grows."""
    ok, bad = report()
    assert len(ok) + len(bad) == 583
    assert len(ok) >= 447
    from tests.dfcards import load_all

    counts = Counter(status for status, _ in classify(load_all()).values())
    assert counts["faithful"] >= 232 and counts["not faithful"] == 0


def test_a_card_is_faithful_only_when_its_own_scenario_passes() -> None:
    """Status by card: left out (with its reason), no scenario, not faithful (failing) or faithful;
    the report counts them by type and by faction and lists each left-out card with its reason."""
    supported = sorted(cid for cid in C.cards() if C.is_supported(cid))
    passing, failing = supported[0], supported[1]

    def broken() -> None:
        raise AssertionError("did nothing")

    status = classify({passing: lambda: None, failing: broken})
    assert status[passing] == ("faithful", "")
    assert status[failing] == ("not faithful", "AssertionError: did nothing")
    assert status[supported[2]] == ("no scenario", "")
    left = next(cid for cid in C.cards() if not C.is_supported(cid))
    assert status[left] == ("left out", C.card(left)["unsupported"])
    text = render(status)
    assert "1 faithful / 1 not faithful / " in text and "By type:" in text and "By faction:" in text
    assert f"  {left} {C.name(left)}: {C.card(left)['unsupported']}" in text


def test_random_decks_of_supported_cards_play_to_the_end() -> None:
    """Random legal decks drawn from every supported card play full random games without error."""
    import random

    from games.dragonfront import GAME

    table = C.cards()
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_game(seed, 2, {})
        for p in state.players:
            faction = rng.choice(C.FACTIONS)
            pool = sorted(k for k, c in table.items() if C.is_supported(k) and c["collectible"]
                          and c["rarity"] != "Token" and c["type"] != "champion"
                          and c["faction"] in (faction, "Unaligned"))
            champs = sorted(k for k, c in table.items() if C.is_supported(k)
                            and c["type"] == "champion" and c["faction"] == faction)
            deck: list[str] = []
            while len(deck) < 30:
                pick = rng.choice(pool)
                if deck.count(pick) < 2:
                    deck.append(pick)
            champion = rng.choice(champs)
            assert C.validate_deck(faction, champion, deck) == []
            p.update(hand=deck[:4] + p["hand"][4:], deck=deck[4:], champion=champion)
        steps = 0
        while GAME.outcome(state) is None:
            seat = rng.choice(GAME.to_play(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            steps += 1
            assert steps <= GAME.info.max_actions
