"""Drakones board and hand images, drawn only from a view.

The viewer's side is at the bottom (seat 0 for spectators). Each side shows its six spaces with the
cards on them (class, weapon, ability, arriving hourglass, bolt, cover shield, damage) and its base
with the lock counter and the three hit marks; the middle band tells whose turn it is and the last
public events.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, ViewHeader, header
from games.drakones.cards import dk_term
from games.text import Text, Translate, english, join_texts, plural
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
    to_png,
)

WIDTH = 960
SPACE_W = 124
SPACE_H = 168
GAP = 8
BASE_W = 150
LEFT = 12
ROW_INFO_H = 30

CLASS_COLOURS: dict[str, Color] = {
    "infantry": (60, 110, 70),
    "cavalry": (135, 95, 50),
    "dragon": (140, 50, 60),
}
WALL_COLOURS: dict[str, Color] = {"wooden-wall": (105, 75, 45), "stone-wall": (100, 100, 108)}
SPELL_COLOUR: Color = (70, 70, 130)
CLASS_SHORT = {"infantry": Text("Inf"), "cavalry": Text("Cav"), "dragon": Text("Drg")}
CLASS_TITLE = {"infantry": Text("Infantry"), "cavalry": Text("Cavalry"), "dragon": Text("Dragon")}
WEAPON_TEXT = {"sword": Text("Sword → Inf"), "pike": Text("Pike → Cav"), "bow": Text("Bow → Drg")}
ABILITY_TEXT = {"instant": dk_term("Instant"), "double": dk_term("Double Attack"),
                "armour": dk_term("Armour"), "draw2": dk_term("Draw Two")}
SPELL_TEXT = {
    "wisdom": Text("A player draws 3"), "recall": Text("Unit to hand, draw 1"),
    "poison": Text("Kill any unit"), "bribery": Text("Swap for an enemy unit"),
    "catapult": Text("Destroy tower or wall"), "spy": Text("See top 3 enemy cards"),
    "fire-rain": Text("All units die, turn ends"),
}
READY: Color = HIGHLIGHT
DIM: Color = (120, 120, 120)
RED: Color = (220, 70, 60)
EMPTY: Color = (80, 85, 95)


def _names(names: Sequence[str], seat: int, tr: Translate = english) -> str:
    return names[seat] if seat < len(names) else tr(Text("Player {number}", number=seat + 1))


def _fmt(text: str, names: Sequence[str], tr: Translate = english) -> str:
    return tr(text).format(**{f"p{i}": _names(names, i, tr) for i in range(2)})


@lru_cache(maxsize=1024)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """Returns a text's coverage mask and its offset from the anchor point (cached)."""
    f = font(size, bold=bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def _stamp(image: Image.Image, xy: tuple[float, float], text: str, *, size: int,
           bold: bool = False, fill: Color = INK, anchor: str = "la") -> None:
    """Draws text through a cached mask: boards repeat most of their words."""
    mask, left, top = _mask(text, size, bold, anchor)
    image.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)


def _wrap(text: str, width: int, size: int, *, bold: bool = False) -> list[str]:
    """Splits `text` into at most two lines that fit `width`."""
    f = font(size, bold=bold)
    if f.getlength(text) <= width:
        return [text]
    words = text.split()
    for k in range(len(words) - 1, 0, -1):
        first, rest = " ".join(words[:k]), " ".join(words[k:])
        if f.getlength(first) <= width:
            return [first, fit_text(rest, width, size, bold=bold)]
    return [fit_text(text, width, size, bold=bold)]


def _hourglass(draw: ImageDraw.ImageDraw, x: int, y: int, s: int = 18) -> None:
    c = (240, 230, 200)
    draw.polygon([(x, y), (x + s, y), (x + s / 2, y + s / 2)], fill=c, outline=(40, 40, 40))
    draw.polygon([(x, y + s), (x + s, y + s), (x + s / 2, y + s / 2)], fill=c,
                 outline=(40, 40, 40))


