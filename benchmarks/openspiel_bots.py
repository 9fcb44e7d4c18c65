"""OpenSpiel's ISMCTSBot and MCTSBot on cardrules games, through the adapter, beside our `ismcts` agent.

    nice -n 10 python benchmarks/openspiel_bots.py [--meri 100] [--duzihu 200] [--budget 20] [--workers 2]

Needs `pip install -e ".[openspiel]"`.  Every agent gets the same budget of
iterations (simulations), so the figures do not depend on the machine's load:

* `os_ismcts`: OpenSpiel's ISMCTSBot (Python), random-rollout evaluator, samples
  from the adapter's `resample_from_infostate` (our determinizer);
* `os_mcts`: OpenSpiel's MCTSBot on the true state (it sees every card: a
  perfect-information upper reference, not a fair player);
* `ismcts`: our agent (interpreter/agents/ismcts.py), on the engine state.

Each deal is played once per agent on the same seeds: the agent holds one
side (Hachinin Meri with deals=1: a team of four, team a on even deals and
team b on odd ones; Duzihu: one seat, seat = deal % 3) and uniformly random
agents hold the others.  Its score is its side's return minus the other
side's (Meri) or its own settlement (Duzihu).  The report gives each agent's
mean score with a 95% confidence interval, its paired difference from
`ismcts` on the same deals (95% CI), and the CPU time per searched move (a
move with one legal action is not searched).  The exploration constant of the
OpenSpiel bots is 0.7 (ours) times the largest return seen in 100 random
deals, since they search raw returns and ours scales its rewards to about [-1, 1].

Also: random playouts per second through the adapter and through our API
(`--playouts N`), the overhead of the adapter.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402

GAMES = {"meri": ("hachinin_meri", {"deals": 1}), "duzihu": ("duzihu", {})}
AGENTS = ("os_ismcts", "os_mcts", "ismcts")


def _game(key: str):
    import interpreter.openspiel as adapter

    name, options = GAMES[key]
    return adapter.load_game(name, **options)


def _side(key: str, deal: int, seat: int) -> bool:
    if key == "meri":
        return seat % 2 == deal % 2
    return seat == deal % 3


def _score(key: str, deal: int, returns: list) -> float:
    if key == "meri":
        mine = deal % 2
        return float(returns[mine] - returns[1 - mine])
    return float(returns[deal % 3])


def scale(key: str, deals: int = 100) -> float:
    game = _game(key)
    rng = random.Random(0)
    biggest = 1.0
    for d in range(deals):
        st = game.state_for_seed(10_000 + d).engine_state()
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        biggest = max(biggest, max(abs(r) for r in st.returns()))
    return biggest


def play(job: tuple) -> dict:
    """One deal: agent `name` holds one side, random agents the rest."""
    key, name, deal, budget, uct_c = job
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from interpreter.agents.ismcts import IsmctsAgent
    from interpreter.openspiel.game import RESAMPLE_STATS

    game = _game(key)
    index = game.data.index
    state = game.state_for_seed(deal)
    rs = np.random.RandomState(deal)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(deal + 1))
    if name == "os_ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c, budget, random_state=np.random.RandomState(deal + 2))
    elif name == "os_mcts":
        bot = mcts.MCTSBot(game, uct_c, budget, evaluator, random_state=np.random.RandomState(deal + 3))
    else:
        ours = {s: IsmctsAgent(s, deal, iterations=budget) for s in range(game.num_players())}
    searched, cpu = 0, 0.0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif _side(key, deal, seat):
            start = time.process_time()
            if name == "ismcts":
                action = index.id(ours[seat].choose(state.engine_state()))
            else:
                action = bot.step(state)
            cpu += time.process_time() - start
            searched += 1
        else:
            action = legal[rs.randint(len(legal))]
        state.apply_action(action)
    stats = dict(RESAMPLE_STATS)
    for k in RESAMPLE_STATS:
        RESAMPLE_STATS[k] = 0
    score = _score(key, deal, state.returns())
    return {"game": key, "agent": name, "deal": deal, "score": score, "moves": searched, "cpu": cpu, "resample": stats}


def mean_ci(xs: list) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def playouts(key: str, n: int) -> dict:
    """Random playouts per second: through the adapter (pyspiel calls) and through our API, same deals."""
    import numpy as np

    game = _game(key)
    rs = game.data.rs
    options = game.options
    start = time.process_time()
    for d in range(n):
        st = rs.new_game(seed=d, options=options)
        rng = random.Random(d)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[0] if len(legal) == 1 else rng.choice(legal))
    ours = time.process_time() - start
    start = time.process_time()
    for d in range(n):
        state = game.state_for_seed(d)
        rng2 = np.random.RandomState(d)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else legal[rng2.randint(len(legal))])
    adapter = time.process_time() - start
    return {"game": key, "n": n, "api_per_s": n / ours, "adapter_per_s": n / adapter, "overhead": adapter / ours}


def read_results(ap: argparse.ArgumentParser, path: Path) -> list:
    """The lines of a --json file; a last line cut short (a run killed while writing it) is left out."""
    results = _cli.json_lines(ap, path, "--json")
    if not all(isinstance(r, dict) and {"game", "agent", "deal", "score"} <= r.keys() for r in results):
        _cli.fail(ap, f"{path}: not the lines that --json writes")
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--meri", type=_cli.whole(0), default=100, help="Hachinin Meri deals per agent")
    ap.add_argument("--duzihu", type=_cli.whole(0), default=200, help="Duzihu deals per agent")
    ap.add_argument("--budget", type=_cli.whole(1), default=20, help="iterations (simulations) per searched move")
    ap.add_argument("--workers", type=_cli.whole(1), default=2)
    ap.add_argument(
        "--playouts", type=_cli.whole(0), default=200, help="random playouts per game for the overhead figure"
    )
    ap.add_argument("--json", type=Path, help="also write every deal's result here, one JSON line each, as it ends")
    ap.add_argument("--report", type=Path, help="only print the table of the results in this file (from --json)")
    args = ap.parse_args()
    if args.report:
        results = read_results(ap, args.report)
        report(results, args.budget)
        return
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        _cli.fail(ap, 'OpenSpiel is not installed: pip install -e ".[openspiel]"')
    try:
        out = args.json.open("w") if args.json else None
    except OSError as exc:
        _cli.fail(ap, f"cannot write {args.json}: {exc.strerror or exc}")

    for key in GAMES if args.playouts else ():
        p = playouts(key, args.playouts)
        print(
            f"{key}: {p['n']} random playouts: our API {p['api_per_s']:.1f}/s, adapter {p['adapter_per_s']:.1f}/s "
            f"(x{p['overhead']:.2f} the time)",
            flush=True,
        )
    jobs = []
    for key, deals in (("meri", args.meri), ("duzihu", args.duzihu)):
        c = 0.7 * scale(key)
        print(f"{key}: uct_c of the OpenSpiel bots {c:.1f}", flush=True)
        jobs += [(key, name, d, args.budget, c) for d in range(deals) for name in AGENTS]
    jobs.sort(key=lambda j: j[2] / (args.meri if j[0] == "meri" else args.duzihu))  # both games advance together
    results = []
    from interpreter.frontends.interrupts import HELD

    try:
        with _cli.pool(args.workers, multiprocessing) as pool:
            for r in pool.imap(play, jobs):
                results.append(r)
                if out is not None:
                    with HELD:  # Ctrl-C waits until the line is whole
                        out.write(json.dumps(r) + "\n")
                        out.flush()
    except KeyboardInterrupt:
        kept = f"; they are in {args.json}, and `{ap.prog} --report {args.json}` reports them" if out else ""
        raise SystemExit(_cli.stopped(f"stopped after {len(results)} of {len(jobs)} deals{kept}")) from None
    finally:
        if out is not None:
            out.close()
    report(results, args.budget)


def report(results: list, budget: int) -> None:
    for key in GAMES:
        done = {r["deal"] for r in results if r["game"] == key}
        done = {d for d in done if sum(r["deal"] == d and r["game"] == key for r in results) == len(AGENTS)}
        results_k = [r for r in results if r["game"] == key and r["deal"] in done]
        if not results_k:
            continue
        base = {r["deal"]: r["score"] for r in results_k if r["agent"] == "ismcts"}
        print(f"\n{key}: budget {budget} iterations per searched move")
        print(f"  {'agent':10s} {'deals':>5s} {'mean score':>18s} {'minus ismcts (paired)':>24s} {'CPU ms/move':>12s}")
        for name in AGENTS:
            rows = [r for r in results_k if r["agent"] == name]
            m, h = mean_ci([r["score"] for r in rows])
            dm, dh = mean_ci([r["score"] - base[r["deal"]] for r in rows])
            ms = 1000 * sum(r["cpu"] for r in rows) / max(1, sum(r["moves"] for r in rows))
            print(f"  {name:10s} {len(rows):5d} {m:9.2f} ± {h:6.2f} {dm:13.2f} ± {dh:6.2f} {ms:12.1f}")
        calls = sum(r["resample"]["calls"] for r in results if r["game"] == key)
        if calls:
            redrawn = sum(r["resample"]["redrawn"] for r in results if r["game"] == key)
            real = sum(r["resample"]["real"] for r in results if r["game"] == key)
            print(f"  os_ismcts samples: {calls}, drawn again {redrawn}, the real state used {real}")


if __name__ == "__main__":
    _cli.run(main)
