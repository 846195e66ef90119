"""Embers' state: two hands, three piles, scores and whose turn it is, as plain data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

TURNS = 3
"""Plays or passes each player makes."""


@dataclass(slots=True)
class EmbersState:
    hands: list[list[int]]
    piles: list[list[int]] = field(default_factory=lambda: [[], [], []])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    turns: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    window: int | None = None
    """The Ember on the dragon pile waiting to be doused or let burn."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EmbersState:
        if not isinstance(data, dict) or "hands" not in data:
            raise ValueError(f"expected an Embers state dict, got {type(data).__name__}")
        return cls(hands=[list(h) for h in data["hands"]], piles=[list(p) for p in data["piles"]],
                   scores=list(data["scores"]), turns=list(data["turns"]), turn=int(data["turn"]),
                   window=data["window"])
