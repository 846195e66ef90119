"""RivalWing through the host: out-of-turn decisions, their own timers, withdrawal, six dragons."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.messages import ReplyKind
from tests.hosting import FakeClock, errors, only, open_host, say


def test_a_six_dragon_duel_with_five_computers_ends_through_the_host(tmp_path: Path) -> None:
    """One person and five computer dragons play to the winner; every prompt reaches alice."""
    async def scenario():
        host = await open_host(tmp_path / "h.db", seed=3)
        await say(host, "alice", "join", "rivalwing", "mat=random")
        for _ in range(5):
            await say(host, "alice", "addbot")
        replies = await say(host, "alice", "start")
        rng = random.Random(3)
        for _ in range(5000):
            if only(replies, ReplyKind.RESULT):
                break
            board = only(replies, ReplyKind.BOARD)[-1]
            assert board.waiting_on == ("alice",)
            hand = only(await say(host, "alice", "hand"), ReplyKind.HAND)[0]
            replies = await say(host, "alice", "play", rng.choice(hand.choices).code,
                                version=board.version)
            assert not errors(replies), errors(replies)
        result = only(replies, ReplyKind.RESULT)[-1]
        assert result.title.startswith("Game over")
        await host.close()
    asyncio.run(scenario())


def test_turn_timeouts_follow_the_game_and_three_withdraw_the_dragon(tmp_path: Path) -> None:
    """R10: a timed-out turn passes (120 s); the third in a row withdraws the dragon."""
    async def scenario():
        clock = FakeClock()
        host = await open_host(tmp_path / "h.db", clock)
        await say(host, "alice", "join", "rivalwing")
        await say(host, "alice", "addbot")
        await say(host, "alice", "start")
        texts: list[str] = []
        for _ in range(40):
            warn_at = host.next_deadline()
            if warn_at is None:
                break
            table = await host._table("c1")
            seconds = table.game.header(table.live.state)["seconds"]
            assert warn_at - clock.now == seconds / 2, "first the reminder, half way"
            clock.now = warn_at + 0.5
            assert only(await host.run_due_timers(), ReplyKind.WARNING)
            clock.now = host.next_deadline() + 0.5
            texts += [r.text for r in await host.run_due_timers()]
        joined = "\n".join(texts)
        assert "Alice's time ran out." in joined
        assert joined.count("runs out of time and passes") >= 2
        assert "Computer 1 (normal) win" in joined
        await host.close()
    asyncio.run(scenario())


def test_the_dealer_rotates_left_between_duels_of_a_series(tmp_path: Path) -> None:
    """R11: each duel of a series starts one seat further on than the one before."""
    async def scenario():
        host = await open_host(tmp_path / "h.db", seed=5)
        await say(host, "alice", "join", "rivalwing")
        await say(host, "alice", "addbot")
        await say(host, "alice", "addbot")
        await say(host, "alice", "sumof", "3")
        await say(host, "alice", "start")
        dealers, texts = [], []
        for number in range(3):
            if number:
                await say(host, "alice", "next")
            table = await host._table("c1")
            dealers.append(table.game.view(table.live.state, None)["dealer"])
            texts += [r.text for r in await say(host, "alice", "resign")]
        assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[1] + 1) % 3
        assert "Series over (3 games, highest total)" in "\n".join(texts)
        await host.close()
    asyncio.run(scenario())
