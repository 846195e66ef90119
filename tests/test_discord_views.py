"""Hoard's Discord components without a connection: custom_ids, menu levels and paging."""

from __future__ import annotations

import pytest

from bot import discord_views as ui
from bot.messages import Choice
from tests.discord_standin.limits import check_message

TABLE = "1" * 20  # the longest snowflake a channel id can be
CHOICES = (
    Choice("play:dwarf:1", ("Play", "Dwarf", "x1")),
    Choice("play:dwarf:2", ("Play", "Dwarf", "x2")),
    Choice("play:troll:1", ("Play", "Troll", "x1")),
    Choice("end", ("End turn",)),
)


def test_custom_id_fits_with_the_longest_code_and_table() -> None:
    """A 60-character action code, a 20-digit table and a large version fit in 100 characters."""
    cid = ui.custom_id(TABLE, 999_999, "p:" + "x" * 60)
    assert len(cid) <= ui.MAX_CUSTOM_ID
    assert ui.parse(cid) == ui.Click(TABLE, 999_999, "p", code="x" * 60)
    with pytest.raises(ValueError):
        ui.custom_id(TABLE, 1, "p:" + "x" * 80)


def test_parse_round_trips_every_kind() -> None:
    """Hand, play, navigate and select ids parse back to what they say; others are refused."""
    assert ui.parse(ui.custom_id("5", 3, "h")).kind == "h"
    assert ui.parse(ui.custom_id("5", 3, "p:play:dwarf:2")).code == "play:dwarf:2"
    nav = ui.parse(ui.custom_id("5", 3, "n:0.1:2"))
    assert (nav.kind, nav.path, nav.page) == ("n", (0, 1), 2)
    sel = ui.parse(ui.custom_id("5", 3, "s::0"), ["4"])
    assert (sel.kind, sel.path, sel.values) == ("s", (), ("4",))
    for bad in ("other:5:3:h", "hoard:5:x:h", "hoard:5:3:z:1", "hoard:5:3:p:"):
        with pytest.raises(ValueError):
            ui.parse(bad)


def test_levels_follow_the_label_paths() -> None:
    """The top level groups by the first label; a group of one action plays it directly."""
    crumbs, top = ui.level(CHOICES, ())
    assert crumbs == [] and [(e.label, e.code) for e in top] == [("Play", None), ("End turn", "end")]
    crumbs, second = ui.level(CHOICES, (0,))
    assert crumbs == ["Play"]
    assert [(e.label, e.code) for e in second] == [("Dwarf", None), ("Troll › x1", "play:troll:1")]
    _, third = ui.level(CHOICES, (0, 0))
    assert [e.code for e in third] == ["play:dwarf:1", "play:dwarf:2"]
    assert ui.resolve(CHOICES, (0, 1)).code == "play:troll:1"  # type: ignore[union-attr]
    with pytest.raises(LookupError):
        ui.level(CHOICES, (5,))


def test_long_levels_page_through_selects_within_limits() -> None:
    """60 entries make three pages of at most 25 select options, with Previous/Next and Back."""
    many = tuple(Choice(f"play:{i}", ("Play", f"Card {i}")) for i in range(60))
    for page, size in ((0, 25), (1, 25), (2, 10)):
        prompt, view = ui.menu_view(TABLE, 7, many, (0,), page)
        assert view is not None and "Play" in prompt
        payload = {"components": view.to_components()}
        assert check_message(payload, 0) == []
        select = next(c for row in payload["components"] for c in row["components"] if c["type"] == 3)
        assert len(select["options"]) == size
        labels = [c.get("label") for row in payload["components"] for c in row["components"]]
        assert "Back" in labels
        assert ("◀ Previous" in labels) == (page > 0) and ("Next ▶" in labels) == (page < 2)


def test_no_choices_means_no_controls() -> None:
    """A player with nothing to decide gets a note and no components."""
    prompt, view = ui.menu_view(TABLE, 1, ())
    assert view is None and "Nothing to decide" in prompt
