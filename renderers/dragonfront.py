"""Draws Dragon Front views: the 4x4 board from the viewer's side, and the viewer's private hand.

Only the view is used, so hidden cards (hands, decks, stealthed enemies) can never be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, header
from games.dragonfront.view import faction_name
from games.text import Text, Translate, english, term
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
    text_width,
    to_png,
)

CELL_W, CELL_H = 160, 118
GRID_X, GRID_Y = 44, 70
SIDE_X = GRID_X + 4 * CELL_W + 20
WIDTH = SIDE_X + 250
HEIGHT = GRID_Y + 4 * CELL_H + 40
OWN = (52, 92, 150)
FOE = (150, 56, 56)
FORT = (95, 85, 60)
BLESSED = (92, 84, 40)
ROW_TINT = {"spawn": (40, 46, 56), "front": (36, 40, 48)}
GRID_LINE = (70, 75, 88)
TRAIT_INK = (220, 220, 200)
COST_DISC = (40, 90, 170)
SOLIDS = [BACKGROUND, PANEL, INK, MUTED, HIGHLIGHT, OWN, FOE, FORT, BLESSED, *ROW_TINT.values(),
          GRID_LINE, TRAIT_INK, COST_DISC]
TEXT_ON = {INK: [BACKGROUND, PANEL, OWN, FOE, FORT, COST_DISC], MUTED: [BACKGROUND, PANEL, BLESSED,
           *ROW_TINT.values()], HIGHLIGHT: [OWN, FOE], TRAIT_INK: [OWN, FOE]}
PAL = Palette(SOLIDS, [(ink, bg) for ink, bgs in TEXT_ON.items() for bg in bgs])
"""Built once: boards are drawn in it directly, hands are mapped to it."""
SHORT = {"FLIGHT": term("dragonfront-short", "FLY"), "RANGE": term("dragonfront-short", "RNG"),
         "SPRINT": term("dragonfront-short", "SPR"), "RUSH": term("dragonfront-short", "RSH"),
         "ARMOR": term("dragonfront-short", "ARM"), "STEALTH": term("dragonfront-short", "STL"),
         "SWIFT": term("dragonfront-short", "SWF"), "BLIGHT": term("dragonfront-short", "BLT"),
         "STUN": term("dragonfront-short", "STN"), "DEATHBLOW": term("dragonfront-short", "DBL"),
         "BREACH": term("dragonfront-short", "BRC"), "BERSERK": term("dragonfront-short", "BSK"),
         "UNION": term("dragonfront-short", "UNI"), "CATAPULT": term("dragonfront-short", "CAT"),
         "SHIFT": term("dragonfront-short", "SHF"), "PUSH": term("dragonfront-short", "PSH"),
         "STEELWARD": term("dragonfront-short", "STW"), "BLESS": term("dragonfront-short", "BLS"),
         "REGEN": term("dragonfront-short", "RGN"), "SIPHON": term("dragonfront-short", "SIP"),
         "GUARD": term("dragonfront-short", "GRD")}
"""Three-letter traits on a unit tile (context "dragonfront-short": each language its own)."""
STATUS = {"stunned": term("dragonfront-short", "STUN"), "poisoned": term("dragonfront-short", "PSN"),
          "hidden": term("dragonfront-short", "hidden"), "sick": term("dragonfront-short", "zz"),
          "acted": term("dragonfront-short", "done")}
"""A unit's state, in its tile's corner."""
TYPE_NAMES = {"unit": term("dragonfront", "Unit"), "spell": term("dragonfront", "Spell"),
              "fort": term("dragonfront", "Fort"), "champion": term("dragonfront", "Champion")}


def _cell_box(sp: int, me: int) -> tuple[int, int, int, int]:
    r, c = sp // 4, sp % 4
    if me == 1:
        r, c = 3 - r, 3 - c
    x = GRID_X + c * CELL_W
    y = GRID_Y + (3 - r) * CELL_H
    return x, y, x + CELL_W, y + CELL_H


def _name(names: Sequence[str], seat: int, tr: Translate = english) -> str:
    return names[seat] if seat < len(names) else tr(Text("Player {number}", number=seat + 1))


def _title(view: View, names: Sequence[str], tr: Translate) -> str:
    h = header(view)
    turn = view["turn"] + 1
    if h["over"]:
        win = h["winners"]
        if not win:
            return tr(Text("Dragon Front - turn {turn} - draw", turn=turn))
        return tr(Text("Dragon Front - turn {turn} - {player} wins", turn=turn,
                       player=_name(names, win[0], tr)))
    if h["active"] is None:
        return tr(Text("Dragon Front - turn {turn} - mulligan", turn=turn))
    return tr(Text("Dragon Front - turn {turn} - {player} to play", turn=turn,
                   player=_name(names, h["active"], tr)))


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Returns the board as a PNG from the viewer's side (own Spawn Row at the bottom)."""
    seat = header(view)["seat"]
    me = seat if seat is not None else 0
    image = _static_layer(me).copy()
    draw = ImageDraw.Draw(image)
    foe = 1 - me
    title = fit_text(_title(view, names, tr), 4 * CELL_W, 20, bold=True)
    stamp(image, PAL, (GRID_X, 14), title, size=20, bold=True, background=BACKGROUND)
    for seat, y in ((foe, 42), (me, GRID_Y + 4 * CELL_H + 8)):
        line = tr(Text("{player}'s Stronghold", player=_name(names, seat, tr)))
        stamp(image, PAL, (GRID_X, y), fit_text(line, 4 * CELL_W, 15), size=15, fill=MUTED,
              background=BACKGROUND)
    blessed = set(view.get("blessed", []))
    for sp in blessed:
        _cell(image, draw, sp, me, BLESSED)
    for f in view["forts"]:
        _draw_fort(image, draw, f, me)
    for u in view["units"]:
        _draw_unit(image, u, me, blessed, tr)
    _draw_side(image, view, names, me, tr)
    return board_png(image)


