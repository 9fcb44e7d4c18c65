"""Time per AI move at each level, measured at the prompt with its default settings.

    python benchmarks/bench_levels.py [RULESET ...] [--moves N] [--levels easy,normal,hard]

Runs `cardrules play RULESET --level LEVEL` in this process with a person
who always types `1` (the first move listed), for N of the person's moves
(default 30), and times every move the AI seats make.  Prints, per ruleset
and level, the moves timed, how many were answered without a search (one
legal move, or a win taken at once), and the wall-clock time of the others:
mean, median, 95th percentile and maximum.  Wall-clock, because that is what
the person waits for; run it on a quiet machine (`nice -n 10` shares it).
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from click.testing import CliRunner  # noqa: E402

from interpreter.agents.ismcts import IsmctsAgent  # noqa: E402
from interpreter.frontends.cli import cli  # noqa: E402


def measure(ruleset: str, level: str, moves: int, seed: int) -> dict:
    times: list[float] = []
    quick = [0]
    original = IsmctsAgent.choose

    def timed(self: IsmctsAgent, state):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        action = original(self, state)
        spent = time.perf_counter() - start
        searched = len(state.legal_actions()) > 1 and self.last_stats.get("iterations", 0) > 0
        if searched or self.last_stats.get("workers"):
            times.append(spent)
        else:
            quick[0] += 1
        self.last_stats = {}
        return action

    IsmctsAgent.choose = timed  # type: ignore[method-assign]
    try:
        runner = CliRunner()
        text = "1\n" * moves
        with tempfile.TemporaryDirectory() as tmp:
            save = str(Path(tmp) / "game.json")
            runner.invoke(cli, ["play", ruleset, "--level", level, "--seed", str(seed), "--save", save], input=text)
    finally:
        IsmctsAgent.choose = original  # type: ignore[method-assign]
    return {"searched": times, "quick": quick[0]}


def main() -> int:
    args = sys.argv[1:]
    moves, levels = 30, ["easy", "normal", "hard"]
    if "--moves" in args:
        i = args.index("--moves")
        moves = int(args[i + 1])
        del args[i : i + 2]
    if "--levels" in args:
        i = args.index("--levels")
        levels = args[i + 1].split(",")
        del args[i : i + 2]
    rulesets = args or ["duzihu", "hachinin_meri"]
    for ruleset in rulesets:
        for level in levels:
            found = measure(ruleset, level, moves, seed=1)
            t = sorted(found["searched"])
            if not t:
                print(f"{ruleset} {level}: no searched moves")
                continue
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(
                f"{ruleset:14s} {level:7s} {len(t) + found['quick']:4d} AI moves, {found['quick']} at once; searched: "
                f"mean {statistics.mean(t):.2f} s, median {statistics.median(t):.2f} s, "
                f"p95 {p95:.2f} s, max {t[-1]:.2f} s"
            )
    return 0


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    raise SystemExit(main())
