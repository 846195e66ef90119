"""README pictures of the table on Discord: a lobby, a board in the middle of a turn, a result.

    python bench/discord_screenshots.py [--out docs/images]

Plays through the stand-in as two people would (the real bot, in this process), then draws the
messages the stand-in holds (content, embed, image, buttons and selects) in Discord's dark theme,
one PNG per message. The drawing is a likeness for the README, not a pixel copy of Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from games.text import english  # noqa: E402
from tests.discord_standin import Message, User  # noqa: E402
from tests.discord_standin.harness import Harness, play_by_menus  # noqa: E402

FONTS = Path(__file__).resolve().parent.parent / "data" / "fonts"
WIDTH = 820
BACKGROUND = (49, 51, 56)
EMBED = (43, 45, 49)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
WHITE = (242, 243, 245)
MENTION = (201, 205, 251)
MENTION_BG = (60, 66, 112)
BUTTONS = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


class Canvas:
    """A tall canvas to draw a message on; it is cropped to what was drawn."""

    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def text(self, xy: tuple[int, int], text: str, *, size: int = 15, bold: bool = False,
             fill: tuple[int, int, int] = TEXT, width: int = 640) -> int:
        """Draws wrapped text (**bold** spans shown bold); returns the height used."""
        x0, y = xy
        line_height = size + 6
        for paragraph in text.split("\n"):
            x = x0
            for bold_span, word, spaced in _words(paragraph, bold):
                face = font(size, bold=bold_span)
                gap = self.draw.textlength(" ", font=face) if spaced and x > x0 else 0
                w = self.draw.textlength(word, font=face)
                if x + gap + w > x0 + width and x > x0:
                    x, y, gap = x0, y + line_height, 0
                x += gap
                mention = re.fullmatch(r"@\w+", word)
                if mention:
                    self.draw.rounded_rectangle((x - 2, y - 1, x + w + 2, y + size + 3), 4, fill=MENTION_BG)
                self.draw.text((x, y), word, font=face, fill=MENTION if mention else fill)
                x += w
            y += line_height
        return y - xy[1]

    def code(self, xy: tuple[int, int], text: str, *, width: int = 640) -> int:
        """Draws a code block: a darker box, condensed type, lines as they are."""
        x, y = xy
        face = ImageFont.truetype(str(FONTS / "DejaVuSansCondensed.ttf"), 13)
        lines = text.split("\n")
        height = 12 + 18 * len(lines)
        self.draw.rounded_rectangle((x, y, x + width, y + height), 4, fill=(30, 31, 34))
        for index, line in enumerate(lines):
            self.draw.text((x + 8, y + 6 + 18 * index), line, font=face, fill=TEXT)
        return height + 6


def _words(paragraph: str, bold: bool) -> list[tuple[bool, str, bool]]:
    """Splits a line into (bold, word, space before) with **bold** spans."""
    out = []
    spaced = False
    for index, part in enumerate(re.split(r"\*\*", paragraph)):
        pieces = part.split(" ")
        for number, word in enumerate(pieces):
            if word:
                out.append((bold or index % 2 == 1, word.replace("\\", ""), spaced or number > 0))
                spaced = False
        spaced = part.endswith(" ")
    return out


def render(message: Message, users: dict[int, str]) -> bytes:
    """Draws one stand-in message as Discord would show it."""
    canvas = Canvas(2400)
    used = _draw(canvas, message, users)
    out = io.BytesIO()
    canvas.image.crop((0, 0, WIDTH, used)).save(out, "PNG", optimize=True)
    return out.getvalue()


def _draw(c: Canvas, message: Message, users: dict[int, str]) -> int:
    c.draw.ellipse((16, 14, 56, 54), fill=(88, 101, 242))
    c.draw.text((28, 22), "H", font=font(20, bold=True), fill=WHITE)
    c.draw.text((72, 14), "Hoard", font=font(16, bold=True), fill=WHITE)
    c.draw.rounded_rectangle((128, 16, 160, 33), 3, fill=(88, 101, 242))
    c.draw.text((132, 17), "APP", font=font(11, bold=True), fill=WHITE)
    c.draw.text((170, 17), "Today at 20:15" + ("  (edited)" if message.edits else ""),
                font=font(12), fill=MUTED)
    y = 40
    if message.content:
        content = re.sub(r"<@(\d+)>", lambda m: "@" + users.get(int(m.group(1)), "someone"),
                         message.content)
        y += c.text((72, y), content) + 4
    for embed in message.embeds:
        y = _embed(c, message, embed, y + 2)
    y = _components(c, message, y + 6)
    return y + 14


def _embed(c: Canvas, message: Message, embed: dict[str, Any], top: int) -> int:
    colour = embed.get("color") or 0
    bar = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
    y = top + 10
    inner = 88
    if embed.get("title"):
        y += c.text((inner, y), embed["title"], size=16, bold=True, fill=WHITE) + 2
    description = embed.get("description") or ""
    block = re.fullmatch(r"```\n?(.*?)\n?```", description, re.S)
    if block:
        y += c.code((inner, y + 2), block.group(1)) + 4
    elif description:
        y += c.text((inner, y), description, size=14) + 4
    for f in embed.get("fields", []):
        y += c.text((inner, y), f["name"], size=13, bold=True, fill=WHITE)
        y += c.text((inner, y), f["value"], size=14) + 4
    attachment = message.image_attachment()
    if attachment is not None:
        picture = Image.open(io.BytesIO(attachment.data)).convert("RGB")
        scale = min(1.0, 640 / picture.width)
        picture = picture.resize((int(picture.width * scale), int(picture.height * scale)),
                                 Image.Resampling.LANCZOS)
        c.image.paste(picture, (inner, y + 4))
        y += picture.height + 10
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        y += c.text((inner, y + 2), footer, size=11, fill=MUTED) + 2
    c.draw.rounded_rectangle((72, top, WIDTH - 24, y + 8), 5, fill=None, outline=EMBED)
    c.draw.rectangle((72, top, 76, y + 8), fill=bar)
    return y + 10


def _components(c: Canvas, message: Message, y: int) -> int:
    for row in message.components:
        x = 72
        for comp in row.get("components", []):
            if comp["type"] == 3:
                c.draw.rounded_rectangle((x, y, x + 400, y + 38), 4, fill=(30, 31, 34))
                c.draw.text((x + 12, y + 10), comp.get("placeholder", "Choose…"), font=font(14), fill=MUTED)
                c.draw.text((x + 374, y + 8), "⌄", font=font(16), fill=TEXT)
                x += 410
                continue
            label = comp.get("label", "")
            w = int(c.draw.textlength(label, font=font(14, bold=True))) + 32
            c.draw.rounded_rectangle((x, y, x + w, y + 34), 4, fill=BUTTONS.get(comp.get("style", 2), BUTTONS[2]))
            c.draw.text((x + 16, y + 8), label, font=font(14, bold=True), fill=WHITE)
            x += w + 8
        y += 44
    return y


async def capture(out: Path) -> None:
    """Plays a Drakones table (a lobby, a board in the middle of a turn, the mover's panel, and the
    game to its result, as the computer player would choose) and draws each."""
    names = {ALICE.id: "Alice", BOB.id: "Bob"}
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness(Path(tmp) / "shots.db") as h:
            assert h.bot is not None
            h.bot.host._seeds = random.Random(1)
            await h.slash(ALICE, "join", game="drakones")
            await h.press(BOB, h.lobby(), "Join")
            (out / "lobby.png").write_bytes(render(h.lobby(), names))
            await h.press(ALICE, h.lobby(), "Start")
            mover = h.to_move([ALICE, BOB])[0]
            panel = await h.open_hand(mover)
            await h.choose(mover, panel, ("Play", _first_card(panel, h, mover), "Space 2"))
            (out / "board-mid-turn.png").write_bytes(render(h.board(), names))
            (out / "panel.png").write_bytes(render(panel, names))
            await play_by_menus(h, [ALICE, BOB], seed=1)
            (out / "result.png").write_bytes(render(h.results()[-1], names))


def _first_card(panel: Message, h: Harness, user: User) -> str:
    assert h.bot is not None
    table = h.bot.host._tables[str(h.channel)]
    seat = table.seat_of(str(user.id))
    assert seat is not None
    choices, _ = h.bot.host._choices(table, seat, english)
    return next(c.label[1] for c in choices if c.label[0] == "Play" and c.label[-1] == "Space 2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "docs" / "images")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(capture(args.out))
    print("wrote", ", ".join(sorted(p.name for p in args.out.glob("*.png"))))


if __name__ == "__main__":
    main()
