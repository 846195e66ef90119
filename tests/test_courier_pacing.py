"""The courier's pacing of tidying: old boards lose their buttons only when it costs no position."""

from __future__ import annotations

import time

from bot.discord_courier import RESERVE, WINDOW, WINDOW_WRITES, _Lane


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
