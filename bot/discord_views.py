"""Components for Hoard's Discord messages: custom_ids, and the controls of each kind of message.

Every component is one `HoardItem` (a `discord.ui.DynamicItem`) whose custom_id carries everything a
click needs, so buttons keep working after a restart:

    hoard:<table>:<version>:h                on a board: open the clicker's private panel
    hoard:<table>:<stamp>:p:<code>           on a panel: take the action with this code
    hoard:<table>:<stamp>:n:<path>:<page>    on a panel: show the choices under a label path
    hoard:<table>:<stamp>:s:<path>:<page>    on a panel: a select; each value is p:<code> or n:<path>
    hoard:<table>:<stamp>:r                  on a panel: show it again with the current choices
    hoard:<table>:<version>:j | b | l | g    on the lobby: Join, Add computer, Leave, Start
    hoard:<table>:<version>:o:<option>       on the lobby: a select of that option's values
    hoard:<table>:<version>:R | N            on a result: Rematch, Next game

A panel's `stamp` is the host's digest of the clicker's choices, so a menu stays valid while those
choices stay the same; the host alone decides whether it is stale. Menus are built level by level
from the label paths of the legal actions (`Choice.label`): a level with a handful of entries
becomes buttons, a longer one a select menu of at most 25 options, paged. An entry that stands for
exactly one action takes it directly. Nothing here holds game state.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

import locales
from bot.messages import Button, Choice, Control, OptionMenu
from bot.option_texts import option_name, option_value
from bot.replays import VIEWER_TEMPLATE, parse_viewer_id
from games.text import Text, Translate, english

MAX_CUSTOM_ID = 100
MAX_SELECT = 25
MAX_BUTTONS = 5
"""Entries up to this many show as one row of buttons; more become a select menu."""
PAGE = 25
PREFIX = "hoard"
TEMPLATE = r"hoard:(?P<table>[0-9a-z]+):(?P<mark>[0-9a-z]+):(?P<rest>.+)"
PANEL_KINDS = frozenset({"p", "n", "s", "r"})
"""Kinds whose mark is the clicker's choice stamp (the others carry the table version)."""
TAKES_MOVE = Text("Takes this move")

UNKNOWN = Text("This control is from an older Hoard and no longer works; press Hand on the latest "
               "board.")
CONTROL_LABELS = {
    Control.JOIN: (Text("Join"), "j", discord.ButtonStyle.success),
    Control.ADDBOT: (Text("Add computer"), "b", discord.ButtonStyle.secondary),
    Control.LEAVE: (Text("Leave"), "l", discord.ButtonStyle.secondary),
    Control.START: (Text("Start"), "g", discord.ButtonStyle.primary),
    Control.REMATCH: (Text("Rematch"), "R", discord.ButtonStyle.primary),
    Control.NEXT: (Text("Next game"), "N", discord.ButtonStyle.primary),
}
HAND_LABEL = Text("Hand")
REFRESH_LABEL = Text("↻ Refresh")

ComponentHandler = Callable[[discord.Interaction, "Click"], Awaitable[None]]
ReplayHandler = Callable[[discord.Interaction, int, int, str], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Click:
    """A parsed component interaction: which table, which version or stamp, what was asked."""

    table: str
    mark: str
    """The table version (public controls) or the clicker's choice stamp (panel controls)."""
    kind: str
    code: str = ""
    path: tuple[int, ...] = ()
    page: int = 0
    values: tuple[str, ...] = ()
    option: str = ""

    @property
    def on_panel(self) -> bool:
        return self.kind in PANEL_KINDS


def custom_id(table: str, mark: str | int, rest: str) -> str:
    """Returns a component custom_id; raises ValueError past Discord's 100 characters."""
    cid = f"{PREFIX}:{table}:{mark}:{rest}"
    if len(cid) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID}: {cid!r}")
    return cid


