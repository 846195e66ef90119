"""Computer decisions off the event loop: a pool of worker processes for the searching level.

A hard decision thinks for about a second of pure Python; in the host's process it would hold the
GIL and delay every other table's reply. The host instead sends a `Job` (the game's name, its
record, the seat, the level, a seed and the budget) to a worker process, which replays the record
itself, so states never need to pickle, and returns the action's code. Workers start lazily on the
first job, run at a lower scheduling priority than the host, number one fewer than the CPUs the
process may use (at least one), and stop in `shutdown` (or on leaving `async with`).

`AiPool(inline=True)` decides in the calling thread instead: the synchronous fallback for tests and
for machines without process support. When a worker dies, the pool logs it, starts afresh on the
next job, and answers this one in-process at the normal level, so a table never stalls.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import TracebackType

import games
from games.core import Record
from games.levels import Level, levels_of
from games.search import Budget

log = logging.getLogger(__name__)

WORKER_NICE = 19
"""How much lower than the host the workers are scheduled (os.nice increment): the lowest, so
on a busy machine the host and its other tables win the CPU and a hard decision thinks less."""


@dataclass(frozen=True, slots=True)
class Job:
    """One computer decision: everything a worker needs to rebuild the game and decide."""

    game: str
    record: Record
    seat: int
    level: str
    seed: int
    seconds: float | None = None
    """The time budget; None with `iterations` None means the default (`HOARD_AI_SECONDS`)."""
    iterations: int | None = None

    @property
    def budget(self) -> Budget:
        if self.seconds is None and self.iterations is None:
            return Budget.default()
        return Budget(seconds=self.seconds, iterations=self.iterations)


def decide(job: Job) -> str:
    """Replays the job's record and returns the code of the seat's move at the job's level."""
    entry = games.entry(job.game)
    state = entry.game.replay(job.record)
    action = levels_of(entry).decide(state, job.seat, Level(job.level), job.seed, job.budget)
    return action.encode()


def decide_normal(job: Job) -> str:
    """The same job at the normal level: the in-process answer when a worker fails."""
    return decide(Job(job.game, job.record, job.seat, Level.NORMAL.value, job.seed))


def default_workers() -> int:
    """Returns one fewer than the CPUs this process may use, at least one."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, cpus - 1)


def _start_worker(setup: tuple[str, ...]) -> None:
    """Runs in each new worker: lowers its priority and calls the setup hooks ("module:function",
    e.g. a test registering its toy game)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICE)
    for hook in setup:
        module, _, function = hook.partition(":")
        getattr(importlib.import_module(module), function)()


class AiPool:
    """Runs computer decisions in worker processes (or inline), one `Job` at a time per call."""

    def __init__(self, workers: int | None = None, *, inline: bool = False,
                 setup: tuple[str, ...] = ()) -> None:
        self.workers = workers or default_workers()
        self.inline = inline
        self.setup = setup
        self._executor: ProcessPoolExecutor | None = None

    @property
    def is_running(self) -> bool:
        """Tells whether worker processes have been started (and not shut down)."""
        return self._executor is not None

    def _pool(self) -> Executor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                                 initializer=_start_worker,
                                                 initargs=(self.setup,))
            log.info("started %d computer worker(s)", self.workers)
        return self._executor

    async def choose(self, job: Job) -> str:
        """Returns the code of the move the job asks for, without blocking the event loop."""
        if self.inline:
            return decide(job)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), decide, job)
        except BrokenProcessPool:
            log.exception("a computer worker died deciding for %s seat %d; playing normal",
                          job.game, job.seat)
            self._discard()
            return decide_normal(job)

    def choose_sync(self, job: Job) -> str:
        """Returns the move's code, waiting for it (a worker's, unless inline)."""
        if self.inline:
            return decide(job)
        try:
            return self._pool().submit(decide, job).result()
        except BrokenProcessPool:
            log.exception("a computer worker died deciding for %s seat %d; playing normal",
                          job.game, job.seat)
            self._discard()
            return decide_normal(job)

    def _discard(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self, *, wait: bool = True) -> None:
        """Stops the workers (waiting for running decisions when `wait`); the next job restarts
        them."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
            log.info("stopped the computer workers")

    async def __aenter__(self) -> AiPool:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await asyncio.to_thread(self.shutdown)


__all__ = ["AiPool", "Job", "decide", "default_workers"]
