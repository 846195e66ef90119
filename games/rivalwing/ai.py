"""Placeholder AI."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def choose(view: dict[str, Any], actions: Sequence[Any], seed: int) -> Any:
    return random.Random(seed).choice(list(actions))
