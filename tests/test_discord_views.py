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
    """A 60-character action code, a 20-digit table and a choice stamp fit in 100 characters."""
    cid = ui.custom_id(TABLE, "0f3a9b2c", "p:" + "x" * 60)
    assert len(cid) <= ui.MAX_CUSTOM_ID
    assert ui.parse(cid) == ui.Click(TABLE, "0f3a9b2c", "p", code="x" * 60)
    with pytest.raises(ValueError):
        ui.custom_id(TABLE, 1, "p:" + "x" * 80)


def test_parse_round_trips_every_kind() -> None:
    """Hand, play, navigate, select, refresh, lobby, option and result ids parse back to what they
    say; others are refused."""
    assert ui.parse(ui.custom_id("5", 3, "h")).kind == "h"
    assert ui.parse(ui.custom_id("5", "ab12", "p:play:dwarf:2")).code == "play:dwarf:2"
    nav = ui.parse(ui.custom_id("5", "ab12", "n:0.1:2"))
    assert (nav.kind, nav.path, nav.page, nav.on_panel) == ("n", (0, 1), 2, True)
    sel = ui.parse(ui.custom_id("5", "ab12", "s::0"), ["p:end"])
    assert (sel.kind, sel.path, sel.values) == ("s", (), ("p:end",))
    for kind in ("r", "j", "b", "l", "g", "R", "N"):
        assert ui.parse(ui.custom_id("5", 3, kind)).kind == kind
    option = ui.parse(ui.custom_id("5", 3, "o:faction"), ["scales"])
    assert (option.option, option.values, option.on_panel) == ("faction", ("scales",), False)
    for bad in ("other:5:3:h", "hoard:5:X:h", "hoard:5:3:z:1", "hoard:5:3:p:", "hoard:5:3:h:x"):
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
    with pytest.raises(LookupError):
        ui.level(CHOICES, (5,))


def test_long_levels_page_through_selects_within_limits() -> None:
    """60 entries make three pages of at most 25 select options, with Previous/Next and Back."""
    many = tuple(Choice(f"play:{i}", ("Play", f"Card {i}")) for i in range(60))
    for page, size in ((0, 25), (1, 25), (2, 10)):
        prompt, view = ui.menu_view(TABLE, "0f3a9b2c", many, (0,), page)
        assert "Play" in prompt
        payload = {"components": view.to_components()}
        assert check_message(payload, 0) == []
        select = next(c for row in payload["components"] for c in row["components"] if c["type"] == 3)
        assert len(select["options"]) == size
        assert all(o["value"].startswith("p:play:") for o in select["options"]), "options carry the code"
        labels = [c.get("label") for row in payload["components"] for c in row["components"]]
        assert "Back" in labels
        assert ("◀ Previous" in labels) == (page > 0) and ("Next ▶" in labels) == (page < 2)


def test_no_choices_means_only_refresh() -> None:
    """A player with nothing to decide gets only a Refresh button (the host says whom they wait for)."""
    prompt, view = ui.menu_view(TABLE, "0f3a9b2c", ())
    labels = [c["label"] for row in view.to_components() for c in row["components"]]
    assert prompt == "" and labels == ["↻ Refresh"]


def test_lobby_controls_fit_discord_limits() -> None:
    """Four buttons and four option selects (the most a lobby offers) fit one message."""
    from bot.messages import Control, OptionMenu

    menus = [OptionMenu(f"o{i}", tuple(f"v{j}" for j in range(30)), i % 2 == 0) for i in range(4)]
    view = ui.controls_view(TABLE, 12, [Control.JOIN, Control.ADDBOT, Control.LEAVE, Control.START], menus)
    assert view is not None
    payload = {"components": view.to_components()}
    assert check_message(payload, 0) == [] and len(payload["components"]) == 5
    assert ui.controls_view(TABLE, 12, [], []) is None
