"""Many games without a person: results per seat and team, and their spread.

Games run in this process or, with `workers > 1`, in several processes (each
loads the ruleset itself).  Every game's seed is `seed + index`, so a run is
reproducible whatever the number of workers.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class GameResult:
    index: int
    seed: int
    returns: list
    deals: int
    decisions: int


@dataclass
class Summary:
    """Per-seat and per-team statistics over a simulation."""

    games: int
    deals: int
    seconds: float
    per_seat: list = field(default_factory=list)
    per_team: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"games": self.games, "deals": self.deals, "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
                "deals_per_second": round(self.deals / self.seconds, 2) if self.seconds else None,
                "seats": self.per_seat, "teams": self.per_team}


def stats(values: list[float]) -> dict:
    """Mean, standard deviation and a normal-approximation 95% confidence interval."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    sd = math.sqrt(var)
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(mean, 4), "sd": round(sd, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "n": n}


def play_one(rs: Any, agent_spec: str, seed: int, options: dict, log_stream: Any = None,
             ruleset_path: str = "") -> GameResult:
    """Play one game with agents in every seat; optionally write its log."""
    from interpreter.agents.spec import make_agents
    from interpreter.gamelog import LogWriter

    agents = make_agents(agent_spec, rs, seed)
    st = rs.new_game(seed=seed, options=options)
    log = LogWriter(log_stream, rs, ruleset_path, seed, [a.describe() for a in agents], options) if log_stream else None
    if log:
        log.sync(st)
    while not st.is_terminal():
        seat = st.current_player()
        action = agents[seat].choose(st)
        st.apply_action(action)
        if log:
            log.action(seat, str(action), st)
    if log:
        log.end(st)
    return GameResult(0, seed, st.returns(), len(st.records), st.decisions)


def _worker(args: tuple) -> list[GameResult]:
    path, spec, seeds, options, log_dir = args
    from interpreter.validate import load_ruleset

    rs = load_ruleset(path)
    out = []
    for index, seed in seeds:
        stream = open(Path(log_dir) / f"game-{index:06d}.jsonl", "w", encoding="utf-8") if log_dir else None
        try:
            result = play_one(rs, spec, seed, options, stream, path)
        finally:
            if stream:
                stream.close()
        result.index = index
        out.append(result)
    return out


def simulate(path: str, games: int, seed: int, agent_spec: str, options: dict, workers: int = 1,
             log_dir: str | None = None) -> tuple[Summary, list[GameResult]]:
    """Run `games` games; returns the summary and every game's result."""
    from interpreter.validate import load_ruleset

    rs = load_ruleset(path)
    if log_dir:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    jobs = [(i, seed + i) for i in range(games)]
    start = time.perf_counter()
    if workers <= 1:
        results = _worker((path, agent_spec, jobs, options, log_dir))
    else:
        import multiprocessing

        chunks = [jobs[i::workers] for i in range(workers)]
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_worker, [(path, agent_spec, c, options, log_dir) for c in chunks if c])
        results = sorted((r for part in parts for r in part), key=lambda r: r.index)
    seconds = time.perf_counter() - start
    return summarize(rs, results, seconds), results


def summarize(rs: Any, results: list[GameResult], seconds: float) -> Summary:
    n = rs.num_players
    summary = Summary(len(results), sum(r.deals for r in results), seconds)
    for s in range(n):
        values = [r.returns[s] for r in results]
        wins = sum(1 for r in results if r.returns[s] == max(r.returns) and r.returns.count(max(r.returns)) < n)
        summary.per_seat.append({"seat": s, "wins": wins, **stats(values)})
    for t, tid in enumerate(rs.team_ids):
        seat = rs.team_of_seat.index(t)
        values = [r.returns[seat] for r in results]
        summary.per_team.append({"team": tid, **stats(values)})
    return summary


def format_summary(summary: Summary, rs: Any) -> str:
    lines = [f"{summary.games} games, {summary.deals} deals in {summary.seconds:.2f} s "
             f"({summary.games / summary.seconds if summary.seconds else 0:.1f} games/s, "
             f"{summary.deals / summary.seconds if summary.seconds else 0:.1f} deals/s)"]
    lines.append(f"{'seat':>6} {'wins':>6} {'mean':>10} {'sd':>10}   95% CI")
    for row in summary.per_seat:
        lines.append(f"{row['seat']:>6} {row['wins']:>6} {row['mean']:>10.3f} {row['sd']:>10.3f}   "
                     f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]")
    for row in summary.per_team:
        lines.append(f"team {row['team']}: mean {row['mean']:.3f} (sd {row['sd']:.3f}, 95% CI "
                     f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}])")
    return "\n".join(lines)
