"""One scenario per Dragon Front card, written from the card's text: the coverage report's proof.

Each faction has a module here (`aegis.py`, `delirium.py`, ..., `unaligned.py`) whose functions are
decorated with `@scenario("<card id>")`. A scenario sets up a position with the builders of
`tests.dragonfront_helpers` (or its own), plays or triggers the card, and asserts the exact result
the card's text states (damage, mana, draws, positions, what happens to targets), raising
AssertionError when the engine does otherwise. `tests/test_dragonfront_card_scenarios.py` runs every
scenario; `python -m tools.dragonfront.coverage` counts a card as faithful only when its own
scenario exists and passes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

Scenario = Callable[[], None]

SCENARIOS: dict[str, Scenario] = {}
"""Card id -> its scenario, filled by the faction modules as they are imported."""


def scenario(card_id: str) -> Callable[[Scenario], Scenario]:
    """Registers the decorated function as the scenario of `card_id` (one per card)."""

    def register(func: Scenario) -> Scenario:
        if card_id in SCENARIOS and SCENARIOS[card_id] is not func:
            raise ValueError(f"{card_id} already has a scenario: {SCENARIOS[card_id].__name__}")
        SCENARIOS[card_id] = func
        return func

    return register


def load_all() -> dict[str, Scenario]:
    """Imports every faction module and returns all scenarios by card id."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return dict(sorted(SCENARIOS.items()))
