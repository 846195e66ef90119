"""Fails tests on ERROR logs, as python-chess's `RaiseLogHandler` does, with a way to expect some.

`conftest.py` installs one `ErrorLog` on the root logger around every test and fails the test on
any ERROR record that was not expected. A test that provokes an error on purpose wraps that part
in `expected_errors()` and asserts on the records it collects.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

EXPECTED = "hoard_expected_error"
"""The attribute that marks a record a test provoked on purpose."""


class ErrorLog(logging.Handler):
    """Collects every ERROR (and worse) record on the root logger."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.expecting = 0

    def emit(self, record: logging.LogRecord) -> None:
        if _active and _active[-1] is not self:
            return  # an inner watcher (a test's own) has it
        if self.expecting:
            setattr(record, EXPECTED, True)
        self.records.append(record)

    def unexpected(self) -> list[logging.LogRecord]:
        return [r for r in self.records
                if not getattr(r, EXPECTED, False) and r.name != "expected"]


_active: list[ErrorLog] = []


@contextlib.contextmanager
def watching() -> Iterator[ErrorLog]:
    """Installs an `ErrorLog` on the root logger for the duration of the block."""
    handler = ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    _active.append(handler)
    try:
        yield handler
    finally:
        _active.remove(handler)
        root.removeHandler(handler)


@contextlib.contextmanager
def expected_errors() -> Iterator[list[logging.LogRecord]]:
    """Marks the ERROR records logged inside the block as expected and yields them."""
    handler = _active[-1] if _active else None
    start = len(handler.records) if handler is not None else 0
    collected: list[logging.LogRecord] = []
    if handler is not None:
        handler.expecting += 1
    try:
        yield collected
    finally:
        if handler is not None:
            handler.expecting -= 1
            collected.extend(handler.records[start:])
