"""Replays of real seeded games of every game: steps, the viewer, hidden information, animations."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from PIL import Image

import games
from bot import replay_cli
from bot.ratings import Seated
from bot.records import GameRecord, RecordError, RecordSeat, dumps
from bot.replays import (
    MAX_ANIMATION_BYTES,
    Replay,
    ReplayCache,
    animation,
    build_animation,
    build_replay,
    parse_viewer_id,
    target_step,
    viewer_page,
    write_replay,
)
from games.core import RESIGN_CODE, IllegalAction, LogEntry, Record, visible_events
from tests.playout import random_playout
from tests.ratings_helpers import connect, insert_game, migrated

CASES = [(name, games.get(name).info.min_players) for name in games.names()] + [("rivalwing", 3)]
"""Every game at its fewest seats, and a three-seat free-for-all."""
FRAME_CHECKS = 60
"""Steps whose frames the hidden-information test draws again (spread over the game)."""


@cache
def seeded(name: str, players: int, seed: int = 11) -> GameRecord:
    """A seeded random game of `name` played to its end."""
    game = games.get(name)
    playout = random_playout(game, seed, players)
    seats = tuple(RecordSeat(f"P{i}", is_bot=i > 0) for i in range(players))
    return GameRecord(game.info.name, playout.record, seats, game_id=42)


@cache
def replay_of(name: str, players: int) -> Replay:
    """The replay of `seeded(name, players)`, shared by the tests (its frames are cached)."""
    return build_replay(seeded(name, players))


def states_after_steps(record: GameRecord, replay: Replay) -> list[Any]:
    """Replays the record independently and copies the state at the end of each step."""
    game = games.get(record.game)
    r = record.record
    state = game.new_game(r.seed, r.players, r.options)
    states = [game.copy(state)]
    for step in replay.steps[1:]:
        for entry in r.log[step.first:step.first + step.actions]:
            game.apply_code(state, entry.seat, entry.code)
        states.append(game.copy(state))
    return states


@pytest.mark.parametrize("name, players", CASES)
def test_steps_cover_the_game_one_decider_each(name: str, players: int) -> None:
    """Step 0 is the start; every later step is a run of one seat's actions; together they are
    the whole log, and the last one tells the result."""
    record = seeded(name, players)
    replay = build_replay(record)
    log = record.record.log
    assert replay.steps[0].actions == 0 and replay.steps[0].seat is None
    assert sum(s.actions for s in replay.steps) == len(log)
    position = 0
    for step in replay.steps[1:]:
        assert step.first == position and step.actions >= 1
        assert {e.seat for e in log[step.first:step.first + step.actions]} == {step.seat}
        position += step.actions
    assert "Game over:" in replay.text(replay.last)
    assert len(replay.steps) < len(log) or players > 2


@pytest.mark.parametrize("name, players", CASES)
def test_viewer_steps_forward_and_back_to_the_ends(name: str, players: int) -> None:
    """▶ walks from the start to the end and ◀ back; ⏮ ⏭ jump; the ends disable their buttons;
    every custom_id names the game and the step and fits Discord's 100 characters."""
    replay = replay_of(name, players)
    step, seen = 0, [0]
    while True:
        page = viewer_page(replay, step)
        assert page.step == step and page.steps == len(replay.steps) and page.image
        next_button = page.buttons[2]
        assert parse_viewer_id(next_button.custom_id) == (42, step, "next")
        assert all(len(b.custom_id) <= 100 for b in page.buttons)
        if next_button.disabled:
            break
        step = target_step(replay, step, "next")
        seen.append(step)
    assert seen == list(range(len(replay.steps)))
    assert [b.disabled for b in page.buttons] == [False, False, True, True, False]
    while step > 0:
        step = target_step(replay, step, "prev")
    assert [b.disabled for b in viewer_page(replay, 0).buttons] == [True, True, False, False, False]
    assert target_step(replay, 0, "last") == replay.last and target_step(replay, 3, "first") == 0
    assert parse_viewer_id("hoard:abc:3:play") is None


