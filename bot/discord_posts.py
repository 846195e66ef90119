"""What each reply looks like on Discord: the embed, content, image and controls of its message.

The host says what a message says; this module says how Discord shows it. Every public message
carries a footer marker naming its table, kind and position (`marker`), by which the courier finds
a message it may already have posted before a crash. Images travel as lossless WebP (half the
bytes of the renderers' PNGs, pixel for pixel the same; a busy courier sends the PNG instead, see
`WireEncoder`), named by the host's content hash, so an edit re-uploads an image only when
it changed.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord
from discord.utils import escape_markdown, escape_mentions
from PIL import Image

import locales
from bot import discord_views as ui
from bot.messages import Reply, ReplyKind
from games.text import Text

log = logging.getLogger(__name__)

_PNG = b"\x89PNG"

COLOURS = {
    ReplyKind.LOBBY: discord.Colour.blurple(),
    ReplyKind.BOARD: discord.Colour.dark_gold(),
    ReplyKind.RESULT: discord.Colour.gold(),
    ReplyKind.HAND: discord.Colour.dark_green(),
}
_MARKER = re.compile(r"Table (?P<table>[0-9a-z]+) · (?P<what>position|result at position|lobby|"
                     r"reminder at position) ?(?P<version>[0-9]*)")
_WHAT = {ReplyKind.BOARD: "position", ReplyKind.RESULT: "result at position",
         ReplyKind.LOBBY: "lobby", ReplyKind.WARNING: "reminder at position"}


def safe_name(name: str) -> str:
    """Escapes a display name for Discord text: markdown, masked links, mentions and bare links."""
    return escape_mentions(escape_markdown(name)).replace("://", ":\u200b//")


def marker(kind: ReplyKind, table: str, version: int | None) -> str:
    """The footer that names a public message's table, kind and position."""
    what = _WHAT[kind]
    return f"Table {table} · {what}" + ("" if kind is ReplyKind.LOBBY else f" {version or 0}")


def parse_marker(text: str) -> tuple[str, ReplyKind, int] | None:
    """Reads a footer written by `marker`; None for anything else."""
    match = _MARKER.search(text or "")
    if match is None:
        return None
    kind = next(k for k, w in _WHAT.items() if w == match["what"])
    return match["table"], kind, int(match["version"] or 0)


class WireEncoder:
    """Encodes the courier's public pictures as WebP, one at a time; while it is busy, a picture
    goes as the renderer's PNG (about 1.7 times the bytes, nothing to encode). With 100 tables
    starting at once, the WebP of their first boards took more CPU than the answers to their
    /start, and the answers waited (bench/discord_latency: a second encoding thread made the
    p99 of first responses 110-160 ms instead of 80-115 ms on two cores). A table or two at a
    time rarely find it busy, so their boards stay small."""

    THREADS = 1

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=self.THREADS, thread_name_prefix="hoard-wire")
        self._busy = 0

    async def wire(self, png: bytes) -> bytes:
        """The picture to upload: WebP, or the PNG itself when the encoders are all busy."""
        if self._busy >= self.THREADS:
            return png
        self._busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, wire_image, png)
        finally:
            self._busy -= 1


@lru_cache(maxsize=64)
def wire_image(png: bytes) -> bytes:
    """Re-encodes a PNG as lossless WebP (the same pixels, about half the bytes); the last few are
    kept, as a result repeats its final board and an unchanged hand is shown again. The least
    effort (quality 0) costs a third less CPU than quality 25 for about 7 % more bytes: on the
    way of every decision to the channel, the CPU is what a busy bot lacks."""
    image: Image.Image = Image.open(io.BytesIO(png))
    if image.mode not in ("RGB", "RGBA", "P", "L"):
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    out = io.BytesIO()
    image.save(out, format="WEBP", lossless=True, method=1, quality=0)
    return out.getvalue()


def wire_name(name: str, image: bytes = b"") -> str:
    """The file name of an image on the wire: the host's name, with the suffix of its format
    (WebP unless the bytes are a PNG)."""
    return name.rsplit(".", 1)[0] + (".png" if image.startswith(_PNG) else ".webp")


@dataclass(slots=True)
class Payload:
    """A message ready to send or edit: text, one embed, at most one image, the controls."""

    content: str | None = None
    embed: discord.Embed | None = None
    image: tuple[str, bytes] | None = None
    """(file name, bytes on the wire); `image_url` instead when the message keeps its image."""
    image_url: str = ""
    file: tuple[str, bytes] | None = None
    """An attachment sent as it is (a record file, an animation), beside any image."""
    view: discord.ui.View | None = None
    pings: tuple[str, ...] = ()
    menu_only: bool = False
    """An edit of the prompt and controls alone (the embed and image stay)."""

    def _embeds(self) -> list[discord.Embed]:
        if self.embed is None:
            return []
        if self.image is not None:
            self.embed.set_image(url=f"attachment://{self.image[0]}")
        elif self.image_url:
            self.embed.set_image(url=self.image_url)
        return [self.embed]

    def _mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(int(u)) for u in self.pings])

    def _files(self) -> list[discord.File]:
        files = [] if self.image is None else [
            discord.File(io.BytesIO(self.image[1]), filename=self.image[0])]
        if self.file is not None:
            files.append(discord.File(io.BytesIO(self.file[1]), filename=self.file[0]))
        return files

    def send(self) -> dict[str, Any]:
        """Arguments of a new message (`send`, `send_message`, `followup.send`)."""
        out: dict[str, Any] = {"content": self.content, "embeds": self._embeds(),
                               "files": self._files(), "allowed_mentions": self._mentions()}
        if self.view is not None:
            out["view"] = self.view
        return out

    def edit(self) -> dict[str, Any]:
        """Arguments of an edit: the image is replaced only when a new one is given."""
        if self.menu_only:
            return {"content": self.content, "view": self.view}
        out: dict[str, Any] = {"content": self.content, "embeds": self._embeds(),
                               "view": self.view, "allowed_mentions": self._mentions()}
        if self.image is not None or self.file is not None:
            out["attachments"] = self._files()
        elif not self.image_url:
            out["attachments"] = []
        return out


