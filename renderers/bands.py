"""Board PNGs encoded band by band, each band of rows compressed once and reused by later boards.

Compressing a board's pixels costs more than drawing them: a blank canvas encodes in about two
thirds of the time a board's content takes. Yet most rows of a board are the rows of the board
before it (a mat that nobody touched, a panel whose words did not change, the frame). So
`board_png` cuts the pixels into bands of `BAND_ROWS` rows and deflates each band on its own
(a full flush after it, so that it refers to nothing before it), with the settings `to_png` uses.
A band seen before, by any board, is not compressed again: its deflate bytes and checksum come
from a cache keyed by the band's own bytes (an exact match, never a digest), bounded by
`CACHE_BYTES`. The PNG is assembled from the bands: the same pixels and palette as `to_png`
gives, in a file a few percent larger.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from functools import lru_cache

from PIL import Image, _imaging

from renderers.common import PNG_OPTIONS, to_png

BAND_ROWS = 48
"""Rows per band: fewer rows are found again more often, but each band costs a flush and its own
Huffman tables, and a band's first row finds nothing above it to refer to."""
CACHE_BYTES = 24 << 20
"""Bytes of band pixels (the keys) kept at most; the compressed bands add about a tenth. Bands
of recent boards are the ones found again, so the least recently used go first."""
MEM_LEVEL = 9
"""The deflate memory level Pillow's PNG encoder uses (`to_png`), so the same settings apply."""
ADLER = 65521
"""The modulus of the Adler-32 checksum zlib ends its stream with."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
END = b"\x03\x00"
"""An empty final deflate block (fixed Huffman codes): the stream ends after the last band."""


class _Cache:
    """Compressed bands by their bytes, least recently used first (shared by every thread)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.bands: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, band: bytes) -> tuple[bytes, int] | None:
        with self.lock:
            found = self.bands.get(band)
            if found is not None:
                self.bands.move_to_end(band)
            return found

    def put(self, band: bytes, packed: tuple[bytes, int]) -> None:
        with self.lock:
            if band in self.bands:
                return
            self.bands[band] = packed
            self.size += len(band)
            while self.size > self.limit:
                old, _ = self.bands.popitem(last=False)
                self.size -= len(old)


_CACHE = _Cache(CACHE_BYTES)
_LOCAL = threading.local()


def _compressor() -> zlib._Compress:
    """Returns this thread's raw deflate stream (making one costs as much as several bands): it
    is flushed in full after every band, so what it wrote before never matters."""
    comp: zlib._Compress | None = getattr(_LOCAL, "comp", None)
    if comp is None:
        comp = zlib.compressobj(PNG_OPTIONS["compress_level"], zlib.DEFLATED, -zlib.MAX_WBITS,
                                MEM_LEVEL)
        _LOCAL.comp = comp
    return comp


def _pack(band: bytes) -> tuple[bytes, int]:
    """Returns a band's deflate bytes, which stand on their own, and its Adler-32 checksum."""
    comp = _compressor()
    return comp.compress(band) + comp.flush(zlib.Z_FULL_FLUSH), zlib.adler32(band)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


@lru_cache(maxsize=64)
def _head(width: int, height: int, palette: bytes) -> bytes:
    """Returns the signature, header and palette chunks of an 8-bit palette PNG (cached: boards
    come in a few sizes and palettes)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", palette)


def _bands(image: Image.Image, starts: tuple[int, ...]) -> Iterator[bytes]:
    """Yields the rows between each two `starts` as the PNG stores them: each row after its
    filter byte (0, no filter, as Pillow writes palette images). The image is pasted one pixel
    right into a zeroed one and read a band at a time (whole rows fit the buffer given): one
    bytes object per band, never one for the whole board (fresh memory for 600 KB costs more
    than compressing it)."""
    width, height = image.size
    wide = _imaging.fill("P", (width + 1, height), 0)
    wide.paste(image.im, (1, 0, width + 1, height))
    reader = _imaging.raw_encoder("P", "P")
    reader.setimage(wide, (0, 0, width + 1, height))
    try:
        for top, bottom in zip(starts, starts[1:], strict=False):
            _, _, band = reader.encode((bottom - top) * (width + 1))
            yield band
    finally:
        reader.cleanup()


@lru_cache(maxsize=64)
def _starts(height: int, cuts: tuple[int, ...]) -> tuple[int, ...]:
    """Returns the first row of each band: at each cut, then every `BAND_ROWS` rows up to the
    next cut (or the bottom)."""
    edges = sorted({0, height, *(y for y in cuts if 0 < y < height)})
    return tuple(y for top, bottom in zip(edges, edges[1:], strict=False)
                 for y in range(top, bottom, BAND_ROWS)) + (height,)


def board_png(image: Image.Image, cuts: tuple[int, ...] = ()) -> bytes:
    """Encodes a palette board as `to_png` would (the same pixels, palette and deflate level),
    compressing only the bands of rows no earlier board had (any other mode goes to `to_png`).
    A band also starts at each row in `cuts`: a board cut where its regions meet (a line of
    text, a row of cards) finds a region again even when the one above it changed."""
    if image.mode != "P":
        return to_png(image)
    width, height = image.size
    starts = _starts(height, cuts)
    parts = [b"\x78\x01"]  # the zlib header: deflate, 32 KiB window, fastest level
    low, high = 1, 0  # the Adler-32 sums of the whole stream, combined band by band
    for band in _bands(image, starts):
        packed = _CACHE.get(band)
        if packed is None:
            packed = _pack(band)
            _CACHE.put(band, packed)
        deflated, adler = packed
        high = (high + (adler >> 16) + len(band) * (low - 1)) % ADLER
        low = (low + (adler & 0xFFFF) - 1) % ADLER
        parts.append(deflated)
    parts += [END, struct.pack(">I", (high << 16) | low)]
    palette = image.im.getpalette("RGB", "RGB")
    return (_head(width, height, palette) + _chunk(b"IDAT", b"".join(parts))
            + _chunk(b"IEND", b""))
