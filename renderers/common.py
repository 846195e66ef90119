"""Drawing helpers every renderer shares: the bundled fonts, PNG encoding and a few primitives.

Fonts come from `data/fonts/` (DejaVu, see its licence file) so text looks the same on every machine.

Boards are drawn straight into a fixed `Palette` ("P" images): the static layer is drawn once in RGB
and mapped to the palette once, text is stamped from small cached tiles (`stamp`), and shapes are
drawn with palette indices (Pillow's shapes are not antialiased, so that is exact). A render then
costs little more than the PNG encoding itself.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, _imaging

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"

Color = tuple[int, int, int]

BACKGROUND: Color = (30, 33, 40)
PANEL: Color = (46, 50, 60)
INK: Color = (235, 235, 235)
MUTED: Color = (150, 155, 165)
HIGHLIGHT: Color = (250, 200, 60)


@cache
def font(size: int, *, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """Returns the bundled DejaVu font at `size` pixels (loaded once)."""
    name = "DejaVuSans-Bold.ttf" if bold else (
        "DejaVuSansCondensed.ttf" if condensed else "DejaVuSans.ttf")
    return ImageFont.truetype(str(FONT_DIR / name), size)


def new_canvas(width: int, height: int, color: Color = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Returns a blank RGB image and a drawing context for it."""
    image = Image.new("RGB", (width, height), color)
    return image, ImageDraw.Draw(image)


def text_center(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str,
                *, size: int = 14, bold: bool = False, fill: Color = INK) -> None:
    """Draws `text` centred in `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(size, bold=bold), fill=fill,
              anchor="mm")


@lru_cache(maxsize=8192)
def fit_size(text: str, width: int, size: int, *, bold: bool = False, smallest: int = 10) -> int:
    """Returns the largest font size up to `size` at which `text` fits `width` pixels (a longer
    word in another language shrinks instead of running out of its box)."""
    while size > smallest and _span(text, size, bold) > width:
        size -= 1
    return size


@lru_cache(maxsize=8192)
def fit_text(text: str, width: int, size: int, *, bold: bool = False) -> str:
    """Shortens `text` with an ellipsis so it fits in `width` pixels at `size` (cached: boards
    repeat their names and labels, and measuring text is slow)."""
    if _span(text, size, bold) <= width:
        return text
    f = font(size, bold=bold)
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: Color,
         *, outline: Color = INK, radius: int = 6, width: int = 2) -> None:
    """Draws a rounded card shape."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


PNG_OPTIONS: dict[str, Any] = {"compress_level": 1, "optimize": False}
"""Level 1 is 4x faster than 6 with files ~30% larger; boards stay far below 250 KiB."""


def to_png(image: Image.Image) -> bytes:
    """Encodes an image as PNG, favouring speed: boards are small palette images anyway."""
    buffer = io.BytesIO()
    if image.mode == "RGB":
        image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    image.save(buffer, format="PNG", **PNG_OPTIONS)
    return buffer.getvalue()


BLANKS = 64
"""Blank canvases a palette keeps (boards and tiles come in a few sizes; a board is ~1 MB)."""