def parse(custom: str, values: Sequence[str] = ()) -> Click:
    """Parses a Hoard custom_id; raises ValueError for anything else."""
    match = re.fullmatch(TEMPLATE, custom)
    if match is None:
        raise ValueError(f"not a Hoard custom_id: {custom!r}")
    table, mark, rest = match["table"], match["mark"], match["rest"]
    kind, _, tail = rest.partition(":")
    if kind in ("h", "r", "j", "b", "l", "g", "R", "N") and not tail:
        return Click(table, mark, kind, values=tuple(values))
    if kind == "p" and tail:
        return Click(table, mark, "p", code=tail)
    if kind == "o" and tail:
        return Click(table, mark, "o", option=tail, values=tuple(values))
    if kind in ("n", "s"):
        raw_path, _, raw_page = tail.partition(":")
        path = parse_path(raw_path)
        return Click(table, mark, kind, path=path, page=int(raw_page or 0), values=tuple(values))
    raise ValueError(f"unknown Hoard component {custom!r}")


def parse_path(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".") if p != "")


def path_text(path: tuple[int, ...]) -> str:
    return ".".join(str(p) for p in path)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a menu level: a label and either an action code or a deeper path."""

    label: str
    code: str | None
    path: tuple[int, ...]


def level(choices: Sequence[Choice], path: tuple[int, ...]) -> tuple[list[str], list[Entry]]:
    """Returns the labels along `path` and the entries one level below it.

    Raises LookupError when the path no longer exists among the choices.
    """
    group = list(choices)
    crumbs: list[str] = []
    for depth, index in enumerate(path):
        names = _next_labels(group, depth)
        if not 0 <= index < len(names):
            raise LookupError("that menu entry is gone")
        crumbs.append(names[index])
        group = [c for c in group if len(c.label) > depth and c.label[depth] == names[index]]
    depth = len(path)
    entries = []
    for index, name in enumerate(_next_labels(group, depth)):
        members = [c for c in group if len(c.label) > depth and c.label[depth] == name]
        if len(members) == 1:
            rest = members[0].label[depth:]
            entries.append(Entry(" › ".join(rest), members[0].code, (*path, index)))
        else:
            entries.append(Entry(name, None, (*path, index)))
    # Actions whose label ends exactly at this path (a group that is also an action).
    for c in group:
        if len(c.label) == depth:
            entries.append(Entry(Text("This"), c.code, path))
    return crumbs, entries


def _next_labels(group: Sequence[Choice], depth: int) -> list[str]:
    seen: dict[str, None] = {}
    for c in group:
        if len(c.label) > depth:
            seen.setdefault(c.label[depth], None)
    return list(seen)


class HoardItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """Every Hoard button and select: dispatches the click to the bot's `on_hoard_click`."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HoardItem:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = tuple(getattr(self.item, "values", ()) or ())
        try:
            click = parse(self.custom_id, values)
        except ValueError:
            await interaction.response.send_message(
                locales.translate(UNKNOWN, locales.language_of(interaction.locale.value)),
                ephemeral=True)
            return
        handler: ComponentHandler = interaction.client.on_hoard_click  # type: ignore[attr-defined]
        await handler(interaction, click)


class ReplayItem(discord.ui.DynamicItem[discord.ui.Button[Any]], template=VIEWER_TEMPLATE):
    """A replay viewer's button (⏮ ◀ ▶ ⏭ Animation): its custom_id names the game and the step
    shown, so a click after a restart needs nothing but the store."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayItem:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        parsed = parse_viewer_id(self.custom_id)
        if parsed is None:
            await interaction.response.send_message(
                locales.translate(UNKNOWN, locales.language_of(interaction.locale.value)),
                ephemeral=True)
            return
        handler: ReplayHandler = interaction.client.on_replay_click  # type: ignore[attr-defined]
        await handler(interaction, *parsed)


def replay_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """Returns a replay viewer's row of buttons (None when the reply has none)."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for b in buttons:
        view.add_item(ReplayItem(discord.ui.Button(
            label=_cut(b.label, 80), custom_id=b.custom_id, disabled=b.disabled, row=0,
            style=discord.ButtonStyle.primary if b.label == "Animation" else
            discord.ButtonStyle.secondary)))
    return view


