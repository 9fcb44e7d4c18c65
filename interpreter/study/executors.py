"""Which executor plays a run's ranges: this process, worker processes, or Ray tasks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.study.runner import InProcess, ProcessPool


def executor_for(workers: int, cluster: str | None, payload: Any, initializer: Callable[[], None] | None = None) -> Any:
    """`cluster` is ray or ray:ADDRESS (then `workers` > 1 sets the CPUs of a Ray started here);
    else `workers` processes (one: this process).  `initializer` runs first in each process."""
    if cluster is not None:
        from interpreter.study.ray_runner import RayTasks, parse_cluster

        return RayTasks(parse_cluster(cluster), payload, num_cpus=workers if workers > 1 else None)
    if workers <= 1:
        return InProcess()
    return ProcessPool(workers, initializer)


def source_for(path: str, cluster: str | None, players: int | None = None) -> Any:
    """The ruleset as workers get it (compiled for `players` seats): its path here; its texts for a
    cluster's other machines."""
    from interpreter.study.sources import RulesetSource, shipped

    remote = cluster is not None and cluster != "ray"
    return shipped(path, players) if remote else RulesetSource(path, players=players)