class Palette:
    """A fixed 256-colour palette, built once per renderer: the solid colours exactly, then the
    antialiasing shades of each (ink, background) pair that text uses (edges map to the nearest)."""

    def __init__(self, solids: Iterable[Color], pairs: Iterable[tuple[Color, Color]] = (),
                 *, steps: int = 12) -> None:
        colors = list(dict.fromkeys(solids))
        pairs = [(i, b) for i, b in dict.fromkeys(pairs) if i != b]
        steps = max(1, min(steps, (256 - len(colors)) // max(1, len(pairs)) + 1))
        for ink, bg in pairs:  # `steps` shades strictly between each ink and its background
            for k in range(1, steps + 1):
                t = k / (steps + 1)
                shade = tuple(round(b + (i - b) * t) for i, b in zip(ink, bg, strict=True))
                if len(colors) < 256 and shade not in colors:
                    colors.append(shade)  # type: ignore[arg-type]
        if len(colors) > 256:
            raise ValueError(f"{len(colors)} solid colours do not fit a palette")
        self.colors = colors
        self.image = Image.new("P", (1, 1))
        padding = [colors[-1] if colors else (0, 0, 0)] * (256 - len(colors))
        self.flat = [v for c in colors + padding for v in c]
        self.image.putpalette(self.flat)
        self._index: dict[Color, int] = {}
        self._shades: dict[tuple[Color, Color], list[int]] = {}
        self._blanks: dict[tuple[int, int, Color], Image.Image] = {}

    @classmethod
    def of(cls, image: Image.Image) -> Palette:
        """Wraps a palette image a renderer learnt once (its colours are kept as they are)."""
        palette = cls([])
        flat = image.getpalette() or []
        palette.colors = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
        palette.image = image
        palette.flat = flat
        return palette

    def __getitem__(self, color: Color) -> int:
        """Returns the palette index of `color` (exact for a solid, else the nearest)."""
        if color not in self._index:
            pixel = self.map(Image.new("RGB", (1, 1), color)).getpixel((0, 0))
            assert isinstance(pixel, int)
            self._index[color] = pixel
        return self._index[color]

    def shades(self, ink: Color, background: Color) -> list[int]:
        """Returns the index of `ink` over `background` at each coverage 0-255, blended as Pillow
        blends text and mapped as `map` maps it: text drawn once as coverage, through this
        table, has the pixels of text drawn in colour and mapped (at a fraction of the cost)."""
        if (ink, background) not in self._shades:
            strip = Image.new("RGB", (256, 1), background)
            strip.paste(ink, (0, 0, 256, 1), Image.frombytes("L", (256, 1), bytes(range(256))))
            self._shades[ink, background] = list(self.map(strip).tobytes())
        return self._shades[ink, background]

    def map(self, image: Image.Image) -> Image.Image:
        """Maps an RGB image onto the palette (once per static layer or tile, never per board)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)

    def canvas(self, width: int, height: int, color: Color = BACKGROUND
               ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """Returns a blank palette image and a drawing context for it (a copy of a blank one
        kept per size: installing a palette costs three times the copy)."""
        key = (width, height, color)
        blank = self._blanks.get(key)
        if blank is None:
            if len(self._blanks) >= BLANKS:
                self._blanks.clear()
            blank = Image.new("P", (width, height), self[color])
            blank.putpalette(self.flat)
            self._blanks[key] = blank
        image = blank.copy()
        return image, ImageDraw.Draw(image)


@lru_cache(maxsize=8192)
def _text_tile(text: str, size: int, bold: bool, condensed: bool, fill: Color, background: Color,
               anchor: str, start: tuple[float, float], palette: Palette
               ) -> tuple[Image.Image, int, int]:
    """Returns text drawn on its background in the palette, and its offset (cached). The text
    is laid out and rendered once, as `ImageDraw.text` would at `start`, as coverage, and
    mapped to its shades (`Palette.shades`): the same pixels as drawing it in colour."""
    coverage, offset = _coverage(text, size, bold, condensed, anchor, start)
    tile = Image.new("P", coverage.size)
    tile.im.paste(coverage.point(palette.shades(fill, background), None),
                  (0, 0, *coverage.size))
    tile.putpalette(palette.flat)
    return tile, offset[0], offset[1]


GLYPH_STEPS = 64
"""A number's characters are placed to a 64th of a pixel, FreeType's own precision, so a number
put together from its characters has the pixels of the number drawn whole (a line's words are
placed to `PEN_STEPS`, where a half pixel is not seen)."""
NUMERIC = frozenset("0123456789/+-()#.:, ")
"""Characters the bundled fonts set without kerning between them (figures are all one width):
a word of them is as wide as its characters, and drawn as they are drawn one by one."""


def _coverage(text: str, size: int, bold: bool, condensed: bool, anchor: str,
              start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    """Returns the text's coverage (an "L" core image) and its offset from the anchor point, as
    `FreeTypeFont.getmask2` gives them. A new number (scores and counts change every turn) is
    put together from its characters' cached coverage at their pen positions (to
    `GLYPH_STEPS` of a pixel: a glyph lands where it would in the whole word) at a tenth of
    laying the word out (where glyph boxes overlap, the higher coverage wins, as in FreeType's
    rendering of the word)."""
    if len(text) > 1 and anchor[0] == "l" and NUMERIC.issuperset(text):
        placed = []
        pen = start[0]
        for char in text:
            frac, whole = math.modf(round(pen * GLYPH_STEPS) / GLYPH_STEPS)
            glyph, dx, dy = _glyph(char, size, bold, condensed, anchor, (frac, start[1]))
            if glyph.size[0] and glyph.size[1]:
                placed.append((glyph, int(whole) + dx, dy))
            pen += text_width(char, size, bold=bold, condensed=condensed)
        if placed:
            left, top, right, bottom = _bounds(placed)
            coverage = _imaging.fill("L", (right - left, bottom - top), 0)  # as ImageFont does
            for glyph, x, y in placed:  # glyph boxes overlap: the darker coverage wins
                box = (x - left, y - top, x - left + glyph.size[0], y - top + glyph.size[1])
                coverage.paste(coverage.crop(box).chop_lighter(glyph), box)
            return coverage, (left, top)
    return font(size, bold=bold, condensed=condensed).getmask2(text, "L", anchor=anchor,
                                                               start=start)


@lru_cache(maxsize=8192)
def _glyph(char: str, size: int, bold: bool, condensed: bool, anchor: str,
           start: tuple[float, float]) -> tuple[Any, int, int]:
    """Returns one character's coverage and offset at a pen fraction (cached)."""
    coverage, offset = font(size, bold=bold, condensed=condensed).getmask2(
        char, "L", anchor=anchor, start=start)
    return coverage, offset[0], offset[1]


@lru_cache(maxsize=16384)
def text_width(text: str, size: int, *, bold: bool = False, condensed: bool = False) -> float:
    """Returns how far `text` advances the pen at `size` (cached: measuring costs about as much
    as pasting a whole board region; a number is the sum of its characters, see `NUMERIC`)."""
    if len(text) > 1 and NUMERIC.issuperset(text):
        return sum(text_width(char, size, bold=bold, condensed=condensed) for char in text)
    return font(size, bold=bold, condensed=condensed).getlength(text)


def _span(text: str, size: int, bold: bool) -> float:
    """Returns the width of a line as `stamp` lays it out, word by word (each word's width is
    cached, a line's rarely repeats)."""
    if " " not in text:
        return text_width(text, size, bold=bold)
    words = text.split(" ")
    return (sum(text_width(word + " ", size, bold=bold) for word in words[:-1])
            + text_width(words[-1], size, bold=bold))


def paste(image: Image.Image, tile: Image.Image | int, xy: tuple[int, int],
          mask: Image.Image | None = None) -> None:
    """Pastes `tile` (of the image's own mode, in memory; or a palette index, through `mask`)
    at `xy`, through a "1" or "L" `mask` if given: `Image.paste` without its argument checks
    and conversions, which cost twenty times the copy itself for the small tiles a board is
    assembled from."""
    shape = tile if mask is None else mask
    assert isinstance(shape, Image.Image), "a colour is pasted through a mask"
    box = (xy[0], xy[1], xy[0] + shape.width, xy[1] + shape.height)
    source = tile if isinstance(tile, int) else tile.im
    if mask is None:
        image.im.paste(source, box)
    else:
        image.im.paste(source, box, mask.im)


def stamp(image: Image.Image, palette: Palette, xy: tuple[float, float], text: str, *, size: int,
          background: Color, bold: bool = False, condensed: bool = False, fill: Color = INK,
          anchor: str = "la") -> None:
    """Draws text as `ImageDraw.text` would, from a cached tile: the text must sit on a plain
    `background` (a tile covers its box and one pixel around it). A new left-anchored line of
    several words is put together from cached word tiles at their pen positions (to a half
    pixel, `PEN_STEPS`: no eye sees the difference, and each word has two tiles, not 64), so
    that a line whose numbers change each turn only draws the new numbers; the line is kept as
    one tile once it shows a second time (its words are pasted one by one the first time)."""
    if not text:
        return
    x, y = int(xy[0]), int(xy[1])  # boards draw at positive positions: int() is the floor
    key = (text, size, bold, condensed, fill, background, anchor, (xy[0] - x, xy[1] - y), palette)
    split = text.count(" ") >= 2 and anchor[0] == "l" and anchor[1] in "asmd"
    if split and key not in _LINES_SEEN:  # a line shown once (most events) is not kept whole
        if len(_LINES_SEEN) >= LINES_SEEN:
            _LINES_SEEN.clear()
        _LINES_SEEN[key] = None
        for tile, dx, dy in _words(*key):
            image.im.paste(tile.im, (x + dx, y + dy, x + dx + tile.width, y + dy + tile.height))
        return
    tile, dx, dy = _line_tile(*key) if split else _text_tile(*key)
    width, height = tile.size
    image.im.paste(tile.im, (x + dx, y + dy, x + dx + width, y + dy + height))


LINES_SEEN = 8192
"""Lines remembered as drawn once: a line is kept as one tile from its second showing on."""
_LINES_SEEN: dict[tuple[Any, ...], None] = {}


PEN_STEPS = 2
"""Words of a line start on a half pixel (see `stamp`)."""


@lru_cache(maxsize=2048)  # a long line is ~20 KB: 40 MB at most
def _line_tile(text: str, size: int, bold: bool, condensed: bool, fill: Color, background: Color,
               anchor: str, start: tuple[float, float], palette: Palette
               ) -> tuple[Image.Image, int, int]:
    """Returns a line assembled from word tiles, and its offset (cached)."""
    placed = _words(text, size, bold, condensed, fill, background, anchor, start, palette)
    left, top, right, bottom = _bounds(placed)
    line = Image.new("P", (right - left, bottom - top), palette[background])
    line.putpalette(palette.flat)
    for tile, x, y in placed:
        paste(line, tile, (x - left, y - top))
    return line, left, top


def _bounds(placed: Sequence[tuple[Any, int, int]]) -> tuple[int, int, int, int]:
    """Returns the box (left, top, right, bottom) that pieces placed at offsets cover."""
    return (min(x for _, x, _ in placed), min(y for _, _, y in placed),
            max(x + piece.size[0] for piece, x, _ in placed),
            max(y + piece.size[1] for piece, _, y in placed))


def _words(text: str, size: int, bold: bool, condensed: bool, fill: Color, background: Color,
           anchor: str, start: tuple[float, float], palette: Palette
           ) -> list[tuple[Image.Image, int, int]]:
    """Returns the word tiles of a line and their offsets, each word at its pen position (to
    `PEN_STEPS` of a pixel)."""
    placed = []
    pen = start[0]
    for word in text.split(" "):
        if word:
            frac, whole = math.modf(round(pen * PEN_STEPS) / PEN_STEPS)
            tile, dx, dy = _text_tile(word, size, bold, condensed, fill, background,
                                      anchor, (frac, start[1]), palette)
            placed.append((tile, int(whole) + dx, dy))
        pen += text_width(word + " ", size, bold=bold, condensed=condensed)
    return placed
