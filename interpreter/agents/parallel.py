"""Worker processes for root-parallel search, kept for the rest of the run.

Workers are forked from the process that holds the compiled ruleset, so
they start at once and need nothing loaded; where fork is not available,
or in a process that is itself a pool's worker (as in `cardrules simulate
--workers N`), `map_in_workers` answers None and the caller searches in
its own process instead.  Workers ignore Ctrl-C, which the person at the
prompt means for the game.
"""

from __future__ import annotations

import atexit
import multiprocessing
import signal
from collections.abc import Callable
from typing import Any

_POOLS: dict[tuple[int, int], Any] = {}
_RULESETS: dict[int, Any] = {}  # what forked workers find: the rulesets by id, set before the fork


def map_in_workers(rs: Any, workers: int, fn: Callable[[Any, Any], Any], jobs: list) -> list | None:
    """`[fn(rs, job) for job in jobs]` computed in `workers` processes, or None where that cannot be."""
    if multiprocessing.current_process().daemon or "fork" not in multiprocessing.get_all_start_methods():
        return None
    key = (id(rs), workers)
    pool = _POOLS.get(key)
    if pool is None:
        _RULESETS[id(rs)] = rs
        pool = _POOLS[key] = multiprocessing.get_context("fork").Pool(workers, _ignore_interrupts)
    return pool.map(_run, [(id(rs), fn, job) for job in jobs])


def _run(task: tuple) -> Any:
    key, fn, job = task
    return fn(_RULESETS[key], job)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.terminate()
    _POOLS.clear()
