"""Drachenherz board and hand images, drawn only from a view.

The board shows the two players (hand, deck and collected counts, the dragon figure, whose turn),
the nine spaces with their cards and slot fill, the collection area and the ship departures.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, header
from games.drachenherz.cards import TYPE_KEYS, TYPE_NAMES, name_of
from games.drachenherz.view import result_text
from games.text import Text, Translate, english, plural
from renderers.bands import board_png
from renderers.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Color,
    Palette,
    card,
    fit_size,
    fit_text,
    font,
    new_canvas,
    paste,
    stamp,
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
    "chest": Text("no action"),
    "fire": Text("takes the chests"),
    "slayer": Text("3rd takes fire dragons"),
    "stone": Text("no action"),
    "princess": Text("takes chests OR stone"),
    "hero": Text("2nd: princesses OR trolls"),
    "troll": Text("takes the princesses"),
    "dwarf": Text("4th takes the dwarves"),
    "ship": Text("3rd takes the collection"),
}
TYPE_TITLES: dict[str, str] = {
    key: name_of(TYPE_NAMES[TYPE_KEYS.index(key)]) for key in TYPE_KEYS
}
SLOTS: dict[str, int] = {"slayer": 3, "hero": 2, "dwarf": 4, "ship": 3}
GRID_ORDER = ("chest", "fire", "slayer", "stone", "princess", "hero", "troll", "dwarf", "ship")
CHOICE_SPACES = {"princess": ("chest", "stone"), "hero": ("princess", "troll")}
DRAGON_RED: Color = (220, 50, 50)
PLAYER_COLORS: tuple[Color, Color] = ((210, 70, 70), (70, 170, 90))
"""Seat colours, after the red and green card backs."""
FRAME: Color = (70, 75, 88)
SLOT_LINE: Color = (90, 95, 108)
SOLIDS = [BACKGROUND, PANEL, INK, MUTED, HIGHLIGHT, *TYPE_COLORS.values(), DRAGON_RED,
          *PLAYER_COLORS, FRAME, SLOT_LINE, (150, 150, 170), (20, 20, 24), (255, 220, 200),
          (255, 255, 255), (230, 230, 230), (25, 25, 30), (240, 240, 240)]
TEXT_ON = {INK: [PANEL, DRAGON_RED, *TYPE_COLORS.values(), BACKGROUND, (25, 25, 30)],
           MUTED: [PANEL, BACKGROUND], HIGHLIGHT: [PANEL], DRAGON_RED: [PANEL]}
PAL = Palette(SOLIDS, [(ink, bg) for ink, bgs in TEXT_ON.items() for bg in bgs])
"""Built once: board regions are mapped to it as they are first drawn."""


def _name(names: Sequence[str], seat: int, tr: Translate = english) -> str:
    return names[seat] if seat < len(names) else tr(Text("Player {number}", number=seat + 1))


def _names_in(text: str, names: Sequence[str], players: int) -> str:
    for seat in range(players):
        text = text.replace(f"{{p{seat}}}", _name(names, seat))
    return text


CARD_W, CARD_H = 40, 54
Box = tuple[int, int, int, int]


@cache
def _small_card(kind: str, value: int) -> tuple[Image.Image, Image.Image]:
    """Returns a small board card in the palette and its shape mask (drawn once per type and
    value; the shape has no antialiasing, so a 1-bit mask is exact)."""
    tile = Image.new("RGBA", (CARD_W + 1, CARD_H + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    card(draw, (0, 0, CARD_W, CARD_H), TYPE_COLORS[kind], outline=(20, 20, 24), radius=5)
    text_center(draw, (0, 0, CARD_W, CARD_H - 6), str(value), size=24, bold=True)
    return PAL.map(tile.convert("RGB")), tile.getchannel("A").point(lambda a: 255 * (a > 0), "1")


def _card_row(image: Image.Image, x0: int, x1: int, y: int,
              cards: Sequence[tuple[str, int]]) -> None:
    """Pastes cards left to right, overlapping them when they would not fit."""
    if not cards:
        return
    step = CARD_W + 4
    if len(cards) > 1:
        step = min(step, (x1 - x0 - CARD_W) // (len(cards) - 1))
    for i, (kind, value) in enumerate(cards):
        tile, mask = _small_card(kind, value)
        paste(image, tile, (x0 + i * step, y), mask)


def _dragon_badge(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
                  tr: Translate) -> None:
    draw.rounded_rectangle((x, y, x + 138, y + 30), radius=15, fill=PAL[DRAGON_RED],
                           outline=PAL[(255, 220, 200)], width=2)
    badge = tr(Text("DRAGON +3"))
    stamp(image, PAL, (x + 69, y + 15), badge, size=fit_size(badge, 126, 16, bold=True),
          bold=True, anchor="mm", background=DRAGON_RED)


def _player_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: int,
                  title: str, dragon: bool, active: bool, winner: bool, tr: Translate) -> None:
    """Draws a player panel but its counts: frame, seat colour, title, dragon and turn marks."""
    x0, y0, x1, y1 = box
    border = HIGHLIGHT if active or winner else FRAME
    draw.rounded_rectangle(box, radius=10, fill=PAL[PANEL], outline=PAL[border],
                           width=4 if active else 2)
    draw.rectangle((x0 + 10, y0 + 14, x0 + 22, y0 + 34), fill=PAL[PLAYER_COLORS[seat]])
    stamp(image, PAL, (x0 + 32, y0 + 10), fit_text(title, x1 - x0 - 200, 22, bold=True), size=22,
          bold=True, background=PANEL)
    if dragon:
        _dragon_badge(image, draw, x1 - 150, y0 + 9, tr)
    elif active:
        stamp(image, PAL, (x1 - 14, y0 + 12), tr(Text("to play")), size=20, bold=True,
              fill=HIGHLIGHT, anchor="ra", background=PANEL)


def _panel_counts(image: Image.Image, box: Box, hand: int, deck: int, collected: int,
                  score: int | None, tr: Translate) -> None:
    """Writes a panel's counts and score on the board, over its frame (they change each turn,
    the frame seldom: stamped from cached words instead of drawing a panel per turn)."""
    x0, y0, x1, _ = box
    counts = tr(Text("Hand {hand}   Deck {deck}   Collected {collected}", hand=hand, deck=deck,
                     collected=collected))
    stamp(image, PAL, (x0 + 12, y0 + 46), counts, size=fit_size(counts, x1 - x0 - 130, 19),
          background=PANEL)
    if score is not None:
        stamp(image, PAL, (x1 - 14, y0 + 48), tr(Text("{score} pts", score=score)), size=22,
              bold=True, fill=HIGHLIGHT, anchor="ra", background=PANEL)


def _space_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], kind: str,
                 tr: Translate) -> None:
    """Draws the unchanging part of a space: panel, title, action and empty slots."""
    x0, y0, x1, y1 = box
    color = TYPE_COLORS[kind]
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=color, width=3)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 36), radius=8, fill=color)
    title, action = tr(TYPE_TITLES[kind]), tr(ACTIONS[kind])
    room = x1 - x0 - 24 - (50 if kind in SLOTS else 0)
    draw.text((x0 + 12, y0 + 8), title, font=font(fit_size(title, room, 19, bold=True), bold=True),
              fill=INK)
    draw.text((x0 + 12, y0 + 42), action, font=font(fit_size(action, x1 - x0 - 24, 16)),
              fill=MUTED)
    for i in range(SLOTS.get(kind, 0)):
        x = x0 + 12 + i * 44
        draw.rounded_rectangle((x, y0 + 70, x + 40, y0 + 124), radius=5,
                               outline=(90, 95, 108), width=2)


def _space(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
           sp: dict[str, Any], *, lit: bool, tr: Translate) -> None:
    """Draws what changes on a space: its cards, slot fill and highlight."""
    x0, y0, x1, y1 = box
    kind = sp["type"]
    if lit:
        paste(image, _choose_label(kind, tr), (x1 - 12 - CHOOSE_W, y0 + 3))
        draw.rounded_rectangle(box, radius=10, outline=PAL[(255, 255, 255)], width=5)
    cards = sp["cards"]
    if sp["slots"]:
        fill = f"{len(cards)}/{sp['slots']}"
        stamp(image, PAL, (x1 - 12, y0 + 8), fill, size=19, bold=True, anchor="ra",
              background=TYPE_COLORS[kind])
        _card_row(image, x0 + 12, x0 + 12 + sp["slots"] * 44, y0 + 70,
                  [(kind, v) for v in cards])
    else:
        _card_row(image, x0 + 12, x1 - 12, y0 + 70, [(kind, v) for v in cards])
    if cards:
        summary = tr(plural("{n} card, {points} pts", "{n} cards, {points} pts", len(cards),
                            points=sum(cards)))
        stamp(image, PAL, (x1 - 12, y1 - 8), summary, size=16, fill=MUTED, anchor="rd",
              background=PANEL)


CHOOSE_W = 96


@cache
def _choose_label(kind: str, tr: Translate) -> Image.Image:
    """Returns a space's title strip right end with "CHOOSE?" over it (it overlaps long titles,
    so it is drawn over the real strip, once per space)."""
    i = GRID_ORDER.index(kind)
    x0, y0, x1, _ = _space_box(i)
    strip = _base_board(tr).crop((x1 - 12 - CHOOSE_W, y0 + 3, x1 - 11, y0 + 36))
    choose = tr(Text("CHOOSE?"))
    ImageDraw.Draw(strip).text((CHOOSE_W, 6), choose,
                               font=font(fit_size(choose, CHOOSE_W - 4, 17, bold=True), bold=True),
                               fill=INK, anchor="ra")
    return PAL.map(strip)


def _status(view: View, names: Sequence[str], tr: Translate) -> str:
    head = header(view)
    if head["over"]:
        reason = _names_in(tr(result_text(view)), names, head["players"])
        return tr(Text("Game over. {reason}", reason=reason))
    who = _name(names, head["to_play"][0], tr)
    if view["stage"] == "princess":
        text = tr(Text("{player} chooses: treasure chests or stone dragons", player=who))
    elif view["stage"] == "hero":
        text = tr(Text("{player} chooses: princesses or trolls", player=who))
    else:
        text = tr(Text("{player} to play", player=who))
    if view["last_turn"]:
        text += tr(Text(" - LAST TURN"))
    elif view["ending"]:
        text += tr(plural(" - game ends in {n} more turn", " - game ends in {n} more turns",
                          view["ending"]["turns_left"]))
    return text


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Draws the board as a PNG from any seat's view, its words in the reader's language."""
    return board_png(_draw_board(view, names, tr))


