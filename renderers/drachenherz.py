"""Drachenherz board and hand images, drawn only from a view.

The board shows the two players (hand, deck and collected counts, the dragon figure, whose turn),
the nine spaces with their cards and slot fill, the collection area and the ship departures.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, ViewHeader, header
from games.drachenherz.view import result_text
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
SLOTS: dict[str, int] = {"slayer": 3, "hero": 2, "dwarf": 4, "ship": 3}
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


CARD_W, CARD_H = 40, 54


@cache
def _small_card(kind: str, value: int) -> Image.Image:
    """Returns a small board card as an RGBA tile (drawn once per type and value)."""
    tile = Image.new("RGBA", (CARD_W + 1, CARD_H + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    card(draw, (0, 0, CARD_W, CARD_H), TYPE_COLORS[kind], outline=(20, 20, 24), radius=5)
    text_center(draw, (0, 0, CARD_W, CARD_H - 6), str(value), size=24, bold=True)
    return tile


def _card_row(image: Image.Image, x0: int, x1: int, y: int,
              cards: Sequence[tuple[str, int]]) -> None:
    """Pastes cards left to right, overlapping them when they would not fit."""
    if not cards:
        return
    step = CARD_W + 4
    if len(cards) > 1:
        step = min(step, (x1 - x0 - CARD_W) // (len(cards) - 1))
    for i, (kind, value) in enumerate(cards):
        tile = _small_card(kind, value)
        image.paste(tile, (x0 + i * step, y), tile)


def _dragon_badge(draw: ImageDraw.ImageDraw, x: int, y: int, *, label: str = "DRAGON +3") -> None:
    draw.rounded_rectangle((x, y, x + 138, y + 30), radius=15, fill=DRAGON_RED,
                           outline=(255, 220, 200), width=2)
    text_center(draw, (x, y, x + 138, y + 30), label, size=16, bold=True)


def _player_panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], view: View,
                  seat: int, names: Sequence[str]) -> None:
    p = view["players"][seat]
    head = header(view)
    x0, y0, x1, y1 = box
    active = not head["over"] and seat in head["to_play"]
    winner = head["over"] and seat in head["winners"]
    border = HIGHLIGHT if active or winner else (70, 75, 88)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=border, width=4 if active else 2)
    draw.rectangle((x0 + 10, y0 + 14, x0 + 22, y0 + 34), fill=PLAYER_COLORS[seat])
    title = _name(names, seat)
    if seat == head["seat"]:
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


def _space_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], kind: str) -> None:
    """Draws the unchanging part of a space: panel, title, action and empty slots."""
    x0, y0, x1, y1 = box
    color = TYPE_COLORS[kind]
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=color, width=3)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 36), radius=8, fill=color)
    draw.text((x0 + 12, y0 + 8), TYPE_TITLES[kind], font=font(19, bold=True), fill=INK)
    draw.text((x0 + 12, y0 + 42), ACTIONS[kind], font=font(16), fill=MUTED)
    for i in range(SLOTS.get(kind, 0)):
        x = x0 + 12 + i * 44
        draw.rounded_rectangle((x, y0 + 70, x + 40, y0 + 124), radius=5,
                               outline=(90, 95, 108), width=2)


def _space(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
           sp: dict[str, Any], *, lit: bool) -> None:
    """Draws what changes on a space: its cards, slot fill and highlight."""
    x0, y0, x1, y1 = box
    kind = sp["type"]
    if lit:
        draw.rounded_rectangle(box, radius=10, outline=(255, 255, 255), width=5)
        draw.text((x1 - 12, y0 + 9), "CHOOSE?", font=font(17, bold=True), fill=INK, anchor="ra")
    cards = sp["cards"]
    if sp["slots"]:
        fill = f"{len(cards)}/{sp['slots']}"
        draw.text((x1 - 12, y0 + 8), fill, font=font(19, bold=True), fill=INK, anchor="ra")
        _card_row(image, x0 + 12, x0 + 12 + sp["slots"] * 44, y0 + 70,
                  [(kind, v) for v in cards])
    else:
        _card_row(image, x0 + 12, x1 - 12, y0 + 70, [(kind, v) for v in cards])
    if cards:
        summary = f"{len(cards)} card{'s' if len(cards) != 1 else ''}, {sum(cards)} pts"
        draw.text((x1 - 12, y1 - 8), summary, font=font(16), fill=MUTED, anchor="rd")


def _status(view: View, names: Sequence[str]) -> str:
    head = header(view)
    if head["over"]:
        return "Game over. " + _names_in(result_text(view), names, head["players"])
    who = _name(names, head["to_play"][0])
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


def render_board(view: View, *, names: Sequence[str]) -> bytes:
    """Draws the board as a PNG from any seat's view."""
    image = _draw_board(view, names)
    return to_png(image.quantize(palette=_board_palette(), dither=Image.Dither.NONE))


