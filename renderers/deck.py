"""Draws a deck list for `/deck show`: the cards grouped by cost with their counts, the mana curve
as bars, the champion, the faction and what still keeps the deck from play.

The input is a plain dict (built by `bot.decks.deck_view`), so this module knows no game:
`name`, `faction`, `game_title`, `count`, `deck_size`, `accent` (RGB), `champion` (`name`,
`cost`, `power`, `health`, `text`), `groups` (`cost`, `cards`: `name`, `count`, `kind`, `stats`),
`curve` ([label, count] pairs), `kinds` ([label, count] pairs), `problems` and `code`. Its words
may be `games.text.Text`s; the image draws them, and its own labels, in the reader's language.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw, ImageFont

from games.text import Text, Translate, english, plural
from renderers.card import TextBlock, fit, line_height, paint, wrap
from renderers.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Color,
    font,
    new_canvas,
    to_png,
)

WIDTH = 1100
PAD = 24
GAP = 24
LIST_W = 700
"""The card list's width (two columns); the side panel takes the rest."""
SIDE_X = PAD + LIST_W + GAP + 16
"""Where the side panel's text starts."""
ROW_H = 26
HEAD_H = 30
KIND_W, STATS_W = 44, 48
"""Widths of the right-aligned kind and power/health columns of a card row."""
OK_INK: Color = (120, 210, 120)
WARN_INK: Color = (250, 190, 80)


def render_deck(view: dict[str, Any], tr: Translate = english) -> bytes:
    """Returns the deck list as a PNG, in the reader's language."""
    columns = _columns(view["groups"])
    list_h = max((sum(h for h, _ in col) for col in columns), default=0)
    side_blocks, side_h = _side(view, tr)
    height = max(120 + list_h, 120 + side_h) + PAD
    image, draw = new_canvas(WIDTH, height)
    accent = tuple(view.get("accent") or HIGHLIGHT)
    colour: Color = (accent[0], accent[1], accent[2])
    draw.rectangle((0, 0, WIDTH, 8), fill=colour)
    _header(draw, view, colour, tr)
    x = PAD
    col_w = (LIST_W - GAP) // 2
    for col in columns:
        y = 110
        for h, item in col:
            _list_item(draw, item, x, y, col_w, colour, tr)
            y += h
        x += col_w + GAP
    draw.rounded_rectangle((SIDE_X - 16, 100, WIDTH - PAD + 8, 100 + side_h + 16), radius=12,
                           fill=PANEL)
    for kind, payload in side_blocks:
        if kind == "text":
            paint(draw, payload)
        elif kind == "bars":
            _bars(draw, payload, colour)
    return to_png(image)


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], colour: Color,
            tr: Translate) -> None:
    draw.text((PAD, 22), shorten(view["name"], LIST_W, font(32, bold=True)),
              font=font(32, bold=True), fill=INK)
    ready = not view["problems"]
    status = tr(Text("Ready to play") if ready else
                plural("{n} problem", "{n} problems", len(view["problems"])))
    line = tr(Text("{faction} · {count}/{size} cards + champion · ", faction=view["faction"],
                   count=view["count"], size=view["deck_size"]))
    f = font(18)
    draw.text((PAD, 66), line, font=f, fill=colour)
    draw.text((PAD + f.getlength(line), 66), status, font=font(18, bold=True),
              fill=OK_INK if ready else WARN_INK)
    draw.text((WIDTH - PAD, 30), view["game_title"], font=font(16), fill=MUTED, anchor="ra")


def _columns(groups: list[dict[str, Any]]) -> list[list[tuple[int, Any]]]:
    """Splits the cost groups into two balanced columns of (height, item) rows."""
    rows: list[tuple[int, Any]] = []
    for group in groups:
        rows.append((HEAD_H, ("head", group)))
        rows += [(ROW_H, ("card", card)) for card in group["cards"]]
        rows.append((8, ("gap", None)))
    cuts = [i for i, row in enumerate(rows) if row[1][0] == "head"] + [len(rows)]
    total = sum(h for h, _ in rows)

    def tallest(cut: int) -> int:
        first = sum(h for h, _ in rows[:cut])
        return max(first, total - first)

    best = min(cuts, key=tallest)  # the group boundary that balances the columns best
    return [rows[:best], rows[best:]]


