"""The local console: typed lines in, what the channel would show out, images on disk."""

from __future__ import annotations

import asyncio
import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import games
from bot.console import Console, menu_lines, parse_line
from bot.messages import Choice, ReplyKind, Verb
from tests.hosting import open_host


def test_menus_group_choices_by_their_label_path() -> None:
    """Choices that share a label prefix share a line, numbered in list order."""
    choices = [Choice("a", ("Play", "Dwarf", "x1")), Choice("b", ("Play", "Dwarf", "x2")),
               Choice("c", ("Play", "Ship", "x1")), Choice("d", ("End turn",))]
    assert menu_lines(choices) == ["Play > Dwarf: [1] x1 · [2] x2", "Play > Ship: [3] x1",
                                   "[4] End turn"]


def test_lines_parse_into_commands() -> None:
    """`@user /verb args`, `@user N` and `#channel` prefixes become commands; junk is refused."""
    command = parse_line("@alice /join drachenherz")
    assert (command.user, command.verb, command.args) == ("alice", Verb.JOIN, ("drachenherz",))
    command = parse_line("#room2 @bob 3")
    assert (command.channel, command.verb, command.args) == ("room2", Verb.PLAY, ("3",))
    assert parse_line("   ") is None
    with pytest.raises(ValueError, match="Start the line with @name"):
        parse_line("join please")
    with pytest.raises(ValueError, match="Unknown command /dance"):
        parse_line("@alice /dance")


async def _play_console_game(tmp_path: Path, second: str) -> str:
    out = io.StringIO()
    host = await open_host(tmp_path / "c.db")
    console = Console(host, tmp_path / "png", out=out)
    await console.run_line("@alice /join")
    await console.run_line(second)
    replies = await console.run_line("@alice /start")
    for _ in range(400):
        if any(r.kind is ReplyKind.RESULT for r in replies):
            break
        board = [r for r in replies if r.kind is ReplyKind.BOARD][-1]
        replies = await console.run_line(f"@{board.waiting_on[0]} 1")
    else:
        raise AssertionError("the console game did not end")
    await host.close()
    return out.getvalue()


@pytest.mark.parametrize("second", ["@bob /join", "@alice /addbot"], ids=["two-people", "vs-computer"])
def test_a_whole_game_plays_in_the_console(tmp_path: Path, second: str) -> None:
    """A full game by numbers: menus shown privately to the mover, boards saved as PNG files."""
    text = asyncio.run(_play_console_game(tmp_path, second))
    assert "[private to alice]" in text
    assert "Play > " in text and ": [1] x1" in text
    assert "== Game over — " in text and "[/rematch]" in text
    assert "(board updated)" in text or second == "@bob /join"
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert any("public-board" in p.name for p in pngs)
    assert any("alice-hand" in p.name for p in pngs)
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)


def test_the_console_delivers_what_the_outbox_holds(tmp_path: Path) -> None:
    """What the console shows is marked delivered; what a crash left undelivered is shown on the
    next start."""
    async def scenario() -> str:
        host = await open_host(tmp_path / "c.db")
        console = Console(host, tmp_path / "png", out=io.StringIO())
        await console.run_line("@alice /join")
        assert await host.store.pending_outbox() == []
        await host.handle(parse_line("@bob /join"))  # handled, then the process "dies"
        assert len(await host.store.pending_outbox()) == 1
        await host.close()
        out = io.StringIO()
        again = await open_host(tmp_path / "c.db")
        shown = await again.pending()
        Console(again, tmp_path / "png", out=out).show(shown)
        await again.delivered(shown)
        assert await again.store.pending_outbox() == []
        await again.close()
        return out.getvalue()

    assert "2. bob" in asyncio.run(scenario())


def test_the_hoard_command_runs_a_script(tmp_path: Path) -> None:
    """`hoard console --script FILE` (what the README runs) plays lines without a terminal."""
    script = tmp_path / "lines.txt"
    script.write_text("@alice /join\n@alice /addbot\n@alice /start\n@alice 1\n@alice /status\n")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot.launcher", "console", "--script", str(script),
         "--out", str(tmp_path / "out"), "--db", str(tmp_path / "h.db")],
        capture_output=True, text=True, timeout=120, env=env, cwd=Path(__file__).parent.parent)
    assert result.returncode == 0, result.stderr
    assert "[private to alice] You took seat 1 of 2" in result.stdout and "1. alice" in result.stdout
    assert "Computer 1 (normal) takes seat 2" in result.stdout
    assert list((tmp_path / "out").glob("*board*.png"))
    # Piped input works the same, and the database keeps the table for the next run.
    again = subprocess.run(
        [sys.executable, "-m", "bot.launcher", "console", "--out", str(tmp_path / "out"),
         "--db", str(tmp_path / "h.db")], input="@alice /status\n",
        capture_output=True, text=True, timeout=120, env=env, cwd=Path(__file__).parent.parent)
    assert again.returncode == 0, again.stderr
    assert "Players: " in again.stdout and "Computer 1" in again.stdout
    assert "[private to alice]" in again.stdout, "/status answers privately"


async def _play_against_the_computer(tmp_path: Path, name: str) -> str:
    out = io.StringIO()
    host = await open_host(tmp_path / "c.db", seed=11)
    console = Console(host, tmp_path / "png", out=out)
    await console.run_line(f"@alice /join {name}")
    await console.run_line("@alice /addbot")
    replies = await console.run_line("@alice /start")
    rng = random.Random(11)
    for _ in range(games.get(name).info.max_actions):
        if any(r.kind is ReplyKind.RESULT for r in replies):
            break
        hand = [r for r in replies if r.kind is ReplyKind.HAND and r.private_to == "alice"][-1]
        replies = await console.run_line(f"@alice {rng.randint(1, len(hand.choices))}")
    else:
        raise AssertionError(f"the console game of {name} did not end")
    await host.close()
    return out.getvalue()


@pytest.mark.parametrize("name", games.names())
def test_every_game_plays_to_the_end_against_the_computer_in_the_console(
        tmp_path: Path, name: str) -> None:
    """A person picks moves by number from the menus shown to them until the result is announced."""
    text = asyncio.run(_play_against_the_computer(tmp_path, name))
    assert "[private to alice]" in text and "[1] " in text
    assert "== Game over — " in text
    assert "⚠" not in text, "a move chosen from the menu was refused"