def _sample_view(*, over: bool) -> View:
    """Returns a busy made-up view whose drawing holds every colour a board uses."""
    values = {"chest": [1, 2, 3, 4], "fire": [2, 3, 4], "slayer": [1, 2], "stone": [2, 2],
              "princess": [1, 2], "hero": [1], "troll": [1, 2, 3], "dwarf": [1, 2, 3],
              "ship": [0, 0]}
    slots = {"slayer": 3, "hero": 2, "dwarf": 4, "ship": 3}
    head = ViewHeader(game="drachenherz", seat=0, players=2, to_play=[] if over else [1],
                      active=None if over else 1, over=over, winners=[0] if over else [],
                      termination="ships" if over else None, seconds=180)
    return {
        "header": head, "stage": "princess" if over else "hero", "players": [
            {"seat": s, "hand": 5, "deck": 40, "collected": 12, "dragon": s == 0,
             "score": 30 - s if over else None} for s in (0, 1)],
        "spaces": [{"type": k, "name": TYPE_TITLES[k], "slots": slots.get(k), "cards": v}
                   for k, v in values.items()],
        "collection": [{"type": "hero", "value": 1}, {"type": "slayer", "value": 2}],
        "departures": 2, "departures_to_end": 3, "dragon": 0 if over else None,
        "last_turn": not over,
        "ending": {"cause": "ships", "seat": 1, "turns_left": 0} if over else None,
    }


@cache
def _board_palette() -> Image.Image:
    """Returns a fixed 256-colour palette for boards, taken once from two sample boards, so that
    each board is mapped to it instead of running a full quantizer (about 10 ms saved)."""
    names = ["Sample", "Player"]
    a = _draw_board(_sample_view(over=False), names)
    b = _draw_board(_sample_view(over=True), names)
    both = Image.new("RGB", (WIDTH, HEIGHT * 2))
    both.paste(a, (0, 0))
    both.paste(b, (0, HEIGHT))
    return both.quantize(colors=256, method=Image.Quantize.FASTOCTREE)


SPACE_W, SPACE_H, GAP, TOP = 216, 160, 10, 108
COL_X0, COL_X1 = 16 + 3 * (SPACE_W + GAP) + 4, WIDTH - 16
DEP_TOP = TOP + 2 * (SPACE_H + GAP)
STATUS_TOP = TOP + 3 * SPACE_H + 2 * GAP + 12


def _space_box(i: int) -> tuple[int, int, int, int]:
    r, c = divmod(i, 3)
    x0, y0 = 16 + c * (SPACE_W + GAP), TOP + r * (SPACE_H + GAP)
    return (x0, y0, x0 + SPACE_W, y0 + SPACE_H)


@cache
def _base_board() -> Image.Image:
    """Returns the parts of the board that never change, drawn once."""
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    for i, kind in enumerate(GRID_ORDER):
        _space_frame(draw, _space_box(i), kind)
    draw.rounded_rectangle((COL_X0, TOP, COL_X1, TOP + 2 * SPACE_H + GAP), radius=10, fill=PANEL,
                           outline=(150, 150, 170), width=3)
    draw.text((COL_X0 + 12, TOP + 8), "Collection area", font=font(20, bold=True), fill=INK)
    draw.rounded_rectangle((COL_X0, DEP_TOP, COL_X1, DEP_TOP + SPACE_H), radius=10, fill=PANEL,
                           outline=TYPE_COLORS["ship"], width=3)
    draw.rounded_rectangle((16, STATUS_TOP, WIDTH - 16, HEIGHT - 12), radius=10, fill=PANEL,
                           outline=(70, 75, 88), width=2)
    return image


