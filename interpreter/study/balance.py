"""`cardrules balance`: the same seeds through a base ruleset and its variants, side by side.

Game i is played with seed `seed + i` under every ruleset in the same task, so each variant
is compared with the base game by game (a paired comparison: the deal is the same shuffle
wherever the rulesets deal alike, and every difference of luck cancels out where they do).
A task returns running statistics only (study/stats.py), so memory stays flat; the runner
merges parts in range order, so a report is the same whoever played which range.

Beside the main run (every seat played by `agents`), a *skill* run per search agent plays
`skill_games` games in which one side (rotating with the game number) is that agent and the
others are `agents`: the strong side's edge says how much skill matters in the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from interpreter.base.records import dataclass, field
from interpreter.study.firing import instrument
from interpreter.study.measures import GameFacts, facts, sides
from interpreter.study.sources import RulesetSource
from interpreter.study.stats import Histogram, Running


@dataclass(frozen=True)
class BalanceJob:
    """What every range of a balance run needs; sent once to each worker."""

    sources: tuple[RulesetSource, ...]  # the base first
    agents: str
    first_seed: int
    options: tuple[dict, ...]  # per ruleset (an option a variant lacks is not given to it)
    skill: tuple[str, ...] = ()  # the search agents of the skill runs
    skill_games: int = 0
    count_rules: bool = True


class Sums:
    """Sums of per-game values for keys that may appear late (a game without a key adds 0)."""

    def __init__(self) -> None:
        self.n = 0
        self.s1: dict[str, float] = {}
        self.s2: dict[str, float] = {}

    def add(self, values: dict[str, float]) -> None:
        self.n += 1
        for k, v in values.items():
            if v:
                self.s1[k] = self.s1.get(k, 0.0) + v
                self.s2[k] = self.s2.get(k, 0.0) + v * v

    def merge(self, other: Sums) -> None:
        self.n += other.n
        for mine, theirs in ((self.s1, other.s1), (self.s2, other.s2)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0.0) + v

    def running(self, key: str, n: int | None = None) -> Running:
        """The key's mean and spread as a Running (zeros included), over `n` games if only some have
        the value (the decided ones)."""
        n = self.n if n is None else n
        s1, s2 = self.s1.get(key, 0.0), self.s2.get(key, 0.0)
        mean = s1 / n if n else 0.0
        return Running(n, mean, max(0.0, s2 - n * mean * mean))


@dataclass
class RulesetPart:
    """One ruleset's statistics over some games."""

    games: int = 0
    failed: int = 0
    failures: list = field(default_factory=list)
    metrics: Sums = field(default_factory=Sums)  # per-game values (wins, scores, lengths, measures)
    wins: Counter = field(default_factory=Counter)  # side -> games won alone
    draws: int = 0
    comebacks: int = 0
    game_scores: list = field(default_factory=list)  # per side: Histogram of final results
    deal_scores: list = field(default_factory=list)  # per side: Histogram of deal scores
    decisions: Histogram = field(default_factory=Histogram)
    deal_decisions: Histogram = field(default_factory=Histogram)
    decided_at: Histogram = field(default_factory=Histogram)  # in tenths of the game
    fired: Counter = field(default_factory=Counter)  # rule id -> times
    fired_games: Counter = field(default_factory=Counter)  # rule id -> games in which it fired
    skill: dict = field(default_factory=dict)  # skill agent -> Sums of edge and win
    skill_failed: Counter = field(default_factory=Counter)  # skill agent -> its games the ruleset failed in

    def ensure(self, n: int) -> None:
        while len(self.game_scores) < n:
            self.game_scores.append(Histogram())
            self.deal_scores.append(Histogram())

    def merge(self, other: RulesetPart) -> None:
        self.games += other.games
        self.failed += other.failed
        self.failures = (self.failures + other.failures)[:20]
        self.metrics.merge(other.metrics)
        self.wins.update(other.wins)
        self.draws += other.draws
        self.comebacks += other.comebacks
        self.ensure(len(other.game_scores))
        for mine, theirs in zip(self.game_scores + self.deal_scores, other.game_scores + other.deal_scores):
            mine.merge(theirs)
        for name in ("decisions", "deal_decisions", "decided_at"):
            getattr(self, name).merge(getattr(other, name))
        self.fired.update(other.fired)
        self.fired_games.update(other.fired_games)
        for agent, sums in other.skill.items():
            self.skill.setdefault(agent, Sums()).merge(sums)
        self.skill_failed.update(other.skill_failed)


