"""German boards and hands: every word is drawn inside the image (or tile) it is drawn on.

The renderers draw each region of a board on a tile of its own (a space, a player panel, the
status line) and paste it, so text that runs out of its box runs off the tile it is drawn on. The
test records every text drawn (`ImageDraw.text` and the renderers' cached `stamp`) with its
bounding box and the size of the image under it, while rendering German positions from the start
to the end of seeded games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

import games
import locales
from renderers import common

RENDERED_IN_GERMAN = ("drachenherz", "drakones", "rivalwing", "dragonfront")
"""Renderers whose words all come from the catalog (the others: not yet)."""
Drawn = tuple[str, tuple[int, int], tuple[float, float, float, float]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Records (text, image size, text box) of every text drawn while the fixture is active."""
    seen: list[Drawn] = []
    real_text = ImageDraw.ImageDraw.text
    real_stamp = common.stamp

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             anchor: Any = None, *args: Any, **kwargs: Any) -> None:
        box = self.textbbox(xy, text, font=font, anchor=anchor)
        seen.append((str(text), self._image.size, box))  # type: ignore[attr-defined]
        real_text(self, xy, text, fill, font, anchor, *args, **kwargs)

    def stamp(image: Any, palette: Any, xy: tuple[float, float], text: str, *, size: int,
              bold: bool = False, condensed: bool = False, anchor: str = "la",
              **kwargs: Any) -> None:
        face = common.font(size, bold=bold, condensed=condensed)
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        seen.append((text, image.size, (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)))
        real_stamp(image, palette, xy, text, size=size, bold=bold, condensed=condensed,
                   anchor=anchor, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for name in RENDERED_IN_GERMAN:
        module = games.entry(name).load_renderer()
        if hasattr(module, "stamp"):
            monkeypatch.setattr(module, "stamp", stamp)
        if hasattr(module, "_palette"):
            module._palette()  # its sample sheet (English filler text) is never shown
        for key, value in vars(module).items():  # draw every tile afresh, in German
            if hasattr(value, "cache_clear") and key not in ("_palette", "_pal"):
                value.cache_clear()
    seen.clear()
    yield seen


def positions(name: str, seed: int, players: int | None = None) -> Iterator[dict[str, Any]]:
    """Yields the views of a seeded game against itself: every seat's and the spectator's."""
    game, entry = games.get(name), games.entry(name)
    state = game.new_game(seed, players or game.info.min_players, {})
    rng = random.Random(seed)
    for step in range(game.info.max_actions):
        if step % 7 == 0 or game.is_over(state):
            yield game.view(state, None)
            yield from (game.view(state, s) for s in range(game.players(state)))
        if game.is_over(state):
            return
        seat = game.to_play(state)[0]
        actions = game.legal_actions(state, seat)
        game.apply(state, seat, entry.ai(game.view(state, seat), actions, rng.randrange(1 << 30)))


@pytest.mark.parametrize("name", RENDERED_IN_GERMAN)
def test_german_text_stays_inside_its_box(name: str, drawn: list[Drawn]) -> None:
    """No German word runs off the tile or image it is drawn on, on boards and hands."""
    renderer = games.entry(name).load_renderer()
    tr = locales.translator("de")
    names = ["Annegret", "Computer 1"]
    for seed in (3, 11):
        for view in positions(name, seed):
            renderer.render_board(view, names=names, tr=tr)
            renderer.render_hand(view, names=names, tr=tr)
    assert len(drawn) > 100
    out = sorted({(text, size, tuple(round(v) for v in box)) for text, size, box in drawn
                  if box[0] < -1 or box[1] < -1 or box[2] > size[0] + 1 or box[3] > size[1] + 1})
    assert not out, f"text running out of its box: {out[:8]}"
    assert any(word in text for text, _, _ in drawn for word in ("Schatztruhe", "Basis", "Kern", "Festung"))


@pytest.mark.parametrize("players", [3, 4])
def test_german_rivalwing_mats_of_several_dragons_stay_inside(players: int,
                                                              drawn: list[Drawn]) -> None:
    """RivalWing boards of three and four dragons (and their hands) in German: no word runs off
    its tile, and the board speaks German (sides, the duel's state, card names)."""
    renderer = games.entry("rivalwing").load_renderer()
    tr = locales.translator("de")
    names = ["Annegret", "Computer 1", "Bärbel-Charlotte", "Computer 3"][:players]
    for view in positions("rivalwing", 5 + players, players):
        renderer.render_board(view, names=names, tr=tr)
        renderer.render_hand(view, names=names, tr=tr)
    out = sorted({(text, size, tuple(round(v) for v in box)) for text, size, box in drawn
                  if box[0] < -1 or box[1] < -1 or box[2] > size[0] + 1 or box[3] > size[1] + 1})
    assert not out, f"text running out of its box: {out[:8]}"
    texts = " ".join(text for text, _, _ in drawn)
    for word in ("Vorne", "Hinten", "Kern", "Magie", "Spezial", "Runde", "Nahkampf"):
        assert word in texts, word
    assert not any(word in texts for word in (" Rear", "Wings", "Breath ", "Special", "hand"))
