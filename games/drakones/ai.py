"""Drakones computer opponent (placeholder)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def choose(view: dict[str, Any], actions: Sequence[Any], seed: int) -> Any:
    """Returns the last legal action."""
    return actions[-1]
