"""The banded board encoder: the same pixels and palette as `to_png`, whichever bands it found
again, and a cache that stays within its bound; numbers stamped from their characters' glyphs."""

from __future__ import annotations

import io
import random
import zlib
from typing import Any

import pytest
from PIL import Image

from renderers import bands, common
from renderers.common import Palette, to_png


def _decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        return image.copy()


def _board(seed: int, width: int = 301, height: int = 203) -> Image.Image:
    """Returns a palette picture of flat areas and noisy boxes, like a board's regions."""
    rng = random.Random(seed)
    palette = Palette([(rng.randrange(256), rng.randrange(256), rng.randrange(256))
                       for _ in range(40)])
    image, draw = palette.canvas(width, height)
    for _ in range(6):
        x, y = rng.randrange(width - 40), rng.randrange(height - 30)
        draw.rectangle((x, y, x + rng.randrange(5, 40), y + rng.randrange(3, 30)),
                       fill=rng.randrange(40))
    noise = Image.frombytes("P", (37, 23), bytes(rng.randrange(40) for _ in range(37 * 23)))
    image.paste(noise, (rng.randrange(width - 37), rng.randrange(height - 23)))
    return image


def test_same_pixels_and_palette_as_to_png() -> None:
    for seed in range(12):
        image = _board(seed % 4 if seed < 8 else seed)  # the first boards come back: cache hits
        cuts = (0, 7, 50, 51, 202) if seed % 2 else ()
        ours = _decoded(bands.board_png(image, cuts))
        theirs = _decoded(to_png(image))
        assert ours.mode == theirs.mode == "P"
        assert ours.size == theirs.size
        assert ours.tobytes() == theirs.tobytes() == image.tobytes()
        assert ours.getpalette() == theirs.getpalette()


def test_the_stream_checks_out_and_stays_small() -> None:
    """zlib checks the combined Adler-32 (a wrong one fails to decompress); the file is close to
    `to_png`'s."""
    image = _board(99, 640, 480)
    png = bands.board_png(image)
    start = png.index(b"IDAT") + 4
    length = int.from_bytes(png[start - 8:start - 4], "big")
    raw = zlib.decompress(png[start:start + length])
    assert len(raw) == 480 * 641
    assert len(png) < 1.2 * len(to_png(image)) + 2000


def test_a_band_found_again_is_not_compressed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    image = _board(5)
    bands.board_png(image)
    packed: list[bytes] = []
    real = bands._pack

    def counting(band: bytes) -> tuple[bytes, int]:
        packed.append(band)
        return real(band)

    monkeypatch.setattr(bands, "_pack", counting)
    bands.board_png(image)
    assert packed == []
    changed = image.copy()
    pixel = changed.getpixel((3, image.height - 1))
    assert isinstance(pixel, int)
    changed.putpixel((3, image.height - 1), (pixel + 1) % 40)
    bands.board_png(changed)
    assert len(packed) == 1  # only the band of the last rows


def test_the_cache_keeps_to_its_bound() -> None:
    cache = bands._Cache(10_000)
    for k in range(50):
        cache.put(bytes([k]) * 3000, (b"x", 1))
        assert cache.size <= 10_000
    assert len(cache.bands) == 3
    assert cache.get(bytes([49]) * 3000) is not None
    assert cache.get(bytes([0]) * 3000) is None


def test_numbers_from_their_characters_match_the_word_laid_out() -> None:
    """A number stamped from its characters' glyphs has the pixels of the number laid out whole
    (the scores and counts a board prints), at the pen fractions `stamp` uses."""
    checked = 0
    for size in (14, 15, 17, 18, 20):
        for bold, condensed in ((False, False), (True, False), (False, True)):
            for text in ("107", "12/15", "0/36", "(+1", "#3", "25", "4/16", "1:0", "99 "):
                for start in ((0.0, 0.0), (0.5, 0.0), (0.25, 0.0)):
                    composed, at = common._coverage(text, size, bold, condensed, "la", start)
                    whole, offset = common.font(size, bold=bold, condensed=condensed).getmask2(
                        text, "L", anchor="la", start=start)
                    assert _placed(composed, at) == _placed(whole, offset), (text, size, start)
                    checked += 1
    assert checked == 405
    assert common.text_width("12/15", 15) == common.font(15).getlength("12/15")


def _placed(coverage: Any, offset: tuple[int, int]) -> bytes:
    canvas = Image.new("L", (200, 60), 0)
    if coverage.size[0] and coverage.size[1]:
        canvas.paste(Image.frombytes("L", coverage.size, bytes(coverage)),
                     (50 + offset[0], 20 + offset[1]))
    return canvas.tobytes()
