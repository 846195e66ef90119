"""What each channel's rate-limit bucket still allows, read from Discord's answers to the bot.

Discord answers every message write with `X-RateLimit-Remaining` and `X-RateLimit-Reset-After`
(a channel's writes share one bucket of about 5 per 5 s). discord.py honours them, but inside its
HTTP layer, with the request it was handed already built: a position given to it while the bucket
is empty goes out when the window resets even if a newer one came meanwhile. The courier asks here
first (`wait`), so it hands over a write only when the bucket has room and meanwhile keeps the
newest position in its pending slot; and it tidies old messages with writes the window would
otherwise leave unused (`window`).

The headers come through an aiohttp trace (discord.py's `http_trace` option); each write is also
counted when it starts (`sent`), so writes in flight are not spent twice.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import aiohttp

_WRITE = re.compile(r"/channels/(?P<channel>\d+)/messages(?P<message>/\d+)?/?$")


@dataclass(slots=True)
class Window:
    """A channel's current window: writes left and seconds until it resets."""

    remaining: int
    reset_in: float


@dataclass(slots=True)
class _Bucket:
    limit: int
    remaining: int
    resets_at: float
    period: float
    """The longest reset seen: about the window's length, for a window a write opens."""


class ChannelBuckets:
    """The message-write bucket of every channel the bot wrote to, as Discord last described it."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def trace_config(self) -> aiohttp.TraceConfig:
        """A trace that reads the rate-limit headers of every answered message write."""
        config = aiohttp.TraceConfig()
        config.on_request_end.append(self._on_request_end)
        return config

    async def _on_request_end(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                              params: aiohttp.TraceRequestEndParams) -> None:
        channel = channel_of(params.method, params.url.path)
        if channel is not None:
            self.update(channel, params.response.headers)

    def update(self, channel: str, headers: Any) -> None:
        """Takes a write's answer: the bucket's limit, what remains and when it resets."""
        old = self._buckets.get(channel)
        try:
            remaining = int(headers["X-RateLimit-Remaining"])
            reset_after = float(headers["X-RateLimit-Reset-After"])
            limit = int(headers.get("X-RateLimit-Limit") or (
                old.limit if old is not None else remaining + 1))
        except (KeyError, ValueError):
            return
        period = max(reset_after, old.period if old is not None else 0.0)
        self._buckets[channel] = _Bucket(limit, remaining, self.clock() + reset_after, period)

    def sent(self, channel: str) -> None:
        """Counts a write that is starting (its answer will correct the count)."""
        bucket = self._buckets.get(channel)
        if bucket is None:
            return
        now = self.clock()
        if now >= bucket.resets_at:  # this write opens a new window
            bucket.remaining, bucket.resets_at = bucket.limit, now + bucket.period
        bucket.remaining = max(0, bucket.remaining - 1)

    def knows(self, channel: str) -> bool:
        """Whether Discord has described the channel's bucket (after the bot's first write)."""
        return channel in self._buckets

    def window(self, channel: str) -> Window | None:
        """The channel's current window; None when unknown or past its reset (a write now
        would open a fresh one)."""
        bucket = self._buckets.get(channel)
        now = self.clock()
        if bucket is None or now >= bucket.resets_at:
            return None
        return Window(bucket.remaining, bucket.resets_at - now)

    def wait(self, channel: str) -> float:
        """Seconds until a write to the channel goes out without waiting for its window."""
        window = self.window(channel)
        return window.reset_in if window is not None and window.remaining <= 0 else 0.0


def channel_of(method: str, path: str) -> str | None:
    """The channel a request writes messages of (create, edit, delete), else None."""
    found = _WRITE.search(path)
    if found is None:
        return None
    method = method.upper()
    one = found["message"] is not None
    if (method == "POST" and not one) or (method in ("PATCH", "DELETE") and one):
        return found["channel"]
    return None