SPACE_W, SPACE_H, GAP, TOP = 216, 160, 10, 108
COL_X0, COL_X1 = 16 + 3 * (SPACE_W + GAP) + 4, WIDTH - 16
DEP_TOP = TOP + 2 * (SPACE_H + GAP)
STATUS_TOP = TOP + 3 * SPACE_H + 2 * GAP + 12


def _space_box(i: int) -> tuple[int, int, int, int]:
    r, c = divmod(i, 3)
    x0, y0 = 16 + c * (SPACE_W + GAP), TOP + r * (SPACE_H + GAP)
    return (x0, y0, x0 + SPACE_W, y0 + SPACE_H)


@cache
def _base_board(tr: Translate) -> Image.Image:
    """Returns the parts of the board that never change, drawn once per language."""
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    for i, kind in enumerate(GRID_ORDER):
        _space_frame(draw, _space_box(i), kind, tr)
    draw.rounded_rectangle((COL_X0, TOP, COL_X1, TOP + 2 * SPACE_H + GAP), radius=10, fill=PANEL,
                           outline=(150, 150, 170), width=3)
    draw.text((COL_X0 + 12, TOP + 8), tr(Text("Collection area")), font=font(20, bold=True),
              fill=INK)
    draw.rounded_rectangle((COL_X0, DEP_TOP, COL_X1, DEP_TOP + SPACE_H), radius=10, fill=PANEL,
                           outline=TYPE_COLORS["ship"], width=3)
    draw.rounded_rectangle((16, STATUS_TOP, WIDTH - 16, HEIGHT - 12), radius=10, fill=PANEL,
                           outline=(70, 75, 88), width=2)
    return image


