"""`cardrules validate --perf`: a short random run of a valid ruleset, every expression metered.

The file is compiled once more with a `Profile` (expr/profile.py), a few
hundred random decisions are played from a fixed seed, and the expressions
that took the most time are listed with their place in the file, their rule
id and what they are (a restriction, a step's value...), beside the ruleset
functions with whether their results are remembered.  docs/language.md ("What
makes a ruleset fast") says what to do about what the table shows.
"""

from __future__ import annotations

import time
from pathlib import Path

from interpreter.base.i18n import N_, _
from interpreter.base.records import dataclass
from interpreter.expr import DEFAULT_LIMITS
from interpreter.expr.profile import Profile

DECISIONS = 400  # enough for every rule of a deal to run, little enough to answer in seconds
SEED = 0
SHOWN = 10


@dataclass
class PerfRun:
    """What one metered run did."""

    path: str
    decisions: int
    games: int
    seconds: float
    stopped: str | None
    profile: Profile


def perf_run(path: str | Path, decisions: int = DECISIONS, seed: int = SEED) -> PerfRun | None:
    """Play `decisions` random decisions of a valid ruleset with every expression metered; None when
    the file is not valid (`validate` has reported why)."""
    from interpreter.agents.spec import make_agents
    from interpreter.compiling.pipeline import check_file
    from interpreter.engine.program import FlowError

    profile = Profile(DEFAULT_LIMITS.max_work)
    report = check_file(path, profile=profile, every_count=False)
    if not report.ok:
        return None
    rs = report.ruleset
    _reset(profile)  # what loading computed (ranking tables) is not play
    done, games, stopped = 0, 0, None
    start = time.perf_counter()
    try:
        while done < decisions:
            state = rs.new_game(seed=seed + games)
            agents = make_agents("random", rs, seed + games)
            games += 1
            while not state.is_terminal() and done < decisions:
                state.apply_action(agents[state.current_player()].choose(state))
                done += 1
    except FlowError as exc:
        stopped = str(exc)
    return PerfRun(str(path), done, games, time.perf_counter() - start, stopped, profile)


def _reset(profile: Profile) -> None:
    for m in [*profile.expressions, *profile.functions.values()]:
        m.calls = m.runs = m.work = 0
        m.seconds = 0.0


def perf_table(run: PerfRun) -> str:
    """The report as text: a summary line, the costliest expressions, the ruleset functions."""
    metered = [m for m in run.profile.expressions if m.calls]
    work = sum(m.work for m in metered) or 1
    lines = [
        _(
            "{file}: {decisions} random decisions in {games} game(s) from seed {seed}, {seconds:.2f} s; "
            "{work:,} work units in {expressions} expressions",
            file=run.path,
            decisions=run.decisions,
            games=run.games,
            seed=SEED,
            seconds=run.seconds,
            work=work,
            expressions=len(metered),
        )
    ]
    if run.stopped:
        lines.append("  " + _("(the run stopped early: {reason})", reason=run.stopped))
    lines += ["", _("The expressions that cost the most work (elements visited or built, calls made):")]
    heads = (N_("share"), N_("work"), N_("calls"), N_("work/call"), N_("time ms"), N_("where"), N_("rule"), N_("what"))
    rows: list[tuple[str, ...]] = [tuple(_(h) for h in heads)]
    for m in run.profile.costliest(SHOWN):
        rows.append(
            (
                f"{100 * m.work / work:.1f}%",
                f"{m.work:,}",
                f"{m.calls:,}",
                f"{m.work // m.calls:,}",
                f"{1000 * m.seconds:.1f}",
                m.where(),
                m.rule or "-",
                m.what,
            )
        )
    lines += _table(rows, right=5)
    used = sorted((m for m in run.profile.functions.values() if m.calls or m.runs), key=lambda m: (-m.work, -m.runs))
    if used:
        lines += ["", _("Ruleset functions (their work includes the functions they call):")]
        rows = [
            tuple(_(h) for h in (N_("calls"), N_("runs"), N_("work/run"), N_("time ms"), N_("function"), N_("memo")))
        ]
        for m in used[:SHOWN]:
            rows.append(
                (
                    f"{max(m.calls, m.runs):,}",
                    f"{m.runs:,}",
                    f"{m.work // max(m.runs, 1):,}",
                    f"{1000 * m.seconds:.1f}",
                    m.what.removeprefix("function "),
                    m.memo,
                )
            )
        lines += _table(rows, right=4)
    lines += ["", _("What to do about it: docs/language.md, 'What makes a ruleset fast'.")]
    return "\n".join(lines)


def _table(rows: list[tuple[str, ...]], right: int) -> list[str]:
    """Columns padded to their widest cell; the first `right` columns are numbers, right-aligned."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(w) if i < right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
        out.append("  " + "  ".join(cells).rstrip())
    return out
