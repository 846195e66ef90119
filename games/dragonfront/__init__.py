"""Dragon Front: the 4x4 grid card battler (see `game` for the rulings choices)."""

from games.dragonfront.game import DragonFront

GAME = DragonFront()

__all__ = ["GAME", "DragonFront"]
