"""The console end to end: a deck built, shared by its code and played; ratings, history,
replays and record files as the console shows them."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

import games
from bot import launcher, replay_cli
from bot.ai_pool import AiPool
from bot.console import Console
from bot.host import Host
from bot.messages import Reply, ReplyKind
from tests.hosting import FakeClock

CHAMPION = "EcC004"
"""Grim Angel, the champion Alice puts into her deck."""


async def play_to_the_end(console: Console, host: Host, replies: list[Reply]) -> list[Reply]:
    """Types, for whoever must decide, the number of the move the normal computer would take."""
    seen = list(replies)
    for turn in range(3000):
        if any(r.kind is ReplyKind.RESULT for r in replies):
            return seen
        table = await host._table("console")
        assert table.live is not None, [r.text for r in replies]
        seat = table.to_play()[0]
        state, game = table.live.state, table.game
        legal = game.legal_actions(state, seat)
        action = games.entry(table.game_name).ai(game.view(state, seat), legal, turn)
        replies = await console.run_line(f"@{table.seats[seat].user} {legal.index(action) + 1}")
        assert not [r for r in replies if r.kind is ReplyKind.ERROR], [r.text for r in replies]
        seen += replies
    raise AssertionError("the game did not end")


def test_a_deck_is_built_shared_and_played_in_the_console(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice builds a deck and types /deck code; Bob imports the code; both join Dragon Front with
    deck=..., play to the end, and then read the leaderboard, profiles, history and the replay."""
    async def scenario() -> str:
        out = io.StringIO()
        host = await Host.open(tmp_path / "c.db", clock=FakeClock(), ai_pool=AiPool(inline=True))
        console = Console(host, tmp_path / "out", out=out, auto_hand=False)
        for line in ("@alice /deck new ghoul-rush eclipse", "@alice /deck add Grim Angel",
                     "@alice /deck code"):
            await console.run_line(line)
        code = re.search(r"ghoul-rush: (DF\d-\S+)", out.getvalue())
        assert code is not None, out.getvalue()
        await console.run_line(f"@bob /deck import {code.group(1)} borrowed")
        assert "Imported borrowed. Ready to play." in out.getvalue()
        await console.run_line("@alice /join dragonfront deck=ghoul-rush")
        await console.run_line("@bob /join deck=borrowed")
        assert "1. alice — deck ghoul-rush" in out.getvalue()
        assert "2. bob — deck borrowed" in out.getvalue()
        start = await console.run_line("@alice /start")
        table = await host._table("console")
        assert table.live is not None
        public = table.game.view(table.live.state, None)
        assert [p["champion"]["card"] for p in public["players"]] == [CHAMPION, CHAMPION]
        await play_to_the_end(console, host, start)
        mark = len(out.getvalue())
        for line in ("@alice /leaderboard", "@bob /profile alice", "@alice /history",
                     "@alice /history export=1", "@alice /replay", "@carol /profile",
                     "@alice /replay 7", "@alice /deck import DF1-nonsense"):
            await console.run_line(line)
        await host.close()
        return out.getvalue()[mark:]

    shown = asyncio.run(scenario())
    assert "== Dragon Front leaderboard ==" in shown and " 1. " in shown and " 2. " in shown
    assert "== alice's profile ==" in shown and "Dragon Front: Rating " in shown
    assert "#1 Dragon Front, " in shown and "alice" in shown and "bob" in shown
    assert "⚠ carol has not finished a rated game in this server yet." in shown
    assert "⚠ There is no game #7." in shown
    assert "⚠ " in shown.split("/deck import DF1-nonsense")[1]
    record = tmp_path / "out" / "hoard-dragonfront-1.json"
    assert json.loads(record.read_text())["format"] == "hoard-record"
    animation = tmp_path / "out" / "replay-1.webp"
    frames = sorted((tmp_path / "out").glob("replay-1-step-*.png"))
    assert animation.stat().st_size < 8 << 20 and len(frames) > 10
    assert Image.open(animation).n_frames == len(frames)

    # `hoard replay RECORD --out DIR` replays the exported file; a damaged one is refused.
    capsys.readouterr()
    monkeypatch.setattr(launcher, "setup_logging", lambda *args, **kwargs: None)
    assert launcher.main(["replay", str(record), "--out", str(tmp_path / "cli")]) == 0
    assert len(list((tmp_path / "cli").glob("*.png"))) == len(frames)
    assert "Replay of Dragon Front #1" in capsys.readouterr().out
    broken = tmp_path / "broken.json"
    broken.write_text(record.read_text().replace('"seed": ', '"seed": 1'))
    assert replay_cli.main([str(broken), "--out", str(tmp_path / "cli2")]) == 2
    assert "corrupted" in capsys.readouterr().err
    assert not (tmp_path / "cli2").exists()