@pytest.mark.parametrize("name, players", CASES)
def test_frames_are_spectator_renders_that_hide_what_is_hidden(name: str, players: int) -> None:
    """Each frame is the renderer's drawing of the spectator view at that step, and is the same
    when everything hidden from spectators is reshuffled; a step's text and frame are the same
    when the cards hidden from its decider are reshuffled before it."""
    record = seeded(name, players)
    replay = replay_of(name, players)
    game = games.get(name)
    renderer = games.entry(name).load_renderer()
    names = replay.names
    states = states_after_steps(record, replay)
    stride = max(1, len(states) // FRAME_CHECKS)
    checked = [*range(0, len(states) - 1, stride), len(states) - 1]
    compared = 0
    for index in checked:
        state = states[index]
        frame = replay.frame(index)
        assert frame == renderer.render_board(game.view(state, None), names=names)
        twin = game.shuffle_hidden(state, None, 1000 + index)
        assert frame == renderer.render_board(game.view(twin, None), names=names)
        if index + 1 < len(states) and replay.steps[index + 1].seat is not None:
            compared += _twin_step_matches(game, record, replay, state, index + 1)
    assert compared > len(checked) // 3


def _twin_step_matches(game: Any, record: GameRecord, replay: Replay, state: Any,
                       index: int) -> int:
    """Plays step `index` on a copy whose cards hidden from its decider are reshuffled; returns 1
    when it compared (0 when the twin's deal made an action of the step illegal)."""
    step = replay.steps[index]
    assert step.seat is not None
    twin = game.shuffle_hidden(state, step.seat, 7 + index)
    lines: list[str] = []
    for entry in record.record.log[step.first:step.first + step.actions]:
        if entry.code == RESIGN_CODE:
            return 0
        try:
            events = game.apply_code(twin, entry.seat, entry.code)
        except IllegalAction:
            return 0
        lines += [_named(e.text, replay.names) for e in visible_events(events, None)]
    shown = replay.lines(index)
    told = shown if index < replay.last else shown[:-1]  # the last adds the result
    assert list(told) == lines, f"step {index} tells what the public cannot know"
    renderer = games.entry(record.game).load_renderer()
    assert renderer.render_board(game.view(twin, None), names=replay.names) == replay.frame(index)
    return 1


def _named(text: str, names: tuple[str, ...]) -> str:
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


@pytest.mark.parametrize("name, players", CASES)
def test_animation_has_a_frame_per_step(name: str, players: int) -> None:
    """The animation opens with Pillow, holds one frame per step and fits in 8 MiB."""
    replay = replay_of(name, players)
    data = animation(replay)
    assert len(data) <= MAX_ANIMATION_BYTES
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "WEBP" and image.n_frames == len(replay.steps)


def test_gif_and_downscaling() -> None:
    """A GIF works too; a small limit shrinks the frames until the file fits."""
    replay = replay_of("drachenherz", 2)
    frames = [replay.frame(i) for i in range(12)]
    labels = [replay.label(i) for i in range(12)]
    gif = build_animation(frames, labels=labels, kind="gif")
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.n_frames == 12
        full = image.size
    small = build_animation(frames, labels=labels, max_bytes=60_000)
    assert len(small) <= 60_000
    with Image.open(io.BytesIO(small)) as image:
        assert image.n_frames == 12 and image.size[0] < full[0]
    with pytest.raises(ValueError, match="webp or gif"):
        build_animation(frames, kind="mp4")


def test_a_forfeit_ends_the_replay() -> None:
    """A game given up midway replays to the resignation, which the last step tells."""
    record = seeded("drakones", 2)
    log = [*record.record.log[:9], LogEntry(record.record.log[9].seat, RESIGN_CODE)]
    replay = build_replay(replace(record, record=replace(record.record, log=log)))
    last = replay.text(replay.last)
    assert "resigned" in last and "Game over:" in last and " wins" in last


def test_an_illegal_log_is_refused() -> None:
    """A log that does not replay is a corrupted record, refused with the action's number."""
    record = seeded("drachenherz", 2)
    first = record.record.log[0]
    bad = Record(record.record.seed, 2, {}, [LogEntry(1 - first.seat, first.code)])
    with pytest.raises(RecordError, match="action 1"):
        build_replay(replace(record, record=bad))
    with pytest.raises(RecordError, match="not finished"):
        build_replay(replace(record, record=replace(record.record, log=record.record.log[:5])))


def test_write_replay_writes_frames_and_animation(tmp_path: Path) -> None:
    """Every step's PNG and the animation land in the folder."""
    replay = build_replay(seeded("rivalwing", 2))
    paths = write_replay(replay, tmp_path / "out")
    assert len(paths) == len(replay.steps) + 1 and paths[-1].suffix == ".webp"
    assert all(p.exists() for p in paths) and paths[0].read_bytes()[:4] == b"\x89PNG"


def test_cache_loads_from_the_store_and_refuses_other_guilds(tmp_path: Path) -> None:
    """The cache builds a stored finished game once and refuses another guild's."""
    record = seeded("drakones", 2)
    path = migrated(tmp_path / "c.db")
    conn = connect(path)
    seats = [Seated("u1", "P0"), Seated("bot:1", "P1", is_bot=True)]
    game_id = insert_game(conn, game="drakones", seats=seats, record=record.record, guild="g1")
    conn.close()

    async def scenario() -> None:
        db = await aiosqlite.connect(str(path))
        cache = ReplayCache(size=1)
        first = await cache.get(db, game_id, "g1")
        assert await cache.get(db, game_id, "g1") is first and first.game_id == game_id
        assert first.steps == build_replay(replace(record, game_id=game_id)).steps
        with pytest.raises(RecordError, match="not played in this server"):
            await cache.get(db, game_id, "g2")
        await db.close()
    asyncio.run(scenario())


def test_replay_command_writes_a_record_files_frames(tmp_path: Path, capsys) -> None:
    """`hoard replay RECORD --out DIR` writes the frames and the animation; a refused or missing
    file exits with 2, says why and writes nothing."""
    record = seeded("dragonfront", 2)
    good = tmp_path / "game.json"
    good.write_bytes(dumps(record))
    assert replay_cli.main([str(good), "--out", str(tmp_path / "out")]) == 0
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert "game.webp" in written and "game-step-001.png" in written
    assert len(written) == len(replay_of("dragonfront", 2).steps) + 1
    bad = tmp_path / "bad.json"
    bad.write_bytes(dumps(record).replace(b'"seed"', b'"seeds"'))
    assert replay_cli.main([str(bad), "--out", str(tmp_path / "none")]) == 2
    assert "corrupted" in capsys.readouterr().err and not (tmp_path / "none").exists()
    assert replay_cli.main([str(tmp_path / "missing.json")]) == 2
