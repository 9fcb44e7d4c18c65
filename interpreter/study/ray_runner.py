"""Ranges of games as Ray tasks (`--cluster ray[:ADDRESS]`, the extra `cardrules[ray]`).

`ray` alone starts a Ray runtime on this machine for the run; `ray:auto` joins the cluster
this machine belongs to (`ray start --head` ran here), and `ray:ADDRESS` one at that address
(`ray:10.0.0.5:6379`, or a Ray client address `ray://host:10001`).  Tasks have no retries
of Ray's own (`max_retries=0`): a task whose worker or node died comes back here as one of
the errors in DIED, and the runner runs its range again and says so.  Every other error
of a task is a bug and is raised.  Nothing here is imported unless a run asks for Ray.
"""

from __future__ import annotations

from typing import Any

from interpreter.study.runner import Died, Task, run_task

DIED = (
    "WorkerCrashedError",
    "NodeDiedError",
    "LocalRayletDiedError",
    "ObjectLostError",
    "OwnerDiedError",
    "OutOfMemoryError",
    "TaskUnschedulableError",
)


class RayMissing(Exception):
    """`--cluster ray` without Ray installed; the message says how to install it."""


def parse_cluster(text: str) -> str | None:
    """`ray` -> None (a runtime of our own), `ray:ADDRESS` -> ADDRESS; ValueError for anything else."""
    kind, _, address = text.partition(":")
    if kind != "ray":
        raise ValueError(f"unknown cluster '{text}' (give ray or ray:ADDRESS)")
    if _ and not address:
        raise ValueError("ray: needs an address after the colon (or give ray alone)")
    return address or None


class RayTasks:
    """An executor for runner.run_ranges: each range one Ray task, `window` tasks out at once."""

    def __init__(self, address: str | None, payload: Any, num_cpus: int | None = None):
        try:
            import ray
        except ImportError:
            raise RayMissing('Ray is not installed: pip install "cardrules[ray]"') from None
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "warning"}
            if address is None:
                kwargs["num_cpus"] = num_cpus
            ray.init(address=address, **kwargs)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.where = f"Ray, {cpus} CPUs" + (f" at {address}" if address else "")
        self.window = 2 * max(1, cpus)
        self.remote = ray.remote(num_cpus=1, max_retries=0)(run_task)
        self.payload_ref = ray.put(payload)
        self.refs: dict[Any, int] = {}

    def submit(self, key: int, task: Task, payload: Any, games: range) -> None:
        self.refs[self.remote.remote(task, self.payload_ref, games)] = key

    def next_done(self) -> tuple[int, Any]:
        ray = self.ray
        (ref,), _rest = ray.wait(list(self.refs), num_returns=1)
        key = self.refs.pop(ref)
        try:
            return key, ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the task itself failed: its own error
            raise exc.as_instanceof_cause() from None
        except ray.exceptions.RayError as exc:
            if type(exc).__name__ in DIED:
                raise Died(f"a Ray worker died ({type(exc).__name__})", [key]) from None
            raise

    def stop(self) -> None:
        for ref in self.refs:
            self.ray.cancel(ref, force=True)
        self.refs.clear()
        self.close()

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