def _collection_area(image: Image.Image, draw: ImageDraw.ImageDraw,
                     coll: Sequence[dict[str, Any]], tr: Translate, *, dx: int = 0,
                     dy: int = 0) -> None:
    """Draws the heroes and dragon slayers waiting in the collection area, 7 to a row
    (shifted by dx, dy: it is drawn on a tile of its own)."""
    cx0, cx1, top = COL_X0 + dx, COL_X1 + dx, TOP + dy
    heroes = sum(1 for c in coll if c["type"] == "hero")
    summary = tr(Text("{heroes} heroes, {slayers} slayers, {points} pts", heroes=heroes,
                      slayers=len(coll) - heroes, points=sum(c["value"] for c in coll)))
    stamp(image, PAL, (cx0 + 12, top + 38), summary, size=fit_size(summary, cx1 - cx0 - 24, 16),
          fill=MUTED, background=PANEL)
    per_row = 7
    rows = [coll[i:i + per_row] for i in range(0, len(coll), per_row)]
    for r, row in enumerate(rows[:4]):
        _card_row(image, cx0 + 12, cx1 - 12, top + 68 + r * 62,
                  [(c["type"], c["value"]) for c in row])


def _departures(image: Image.Image, draw: ImageDraw.ImageDraw, done: int, total: int,
                dragon: str | None, tr: Translate, *, dx: int = 0, dy: int = 0) -> None:
    """Draws one ship per departure needed (filled once departed) and the dragon holder."""
    cx0, cx1, dep_top = COL_X0 + dx, COL_X1 + dx, DEP_TOP + dy
    stamp(image, PAL, (cx0 + 12, dep_top + 8), tr(Text("Departures {done}/{total}", done=done,
          total=total)), size=20, bold=True, background=PANEL)
    for i in range(total):
        x = cx0 + 14 + i * 70
        y = dep_top + 52
        filled = i < done
        line = PAL[INK if filled else SLOT_LINE]
        hull = [(x, y + 34), (x + 60, y + 34), (x + 50, y + 54), (x + 10, y + 54)]
        draw.polygon(hull, fill=PAL[TYPE_COLORS["ship"]] if filled else None, outline=line,
                     width=2)
        draw.line((x + 30, y, x + 30, y + 34), fill=line, width=3)
        draw.polygon([(x + 32, y + 2), (x + 54, y + 28), (x + 32, y + 28)],
                     fill=PAL[(230, 230, 230)] if filled else None, outline=line)
    if dragon is None:
        stamp(image, PAL, (cx0 + 12, dep_top + SPACE_H - 34), tr(Text("Dragon: unclaimed")),
              size=17, fill=MUTED, background=PANEL)
    else:
        stamp(image, PAL, (cx0 + 12, dep_top + SPACE_H - 34),
              fit_text(tr(Text("Dragon: {player}", player=dragon)), cx1 - cx0 - 24, 17, bold=True),
              size=17, bold=True,
              fill=DRAGON_RED, background=PANEL)


