"""Test-wide fixtures: any unexpected ERROR log fails the test that caused it; a run over stale
compiled modules (older than their sources: `games.native`) stops before the first test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.native import stale_warning
from tests.hosting import close_crashed
from tests.logcheck import watching

pytest_plugins = ["pytester"]


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_warning()
    if stale is not None:
        pytest.exit(f"stale binaries: {stale}", returncode=pytest.ExitCode.USAGE_ERROR)


@pytest.fixture(autouse=True)
def _close_crashed_hosts() -> Iterator[None]:
    yield
    close_crashed()


@pytest.fixture(autouse=True)
def _fail_on_error_logs() -> Iterator[None]:
    with watching() as log:
        yield
    bad = log.unexpected()
    if bad:
        lines = "\n".join(f"{r.name}: {r.getMessage()}" for r in bad[:10])
        pytest.fail(f"{len(bad)} ERROR log record(s) during the test:\n{lines}", pytrace=False)
