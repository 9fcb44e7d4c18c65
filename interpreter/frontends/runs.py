"""The commands that play many games: `simulate` and `balance`, with progress, Ctrl-C and Ray.

Both show progress on standard error (frontends/progress.py), run locally in one process,
in `--workers` processes or on a Ray cluster (`--cluster ray[:ADDRESS]`), and on Ctrl-C
stop cleanly: what finished is summarised, then the command exits 130.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import click

from interpreter.base.i18n import _, ngettext
from interpreter.frontends.clicktext import LocalizedCommand
from interpreter.frontends.cliutil import (
    EXIT_INTERRUPTED,
    EXIT_RULES,
    load_or_exit,
    parse_options,
    players_option,
    resolve_ruleset,
)
from interpreter.frontends.interrupts import hangups_as_interrupts
from interpreter.frontends.locks import Guarded, why, writable_place, write_atomic


def workers_option(f: Any) -> Any:
    return click.option(
        "--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes to use."
    )(f)


def cluster_option(f: Any) -> Any:
    return click.option(
        "--cluster",
        default=None,
        metavar="ray[:ADDRESS]",
        help="Run the games as Ray tasks (pip install 'cardrules[ray]'): 'ray' starts Ray on this machine, "
        "'ray:auto' joins the cluster this machine is part of, 'ray:ADDRESS' the one at ADDRESS.",
    )(f)


def progress_option(f: Any) -> Any:
    return click.option(
        "--progress/--no-progress",
        default=True,
        show_default=True,
        help="Show progress on standard error: a bar on a terminal, a line every 15 s elsewhere.",
    )(f)


def check_cluster(cluster: str | None, log_dir: str | None = None) -> None:
    """A usage error for a cluster that is not ray[:ADDRESS], or Ray missing."""
    if cluster is None:
        return
    from interpreter.study.ray_runner import parse_cluster

    try:
        address = parse_cluster(cluster)
    except ValueError:
        raise click.UsageError(_("--cluster takes ray or ray:ADDRESS, not '{cluster}'", cluster=cluster)) from None
    try:
        import ray  # noqa: F401
    except ImportError:
        raise click.UsageError(_("--cluster ray needs Ray: pip install 'cardrules[ray]'")) from None
    if log_dir and address is not None:
        raise click.UsageError(_("--log-dir cannot be used with a cluster address: the logs would stay on its nodes"))


def note_timed_agents(*specs: str) -> None:
    """A time budget makes a search agent's moves depend on the machine's speed: say so."""
    if any(re.search(r"(?<![a-z_])seconds=", spec) for spec in specs):  # (max_seconds= only caps iterations)
        click.echo(
            _(
                "cardrules: note: an agent with a time budget (seconds=) plays by how fast this machine is: "
                "the results are not reproducible; give iterations= for a run that is"
            ),
            err=True,
        )


def check_one_game(paths: list[str], loaded: list[Any]) -> None:
    """A usage error unless every ruleset is the base or a variant of the same game, with its sides."""
    from interpreter.study.measures import sides
    from interpreter.study.sources import family

    root = family(paths[0])
    for path, rs in zip(paths[1:], loaded[1:]):
        if family(path) != root:
            raise click.UsageError(
                _(
                    "'{variant}' is not a variant of '{base}' (a variant extends its base game): "
                    "compare rulesets of one game",
                    variant=rs.id,
                    base=loaded[0].id,
                )
            )
        if sides(rs)[0] != sides(loaded[0])[0]:
            raise click.UsageError(
                _(
                    "'{variant}' has other seats or teams than '{base}': they cannot be compared",
                    variant=rs.id,
                    base=loaded[0].id,
                )
            )


def report_run(outcome: Any) -> None:
    """Retries, lost ranges and interruption, on standard error."""
    for retry in outcome.retries:
        click.echo(_("cardrules: ran again after a worker died: {what}", what=retry.describe()), err=True)
    for lost in outcome.lost:
        click.echo(_("cardrules: given up after its worker died three times: {what}", what=lost.describe()), err=True)
    if outcome.interrupted:
        click.echo(
            _("interrupted: {done:,} of {total:,} games finished", done=outcome.finished, total=outcome.games),
            err=True,
        )


@click.command(cls=LocalizedCommand)  # its help in the reader's language, as every command's
@click.argument("ruleset")
@click.option(
    "-n", "games", type=click.IntRange(1, 10_000_000), default=100, show_default=True, help="Number of games."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@click.option(
    "--agents",
    "agent_spec",
    default="random",
    show_default=True,
    help="Agents: one spec, one per seat (a/b/c), or per team (a=ismcts/b=random).",
)
@players_option
@workers_option
@cluster_option
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="Change a ruleset option.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option(
    "--log-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Write one JSONL log per game here (game-NNNNNN-RUN.jsonl: each run's names are its own).",
)
@click.option(
    "--results",
    "results_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write one JSON line per game here, in game order: its number, seed, returns, deals and decisions.",
)
@click.option(
    "--check-invariants",
    is_flag=True,
    help="Also check the invariants that have a `when` after every action, and tell every game as the "
    "prompt would (its messages, and every seat's status lines and prompts at every decision), so a text "
    "that fails or is too long stops the run as it would stop play (slower); the other invariants are "
    "checked at the end of every deal anyway.",
)
@progress_option
def simulate(
    ruleset,
    games,
    seed,
    agent_spec,
    players,
    workers,
    cluster,
    option_pairs,
    as_json,
    log_dir,
    results_path,
    check_invariants,
    progress,
) -> None:
    """Play RULESET many times with agents only and summarise the results.

    Prints wins, mean score, spread and a 95% confidence interval per seat and
    per team (and, where some game ended with several seats level at the top,
    partners who score alike or a draw, how often each shared first place: no
    one's win; in games of several deals, the mean gain per deal: the final
    score less the score at the game's start, over its deals), games and deals
    per second, and the peak memory of the largest
    process.  Invariants the ruleset declares are checked at the end of every
    deal; a broken one stops the run with its rule id.  A game's result depends
    only on the ruleset, options, game number and seed: the same run gives the
    same results with any number of workers or on a cluster.
    """
    if check_invariants:
        os.environ["CARDRULES_CHECK_INVARIANTS"] = "1"  # read by every new game, in worker processes too
    from interpreter.agents.spec import AgentSpecError, make_agents
    from interpreter.engine.program import FlowError
    from interpreter.frontends.progress import Progress
    from interpreter.frontends.simulate import format_summary
    from interpreter.frontends.simulate import simulate as run

    path = resolve_ruleset(ruleset)
    rs = load_or_exit(path, players)
    options = parse_options(option_pairs)
    try:
        rs.check_options(options)
        make_agents(agent_spec, rs, seed)
    except (AgentSpecError, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
    check_cluster(cluster, log_dir)
    note_timed_agents(agent_spec)
    if log_dir:
        try:
            Path(log_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise click.UsageError(
                _("cannot write logs in {folder}: {error}", folder=log_dir, error=why(exc))
            ) from None
    results = None
    if results_path:
        try:
            results = Guarded(open(writable_place(results_path), "w", encoding="utf-8"))
        except OSError as exc:
            raise click.UsageError(_("cannot write {path}: {error}", path=results_path, error=why(exc))) from None
    bar = Progress(_("games"), enabled=progress)
    try:
        with hangups_as_interrupts():  # a plain kill stops the workers and prints the figures, as Ctrl-C
            summary, _tally = run(
                path,
                games,
                seed,
                agent_spec,
                options,
                workers,
                log_dir,
                cluster,
                bar.update,
                results,
                check_invariants,
                rs.num_players,
            )
    except FlowError as exc:  # the ruleset failed outside any one game
        click.echo(_("cardrules: the ruleset failed during play: {error}", error=exc), err=True)
        sys.exit(EXIT_RULES)
    finally:
        bar.close()
        if results is not None:
            results.close()
    unwritten = False
    if _tally.unlogged:
        unwritten = True
        click.echo(
            ngettext(
                "cardrules: the log of {n} game could not be written in {folder} ({error})",
                "cardrules: the logs of {n} games could not be written in {folder} ({error})",
                _tally.unlogged,
                folder=log_dir,
                error=_tally.log_error,
            ),
            err=True,
        )
    if results is not None and results.error is not None:
        unwritten = True
        click.echo(
            _(
                "cardrules: the results could not all be written to {path} ({error})",
                path=results_path,
                error=why(results.error),
            ),
            err=True,
        )
    for _seed, message in summary.failures:
        click.echo(_("cardrules: the ruleset failed during play: {error}", error=message), err=True)
    if summary.failed > len(summary.failures):
        more = summary.failed - len(summary.failures)
        click.echo(
            ngettext("cardrules: ... and {n} more failed game", "cardrules: ... and {n} more failed games", more),
            err=True,
        )
    if as_json:
        click.echo(json.dumps(summary.as_dict(), indent=2))
    elif summary.games:
        click.echo(format_summary(summary, rs))
    outcome = summary.outcome
    assert outcome is not None  # simulate() always says how the run went
    report_run(outcome)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    if summary.failed:
        click.echo(
            ngettext(
                "cardrules: {failed} of {n} game failed: the ruleset has an error",
                "cardrules: {failed} of {n} games failed: the ruleset has an error",
                games,
                failed=summary.failed,
            ),
            err=True,
        )
        sys.exit(EXIT_RULES)
    if unwritten:
        sys.exit(EXIT_RULES)


@click.command(cls=LocalizedCommand)  # its help in the reader's language, as every command's
@click.argument("base")
@click.argument("variants", nargs=-1)
@click.option(
    "-n", "games", type=click.IntRange(1, 10_000_000), default=200, show_default=True, help="Games per ruleset."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@click.option(
    "--agents",
    "agent_spec",
    default="random",
    show_default=True,
    help="Agents of the main run: one spec, one per seat (a/b/c), or per team (a=greedy/b=random).",
)
@players_option
@click.option(
    "--skill",
    "skill_agents",
    multiple=True,
    default=("greedy",),
    show_default=True,
    help="A search agent for the skill runs (repeatable): one side plays it, the others --agents.",
)
@click.option(
    "--skill-games",
    type=click.IntRange(0, 10_000_000),
    default=None,
    help="Games of each skill run (default: a tenth of -n, at most 200; 0: no skill runs).",
)
@workers_option
@cluster_option
@click.option(
    "--option",
    "option_pairs",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change an option of every ruleset that has it.",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the report as one HTML file with its plots (needs pip install 'cardrules[report]').",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: the main figures and what the paired tests found; json: every figure of the report.",
)
@click.option(
    "--rule-counts/--no-rule-counts",
    default=True,
    show_default=True,
    help="Count how often each rule id fires (a counted copy of each ruleset: slower).",
)
@progress_option
def balance(
    base,
    variants,
    games,
    seed,
    agent_spec,
    players,
    skill_agents,
    skill_games,
    workers,
    cluster,
    option_pairs,
    report_path,
    fmt,
    rule_counts,
    progress,
) -> None:
    """Compare BASE with its VARIANTs on the same seeds (a paired comparison).

    Per ruleset and side by side: each side's win rate and mean result with 95%
    confidence intervals, draws, score distributions, game and deal length in
    decisions, lead changes, how late the outcome is decided, drama, the values
    the deals record, how often each rule id fired (rules that never fired are
    listed: they may be dead), and how much better a search agent does than the
    others (does skill matter?).  Each variant gets a paired test against the base
    for every figure (docs/balance.md defines them all).
    """
    from interpreter.agents.spec import AgentSpecError, make_agents
    from interpreter.frontends.interrupts import HELD, ignore_interrupts_in_worker
    from interpreter.frontends.progress import Progress
    from interpreter.study.summary import run_balance

    paths = [resolve_ruleset(name) for name in (base, *variants)]
    loaded = [load_or_exit(p, players) for p in paths]
    check_one_game(paths, loaded)
    options = parse_options(option_pairs)
    unknown = [k for k in options if not any(k in rs.options for rs in loaded)]
    if unknown:
        raise click.UsageError(_("no ruleset has the option '{name}'", name=unknown[0]))
    per_ruleset = [{k: v for k, v in options.items() if k in rs.options} for rs in loaded]
    try:
        for rs, opts in zip(loaded, per_ruleset):
            rs.check_options(opts)
            make_agents(agent_spec, rs, seed)
            for agent in skill_agents:
                make_agents(agent, rs, seed)
    except (AgentSpecError, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
    check_cluster(cluster)
    note_timed_agents(agent_spec, *skill_agents)
    if report_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.UsageError(_("--report needs matplotlib: pip install 'cardrules[report]'")) from None
    if report_path:
        try:
            writable_place(report_path)
        except OSError as exc:
            raise click.UsageError(_("cannot write {path}: {error}", path=report_path, error=why(exc))) from None
    if skill_games is None:
        skill_games = min(200, max(1, games // 10))
    bar = Progress(_("games"), enabled=progress)
    try:
        with hangups_as_interrupts():  # a plain kill stops the workers, as Ctrl-C does
            summary, outcome = run_balance(
                paths,
                games,
                seed,
                agent_spec,
                per_ruleset,
                (workers, cluster, ignore_interrupts_in_worker),
                tuple(skill_agents) if skill_games else (),
                skill_games,
                rule_counts,
                bar.update,
                HELD,
                players,
            )
    finally:
        bar.close()
    if fmt == "json":
        click.echo(json.dumps(summary, indent=1))
    else:
        from interpreter.frontends.balancetext import balance_text

        click.echo(balance_text(summary))
    if report_path:  # (after the figures are shown: a report that cannot be written loses none of them)
        from interpreter.study.plots import all_plots
        from interpreter.study.report import render

        try:
            write_atomic(report_path, render(summary, all_plots(summary)))
        except OSError as exc:
            click.echo(
                _("cardrules: cannot write the report {path} ({error})", path=report_path, error=why(exc)), err=True
            )
            sys.exit(EXIT_RULES)
    report_run(outcome)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    failed = [r for r in summary["rulesets"] if r["failed"] or any(s["failed"] for s in r["skill"].values())]
    for r in failed:
        for message in r["failures"]:
            error = r["id"] + ": " + message
            click.echo(_("cardrules: the ruleset failed during play: {error}", error=error), err=True)
    if failed:
        click.echo(_("cardrules: some games failed: a ruleset has an error"), err=True)
        sys.exit(EXIT_RULES)
