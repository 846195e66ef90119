"""Discord's per-channel rate limit on message writes, with the headers and 429s Discord sends.

Discord documents that per-route limits are counted per top-level resource (here the channel) and
may be shared by similar endpoints, named by the same `X-RateLimit-Bucket` hash. The stand-in puts
every message write of a channel (create, edit, delete, start a thread) in one bucket of `limit`
writes per `window` seconds, the "about 5 per 5 s" that bots see, and answers as Discord does:
`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and `-Bucket` on every write, and a 429
with `retry_after` (plus `Retry-After` and `X-RateLimit-Scope: user`) once the bucket is empty.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

BUCKET_HASH = "standin-channel-message-writes"


@dataclass(slots=True)
class _Window:
    used: int = 0
    resets_at: float = 0.0


class ChannelBuckets:
    """One fixed window of `limit` writes per `window` seconds for each channel."""

    def __init__(self, limit: int = 5, window: float = 5.0, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._windows: dict[int, _Window] = {}

    def take(self, channel: int) -> tuple[bool, dict[str, str]]:
        """Counts one write; returns whether it is allowed and the headers to answer with."""
        now = self.clock()
        state = self._windows.setdefault(channel, _Window())
        if now >= state.resets_at:
            state.used, state.resets_at = 0, now + self.window
        reset_after = max(0.0, state.resets_at - now)
        allowed = state.used < self.limit
        if allowed:
            state.used += 1
        headers = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.limit - state.used),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": BUCKET_HASH,
            "Via": "1.1 google",
        }
        if not allowed:
            headers["X-RateLimit-Scope"] = "user"
            headers["Retry-After"] = str(max(1, math.ceil(reset_after)))
        return allowed, headers

    def retry_after(self, channel: int) -> float:
        """Seconds until the channel's window resets."""
        state = self._windows.get(channel)
        return 0.0 if state is None else max(0.0, state.resets_at - self.clock())


def is_message_write(method: str, parts: list[str]) -> bool:
    """Tells whether a request writes a channel's messages (the shared bucket)."""
    if len(parts) < 3 or parts[0] != "channels" or parts[2] != "messages":
        return False
    if method == "POST":
        return len(parts) == 3 or (len(parts) == 5 and parts[4] == "threads")
    return method in ("PATCH", "DELETE") and len(parts) == 4
