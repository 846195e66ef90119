"""Drakones card data, loaded once from `data/drakones/` (cards and the White and Dark decks)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.text import Text, term

CONTEXT = "drakones"
"""The catalog context of card, ability, class and weapon names (see babel.cfg)."""


def dk_term(english: str) -> Text:
    """Returns a Drakones name ("Swordsman", "Instant", "infantry") to translate."""
    return term(CONTEXT, english)

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "drakones"

CLASSES = ("infantry", "cavalry", "dragon")
"""The three unit classes, in base-mark order."""

WEAPON_HITS = {"sword": "infantry", "pike": "cavalry", "bow": "dragon"}
"""The class each weapon hits; the attacker's own class does not matter for this."""

SPELLS = ("wisdom", "recall", "poison", "bribery", "catapult", "spy", "fire-rain")


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card's static facts."""

    id: str
    kind: str
    """'unit', 'tower', 'wall' or 'spell'."""
    name: str
    cls: str | None
    weapon: str | None
    ability: str | None
    """'instant', 'double', 'armour', 'draw2' or None."""

    @property
    def title(self) -> str:
        """Returns the name with its ability, e.g. 'Horse Archer (Instant)'."""
        if self.ability is None or self.kind == "wall":
            return dk_term(self.name)
        return Text("{card} ({ability})", card=dk_term(self.name),
                    ability=dk_term(ABILITY_NAMES[self.ability]))

    @property
    def label(self) -> Text:
        """Returns the card's name to translate ("Horse Archer")."""
        return dk_term(self.name)

    @property
    def armoured(self) -> bool:
        return self.ability == "armour"

    @property
    def attacks(self) -> int:
        """Returns how often the card attacks per turn (0 for walls and spells)."""
        if self.kind not in ("unit", "tower"):
            return 0
        return 2 if self.ability == "double" else 1


def _load() -> tuple[dict[str, CardInfo], dict[str, str], dict[str, tuple[str, list[str]]]]:
    raw = json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))
    cards = {
        cid: CardInfo(cid, c["kind"], c["name"], c["class"], c["weapon"], c["ability"])
        for cid, c in raw["cards"].items()
    }
    decks_raw = json.loads((DATA_DIR / "decks.json").read_text(encoding="utf-8"))
    decks = {name: (d["title"], list(d["cards"])) for name, d in decks_raw.items()}
    for name, (_, ids) in decks.items():
        unknown = [cid for cid in ids if cid not in cards]
        if unknown or len(ids) != 67:
            raise ValueError(f"deck {name}: expected 67 known cards, got {len(ids)} ({unknown})")
    return cards, dict(raw["abilities"]), decks


CARDS, ABILITY_NAMES, DECKS = _load()
COLOURS = ("white", "dark")
"""Seat 0 plays White (Base 1), seat 1 plays Dark (Base 2)."""