def _bolt(draw: ImageDraw.ImageDraw, x: int, y: int, s: int = 20) -> None:
    pts = [(x + s * 0.6, y), (x + s * 0.1, y + s * 0.55), (x + s * 0.45, y + s * 0.55),
           (x + s * 0.3, y + s), (x + s * 0.9, y + s * 0.4), (x + s * 0.55, y + s * 0.4)]
    draw.polygon(pts, fill=(255, 215, 40), outline=(60, 40, 0))


def _shield(draw: ImageDraw.ImageDraw, x: int, y: int, s: int = 18) -> None:
    pts = [(x, y), (x + s, y), (x + s, y + s * 0.5), (x + s / 2, y + s), (x, y + s * 0.5)]
    draw.polygon(pts, fill=(120, 170, 230), outline=(20, 30, 60))


def _tint(c: dict[str, Any]) -> Color:
    """Returns a card's face colour: its class (towers greyed), wall or spell; paler while arriving."""
    kind = c["kind"]
    if kind == "wall":
        fill = WALL_COLOURS.get(c["card"], (100, 90, 80))
    elif kind == "spell":
        fill = SPELL_COLOUR
    else:
        fill = CLASS_COLOURS[c["class"]]
        if kind == "tower":
            r, g, b = fill
            fill = (int(r * 0.45 + 60 * 0.55), int(g * 0.45 + 70 * 0.55), int(b * 0.45 + 95 * 0.55))
    if c.get("arriving"):
        r, g, b = fill
        fill = (int(r * 0.7 + 30), int(g * 0.7 + 30), int(b * 0.7 + 30))
    return fill


def _texture(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], kind: str) -> None:
    """Draws courses of bricks on a wall and battlements on a tower."""
    x0, y0, x1, y1 = box
    if kind == "wall":
        for k, yy in enumerate(range(y0 + 88, y1 - 34, 14)):
            draw.line((x0 + 4, yy, x1 - 4, yy), fill=(60, 50, 40), width=1)
            for xx in range(x0 + 14 + 12 * (k % 2), x1 - 8, 24):
                draw.line((xx, yy, xx, yy + 14), fill=(60, 50, 40), width=1)
    elif kind == "tower":
        for xx in range(x0 + 8, x1 - 12, 20):
            draw.rectangle((xx, y0 + 88, xx + 10, y0 + 96), fill=(40, 44, 58))


def _kind_lines(c: dict[str, Any]) -> list[str]:
    """Returns the two small lines under a card's name: class and weapon, or what it does."""
    kind, tr = c["kind"], c.get("tr") or english
    if kind == "unit":
        return [tr(CLASS_TITLE[c["class"]]), tr(WEAPON_TEXT[c["weapon"]])]
    if kind == "tower":
        others = [tr(CLASS_SHORT[k]) for k in CLASS_SHORT if k != c["class"]]
        return [tr(Text("Tower ({cls})", cls=CLASS_SHORT[c["class"]])),
                tr(Text("hits {classes}", classes="+".join(others)))]
    if kind == "wall":
        return [tr(Text("Wall")), tr(Text("gives cover"))]
    return []


def _card_text(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], c: dict[str, Any]) -> None:
    """Draws a card's name and, below it, its class and weapon or its effect."""
    x0, y0, x1, _ = box
    w = x1 - x0 - 10
    y = y0 + 6
    tr = c.get("tr") or english
    name = tr(dk_term(c["name"]))
    size = min(fit_size(word, w, 17, bold=True, smallest=12) for word in name.split())
    for line in _wrap(name, w, size, bold=True):
        draw.text((x0 + 6, y), line, font=font(size, bold=True), fill=INK)
        y += 20
    y = max(y, y0 + 46)
    small = font(15)
    if c["kind"] == "spell":
        for i, line in enumerate(_wrap(tr(SPELL_TEXT.get(c["card"], "")), w, 15)):
            draw.text((x0 + 6, y + 19 * i), line, font=small, fill=INK)
        return
    first, second = _kind_lines(c)
    draw.text((x0 + 6, y), first, font=small, fill=INK)
    draw.text((x0 + 6, y + 19), second, font=small, fill=INK)


