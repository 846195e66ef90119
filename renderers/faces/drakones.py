"""Drakones card faces from `data/drakones/cards.json` (class, weapon, ability), `decks.json`
(copies per deck) and `texts.json` (what each kind, weapon, ability and spell does).

Every word on a face is a `Text` (card names in the catalog's `drakones` context, the data texts
in `drakones-text`), so `/card` shows the face in the reader's language."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from games.text import Text, join_texts, term
from renderers.faces import DATA_DIR, CardFace, Color

GAME = "drakones"
KIND_COLOURS: dict[str, Color] = {
    "infantry": (60, 130, 80), "cavalry": (150, 105, 55), "dragon": (160, 55, 65),
    "wall": (110, 100, 90), "spell": (80, 80, 160),
}


WORDS = {
    "unit": term("drakones-face", "Unit"), "tower": term("drakones-face", "Tower"),
    "wall": term("drakones-face", "Wall"), "spell": term("drakones-face", "Spell"),
    "infantry": term("drakones-face", "Infantry"), "cavalry": term("drakones-face", "Cavalry"),
    "dragon": term("drakones-face", "Dragon"), "sword": term("drakones-face", "Sword"),
    "pike": term("drakones-face", "Pike"), "bow": term("drakones-face", "Bow"),
}
"""The type line's words (kind, class, weapon)."""
TEXT = "drakones-text"
"""The catalog context of `texts.json`'s texts (extracted by babel.cfg)."""


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
    ability_name = term(GAME, abilities[ability]) if ability else ""
    title = term(GAME, card["name"])
    name = title if not ability or kind == "wall" else Text("{card} – {ability}", card=title,
                                                            ability=ability_name)
    parts = [texts["spells"][cid]] if kind == "spell" else [texts["kinds"][kind]]
    if card["weapon"]:
        parts.append(texts["weapons"][card["weapon"]])
    if ability:
        parts.append(texts["abilities"][ability])
    type_line: str = WORDS[kind]
    if cls:
        type_line = Text("{kind} — {class_}", kind=type_line, class_=WORDS[cls])
    if card["weapon"]:
        type_line = Text("{kind} · {weapon}", kind=type_line, weapon=WORDS[card["weapon"]])
    stats: list[tuple[str, str]] = []
    if kind in ("unit", "tower"):
        stats.append((Text("Attacks"), "2" if ability == "double" else "1"))
    colour = KIND_COLOURS.get(cls or kind, KIND_COLOURS["spell"])
    text = join_texts((term(TEXT, part) for part in parts if part), " ")
    return CardFace(game=GAME, key=cid, name=name, type_line=type_line, text=text,
                    stats=tuple(stats), traits=(ability_name,) if ability else (),
                    facts=((Text("In each deck"), Text("{copies} of {size} cards", copies=copies,
                                                        size=deck_size)),),
                    accent=colour)