def _embed(reply: Reply, *, footer: str = "") -> discord.Embed:
    embed = discord.Embed(title=_cut(reply.title, 256) or None,
                          description=_cut(reply.text, 4096) or None,
                          colour=COLOURS.get(reply.kind, discord.Colour.dark_gold()))
    for name, value in reply.fields[:25]:
        embed.add_field(name=_cut(name, 256) or "\u200b", value=_cut(value, 1024) or "\u200b",
                        inline=False)
    if footer:
        embed.set_footer(text=footer)
    return embed


def public_payload(reply: Reply, image: bytes | None = None, *, keep_url: str = "",
                   ping: bool = True) -> Payload:
    """The public message of a LOBBY, BOARD, RESULT or WARNING reply.

    `image` is the wire image to upload; `keep_url` keeps the one the message already shows.
    """
    table = reply.table or reply.channel
    payload = Payload(image_url=keep_url, pings=reply.mentions if ping else ())
    if image is not None:
        payload.image = (wire_name(reply.image_name, image), image)
    if reply.kind is ReplyKind.WARNING:
        payload.content = _cut(_mention(reply.waiting_on) + " " + reply.text, 2000)
        payload.embed = discord.Embed(colour=discord.Colour.orange()).set_footer(
            text=marker(reply.kind, table, reply.version))
        return payload
    payload.embed = _embed(reply, footer=marker(reply.kind, table, reply.version))
    if reply.kind is ReplyKind.BOARD:
        if reply.waiting_on:
            tr = locales.translator(reply.lang)
            payload.content = (_mention(reply.waiting_on) + tr(Text(
                " — your decision: press **{button}**.", button=tr(ui.HAND_LABEL))))
        if reply.version is not None and not reply.over:
            payload.view = ui.board_view(table, reply.version, locales.translator(reply.lang))
    else:
        payload.view = ui.controls_view(table, reply.version or 0, reply.controls, reply.menus,
                                        locales.translator(reply.lang))
    return payload


def stripped_payload() -> dict[str, Any]:
    """The edit that takes an old board's buttons away."""
    return {"view": None}


def panel_payload(reply: Reply, image: bytes | None, *, path: tuple[int, ...] = (),
                  page: int = 0, keep_url: str = "", menu_only: bool = False) -> Payload:
    """The private panel of a HAND reply: notice and prompt, the hand embed and the menu level.

    `menu_only` changes just the prompt and the controls (a step through the menu)."""
    table = reply.table or reply.channel
    try:
        prompt, view = ui.menu_view(table, reply.stamp, reply.choices, path, page,
                                    locales.translator(reply.lang))
    except LookupError:
        prompt, view = ui.menu_view(table, reply.stamp, reply.choices,
                                    tr=locales.translator(reply.lang))
    content = _cut(" ".join(p for p in (reply.notice, prompt) if p), 2000) or None
    if menu_only:
        return Payload(content=content, view=view, menu_only=True)
    embed = discord.Embed(title=_cut(reply.title, 256), colour=COLOURS[ReplyKind.HAND],
                          description=_cut(f"```\n{_cut(reply.text, 3900)}\n```", 4096))
    payload = Payload(content=content, embed=embed, view=view, image_url=keep_url)
    if image is not None:
        payload.image = (wire_name(reply.image_name, image), image)
    return payload


def private_payload(reply: Reply, image: bytes | None = None) -> Payload:
    """An ephemeral message for a private INFO, ERROR, BOARD or LOBBY reply (/status, /rules);
    also the message of a public INFO reply that no table owes (/card, a replay viewer)."""
    if reply.kind is ReplyKind.ERROR:
        return Payload(content=_cut(reply.text, 2000))
    if reply.kind is ReplyKind.INFO and (reply.fields or image is not None or reply.buttons
                                         or reply.file is not None):
        return info_payload(reply, image)
    if reply.kind in (ReplyKind.BOARD, ReplyKind.LOBBY, ReplyKind.RESULT):
        payload = Payload(embed=_embed(reply))
        if image is not None:
            payload.image = (wire_name(reply.image_name, image), image)
        return payload
    if reply.title and reply.title not in reply.text:
        return Payload(embed=discord.Embed(title=_cut(reply.title, 256),
                                           description=_cut(reply.text, 4096)))
    return Payload(content=_cut(reply.text, 2000))


def info_payload(reply: Reply, image: bytes | None = None) -> Payload:
    """An INFO reply as an embed with its fields, image, attached file and buttons."""
    payload = Payload(view=ui.replay_view(reply.buttons))
    if reply.fields or image is not None or reply.title:
        payload.embed = discord.Embed(title=_cut(reply.title, 256) or None,
                                      description=_cut(reply.text, 4096) or None,
                                      colour=discord.Colour.dark_gold())
        for name, value in reply.fields[:25]:
            payload.embed.add_field(name=_cut(name, 256) or "\u200b",
                                    value=_cut(value, 1024) or "\u200b", inline=False)
    else:
        payload.content = _cut(reply.text, 2000)
    if image is not None:
        payload.image = (wire_name(reply.image_name, image), image)
    if reply.file is not None:
        payload.file = (reply.file_name, reply.file)
    return payload


def _mention(users: tuple[str, ...]) -> str:
    return " ".join(f"<@{u}>" for u in users)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
