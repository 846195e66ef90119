"""Warming the renderers draws every game once, so the next picture is fast."""

from __future__ import annotations

import pytest

import games
import locales
from renderers import warmup


def test_warm_draws_every_game_and_logs_no_failure(monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    drawn: list[str] = []
    for entry in games.entries():
        renderer = entry.load_renderer()

        def spy(view, *, names, tr, _original=renderer.render_board):
            drawn.append(view["header"]["game"])
            return _original(view, names=names, tr=tr)

        monkeypatch.setattr(renderer, "render_board", spy)
    warmup.warm()
    assert sorted(set(drawn)) == games.names()
    assert len(drawn) == len(games.names()) * len(locales.LANGUAGES), "once in each language"
    assert "Could not warm" not in caplog.text
