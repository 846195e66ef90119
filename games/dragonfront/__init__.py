"""Dragon Front: the 4x4 grid card battler (see `game` for the rulings choices)."""

from games.dragonfront.ai import choose
from games.dragonfront.game import DragonFront
from games.registry import GameEntry

GAME = DragonFront()
ENTRY = GameEntry(game=GAME, ai=choose, renderer="renderers.dragonfront")

__all__ = ["ENTRY", "GAME", "DragonFront"]
