"""The worker pool of computer decisions: jobs replay the record, inline and in worker processes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.ai_pool import AiPool, Job, decide, default_workers
from games.core import LogEntry, Record
from games.levels import Level, levels_of
from games.search import Budget
from tests import sampled_toy

GAME = sampled_toy.GAME


@pytest.fixture(autouse=True)
def _sampled_toy() -> Iterator[None]:
    sampled_toy.install()
    yield
    sampled_toy.uninstall()


def _record(moves: int) -> Record:
    """Plays `moves` normal moves of a seeded game and returns its record."""
    record = Record(seed=5, players=2)
    state = GAME.new_game(record.seed, 2, {})
    for step in range(moves):
        seat = GAME.to_play(state)[0]
        action = sampled_toy.ENTRY.ai(GAME.view(state, seat), GAME.legal_actions(state, seat), step)
        GAME.apply(state, seat, action)
        record.log.append(LogEntry(seat, action.encode()))
    return record


def _job(level: Level, moves: int = 2) -> Job:
    record = _record(moves)
    seat = GAME.to_play(GAME.replay(record))[0]
    return Job(sampled_toy.NAME, record, seat, level.value, 17, seconds=None, iterations=12)


def test_a_job_decides_what_the_levels_decide_in_process() -> None:
    """A job's answer is the level's move in the replayed state."""
    for level in Level:
        job = _job(level)
        state = GAME.replay(job.record)
        expected = levels_of(sampled_toy.ENTRY).decide(state, job.seat, level, job.seed,
                                                       Budget.fixed(12))
        assert decide(job) == expected.encode()


def test_the_inline_pool_answers_without_workers() -> None:
    """The synchronous fallback decides in the caller and starts no process."""
    pool = AiPool(inline=True)
    job = _job(Level.HARD)
    assert asyncio.run(pool.choose(job)) == decide(job)
    assert pool.choose_sync(job) == decide(job)
    assert not pool.is_running


def test_worker_processes_start_lazily_and_stop() -> None:
    """A real worker replays the job and gives the same answer; shutdown stops it."""
    pool = AiPool(1, setup=("tests.sampled_toy:install",))
    assert not pool.is_running
    job = _job(Level.HARD, moves=3)

    async def run() -> list[str]:
        async with pool:
            return list(await asyncio.gather(pool.choose(job), pool.choose(job)))

    assert asyncio.run(run()) == [decide(job)] * 2
    assert not pool.is_running


def test_the_default_pool_leaves_a_core_for_the_host() -> None:
    """Workers number one fewer than the usable CPUs, at least one."""
    assert default_workers() >= 1
    assert AiPool().workers == default_workers()


def test_a_job_without_budget_uses_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """A job with neither seconds nor iterations takes HOARD_AI_SECONDS."""
    monkeypatch.setenv("HOARD_AI_SECONDS", "0.5")
    job = Job(sampled_toy.NAME, Record(seed=1, players=2), 0, "hard", 1)
    assert job.budget == Budget(seconds=0.5)
