"""The fuzz tests' child process (`isolated`): limited by CPU time, so that a machine busy with other
runs does not fail a child that stops in time, and by the clock as well, so that a child that waits
instead of working is stopped too."""

from __future__ import annotations

import time

from . import CLOCK_FACTOR, isolated


def _spin() -> int:
    n = 0
    while True:
        n += 1


def _wait() -> None:
    time.sleep(60)


def _answer() -> int:
    return 42


def test_a_child_that_returns_gives_its_value() -> None:
    outcome = isolated(_answer, timeout=5)
    assert (outcome.kind, outcome.value) == ("ok", 42)


def test_a_child_that_works_too_long_is_stopped_by_its_cpu_time() -> None:
    outcome = isolated(_spin, timeout=0.5)
    assert outcome.kind == "timeout", outcome
    assert "_Timeout: SIGPROF" in outcome.detail, outcome


def test_a_child_that_waits_is_stopped_by_the_clock() -> None:
    outcome = isolated(_wait, timeout=0.1)
    assert outcome.kind == "timeout", outcome
    assert "_Timeout: SIGALRM" in outcome.detail, outcome
    assert outcome.seconds >= 0.1 * CLOCK_FACTOR * 0.9  # its CPU time, CLOCK_FACTOR times, by the clock
