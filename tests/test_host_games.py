"""Every registered game plays from /join to its result through the host, against computer players,
with boards public, hands private and the game resumable from the database at any point."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

import games
from bot.messages import ReplyKind
from tests.hosting import errors, only, open_host, say

NAMES = games.names()


async def _play_with_bots(tmp_path: Path, name: str, players: int, seed: int) -> None:
    path = tmp_path / f"{name}.db"
    host = await open_host(path, seed=seed)
    await say(host, "alice", "join", name)
    for _ in range(players - 1):
        await say(host, "alice", "addbot")
    replies = await say(host, "alice", "start")
    rng = random.Random(seed)
    for step in range(games.get(name).info.max_actions):
        if only(replies, ReplyKind.RESULT):
            break
        board = only(replies, ReplyKind.BOARD)[-1]
        assert board.private_to is None and board.image.startswith(b"\x89PNG")
        assert board.waiting_on == ("alice",), board.text
        hand = only(await say(host, "alice", "hand"), ReplyKind.HAND)[0]
        assert hand.private_to == "alice" and hand.choices
        choice = rng.choice(hand.choices)
        assert all(part and "{p" not in part for part in choice.label)
        replies = await say(host, "alice", "play", choice.code, version=board.version)
        assert not errors(replies), errors(replies)
        if step == 3:  # a restart in the middle resumes the same position
            table = await host._table("c1")
            before = json.dumps(table.game.to_json(table.live.state), sort_keys=True)
            host = await open_host(path, seed=seed + 1)
            after = await host._table("c1")
            assert json.dumps(after.game.to_json(after.live.state), sort_keys=True) == before
    else:
        raise AssertionError(f"{name} did not end through the host")
    result = only(replies, ReplyKind.RESULT)[-1]
    assert result.title.startswith("Game over") and "{p" not in result.text and result.image
    await host.close()


@pytest.mark.parametrize("name", NAMES)
def test_each_game_plays_to_the_end_against_the_computer(tmp_path: Path, name: str) -> None:
    """One person and computer players finish a game of every registered game."""
    info = games.get(name).info
    for players in sorted({info.min_players, min(info.max_players, 4)}):
        asyncio.run(_play_with_bots(tmp_path, name, players, seed=players))
