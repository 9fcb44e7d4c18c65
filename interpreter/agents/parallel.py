"""Root-parallel search: independent searches in worker processes, merged by visits.

Each worker process loads the ruleset once, receives the game as JSON, and
runs the same search with its own share of the iterations and its own seed
(drawn from the agent's generator), so its samples differ; the visits of
the root's moves are added up and the most visited move is played.  The
result depends only on the seed when the budget is in iterations.

A process that is itself a worker of a pool (as in `cardrules simulate
--workers N`) cannot start processes of its own: there the search simply
runs in this process with the whole budget.
"""

from __future__ import annotations

import atexit
import math
import multiprocessing
import random
import signal
import sys
from typing import Any

_POOLS: dict[tuple[str, int], Any] = {}
_RULESETS: dict[str, Any] = {}


def parallel_choose(agent: Any, state: Any, legal: list) -> Any:
    """The move of `agent` for `state`, searched in `agent.workers` processes."""
    if multiprocessing.current_process().daemon:
        root, kept = agent._root(state)
        return agent.search(state, legal, root, kept)[0]
    agent._kept = None
    workers = agent.workers
    seeds = [agent.rng.getrandbits(63) for _ in range(workers)]
    iterations = None if agent.iterations is None else max(1, math.ceil(agent.iterations / workers))
    settings = {
        "iterations": iterations,
        "seconds": agent.seconds,
        "max_seconds": agent.max_seconds,
        "c": agent.c,
        "reuse": agent.reuse,
        "playout": agent.playout,
        "epsilon": agent.epsilon,
        "depth": agent.depth,
        "bias": agent.bias,
        "widen": agent.widen,
        "keep": 0,
    }
    data = state.to_json()
    jobs = [(state.rs.path, data, state.current_player(), settings, seed) for seed in seeds]
    parts = _pool(state.rs.path, workers).map(_search_job, jobs)
    visits: dict[tuple, int] = {}
    totals: dict[tuple, float] = {}
    for part in parts:
        for key, (n, total) in part.items():
            visits[key] = visits.get(key, 0) + n
            totals[key] = totals.get(key, 0.0) + total
    seat = state.current_player()
    by_key = {(seat, a.kind, a.value): a for a in legal}
    ranked = sorted(((visits[k], totals[k] / max(1, visits[k]), i, k) for i, k in enumerate(visits) if k in by_key))
    agent.last_stats = {"iterations": (iterations or 0) * workers, "workers": workers}
    return by_key[ranked[-1][3]] if ranked else agent.rng.choice(legal)


def _search_job(job: tuple) -> dict:
    """In a worker: one search; the root's moves with their visits and total reward for the mover."""
    from interpreter.agents.ismcts import IsmctsAgent

    path, data, seat, settings, seed = job
    rs = _RULESETS.get(path)
    if rs is None:
        from interpreter.compiling.pipeline import load_ruleset

        rs = _RULESETS[path] = load_ruleset(path)
    state = rs.state_from_json(data)
    agent = IsmctsAgent(seat, 0, **settings)
    agent.rng = random.Random(seed)
    legal = state.legal_actions()
    _, root = agent.search(state, legal)
    return {key: (child.visits, child.total[seat]) for key, child in root.children.items() if len(key) == 3}


def _pool(path: str, workers: int) -> Any:
    """A pool kept for the rest of the run: forked where that is safe (no ruleset to load again),
    spawned elsewhere.  Workers ignore Ctrl-C, which the person at the prompt means for the game."""
    pool = _POOLS.get((path, workers))
    if pool is None:
        method = "fork" if sys.platform.startswith("linux") else "spawn"
        pool = _POOLS[path, workers] = multiprocessing.get_context(method).Pool(workers, _ignore_interrupts)
    return pool


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.terminate()
    _POOLS.clear()
