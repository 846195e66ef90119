"""RivalWing board and hand images, drawn only from a view.

The board shows every dragon's mat (up to 8): damage and points per location, covering and banked
Scales, breached locations, Wings present or not, magic slots (face down unless the viewer owns
them), special slots, conscious or out, whose turn it is and who must defend, and a summary of the
attack in progress or the last one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, header
from games.text import Translate, english
from renderers.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Palette,
    fit_text,
    font,
    new_canvas,
    paste,
    stamp,
    text_width,
    to_png,
)

WIDTH = 1000
PANEL_W = 490
PANEL_H = 232
GAP = 8
HEADER = 44
LOC_W = 104
LOC_H = 52
BREACHED = (120, 40, 40)
DAMAGE = (200, 80, 60)
OK = (70, 150, 90)
SCALE = (90, 150, 210)
OUT = (70, 70, 75)
DEFEND = (230, 120, 60)
LOC_NAMES = {"F": "Front", "L": "Left", "R": "Right", "B": "Rear", "W": "Wings", "C": "Core"}
GRID = {"W": (0, 0), "F": (1, 0), "L": (0, 1), "C": (1, 1), "R": (2, 1), "B": (1, 2)}


SLOT = (80, 60, 120)
BAD = (220, 90, 90)


@cache
def _palette() -> Image.Image:
    """Returns a fixed palette of the board's colours and their antialiasing blends, so the PNG
    is mapped to it quickly and identically every time."""
    bases = [BACKGROUND, PANEL, OUT, BREACHED, SLOT, DAMAGE, HIGHLIGHT, MUTED, INK]
    inks = [INK, MUTED, HIGHLIGHT, DEFEND, SCALE, BAD, OK]
    colors: list[tuple[int, int, int]] = []
    for c in [*bases, *inks, DEFEND, SCALE, OK, BAD]:
        if c not in colors:
            colors.append(c)
    for base in bases:
        for ink in inks:
            for t in (0.2, 0.4, 0.6, 0.8):
                c = (_blend(base[0], ink[0], t), _blend(base[1], ink[1], t),
                     _blend(base[2], ink[2], t))
                if c not in colors and len(colors) < 256:
                    colors.append(c)
    flat = [v for c in colors for v in c]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


@cache
def _pal() -> Palette:
    """Returns the board palette (built once, see `_palette`) for drawing into directly."""
    return Palette.of(_palette())


CATEGORY_COLORS = {"melee": (150, 60, 50), "breath": (190, 110, 30), "defense": (50, 100, 160),
                   "maneuver": (60, 130, 90), "magic": (100, 70, 150), "special": (150, 130, 40)}
HAND_PAL = Palette([BACKGROUND, PANEL, INK, MUTED, *CATEGORY_COLORS.values()],
                   [(INK, bg) for bg in (BACKGROUND, PANEL, *CATEGORY_COLORS.values())]
                   + [(MUTED, BACKGROUND)])
"""Built once: hands are mapped to it instead of being quantized one by one."""


def _blend(base: int, ink: int, t: float) -> int:
    return round(base + (ink - base) * t)


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _fill_names(text: str, names: Sequence[str]) -> str:
    for i in range(8):
        text = text.replace(f"{{p{i}}}", _name(names, i))
    return text


def _location(image: Image.Image, x: int, y: int, key: str, loc: dict[str, Any] | None,
              out: bool) -> None:
    """Pastes one location box, drawn once per distinct content (boxes rarely change)."""
    tile = _tile(_sig(key, loc, out), key, None if loc is None else dict(loc), out)
    paste(image, tile, (x, y))


def _sig(key: str, loc: dict[str, Any] | None, out: bool) -> tuple[Any, ...]:
    """Returns what a location box shows."""
    if loc is None:
        return (key, None)
    covers = sum(len(e["covers"]) for e in loc["entries"])
    return (key, loc["breached"], loc["pile"], loc["points"], loc["damage"], len(loc["entries"]),
            covers, loc["banked"], out)


_TILES: dict[tuple[Any, ...], Image.Image] = {}


def _tile(sig: tuple[Any, ...], key: str, loc: dict[str, Any] | None, out: bool) -> Image.Image:
    tile = _TILES.get(sig)
    if tile is None:
        tile, draw = new_canvas(LOC_W + 1, LOC_H + 1, PANEL)
        _draw_location(draw, 0, 0, key, loc, out)
        tile = _pal().map(tile)
        if len(_TILES) > 4096:
            _TILES.clear()
        _TILES[sig] = tile
    return tile


def _draw_location(draw: ImageDraw.ImageDraw, x: int, y: int, key: str,
                   loc: dict[str, Any] | None, out: bool) -> None:
    box = (x, y, x + LOC_W, y + LOC_H)
    if loc is None:
        draw.rounded_rectangle(box, radius=5, outline=MUTED, width=1, fill=BACKGROUND)
        draw.text((x + LOC_W / 2, y + LOC_H / 2), "no Wings", font=font(14), fill=MUTED, anchor="mm")
        return
    if loc["breached"]:
        draw.rounded_rectangle(box, radius=5, fill=BREACHED, outline=INK, width=1)
        draw.text((x + 6, y + 4), LOC_NAMES[key], font=font(14, bold=True), fill=INK)
        draw.text((x + LOC_W - 6, y + 4), f"pile {loc['pile']}", font=font(14, condensed=True),
                  fill=INK, anchor="ra")
        draw.text((x + 6, y + 25), "BREACHED", font=font(14, bold=True), fill=INK)
        return
    pts, dmg = loc["points"], loc["damage"]
    fill = OUT if out else BACKGROUND
    draw.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=1)
    frac = min(1.0, dmg / pts) if pts else 0
    if frac:
        draw.rectangle((x + 2, y + LOC_H - 8, x + 2 + int((LOC_W - 4) * frac), y + LOC_H - 3),
                       fill=DAMAGE)
    draw.text((x + 6, y + 3), LOC_NAMES[key], font=font(14, bold=key == "C"), fill=INK)
    draw.text((x + LOC_W - 6, y + 3), f"{dmg}/{pts}", font=font(15, bold=True),
              fill=HIGHLIGHT if dmg else INK, anchor="ra")
    covers = sum(len(e["covers"]) for e in loc["entries"])
    bits = []
    if loc["entries"]:
        bits.append(f"{len(loc['entries'])} hit" + ("s" if len(loc["entries"]) > 1 else ""))
    if covers:
        bits.append(f"{covers} sc")
    if loc["banked"]:
        bits.append(f"+{loc['banked']} bank")
    if bits:
        draw.text((x + 6, y + 24), " ".join(bits), font=font(14, condensed=True),
                  fill=SCALE if covers or loc["banked"] else MUTED)


_PANELS: dict[tuple[Any, ...], Image.Image] = {}


def _panel(image: Image.Image, x: int, y: int, p: dict[str, Any], view: View,
           names: Sequence[str]) -> None:
    """Pastes one dragon's mat: its frame, drawn once per distinct content (few mats change in
    a turn), then its locations (cached tiles) and its hand count (cached words)."""
    key = _panel_key(p, view, names)
    tile = _PANELS.get(key)
    if tile is None:
        tile, draw = _pal().canvas(PANEL_W + 1, PANEL_H + 1)
        _draw_panel(tile, draw, 0, 0, p, view, names)
        if len(_PANELS) > 512:  # about 60 MB at most
            _PANELS.clear()
        _PANELS[key] = tile
    paste(image, tile, (x, y))
    out = not p["conscious"]
    for loc, (cx, cy) in GRID.items():
        _location(image, x + 10 + cx * (LOC_W + 4), y + 50 + cy * (LOC_H + 4), loc,
                  p["locations"].get(loc), out)
    ko = f" · KOs {p['knockouts']}" if p["knockouts"] else ""
    stamp(image, _pal(), (x + 10 + 3 * (LOC_W + 4) + 4, y + PANEL_H - 22), f"Hand {p['hand']}{ko}",
          size=14, background=OUT if out else PANEL)


def _panel_key(p: dict[str, Any], view: View, names: Sequence[str]) -> tuple[Any, ...]:
    """Returns everything a mat's frame shows (not its locations and hand count, pasted over
    it, and nothing the mat does not show, such as hit sources)."""
    head = header(view)
    seat = p["seat"]
    slots = tuple((s["filled"], s.get("card"), s["ready"]) for s in p["magic_slots"])
    return (seat, _name(names, seat), not p["conscious"], p["withdrawn"], p["dragon"],
            p["breath"], p["resists"], slots, tuple(p["specials"]),
            view["phase"] == "defense" and seat in head["to_play"], head["active"] == seat,
            head["over"] and seat in head["winners"])


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
                p: dict[str, Any], view: View, names: Sequence[str]) -> None:
    """Draws a mat's frame into the palette image: border, title, tag, breath, magic slots and
    specials (text from cached tiles, on the plain colour each stands on)."""
    pal = _pal()
    seat = p["seat"]
    out = not p["conscious"]
    bg = OUT if out else PANEL
    head = header(view)
    defending = view["phase"] == "defense" and seat in head["to_play"]
    active = head["active"] == seat
    border = DEFEND if defending else (HIGHLIGHT if active else MUTED)
    draw.rounded_rectangle((x, y, x + PANEL_W, y + PANEL_H), radius=8, fill=pal[bg],
                           outline=pal[border], width=3 if border != MUTED else 1)
    title = fit_text(f"{_name(names, seat)} — {p['dragon']}", 300, 16, bold=True)
    stamp(image, pal, (x + 10, y + 7), title, size=16, bold=True, background=bg)
    if out:
        tag, color = ("WITHDRAWN" if p["withdrawn"] else "OUT"), BAD
    elif defending:
        tag, color = "MUST DEFEND", DEFEND
    elif active:
        tag, color = "TURN", HIGHLIGHT
    else:
        tag, color = "", INK
    if head["over"] and seat in head["winners"]:
        tag, color = "WINNER", HIGHLIGHT
    if tag:
        stamp(image, pal, (x + PANEL_W - 10, y + 7), tag, size=16, bold=True, fill=color,
              anchor="ra", background=bg)
    stamp(image, pal, (x + 10, y + 28), f"Breath {p['breath']} · resists {p['resists']}",
          size=14, fill=MUTED, background=bg)
    sx = x + 10 + 3 * (LOC_W + 4) + 4
    sy = y + 50
    stamp(image, pal, (sx, sy), "Magic", size=14, bold=True, background=bg)
    slots = p["magic_slots"]
    if not slots:
        stamp(image, pal, (sx + 52, sy), "none", size=14, fill=MUTED, background=bg)
    for j, slot in enumerate(slots[:4]):
        bx = sx + (j % 2) * 72
        by = sy + 20 + (j // 2) * 30
        box = (bx, by, bx + 68, by + 26)
        if not slot["filled"]:
            draw.rounded_rectangle(box, radius=4, outline=pal[MUTED], width=1)
            stamp(image, pal, (bx + 34, by + 13), "empty", size=14, fill=MUTED, anchor="mm",
                  background=bg)
        else:
            draw.rounded_rectangle(box, radius=4, fill=pal[SLOT], outline=pal[INK], width=1)
            label = fit_text(slot.get("card") or "hidden", 64, 14)
            stamp(image, pal, (bx + 34, by + 13), label, size=14, condensed=True, anchor="mm",
                  background=SLOT)
            if slot["ready"]:
                draw.ellipse((bx + 59, by - 3, bx + 69, by + 7), fill=pal[HIGHLIGHT])
    ry = sy + 20 + 30 * ((min(len(slots), 4) + 1) // 2 or 1) + 4
    stamp(image, pal, (sx, ry), "Special", size=14, bold=True, background=bg)
    for j, sp in enumerate(p["specials"]):
        text = fit_text(sp or "empty", 150, 14)
        stamp(image, pal, (sx, ry + 18 + j * 18), text, size=14, fill=INK if sp else MUTED,
              background=bg)


def _summary_lines(view: View, names: Sequence[str]) -> list[tuple[str, Any]]:
    lines: list[tuple[str, Any]] = []
    attack = view.get("attack")
    la = attack or view.get("last_attack")
    if la:
        head = "Attack" if attack else "Last attack"
        targets = ", ".join(_name(names, t) for t in la["targets"]) or "self"
        lines.append((f"{head}: {_name(names, la['attacker'])} → {targets}: "
                      + ", ".join(la["cards"]), HIGHLIGHT))
        for text in la.get("effects", []):
            lines.append(("  " + _fill_names(text, names), INK))
        for text in la.get("defense", []):
            lines.append(("  Defense " + _fill_names(text, names), INK))
        players = view["players"]
        for i, h in enumerate(la["hits"]):
            where = LOC_NAMES.get(h["loc"], h["loc"])
            target_locs = players[h["target"]]["locations"] if h["target"] is not None else {}
            if not h["fate"] and h["loc"] in "FLRB" and target_locs.get(h["loc"], {}).get("breached"):
                where += " (breached: to the Core)"
            fate = _fill_names(h["fate"], names) if h["fate"] else "pending"
            lines.append((f"  #{i + 1} {h['name']} {h['amount']} → {_name(names, h['target'])} "
                          f"{where}: {fate}", INK))
        if attack and attack.get("window"):
            w = attack["window"]
            plays = ", ".join(str(pl[0]) for pl in w["plays"])
            lines.append((f"{_name(names, w['seat'])} must defend" + (f" ({plays})" if plays else ""),
                          DEFEND))
    build = view.get("build")
    if build:
        top = header(view)
        if build["armageddon"]:
            aim = " (Armageddon)"
        elif build["target"] is not None:
            aim = f" on {_name(names, build['target'])}"
        else:  # on yourself, or not shown to others before a card lies in front of it
            aim = " on themself" if top["seat"] == top["active"] else ""
        cards = ", ".join(h["card"] for h in build["hits"]) or "no hit cards yet"
        lines.append((f"{_name(names, top['active'])} is building an attack{aim}: {cards}",
                      HIGHLIGHT))
    return lines


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Draws every dragon's mat and the attack summary."""
    players = view["players"]
    n = len(players)
    cols = 2
    rows = (n + cols - 1) // cols
    lines = _summary_lines(view, names)
    max_lines = 9
    shown = lines[:max_lines]
    foot_h = 12 + 20 * max(1, len(shown))
    height = HEADER + rows * (PANEL_H + GAP) + foot_h
    image, _ = _pal().canvas(WIDTH, height)
    top = header(view)
    if top["over"]:
        winners = ", ".join(_name(names, w) for w in top["winners"]) or "no winner"
        status = f"Duel over — {winners} ({top['termination']})"
    else:
        kind = "defend" if view["phase"] == "defense" else "play"
        seat = top["to_play"][0] if top["to_play"] else None
        status = f"{_name(names, seat)} to {kind} ({top['seconds']} s)"
        if view.get("chaos_lock"):
            status += " · Chaos lock"
    head = (f"RivalWing · Round {view['round']}/{view['round_limit']} · Draw {view['deck']} · "
            f"Discard {len(view['discard'])} · ")
    pal = _pal()
    stamp(image, pal, (12, 12), head, size=18, bold=True, background=BACKGROUND)
    hx = 12 + text_width(head, 18, bold=True)
    stamp(image, pal, (hx, 12), fit_text(status, int(WIDTH - hx - 12), 18, bold=True), size=18,
          bold=True, fill=HIGHLIGHT, background=BACKGROUND)
    for i, p in enumerate(players):
        x = 6 + (i % cols) * (PANEL_W + GAP + 4)
        y = HEADER + (i // cols) * (PANEL_H + GAP)
        _panel(image, x, y, p, view, names)
    fy = HEADER + rows * (PANEL_H + GAP) + 4
    if not shown:
        stamp(image, pal, (12, fy), "No attack yet.", size=15, fill=MUTED, background=BACKGROUND)
    for j, (text, color) in enumerate(shown):
        stamp(image, pal, (12, fy + j * 20), fit_text(text, WIDTH - 24, 15), size=15, fill=color,
              background=BACKGROUND)
    return to_png(image)


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Draws the viewer's hand and own magic slots; None for a spectator."""
    seat = header(view)["seat"]
    hand = view.get("hand")
    if seat is None or hand is None:
        return None
    from games.rivalwing.cards import KINDS

    kinds = view.get("hand_kinds", [])
    me = view["players"][seat]
    slots = [s for s in me["magic_slots"] if s.get("card")]
    rows = max(1, len(hand)) + (1 + len(slots) if slots else 0)
    height = 56 + rows * 46
    image, draw = new_canvas(WIDTH, height)
    draw.text((12, 12), f"{_name(names, seat)}'s hand — {me['dragon']} (breath {me['breath']})",
              font=font(20, bold=True), fill=INK)
    y = 50
    colors = CATEGORY_COLORS
    if not hand:
        draw.text((12, y), "Your hand is empty.", font=font(16), fill=MUTED)
    for name, kind in zip(hand, kinds, strict=False):
        info = KINDS[kind]
        draw.rounded_rectangle((10, y, WIDTH - 10, y + 40), radius=6,
                               fill=colors.get(info["category"], PANEL), outline=INK, width=1)
        draw.text((20, y + 10), name, font=font(17, bold=True), fill=INK)
        draw.text((330, y + 11), fit_text(info["text"], WIDTH - 350, 15), font=font(15), fill=INK)
        y += 46
    if slots:
        draw.text((12, y + 8), "Your magic slots (★ ready)", font=font(17, bold=True), fill=INK)
        y += 46
        for s in slots:
            star = "★ " if s["ready"] else ""
            info = KINDS[s["kind"]]
            draw.rounded_rectangle((10, y, WIDTH - 10, y + 40), radius=6, fill=colors["magic"],
                                   outline=INK, width=1)
            draw.text((20, y + 10), star + s["card"], font=font(17, bold=True), fill=INK)
            draw.text((330, y + 11), fit_text(info["text"], WIDTH - 350, 15), font=font(15), fill=INK)
            y += 46
    return to_png(HAND_PAL.map(image))
