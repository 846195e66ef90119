"""Drachenherz board and hand images, drawn only from a view.

The board shows the two players (hand, deck and collected counts, the dragon figure, whose turn),
the nine spaces with their cards and slot fill, the collection area and the ship departures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from renderers.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Color,
    card,
    fit_text,
    font,
    new_canvas,
    text_center,
    to_png,
)

WIDTH = 960
HEIGHT = 680

TYPE_COLORS: dict[str, Color] = {
    "chest": (196, 152, 38),
    "fire": (196, 58, 42),
    "slayer": (40, 140, 128),
    "stone": (120, 124, 136),
    "princess": (196, 92, 160),
    "hero": (62, 104, 196),
    "troll": (96, 130, 52),
    "dwarf": (156, 100, 52),
    "ship": (44, 84, 140),
}
ACTIONS: dict[str, str] = {
    "chest": "no action",
    "fire": "takes the chests",
    "slayer": "3rd takes fire dragons",
    "stone": "no action",
    "princess": "takes chests OR stone",
    "hero": "2nd: princesses OR trolls",
    "troll": "takes the princesses",
    "dwarf": "4th takes the dwarves",
    "ship": "3rd takes the collection",
}
TYPE_TITLES: dict[str, str] = {
    "chest": "Treasure chest", "fire": "Fire dragon", "slayer": "Dragon slayer",
    "stone": "Stone dragon", "princess": "Princess", "hero": "Hero", "troll": "Troll",
    "dwarf": "Dwarf", "ship": "Ship",
}
GRID_ORDER = ("chest", "fire", "slayer", "stone", "princess", "hero", "troll", "dwarf", "ship")
CHOICE_SPACES = {"princess": ("chest", "stone"), "hero": ("princess", "troll")}
DRAGON_RED: Color = (220, 50, 50)
PLAYER_COLORS: tuple[Color, Color] = ((210, 70, 70), (70, 170, 90))
"""Seat colours, after the red and green card backs."""


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _names_in(text: str, names: Sequence[str], players: int) -> str:
    for seat in range(players):
        text = text.replace(f"{{p{seat}}}", _name(names, seat))
    return text


def _small_card(draw: ImageDraw.ImageDraw, x: int, y: int, kind: str, value: int,
                *, w: int = 40, h: int = 54) -> None:
    card(draw, (x, y, x + w, y + h), TYPE_COLORS[kind], outline=(20, 20, 24), radius=5)
    text_center(draw, (x, y, x + w, y + h - 6), str(value), size=24, bold=True)


def _card_row(draw: ImageDraw.ImageDraw, x0: int, x1: int, y: int, cards: Sequence[tuple[str, int]],
              *, w: int = 40, h: int = 54) -> None:
    """Draws cards left to right, overlapping them when they would not fit."""
    if not cards:
        return
    step = w + 4
    if len(cards) > 1:
        step = min(step, (x1 - x0 - w) // (len(cards) - 1))
    for i, (kind, value) in enumerate(cards):
        _small_card(draw, x0 + i * step, y, kind, value, w=w, h=h)


def _dragon_badge(draw: ImageDraw.ImageDraw, x: int, y: int, *, label: str = "DRAGON +3") -> None:
    draw.rounded_rectangle((x, y, x + 138, y + 30), radius=15, fill=DRAGON_RED,
                           outline=(255, 220, 200), width=2)
    text_center(draw, (x, y, x + 138, y + 30), label, size=16, bold=True)


def _player_panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], view: dict[str, Any],
                  seat: int, names: Sequence[str]) -> None:
    p = view["players"][seat]
    x0, y0, x1, y1 = box
    active = not view["over"] and seat in view["to_play"]
    winner = view["over"] and view["outcome"] and seat in view["outcome"]["winners"]
    border = HIGHLIGHT if active or winner else (70, 75, 88)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=border, width=4 if active else 2)
    draw.rectangle((x0 + 10, y0 + 14, x0 + 22, y0 + 34), fill=PLAYER_COLORS[seat])
    title = _name(names, seat)
    if seat == view["seat"]:
        title += " (you)"
    draw.text((x0 + 32, y0 + 10), fit_text(title, x1 - x0 - 200, 22, bold=True),
              font=font(22, bold=True), fill=INK)
    counts = f"Hand {p['hand']}   Deck {p['deck']}   Collected {p['collected']}"
    draw.text((x0 + 12, y0 + 46), counts, font=font(19), fill=INK)
    if p["score"] is not None:
        draw.text((x1 - 14, y0 + 48), f"{p['score']} pts", font=font(22, bold=True),
                  fill=HIGHLIGHT, anchor="ra")
    if p["dragon"]:
        _dragon_badge(draw, x1 - 150, y0 + 9)
    elif active:
        draw.text((x1 - 14, y0 + 12), "to play", font=font(20, bold=True), fill=HIGHLIGHT,
                  anchor="ra")


def _space(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], sp: dict[str, Any],
           *, lit: bool) -> None:
    x0, y0, x1, y1 = box
    kind = sp["type"]
    color = TYPE_COLORS[kind]
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=HIGHLIGHT if lit else color,
                           width=4 if lit else 3)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 36), radius=8, fill=color)
    draw.text((x0 + 12, y0 + 8), sp["name"], font=font(19, bold=True), fill=INK)
    cards = sp["cards"]
    if sp["slots"]:
        fill = f"{len(cards)}/{sp['slots']}"
        draw.text((x1 - 12, y0 + 8), fill, font=font(19, bold=True), fill=INK, anchor="ra")
    draw.text((x0 + 12, y0 + 42), ACTIONS[kind], font=font(16), fill=MUTED)
    if sp["slots"]:
        for i in range(sp["slots"]):
            x = x0 + 12 + i * 44
            if i >= len(cards):
                draw.rounded_rectangle((x, y0 + 70, x + 40, y0 + 124), radius=5,
                                       outline=(90, 95, 108), width=2)
        _card_row(draw, x0 + 12, x0 + 12 + sp["slots"] * 44, y0 + 70,
                  [(kind, v) for v in cards])
    else:
        _card_row(draw, x0 + 12, x1 - 12, y0 + 70, [(kind, v) for v in cards])
    if cards:
        summary = f"{len(cards)} card{'s' if len(cards) != 1 else ''}, {sum(cards)} pts"
        draw.text((x1 - 12, y1 - 8), summary, font=font(16), fill=MUTED, anchor="rd")


def _status(view: dict[str, Any], names: Sequence[str]) -> str:
    n = len(view["players"])
    if view["over"]:
        return "Game over. " + _names_in(view["outcome"]["reason"], names, n)
    who = _name(names, view["current"])
    if view["stage"] == "princess":
        text = f"{who} chooses: treasure chests or stone dragons"
    elif view["stage"] == "hero":
        text = f"{who} chooses: princesses or trolls"
    else:
        text = f"{who} to play"
    if view["last_turn"]:
        text += " - LAST TURN"
    elif view["ending"]:
        left = view["ending"]["turns_left"]
        text += f" - game ends in {left} more turn{'s' if left != 1 else ''}"
    return text


def render_board(view: dict[str, Any], *, names: Sequence[str]) -> bytes:
    """Draws the board as a PNG from any seat's view."""
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    for seat in range(len(view["players"])):
        x0 = 16 + seat * 468
        _player_panel(draw, (x0, 12, x0 + 460, 94), view, seat, names)

    lit = set(CHOICE_SPACES.get(view["stage"], ()))
    spaces = {sp["type"]: sp for sp in view["spaces"]}
    w, h, gap, top = 216, 160, 10, 108
    for i, kind in enumerate(GRID_ORDER):
        r, c = divmod(i, 3)
        x0, y0 = 16 + c * (w + gap), top + r * (h + gap)
        _space(draw, (x0, y0, x0 + w, y0 + h), spaces[kind], lit=kind in lit)

    # collection area and departures, right column
    cx0, cx1 = 16 + 3 * (w + gap) + 4, WIDTH - 16
    coll_box = (cx0, top, cx1, top + 2 * h + gap)
    draw.rounded_rectangle(coll_box, radius=10, fill=PANEL, outline=(150, 150, 170), width=3)
    draw.text((cx0 + 12, top + 8), "Collection area", font=font(20, bold=True), fill=INK)
    coll = view["collection"]
    heroes = sum(1 for c in coll if c["type"] == "hero")
    draw.text((cx0 + 12, top + 38), f"{heroes} heroes, {len(coll) - heroes} slayers, "
              f"{sum(c['value'] for c in coll)} pts", font=font(16), fill=MUTED)
    per_row = 7
    rows = [coll[i:i + per_row] for i in range(0, len(coll), per_row)] or [[]]
    for r, row in enumerate(rows[:4]):
        _card_row(draw, cx0 + 12, cx1 - 12, top + 68 + r * 62,
                  [(c["type"], c["value"]) for c in row])

    dep_top = top + 2 * (h + gap)
    draw.rounded_rectangle((cx0, dep_top, cx1, dep_top + h), radius=10, fill=PANEL,
                           outline=TYPE_COLORS["ship"], width=3)
    done, total = view["departures"], view["departures_to_end"]
    draw.text((cx0 + 12, dep_top + 8), f"Departures {done}/{total}", font=font(20, bold=True),
              fill=INK)
    for i in range(total):
        x = cx0 + 14 + i * 70
        y = dep_top + 52
        filled = i < done
        hull = [(x, y + 34), (x + 60, y + 34), (x + 50, y + 54), (x + 10, y + 54)]
        draw.polygon(hull, fill=TYPE_COLORS["ship"] if filled else None,
                     outline=INK if filled else (90, 95, 108), width=2)
        draw.line((x + 30, y, x + 30, y + 34), fill=INK if filled else (90, 95, 108), width=3)
        draw.polygon([(x + 32, y + 2), (x + 54, y + 28), (x + 32, y + 28)],
                     fill=(230, 230, 230) if filled else None,
                     outline=INK if filled else (90, 95, 108))
    if view["dragon"] is None:
        draw.text((cx0 + 12, dep_top + h - 34), "Dragon: unclaimed", font=font(17),
                  fill=MUTED)
    else:
        draw.text((cx0 + 12, dep_top + h - 34),
                  fit_text(f"Dragon: {_name(names, view['dragon'])}", cx1 - cx0 - 24, 17,
                           bold=True), font=font(17, bold=True), fill=DRAGON_RED)

    status_top = top + 3 * h + 2 * gap + 12
    draw.rounded_rectangle((16, status_top, WIDTH - 16, HEIGHT - 12), radius=10, fill=PANEL,
                           outline=HIGHLIGHT if view["over"] else (70, 75, 88), width=2)
    status = fit_text(_status(view, names), WIDTH - 64, 20, bold=True)
    draw.text((32, (status_top + HEIGHT - 12) // 2), status, font=font(20, bold=True),
              fill=HIGHLIGHT if view["over"] or view["last_turn"] else INK, anchor="lm")
    return to_png(image)


def render_hand(view: dict[str, Any], *, names: Sequence[str]) -> bytes | None:
    """Draws the viewer's hand as a PNG; None for a spectator."""
    hand = view.get("hand")
    if view.get("seat") is None or hand is None:
        return None
    cw, ch, gap = 136, 190, 12
    width = max(480, 24 + len(hand) * (cw + gap))
    height = ch + 76
    image, draw = new_canvas(width, height, BACKGROUND)
    seat = view["seat"]
    title = f"{_name(names, seat)}'s hand ({len(hand)} cards)"
    if view["players"][seat]["dragon"]:
        title += " - you hold the dragon"
    draw.text((16, 12), fit_text(title, width - 32, 22, bold=True), font=font(22, bold=True),
              fill=INK)
    if not hand:
        draw.text((16, 60), "No cards left.", font=font(20), fill=MUTED)
    for i, c in enumerate(hand):
        x, y = 16 + i * (cw + gap), 56
        kind = c["type"]
        card(draw, (x, y, x + cw, y + ch), TYPE_COLORS[kind], outline=(240, 240, 240), radius=10,
             width=3)
        draw.rounded_rectangle((x + 8, y + 8, x + cw - 8, y + 60), radius=6, fill=(25, 25, 30))
        words = TYPE_TITLES[kind].split()
        if len(words) == 1:
            text_center(draw, (x + 8, y + 8, x + cw - 8, y + 60), words[0], size=19, bold=True)
        else:
            text_center(draw, (x + 8, y + 10, x + cw - 8, y + 34), words[0], size=18, bold=True)
            text_center(draw, (x + 8, y + 34, x + cw - 8, y + 58), words[1], size=18, bold=True)
        text_center(draw, (x, y + 62, x + cw, y + 152), str(c["value"]), size=64, bold=True)
        text_center(draw, (x, y + 150, x + cw, y + ch - 6),
                    "point" if c["value"] == 1 else "points", size=16)
    return to_png(image)