@lru_cache(maxsize=512)  # at most ~20 MB of tiles
def _tile(box: Box, key: tuple[Any, ...], tr: Translate) -> Image.Image:
    """Returns one region of the board (a player panel, a space, the collection, the departures
    or the status line) drawn on the unchanging base: each distinct content is drawn once (`key`
    says what the region shows), straight into the palette with cached text."""
    x0, y0, x1, y1 = box
    image = _base_p(tr).crop((x0, y0, x1 + 1, y1 + 1))
    draw = ImageDraw.Draw(image)
    rel = (0, 0, x1 - x0, y1 - y0)
    what, *args = key
    if what == "panel":
        seat, title, dragon, active, winner = args
        _player_panel(image, draw, rel, seat, title, dragon, active, winner, tr)
    elif what == "space":
        kind, slots, cards, lit = args
        _space(image, draw, rel, {"type": kind, "slots": slots, "cards": list(cards)}, lit=lit,
               tr=tr)
    elif what == "collection":
        coll = [{"type": t, "value": v} for t, v in args[0]]
        _collection_area(image, draw, coll, tr, dx=-x0, dy=-y0)
    elif what == "departures":
        _departures(image, draw, args[0], args[1], args[2], tr, dx=-x0, dy=-y0)
    else:
        _status_line(image, draw, rel, *args)
    return image


