"""Pictures on the wire: the courier sends WebP with the renderer's exact pixels, and while its
encoders are all busy it sends the renderer's PNG as it is, named for what it is."""

from __future__ import annotations

import asyncio
import io

from PIL import Image, ImageChops

import games
import locales
from bot.discord_posts import WireEncoder, wire_name
from renderers import warmup


def boards(count: int) -> list[bytes]:
    """Distinct Drachenherz boards from a seeded game (PNG, as the renderer makes them)."""
    entry = games.entry("drachenherz")
    renderer = entry.load_renderer()
    tr = locales.translator("en")
    views = [public for public, _ in warmup.positions(entry.game, 2, seed=5)][:count]
    return [renderer.render_board(v, names=["Ada", "Bo"], tr=tr) for v in views]


def same_pixels(a: bytes, b: bytes) -> bool:
    left, right = (Image.open(io.BytesIO(x)).convert("RGB") for x in (a, b))
    return left.size == right.size and ImageChops.difference(left, right).getbbox() is None


def test_a_busy_courier_sends_the_png_and_names_it_so() -> None:
    """With every encoder thread at work, the next picture goes as the PNG itself (named .png);
    the ones being encoded arrive as WebP (named .webp) with the very same pixels."""
    pictures = boards(WireEncoder.THREADS + 1)
    assert len(set(pictures)) == len(pictures)

    async def scenario() -> tuple[list[bytes], bytes]:
        encoder = WireEncoder()
        started = [asyncio.create_task(encoder.wire(p)) for p in pictures[:-1]]
        await asyncio.sleep(0)  # each has taken its thread
        passed = await encoder.wire(pictures[-1])
        return list(await asyncio.gather(*started)), passed

    encoded, passed = asyncio.run(scenario())
    assert passed == pictures[-1]
    assert wire_name("board-abc.png", passed) == "board-abc.png"
    for png, webp in zip(pictures, encoded, strict=False):
        assert webp[:4] == b"RIFF" and webp[8:12] == b"WEBP"
        assert wire_name("board-abc.png", webp) == "board-abc.webp"
        assert len(webp) < len(png) and same_pixels(png, webp)


def test_a_quiet_courier_sends_webp_one_after_another() -> None:
    """Pictures asked for one at a time are all encoded: nobody pays the bigger PNG then."""
    pictures = boards(3)

    async def scenario() -> list[bytes]:
        encoder = WireEncoder()
        return [await encoder.wire(p) for p in pictures]

    for png, webp in zip(pictures, asyncio.run(scenario()), strict=True):
        assert webp[8:12] == b"WEBP" and same_pixels(png, webp)
