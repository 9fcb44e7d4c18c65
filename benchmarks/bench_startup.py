"""Cold-start figures: wall time of `cardrules --help` and of validating the shipped rulesets.

    python benchmarks/bench_startup.py [runs]

Each command runs in a fresh process; the script prints the median and the
best of `runs` runs.  Targets (issue 2): --help under 0.3 s, validate of
rulesets/*.yaml under 1 s.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rulesets = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rulesets").rglob("*.yaml"))
    exe = [sys.executable, "-m", "interpreter"]
    for label, cmd in (
        ("cardrules --help", exe + ["--help"]),
        (f"cardrules validate ({len(rulesets)} files)", exe + ["validate", *rulesets]),
    ):
        median, best = timed(cmd, runs)
        print(f"{label:<40} median {median:.3f} s   best {best:.3f} s   ({runs} runs)")


if __name__ == "__main__":
    main()
