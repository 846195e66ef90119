"""Board and hand images, one module per game, each drawing only from a player's view.

A renderer module is named after its game and defines
`render_board(view, *, names) -> bytes` and `render_hand(view, *, names) -> bytes | None`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol


class Renderer(Protocol):
    def render_board(self, view: dict[str, Any], *, names: Sequence[str]) -> bytes: ...

    def render_hand(self, view: dict[str, Any], *, names: Sequence[str]) -> bytes | None: ...


def get(game_name: str) -> Renderer:
    """Returns the renderer module for a registered game name."""
    module: ModuleType = importlib.import_module(f"renderers.{game_name}")
    return module  # type: ignore[return-value]
