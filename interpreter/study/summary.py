"""A balance run's statistics as one plain dictionary: what `--format json` prints and the report shows.

Every figure is computed here once; the HTML report (study/report.py) and its plots only
lay out this dictionary, so the JSON and the report always give the same numbers.
"""

from __future__ import annotations

from typing import Any

from interpreter.study.balance import BalancePart, RulesetPart, Sums
from interpreter.study.firing import inventory
from interpreter.study.measures import sides
from interpreter.study.stats import holm, paired, wilson

SIGNIFICANT = 0.05  # Holm-adjusted p below this: a difference the run found
PER_DECIDED = ("decided at", "drama")  # averaged over the games with a winner (a draw counts 0 in the paired tests)
GAME_METRICS = (
    "draw",
    "decisions",
    "deals",
    "decisions per deal",
    "deal margin",
    "lead changes",
    "decided at",
    "drama",
)


def summarize(part: BalancePart, rulesets: list[Any], paths: list[str], job: Any, outcome: Any) -> dict:
    """The whole report as data (see docs/balance.md for every key)."""
    rows = [_ruleset(rs, path, p, job) for rs, path, p in zip(rulesets, paths, part.rulesets)]
    return {
        "format": "cardrules-balance/1",
        "games": outcome.games,
        "seed": job.first_seed,
        "agents": job.agents,
        "skill_agents": list(job.skill),
        "skill_games": min(job.skill_games, outcome.games) if job.skill else 0,
        "run": {**outcome.as_dict(), "seconds": round(outcome.seconds, 2)},
        "rulesets": rows,
        "paired": [
            _paired(rows[0], rows[v + 1], part.paired[v], part.skill_paired[v]) for v in range(len(part.paired))
        ],
    }


def _ruleset(rs: Any, path: str, p: RulesetPart, job: Any) -> dict:
    names = sides(rs)[0]
    n = p.games
    side_rows = []
    rates = []
    for s, name in enumerate(names):
        wins = p.wins.get(s, 0)
        rates.append(wins / n if n else 0.0)
        side_rows.append(
            {
                "side": name,
                "wins": wins,
                "win_rate": round(wins / n, 4) if n else None,
                "win_ci95": wilson(wins, n),
                "score": p.metrics.running(f"score: {name}").as_dict(),
            }
        )
    decided = n - p.draws
    return {
        "id": rs.id,
        "name": _english(rs.name),
        "path": shown_path(path),
        "players": rs.num_players,
        "teams": list(rs.team_ids),
        "games": n,
        "failed": p.failed,
        "failures": [m for _i, m in p.failures],
        "sides": side_rows,
        "balance": round(1 - (max(rates) - min(rates)), 4) if rates and n else None,
        "draws": {"games": p.draws, "rate": round(p.draws / n, 4) if n else None, "ci95": wilson(p.draws, n)},
        "comebacks": {
            "games": p.comebacks,
            "rate": round(p.comebacks / decided, 4) if decided else None,
            "ci95": wilson(p.comebacks, decided),
        },
        "measures": {m: p.metrics.running(m, decided if m in PER_DECIDED else None).as_dict() for m in GAME_METRICS},
        "records": _records(p),
        "game_scores": [h.as_dict() for h in p.game_scores],
        "deal_scores": [h.as_dict() for h in p.deal_scores],
        "decisions": p.decisions.as_dict(),
        "deal_decisions": p.deal_decisions.as_dict(),
        "decided_at": p.decided_at.as_dict(),
        "rules": _rules(rs, p, job.count_rules),
        "skill": _skill(p, len(names)),
    }


def shown_path(path: str) -> str:
    """A shipped ruleset as `rulesets/...` and a file under the current folder relative to it, so a
    report names no folder of the machine that made it; any other path as given."""
    from pathlib import Path

    from interpreter.base.resources import data_dir

    full = Path(path).resolve()
    for root, prefix in ((data_dir("rulesets"), Path("rulesets")), (Path.cwd(), Path())):
        try:
            return str(prefix / full.relative_to(root.resolve()))
        except ValueError:
            continue
    return path


def _english(text: Any) -> str:
    get = getattr(text, "get", None)
    return str(get("en") or text) if get is not None else str(text)


def _records(p: RulesetPart) -> dict:
    """Per record field, the share of deals with each value (a field of numbers with many values is
    left out: its share of any one value says little)."""
    out: dict[str, dict] = {}
    for key in sorted(k for k in p.metrics.s1 if k.startswith("record: ")):
        field, _, value = key.removeprefix("record: ").partition(" = ")
        out.setdefault(field, {})[value] = p.metrics.running(key).as_dict()
    return {f: dict(sorted(v.items())) for f, v in out.items() if len(v) <= 16}


