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

from benchmarks import _cli  # noqa: E402


def main() -> None:
    ap = _cli.parser(__doc__)
    ap.add_argument(
        "ruleset", nargs="?", default="rulesets/hachinin_meri.yaml", help="a ruleset file or a shipped game"
    )
    ap.add_argument("iterations", nargs="?", type=_cli.whole(1), default=200, help="simulations (default 200)")
    ap.add_argument("steps", nargs="?", type=_cli.whole(0), help="random decisions first (default: 10, 30 and 50)")
    args = ap.parse_args()
    _, rs = _cli.load_named(ap, args.ruleset)
    iterations = args.iterations
    from interpreter.agents.ismcts import IsmctsAgent

    options = {"deals": 1} if "deals" in rs.options else {}
    for steps in [args.steps] if args.steps is not None else [10, 30, 50]:
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
    _cli.run(main)
