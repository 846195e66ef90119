"""Test-wide fixtures: any unexpected ERROR log fails the test that caused it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.logcheck import watching

pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def _fail_on_error_logs() -> Iterator[None]:
    with watching() as log:
        yield
    bad = log.unexpected()
    if bad:
        lines = "\n".join(f"{r.name}: {r.getMessage()}" for r in bad[:10])
        pytest.fail(f"{len(bad)} ERROR log record(s) during the test:\n{lines}", pytrace=False)
