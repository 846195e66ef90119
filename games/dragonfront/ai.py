"""The Dragon Front computer opponent (placeholder: first action)."""

from __future__ import annotations

from typing import Any


def choose(view: dict[str, Any], actions: list[Any], seed: int) -> Any:
    """Picks an action from the seat's view only."""
    return actions[0]
