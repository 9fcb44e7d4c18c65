"""ISMCTS simulations per second, mid-deal, for a ruleset.

    python benchmarks/bench_ismcts.py rulesets/hachinin_meri.yaml [iterations] [steps]

Plays `steps` random decisions of a deal, then times one ISMCTS decision of
`iterations` simulations (each: a sampled state, a tree walk and a random
playout to the end of the deal).  Prints simulations per second of CPU time
and the sampler's figures (samples, rejected samples, forced replays).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from interpreter.agents.ismcts import IsmctsAgent  # noqa: E402


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "rulesets/hachinin_meri.yaml"
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rs = interpreter.load(path)
    options = {"deals": 1} if "deals" in rs.options else {}
    for steps in [int(sys.argv[3])] if len(sys.argv) > 3 else [10, 30, 50]:
        st = rs.new_game(seed=5, options=options)
        rng = random.Random(1)
        for _ in range(steps):
            if st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        while not st.is_terminal() and len(st.legal_actions()) < 2:
            st.apply_action(st.legal_actions()[0])
        if st.is_terminal():
            continue
        agent = IsmctsAgent(st.current_player(), 1, iterations=iterations)
        cpu, wall = time.process_time(), time.perf_counter()
        agent.choose(st)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        s = agent.last_stats
        print(
            f"{rs.id} after {steps} decisions: {iterations / cpu:.0f} simulations/s cpu "
            f"({cpu:.2f} s cpu, {wall:.2f} s wall); samples {s['samples']}, rejected {s['rejections']}, "
            f"forced {s['fallbacks']}"
        )


if __name__ == "__main__":
    main()
