"""Dragon Front card faces from `data/dragonfront/cards.json`: cost, power, health, fragments,
traits, type line, text, faction and rarity. Cards the engine cannot play yet show the database's
ability text and a note. Every word but the card's printed name is a `Text` (the generated rules
text of `games.dragonfront.card_text`, keywords, types, factions), drawn in the reader's language."""

from __future__ import annotations

import json
from typing import Any

from games.dragonfront.card_text import describe, keyword
from games.text import Text, join_texts, term
from renderers.faces import DATA_DIR, CardFace, Color

GAME = "dragonfront"
FACTION_COLOURS: dict[str, Color] = {
    "Aegis": (214, 178, 72), "Delirium": (150, 86, 190), "Eclipse": (96, 104, 128),
    "Essence": (70, 160, 200), "Scales": (196, 120, 52), "Silence": (84, 150, 96),
    "Strife": (200, 62, 56), "Thorns": (118, 160, 52), "Unaligned": (150, 150, 150),
}
TYPE_TITLE = {"unit": term("dragonfront", "Unit"), "spell": term("dragonfront", "Spell"),
              "fort": term("dragonfront", "Fortification"),
              "champion": term("dragonfront", "Champion")}


def faces() -> list[CardFace]:
    """Returns the face of every card, in id order."""
    cards = json.loads((DATA_DIR / GAME / "cards.json").read_text(encoding="utf-8"))
    return [_face(card) for _, card in sorted(cards.items())]


def _face(card: dict[str, Any]) -> CardFace:
    kind = card["type"]
    type_line: str = TYPE_TITLE.get(kind, kind.title())
    if card.get("race") and card["race"] != "NONE":
        type_line = Text("{type} — {race}", type=type_line,
                         race=term("dragonfront", card["race"].title()))
    stats: list[tuple[str, str]] = []
    if kind in ("unit", "champion") or card["power"]:
        stats.append((Text("Power"), str(card["power"])))
    if kind in ("unit", "champion") or card["health"]:
        stats.append((Text("Health"), str(card["health"])))
    if card["fragments"]:
        stats.append((Text("Fragments"), str(card["fragments"])))
    traits: list[str] = [keyword(name) if value == 1 else Text("{keyword} {n}", keyword=keyword(name),
                                                              n=value)
                         for name, value in sorted(card["kw"].items())]
    if card.get("giant") and "GIANT" not in card["kw"]:
        traits.insert(0, keyword("GIANT"))
    unsupported = card.get("unsupported")
    facts: list[tuple[str, str]] = [(Text("Faction"), term("dragonfront", card["faction"])),
                                    (Text("Rarity"), term("dragonfront", card["rarity"]))]
    if card.get("valid_factions"):
        facts.append((Text("Fits"), join_texts([term("dragonfront", f)
                                                for f in card["valid_factions"]])))
    if not card["collectible"]:
        facts.append((Text("Collectible"), Text("no")))
    text = describe(card) if card["text"] else Text("No ability.")
    return CardFace(
        game=GAME, key=card["id"], name=card["name"], type_line=type_line,
        text=unsupported or text, cost=card["cost"], stats=tuple(stats),
        traits=tuple(traits), facts=tuple(facts),
        note=Text("Hoard cannot play this card yet.") if unsupported else "",
        accent=FACTION_COLOURS.get(card["faction"], FACTION_COLOURS["Unaligned"]))
