"""Card kinds and dragon mats of RivalWing, loaded once from `data/rivalwing/`.

Every physical card has an integer id; `kind_of(cid)` gives its kind code (for example `claw.F`).
Two decks (5-8 players) are ids 0..235, where id % 118 picks the kind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.text import Text, term

DATA = Path(__file__).resolve().parent.parent.parent / "data" / "rivalwing"

SIDES = ("F", "L", "R", "B")
"""The four sides: Front, Left, Right, Rear."""
LOCATIONS = ("F", "L", "R", "B", "W", "C")
CONTEXT = "rivalwing"
"""The catalog context of card, mat, side and weapon names (see babel.cfg)."""
LOC_NAME = {"F": term("rivalwing", "Front"), "L": term("rivalwing", "Left"),
            "R": term("rivalwing", "Right"), "B": term("rivalwing", "Rear"),
            "W": term("rivalwing", "Wings"), "C": term("rivalwing", "Core")}
"""A location's name (a `Text`, so equal to its English name)."""
NAME_LOC = {v: k for k, v in LOC_NAME.items()}
ELEMENT_NAME = {"Acid": term("rivalwing", "Acid"), "Chaos": term("rivalwing", "Chaos"),
                "Ice": term("rivalwing", "Ice"), "Lightning": term("rivalwing", "Lightning")}
"""A breath element's name to translate."""
FROST = term("rivalwing", "Frost")
ARC = term("rivalwing", "Arc")
"""The names of the bonus hits of Ice and Lightning breath (Extra Damage Markers)."""
MARKER = -1
"""The card id of an Extra Damage Marker entry (bonus hits, Core Hit, Armageddon)."""


def _load() -> tuple[dict[str, dict[str, Any]], list[str], dict[str, dict[str, Any]]]:
    cards = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))["cards"]
    kinds = {c["code"]: c for c in cards}
    deck: list[str] = []
    for c in cards:
        deck.extend([c["code"]] * c["count"])
    mats = {m["id"]: m for m in json.loads((DATA / "mats.json").read_text(encoding="utf-8"))["mats"]}
    return kinds, deck, mats


KINDS, DECK_KINDS, MATS = _load()
DECK_SIZE = len(DECK_KINDS)
MAT_IDS = tuple(MATS)
KIND_ORDER = {code: i for i, code in enumerate(KINDS)}

SCALES = {f"sc.{s}": s for s in SIDES}
DEFENSE_CARDS = frozenset({*SCALES, "hurt", "jaw", "seiz", "wblk"})
"""The Defense category (what attacking Dusting forbids)."""
MANEUVERS = frozenset(c for c, k in KINDS.items() if k["category"] == "maneuver")
ATTACK_MAGIC = frozenset(c for c, k in KINDS.items() if k.get("magic") == "attack")
DEFENSE_MAGIC = frozenset(c for c, k in KINDS.items() if k.get("magic") == "defense")
MAGIC_KINDS = ATTACK_MAGIC | DEFENSE_MAGIC
SPECIAL_IDS = frozenset(i for i, k in enumerate(DECK_KINDS * 2) if KINDS[k]["category"] == "special")
MAGIC_IDS = frozenset(i for i, k in enumerate(DECK_KINDS * 2) if KINDS[k]["category"] == "magic")
SPECIALS = frozenset(c for c, k in KINDS.items() if k["category"] == "special")
BREATHS = frozenset(c for c, k in KINDS.items() if k["category"] == "breath")
SIDE_HITS = frozenset(c for c, k in KINDS.items() if k["category"] == "melee" and "side" in k)
ELEMENT_CARD = {"Acid": "br.acid", "Chaos": "br.chaos", "Ice": "br.ice", "Lightning": "br.light"}


def rw_term(english: str) -> Text:
    """Returns a RivalWing name (a card, a mat, a side, a weapon, an element) to translate."""
    return term(CONTEXT, english)


def element_name(element: str | None) -> str:
    """Returns a breath element's name to translate ("Acid"); "-" for none."""
    return "-" if element is None else ELEMENT_NAME.get(element, element)


def card_text(kind: str) -> Text:
    """Returns a kind's rules text as printed on the card, to translate."""
    return rw_term(KINDS[kind]["text"])


def mat_name(mat: str) -> Text:
    """Returns a dragon mat's name to translate ("Black Dragon")."""
    return rw_term(MATS[mat]["name"])


KIND_OF = DECK_KINDS * 2
"""Kind code per card id (both decks), for fast lookups."""
CATEGORY_OF = [KINDS[k]["category"] for k in KIND_OF]


def kind_of(cid: int) -> str:
    """Returns the kind code of a physical card id."""
    return KIND_OF[cid]


NAME_OF = [rw_term(KINDS[k]["name"]) for k in KIND_OF]
"""Printed name per card id (both decks)."""


_KIND_NAMES = {code: rw_term(k["name"]) for code, k in KINDS.items()}
_MARKER_NAME = Text("Marker")


def name_of(cid: int) -> str:
    """Returns the printed name of a card id, or "Marker" for a marker (texts to translate)."""
    return _MARKER_NAME if cid == MARKER else _KIND_NAMES[DECK_KINDS[cid % DECK_SIZE]]


def kind_name(kind: str) -> str:
    """Returns the printed name of a kind code (a text to translate)."""
    return _KIND_NAMES[kind]
