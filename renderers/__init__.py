"""Board and hand images, one module per game, each drawing only from a player's view.

A renderer module defines `render_board(view, *, names) -> bytes` and
`render_hand(view, *, names) -> bytes | None` (the `games.core.Renderer` protocol); a game's
registry entry names its module, so nothing here looks a renderer up by its game's name.
"""

from games.core import Renderer

__all__ = ["Renderer"]
