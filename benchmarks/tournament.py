"""Tournaments between agents, with deal counts and 95% confidence intervals.

    python benchmarks/tournament.py RULESET DEALS SPEC [SPEC ...] [--workers N] [--seed S] [--out FILE] [--duplicate]
                                    [--option NAME=VALUE ...]
    python benchmarks/tournament.py --summary FILE [--paired OTHER]   # the report of a run so far (or a finished one)

Without teams (Duzihu), SPECs are one per seat and rotate round the seats
from deal to deal, so each plays every seat equally often.  With two teams
(Hachinin Meri), give two SPECs: the first plays team a in even deals and
team b in odd deals, and the figure is its team's score minus the other's.
Each game is one deal (`deals=1` where the ruleset has that option) with
seed `S + i`, so a run is reproducible (use iteration budgets).  With
`--duplicate` every seed is played once per rotation (3 deals in Duzihu, 2
in Meri), so each spec holds each hand; the CI is then over seeds, which
takes the luck of the deal out of the comparison.

Specs are agent specs (`normal`, `ismcts:iterations=300`, `greedy`) or the
rule-based sparring players of `benchmarks/sparring.py` (`duzihu_rules`,
`duzihu_strong`, `meri_rules`, `meri_strong`, `hearts_rules`, `oh_hell_rules`, `scopa_rules`,
`gin_rummy_rules`; run it to list them all).
`--option NAME=VALUE` sets a ruleset option for every deal (Hearts:
`--option target=0` plays one hand; Oh Hell: `--option fixed_size=true`
one deal of the largest hand).  Prints, per spec: mean result per deal with its 95% CI,
deals won (when the ruleset records a `winner`) with a 95% Wilson interval,
and time per move (mean and 95th percentile of its searched moves), and how
much of its search came from the tree kept from the move before.
`--out` writes one JSON line per deal as it ends (the first line: the run's
settings), so a run stopped early still has its deals; `--summary` reports
them (a duplicate run's last seed counts only when all its seatings ended),
and with `--paired OTHER` (another run's file) also each spec's paired
difference from that run over the seeds both played: two versions of a
ruleset or an agent on the same deals.  `--tally FIELD` counts the values
the deals' records give FIELD over each spec's deals won (Duzihu's `form`:
how the deals were won).  A hint variant is a ruleset file that `extends`
the game and changes its `hints` (docs/extends.md).
Run it under `nice -n 10`: it is meant for a machine shared with others.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402
from benchmarks.sparring import SPARRING  # noqa: E402
from interpreter.agents.spec import AGENTS, parse_agent_spec  # noqa: E402
from interpreter.compiling.pipeline import load_ruleset  # noqa: E402


def register_sparring() -> None:
    for name, cls in SPARRING.items():
        AGENTS.setdefault(name, lambda seat, seed=0, _cls=cls, **_: _cls(seat, seed))


def seat_specs(rs, specs: list[str], deal: int) -> list[str]:
    if rs.team_ids:
        first, second = (specs[0], specs[1]) if deal % 2 == 0 else (specs[1], specs[0])
        return [first if rs.team_of_seat[s] == 0 else second for s in range(rs.num_players)]
    turn = deal % len(specs)
    return [specs[(s - turn) % len(specs)] for s in range(rs.num_players)]


def play_deal(args: tuple) -> dict:
    """One deal; its result per spec, the winner's spec and each spec's move times."""
    path, specs, deal, seed, given = args
    began = time.perf_counter()
    register_sparring()
    rs = load_ruleset(path)
    options = {"deals": 1} if "deals" in rs.options else {}
    options.update(rs.check_options(given))
    chosen = seat_specs(rs, specs, deal)
    agents = []
    for seat, spec in enumerate(chosen):
        name, opts = parse_agent_spec(spec)
        agents.append(AGENTS[name](seat, seed, **opts))
    st = rs.new_game(seed=seed, options=options)
    times: dict[str, list[float]] = {s: [] for s in specs}
    reuse: dict[str, list[int]] = {s: [0, 0] for s in specs}  # iterations searched anew, visits kept
    while not st.is_terminal():
        seat = st.current_player()
        legal = st.legal_actions()
        start = time.perf_counter()
        action = agents[seat].choose(st)
        if len(legal) > 1:
            times[chosen[seat]].append(time.perf_counter() - start)
            stats = getattr(agents[seat], "last_stats", None) or {}
            reuse[chosen[seat]][0] += stats.get("iterations", 0)
            reuse[chosen[seat]][1] += stats.get("kept", 0)
        st.apply_action(action)
    returns = st.returns()
    record = st.records[-1] if st.records else {}
    winner = record.get("winner", -1)
    if rs.team_ids:
        a = returns[rs.team_of_seat.index(0)] - returns[rs.team_of_seat.index(1)]
        result = {chosen[rs.team_of_seat.index(0)]: [a], chosen[rs.team_of_seat.index(1)]: [-a]}
    else:
        result = {}
        for seat, spec in enumerate(chosen):
            result.setdefault(spec, []).append(returns[seat])
    return {
        "deal": deal,
        "result": result,
        "winner": chosen[winner] if isinstance(winner, int) and winner >= 0 and not rs.team_ids else None,
        "ended_in_win": isinstance(winner, int) and winner >= 0,
        "record": {k: v for k, v in record.items() if isinstance(v, (str, bool)) or type(v) is int},
        "times": times,
        "reuse": reuse,
        "seed": seed,
        "seconds": time.perf_counter() - began,
    }


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n) if n > 1 else 0.0


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def seed_means(rows: list[dict], spec: str) -> dict[int, float]:
    """Per seed, the spec's mean result over its seats and seatings of that seed's deals."""
    by_seed: dict[int, list[float]] = {}
    for r in rows:
        by_seed.setdefault(r["seed"], []).extend(r["result"].get(spec, []))
    return {seed: sum(v) / len(v) for seed, v in by_seed.items() if v}


def tally(rows: list[dict], spec: str, field: str) -> str:
    """How the deals the spec won are recorded in `field` (`form`: qinghu 6, tazihu 84), most first."""
    counts: dict[str, int] = {}
    for r in rows:
        if r["winner"] == spec:
            value = str(r.get("record", {}).get(field, "?"))
            counts[value] = counts.get(value, 0) + 1
    return ", ".join(f"{value} {n}" for value, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def report(
    path: str, specs: list[str], rows: list[dict], seconds: float, duplicate: bool = False, fields: tuple = ()
) -> str:
    n = len(rows)
    seeds = sorted({r["seed"] for r in rows})
    kind = f"{len(seeds)} seeds, each in every seating" if duplicate else f"seeds from {seeds[0] if seeds else 0}"
    lines = [f"{Path(path).stem}: {n} deals ({kind}), {seconds:.0f} s"]
    ended = sum(r["ended_in_win"] for r in rows)
    if ended:
        lo, hi = wilson(ended, n)
        lines.append(f"  deals ending in a win: {ended}/{n} = {ended / n:.0%} (95% CI {lo:.0%}-{hi:.0%})")
    for spec in dict.fromkeys(specs):
        values = [v for r in rows for v in r["result"].get(spec, [])]
        if duplicate:  # one figure per seed: the spec's mean over the seatings of that deal
            per_seed = [[v for r in rows if r["seed"] == s for v in r["result"].get(spec, [])] for s in seeds]
            mean, half = mean_ci([sum(v) / len(v) for v in per_seed if v])
            count = f"n={len(seeds)} seeds"
        else:
            mean, half = mean_ci(values)
            count = f"n={len(values)}"
        times = sorted(t for r in rows for t in r["times"].get(spec, []))
        line = f"  {spec:44s} {mean:+8.2f} ± {half:.2f} per deal ({count})"
        if any(r["winner"] for r in rows):
            won = sum(r["winner"] == spec for r in rows)
            seats = sum(1 for r in rows for _ in r["result"].get(spec, []))
            lo, hi = wilson(won, n)
            line += f"; won {won} of {n} deals ({won / n:.0%}, 95% CI {lo:.0%}-{hi:.0%}; {seats} seats)"
            for field in fields:
                line += f" [{field} of those won: {tally(rows, spec, field) or 'none'}]"
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            line += f"; {1000 * sum(times) / len(times):.0f} ms per move (p95 {1000 * p95:.0f})"
        new, kept = (sum(r.get("reuse", {}).get(spec, [0, 0])[i] for r in rows) for i in (0, 1))
        if kept:
            line += f"; the kept tree gave {kept / (new + kept):.0%} of the search's visits"
        lines.append(line)
    return "\n".join(lines)


def progress(rows: list[dict], deals: int) -> None:
    """A line on stderr every tenth of the run, so a long one can be watched."""
    if len(rows) % max(1, deals // 10) == 0:
        print(f"  ... {len(rows)} of {deals} deals", file=sys.stderr, flush=True)


def read_run(ap: argparse.ArgumentParser, out: str) -> tuple[dict, list[dict]]:
    """The settings line and the deals of a file that --out wrote; of a duplicate run, only the seeds
    played in every seating."""
    lines = _cli.json_lines(ap, out, "--out")  # a last line cut short: the deals before it count
    head, rows = (lines[0], lines[1:]) if lines else ({}, [])
    if not isinstance(head, dict) or not {"path", "specs", "duplicate", "turns"} <= head.keys():
        _cli.fail(ap, f"{out} does not begin with the settings line that --out writes")
    try:
        if head["duplicate"]:
            seatings: dict[int, int] = {}
            for r in rows:
                seatings[r["seed"]] = seatings.get(r["seed"], 0) + 1
            rows = [r for r in rows if seatings[r["seed"]] == head["turns"]]
        if any(not {"seed", "result", "winner"} <= r.keys() for r in rows):  # (the fields every report reads)
            raise KeyError("a deal without its seed, result or winner")
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        _cli.fail(ap, f"{out} holds a line that --out does not write ({type(exc).__name__}: {exc})")
    return head, rows


def paired(rows: list[dict], other: list[dict], specs: list[str], other_name: str) -> list[str]:
    """Per spec of both runs, the mean difference of its per-seed results (this run less the other)
    over the seeds both played, with its 95% CI: the same deals played by two versions."""
    lines = []
    for spec in dict.fromkeys(specs):
        mine, theirs = seed_means(rows, spec), seed_means(other, spec)
        common = sorted(mine.keys() & theirs.keys())
        if len(common) < 2:
            continue
        mean, half = mean_ci([mine[s] - theirs[s] for s in common])
        lines.append(
            f"  {spec:44s} {mean:+8.2f} ± {half:.2f} per deal, paired with {other_name} (n={len(common)} seeds)"
        )
    return lines


def summary(ap: argparse.ArgumentParser, out: str, fields: tuple = (), against: str = "") -> int:
    """Print the report of the deals in a file that --out wrote (of a finished run, or one so far); with
    `against`, another such file, also the paired difference of each spec's results over their seeds."""
    head, rows = read_run(ap, out)
    if not rows:
        print(f"{Path(head['path']).stem}: no deal (or no seed in every seating) has ended yet")
        return 0
    try:
        shown = report(
            head["path"], head["specs"], rows, sum(r.get("seconds", 0) for r in rows), head["duplicate"], fields
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        _cli.fail(ap, f"{out} holds a line that --out does not write ({type(exc).__name__}: {exc})")
    print(shown)
    if against:
        _, other = read_run(ap, against)
        lines = paired(rows, other, head["specs"], Path(against).name)
        print("\n".join(lines) if lines else f"  no spec played two or more of the same seeds in {against}")
    return 0


USAGE = """%(prog)s RULESET DEALS SPEC [SPEC ...] [--workers N] [--seed S] [--out FILE] [--duplicate] [--option K=V]
       %(prog)s --summary FILE [--paired OTHER] [--tally FIELD]"""


def arguments(argv: list[str] | None = None) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    ap = _cli.parser(__doc__, USAGE)
    ap.add_argument("ruleset", nargs="?", metavar="RULESET", help="a ruleset file or a shipped game's name")
    ap.add_argument("deals", nargs="?", type=_cli.whole(1), metavar="DEALS", help="how many deals (seeds) to play")
    ap.add_argument("specs", nargs="*", metavar="SPEC", help="an agent spec or a sparring player's name")
    ap.add_argument("--workers", type=_cli.whole(1), default=1, metavar="N", help="processes (default 1)")
    ap.add_argument("--seed", type=int, default=1000, metavar="S", help="the first deal's seed (default 1000)")
    ap.add_argument("--out", default="", metavar="FILE", help="write one JSON line per deal here, as it ends")
    ap.add_argument("--duplicate", action="store_true", help="play every seed once per rotation of the specs")
    ap.add_argument("--summary", metavar="FILE", help="only report the deals in FILE (written by --out)")
    ap.add_argument(
        "--paired",
        default="",
        metavar="OTHER",
        help="with --summary: also each spec's paired difference with the run in OTHER over the seeds both played",
    )
    ap.add_argument(
        "--tally",
        action="append",
        default=[],
        metavar="FIELD",
        help="count the values a deal's record gives FIELD over each spec's deals won (`--tally form`); repeatable",
    )
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a ruleset option for every deal (`--option target=0`: one hand of Hearts); repeatable",
    )
    args = ap.parse_intermixed_args(argv)
    if args.summary is not None:
        if args.ruleset is not None:
            ap.error("--summary FILE takes no RULESET, DEALS or SPEC")
    elif args.paired:
        ap.error("--paired OTHER goes with --summary FILE")
    elif args.ruleset is None or args.deals is None or not args.specs:
        ap.error("give a RULESET, the number of DEALS and at least one SPEC (or --summary FILE)")
    return ap, args