@dataclass
class BalancePart:
    """A range's statistics: per ruleset, and the paired differences of each variant."""

    rulesets: list[RulesetPart] = field(default_factory=list)
    paired: list[Sums] = field(default_factory=list)  # per variant: variant - base, per metric
    skill_paired: list[dict] = field(default_factory=list)  # per variant: agent -> Sums of the edge difference

    def merge(self, other: BalancePart) -> None:
        if not self.rulesets:
            self.rulesets = [RulesetPart() for _ in other.rulesets]
            self.paired = [Sums() for _ in other.paired]
            self.skill_paired = [{} for _ in other.skill_paired]
        for mine, theirs in zip(self.rulesets, other.rulesets):
            mine.merge(theirs)
        for mine_s, theirs_s in zip(self.paired, other.paired):
            mine_s.merge(theirs_s)
        for mine_d, theirs_d in zip(self.skill_paired, other.skill_paired):
            for agent, sums in theirs_d.items():
                mine_d.setdefault(agent, Sums()).merge(sums)


def metrics_of(f: GameFacts, names: list[str]) -> dict[str, float]:
    """The per-game values compared between rulesets (and averaged per ruleset)."""
    out = {
        "draw": 1.0 if f.winner is None else 0.0,
        "decisions": float(f.decisions),
        "deals": float(f.deals),
        "decisions per deal": f.decisions / f.deals,
        "deal margin": f.deal_margin(),
        "lead changes": f.lead_changes,
        "decided at": f.decided_at if f.winner is not None else 0.0,
        "drama": f.drama,
    }
    for s, name in enumerate(names):
        out[f"win: {name}"] = 1.0 if f.winner == s else 0.0
        out[f"score: {name}"] = f.returns[s]
    if f.record_count:
        for (key, value), count in f.records.items():
            out[f"record: {key} = {value}"] = count / f.record_count
    return out


def play(rs: Any, spec: str | list[str], seed: int, options: dict) -> tuple[Any, list[int]]:
    """Play one game; returns the final state and the decisions made when each deal ended."""
    from interpreter.agents.spec import make_agents

    agents = make_agents(spec if isinstance(spec, str) else "/".join(spec), rs, seed)
    firing = getattr(rs, "firing", None)
    if firing is not None:
        firing.hits.clear()
        firing.on = True
    st = rs.new_game(seed=seed, options=options, story=False)
    ends: list[int] = []
    counted = 0
    while not st.is_terminal():
        seat = st.current_player()
        if firing is not None:
            firing.on = False  # a search agent's playouts are not the game
        action = agents[seat].choose(st)
        if firing is not None:
            firing.on = True
        st.apply_action(action)
        while counted < len(st.deals):
            if "label" not in st.deals[counted]:  # (a bonus row when the game ends: no deal)
                ends.append(st.decisions)
            counted += 1
    return st, ends


def _skill_spec(rs: Any, strong: str, weak: str, side: int) -> list[str]:
    """Seats of `side` play `strong`, the others `weak` (a per-seat spec of the weak agents kept)."""
    from interpreter.agents.spec import seat_specs

    weak_seats = seat_specs(weak, rs.num_players, rs.team_ids, rs.team_of_seat)
    of_side = rs.team_of_seat if rs.team_ids else list(range(rs.num_players))
    return [strong if of_side[s] == side else weak_seats[s] for s in range(rs.num_players)]


