"""Random deals per second for a ruleset, with uniformly random legal actions.

    python benchmarks/bench_random_deals.py rulesets/hachinin_meri.yaml [deals] [--rounds N] [--profile]

Plays the same `deals` deals (seeds 0 to deals-1) in each of N rounds
(default 5) and prints deals and decisions per second of CPU time (process
time) for the best round, the median round and every round.  As with
`timeit`, the best round is the figure to compare: on a shared or virtual
machine the slower rounds measure interference, not the engine.
`--profile` also prints where the time goes (cProfile, top 25 by own time).
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402


def run(rs, deals: int) -> int:
    options = {"deals": 1} if "deals" in rs.options else {}
    decisions = 0
    for seed in range(deals):
        st = rs.new_game(seed=seed, options=options)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[0] if len(legal) == 1 else rng.choice(legal))
            decisions += 1
    return decisions


def main() -> None:
    ap = _cli.parser(__doc__)
    ap.add_argument(
        "ruleset", nargs="?", default="rulesets/hachinin_meri.yaml", help="a ruleset file or a shipped game"
    )
    ap.add_argument("deals", nargs="?", type=_cli.whole(1), default=300, help="deals per round (default 300)")
    ap.add_argument("--rounds", type=int, default=5, metavar="N", help="rounds (default 5; fewer than 1 is 1)")
    ap.add_argument("--profile", action="store_true", help="also print where the time goes")
    args = ap.parse_intermixed_args()
    rounds, deals = max(1, args.rounds), args.deals
    _, rs = _cli.load_named(ap, args.ruleset)
    run(rs, 5)  # warm up caches
    times = []
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        decisions = run(rs, deals)
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
    cpus = sorted(t for t, _ in times)
    best, median = cpus[0], cpus[len(cpus) // 2]
    print(f"{rs.id}: {deals} random deals x {rounds} rounds, {decisions} decisions per round")
    print(f"  best   {deals / best:.1f} deals/s, {decisions / best:.0f} decisions/s (cpu {best:.2f} s)")
    print(f"  median {deals / median:.1f} deals/s (cpu {median:.2f} s)")
    print(
        "  rounds "
        + ", ".join(f"{deals / t:.0f}" for t, _ in times)
        + " deals/s (cpu); wall "
        + ", ".join(f"{deals / w:.0f}" for _, w in times)
    )
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(run, rs, max(20, deals // 5))
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    _cli.run(main)