def _ability(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], c: dict[str, Any]) -> None:
    """Draws the ability badge at the bottom (walls show one only for the stone wall's armour)."""
    ability: str | None = c.get("ability")
    if ability is None or (c["kind"] == "wall" and c["card"] != "stone-wall"):
        return
    x0, _, x1, y1 = box
    label = (c.get("tr") or english)(ABILITY_TEXT[ability])
    draw.rounded_rectangle((x0 + 4, y1 - 30, x1 - 4, y1 - 6), radius=5, fill=(25, 25, 30))
    f = font(15, bold=True)
    if f.getlength(label) > x1 - x0 - 10:
        f = font(15, condensed=True)
    draw.text(((x0 + x1) / 2, y1 - 18), label, font=f, fill=HIGHLIGHT, anchor="mm")


def _status(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], c: dict[str, Any]) -> None:
    """Draws the status icons: hourglass (arriving), bolt, cover shield and the hit marker."""
    x0, _, x1, y1 = box
    iy = y1 - 58
    ix = x0 + 6
    if c.get("arriving"):
        _hourglass(draw, ix, iy)
        ix += 24
    if c.get("bolt"):
        _bolt(draw, ix, iy - 1)
        ix += 24
    if c.get("cover"):
        _shield(draw, ix, iy)
        ix += 24
    if c.get("hits"):
        draw.text((x1 - 6, iy + 9), "hit", font=font(15, bold=True), fill=RED, anchor="rm")


def _card_face(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], c: dict[str, Any],
               *, ready: bool = False) -> None:
    """Draws one card on a side from its view entry."""
    card(draw, box, _tint(c), outline=READY if ready else INK, width=4 if ready else 2, radius=8)
    _texture(draw, box, c["kind"])
    _card_text(draw, box, c)
    _ability(draw, box, c)
    _status(draw, box, c)


_FACE_KEYS = ("tr", "card", "name", "kind", "class", "weapon", "ability", "arriving", "bolt",
              "cover", "hits")
"""What a card face shows (`tr`, the reader's translator, first: faces are drawn per language)."""


@lru_cache(maxsize=512)
def _face_image(key: tuple[Any, ...], ready: bool, w: int, h: int) -> Image.Image:
    """Returns one drawn card (cached: a board repeats few faces)."""
    image, draw = new_canvas(w, h, BACKGROUND)
    _card_face(draw, (0, 0, w - 1, h - 1), dict(zip(_FACE_KEYS, key, strict=True)), ready=ready)
    return image


def _face_key(c: dict[str, Any], tr: Translate | None = None) -> tuple[Any, ...]:
    """Returns what a card face shows, in `_FACE_KEYS` order (`tr`, if given, in place of the
    card's own: the reader's translator, None for English)."""
    get = c.get
    return (get("tr") if tr is None else (None if tr is english else tr), get("card"),
            get("name"), get("kind"), get("class"), get("weapon"), get("ability"),
            bool(get("arriving")), bool(get("bolt")), bool(get("cover")), bool(get("hits")))


def _paste_face(image: Image.Image, x: int, y: int, c: dict[str, Any], *, ready: bool, w: int,
                h: int) -> None:
    image.paste(_face_image(_face_key(c), ready, w, h), (x, y))


def _with_tr(c: dict[str, Any], tr: Translate) -> dict[str, Any]:
    return {**c, "tr": None if tr is english else tr}


@lru_cache(maxsize=128)
def _base_image(colour: str, number: int, lock: int, is_open: bool, marks: tuple[str, ...],
                fallen: bool, w: int, h: int, tr: Translate = english) -> Image.Image:
    image, draw = new_canvas(w, h, BACKGROUND)
    p = {"colour": colour, "base": number, "open": is_open, "marks": marks, "fallen": fallen}
    _base(draw, (0, 0, w - 1, h - 1), p, lock, tr)
    return image


