"""Every Dragon Front card's own scenario (tests/dfcards), each written from the card's text."""

from __future__ import annotations

import pytest

from tests.dfcards import load_all

SCENARIOS = load_all()


@pytest.mark.parametrize("card_id", sorted(SCENARIOS))
def test_card_does_what_its_text_says(card_id: str) -> None:
    SCENARIOS[card_id]()