def balance_range(job: BalanceJob, games: range) -> BalancePart:
    """Play the games numbered `games` under every ruleset of the job (a runner task)."""
    from interpreter.engine.program import FlowError

    loaded = [src.ruleset(instrument if job.count_rules else None) for src in job.sources]
    part = BalancePart([RulesetPart() for _ in loaded], [Sums() for _ in loaded[1:]], [{} for _ in loaded[1:]])
    for index in games:
        seed = job.first_seed + index
        values: list[dict[str, float] | None] = []
        edges: list[dict[str, dict[str, float]] | None] = []
        for rs, options, rpart in zip(loaded, job.options, part.rulesets):
            names = sides(rs)[0]
            try:
                st, ends = play(rs, job.agents, seed, options)
                f = facts(rs, st, ends)
            except FlowError as exc:
                rpart.failed += 1
                if len(rpart.failures) < 20:
                    rpart.failures.append((index, f"game {index} (seed {seed}): {exc}"))
                values.append(None)
                edges.append(None)
                continue
            values.append(_add_game(rpart, rs, f, names))
            edges.append(_skill_games(job, rs, options, rpart, index, seed, len(names), f.returns))
        for v, (variant, edge) in enumerate(zip(values[1:], edges[1:])):
            if variant is not None and values[0] is not None:
                base = values[0]
                keys = set(base) | set(variant)
                part.paired[v].add({k: variant.get(k, 0.0) - base.get(k, 0.0) for k in keys})
            if edge is not None and edges[0] is not None:
                for agent in edge:
                    diff = {"edge": edge[agent]["edge"] - edges[0][agent]["edge"]}
                    part.skill_paired[v].setdefault(agent, Sums()).add(diff)
    return part


def _add_game(rpart: RulesetPart, rs: Any, f: GameFacts, names: list[str]) -> dict[str, float]:
    values = metrics_of(f, names)
    rpart.games += 1
    rpart.metrics.add(values)
    rpart.ensure(len(names))
    if f.winner is None:
        rpart.draws += 1
    else:
        rpart.wins[f.winner] += 1
        rpart.comebacks += f.comeback
        rpart.decided_at.add(min(10, int(f.decided_at * 10 + 1e-9)) / 10)
    for s, r in enumerate(f.returns):
        rpart.game_scores[s].add(r)
    for scores in f.deal_scores:
        for s, r in enumerate(scores):
            rpart.deal_scores[s].add(r)
    rpart.decisions.add(f.decisions)
    for d in f.deal_decisions:
        rpart.deal_decisions.add(d)
    firing = getattr(rs, "firing", None)
    if firing is not None:
        rpart.fired.update(firing.hits)
        rpart.fired_games.update(firing.hits.keys())
    return values


def _skill_games(
    job: BalanceJob,
    rs: Any,
    options: dict,
    rpart: RulesetPart,
    index: int,
    seed: int,
    n_sides: int,
    main: Sequence[float],
) -> dict[str, dict[str, float]] | None:
    """The skill runs' game `index` (only the first `skill_games` games have one).  The agent's edge
    is its side's result minus the mean of the others'; alone at the table (a patience), its result
    minus the main run's on the same seed (`main`: that game's returns)."""
    if index >= job.skill_games or not job.skill:
        return None
    from interpreter.engine.program import FlowError

    side = index % n_sides
    out: dict[str, dict[str, float]] = {}
    firing = getattr(rs, "firing", None)
    for agent in job.skill:
        try:
            st, _ends = play(rs, _skill_spec(rs, agent, job.agents, side), seed, options)
        except FlowError as exc:  # counted and told, as a main game's failure is
            rpart.skill_failed[agent] += 1
            if len(rpart.failures) < 20:
                rpart.failures.append((index, f"skill run of {agent}, game {index} (seed {seed}): {exc}"))
            return None  # no paired skill difference for this game
        finally:
            if firing is not None:
                firing.hits.clear()  # the skill games are not the main run's
        f = facts(rs, st, [])
        others = [r for s, r in enumerate(f.returns) if s != side]
        edge = f.returns[side] - (sum(others) / len(others) if others else main[side])
        values = {"edge": edge, "win": 1.0 if f.winner == side else 0.0}
        rpart.skill.setdefault(agent, Sums()).add(values)
        out[agent] = values
    return out
