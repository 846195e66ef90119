"""Tables do not wait for each other: a table stuck in the middle of a command holds up no other.

The check would fail under one global lock: channel A's start is held inside its board render
(a renderer that blocks until released) while channel B joins, starts and plays; B must finish
while A is still held, and A must then finish too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

import games
from bot.messages import ReplyKind
from games.core import View
from tests.hosting import only, open_host, say
from tests.toygame.embers import Embers
from tests.toygame.render import render_board, render_hand

SLOW = "slowembers"
entered = threading.Event()
release = threading.Event()


class SlowEmbers(Embers):
    """Embers under another name, so that only its tables use the blocking renderer."""

    info = dataclasses.replace(Embers.info, name=SLOW, title="Slow Embers")


class BlockingRenderer:
    """Draws Embers boards, but first waits until the test releases it."""

    def render_board(self, view: View, *, names: Sequence[str], tr: object = None) -> bytes:
        entered.set()
        if not release.wait(20):
            raise TimeoutError("the test never released the renderer")
        return render_board(view, names=names)

    def render_hand(self, view: View, *, names: Sequence[str], tr: object = None) -> bytes | None:
        return render_hand(view, names=names)


@pytest.fixture
def slow_game() -> Iterator[None]:
    entered.clear()
    release.clear()
    games.register(games.GameEntry(game=SlowEmbers(), ai=lambda v, a, s: a[0],
                                   renderer=BlockingRenderer()))
    yield
    release.set()
    games.unregister(SLOW)


def test_a_held_table_does_not_hold_up_another(tmp_path: Path, slow_game: None) -> None:
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join", SLOW, channel="A")
        await say(host, "bob", "join", channel="A")
        held = asyncio.create_task(say(host, "alice", "start", channel="A"))
        assert await asyncio.to_thread(entered.wait, 10), "table A never reached its render"

        async def other_table() -> list[ReplyKind]:
            await say(host, "carol", "join", "drachenherz", channel="B")
            await say(host, "dave", "join", channel="B")
            replies = await say(host, "carol", "start", channel="B")
            board = only(replies, ReplyKind.BOARD)[-1]
            user = board.waiting_on[0]
            played = await say(host, user, "play", "1", version=board.version, channel="B")
            return [r.kind for r in played]

        kinds = await asyncio.wait_for(other_table(), 10)
        assert ReplyKind.BOARD in kinds and ReplyKind.ERROR not in kinds
        assert not held.done(), "table A went on before it was released"
        release.set()
        replies = await asyncio.wait_for(held, 10)
        assert only(replies, ReplyKind.BOARD), "table A's start never showed its board"
        await host.close()

    asyncio.run(scenario())
