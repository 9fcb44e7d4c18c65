"""Cold-start figures: `cardrules --help`, and validating the shipped rulesets.

    python benchmarks/bench_startup.py [runs] [--instructions]

Each command runs in a fresh process; the script prints the median and the
best of `runs` runs, in wall-clock time and in CPU time (user + system of
the child process).  Targets: --help under 0.3 s (issue 2), validate of one
shipped ruleset under 0.3 s of CPU (issue 14).  With `--instructions` it also
counts the instructions of one run of each command under valgrind's callgrind,
a figure that does not move with the machine's load (on a shared or virtual
machine the times can vary by a third from one hour to the next).

The figures are with Python's bytecode cache (`__pycache__`) warm, as
Python keeps it on a user's machine: the script runs each command once
first with bytecode writing allowed.  Where `PYTHONDONTWRITEBYTECODE` is set
and the cache was never written (this project's development machine sets
it, and an editable install does not compile its modules), every start
compiles the package's modules from source again: about 0.1 s more CPU.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _cli  # noqa: E402


def timed(cmd: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of `runs` fresh runs of `cmd`."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def main() -> None:
    ap = _cli.parser(__doc__)
    ap.add_argument("runs", nargs="?", type=_cli.whole(1), default=7, help="fresh runs of each command (default 7)")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count each command's instructions once under callgrind (needs valgrind): a figure a busy "
        "or virtual machine does not change",
    )
    args = ap.parse_args()
    runs = args.runs
    if args.instructions and shutil.which("valgrind") is None:
        _cli.fail(ap, "valgrind is not on the PATH (Debian: apt-get install valgrind)")
    rulesets = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rulesets").rglob("*.yaml"))
    exe = [sys.executable, "-m", "interpreter"]
    cached = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    commands = [("cardrules --help", exe + ["--help"])]
    commands += [
        (f"cardrules validate {name}", exe + ["validate", f"rulesets/{name}.yaml"])
        for name in ("hachinin_meri", "duzihu")
    ]
    commands.append((f"cardrules validate ({len(rulesets)} files)", exe + ["validate", *rulesets]))
    for _, cmd in commands:  # warm the bytecode cache
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=cached)
    print(f"{'command':<40} {'wall-clock':>26} {'CPU':>26}")
    for label, cmd in commands:
        walls, cpus = timed(cmd, runs, cached)
        cells = [f"median {statistics.median(x):.3f} best {min(x):.3f}" for x in (walls, cpus)]
        print(f"{label:<40} {cells[0]:>26} {cells[1]:>26}")
    print(f"({runs} runs each, seconds)")
    if args.instructions:
        from benchmarks.instructions import Failed, callgrind

        for label, cmd in commands:
            try:
                print(f"{label:<40} {callgrind(cmd, label, cached, ROOT) / 1e9:.3f} G instructions")
            except Failed as exc:
                _cli.fail(ap, str(exc))


if __name__ == "__main__":
    _cli.run(main)
