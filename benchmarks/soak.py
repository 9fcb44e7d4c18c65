"""Soak run: many random deals in one process, with peak memory at checkpoints.

    python benchmarks/soak.py rulesets/duzihu.yaml 100000 [--agents random]

Plays games one after another (Hachinin Meri with one deal per game), folds
the results into running statistics, and prints the peak resident memory
after 1,000, 10,000 and the last game, so growth with the number of deals
is visible.  Any error stops the run with its message and game index.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402
from interpreter.frontends.simulate import Tally, play_one  # noqa: E402


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    ap = _cli.parser(__doc__)
    ap.add_argument("ruleset", help="a ruleset file or a shipped game's name")
    ap.add_argument("games", nargs="?", type=_cli.whole(1), default=100_000, help="games to play (default 100000)")
    ap.add_argument("--agents", default="random", metavar="SPEC", help="the agents, as `cardrules simulate` takes them")
    args = ap.parse_intermixed_args()
    _, rs = _cli.load_named(ap, args.ruleset)
    games, agents = args.games, args.agents
    from interpreter.agents.spec import AgentSpecError, make_agents

    try:
        make_agents(agents, rs, 0)
    except (AgentSpecError, ValueError) as exc:
        ap.error(str(exc))
    options = {"deals": 1} if "deals" in rs.options else {}
    tally = Tally()
    checkpoints = {1_000, 10_000, games}
    start = time.perf_counter()
    for i in range(games):
        try:
            st = play_one(rs, agents, i, options)
        except Exception as exc:  # report and stop: a soak must end without any error
            print(f"game {i} (seed {i}) failed: {type(exc).__name__}: {exc}")
            return 1
        tally.add(st.returns(), max(1, len(st.records)), st.decisions)
        if i + 1 in checkpoints:
            print(
                f"{i + 1:>8} games  {time.perf_counter() - start:8.1f} s  peak memory {peak_mb():7.1f} MB", flush=True
            )
    print(f"done: {tally.games} games, {tally.deals} deals, {tally.decisions} decisions, no errors")
    return 0


if __name__ == "__main__":
    _cli.run(main)
