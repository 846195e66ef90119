"""The ERROR-log check itself: an unexpected ERROR record fails a test, an expected one does not."""

from __future__ import annotations

import logging

import pytest

from tests.logcheck import expected_errors, watching


def test_an_unexpected_error_record_is_caught() -> None:
    with watching() as log:
        logging.getLogger("bot.somewhere").error("table %s broke", "c1")
    assert [r.getMessage() for r in log.unexpected()] == ["table c1 broke"]


def test_an_expected_error_record_is_collected_and_forgiven() -> None:
    with watching() as log:
        with expected_errors() as seen:
            logging.getLogger("bot.somewhere").error("provoked")
        logging.getLogger("bot.somewhere").warning("only a warning")
    assert [r.getMessage() for r in seen] == ["provoked"]
    assert log.unexpected() == []


def test_the_autouse_check_fails_a_test_that_logs_an_error(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from tests.conftest import _fail_on_error_logs  # noqa: F401\n")
    pytester.makepyfile(test_x=(
        "import logging\n"
        "def test_logs():\n"
        "    logging.getLogger('bot').error('oops')\n"))
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)  # the check fails the test at its teardown
    assert result.ret != 0 and "oops" in result.stdout.str()
