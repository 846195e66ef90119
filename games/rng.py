"""A small seeded RNG whose whole state is one integer, so it lives inside a game's JSON state.

Rules never use the `random` module, the clock or set ordering: every random draw in a game comes
from an `Rng` stored in that game's state (like boardgame.io's random plugin), so the same seed and
the same actions always give the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1


class Rng:
    """SplitMix64: fast, well mixed, and serialisable as a single int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Returns the next 64-bit value and advances the state."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Returns a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n > 0, got {n}")
        return self.next64() % n

    def roll(self, sides: int) -> int:
        """Returns a die roll in [1, sides]."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """Returns one item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def __repr__(self) -> str:
        return f"Rng({self.state})"