def _list_item(draw: ImageDraw.ImageDraw, item: tuple[str, Any], x: int, y: int, width: int,
               colour: Color, tr: Translate) -> None:
    kind, data = item
    if kind == "head":
        count = sum(card["count"] for card in data["cards"])
        draw.text((x, y + 4), tr(Text("Cost {cost}", cost=data["cost"])), font=font(18, bold=True),
                  fill=colour)
        draw.text((x + width, y + 6), tr(plural("{n} card", "{n} cards", count)),
                  font=font(15), fill=MUTED, anchor="ra")
        draw.line((x, y + HEAD_H - 3, x + width, y + HEAD_H - 3), fill=PANEL, width=2)
    elif kind == "card":
        draw.text((x, y + 3), f"{data['count']}×", font=font(17, bold=True), fill=HIGHLIGHT)
        small = font(15)
        stats_x = x + width
        kind_x = stats_x - STATS_W
        name_x = x + 34
        name_font = font(17, condensed=True)
        label = shorten(data["name"], kind_x - KIND_W - name_x - 6, name_font)
        draw.text((name_x, y + 3), label, font=name_font, fill=INK)
        draw.text((kind_x, y + 5), shorten(tr(data["kind"]), KIND_W + 30, small), font=small,
                  fill=MUTED, anchor="ra")
        if data.get("stats"):
            draw.text((stats_x, y + 5), data["stats"], font=small, fill=INK, anchor="ra")


def _side(view: dict[str, Any], tr: Translate = english) -> tuple[list[tuple[str, Any]], int]:
    """Lays out the side panel (champion, curve, kinds, problems, code); returns it and its
    height."""
    x0, x1 = SIDE_X, WIDTH - PAD - 4
    blocks: list[tuple[str, Any]] = []
    y = 112

    def text(value: str, size: int, *, bold: bool = False, fill: Color = INK,
             gap: int = 4) -> None:
        nonlocal y
        lines = wrap(value, x1 - x0, size, bold=bold)
        block = TextBlock((x0, y, x1, y + len(lines) * line_height(size)), tuple(lines), size,
                          bold, fill, "left", value)
        blocks.append(("text", block))
        y = block.box[3] + gap

    champ = view["champion"]
    text(tr(Text("CHAMPION")), 14, bold=True, fill=MUTED, gap=2)
    text(champ["name"], 22, bold=True, gap=2)
    if champ.get("power") is not None:
        numbers = Text("cost {cost} · power {power} · health {health}", cost=champ["cost"],
                       power=champ["power"], health=champ["health"])
    else:
        numbers = Text("cost {cost}", cost=champ["cost"])
    text(tr(numbers), 16, fill=MUTED)
    if champ.get("text"):
        text(tr(champ["text"]), 15, gap=14)
    text(tr(Text("MANA CURVE")), 14, bold=True, fill=MUTED, gap=6)
    bars_h = 120
    blocks.append(("bars", ((x0, y, x1, y + bars_h), view["curve"])))
    y += bars_h + 12
    text(" · ".join(f"{n} {tr(label)}" for label, n in view["kinds"]), 16, gap=14)
    if view["problems"]:
        text(tr(Text("TO FIX BEFORE PLAYING")), 14, bold=True, fill=WARN_INK, gap=2)
        for problem in view["problems"]:
            text(f"• {tr(problem)}", 15, fill=WARN_INK, gap=3)
        y += 10
    if view.get("code"):
        text(tr(Text("DECK CODE")), 14, bold=True, fill=MUTED, gap=2)
        blocks.append(("text", fit(view["code"], (x0, y, x1, y + 3 * line_height(15)),
                                   range(15, 9, -1))))
        y += 3 * line_height(15)
    return blocks, y - 100


def shorten(text: str, width: float, f: ImageFont.FreeTypeFont) -> str:
    """Returns the text, cut with an ellipsis when it is wider than `width` in font `f`."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _bars(draw: ImageDraw.ImageDraw, payload: tuple[tuple[int, int, int, int],
                                                    list[tuple[str, int]]],
          colour: Color) -> None:
    """Draws the mana curve: one bar per cost bucket, its count above and its cost below."""
    (x0, y0, x1, y1), curve = payload
    top = max((n for _, n in curve), default=0) or 1
    slot = (x1 - x0) / max(1, len(curve))
    base = y1 - 20
    for i, (label, n) in enumerate(curve):
        bx0 = x0 + i * slot + 4
        bx1 = x0 + (i + 1) * slot - 4
        h = (base - y0 - 20) * n / top
        draw.rectangle((bx0, base - h, bx1, base), fill=colour if n else BACKGROUND)
        draw.text(((bx0 + bx1) / 2, base - h - 4), str(n), font=font(14, bold=True), fill=INK,
                  anchor="md")
        draw.text(((bx0 + bx1) / 2, base + 4), label, font=font(14), fill=MUTED, anchor="ma")
