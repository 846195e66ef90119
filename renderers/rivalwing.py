"""RivalWing board and hand images, drawn only from a view.

The board shows every dragon's mat (up to 8): damage and points per location, covering and banked
Scales, breached locations, Wings present or not, magic slots (face down unless the viewer owns
them), special slots, conscious or out, whose turn it is and who must defend, and a summary of the
attack in progress or the last one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View, header
from games.rivalwing.cards import KINDS, LOC_NAME, card_text, element_name, kind_name
from games.rivalwing.state import REASONS
from games.text import Text, Translate, english, join_texts, plural
from renderers.bands import board_png
from renderers.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Color,
    Palette,
    fit_size,
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


def _name(names: Sequence[str], seat: int | None, tr: Translate = english) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else tr(Text("Player {number}", number=seat + 1))


def _fill_names(text: str, names: Sequence[str], tr: Translate = english) -> str:
    """Returns a text in the reader's language with the seat placeholders {p0}.. filled."""
    text = tr(text)
    for i in range(8):
        text = text.replace(f"{{p{i}}}", _name(names, i, tr))
    return text


def _location(image: Image.Image, x: int, y: int, key: str, loc: dict[str, Any] | None,
              out: bool, tr: Translate) -> None:
    """Pastes one location box, drawn once per distinct content and language (boxes rarely
    change)."""
    tile = _tile((*_sig(key, loc, out), tr), key, loc, out, tr)
    paste(image, tile, (x, y))


def _sig(key: str, loc: dict[str, Any] | None, out: bool) -> tuple[Any, ...]:
    """Returns what a location box shows."""
    if loc is None:
        return (key, None)
    covers = sum(len(e["covers"]) for e in loc["entries"])
    return (key, loc["breached"], loc["pile"], loc["points"], loc["damage"], len(loc["entries"]),
            covers, loc["banked"], out)


_TILES: dict[tuple[Any, ...], Image.Image] = {}


def _tile(sig: tuple[Any, ...], key: str, loc: dict[str, Any] | None, out: bool,
          tr: Translate) -> Image.Image:
    tile = _TILES.get(sig)
    if tile is None:
        tile, draw = _pal().canvas(LOC_W + 1, LOC_H + 1, PANEL)
        _draw_location(tile, draw, key, loc, out, tr)
        if len(_TILES) > 4096:
            _TILES.clear()
        _TILES[sig] = tile
    return tile


