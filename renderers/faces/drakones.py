"""Drakones card faces from `data/drakones/cards.json` (class, weapon, ability), `decks.json`
(copies per deck) and `texts.json` (what each kind, weapon, ability and spell does)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from renderers.faces import DATA_DIR, CardFace, Color

GAME = "drakones"
KIND_COLOURS: dict[str, Color] = {
    "infantry": (60, 130, 80), "cavalry": (150, 105, 55), "dragon": (160, 55, 65),
    "wall": (110, 100, 90), "spell": (80, 80, 160),
}


def faces() -> list[CardFace]:
    """Returns the face of every card, in data order."""
    folder = DATA_DIR / GAME
    data = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    texts = json.loads((folder / "texts.json").read_text(encoding="utf-8"))
    decks = json.loads((folder / "decks.json").read_text(encoding="utf-8"))
    deck = next(iter(decks.values()))["cards"]
    copies = Counter(deck)
    return [_face(cid, card, data["abilities"], texts, copies[cid], len(deck))
            for cid, card in data["cards"].items()]


def _face(cid: str, card: dict[str, Any], abilities: dict[str, str], texts: dict[str, Any],
          copies: int, deck_size: int) -> CardFace:
    kind, cls, ability = card["kind"], card["class"], card["ability"]
    ability_name = abilities[ability] if ability else ""
    name = card["name"] if not ability or kind == "wall" else f"{card['name']} – {ability_name}"
    parts = [texts["spells"][cid]] if kind == "spell" else [texts["kinds"][kind]]
    if card["weapon"]:
        parts.append(texts["weapons"][card["weapon"]])
    if ability:
        parts.append(texts["abilities"][ability])
    type_line = kind.title() + (f" — {cls.title()}" if cls else "")
    if card["weapon"]:
        type_line += f" · {card['weapon'].title()}"
    stats: list[tuple[str, str]] = []
    if kind in ("unit", "tower"):
        stats.append(("Attacks", "2" if ability == "double" else "1"))
    colour = KIND_COLOURS.get(cls or kind, KIND_COLOURS["spell"])
    return CardFace(game=GAME, key=cid, name=name, type_line=type_line, text=" ".join(parts),
                    stats=tuple(stats), traits=(ability_name,) if ability else (),
                    facts=(("In each deck", f"{copies} of {deck_size} cards"),),
                    accent=colour)
