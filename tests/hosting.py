"""Helpers for driving a Host in tests: a fake clock, commands in one line, games played to the end."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.host import Host
from bot.messages import Command, Reply, ReplyKind, Verb
from bot.store_sqlite import SqliteStore, _release
from tests.backends import database


@dataclass
class FakeClock:
    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


_open: dict[Path, list[Host]] = {}


_crashed: list[Host] = []
"""Hosts `open_host` took over from, left open: `close_crashed` closes them after the test."""


def abandon(host: Host) -> None:
    """Lets go of the host's hold on its database as a crashed process would (the kernel drops
    a dead process's file locks), leaving the host itself open: a test may still read through
    it."""
    if isinstance(host.store, SqliteStore):
        _release(host.store._lock)
        host.store._lock = None
        _crashed.append(host)


def close_crashed() -> None:
    """Closes the SQLite stores of the hosts a test left open as crashed. A crash ends its
    process's threads; an unclosed aiosqlite connection keeps its thread waiting for work, and
    the test process could not end."""
    while _crashed:
        asyncio.run(_crashed.pop().store.close())


async def open_host(path: Path, clock: FakeClock | None = None, seed: int = 7, **options: Any) -> Host:
    """Opens a host on `path` (on the test backend, `tests.backends`) with a fake clock and seeded
    game seeds. A host the test opened on `path` before counts as crashed: it is `abandon`ed."""
    for earlier in _open.pop(path, []):
        abandon(earlier)
    host = await Host.open(await database(path), clock=clock or FakeClock(),
                           seeds=random.Random(seed), **options)
    _open[path] = [host]
    return host


async def say(host: Host, user: str, verb: Verb | str, *args: str, version: int | None = None,
              channel: str = "c1") -> list[Reply]:
    """Sends one command as `user` and returns the replies."""
    return await host.handle(Command(channel, user, user.title(), Verb(verb), tuple(args), version))


def only(replies: list[Reply], kind: ReplyKind) -> list[Reply]:
    return [r for r in replies if r.kind is kind]


def errors(replies: list[Reply]) -> list[str]:
    return [r.text for r in replies if r.kind is ReplyKind.ERROR]


async def play_until(host: Host, replies: list[Reply], *, channel: str = "c1", pick: int = 1,
                     stop_kind: ReplyKind = ReplyKind.RESULT, limit: int = 5000) -> list[Reply]:
    """Plays move `pick` (or the last one when fewer) for whoever the last board waits on until a
    reply of `stop_kind` appears; returns every reply seen."""
    seen = list(replies)
    for _ in range(limit):
        if any(r.kind is stop_kind for r in replies):
            return seen
        boards = only(replies, ReplyKind.BOARD)
        assert boards, f"no board to play from: {[r.text for r in replies]}"
        user = boards[-1].waiting_on[0]
        hand = await say(host, user, Verb.HAND, channel=channel)
        choices = only(hand, ReplyKind.HAND)[0].choices
        number = min(pick, len(choices))
        replies = await say(host, user, Verb.PLAY, str(number), version=boards[-1].version,
                            channel=channel)
        assert not errors(replies), errors(replies)
        seen += replies
    raise AssertionError("the game did not end")