def check_specs(ap: argparse.ArgumentParser, specs: list[str]) -> None:
    """Every spec names a known agent with options it takes, or the run stops here with a usage error."""
    from interpreter.agents.spec import AgentSpecError

    for spec in specs:
        try:
            name, opts = parse_agent_spec(spec)
            AGENTS[name](0, 0, **opts)
        except AgentSpecError as exc:
            ap.error(str(exc))
        except (TypeError, ValueError) as exc:
            ap.error(f"agent '{spec}': {exc}")


def main(argv: list[str] | None = None) -> int:
    ap, args = arguments(argv)
    if args.summary is not None:
        return summary(ap, args.summary, tuple(args.tally), args.paired)
    from interpreter.frontends.interrupts import HELD

    path, rs = _cli.load_named(ap, args.ruleset)  # a file, or a shipped game's name
    deals, specs, duplicate, seed, out = args.deals, args.specs, args.duplicate, args.seed, args.out
    if rs.team_ids and len(specs) != 2:
        ap.error("a team game takes two specs")
    register_sparring()
    check_specs(ap, specs)
    given = {}
    for pair in args.option:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            ap.error(f"--option needs NAME=VALUE, not '{pair}'")
        given[name.strip()] = value.strip()
    try:
        rs.check_options(given)
    except ValueError as exc:
        ap.error(str(exc))
    turns = (2 if rs.team_ids else len(specs)) if duplicate else 1
    jobs = [(path, specs, i, seed + i // turns, given) for i in range(deals * turns)] if duplicate else []
    jobs = jobs or [(path, specs, i, seed + i, given) for i in range(deals)]
    start = time.perf_counter()
    rows: list[dict] = []
    try:
        sink = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115 (kept open for the whole run)
    except OSError as exc:
        _cli.fail(ap, f"cannot write {out}: {exc.strerror or exc}")
    if sink:
        head = {"path": path, "specs": specs, "duplicate": duplicate, "turns": turns, "seed": seed}
        sink.write(json.dumps(head) + "\n")

    def done(row: dict) -> None:
        rows.append(row)
        if sink:
            with HELD:  # Ctrl-C waits until the line is whole
                sink.write(json.dumps(row) + "\n")
                sink.flush()
        progress(rows, len(jobs))

    try:
        if args.workers > 1:
            import multiprocessing

            with _cli.pool(args.workers, multiprocessing.get_context("spawn")) as pool:
                for row in pool.imap(play_deal, jobs):
                    done(row)
        else:
            for job in jobs:
                done(play_deal(job))
    except KeyboardInterrupt:
        kept = f"; they are in {out}, and `{ap.prog} --summary {out}` reports them" if out else ""
        return _cli.stopped(f"stopped after {len(rows)} of {len(jobs)} deals{kept}")
    finally:
        if sink:
            sink.close()
    print(report(path, specs, rows, time.perf_counter() - start, duplicate, tuple(args.tally)))
    return 0


if __name__ == "__main__":
    _cli.run(main)
