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

from benchmarks import _cli  # noqa: E402


class Failed(Exception):
    """The play command stopped with an error; the message is its last line."""


def measure(ruleset: str, level: str, moves: int, seed: int) -> dict:
    from click.testing import CliRunner

    from interpreter.agents.ismcts import IsmctsAgent
    from interpreter.frontends.cli import cli

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
            args = ["play", ruleset, "--level", level, "--seed", str(seed), "--save", save]
            result = runner.invoke(cli, args, input=text)
    finally:
        IsmctsAgent.choose = original  # type: ignore[method-assign]
    said = [line for line in result.output.splitlines() if line.strip()]
    if result.exit_code == 130 or (result.exit_code == 1 and said[-1:] == ["Aborted!"]):
        raise KeyboardInterrupt  # Ctrl-C stopped the game (which saved itself): it stops the benchmark too
    if result.exit_code != 0:
        raise Failed(f"{ruleset} {level}: the game stopped with status {result.exit_code}: {(said or [''])[-1]}")
    return {"searched": times, "quick": quick[0]}


def main() -> int:
    ap = _cli.parser(__doc__)
    ap.add_argument(
        "rulesets", nargs="*", metavar="RULESET", help="ruleset files or shipped games (default: both games)"
    )
    ap.add_argument("--moves", type=_cli.whole(1), default=30, metavar="N", help="the person's moves (default 30)")
    ap.add_argument("--levels", default="easy,normal,hard", help="comma-separated levels (default easy,normal,hard)")
    args = ap.parse_intermixed_args()
    from interpreter.agents.levels import LEVELS

    moves, levels = args.moves, args.levels.split(",")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        ap.error(f"unknown level {', '.join(map(repr, unknown))}; levels: {', '.join(LEVELS)}")
    rulesets = args.rulesets or ["duzihu", "hachinin_meri"]
    for ruleset in rulesets:  # each must load before any is timed
        _cli.load_named(ap, ruleset)
    for ruleset in rulesets:
        for level in levels:
            try:
                found = measure(ruleset, level, moves, seed=1)
            except Failed as exc:
                _cli.fail(ap, str(exc))
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
    _cli.run(main)