def _rules(rs: Any, p: RulesetPart, counted: bool) -> dict:
    if not counted:
        return {"counted": False}
    kinds = inventory(rs)
    fired = [
        {"id": rid, "kind": kinds.get(rid, "step"), "times": p.fired[rid], "games": p.fired_games[rid]}
        for rid in kinds
        if p.fired.get(rid)
    ]
    never = [{"id": rid, "kind": kind} for rid, kind in kinds.items() if kind != "not counted" and not p.fired.get(rid)]
    return {
        "counted": True,
        "fired": fired,
        "never_fired": never,
        "not_counted": [rid for rid, kind in kinds.items() if kind == "not counted"],
    }


def _skill(p: RulesetPart, n_sides: int) -> dict:
    out = {}
    agents = [*p.skill, *(a for a in p.skill_failed if a not in p.skill)]
    for agent in agents:
        sums = p.skill.get(agent, Sums())
        win = sums.running("win")
        wins = round(win.mean * win.n)
        out[agent] = {
            "games": sums.n,
            "failed": p.skill_failed.get(agent, 0),
            "edge": sums.running("edge").as_dict(),
            "win_rate": round(win.mean, 4),
            "win_ci95": wilson(wins, win.n),
            "even_win_rate": round(1 / n_sides, 4),
        }
    return out


def _paired(base: dict, variant: dict, diffs: Sums, skill: dict) -> dict:
    keys = sorted(diffs.s1.keys() | {f"score: {s['side']}" for s in base["sides"]} | set(GAME_METRICS))
    keys = [k for k in keys if not k.startswith("record: ") or _shared_field(k, base, variant)]
    tests = []
    for key in keys:
        test = paired(diffs.running(key))
        tests.append({"metric": key, **test})
    adjusted = holm([t["p"] for t in tests])
    for t, adj in zip(tests, adjusted):
        t["p"] = None if t["p"] is None else float(f"{t['p']:.3g}")
        t["p_holm"] = None if adj is None else float(f"{adj:.3g}")
        t["significant"] = adj is not None and adj < SIGNIFICANT
    skill_tests = {agent: {"metric": "skill edge", **paired(s.running("edge"))} for agent, s in skill.items()}
    return {"base": base["id"], "variant": variant["id"], "tests": tests, "skill": skill_tests}


def _shared_field(key: str, base: dict, variant: dict) -> bool:
    """A record field both rulesets write (a variant's own fields are not compared)."""
    field = key.removeprefix("record: ").partition(" = ")[0]
    return field in base["records"] and field in variant["records"]


def run_balance(
    paths: list[str],
    games: int,
    seed: int,
    agents: str,
    options: list[dict],
    executor_args: tuple[int, str | None, Any],
    skill: tuple[str, ...] = (),
    skill_games: int = 0,
    count_rules: bool = True,
    on_progress: Any = None,
    hold: Any = None,
    players: int | None = None,
) -> tuple[dict, Any]:
    """Run the comparison; returns its summary and the runner's Outcome.  `executor_args` is
    (workers, cluster, initializer) for executors.executor_for; `on_progress(done, games)` is told
    as ranges finish; `hold` is runner.run_ranges's; `players`: the number of players every ruleset is
    played by (one of its players.choices; None: each its players.count)."""
    from interpreter.compiling.pipeline import load_ruleset
    from interpreter.study.balance import BalanceJob, balance_range
    from interpreter.study.executors import executor_for, source_for
    from interpreter.study.runner import run_ranges

    workers, cluster, initializer = executor_args
    rulesets = [load_ruleset(p, players=players) for p in paths]
    job = BalanceJob(
        tuple(source_for(p, cluster, players) for p in paths),
        agents,
        seed,
        tuple(options),
        tuple(skill),
        skill_games,
        count_rules,
    )
    merged = BalancePart()
    done = [0]

    def deliver(games_range: range, part: BalancePart) -> None:
        merged.merge(part)
        done[0] += len(games_range)
        if on_progress is not None:
            on_progress(done[0], games)

    outcome = run_ranges(balance_range, job, games, executor_for(workers, cluster, job, initializer), deliver, hold)
    if not merged.rulesets:
        merged = BalancePart([RulesetPart() for _ in paths], [Sums() for _ in paths[1:]], [{} for _ in paths[1:]])
    return summarize(merged, rulesets, paths, job, outcome), outcome
