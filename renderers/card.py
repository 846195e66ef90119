"""Draws one card of any game (a `CardFace`) for `/card`: name and cost, type line, big numbers,
traits, the text in a box and small facts.

`layout(face)` places every piece first, and `render_card` only paints it, so tests can measure
each line with the font and check that no text leaves its box.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace

from PIL import ImageDraw

from games.text import Translate, english
from renderers.common import BACKGROUND, INK, MUTED, PANEL, Color, font, new_canvas, to_png
from renderers.faces import CardFace

log = logging.getLogger(__name__)

WIDTH, MAX_HEIGHT = 540, 760
MIN_TEXT_HEIGHT = 150
"""The text box is as tall as its text needs, at least this, so short cards keep a card shape."""
PAD = 28
"""Inner margin of the card frame."""
FRAME = 10
NOTE_INK: Color = (250, 190, 80)
TEXT_BOX: Color = (236, 232, 220)
TEXT_INK: Color = (30, 30, 34)

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Lines of one text in one box, at one font size (what a test measures)."""

    box: Box
    lines: tuple[str, ...]
    size: int
    bold: bool = False
    fill: Color = INK
    align: str = "left"
    """"left", "center" or "right"."""
    source: str = ""
    """The text before wrapping, to check that nothing was dropped."""

    @property
    def line_height(self) -> int:
        return line_height(self.size)


@dataclass(slots=True)
class CardLayout:
    """Where everything on a card goes: filled shapes first, then the texts."""

    rects: list[tuple[Box, Color, Color | None, int]] = field(default_factory=list)
    """(box, fill, outline, radius) rounded rectangles."""
    discs: list[tuple[Box, Color, Color]] = field(default_factory=list)
    texts: list[TextBlock] = field(default_factory=list)
    height: int = MAX_HEIGHT


def line_height(size: int) -> int:
    """Returns the distance between lines of text at `size` pixels."""
    return round(size * 1.28)


