"""Random deals per second for a ruleset, with uniformly random legal actions.

    python benchmarks/bench_random_deals.py rulesets/hachinin_meri.yaml [deals] [--profile]

Prints deals and decisions per second of CPU time (process time, steadier
than wall time on a shared machine) and of wall time; `--profile` also
prints where the time goes (cProfile, top 25 by own time).
"""
from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402


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
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else "rulesets/hachinin_meri.yaml"
    deals = int(args[1]) if len(args) > 1 else 500
    rs = interpreter.load(path)
    run(rs, 5)  # warm up caches
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = run(rs, deals)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{rs.id}: {deals} random deals, {decisions} decisions")
    print(f"  cpu  {cpu:.2f} s: {deals / cpu:.1f} deals/s, {decisions / cpu:.0f} decisions/s")
    print(f"  wall {wall:.2f} s: {deals / wall:.1f} deals/s")
    if "--profile" in sys.argv:
        prof = cProfile.Profile()
        prof.runcall(run, rs, max(20, deals // 5))
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