def _collection_area(image: Image.Image, draw: ImageDraw.ImageDraw,
                     coll: Sequence[dict[str, Any]]) -> None:
    """Draws the heroes and dragon slayers waiting in the collection area, 7 to a row."""
    cx0, cx1 = COL_X0, COL_X1
    heroes = sum(1 for c in coll if c["type"] == "hero")
    draw.text((cx0 + 12, TOP + 38), f"{heroes} heroes, {len(coll) - heroes} slayers, "
              f"{sum(c['value'] for c in coll)} pts", font=font(16), fill=MUTED)
    per_row = 7
    rows = [coll[i:i + per_row] for i in range(0, len(coll), per_row)]
    for r, row in enumerate(rows[:4]):
        _card_row(image, cx0 + 12, cx1 - 12, TOP + 68 + r * 62,
                  [(c["type"], c["value"]) for c in row])


def _departures(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str]) -> None:
    """Draws one ship per departure needed (filled once departed) and the dragon holder."""
    cx0, cx1 = COL_X0, COL_X1
    done, total = view["departures"], view["departures_to_end"]
    draw.text((cx0 + 12, DEP_TOP + 8), f"Departures {done}/{total}", font=font(20, bold=True),
              fill=INK)
    for i in range(total):
        x = cx0 + 14 + i * 70
        y = DEP_TOP + 52
        filled = i < done
        line = INK if filled else (90, 95, 108)
        hull = [(x, y + 34), (x + 60, y + 34), (x + 50, y + 54), (x + 10, y + 54)]
        draw.polygon(hull, fill=TYPE_COLORS["ship"] if filled else None, outline=line, width=2)
        draw.line((x + 30, y, x + 30, y + 34), fill=line, width=3)
        draw.polygon([(x + 32, y + 2), (x + 54, y + 28), (x + 32, y + 28)],
                     fill=(230, 230, 230) if filled else None, outline=line)
    if view["dragon"] is None:
        draw.text((cx0 + 12, DEP_TOP + SPACE_H - 34), "Dragon: unclaimed", font=font(17),
                  fill=MUTED)
    else:
        draw.text((cx0 + 12, DEP_TOP + SPACE_H - 34),
                  fit_text(f"Dragon: {_name(names, view['dragon'])}", cx1 - cx0 - 24, 17,
                           bold=True), font=font(17, bold=True), fill=DRAGON_RED)


def _draw_board(view: View, names: Sequence[str]) -> Image.Image:
    """Draws the board in RGB on a copy of the unchanging base."""
    image = _base_board().copy()
    draw = ImageDraw.Draw(image)
    for seat in range(len(view["players"])):
        x0 = 16 + seat * 468
        _player_panel(draw, (x0, 12, x0 + 460, 94), view, seat, names)

    lit = set(CHOICE_SPACES.get(view["stage"], ()))
    spaces = {sp["type"]: sp for sp in view["spaces"]}
    for i, kind in enumerate(GRID_ORDER):
        _space(image, draw, _space_box(i), spaces[kind], lit=kind in lit)

    _collection_area(image, draw, view["collection"])
    _departures(draw, view, names)

    over = header(view)["over"]
    if over:
        draw.rounded_rectangle((16, STATUS_TOP, WIDTH - 16, HEIGHT - 12), radius=10,
                               outline=HIGHLIGHT, width=2)
    status = fit_text(_status(view, names), WIDTH - 64, 20, bold=True)
    draw.text((32, (STATUS_TOP + HEIGHT - 12) // 2), status, font=font(20, bold=True),
              fill=HIGHLIGHT if over or view["last_turn"] else INK, anchor="lm")
    return image


def render_hand(view: View, *, names: Sequence[str]) -> bytes | None:
    """Draws the viewer's hand as a PNG; None for a spectator."""
    hand = view.get("hand")
    seat = header(view)["seat"]
    if seat is None or hand is None:
        return None
    cw, ch, gap = 136, 190, 12
    width = max(600, 24 + len(hand) * (cw + gap))
    height = ch + 76
    image, draw = new_canvas(width, height, BACKGROUND)
    title = f"{_name(names, seat)}'s hand ({len(hand)} cards)"
    if view["players"][seat]["dragon"]:
        title += " - dragon holder"
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

