"""Components for Hoard's Discord messages: custom_ids, the Hand button and move menus.

Every component is one `HoardItem` (a `discord.ui.DynamicItem`) whose custom_id carries everything a
click needs, so buttons keep working after a restart:

    hoard:<table>:<version>:h              open the clicker's hand (a fresh ephemeral message)
    hoard:<table>:<version>:p:<code>       take the action with this code
    hoard:<table>:<version>:n:<path>:<page> show the choices under a label path (indices, "0.2")
    hoard:<table>:<version>:s:<path>:<page> a select menu of the choices under a path

Menus are built level by level from the label paths of the legal actions (`Choice.label`): a level
with a handful of entries becomes buttons, a longer one a select menu of at most 25 options, paged.
An entry that stands for exactly one action takes it directly. Nothing here holds game state.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.messages import Choice

MAX_CUSTOM_ID = 100
MAX_SELECT = 25
MAX_BUTTONS = 5
"""Entries up to this many show as one row of buttons; more become a select menu."""
PAGE = 25
PREFIX = "hoard"
TEMPLATE = r"hoard:(?P<table>[0-9a-z]+):(?P<version>[0-9]+):(?P<rest>.+)"

UNKNOWN = "This control is from an older Hoard and no longer works; press Hand on the latest board."

ComponentHandler = Callable[[discord.Interaction, "Click"], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Click:
    """A parsed component interaction: which table, which state version, what was asked."""

    table: str
    version: int
    kind: str
    """"h" (hand), "p" (play), "n" (navigate) or "s" (select)."""
    code: str = ""
    path: tuple[int, ...] = ()
    page: int = 0
    values: tuple[str, ...] = ()


def custom_id(table: str, version: int, rest: str) -> str:
    """Returns a component custom_id; raises ValueError past Discord's 100 characters."""
    cid = f"{PREFIX}:{table}:{version}:{rest}"
    if len(cid) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID}: {cid!r}")
    return cid


def parse(custom: str, values: Sequence[str] = ()) -> Click:
    """Parses a Hoard custom_id; raises ValueError for anything else."""
    match = re.fullmatch(TEMPLATE, custom)
    if match is None:
        raise ValueError(f"not a Hoard custom_id: {custom!r}")
    table, version, rest = match["table"], int(match["version"]), match["rest"]
    kind, _, tail = rest.partition(":")
    if kind == "h":
        return Click(table, version, "h", values=tuple(values))
    if kind == "p" and tail:
        return Click(table, version, "p", code=tail)
    if kind in ("n", "s"):
        raw_path, _, raw_page = tail.partition(":")
        path = tuple(int(p) for p in raw_path.split(".") if p != "")
        return Click(table, version, kind, path=path, page=int(raw_page or 0), values=tuple(values))
    raise ValueError(f"unknown Hoard component {custom!r}")


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
            entries.append(Entry("This", c.code, path))
    return crumbs, entries


def _next_labels(group: Sequence[Choice], depth: int) -> list[str]:
    seen: dict[str, None] = {}
    for c in group:
        if len(c.label) > depth:
            seen.setdefault(c.label[depth], None)
    return list(seen)


def resolve(choices: Sequence[Choice], path: tuple[int, ...]) -> Entry | None:
    """Returns the entry at `path` (its parent's level, last index), or None when gone."""
    if not path:
        return None
    try:
        _, entries = level(choices, path[:-1])
    except LookupError:
        return None
    for entry in entries:
        if entry.path == path:
            return entry
    return None


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
            await interaction.response.send_message(UNKNOWN, ephemeral=True)
            return
        handler: ComponentHandler = interaction.client.on_hoard_click  # type: ignore[attr-defined]
        await handler(interaction, click)


def button(label: str, cid: str, *, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None) -> HoardItem:
    """Returns a Hoard button (labels are cut to Discord's 80 characters)."""
    return HoardItem(discord.ui.Button(label=_cut(label, 80), custom_id=cid, style=style, row=row))


def board_view(table: str, version: int, *, choices: Sequence[Choice] = (),
               hand_label: str = "Hand") -> discord.ui.View:
    """Returns the public board's controls: the Hand button, then a button per public choice (at
    most 20, each taking its action directly; deeper menus live in the private hand)."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(hand_label, custom_id(table, version, "h"), style=discord.ButtonStyle.primary, row=0))
    seen: set[str] = set()
    for choice in choices:
        if choice.code in seen or len(seen) >= 4 * MAX_BUTTONS:
            continue
        seen.add(choice.code)
        view.add_item(button(" › ".join(choice.label), custom_id(table, version, f"p:{choice.code}")))
    return view


def menu_view(table: str, version: int, choices: Sequence[Choice], path: tuple[int, ...] = (),
              page: int = 0) -> tuple[str, discord.ui.View | None]:
    """Returns a prompt and the controls for one level of the move menu (None: nothing to choose)."""
    if not choices:
        return "Nothing to decide right now.", None
    crumbs, entries = level(choices, path)
    view = discord.ui.View(timeout=None)
    prompt = "Choose: " + " › ".join(crumbs) if crumbs else "Choose your move."
    pages = max(1, -(-len(entries) // PAGE))
    page = min(max(page, 0), pages - 1)
    if len(entries) <= MAX_BUTTONS:
        for entry in entries:
            view.add_item(button(entry.label, _entry_id(table, version, entry),
                                 style=discord.ButtonStyle.success if entry.code else discord.ButtonStyle.secondary,
                                 row=0))
    else:
        shown = entries[page * PAGE:(page + 1) * PAGE]
        options = [
            discord.SelectOption(label=_cut(e.label, 100), value=str(i + page * PAGE),
                                 description="Takes this move" if e.code else None)
            for i, e in enumerate(shown)
        ]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=custom_id(table, version, f"s:{path_text(path)}:{page}"),
            placeholder=_cut(prompt if pages == 1 else f"{prompt} ({page + 1}/{pages})", 150),
            options=options, row=0,
        )
        view.add_item(HoardItem(select))
        if pages > 1:
            if page > 0:
                view.add_item(button("◀ Previous", custom_id(table, version, f"n:{path_text(path)}:{page - 1}"), row=1))
            if page < pages - 1:
                view.add_item(button("Next ▶", custom_id(table, version, f"n:{path_text(path)}:{page + 1}"), row=1))
    if path:
        view.add_item(button("Back", custom_id(table, version, f"n:{path_text(path[:-1])}:0"), row=2))
    return prompt, view


def _entry_id(table: str, version: int, entry: Entry) -> str:
    if entry.code is not None:
        return custom_id(table, version, f"p:{entry.code}")
    return custom_id(table, version, f"n:{path_text(entry.path)}:0")


def _cut(text: str, limit: int) -> str:
    text = text.strip() or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"
