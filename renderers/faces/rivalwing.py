"""RivalWing card faces from `data/rivalwing/cards.json` (category, timing, hit, damage, side,
text) and the dragon mats of `mats.json` (points per location, slots, breath, resistance)."""

from __future__ import annotations

import json
from typing import Any

from renderers.faces import DATA_DIR, CardFace, Color

GAME = "rivalwing"
MAT_PREFIX = "mat:"
"""Mat faces are keyed `mat:<id>` so that they never clash with a card code."""
TIMING = {"A": "your attack, as a hit card", "W": "with your attack", "D": "your defense window",
          "S": "any time, into a special slot"}
CATEGORY_COLOURS: dict[str, Color] = {
    "melee": (180, 80, 60), "breath": (200, 130, 40), "defense": (70, 130, 170),
    "maneuver": (110, 150, 80), "magic": (130, 90, 180), "special": (170, 150, 70),
}
BREATH_COLOURS: dict[str, Color] = {
    "Acid": (110, 170, 60), "Ice": (120, 180, 220), "Lightning": (220, 200, 70),
    "Chaos": (170, 80, 170),
}
LOCATIONS = (("F", "Front"), ("L", "Left"), ("R", "Right"), ("B", "Rear"), ("W", "Wings"),
             ("C", "Core"))


def faces() -> list[CardFace]:
    """Returns the face of every card kind, then of every dragon mat, in data order."""
    folder = DATA_DIR / GAME
    cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["cards"]
    mats = json.loads((folder / "mats.json").read_text(encoding="utf-8"))["mats"]
    deck = sum(card["count"] for card in cards)
    return [_card(card, deck) for card in cards] + [_mat(mat) for mat in mats]


def _card(card: dict[str, Any], deck: int) -> CardFace:
    category = card["category"]
    stats: list[tuple[str, str]] = []
    if "damage" in card:
        stats.append(("Damage", str(card["damage"])))
    stats.append(("Copies", str(card["count"])))
    traits = [card[k] for k in ("hit", "weapon", "element") if card.get(k)]
    if card.get("side"):
        traits.append(card["side"].upper())
    if card.get("magic"):
        traits.append(f"{card['magic'].upper()} MAGIC")
    if card.get("needs_wings"):
        traits.append("NEEDS WINGS")
    if category == "special":
        traits.append("STAYS" if card.get("stays") else "ONE USE")
    timing = " or ".join(TIMING[t] for t in card["timing"])
    return CardFace(
        game=GAME, key=card["code"], name=card["name"],
        type_line=f"{category.title()} card", text=card["text"], stats=tuple(stats),
        traits=tuple(str(t).upper() for t in traits),
        facts=(("Play", timing[:1].upper() + timing[1:]),
               ("In the deck", f"{card['count']} of {deck} cards")),
        accent=CATEGORY_COLOURS.get(category, (140, 140, 140)))


def _mat(mat: dict[str, Any]) -> CardFace:
    points = mat["points"]
    stats = tuple((label, "—" if points[loc] is None else str(points[loc]))
                  for loc, label in LOCATIONS)
    text = f"{mat['name']}: {mat['role']}. Breathes {mat['breath']}; resists {mat['resists']}."
    if points["W"] is None:
        text += " No Wings location: cards that need wings cannot be played."
    if not mat["magic_slots"]:
        text += " No magic slots: it cannot use magic (unless Innate Magic gives one)."
    return CardFace(
        game=GAME, key=MAT_PREFIX + mat["id"], name=mat["name"], type_line="Dragon mat",
        text=text, stats=stats, traits=(f"{mat['breath'].upper()} BREATH",),
        facts=(("Magic slots", str(mat["magic_slots"])),
               ("Special slots", str(mat["special_slots"])),
               ("Breath", mat["breath"]), ("Resists", mat["resists"])),
        accent=BREATH_COLOURS.get(mat["breath"], (140, 140, 140)))