def _cell(image: Image.Image, draw: ImageDraw.ImageDraw, sp: int, me: int, tint: Color) -> None:
    """Draws one empty board space: its tint, grid line and coordinate."""
    box = _cell_box(sp, me)
    row = sp // 4
    draw.rectangle(box, fill=PAL[tint], outline=PAL[GRID_LINE], width=1)
    rr, cc = (row, sp % 4) if me == 0 else (3 - row, 3 - sp % 4)
    stamp(image, PAL, (box[0] + 4, box[1] + 2), f"{'ABCD'[cc]}{rr + 1}", size=14, fill=MUTED,
          background=tint)


@cache
def _static_layer(me: int) -> Image.Image:
    """Returns what never changes for a viewer's side: the grid and the two side panels."""
    image, draw = PAL.canvas(WIDTH, HEIGHT)
    for sp in range(16):
        _cell(image, draw, sp, me, ROW_TINT["spawn"] if sp // 4 in (0, 3) else ROW_TINT["front"])
    y = GRID_Y
    for outline in (FOE, OWN):
        box = (SIDE_X, y, WIDTH - 12, y + 2 * CELL_H - 12)
        draw.rounded_rectangle(box, radius=8, fill=PAL[PANEL], outline=PAL[outline], width=2)
        y += 2 * CELL_H
    return image


def _draw_fort(image: Image.Image, draw: ImageDraw.ImageDraw, f: dict[str, Any], me: int) -> None:
    x0, y0, x1, y1 = _cell_box(f["space"], me)
    label = f["name"]
    if f["wall"]:
        label = f"{label} [{f['health']}]"
    tint = image.getpixel((x0 + 4, y1 - 30))  # the space's tint, in the fort's corner
    assert isinstance(tint, int)
    paste(image, _fort_tile(tint, f["owner"] == me, label), (x0 + 4, y1 - 30))


@lru_cache(maxsize=256)
def _fort_tile(tint: int, own: bool, label: str) -> Image.Image:
    """Returns a fort's plate over its space's tint (a palette index), drawn once per content."""
    w, h = CELL_W - 8, 26
    image, draw = PAL.canvas(w + 1, h + 1)
    draw.rectangle((0, 0, w, h), fill=tint)
    draw.rounded_rectangle((0, 0, w, h), radius=4, fill=PAL[FORT],
                           outline=PAL[OWN if own else FOE], width=2)
    stamp(image, PAL, (5, 4), fit_text(label, w - 10, 14), size=14, background=FORT)
    return image


def _unit_status(u: dict[str, Any], me: int, tr: Translate) -> str:
    status = []
    if u["stunned"]:
        status.append(tr(STATUS["stunned"]))
    if u["poisoned"]:
        status.append(tr(STATUS["poisoned"]))
    if u["hidden"]:
        status.append(tr(STATUS["hidden"]))
    if u["owner"] == me and (u["sick"] or u["acted"]):
        status.append(tr(STATUS["sick"] if u["sick"] else STATUS["acted"]))
    return " ".join(status)


def _draw_unit(image: Image.Image, u: dict[str, Any], me: int, blessed: set[int],
               tr: Translate) -> None:
    boxes = [_cell_box(sp, me) for sp in u["spaces"]]
    x0 = min(b[0] for b in boxes)
    tints = tuple(BLESSED if sp in blessed else ROW_TINT["spawn" if sp // 4 in (0, 3) else "front"]
                  for sp in sorted(u["spaces"], key=lambda sp: _cell_box(sp, me)[0]))
    traits = " ".join(tr(SHORT[t]) if t in SHORT else t[:3] for t in u["traits"]
                      if t != "STEALTH" or not u["hidden"])
    tile = _unit_tile(tints, u["owner"] == me, bool(u["champion"]), u["name"],
                      f"{u['power']}/{u['health']}", _unit_status(u, me, tr), traits)
    paste(image, tile, (x0 + 6, boxes[0][1] + 20))


@lru_cache(maxsize=1024)
def _unit_tile(tints: tuple[Color, ...], own: bool, champion: bool, name: str, stats: str,
               status: str, traits: str) -> Image.Image:
    """Returns a unit card over the spaces it stands on (drawn once per content)."""
    w, h = len(tints) * CELL_W - 12, CELL_H - 54
    image, draw = PAL.canvas(w + 1, h + 1)
    for k, tint in enumerate(tints):
        draw.rectangle((k * CELL_W - 6, 0, (k + 1) * CELL_W - 7, h), fill=PAL[tint])
    fill = OWN if own else FOE
    draw.rounded_rectangle((0, 0, w, h), radius=6, fill=PAL[fill],
                           outline=PAL[HIGHLIGHT if champion else INK], width=2)
    stamp(image, PAL, (5, 3), fit_text(name, w - 10, 15, bold=True), size=15, bold=True,
          background=fill)
    stamp(image, PAL, (5, 22), stats, size=20, bold=True, background=fill)
    if status:  # beside the stats, smaller or shortened rather than over them ("verborgen fertig")
        room = w - 18 - int(text_width(stats, 20, bold=True))
        size = fit_size(status, room, 14)
        stamp(image, PAL, (w - 5, 26 + (14 - size) // 2), fit_text(status, room, size), size=size,
              fill=HIGHLIGHT, anchor="ra", background=fill)
    if traits:
        stamp(image, PAL, (5, h - 18), fit_text(traits, w - 10, 14), size=14, fill=TRAIT_INK,
              background=fill)
    return image


def _draw_side(image: Image.Image, view: dict[str, Any], names: Sequence[str], me: int,
               tr: Translate) -> None:
    """Writes each player's lines into their side panel (drawn in the static layer)."""
    y = GRID_Y
    for seat in (1 - me, me):
        p = view["players"][seat]
        lines = [
            (_name(names, seat, tr), 17, True),
            (tr(faction_name(p["faction"])), 15, False),
            (tr(Text("Stronghold {n}/15", n=max(0, p["stronghold"]))), 16, True),
            (tr(Text("Mana {mana}  (+{income} next)", mana=p["mana"], income=p["income"])), 15,
             False),
            (tr(Text("Hand {hand}  Deck {deck}", hand=p["hand"], deck=p["deck"])), 15, False),
        ]
        champ = p["champion"]
        if champ:
            lines.append((tr(Text("Champion {card}", card=champ["name"])), 14, False))
            lines.append((tr(Text("costs {cost}  tokens {tokens}", cost=champ["cost"],
                                  tokens=p["tokens"])), 15, False))
        else:
            lines.append((tr(Text("Champion in play")), 15, False))
        paste(image, _side_tile(tuple(lines)), (SIDE_X + 4, y + 4))
        y += 2 * CELL_H


@lru_cache(maxsize=512)
def _side_tile(lines: tuple[tuple[str, int, bool], ...]) -> Image.Image:
    """Returns a side panel's lines on its plain inside, from 4 pixels in (written once per
    content: they change a few times a turn, and a board has two)."""
    height = sum(size + 9 for _, size, _ in lines) + 12
    image, _ = PAL.canvas(WIDTH - SIDE_X - 24, height, PANEL)
    yy = 4
    for text, size, bold in lines:
        line = fit_text(text, WIDTH - SIDE_X - 34, size, bold=bold)
        stamp(image, PAL, (6, yy), line, size=size, bold=bold, background=PANEL)
        yy += size + 9
    return image


def _wrap(text: str, width: int, size: int) -> list[str]:
    """Splits text into lines that fit `width` pixels at `size`."""
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = word if f.getlength(word) <= width else fit_text(word, width, size)
    if line:
        lines.append(line)
    return lines


BODY_SIZES = (14, 13, 12, 11, 10)
"""Type sizes a hand card's text may take, largest first."""


def _body_lines(text: str, width: int, height: int) -> tuple[int, list[str]]:
    """Wraps a card's text at the largest size from 14 px down to 10 px whose lines fit
    `height` (a longer text, as German ones often are, gets smaller type). The few texts too
    long even at 10 px (champions' level texts) end their last line with "…": /card shows them whole."""
    for size in BODY_SIZES:
        lines = _wrap(text, width, size)
        if len(lines) * (size + 3) <= height:
            return size, lines
    size = BODY_SIZES[-1]
    shown = lines[:height // (size + 3)]
    shown[-1] = fit_text(shown[-1] + " …", width, size) if len(shown[-1]) else "…"
    return size, shown


HAND_CARD = (225, 170)
"""A card's cell in the hand (width, height), its 10-pixel gap to the next included."""


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Returns the viewer's hand (costs and short texts) as a PNG, or None for a spectator."""
    hand = view.get("hand")
    me = header(view)["seat"]
    if me is None or hand is None:
        return None
    cards = list(hand)
    champ = view["players"][me]["champion"]
    per_row = 4
    cw, ch = HAND_CARD
    rows = max(1, (len(cards) + (1 if champ else 0) + per_row - 1) // per_row)
    image, draw = new_canvas(per_row * cw + 20, rows * ch + 50, BACKGROUND)
    p = view["players"][me]
    heading = tr(Text("{player}'s hand - mana {mana}", player=_name(names, me, tr), mana=p["mana"]))
    draw.text((12, 12), fit_text(heading, per_row * cw - 4, 18, bold=True), font=font(18, bold=True),
              fill=INK)
    entries = [(c, False) for c in cards]
    if champ:
        entries.append(({"name": champ["name"], "cost": champ["cost"], "type": "champion",
                         "power": champ["power"], "health": champ["health"], "text": champ["text"],
                         "giant": False, "playable": True}, True))
    for i, (c, is_champ) in enumerate(entries):
        kind = tr(TYPE_NAMES[c["type"]]) if c["type"] in TYPE_NAMES else c["type"].title()
        if c.get("giant"):
            kind = tr(Text("{kind} (giant)", kind=kind))
        if c["type"] in ("unit", "champion"):
            kind += f"  {c['power']}/{c['health']}"
        body = tr(c["text"]) if c["text"] else tr(Text("No text."))
        if not c.get("playable", True):
            body = tr(Text("Not playable in this engine yet."))
        tile = _hand_card(c["name"], c["cost"], kind, body, is_champ)
        paste(image, tile, (10 + (i % per_row) * cw, 44 + (i // per_row) * ch))
    return to_png(PAL.map(image))


@lru_cache(maxsize=128)
def _hand_card(name: str, cost: int, kind: str, body: str, champion: bool) -> Image.Image:
    """Returns one card of a hand, drawn on the hand's background (a hand shows the same cards
    position after position; their text cost 2 ms a hand to lay out and draw again). An RGB
    tile (104 KB; 128 kept), so the hand is mapped onto the palette once, as a whole, as before."""
    cw, ch = HAND_CARD
    image, draw = new_canvas(cw - 9, ch - 9, BACKGROUND)
    card(draw, (0, 0, cw - 10, ch - 10), PANEL, outline=HIGHLIGHT if champion else INK, radius=8,
         width=2)
    draw.ellipse((6, 6, 36, 36), fill=COST_DISC)
    text_center(draw, (6, 6, 36, 36), str(cost), size=16, bold=True)
    draw.text((42, 6), fit_text(name, cw - 60, 15, bold=True), font=font(15, bold=True), fill=INK)
    draw.text((42, 24), fit_text(kind, cw - 60, 14), font=font(14), fill=MUTED)
    size, lines = _body_lines(body, cw - 28, ch - 60)
    for j, line in enumerate(lines):
        draw.text((8, 46 + j * (size + 3)), line, font=font(size), fill=INK)
    return image
