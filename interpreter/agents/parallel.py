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

_POOLS: dict[int, tuple[Any, Any]] = {}  # by number of workers: (the ruleset they were forked with, pool)
_RULESETS: dict[int, Any] = {}  # what forked workers find: the rulesets by id, set before the fork


def map_in_workers(rs: Any, workers: int, fn: Callable[[Any, Any], Any], jobs: list) -> list | None:
    """`[fn(rs, job) for job in jobs]` computed in `workers` processes, or None where that cannot be.

    One pool per number of workers: a pool forked with another ruleset is closed and forked again,
    so a process that loads ruleset after ruleset (a tournament) keeps no idle workers."""
    if multiprocessing.current_process().daemon or "fork" not in multiprocessing.get_all_start_methods():
        return None
    held = _POOLS.get(workers)
    if held is not None and held[0] is not rs:
        held[1].terminate()
        del _POOLS[workers]
        if all(other is not held[0] for other, _ in _POOLS.values()):
            _RULESETS.pop(id(held[0]), None)
        held = None
    if held is None:
        _RULESETS[id(rs)] = rs
        held = _POOLS[workers] = (rs, multiprocessing.get_context("fork").Pool(workers, _ignore_interrupts))
    return held[1].map(_run, [(id(rs), fn, job) for job in jobs])


def _run(task: tuple) -> Any:
    key, fn, job = task
    return fn(_RULESETS[key], job)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@atexit.register
def _close_pools() -> None:
    for _, pool in _POOLS.values():
        pool.terminate()
    _POOLS.clear()