def _draw_location(image: Image.Image, draw: ImageDraw.ImageDraw, key: str,
                   loc: dict[str, Any] | None, out: bool, tr: Translate = english) -> None:
    """Draws a location box into the palette tile (shapes by index, text from cached tiles on
    the colour it stands on: the pixels of drawing it in colour and mapping it)."""
    pal = _pal()
    box = (0, 0, LOC_W, LOC_H)
    if loc is None:
        draw.rounded_rectangle(box, radius=5, outline=pal[MUTED], width=1, fill=pal[BACKGROUND])
        stamp(image, pal, (LOC_W / 2, LOC_H / 2), fit_text(tr(Text("no Wings")), LOC_W - 8, 14),
              size=14, fill=MUTED, anchor="mm", background=BACKGROUND)
        return
    name = tr(LOC_NAME[key])
    if loc["breached"]:
        draw.rounded_rectangle(box, radius=5, fill=pal[BREACHED], outline=pal[INK], width=1)
        stamp(image, pal, (6, 4), name, size=14, bold=True, background=BREACHED)
        pile = tr(Text("pile {n}", n=loc["pile"]))
        room = LOC_W - 16 - text_width(name, 14, bold=True)
        stamp(image, pal, (LOC_W - 6, 4), pile, size=_fit(pile, room, 14, condensed=True),
              condensed=True, anchor="ra", background=BREACHED)
        word = tr(Text("BREACHED"))
        stamp(image, pal, (6, 25), word, size=fit_size(word, LOC_W - 12, 14, bold=True),
              bold=True, background=BREACHED)
        return
    pts, dmg = loc["points"], loc["damage"]
    fill = OUT if out else BACKGROUND
    draw.rounded_rectangle(box, radius=5, fill=pal[fill], outline=pal[INK], width=1)
    frac = min(1.0, dmg / pts) if pts else 0
    if frac:
        draw.rectangle((2, LOC_H - 8, 2 + int((LOC_W - 4) * frac), LOC_H - 3), fill=pal[DAMAGE])
    score = f"{dmg}/{pts}"
    room = LOC_W - 16 - text_width(score, 15, bold=True)
    size = fit_size(name, int(room), 14, bold=key == "C")
    stamp(image, pal, (6, 3 + (14 - size) // 2), name, size=size, bold=key == "C",
          background=fill)
    stamp(image, pal, (LOC_W - 6, 3), score, size=15, bold=True,
          fill=HIGHLIGHT if dmg else INK, anchor="ra", background=fill)
    covers = sum(len(e["covers"]) for e in loc["entries"])
    bits = []
    if loc["entries"]:
        bits.append(tr(plural("{n} hit", "{n} hits", len(loc["entries"]))))
    if covers:
        bits.append(tr(Text("{n} sc", n=covers)))
    if loc["banked"]:
        bits.append(tr(Text("+{n} bank", n=loc["banked"])))
    if bits:
        stamp(image, pal, (6, 24), fit_text(" ".join(bits), LOC_W - 10, 14), size=14,
              condensed=True, fill=SCALE if covers or loc["banked"] else MUTED, background=fill)


def _fit(text: str, width: float, size: int, *, condensed: bool = False) -> int:
    """Returns the largest size up to `size` at which `text` is at most `width` pixels wide."""
    while size > 9 and font(size, condensed=condensed).getlength(text) > width:
        size -= 1
    return size


_PANELS: dict[tuple[Any, ...], Image.Image] = {}


def _panel(image: Image.Image, x: int, y: int, p: dict[str, Any], view: View,
           names: Sequence[str], tr: Translate) -> None:
    """Pastes one dragon's mat: its frame, drawn once per distinct content and language (few
    mats change in a turn), then its locations (cached tiles) and its hand count (cached
    words)."""
    key = (*_panel_key(p, view, names), tr)
    tile = _PANELS.get(key)
    if tile is None:
        tile, draw = _pal().canvas(PANEL_W + 1, PANEL_H + 1)
        _draw_panel(tile, draw, 0, 0, p, view, names, tr)
        if len(_PANELS) > 512:  # about 60 MB at most
            _PANELS.clear()
        _PANELS[key] = tile
    paste(image, tile, (x, y))
    out = not p["conscious"]
    for loc, (cx, cy) in GRID.items():
        _location(image, x + 10 + cx * (LOC_W + 4), y + 50 + cy * (LOC_H + 4), loc,
                  p["locations"].get(loc), out, tr)
    sx = 10 + 3 * (LOC_W + 4) + 4
    hand = (Text("Hand {hand} · KOs {knockouts}", hand=p["hand"], knockouts=p["knockouts"])
            if p["knockouts"] else Text("Hand {hand}", hand=p["hand"]))
    stamp(image, _pal(), (x + sx, y + PANEL_H - 22), fit_text(tr(hand), PANEL_W - sx - 8, 14),
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
                p: dict[str, Any], view: View, names: Sequence[str],
                tr: Translate = english) -> None:
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
    tag, color = _tag(p, out, defending, active, head["over"] and seat in head["winners"])
    tag = fit_text(tr(tag), 200, 16, bold=True) if tag else ""
    room = PANEL_W - 30 - (text_width(tag, 16, bold=True) if tag else 0)
    title = fit_text(f"{_name(names, seat, tr)} — {tr(p['dragon'])}", int(min(300, room)), 16,
                     bold=True)
    stamp(image, pal, (x + 10, y + 7), title, size=16, bold=True, background=bg)
    if tag:
        stamp(image, pal, (x + PANEL_W - 10, y + 7), tag, size=16, bold=True, fill=color,
              anchor="ra", background=bg)
    stamp(image, pal, (x + 10, y + 28), tr(Text("Breath {element} · resists {resists}",
                                                element=element_name(p["breath"]),
                                                resists=element_name(p["resists"]))),
          size=14, fill=MUTED, background=bg)
    sx = x + 10 + 3 * (LOC_W + 4) + 4
    sy = y + 50
    stamp(image, pal, (sx, sy), tr(Text("Magic")), size=14, bold=True, background=bg)
    slots = p["magic_slots"]
    if not slots:
        stamp(image, pal, (sx + 52, sy), tr(Text("none")), size=14, fill=MUTED, background=bg)
    for j, slot in enumerate(slots[:4]):
        bx = sx + (j % 2) * 72
        by = sy + 20 + (j // 2) * 30
        box = (bx, by, bx + 68, by + 26)
        if not slot["filled"]:
            draw.rounded_rectangle(box, radius=4, outline=pal[MUTED], width=1)
            stamp(image, pal, (bx + 34, by + 13), fit_text(tr(_EMPTY), 64, 14), size=14,
                  fill=MUTED, anchor="mm", background=bg)
        else:
            draw.rounded_rectangle(box, radius=4, fill=pal[SLOT], outline=pal[INK], width=1)
            label = fit_text(tr(slot.get("card") or Text("hidden")), 64, 14)
            stamp(image, pal, (bx + 34, by + 13), label, size=14, condensed=True, anchor="mm",
                  background=SLOT)
            if slot["ready"]:
                draw.ellipse((bx + 59, by - 3, bx + 69, by + 7), fill=pal[HIGHLIGHT])
    ry = sy + 20 + 30 * ((min(len(slots), 4) + 1) // 2 or 1) + 4
    stamp(image, pal, (sx, ry), tr(Text("Special")), size=14, bold=True, background=bg)
    for j, sp in enumerate(p["specials"]):
        text = fit_text(tr(sp or _EMPTY), 150, 14)
        stamp(image, pal, (sx, ry + 18 + j * 18), text, size=14, fill=INK if sp else MUTED,
              background=bg)


_EMPTY = Text("empty")


def _tag(p: dict[str, Any], out: bool, defending: bool, active: bool,
         won: bool) -> tuple[str, Any]:
    """Returns the word in a mat's top right corner (to translate) and its colour."""
    if won:
        return Text("WINNER"), HIGHLIGHT
    if out:
        return (Text("WITHDRAWN") if p["withdrawn"] else Text("OUT")), BAD
    if defending:
        return Text("MUST DEFEND"), DEFEND
    if active:
        return Text("TURN"), HIGHLIGHT
    return "", INK


def _summary_lines(view: View, names: Sequence[str],
                   tr: Translate = english) -> list[tuple[str, Any]]:
    lines: list[tuple[str, Any]] = []
    attack = view.get("attack")
    la = attack or view.get("last_attack")
    if la:
        lines.extend(_attack_lines(view, la, attack is not None, names, tr))
        if attack and attack.get("window"):
            w = attack["window"]
            who = _name(names, w["seat"], tr)
            plays = join_texts(pl[0] for pl in w["plays"])
            lines.append((tr(Text("{player} must defend ({cards})", player=who, cards=plays)
                             if w["plays"] else Text("{player} must defend", player=who)),
                          DEFEND))
    build = view.get("build")
    if build:
        lines.append((_build_line(view, build, names, tr), HIGHLIGHT))
    return lines


def _attack_lines(view: View, la: dict[str, Any], running: bool, names: Sequence[str],
                  tr: Translate) -> list[tuple[str, Any]]:
    """Returns the lines of the attack in progress (or the last one): who on whom with which
    cards, its effects, the defense, and each hit with its fate."""
    attacker = _name(names, la["attacker"], tr)
    targets = ", ".join(_name(names, t, tr) for t in la["targets"]) or tr(Text("self"))
    cards = join_texts(la["cards"])
    head = (Text("Attack: {player} → {targets}: {cards}", player=attacker, targets=targets,
                 cards=cards) if running else
            Text("Last attack: {player} → {targets}: {cards}", player=attacker, targets=targets,
                 cards=cards))
    lines: list[tuple[str, Any]] = [(tr(head), HIGHLIGHT)]
    for text in la.get("effects", []):
        lines.append(("  " + _fill_names(text, names, tr), INK))
    for text in la.get("defense", []):
        lines.append(("  " + tr(Text("Defense {cards}", cards=_fill_names(text, names, tr))), INK))
    players = view["players"]
    for i, h in enumerate(la["hits"]):
        where = tr(LOC_NAME[h["loc"]]) if h["loc"] in LOC_NAME else h["loc"]
        target_locs = players[h["target"]]["locations"] if h["target"] is not None else {}
        if not h["fate"] and h["loc"] in "FLRB" and target_locs.get(h["loc"], {}).get("breached"):
            where = tr(Text("{side} (breached: to the Core)", side=where))
        fate = _fill_names(h["fate"], names, tr) if h["fate"] else tr(Text("pending"))
        lines.append((f"  #{i + 1} {tr(h['name'])} {h['amount']} → "
                      f"{_name(names, h['target'], tr)} {where}: {fate}", INK))
    return lines


def _build_line(view: View, build: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
    """Returns the line of the attack being built: who, on whom (as far as the viewer may see),
    and its hit cards."""
    top = header(view)
    who = _name(names, top["active"], tr)
    cards = join_texts(h["card"] for h in build["hits"]) if build["hits"] else Text(
        "no hit cards yet")
    if build["armageddon"]:
        line = Text("{player} is building an attack ({card}): {cards}", player=who,
                    card=kind_name("arma"), cards=cards)
    elif build["target"] is not None:
        line = Text("{player} is building an attack on {target}: {cards}", player=who,
                    target=_name(names, build["target"], tr), cards=cards)
    elif top["seat"] == top["active"]:  # on yourself
        line = Text("{player} is building an attack on themself: {cards}", player=who, cards=cards)
    else:  # not shown to others before a card lies in front of it
        line = Text("{player} is building an attack: {cards}", player=who, cards=cards)
    return tr(line)


def render_board(view: View, *, names: Sequence[str], tr: Translate = english) -> bytes:
    """Draws every dragon's mat and the attack summary."""
    players = view["players"]
    n = len(players)
    cols = 2
    rows = (n + cols - 1) // cols
    lines = _summary_lines(view, names, tr)
    max_lines = 9
    shown = lines[:max_lines]
    foot_h = 12 + 20 * max(1, len(shown))
    height = HEADER + rows * (PANEL_H + GAP) + foot_h
    image, _ = _pal().canvas(WIDTH, height)
    status = _status(view, names, tr)
    head = tr(Text("RivalWing · Round {round}/{limit} · Draw {deck} · Discard {discard} · ",
                   round=view["round"], limit=view["round_limit"], deck=view["deck"],
                   discard=len(view["discard"])))
    pal = _pal()
    stamp(image, pal, (12, 12), head, size=18, bold=True, background=BACKGROUND)
    hx = 12 + text_width(head, 18, bold=True)
    stamp(image, pal, (hx, 12), fit_text(status, int(WIDTH - hx - 12), 18, bold=True), size=18,
          bold=True, fill=HIGHLIGHT, background=BACKGROUND)
    for i, p in enumerate(players):
        x = 6 + (i % cols) * (PANEL_W + GAP + 4)
        y = HEADER + (i // cols) * (PANEL_H + GAP)
        _panel(image, x, y, p, view, names, tr)
    fy = HEADER + rows * (PANEL_H + GAP) + 4
    if not shown:
        stamp(image, pal, (12, fy), tr(Text("No attack yet.")), size=15, fill=MUTED,
              background=BACKGROUND)
    for j, (text, color) in enumerate(shown):
        stamp(image, pal, (12, fy + j * 20), fit_text(text, WIDTH - 24, 15), size=15, fill=color,
              background=BACKGROUND)
    return board_png(image)


def _status(view: View, names: Sequence[str], tr: Translate) -> str:
    """Returns the header's status: who is to play or defend, or how the duel ended."""
    top = header(view)
    if top["over"]:
        winners = ", ".join(_name(names, w, tr) for w in top["winners"]) or tr(Text("no winner"))
        reason = REASONS.get(top["termination"] or "", top["termination"] or "")
        return tr(Text("Duel over — {players} ({reason})", players=winners, reason=reason))
    seat = top["to_play"][0] if top["to_play"] else None
    who, seconds = _name(names, seat, tr), top["seconds"]
    status = tr(Text("{player} to defend ({seconds} s)", player=who, seconds=seconds)
                if view["phase"] == "defense" else
                Text("{player} to play ({seconds} s)", player=who, seconds=seconds))
    if view.get("chaos_lock"):
        status += tr(Text(" · Chaos lock"))
    return status


def render_hand(view: View, *, names: Sequence[str],
                tr: Translate = english) -> bytes | None:
    """Draws the viewer's hand and own magic slots; None for a spectator."""
    seat = header(view)["seat"]
    hand = view.get("hand")
    if seat is None or hand is None:
        return None
    kinds = view.get("hand_kinds", [])
    me = view["players"][seat]
    slots = [s for s in me["magic_slots"] if s.get("card")]
    rows = max(1, len(hand)) + (1 + len(slots) if slots else 0)
    height = 56 + rows * 46
    image, draw = new_canvas(WIDTH, height)
    title = tr(Text("{player}'s hand — {dragon} (breath {element})", player=_name(names, seat, tr),
                    dragon=me["dragon"], element=element_name(me["breath"])))
    draw.text((12, 12), fit_text(title, WIDTH - 24, 20, bold=True), font=font(20, bold=True),
              fill=INK)
    y = 50
    colors = CATEGORY_COLORS
    if not hand:
        draw.text((12, y), tr(Text("Your hand is empty.")), font=font(16), fill=MUTED)
    for name, kind in zip(hand, kinds, strict=False):
        paste(image, _hand_row(tr(name), tr(card_text(kind)),
                               colors.get(KINDS[kind]["category"], PANEL)), (10, y))
        y += 46
    if slots:
        draw.text((12, y + 8), tr(Text("Your magic slots (★ ready)")), font=font(17, bold=True),
                  fill=INK)
        y += 46
        for s in slots:
            star = "★ " if s["ready"] else ""
            paste(image, _hand_row(star + tr(s["card"]), tr(card_text(s["kind"])),
                                   colors["magic"]), (10, y))
            y += 46
    return to_png(HAND_PAL.map(image))


@lru_cache(maxsize=128)
def _hand_row(name: str, text: str, fill: Color) -> Image.Image:
    """Returns one card's row of a hand (its name and rules text on its category's colour), drawn
    on the hand's background once: a hand shows the same cards position after position. An RGB
    tile (120 KB; 128 kept), so the hand is mapped onto the palette once, as a whole, as before."""
    image, draw = new_canvas(WIDTH - 19, 41)
    draw.rounded_rectangle((0, 0, WIDTH - 20, 40), radius=6, fill=fill, outline=INK, width=1)
    draw.text((10, 10), fit_text(name, 300, 17, bold=True), font=font(17, bold=True), fill=INK)
    draw.text((320, 11), fit_text(text, WIDTH - 350, 15), font=font(15), fill=INK)
    return image