def wrap(text: str, width: int, size: int, *, bold: bool = False) -> list[str]:
    """Splits text into lines no wider than `width` (a word too long alone is cut into pieces)."""
    f = font(size, bold=bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if f.getlength(trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.getlength(word) > width:  # a word wider than the box: break it
                cut = len(word) - 1
                while cut > 1 and f.getlength(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
    return lines


def fit(text: str, box: Box, sizes: range, *, bold: bool = False, max_lines: int = 99,
        fill: Color = INK, align: str = "left") -> TextBlock:
    """Returns the text wrapped at the largest size of `sizes` whose lines fit the box."""
    width, height = box[2] - box[0], box[3] - box[1]
    size = sizes[-1]
    lines = wrap(text, width, size, bold=bold)
    for size in sizes:
        lines = wrap(text, width, size, bold=bold)
        if len(lines) <= max_lines and len(lines) * line_height(size) <= height:
            break
    else:
        log.warning("Text does not fit its box at %d px: %r", size, text[:60])
    return TextBlock(box, tuple(lines), size, bold, fill, align, text)


def translated(face: CardFace, tr: Translate) -> CardFace:
    """Returns the face with every word in the reader's language (a face's words may be
    `games.text.Text`s; the card's name and its numbers stay as they are)."""
    if tr is english:
        return face
    return replace(face, type_line=tr(face.type_line), text=tr(face.text),
                   stats=tuple((tr(label), value) for label, value in face.stats),
                   traits=tuple(tr(t) for t in face.traits),
                   facts=tuple((tr(label), tr(value)) for label, value in face.facts),
                   note=tr(face.note))


def layout(face: CardFace, *, game_title: str = "", tr: Translate = english) -> CardLayout:
    """Places every part of the card (the renderer paints exactly this) in the reader's
    language; the game's title goes in the footer (the caller knows it from the registry)."""
    face = translated(face, tr)
    out = CardLayout()
    accent = face.accent
    body = _mix(PANEL, accent, 0.18)
    out.rects.append(((FRAME, FRAME, WIDTH - FRAME, MAX_HEIGHT - FRAME), body, accent, 18))
    left, right = PAD, WIDTH - PAD
    y = PAD
    name_left = left
    if face.cost is not None:
        disc = (left, y, left + 76, y + 76)
        out.discs.append((disc, accent, _mix(accent, (0, 0, 0), 0.5)))
        out.texts.append(fit(str(face.cost), (disc[0] + 6, disc[1] + 14, disc[2] - 6,
                                              disc[3] - 14), range(40, 16, -2), bold=True,
                             max_lines=1, fill=_ink_on(accent), align="center"))
        name_left = left + 92
    out.texts.append(fit(face.name, (name_left, y, right, y + 80), range(34, 17, -2),
                         bold=True, max_lines=2))
    y += 92
    band = (left - 8, y, right + 8, y + 40)
    out.rects.append((band, _mix(accent, (0, 0, 0), 0.35), None, 8))
    out.texts.append(fit(face.type_line, (band[0] + 12, y + 7, band[2] - 12, y + 35),
                         range(20, 11, -1), bold=True, max_lines=1))
    y += 52
    if face.stats:
        y = _stats(out, face, y, left, right) + 12
    if face.traits:
        y = _traits(out, face, y, left, right) + 10
    title = game_title or face.game
    bottom_height = _bottom(CardLayout(), face, title, 0, left, right)
    if face.text:
        room = (y, MAX_HEIGHT - PAD - bottom_height - 14)
        inner = (left + 16, room[0] + 14, right - 16, room[1] - 12)
        block = fit(face.text, inner, range(26, 12, -1), fill=TEXT_INK)
        used = max(MIN_TEXT_HEIGHT, len(block.lines) * block.line_height + 26)
        box = (left, y, right, min(room[1], y + used))
        out.rects.append((box, TEXT_BOX, None, 10))
        out.texts.append(replace(block, box=(inner[0], inner[1], inner[2], box[3] - 12)))
        y = box[3] + 14
    out.height = _bottom(out, face, title, y, left, right) + PAD
    out.rects[0] = ((FRAME, FRAME, WIDTH - FRAME, out.height - FRAME), body, accent, 18)
    return out


def _stats(out: CardLayout, face: CardFace, y: int, left: int, right: int) -> int:
    """Places the big numbers as equal chips in a row; returns the row's bottom."""
    count = len(face.stats)
    gap = 10
    width = (right - left - gap * (count - 1)) // count
    for i, (label, value) in enumerate(face.stats):
        x0 = left + i * (width + gap)
        chip = (x0, y, x0 + width, y + 78)
        out.rects.append((chip, _mix(BACKGROUND, face.accent, 0.25), face.accent, 10))
        out.texts.append(fit(label.upper(), (x0 + 4, y + 6, x0 + width - 4, y + 24),
                             range(14, 8, -1), bold=True, max_lines=1, fill=MUTED, align="center"))
        out.texts.append(fit(value, (x0 + 4, y + 26, x0 + width - 4, y + 74), range(36, 12, -2),
                             bold=True, max_lines=1, align="center"))
    return y + 78


def _traits(out: CardLayout, face: CardFace, y: int, left: int, right: int) -> int:
    """Places the traits as chips that flow onto new rows; returns the last row's bottom."""
    size, height, x = 15, 30, left
    f = font(size, bold=True)
    for trait in face.traits:
        width = min(int(f.getlength(trait)) + 22, right - left)
        if x > left and x + width > right:
            x, y = left, y + height + 8
        chip = (x, y, x + width, y + height)
        out.rects.append((chip, _mix(face.accent, (0, 0, 0), 0.2), face.accent, 14))
        out.texts.append(fit(trait, (x + 10, y + 5, x + width - 10, y + height - 3),
                             range(size, 8, -1), bold=True, max_lines=1, align="center"))
        x += width + 8
    return y + height


def _bottom(out: CardLayout, face: CardFace, title: str, y: int, left: int, right: int) -> int:
    """Places the note, the facts and the footer from `y` down; returns their bottom."""
    if face.note:
        out.texts.append(_lines(face.note, left, right, y, 17, bold=True, fill=NOTE_INK))
        y = out.texts[-1].box[3] + 6
    size = 17
    f = font(size, bold=True)
    label_w = max((int(f.getlength(label)) for label, _ in face.facts), default=0) + 14
    for label, value in face.facts:
        block = _lines(value, left + label_w, right, y, size)
        out.texts.append(fit(label, (left, y, left + label_w, y + block.line_height),
                             range(size, 9, -1), bold=True, max_lines=1, fill=MUTED))
        out.texts.append(block)
        y = block.box[3]
    y += 8
    out.texts.append(fit(title, (left, y, (left + right) // 2, y + 20), range(15, 9, -1),
                         max_lines=1, fill=MUTED))
    out.texts.append(fit(face.key, ((left + right) // 2, y, right, y + 20), range(15, 9, -1),
                         max_lines=1, fill=MUTED, align="right"))
    return y + 20


def _lines(text: str, left: int, right: int, y: int, size: int, *, bold: bool = False,
           fill: Color = INK) -> TextBlock:
    """Returns a text wrapped at `size` in a box as tall as its lines need."""
    lines = wrap(text, right - left, size, bold=bold)
    return TextBlock((left, y, right, y + len(lines) * line_height(size)), tuple(lines), size,
                     bold, fill, "left", text)


def render_card(face: CardFace, *, game_title: str = "", tr: Translate = english) -> bytes:
    """Returns the card as a PNG, its words in the reader's language."""
    plan = layout(face, game_title=game_title, tr=tr)
    image, draw = new_canvas(WIDTH, plan.height)
    for box, fill, outline, radius in plan.rects:
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                               width=6 if box[0] == FRAME else 2)
    for box, fill, outline in plan.discs:
        draw.ellipse(box, fill=fill, outline=outline, width=4)
    for block in plan.texts:
        paint(draw, block)
    return to_png(image)


def paint(draw: ImageDraw.ImageDraw, block: TextBlock) -> None:
    """Draws a text block's lines inside its box, vertically centred when single-line."""
    f = font(block.size, bold=block.bold)
    x0, y0, x1, y1 = block.box
    step = block.line_height
    y = y0 + max(0, (y1 - y0 - step * len(block.lines)) // 2) if len(block.lines) == 1 else y0
    for line in block.lines:
        if block.align == "center":
            x, anchor = (x0 + x1) / 2, "ma"
        elif block.align == "right":
            x, anchor = x1, "ra"
        else:
            x, anchor = x0, "la"
        draw.text((x, y + (step - block.size) / 2), line, font=f, fill=block.fill, anchor=anchor)
        y += step


def _mix(a: Color, b: Color, t: float) -> Color:
    r = tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r[0], r[1], r[2])


def _ink_on(color: Color) -> Color:
    """Returns dark ink on light colours and light ink on dark ones."""
    luminance = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    return TEXT_INK if luminance > 150 else INK
