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
    for name in games.names():
        game = games.get(name)
        boards = len(warmup.positions(game, game.info.max_players))
        assert drawn.count(name) == boards * len(locales.LANGUAGES), "each board in each language"
    assert "Could not warm" not in caplog.text


def test_warming_positions_span_a_whole_game() -> None:
    """The warming boards start at the first position and reach past the opening (a renderer
    meets the words of a game's middle and end too), at most `BOARDS` of them."""
    for name in games.names():
        game = games.get(name)
        views = warmup.positions(game, game.info.min_players)
        assert 2 <= len(views) <= warmup.BOARDS
        assert views[0][0] == game.view(game.new_game(0, game.info.min_players, {}), None)
        assert views[-1][0] != views[1][0]
