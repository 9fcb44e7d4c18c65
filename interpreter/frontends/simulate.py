"""Many games without a person: results per seat and team, and their spread.

Games run in this process, in several processes (`workers > 1`) or as Ray tasks
(`cluster`), in ranges of game numbers (study/runner.py); each worker compiles the
ruleset once.  Game i uses seed `seed + i` and its agents are seeded from it, so a
game's result depends only on the ruleset, options, game number and seed, and the
ranges are merged in order: a run gives the same summary whatever the number of
workers.  Results are folded into running statistics as ranges finish, so memory
does not grow with the number of games (a 100,000-game soak needs no more than a
10,000-game one).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from interpreter.base.i18n import N_, _, ngettext
from interpreter.base.records import dataclass, field
from interpreter.engine.dealmark import deals_played
from interpreter.frontends.locks import Guarded, why
from interpreter.study.runner import Outcome, run_ranges
from interpreter.study.sources import RulesetSource
from interpreter.study.stats import Running

__all__ = ["Running", "Summary", "Tally", "format_summary", "play_one", "simulate", "stats", "summarize"]


MAX_REPORTED = 20  # failed games a run describes one by one (the others are counted)


@dataclass
class Tally:
    """What a worker sends back: running statistics, never per-game lists."""

    games: int = 0
    deals: int = 0
    decisions: int = 0
    seats: list = field(default_factory=list)
    per_deal: list = field(default_factory=list)
    wins: list = field(default_factory=list)
    shared: list = field(default_factory=list)  # games a seat shared the highest score with others (no winner)
    failed: int = 0  # games the ruleset failed in (they count in nothing else)
    failures: list = field(default_factory=list)  # (game index, message) of the first MAX_REPORTED of them
    rows: list = field(default_factory=list)  # one per game, only when asked for (handed on, then emptied)
    unlogged: int = 0  # games whose log could not be written (a full disk): the run goes on without it
    log_error: str = ""  # why, the first time

    def ensure(self, n: int) -> None:
        while len(self.seats) < n:
            self.seats.append(Running())
            self.per_deal.append(Running())
            self.wins.append(0)
            self.shared.append(0)

    def add(self, returns: list, deals: int, decisions: int, winners: list, start: list | None = None) -> None:
        """One game's scores; `winners`: the seats that won it (`Ruleset.winners`: those `result.won`
        says won, else the seat, or the team, alone at the highest score; none in a tie for first);
        `start`: the scores as the game began (a stake of chips), which per deal leaves out."""
        self.ensure(len(returns))
        self.games += 1
        self.deals += deals
        self.decisions += decisions
        top = max(returns, default=0)
        tied = [s for s, r in enumerate(returns) if r == top] if not winners else []
        for s, r in enumerate(returns):
            self.seats[s].add(r)
            gained = r - start[s] if start else r
            self.per_deal[s].add(gained / deals if deals else gained)
            if s in winners:
                self.wins[s] += 1
            elif len(tied) > 1 and s in tied:  # (partners who score alike, a draw)
                self.shared[s] += 1

    def fail(self, index: int, message: str) -> None:
        self.failed += 1
        if len(self.failures) < MAX_REPORTED:
            self.failures.append((index, message))

    def unwritten(self, error: OSError) -> None:
        self.unlogged += 1
        self.log_error = self.log_error or why(error)

    def merge(self, other: Tally) -> None:
        self.ensure(len(other.seats))
        self.unlogged += other.unlogged
        self.log_error = self.log_error or other.log_error
        self.failed += other.failed
        self.failures = sorted(self.failures + other.failures)[:MAX_REPORTED]
        self.rows.extend(other.rows)
        self.games += other.games
        self.deals += other.deals
        self.decisions += other.decisions
        for s in range(len(other.seats)):
            self.seats[s].merge(other.seats[s])
            self.per_deal[s].merge(other.per_deal[s])
            self.wins[s] += other.wins[s]
            self.shared[s] += other.shared[s]


@dataclass
class Summary:
    """Per-seat and per-team statistics over a simulation."""

    games: int
    deals: int
    seconds: float
    per_seat: list = field(default_factory=list)
    per_team: list = field(default_factory=list)
    peak_mb: float | None = None  # peak resident memory of the largest process (None where unknown)
    failed: int = 0
    failures: list = field(default_factory=list)
    outcome: Outcome | None = None  # where the games ran, retries, whether Ctrl-C stopped the run
    own_wins: bool = False  # the ruleset says what winning is (result.won): a patience counts its wins too

    def as_dict(self) -> dict:
        run = self.outcome.as_dict() if self.outcome is not None else {}
        return {
            **run,
            "games": self.games,
            "deals": self.deals,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "deals_per_second": round(self.deals / self.seconds, 2) if self.seconds else None,
            "peak_memory_mb": None if self.peak_mb is None else round(self.peak_mb, 1),
            "seats": self.per_seat,
            "teams": self.per_team,
            "failed": self.failed,
            "failures": [{"game": i, "message": m} for i, m in self.failures],
        }


def peak_memory_mb() -> float | None:
    """Peak resident memory of this process or of its largest finished worker, in MB."""
    try:
        import resource
    except ImportError:  # not on this system (Windows)
        return None
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KB on Linux
    peaks = (resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return max(peaks) / scale


def opening(st: Any) -> list | None:
    """The seats' scores (`result.returns`) of a game at its first decision: a stake the game
    starts with (100 chips) is no gain of its deals; None where they cannot be read then."""
    try:
        return st.per_seat(st.rs.returns_fn)
    except Exception:  # (a score that reads what the first deal sets: counted from zero)
        return None


def play_one(
    rs: Any,
    agent_spec: str,
    seed: int,
    options: dict,
    log_stream: Any = None,
    ruleset_path: str = "",
    tell: bool = False,
    start: list | None = None,
) -> Any:
    """Play one game with agents in every seat (optionally logged); returns the final state.

    With `start` (a list), its scores as the game began are put there.  With `tell`, the game is told as
    the prompt tells it: its events, and every seat's view at
    every decision (status lines and the decision's prompt), so a text that fails or is too long
    stops the game here as it would stop play."""
    from interpreter.agents.spec import make_agents
    from interpreter.engine.observe import texts
    from interpreter.frontends.gamelog import LogWriter

    agents = make_agents(agent_spec, rs, seed)
    st = rs.new_game(seed=seed, options=options, story=tell)  # (else nobody reads the events of a simulation)
    if start is not None:  # (the scores as the game began: per deal leaves them out)
        start[:] = opening(st) or []
    log = LogWriter(log_stream, rs, ruleset_path, seed, [a.describe() for a in agents], options) if log_stream else None
    if log:
        log.sync(st)
    from interpreter.engine.program import FlowError

    try:
        while not st.is_terminal():
            seat = st.current_player()
            if tell:  # (the events are told as they happen: story)
                for s in range(rs.num_players):
                    texts(st, s)
            action = agents[seat].choose(st)
            st.apply_action(action)
            if log:
                log.action(seat, str(action), st)
        if log:
            log.end(st)
    except FlowError as exc:
        if log:
            log.failed(str(exc))
        raise
    return st


@dataclass(frozen=True)
class SimJob:
    """What every range of a simulation needs; sent once to each worker."""

    source: RulesetSource
    agents: str
    first_seed: int
    options: dict
    log_dir: str | None = None
    run_id: str = ""
    rows: bool = False  # send back one row per game (`simulate --results`)
    tell: bool = False  # tell every game as the prompt would (`play_one`; `simulate --check-invariants`)


def play_range(job: SimJob, games: range) -> Tally:
    """Play the games numbered `games` (a range: its size does not grow with the run)."""
    from interpreter.engine.program import FlowError

    rs = job.source.ruleset()
    tally = Tally()
    for index in games:
        seed = job.first_seed + index
        log = Path(job.log_dir) / f"game-{index:06d}-{job.run_id}.jsonl" if job.log_dir else None
        stream = None
        if log:
            try:
                stream = Guarded(open(log, "x", encoding="utf-8"))  # a new file: never another run's
            except OSError as exc:
                tally.unwritten(exc)
        try:
            start: list = []
            st = play_one(rs, job.agents, seed, job.options, stream, job.source.path, job.tell, start)
            deals = deals_played(st.deals) if rs.ends_deals else len(st.records)  # 0.1 rulesets: a record per deal
            returns = st.returns()
            tally.add(returns, max(1, deals), st.decisions, st.rs.winners(st), start)
            if job.rows:
                tally.rows.append(
                    {"game": index, "seed": seed, "returns": returns, "deals": deals, "decisions": st.decisions}
                )
        except FlowError as exc:  # say which game, so it can be replayed, and go on with the others
            if log:
                where = _("game {index} (seed {seed}, log {log})", index=index, seed=seed, log=log)
            else:
                where = _("game {index} (seed {seed})", index=index, seed=seed)
            tally.fail(index, f"{where}: {exc}")
            if job.rows:
                tally.rows.append({"game": index, "seed": seed, "failed": str(exc)})
        finally:
            if stream:
                stream.close()
                if stream.error is not None:
                    tally.unwritten(stream.error)
    return tally


def simulate(
    path: str,
    games: int,
    seed: int,
    agent_spec: str,
    options: dict,
    workers: int = 1,
    log_dir: str | None = None,
    cluster: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    results: IO[str] | Guarded | None = None,
    tell: bool = False,
    players: int | None = None,
) -> tuple[Summary, Tally]:
    """Run `games` games; returns the summary (with the run's outcome) and the merged tally.

    `results` receives one JSON line per game, in game order (the game, its seed, returns,
    deals and decisions, or why it failed); `on_progress(done, games)` is told as ranges finish;
    `tell`: see `play_one`; `players`: the number of players (one of the ruleset's players.choices)."""
    import json
    import secrets

    from interpreter.compiling.pipeline import load_ruleset
    from interpreter.frontends.interrupts import HELD, ignore_interrupts_in_worker
    from interpreter.study.executors import executor_for, source_for

    rs = load_ruleset(path, players=players)
    run_id = secrets.token_hex(4)  # in every log name: two runs into one folder never share a file
    if log_dir:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    job = SimJob(
        source_for(path, cluster, players), agent_spec, seed, dict(options), log_dir, run_id, results is not None, tell
    )
    tally = Tally()

    def deliver(games_range: range, part: Tally) -> None:
        if results is not None:
            for row in part.rows:
                results.write(json.dumps(row) + "\n")
            part.rows = []
        tally.merge(part)
        if on_progress is not None:
            on_progress(tally.games + tally.failed, games)

    executor = executor_for(workers, cluster, job, ignore_interrupts_in_worker)
    outcome = run_ranges(play_range, job, games, executor, deliver, HELD)
    return summarize(rs, tally, outcome.seconds, outcome), tally


def summarize(rs: Any, tally: Tally, seconds: float, outcome: Outcome | None = None) -> Summary:
    summary = Summary(
        tally.games,
        tally.deals,
        seconds,
        peak_mb=peak_memory_mb(),
        failed=tally.failed,
        failures=tally.failures,
        outcome=outcome,
        own_wins=rs.won_fn is not None,
    )
    tally.ensure(rs.num_players)
    for s in range(rs.num_players):
        summary.per_seat.append(
            {
                "seat": s,
                "wins": tally.wins[s],
                "shared": tally.shared[s],
                **tally.seats[s].as_dict(),
                "per_deal": tally.per_deal[s].as_dict(),
            }
        )
    for t, tid in enumerate(rs.team_ids):
        seat = rs.team_of_seat.index(t)
        summary.per_team.append(
            {"team": tid, **tally.seats[seat].as_dict(), "per_deal": tally.per_deal[seat].as_dict()}
        )
    return summary


def _per_second(rate: float) -> str:
    """A rate as the summary writes it: one decimal, or two significant digits below 1 (a run of
    searching agents makes 0.05 games a second, not 0.0)."""
    return f"{rate:.1f}" if rate >= 1 else f"{rate:.2g}"


def format_summary(summary: Summary, rs: Any) -> str:
    rate = summary.seconds or 1e-9
    memory = _(", peak memory {mb:.0f} MB", mb=summary.peak_mb) if summary.peak_mb is not None else ""
    games = ngettext("{n} game", "{n} games", summary.games)
    if summary.failed:
        games = _("{games} (and {failed} that failed)", games=games, failed=summary.failed)
    lines = [
        _(
            "{games}, {deals} deals in {seconds:.2f} s ({games_rate} games/s, {deals_rate} deals/s{memory})",
            games=games,
            deals=summary.deals,
            seconds=summary.seconds,
            games_rate=_per_second(summary.games / rate),
            deals_rate=_per_second(summary.deals / rate),
            memory=memory,
        )
    ]
    per_deal = summary.deals > summary.games
    heads = [
        _(w) for w in (N_("seat"), N_("wins"), N_("mean"), N_("sd"), N_("95% CI"), N_("per deal"), N_("shared first"))
    ]
    # games a seat ended level at the top with others (partners scoring alike, a draw): no one's win
    shared = any(row.get("shared") for row in summary.per_seat)
    lines.append(
        f"{heads[0]:>6} {heads[1]:>6}"
        + (f" {heads[6]:>12}" if shared else "")
        + f" {heads[2]:>10} {heads[3]:>10}   {heads[4]}"
        + (f"          {heads[5]}" if per_deal else "")
    )
    # (a patience: nobody to beat, so no wins to count, unless the ruleset says what winning is)
    alone = len(summary.per_seat) == 1 and not summary.own_wins
    for row in summary.per_seat:
        extra = f"   {row['per_deal']['mean']:.3f}" if per_deal else ""
        wins = "-" if alone else row["wins"]
        lines.append(
            f"{row['seat']:>6} {wins:>6}"
            + (f" {row.get('shared', 0):>12}" if shared else "")
            + f" {row['mean']:>10.3f} {row['sd']:>10.3f}   "
            f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]{extra}"
        )
    for row in summary.per_team:
        pd = row["per_deal"]
        extra = ""
        if per_deal:
            extra = _(
                "; per deal {mean:.3f} (95% CI [{low:.3f}, {high:.3f}])",
                mean=pd["mean"],
                low=pd["ci95"][0],
                high=pd["ci95"][1],
            )
        lines.append(
            _(
                "team {team}: mean {mean:.3f} (sd {sd:.3f}, 95% CI [{low:.3f}, {high:.3f}]){extra}",
                team=row["team"],
                mean=row["mean"],
                sd=row["sd"],
                low=row["ci95"][0],
                high=row["ci95"][1],
                extra=extra,
            )
        )
    return "\n".join(lines)


def stats(values: list[float]) -> dict:
    """Mean, spread and 95% confidence interval of a list (for scripts and tests)."""
    r = Running()
    for v in values:
        r.add(v)
    return r.as_dict()
