"""The Drachenherz computer opponent (placeholder: first legal action)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def choose(view: dict[str, Any], actions: Sequence[Any], seed: int) -> Any:
    """Picks an action from the seat's own view."""
    return actions[0]
