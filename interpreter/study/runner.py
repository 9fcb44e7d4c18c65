"""Play a run of games as ranges of game numbers: here, in worker processes, or as Ray tasks.

A run is cut into ranges whose bounds depend only on the number of games (never on
how many workers there are); each range is played by a task `task(payload, games)`
that returns a *part* (running statistics, never per-game lists), and the parts are
handed back in range order whatever order they finish in.  So a merged result is the
same to the last bit with one worker, two, or a cluster, and since at most a few
ranges per worker are out at once, memory stays flat however many games are run.

A range whose worker died (its process killed, its node lost) is run again, up to
ATTEMPTS times, and the outcome lists every retry; a task's own exception is a bug
and is raised.  Ctrl-C stops the run: the ranges that finished are handed back and
the outcome says it was interrupted.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from interpreter.base.records import dataclass, field

ATTEMPTS = 3  # runs of one range before its games are given up as lost
RANGES = 200  # a run is cut into about this many ranges (progress moves by half a percent) ...
MAX_RANGE = 200  # ... of at most this many games
CRASH_HOOK = "CARDRULES_TEST_CRASH_DIR"  # tests: a file crash-N there makes the worker of game N die once

Task = Callable[[Any, range], Any]


def ranges(games: int) -> Iterator[range]:
    """The ranges of a run of `games` games, in order; their bounds depend on `games` alone."""
    size = max(1, min(MAX_RANGE, -(-games // RANGES)))
    return (range(start, min(start + size, games)) for start in range(0, games, size))


@dataclass
class Retry:
    """A range run again because its worker died."""

    games: range
    attempt: int  # the attempt that failed (1 is the first run)
    reason: str

    def describe(self) -> str:
        return f"games {self.games.start}-{self.games.stop - 1} (attempt {self.attempt}): {self.reason}"


@dataclass
class Outcome:
    """What a run did: games finished, whether Ctrl-C stopped it, retries and lost ranges."""

    games: int
    finished: int = 0
    interrupted: bool = False
    retries: list[Retry] = field(default_factory=list)
    lost: list[Retry] = field(default_factory=list)  # ranges whose worker died ATTEMPTS times
    seconds: float = 0.0
    where: str = "local"

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "finished": self.finished,
            "interrupted": self.interrupted,
            "where": self.where,
            "retries": [r.describe() for r in self.retries],
            "lost": [r.describe() for r in self.lost],
        }


def run_task(task: Task, payload: Any, games: range) -> Any:
    """What every worker runs: the task on one range (behind the tests' crash hook)."""
    folder = os.environ.get(CRASH_HOOK)
    if folder:
        for n in games:
            marker = os.path.join(folder, f"crash-{n}")
            if os.path.exists(marker):
                os.remove(marker)
                os._exit(17)  # as a killed worker would: no exception, no result
    return task(payload, games)


class Died(Exception):
    """Workers died; `keys` are the ranges whose results were lost with them (none is out any more)."""

    def __init__(self, reason: str, keys: list[int]):
        super().__init__(reason)
        self.keys = keys


class InProcess:
    """Runs each range in this process when asked for its result (one at a time)."""

    where = "local, 1 process"
    window = 1

    def __init__(self) -> None:
        self.waiting: dict[int, tuple] = {}

    def submit(self, key: int, task: Task, payload: Any, games: range) -> None:
        self.waiting[key] = (task, payload, games)

    def next_done(self) -> tuple[int, Any]:
        key = next(iter(self.waiting))
        task, payload, games = self.waiting.pop(key)
        return key, task(payload, games)

    def stop(self) -> None:
        self.waiting.clear()


class ProcessPool:
    """Ranges in `workers` spawned processes; a pool whose worker died is made anew."""

    def __init__(self, workers: int, initializer: Callable[[], None] | None = None):
        self.workers, self.initializer = workers, initializer
        self.where = f"local, {workers} processes"
        self.window = 2 * workers
        self.futures: dict[Any, int] = {}
        self.refused: list[int] = []  # ranges the pool refused because it had broken
        self.pool = self._new_pool()

    def _new_pool(self) -> Any:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=self.initializer)

    def submit(self, key: int, task: Task, payload: Any, games: range) -> None:
        from concurrent.futures.process import BrokenProcessPool

        try:
            self.futures[self.pool.submit(run_task, task, payload, games)] = key
        except BrokenProcessPool:  # a worker died before this range went out: told by next_done
            self.refused.append(key)

    def next_done(self) -> tuple[int, Any]:
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        if self.refused:
            return self._died(self.refused)
        done, _pending = wait(list(self.futures), return_when=FIRST_COMPLETED)
        future = next(iter(done))
        key = self.futures.pop(future)
        try:
            return key, future.result()
        except BrokenProcessPool:
            return self._died([key])

    def _died(self, keys: list[int]) -> NoReturn:
        """Every range out in a broken pool is lost with it: a new pool, and Died for the runner."""
        keys = [*keys, *self.futures.values()]
        self.refused = []
        self.stop()  # the other workers too: they would be left running, their results lost
        self.pool = self._new_pool()
        raise Died("a worker process died (killed, or out of memory)", keys)

    def stop(self) -> None:
        """Stop now: the ranges being played are dropped with their processes (Ctrl-C)."""
        self.futures.clear()
        processes = list((getattr(self.pool, "_processes", None) or {}).values())  # shutdown forgets them
        for process in processes:
            process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)  # the pool sees them gone and cleans up

    def close(self) -> None:
        self.pool.shutdown(wait=True)


