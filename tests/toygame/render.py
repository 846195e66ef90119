"""Embers' renderer: small PNGs drawn from a view alone."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.core import View
from games.text import Translate, english


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Draws the piles (public) as a small PNG."""
    image = Image.new("RGB", (320, 90), (30, 20, 20))
    draw = ImageDraw.Draw(image)
    for i, pile in enumerate(view["piles"]):
        draw.text((10, 10 + 25 * i), f"Pile {i + 1}: {pile}", fill=(250, 200, 120))
    return _png(image)


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Draws the viewer's own hand."""
    image = Image.new("RGB", (320, 40), (20, 30, 20))
    ImageDraw.Draw(image).text((10, 10), f"Hand: {view.get('hand')}", fill=(200, 250, 120))
    return _png(image)


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()