def button(label: str, cid: str, *, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False) -> HoardItem:
    """Returns a Hoard button (labels are cut to Discord's 80 characters)."""
    return HoardItem(discord.ui.Button(label=_cut(label, 80), custom_id=cid, style=style, row=row,
                                       disabled=disabled))


def board_view(table: str, version: int, tr: Translate = english) -> discord.ui.View:
    """Returns the public board's control: the Hand button that opens a private panel."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(tr(HAND_LABEL), custom_id(table, version, "h"),
                         style=discord.ButtonStyle.primary, row=0))
    return view


def controls_view(table: str, version: int, controls: Sequence[Control],
                  menus: Sequence[OptionMenu] = (), tr: Translate = english) -> discord.ui.View | None:
    """Returns a lobby's or result's buttons and option selects (None: nothing to offer)."""
    if not controls and not menus:
        return None
    view = discord.ui.View(timeout=None)
    for control in controls:
        label, kind, style = CONTROL_LABELS[control]
        view.add_item(button(tr(label), custom_id(table, version, kind), style=style, row=0))
    for row, menu in enumerate(menus[:4], start=1):
        what = option_name(menu.name)
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=custom_id(table, version, f"o:{menu.name}"),
            placeholder=_cut(tr(Text("Your {option}…", option=what) if menu.per_seat else
                                Text("Table {option}…", option=what)), 150),
            options=[discord.SelectOption(label=_cut(tr(option_value(c, menu.labels)), 100), value=c[:100])
                     for c in menu.choices[:MAX_SELECT]], row=row)
        view.add_item(HoardItem(select))
    return view


def menu_view(table: str, stamp: str, choices: Sequence[Choice], path: tuple[int, ...] = (),
              page: int = 0, tr: Translate = english) -> tuple[str, discord.ui.View]:
    """Returns a prompt and the controls for one level of the move menu; with no choices, a
    Refresh button that shows the panel again once the game has moved on."""
    view = discord.ui.View(timeout=None)
    if not choices:
        view.add_item(button(tr(REFRESH_LABEL), custom_id(table, stamp, "r"), row=0))
        return "", view
    crumbs, entries = level(choices, path)
    prompt = tr(Text("Choose: {path}", path=" › ".join(crumbs)) if crumbs else
                Text("Choose your move."))
    pages = max(1, -(-len(entries) // PAGE))
    page = min(max(page, 0), pages - 1)
    if len(entries) <= MAX_BUTTONS:
        for entry in entries:
            view.add_item(button(tr(entry.label), _entry_id(table, stamp, entry),
                                 style=discord.ButtonStyle.success if entry.code else discord.ButtonStyle.secondary,
                                 row=0))
    else:
        shown = entries[page * PAGE:(page + 1) * PAGE]
        options = [
            discord.SelectOption(label=_cut(tr(e.label), 100),
                                 value=f"p:{e.code}" if e.code else f"n:{path_text(e.path)}",
                                 description=tr(TAKES_MOVE) if e.code else None)
            for e in shown
        ]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=custom_id(table, stamp, f"s:{path_text(path)}:{page}"),
            placeholder=_cut(prompt if pages == 1 else f"{prompt} ({page + 1}/{pages})", 150),
            options=options, row=0,
        )
        view.add_item(HoardItem(select))
        if pages > 1:
            if page > 0:
                view.add_item(button(tr(Text("◀ Previous")), custom_id(table, stamp, f"n:{path_text(path)}:{page - 1}"), row=1))
            if page < pages - 1:
                view.add_item(button(tr(Text("Next ▶")), custom_id(table, stamp, f"n:{path_text(path)}:{page + 1}"), row=1))
    if path:
        view.add_item(button(tr(Text("Back")), custom_id(table, stamp, f"n:{path_text(path[:-1])}:0"), row=2))
    return prompt, view


def _entry_id(table: str, stamp: str, entry: Entry) -> str:
    if entry.code is not None:
        return custom_id(table, stamp, f"p:{entry.code}")
    return custom_id(table, stamp, f"n:{path_text(entry.path)}:0")


def _cut(text: str, limit: int) -> str:
    text = text.strip() or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"
