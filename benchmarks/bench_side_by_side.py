"""The engine's speed beside its anchors, measured in one run (rounds interleaved).

    python benchmarks/bench_side_by_side.py [--rounds N] [--quick]

Prints, for each pair, the best and median round of each side (rates per second
of CPU time) and the ratio of the best rounds:

- random Hachinin Meri deals, public API, against the hand-written engine of
  the same rules (benchmarks/meri_handwritten.py);
- random Duzihu deals against RLCard's mahjong games (benchmarks/anchors.py);
- ISMCTS simulations per second mid-deal, both games, against OpenSpiel's Python
  ISMCTS on Hearts (benchmarks/anchors.py): our search as the levels run it
  (playouts by the hints, samples made plausible) and as OpenSpiel's runs
  (uniformly random playouts to the end, plain samples), which is the like-for-like
  figure.

The anchors run in their own virtual environment (installed on first use).
On a shared or virtual machine the slower rounds measure interference: compare
the best rounds, as `timeit` does.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import anchors  # noqa: E402
import meri_handwritten  # noqa: E402

import interpreter  # noqa: E402
from benchmarks import _cli  # noqa: E402

ROOT = HERE.parent


def random_deals(rs, deals: int, seed: int = 0) -> float:
    """Random deals per second of CPU time through the public API (uniformly random legal actions)."""
    options = {"deals": 1} if "deals" in rs.options else {}
    start = time.process_time()
    for i in range(deals):
        st = rs.new_game(seed=seed + i, options=options)
        rng = random.Random(seed + i)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[0] if len(legal) == 1 else rng.choice(legal))
    return deals / (time.process_time() - start)


def ismcts_rate(rs, simulations: int, **settings) -> float:
    """ISMCTS simulations per second of CPU time for one decision mid-deal."""
    from interpreter.agents.ismcts import IsmctsAgent

    options = {"deals": 1} if "deals" in rs.options else {}
    st = rs.new_game(seed=5, options=options)
    rng = random.Random(1)
    for _ in range(30):
        if st.is_terminal():
            break
        st.apply_action(rng.choice(st.legal_actions()))
    while not st.is_terminal() and len(st.legal_actions()) < 2:
        st.apply_action(st.legal_actions()[0])
    agent = IsmctsAgent(st.current_player(), 1, iterations=simulations, **settings)
    start = time.process_time()
    agent.choose(st)
    return simulations / (time.process_time() - start)


def report(name: str, ours: list[float], theirs: list[float], unit: str, anchor: str) -> None:
    best, mid = max(ours), statistics.median(ours)
    abest, amid = max(theirs), statistics.median(theirs)
    ratio = best / abest
    words = f"{ratio:.2f}x the anchor" if ratio >= 1 else f"{1 / ratio:.2f}x slower than the anchor"
    print(f"{name}: ours best {best:,.0f} (median {mid:,.0f}) {unit}; {anchor} best {abest:,.0f} (median {amid:,.0f})")
    print(f"    ratio of the best rounds: {words}")


def main() -> None:
    ap = _cli.parser(__doc__)
    ap.add_argument("--rounds", type=_cli.whole(1), default=5, metavar="N", help="interleaved rounds (default 5)")
    ap.add_argument("--quick", action="store_true", help="smaller counts in every round")
    args = ap.parse_args()
    rounds, quick = args.rounds, args.quick
    meri = interpreter.load(ROOT / "rulesets" / "hachinin_meri.yaml")
    duzihu = interpreter.load(ROOT / "rulesets" / "duzihu.yaml")
    random_deals(meri, 20)
    random_deals(duzihu, 5)
    names = ("meri", "duzihu", "ism_m", "ism_d", "plain_m", "plain_d")
    pairs: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in names}
    plain = {"playout": "random", "plausible": 0, "depth": 0}
    for _ in range(rounds):
        pairs["meri"][0].append(random_deals(meri, 100 if quick else 300))
        n = 1000 if quick else 3000
        pairs["meri"][1].append(n / meri_handwritten.random_deals(n))
        pairs["duzihu"][0].append(random_deals(duzihu, 30 if quick else 100))
        pairs["duzihu"][1].append(anchors.rlcard_mahjong(30 if quick else 100))
        sims = 200 if quick else 500
        pairs["ism_m"][0].append(ismcts_rate(meri, sims))
        pairs["ism_d"][0].append(ismcts_rate(duzihu, sims))
        pairs["plain_m"][0].append(ismcts_rate(meri, sims, **plain))
        pairs["plain_d"][0].append(ismcts_rate(duzihu, sims, **plain))
        hearts = anchors.openspiel_hearts_ismcts(sims)
        for key in ("ism_m", "ism_d", "plain_m", "plain_d"):
            pairs[key][1].append(hearts)
    print(f"{rounds} interleaved rounds, CPU time")
    report("random Hachinin Meri deals", *pairs["meri"], "deals/s", "hand-written engine")
    report("random Duzihu deals", *pairs["duzihu"], "deals/s", "RLCard mahjong")
    report("ISMCTS, Hachinin Meri mid-deal", *pairs["ism_m"], "simulations/s", "OpenSpiel ISMCTS on Hearts")
    report("ISMCTS, Duzihu mid-deal", *pairs["ism_d"], "simulations/s", "OpenSpiel ISMCTS on Hearts")
    like = "OpenSpiel ISMCTS on Hearts"
    report("ISMCTS like OpenSpiel's (random playouts), Hachinin Meri", *pairs["plain_m"], "simulations/s", like)
    report("ISMCTS like OpenSpiel's (random playouts), Duzihu", *pairs["plain_d"], "simulations/s", like)


if __name__ == "__main__":
    _cli.run(main)