def _base(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], p: dict[str, Any],
          lock: int, tr: Translate = english) -> None:
    x0, y0, x1, y1 = box
    fallen = p["fallen"]
    fill = (230, 230, 225) if p["colour"] == "White" else (40, 40, 48)
    ink: Color = (20, 20, 20) if p["colour"] == "White" else INK
    card(draw, box, fill, outline=RED if p["open"] else INK, width=4 if p["open"] else 2,
         radius=10)
    cx = (x0 + x1) // 2
    draw.text((cx, y0 + 16), tr(Text("Base {number}", number=p["base"])), font=font(18, bold=True),
              fill=ink, anchor="mm")
    # the lock
    ly = y0 + 40
    if lock > 0:
        draw.arc((cx - 12, ly, cx + 12, ly + 22), 180, 360, fill=ink, width=4)
        draw.rectangle((cx - 17, ly + 11, cx + 17, ly + 39), fill=(200, 160, 40), outline=ink)
        draw.text((cx, ly + 26), str(lock), font=font(18, bold=True), fill=(20, 20, 20),
                  anchor="mm")
    else:
        word = tr(Text("OPEN") if p["open"] else Text("unlocked"))
        draw.text((cx, ly + 22), word, font=font(fit_size(word, x1 - x0 - 12, 16, bold=True),
                  bold=True), fill=RED if p["open"] else ink, anchor="mm")
    # the three hit marks
    my = y1 - 40
    for k, cls in enumerate(("infantry", "cavalry", "dragon")):
        mx = x0 + 10 + k * ((x1 - x0 - 20) // 3)
        bw = (x1 - x0 - 20) // 3 - 4
        hit = cls in p["marks"]
        draw.rounded_rectangle((mx, my, mx + bw, my + 28), radius=6,
                               fill=RED if hit else (90, 90, 95), outline=ink)
        short = tr(CLASS_SHORT[cls])
        draw.text((mx + bw / 2, my + 14), short, font=font(fit_size(short, bw - 4, 15, bold=True),
                  bold=True), fill=INK, anchor="mm")
    hits = tr(Text("hits this turn"))
    draw.text((cx, my - 14), hits, font=font(fit_size(hits, x1 - x0 - 12, 14)), fill=ink,
              anchor="mm")
    if fallen:
        draw.line((x0 + 8, y0 + 8, x1 - 8, y1 - 8), fill=RED, width=8)
        draw.line((x1 - 8, y0 + 8, x0 + 8, y1 - 8), fill=RED, width=8)


def _row(image: Image.Image, draw: ImageDraw.ImageDraw, y: int, p: dict[str, Any], view: View,
         names: Sequence[str], *, info_above: bool, tr: Translate = english) -> int:
    """Draws one player's info line, base and six spaces from `y` (into the palette board, from
    cached tiles); returns the bottom."""
    pal = _pal()
    seat = p["seat"]
    current = header(view)["active"] == seat
    info = tr(Text("{player} ({colour})  ·  deck {deck}  ·  hand {hand}  ·  discard {discard}",
                   player=_names(names, seat, tr), colour=dk_term(p["colour"]), deck=p["deck"],
                   hand=p["hand"], discard=len(p["discard"])))
    iy = y if info_above else y + SPACE_H + 6
    sy = y + ROW_INFO_H if info_above else y
    stamp(image, pal, (LEFT, iy + 4), fit_text(info, WIDTH - 2 * LEFT, 18, bold=current), size=18,
          bold=current, fill=HIGHLIGHT if current else INK, background=BACKGROUND)
    paste(image, _base_tile(p["colour"], p["base"], view["lock"], p["open"], tuple(p["marks"]),
                           p["fallen"], tr), (LEFT, sy))
    for i, c in enumerate(p["side"]):
        x = LEFT + BASE_W + i * (SPACE_W + GAP)
        if c is None:
            paste(image, _empty_tile(i + 1), (x, sy))
            continue
        ready = bool(c.get("ready")) and current
        paste(image, _space_tile(_face_key(c, tr), i + 1, ready), (x, sy))
    return sy + SPACE_H + (0 if info_above else ROW_INFO_H)


@lru_cache(maxsize=512)  # 21 KB each: 11 MB at most
def _space_tile(key: tuple[Any, ...], number: int, ready: bool) -> Image.Image:
    """Returns a card as it lies on a space, in the palette: its face, its space number, its
    status strip and the ready border (put together once: a board pastes one tile per card)."""
    body = key[:-3] + (False, False, False)  # without bolt, cover and hits
    tile = _face_tile(body, False).copy()
    paste(tile, _number_patch(body, False, number), NUMBER_BOX[:2])
    if body != key:
        paste(tile, _status_patch(key, False), (0, STATUS_Y))
    if ready:  # the ready border covers the plain one
        paste(tile, _pal()[READY], (0, 0), _ready_border())
    return tile


@cache
def _empty_tile(number: int) -> Image.Image:
    """Returns an empty space with its number, in the palette (drawn once per number)."""
    pal = _pal()
    image, draw = pal.canvas(SPACE_W + 1, SPACE_H + 1, BACKGROUND)
    draw.rounded_rectangle((0, 0, SPACE_W, SPACE_H), radius=8, outline=pal[EMPTY], width=2)
    stamp(image, pal, (SPACE_W / 2, SPACE_H / 2), str(number), size=28, bold=True, fill=EMPTY,
          anchor="mm", background=BACKGROUND)
    return image


@cache
def _ready_border() -> Image.Image:
    """Returns the shape of a ready card's border, to paste its colour through (drawn once:
    Pillow's shapes have no antialiasing, so the mask is exact)."""
    mask = Image.new("1", (SPACE_W, SPACE_H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, SPACE_W - 1, SPACE_H - 1), radius=8,
                                           outline=1, width=4)
    return mask


@lru_cache(maxsize=512)
def _face_tile(key: tuple[Any, ...], ready: bool) -> Image.Image:
    """Returns a board card in the palette (drawn once per content)."""
    return _pal().map(_face_image(key, ready, SPACE_W, SPACE_H))


NUMBER_BOX = (SPACE_W - 24, 44, SPACE_W - 2, 70)
"""Where a card shows its space number (it may overlap a spell's text, so it is drawn over it)."""


@lru_cache(maxsize=4096)
def _number_patch(key: tuple[Any, ...], ready: bool, number: int) -> Image.Image:
    """Returns the corner of a board card that carries its space number, in the palette."""
    patch = _face_image(key, ready, SPACE_W, SPACE_H).crop(NUMBER_BOX)
    x0, y0 = NUMBER_BOX[:2]
    _stamp(patch, (SPACE_W - 7 - x0, 48 - y0), str(number), size=18, bold=True,
           fill=(225, 225, 225), anchor="ra")
    return _pal().map(patch)


STATUS_Y = SPACE_H - 62
"""Where a card's status strip (bolt, cover, hit) starts: it changes more often than the card."""


@lru_cache(maxsize=2048)
def _status_patch(key: tuple[Any, ...], ready: bool) -> Image.Image:
    """Returns a board card's status strip with its icons, in the palette."""
    body = key[:-3] + (False, False, False)
    patch = _face_image(body, ready, SPACE_W, SPACE_H).crop((0, STATUS_Y, SPACE_W, SPACE_H - 36))
    box = (0, -STATUS_Y, SPACE_W - 1, SPACE_H - 1 - STATUS_Y)
    _status(ImageDraw.Draw(patch), box, dict(zip(_FACE_KEYS, key, strict=True)))
    return _pal().map(patch)


@lru_cache(maxsize=256)
def _base_tile(colour: str, number: int, lock: int, is_open: bool, marks: tuple[str, ...],
               fallen: bool, tr: Translate = english) -> Image.Image:
    """Returns a base in the palette (drawn once per content and language)."""
    return _pal().map(_base_image(colour, number, lock, is_open, marks, fallen, BASE_W - 10,
                                  SPACE_H, tr))


@cache
def _pal() -> Palette:
    """Returns the board palette (learnt once, see `_palette`) for drawing into directly."""
    return Palette.of(_palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Returns a fixed 256-colour palette learnt once from every card face, base and text colour,
    so that each board maps onto it quickly (and identically for identical views)."""
    from games.drakones.cards import CARDS

    faces = []
    for cid, info in CARDS.items():
        for arriving, ready in ((False, False), (True, False), (False, True)):
            c = {"card": cid, "name": info.name, "kind": info.kind, "class": info.cls,
                 "weapon": info.weapon, "ability": info.ability, "arriving": arriving,
                 "bolt": arriving, "cover": True, "hits": 1}
            key = tuple(c.get(k) for k in _FACE_KEYS)
            faces.append(_face_image(key, ready, SPACE_W, SPACE_H))
    bases = [_base_image(colour, 1, lock, is_open, marks, False, BASE_W - 10, SPACE_H)
             for colour in ("White", "Dark") for lock, is_open, marks in
             ((2, False, ()), (0, True, ("infantry", "cavalry", "dragon")), (0, False, ()))]
    cols = 12
    sample, draw = new_canvas(cols * SPACE_W, (len(faces) // cols + 2) * SPACE_H, BACKGROUND)
    for k, face in enumerate(faces + bases):
        sample.paste(face, ((k % cols) * SPACE_W, (k // cols) * SPACE_H))
    y = (len(faces) // cols + 1) * SPACE_H
    draw.rectangle((0, y, cols * SPACE_W, y + SPACE_H), fill=PANEL)
    for k in range(6):
        x = 500 + k * (SPACE_W + GAP)
        draw.rounded_rectangle((x, y, x + SPACE_W, y + SPACE_H), radius=8, outline=EMPTY, width=2)
        draw.text((x + SPACE_W / 2, y + SPACE_H / 2), str(k + 1), font=font(28, bold=True),
                  fill=EMPTY, anchor="mm")
    for k, colour in enumerate((HIGHLIGHT, INK, MUTED)):
        draw.text((10, y + 10 + 30 * k), "Round 12 Alice to play, actions left", font=font(20),
                  fill=colour)
        draw.text((10, y + SPACE_H + 10 - 30 * k), "Horse Archer destroyed Dragon Pikeman",
                  font=font(18, bold=True), fill=colour)
    counts = sorted(sample.getcolors(maxcolors=1 << 20) or [], key=lambda kc: (-kc[0], kc[1]))
    colours = [c for _, c in counts[:256] if isinstance(c, tuple)]  # RGB: always a tuple
    colours += [colours[-1]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours for v in c])
    return palette


def _encode(image: Image.Image) -> bytes:
    """Maps the board onto the fixed palette, then encodes it with the shared `to_png`."""
    return to_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE))


def _headline(view: View, head: ViewHeader, names: Sequence[str], tr: Translate) -> str:
    """Returns the band's first line: who won and how, or whose turn with the actions left."""
    if head["over"]:
        won = _names(names, head["winners"][0], tr)
        how = {"base": Text("{player} wins - the base fell!", player=won),
               "forfeit": Text("{player} wins - the other player gave up", player=won)}
        return tr(how.get(head["termination"] or "",
                          Text("{player} wins - the other deck ran out!", player=won)))
    active = head["active"]
    assert active is not None
    return tr(plural("Round {round}  ·  {player} to play  ·  {n} action left",
                     "Round {round}  ·  {player} to play  ·  {n} actions left", view["actions"],
                     round=view["round"], player=_names(names, active, tr)))


def _subline(view: View, head: ViewHeader, tr: Translate) -> str:
    """Returns the band's second line: the base lock, strike back off, a near step cap."""
    lock = view["lock"]
    sub = tr(plural("Bases locked for {n} more round", "Bases locked for {n} more rounds", lock)
             if lock else Text("Bases unlocked: an empty side leaves its base open"))
    if not view["strike_back"]:
        sub += tr(Text("  ·  strike back off"))
    if not head["over"] and view["steps_left"] <= 10:
        sub += tr(Text("  ·  {steps} steps left this turn", steps=view["steps_left"]))
    return sub


BOARD_H = 2 * (SPACE_H + ROW_INFO_H) + 190
BAND_Y = 8 + ROW_INFO_H + SPACE_H
LOG_Y = BAND_Y + 70
"""Where the middle band's first event line starts (each takes `LOG_STEP` rows)."""
LOG_STEP = 24
BAND_CUTS = (8 + ROW_INFO_H - 2, 8 + ROW_INFO_H, BAND_Y + 1, BAND_Y + 14, BAND_Y + 42,
             *(LOG_Y - 2 + LOG_STEP * k for k in range(5)), BAND_Y + 178,
             BAND_Y + 178 + SPACE_H + 1)
"""Rows where the encoder's bands start (`board_png`): at the info lines, the rows of spaces (an
empty space's outline takes one row more than a card), the middle band's two lines and each
event line's slot (an event moving up a slot is found again)."""


@cache
def _static_layer() -> Image.Image:
    """Returns the board's background and middle band, in the palette, and draws every card
    face (arriving or not, with each space number) once, at the first board."""
    from games.drakones.cards import CARDS

    for cid, info in CARDS.items():
        for arriving in (False, True):
            c = {"card": cid, "name": info.name, "kind": info.kind, "class": info.cls,
                 "weapon": info.weapon, "ability": info.ability, "arriving": arriving}
            body = _face_key(c)
            _face_tile(body, False)
            for number in range(1, 7):
                _number_patch(body, False, number)
    image, draw = _pal().canvas(WIDTH, BOARD_H, BACKGROUND)
    draw.rounded_rectangle((LEFT, BAND_Y + 8, WIDTH - LEFT, BAND_Y + 170), radius=8,
                           fill=_pal()[PANEL])
    return image


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Returns the public board as PNG bytes (both sides, bases, turn and recent events)."""
    head = header(view)
    bottom_seat = head["seat"] if head["seat"] is not None else 0
    top = view["players"][1 - bottom_seat]
    bottom = view["players"][bottom_seat]
    image = _static_layer().copy()
    draw = ImageDraw.Draw(image)
    y = _row(image, draw, 8, top, view, names, info_above=True, tr=tr)
    pal = _pal()
    line = fit_text(_headline(view, head, names, tr), WIDTH - 2 * LEFT - 24, 20, bold=True)
    stamp(image, pal, (LEFT + 12, y + 16), line, size=20, bold=True, fill=HIGHLIGHT,
          background=PANEL)
    stamp(image, pal, (LEFT + 12, y + 44), _subline(view, head, tr), size=16, fill=MUTED,
          background=PANEL)
    ey = LOG_Y
    for text in view["recent"][-4:]:
        stamp(image, pal, (LEFT + 12, ey), fit_text(_fmt(text, names, tr), WIDTH - 2 * LEFT - 24,
                                                    17),
              size=17, background=PANEL)
        ey += LOG_STEP
    _row(image, draw, y + 178, bottom, view, names, info_above=False, tr=tr)
    return board_png(image, BAND_CUTS)


HAND_W = 132
HAND_H = 150


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Returns the viewer's hand (and what Spy showed) as PNG bytes; None for spectators."""
    hand = view.get("hand")
    seat = header(view)["seat"]
    if seat is None or hand is None:
        return None
    from games.drakones.cards import CARDS

    per_row = 6
    spied = view.get("spied") or []
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    height = 50 + rows * (HAND_H + GAP) + (40 if spied else 0) + 10
    width = 2 * LEFT + per_row * (HAND_W + GAP) - GAP
    image, draw = new_canvas(width, height, BACKGROUND)
    draw.text((LEFT, 12), tr(plural("{player}'s hand ({n} card)", "{player}'s hand ({n} cards)",
                                    len(hand), player=_names(names, seat, tr))),
              font=font(20, bold=True), fill=HIGHLIGHT)
    for k, cid in enumerate(hand):
        info = CARDS[cid]
        x = LEFT + (k % per_row) * (HAND_W + GAP)
        y = 50 + (k // per_row) * (HAND_H + GAP)
        c = {"card": cid, "name": info.name, "kind": info.kind, "class": info.cls,
             "weapon": info.weapon, "ability": info.ability}
        _paste_face(image, x, y, _with_tr(c, tr), ready=False, w=HAND_W, h=HAND_H)
    if spied:
        y = 50 + rows * (HAND_H + GAP) + 6
        text = tr(Text("Spy: enemy deck top → {cards}", cards=join_texts(
            CARDS[c].title for c in spied)))
        draw.text((LEFT, y), fit_text(text, width - 2 * LEFT, 17), font=font(17),
                  fill=INK)
    return _encode(image)