def run_ranges(
    task: Task,
    payload: Any,
    games: int,
    executor: Any,
    deliver: Callable[[range, Any], None],
    hold: Any = None,
) -> Outcome:
    """Play `games` games with `executor` (InProcess, ProcessPool or ray_runner.RayTasks); each
    part is given to `deliver(range, part)` in range order, inside `with hold:` when given (the
    front ends hold Ctrl-C back there, so a part is never merged by half).  Returns the Outcome."""
    guard = hold if hold is not None else contextlib.nullcontext()
    outcome = Outcome(games, where=executor.where)
    spans = list(ranges(games))
    todo = list(range(len(spans)))[::-1]  # popped from the end: first ranges first
    attempts = [0] * len(spans)
    finished: dict[int, Any] = {}
    lost: set[int] = set()
    out_now = next_key = 0
    start = time.perf_counter()
    try:
        while todo or out_now:
            while todo and out_now + len(finished) < executor.window:
                key = todo.pop()
                attempts[key] += 1
                executor.submit(key, task, payload, spans[key])
                out_now += 1
            try:
                key, part = executor.next_done()
            except Died as death:
                out_now -= len(death.keys)
                for key in sorted(death.keys, reverse=True):
                    retry = Retry(spans[key], attempts[key], str(death))
                    if attempts[key] >= ATTEMPTS:
                        outcome.lost.append(retry)
                        lost.add(key)
                    else:
                        outcome.retries.append(retry)
                        todo.append(key)
                continue
            out_now -= 1
            finished[key] = part
            while next_key in finished or next_key in lost:
                if next_key in finished:
                    outcome.finished += len(spans[next_key])  # before: an interrupt held in deliver comes after it
                    with guard:
                        deliver(spans[next_key], finished.pop(next_key))
                next_key += 1
    except KeyboardInterrupt:
        note = getattr(hold, "stopping", None)  # (the front end's Ctrl-C watchdog: caught, stopping)
        if note is not None:
            note()
        outcome.interrupted = True
        executor.stop()
    else:
        close = getattr(executor, "close", None)
        if close is not None:
            close()
    for key in sorted(finished):  # what finished after a range that did not: still in order
        outcome.finished += len(spans[key])
        deliver(spans[key], finished[key])
    outcome.seconds = time.perf_counter() - start
    return outcome