def _status_line(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, status: str,
                 over: bool, lit: bool) -> None:
    if over:
        draw.rounded_rectangle(box, radius=10, outline=PAL[HIGHLIGHT], width=2)
    status = fit_text(status, WIDTH - 64, 20, bold=True)
    stamp(image, PAL, (box[0] + 16, (box[1] + box[3]) // 2), status, size=20, bold=True,
          fill=HIGHLIGHT if lit else INK, anchor="lm", background=PANEL)


def _panel_key(view: View, seat: int, names: Sequence[str], tr: Translate) -> tuple[Any, ...]:
    """Returns what a player panel's frame shows: title, dragon and turn marks."""
    head = header(view)
    title = _name(names, seat, tr) + (tr(Text(" (you)")) if seat == head["seat"] else "")
    active = not head["over"] and seat in head["to_play"]
    winner = head["over"] and seat in head["winners"]
    return ("panel", seat, title, bool(view["players"][seat]["dragon"]), active, winner)


def _draw_board(view: View, names: Sequence[str], tr: Translate) -> Image.Image:
    """Assembles the board from cached region tiles on the palette base."""
    image = _base_p(tr).copy()

    def put(box: Box, key: tuple[Any, ...]) -> None:
        paste(image, _tile(box, key, tr), box[:2])

    for seat, p in enumerate(view["players"]):
        x0 = 16 + seat * 468
        box = (x0, 12, x0 + 460, 94)
        put(box, _panel_key(view, seat, names, tr))
        _panel_counts(image, box, p["hand"], p["deck"], p["collected"], p["score"], tr)
    lit = set(CHOICE_SPACES.get(view["stage"], ()))
    spaces = {sp["type"]: sp for sp in view["spaces"]}
    for i, kind in enumerate(GRID_ORDER):
        sp = spaces[kind]
        put(_space_box(i), ("space", kind, sp["slots"], tuple(sp["cards"]), kind in lit))
    put((COL_X0, TOP, COL_X1, TOP + 2 * SPACE_H + GAP),
        ("collection", tuple((c["type"], c["value"]) for c in view["collection"])))
    dragon = None if view["dragon"] is None else _name(names, view["dragon"])
    put((COL_X0, DEP_TOP, COL_X1, DEP_TOP + SPACE_H),
        ("departures", view["departures"], view["departures_to_end"], dragon))
    over = header(view)["over"]
    put((16, STATUS_TOP, WIDTH - 16, HEIGHT - 12),
        ("status", _status(view, names, tr), over, over or bool(view["last_turn"])))
    return image


@cache
def _base_p(tr: Translate) -> Image.Image:
    """Returns the unchanging base mapped to the palette (once per language)."""
    return PAL.map(_base_board(tr))


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Draws the viewer's hand as a PNG; None for a spectator."""
    hand = view.get("hand")
    seat = header(view)["seat"]
    if seat is None or hand is None:
        return None
    cw, ch, gap = 136, 190, 12
    width = max(600, 24 + len(hand) * (cw + gap))
    height = ch + 76
    image, draw = new_canvas(width, height, BACKGROUND)
    title = tr(plural("{player}'s hand ({n} card)", "{player}'s hand ({n} cards)", len(hand),
                      player=_name(names, seat, tr)))
    if view["players"][seat]["dragon"]:
        title += tr(Text(" - dragon holder"))
    draw.text((16, 12), fit_text(title, width - 32, 22, bold=True), font=font(22, bold=True),
              fill=INK)
    if not hand:
        draw.text((16, 60), tr(Text("No cards left.")), font=font(20), fill=MUTED)
    for i, c in enumerate(hand):
        x, y = 16 + i * (cw + gap), 56
        kind = c["type"]
        card(draw, (x, y, x + cw, y + ch), TYPE_COLORS[kind], outline=(240, 240, 240), radius=10,
             width=3)
        draw.rounded_rectangle((x + 8, y + 8, x + cw - 8, y + 60), radius=6, fill=(25, 25, 30))
        words = tr(TYPE_TITLES[kind]).split()
        inner = cw - 24
        if len(words) == 1:
            text_center(draw, (x + 8, y + 8, x + cw - 8, y + 60), words[0],
                        size=fit_size(words[0], inner, 19, bold=True), bold=True)
        else:
            size = min(fit_size(w, inner, 18, bold=True) for w in words[:2])
            text_center(draw, (x + 8, y + 10, x + cw - 8, y + 34), words[0], size=size, bold=True)
            text_center(draw, (x + 8, y + 34, x + cw - 8, y + 58), words[1], size=size, bold=True)
        text_center(draw, (x, y + 62, x + cw, y + 152), str(c["value"]), size=64, bold=True)
        text_center(draw, (x, y + 150, x + cw, y + ch - 6),
                    tr(Text("point") if c["value"] == 1 else Text("points")), size=16)
    return to_png(PAL.map(image))

