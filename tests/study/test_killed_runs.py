"""A plain `kill` of `simulate` with workers stops the workers and says what finished, as Ctrl-C does;
a `kill -9` of it leaves no worker running on its own (found by an outside author writing Klondike:
both workers and the resource tracker sat under init until killed by hand)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for a process's children")


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = task / "children"
        if children.exists():
            found.update(int(x) for x in children.read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def _start() -> tuple[subprocess.Popen, set[int]]:
    args = [sys.executable, "-m", "interpreter", "simulate", str(ROOT / "rulesets" / "hachinin_meri.yaml")]
    args += ["-n", "2000", "--workers", "2", "--agents", "greedy", "--no-progress"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = _children(proc.pid)
        if len(workers) >= 2:
            time.sleep(1.0)  # (the workers past their start)
            return proc, _children(proc.pid)
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("no workers started")


def _gone(pids: set[int]) -> bool:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


def test_a_plain_kill_stops_the_workers_and_says_what_finished():
    proc, workers = _start()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "interrupted:" in out + err and "Traceback" not in err, (out, err)
    assert _gone(workers), [p for p in workers if _alive(p)]


def test_a_kill_9_leaves_no_worker_running():
    proc, workers = _start()
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    assert _gone(workers), [p for p in workers if _alive(p)]
