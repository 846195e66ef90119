"""Every card whose text parsed into the effect vocabulary plays through the engine without error."""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront.coverage import exercise, report


def test_every_supported_card_plays() -> None:
    """The coverage harness plays each supported card (deploy or cast, activate, turn triggers)."""
    failures = {cid: exercise(cid) for cid in C.cards() if C.is_supported(cid)}
    assert {k: v for k, v in failures.items() if v} == {}


def test_coverage_count_does_not_shrink() -> None:
    """The number of playable cards only grows."""
    ok, bad = report()
    assert len(ok) + len(bad) == 583
    assert len(ok) >= 388
