"""Drachenherz card faces: one per card type, from `data/drachenherz/cards.json` (copies, point
values, slots) and `texts.json` (what playing the type does).

Every word on a face is a `Text` (the German names in the catalog's `drachenherz` context, the
data texts in `drachenherz-text`), so `/card` shows the face in the reader's language."""

from __future__ import annotations

import json
from collections import Counter

from games.text import Text, join_texts, term
from renderers.faces import DATA_DIR, CardFace, Color

GAME = "drachenherz"
TEXT = "drachenherz-text"
"""The catalog context of `texts.json`'s texts (extracted by babel.cfg)."""
TYPE_COLOURS: dict[str, Color] = {
    "chest": (200, 160, 60), "fire": (210, 80, 50), "slayer": (120, 130, 150),
    "stone": (130, 130, 120), "princess": (200, 110, 170), "hero": (70, 120, 200),
    "troll": (110, 140, 70), "dwarf": (160, 110, 70), "ship": (60, 140, 160),
}


def faces() -> list[CardFace]:
    """Returns one face per card type, in data order."""
    folder = DATA_DIR / GAME
    data = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    texts = json.loads((folder / "texts.json").read_text(encoding="utf-8"))
    found = []
    for kind in data["types"]:
        values = Counter(kind["values"])
        spread = ", ".join(f"{v} ×{n}" if n > 1 else str(v) for v, n in sorted(values.items()))
        space = (term(TEXT, texts["spaces"]["stack"]) if kind["slots"] is None
                 else term(TEXT, texts["spaces"]["fixed"], slots=kind["slots"]))
        points = str(max(values)) if len(values) == 1 else f"{min(values)}-{max(values)}"
        stats: list[tuple[str, str]] = [(Text("Points"), points)]
        if kind["slots"] is not None:
            stats.append((Text("Slots"), str(kind["slots"])))
        found.append(CardFace(
            game=GAME, key=kind["key"], name=term(GAME, kind["name"]),
            type_line=Text("Card type — stacking space") if kind["slots"] is None
            else Text("Card type — fixed space"),
            text=join_texts((term(TEXT, texts["types"][kind["key"]]), space), " "),
            stats=tuple(stats),
            facts=((Text("Point values"), spread),
                   (Text("In each deck"), Text("{copies} of {size} cards",
                                               copies=len(kind["values"]),
                                               size=data["deck_size"]))),
            accent=TYPE_COLOURS.get(kind["key"], (140, 140, 140))))
    return found
