"""The Hoard bot as its own process against a stand-in, as `hoard discord` runs it: start, kill, restart.

    python -m tests.discord_standin.process     (the child: reads the same settings as `hoard`)

The child registers Embers (the toy game) beside the real games and, when HOARD_TEST_SEED is set,
seeds the host's game seeds so that whole games repeat. It skips warming the renderers unless
HOARD_TEST_WARM=1. Nothing else differs from `run_discord`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.backends import database, database_env
from tests.discord_standin.server import StandIn

ROOT = Path(__file__).resolve().parent.parent.parent


class BotProcess:
    """Runs the bot in a child process connected to `standin`; `kill()` is SIGKILL, no goodbye."""

    def __init__(self, standin: StandIn, db: Path, *, seed: int | None = None,
                 log_level: str = "WARNING", env: dict[str, str] | None = None) -> None:
        self.standin = standin
        self.env = env or {}
        """More settings for the child (e.g. HOARD_SHARD_COUNT and HOARD_SHARD_IDS)."""
        self.db = db
        self.seed = seed
        self.log_level = log_level
        self.proc: asyncio.subprocess.Process | None = None
        self.stderr: list[bytes] = []

    async def start(self, timeout: float = 30.0) -> None:
        """Starts the child and waits until it has identified on the gateway."""
        await database(self.db)
        env = {**os.environ, "DISCORD_TOKEN": self.standin.token,
               "HOARD_DISCORD_API": self.standin.api_base, **database_env(self.db),
               **self.env, "HOARD_LOG_LEVEL": self.log_level,
               "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
        if self.seed is not None:
            env["HOARD_TEST_SEED"] = str(self.seed)
        before = self.standin.identifies
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.discord_standin.process", cwd=self.db.parent, env=env,
            stderr=asyncio.subprocess.PIPE)
        self._reader = asyncio.create_task(self._read_stderr(self.proc))
        deadline = time.perf_counter() + timeout
        while self.standin.identifies == before:
            if self.proc.returncode is not None or time.perf_counter() > deadline:
                raise RuntimeError("the bot did not connect: " + b"".join(self.stderr).decode()[-2000:])
            await asyncio.sleep(0.01)
        await self.standin.wait_ready(timeout)

    async def _read_stderr(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stderr is not None
        async for line in proc.stderr:
            self.stderr.append(line)

    async def kill(self) -> None:
        """Ends the child at once (SIGKILL), as a crash or an OOM kill would."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
            await self._reader
        self.proc = None

    async def stop(self) -> None:
        """Asks the child to stop (SIGINT, as Ctrl+C) and waits for it."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.send_signal(signal.SIGKILL)
                await self.proc.wait()
            await self._reader
        self.proc = None

    def log_text(self) -> str:
        return b"".join(self.stderr).decode(errors="replace")


def _seeded_host(seed: int) -> None:
    """Makes every host the child opens draw its game seeds from `seed`."""
    from bot.host import Host

    opened: Callable[..., Any] = Host.open.__func__  # type: ignore[attr-defined]

    async def open_seeded(cls: type[Host], path: Any, **kwargs: Any) -> Host:
        kwargs.setdefault("seeds", random.Random(seed))
        host: Host = await opened(cls, path, **kwargs)
        return host

    Host.open = classmethod(open_seeded)  # type: ignore[method-assign, assignment]


def main() -> None:
    """The child: the launcher's logging and settings, Embers registered, then `run_discord`."""
    from bot.config import Settings
    from bot.discord_app import HoardBot, run_discord
    from bot.launcher import run_guarded, setup_logging
    from tests import toygame

    settings = Settings.from_env()
    setup_logging(settings.log_level, quiet=False)
    toygame.install()
    # Warming costs seconds of CPU at every one of the crash test's restarts; a bench that
    # measures latencies as `hoard discord` has them asks for it (HOARD_TEST_WARM=1).
    HoardBot.warm_renderers = os.environ.get("HOARD_TEST_WARM") == "1"
    if os.environ.get("HOARD_TEST_SEED"):
        _seeded_host(int(os.environ["HOARD_TEST_SEED"]))
    logging.getLogger(__name__).info("Bot child %s starting", os.getpid())
    with contextlib.suppress(KeyboardInterrupt):
        raise SystemExit(run_guarded(run_discord(settings)))


if __name__ == "__main__":
    main()
