"""The courier's pacing of tidying: old boards lose their buttons only when it costs no position."""

from __future__ import annotations

import time

from bot.discord_buckets import Window
from bot.discord_courier import RESERVE, TAIL, WINDOW, WINDOW_WRITES, _Lane


def test_tidying_waits_for_rest_and_keeps_writes_free_for_the_next_position() -> None:
    lane = _Lane("c1")
    assert lane.tidy_wait(1.0) <= 0, "a quiet channel is tidied at once"
    now = time.monotonic()
    lane.writes.extend([now - 3.0])
    assert lane.tidy_wait(1.0) <= 0, "one write 3 s ago: rested, and the window has room"
    lane.writes.extend([now - 2.5, now - 2.0])
    assert WINDOW_WRITES - len(lane.writes) == RESERVE
    wait = lane.tidy_wait(1.0)
    assert abs(wait - (WINDOW - 3.0)) < 0.05, "only when the oldest write leaves the window"
    lane.writes.append(now)
    assert 0.9 < lane.tidy_wait(1.0) <= WINDOW - 3.0 + 0.05
    assert lane.tidy_wait(0.0) <= 0, "no pacing without a pause"
    lane.writes.clear()
    lane.writes.append(now - WINDOW - 1)
    assert lane.tidy_wait(1.0) <= 0 and not lane.writes, "writes older than the window are dropped"


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_buckets_read_discords_answers_and_count_writes_in_flight() -> None:
    from bot.discord_buckets import ChannelBuckets, channel_of

    assert channel_of("POST", "/api/v10/channels/42/messages") == "42"
    assert channel_of("PATCH", "/api/v10/channels/42/messages/7") == "42"
    assert channel_of("DELETE", "/api/v10/channels/42/messages/7") == "42"
    assert channel_of("GET", "/api/v10/channels/42/messages") is None
    assert channel_of("POST", "/api/v10/interactions/1/tok/callback") is None
    assert channel_of("POST", "/api/v10/channels/42/messages/7/threads") is None
    clock = _Clock()
    buckets = ChannelBuckets(clock=clock)
    assert not buckets.knows("42") and buckets.wait("42") == 0 and buckets.window("42") is None
    buckets.sent("42")  # nothing known yet: nothing to count against
    buckets.update("42", {"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "4",
                          "X-RateLimit-Reset-After": "5.000"})
    assert buckets.knows("42") and buckets.window("42") == Window(4, 5.0)
    clock.now += 1.0
    for _ in range(4):
        buckets.sent("42")
    assert buckets.wait("42") == 4.0, "an empty bucket waits for its reset"
    buckets.update("42", {"X-RateLimit-Remaining": "1", "X-RateLimit-Reset-After": "3.5"})
    assert buckets.wait("42") == 0 and buckets.window("42") == Window(1, 3.5)
    clock.now += 3.5
    assert buckets.window("42") is None and buckets.wait("42") == 0, "past the reset: fresh"
    buckets.sent("42")
    assert buckets.window("42") == Window(4, 5.0), "a write opens a window of the length seen"
    buckets.update("43", {"X-RateLimit-Remaining": "x"})
    assert not buckets.knows("43")


def test_with_the_bucket_known_tidying_spends_only_writes_the_window_leaves_unused() -> None:
    lane = _Lane("c1")
    now = time.monotonic()
    lane.writes.append(now - 0.1)
    late = lane.tidy_wait(1.0, Window(RESERVE + 1, TAIL - 0.2), known=True)
    assert late <= 0, "the window's last second with writes to spare: tidy now"
    early = lane.tidy_wait(1.0, Window(4, 4.0), known=True)
    assert abs(early - (4.0 - TAIL)) < 0.01, "writes to spare, but positions may still need them"
    tight = lane.tidy_wait(1.0, Window(RESERVE, 0.5), known=True)
    assert abs(tight - 0.5) < 0.01, "only RESERVE left: wait for the reset"
    fresh = lane.tidy_wait(1.0, None, known=True)
    assert abs(fresh - (WINDOW - 0.1)) < 0.05, "no window open: only after a window of quiet"
    lane.writes.clear()
    lane.writes.append(now - WINDOW - 0.1)
    assert lane.tidy_wait(1.0, None, known=True) <= 0
    assert lane.tidy_wait(0.0, Window(0, 3.0), known=True) <= 0, "no pacing without a pause"
