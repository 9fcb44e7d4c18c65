"""The `cardrules` command: parse arguments, call the API, print.

Heavy imports (YAML, Lark, jsonschema, the engine) happen inside commands so
that `cardrules --help` starts fast.  No user error ever shows a traceback;
`--debug` shows one for internal errors.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from typing import Any

import click

from interpreter import __version__
from interpreter.base.i18n import _, from_environment, language, language_code, ngettext, use_language
from interpreter.base.i18n import set_language as _set_language
from interpreter.frontends.clicktext import (
    LANG_HELP,
    CardrulesGroup,
    check_language,
    install,
    lang_option,
    language_note,
    requested_language,
)
from interpreter.frontends.cliutil import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_RULES,
    EXIT_USAGE,
    players_option,
)
from interpreter.frontends.cliutil import load_or_exit as _load_or_exit
from interpreter.frontends.cliutil import parse_options as _parse_options
from interpreter.frontends.cliutil import resolve_ruleset as _resolve_ruleset
from interpreter.frontends.cliutil import use_color as _use_color
from interpreter.frontends.runs import balance, simulate
from interpreter.frontends.savefile import SEED_LIMIT

__all__ = ["EXIT_USAGE", "cli", "main"]

install()  # click's own words ("Usage:", "Error: ...") in the player's language


def _replacing(stream: Any) -> Any:
    """The text stream, set to replace bytes its encoding cannot read (click's get_text_stream
    did this; it is deprecated from Click 8.2)."""
    try:
        stream.reconfigure(errors="replace")
    except (AttributeError, ValueError, OSError):  # not a TextIOWrapper, or already in use elsewhere
        pass
    return stream


@click.group(cls=CardrulesGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="cardrules")
@click.option("--lang", default=None, is_eager=True, expose_value=False, callback=lang_option, help=LANG_HELP)
@click.option("--debug", is_flag=True, help="Show a Python traceback for internal errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """cardrules: traditional card games written as data.

    Validate ruleset files and read them as rules pages, play them at the prompt against AI
    seats, simulate many games, replay game logs and compare variants.  Run `cardrules
    COMMAND --help` for details.
    """
    ctx.obj = {"debug": debug}


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: file:line:col messages with the source line; json: a list of diagnostics.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print nothing for valid files.")
@click.option(
    "--perf",
    is_flag=True,
    help="Also play a few hundred random decisions of each valid file (seed 0) and list the expressions "
    "that cost the most, with their place and rule (docs/language.md: 'What makes a ruleset fast').",
)
def validate(files: tuple[str, ...], fmt: str, quiet: bool, perf: bool) -> None:
    """Check ruleset FILES: YAML, structure, names, expressions and flow.

    Exits 0 when every file is valid, 1 when any has errors.
    """
    if perf and fmt == "json":
        raise click.UsageError(_("--perf prints a table; use it with --format text"))
    from interpreter.base.diagnostics import render_all
    from interpreter.compiling.pipeline import check_file

    reports = [check_file(f, play=True) for f in files]
    if fmt == "json":
        out = [dict(d.as_json(), file=d.as_json()["file"] or r.file) for r in reports for d in r.diagnostics]
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        color = _use_color(sys.stderr)
        for r in reports:
            if r.diagnostics:
                click.echo(render_all(r.diagnostics, r.sources, color=color), err=True)
            if r.ok and not quiet:
                warnings = sum(1 for d in r.diagnostics if d.severity == "warning")
                if warnings:
                    click.echo(ngettext("{file}: ok ({n} warning)", "{file}: ok ({n} warnings)", warnings, file=r.file))
                else:
                    click.echo(_("{file}: ok", file=r.file))
            if r.ok and perf:
                _perf(r.file)
        bad = [r for r in reports if not r.ok]
        if bad:
            errors = sum(1 for r in bad for d in r.diagnostics if d.severity == "error")
            in_files = ngettext("in {n} file", "in {n} files", len(bad))
            click.echo(ngettext("{n} error {in_files}", "{n} errors {in_files}", errors, in_files=in_files), err=True)
    sys.exit(EXIT_RULES if any(not r.ok for r in reports) else EXIT_OK)


def _perf(path: str) -> None:
    """The metered random run of one valid file, as a table (frontends/perf.py)."""
    from interpreter.frontends.perf import perf_run, perf_table

    run = perf_run(path)
    if run is not None:
        click.echo(perf_table(run))


@cli.command()
def schema() -> None:
    """Print the JSON Schema of ruleset files (for editors and other tools)."""
    from interpreter.base.resources import grammar_file

    click.echo(grammar_file("ruleset.schema.json").read_text(encoding="utf-8"), nl=False)


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the command group; internal errors become one clear line, Ctrl-C exits 130."""
    args = list(sys.argv[1:] if argv is None else argv)
    with use_language(requested_language(args) or from_environment()):  # errors below are shown in it too
        _main(args)


def _main(argv: list[str]) -> None:
    debug = "--debug" in argv
    try:
        cli.main(args=argv, prog_name="cardrules", standalone_mode=False)
    except SystemExit:
        raise
    except click.exceptions.Exit as exc:  # --help, --version
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort):
        from interpreter.frontends.interrupts import note_later_interrupts, stopping

        stopping()
        note_later_interrupts()
        click.echo(_("interrupted"), err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:  # a bug in cardrules, never the user's fault
        if debug:
            raise
        error = f"{type(exc).__name__}: {exc}"
        click.echo(_("cardrules: internal error: {error}", error=error), err=True)
        click.echo(
            _("This is a bug in cardrules; run it again as cardrules --debug COMMAND ... for details and report it."),
            err=True,
        )
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_OK)


DEFAULT_AGENTS = "normal"
# --level: how well the agents play (interpreter/agents/levels.py); --agents names them exactly instead.
LEVELS = {"easy": "easy", "normal": "normal", "hard": "hard"}


@cli.command()
@click.argument("ruleset", required=False)
@click.option("--seat", type=int, default=0, show_default=True, help="The seat you play.")
@players_option
@click.option(
    "--seed",
    type=click.IntRange(0, SEED_LIMIT - 1),  # what a save keeps
    default=None,
    help="Seed of the deal (default: a random one).",
)
@click.option(
    "--agents",
    "agent_spec",
    default=None,
    help="Agents for the other seats: one spec (ismcts), one per seat (random/greedy/...), "
    "or per team (a=ismcts/b=random); options after ':' (ismcts:iterations=300). "
    "Default: normal.",
)
@click.option(
    "--level",
    type=click.Choice(list(LEVELS)),
    default=None,
    help="How well the other seats play: easy (a short search, about 0.1 s a move), normal (the default, "
    "at most about 1 s) or hard (a longer search, at most about 3 s). Same as --agents LEVEL.",
)
@click.option("--lang", default=None, is_eager=True, callback=lang_option, help=LANG_HELP)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=(
        "Write a JSON Lines game log here (replay it with `cardrules replay`); it holds every card as the game "
        "goes, hidden ones too."
    ),
)
@click.option(
    "--option",
    "option_pairs",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change a ruleset option (repeatable), e.g. --option deals=4.",
)
@click.option(
    "--resume",
    "resume",
    type=click.Path(dir_okay=True),
    default=None,
    help="Resume a game saved by `quit`, end of input or Ctrl-C (the save is signed: an edited one is refused).",
)
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to save the game when you stop (default: a file under ~/.local/share/cardrules).",
)
@click.option(
    "--confirm-forced",
    is_flag=True,
    help="Type a move even when it is your only legal one (by default it plays itself, and the prompt says so; "
    "one card of a choice of several always waits for you).",
)
def play(
    ruleset, seat, players, seed, agent_spec, level, lang, log_path, option_pairs, resume, save_path, confirm_forced
) -> None:
    """Play RULESET (a file, or a shipped name like hachinin_meri) at the prompt.

    You play one seat; agents play the others.  Type 'help' at the prompt.
    """
    import random as _random
    from pathlib import Path

    from interpreter.agents.spec import AgentSpecError, make_agents
    from interpreter.frontends.locks import FileBusy, FileLock, why, writable_place
    from interpreter.frontends.prompt import Session
    from interpreter.frontends.savecheck import check_against, check_fields, rebuild
    from interpreter.frontends.savefile import SaveFileError, check_save_file, default_save_path, read_save
    from interpreter.text.render import Renderer

    def refuse(message: str) -> None:
        click.echo(_("cardrules: {error}", error=message), err=True)
        if lock is not None:  # (a save refused after it was locked leaves no lock file beside it)
            lock.release()
        sys.exit(EXIT_RULES)

    if level and agent_spec:
        raise click.UsageError(_("give either --agents or --level, not both"))
    if level and resume:
        raise click.UsageError(_("a resumed game keeps its agents: give --level only to a new game"))
    if players is not None and resume:
        raise click.UsageError(_("a resumed game keeps its number of players: give --players only to a new game"))
    agent_spec = LEVELS[level] if level else agent_spec
    saved, lock = None, None
    if resume:
        if ruleset:
            raise click.UsageError(_("give either RULESET or --resume, not both"))
        try:
            check_save_file(resume)  # (a folder, a device, a pipe: refused before a lock is made beside it)
            lock = FileLock(resume).acquire()  # before reading: the game is this process's from here
        except (SaveFileError, FileBusy) as exc:
            refuse(str(exc))
        except OSError:  # no lock can be made beside it (a folder that cannot be written): as a new game
            lock = None
        try:
            saved = read_save(resume)
            check_fields(resume, saved.data)
        except SaveFileError as exc:
            refuse(str(exc))
        assert saved is not None
        data = saved.data
        path = data["ruleset"]
        if not Path(path).is_file():
            refuse(_("cannot resume {save}: its ruleset file {path} does not exist", save=resume, path=repr(path)))
        seat, agent_spec, seed, players = data["seat"], data["agents"], data["seed"], data.get("players")
        lang = lang or data.get("lang")
        options = data.get("options") or {}
        log_path = log_path or data.get("log")  # `--log NEW` on resume writes the whole game so far to NEW
        save_path = resume
    elif not ruleset:
        raise click.UsageError(_("give a RULESET to play (e.g. hachinin_meri) or --resume SAVE"))
    else:
        path = _resolve_ruleset(ruleset)
        options = _parse_options(option_pairs)
    try:
        rs = _load_or_exit(path, players)
    except click.UsageError as exc:
        if saved is None:
            raise
        refuse(_("cannot resume {save}: {error}", save=resume, error=exc.message))  # the ruleset no longer offers it
    state = None
    if saved is not None:
        try:
            check_against(resume, saved.data, rs)
            state = rebuild(resume, saved.data, rs)
        except SaveFileError as exc:
            refuse(str(exc))
        if log_path and not _is_log(log_path):
            click.echo(
                _("cardrules: the saved log {log} is not a cardrules log; playing without a log", log=log_path),
                err=True,
            )
            log_path = None
        if saved.legacy:
            click.echo(
                _(
                    "note: {save} is a save from an older cardrules (format cardrules-save/1, unsigned); every "
                    "field was checked, and it is saved again now in the signed format",
                    save=resume,
                ),
                err=True,
            )
    elif not 0 <= seat < rs.num_players:
        raise click.UsageError(_("--seat must be 0 to {last}", last=rs.num_players - 1))
    if save_path and saved is None:  # told now, not when the game is quit and cannot be saved there
        try:
            writable_place(save_path)
        except OSError as exc:
            raise click.UsageError(
                _("cannot save the game to {path}: {error}", path=save_path, error=why(exc))
            ) from None
    try:
        rs.check_options(options)
    except (ValueError, TypeError) as exc:
        raise click.UsageError(str(exc)) from None
    if seed is None:
        seed = _random.SystemRandom().randrange(1 << 31)
    try:
        agents = make_agents(agent_spec or DEFAULT_AGENTS, rs, seed)
    except AgentSpecError as exc:
        raise click.UsageError(str(exc)) from None
    lang = language_code(lang) or language()  # a save's language, if it is still a language
    check_language(rs, lang)
    _set_language(lang)
    stdout = sys.stdout
    renderer = Renderer(rs, lang=lang, color=_use_color(stdout), encoding=getattr(stdout, "encoding", None) or "utf-8")
    stdin = _replacing(sys.stdin)  # bytes that are not text never crash

    def read(prompt: str) -> str | None:
        click.echo(prompt, nl=False)
        line = stdin.readline()
        return None if line == "" else line

    interactive = stdout.isatty() and stdin.isatty()
    columns = shutil.get_terminal_size((100, 40)).columns if interactive else 100

    session = Session(
        rs=rs,
        ruleset_path=path,
        seat=seat,
        agents=agents,
        agent_spec=agent_spec or DEFAULT_AGENTS,
        seed=seed,
        options=options,
        renderer=renderer,
        echo=click.echo,
        read=read,
        save_path=Path(save_path) if save_path else default_save_path(rs.id),
        log_path=log_path,
        confirm_forced=confirm_forced,
        columns=max(40, columns - 1),
        page=click.echo_via_pager if interactive else None,
        pause=interactive,
    )
    if saved is not None:
        session.state = state
        session.game_number = saved.data.get("game_number", 1)
        session.shown = saved.data.get("shown", 0)
        session.log_offset = saved.data.get("log_offset", -1) if not saved.legacy else -1  # 0.1.0: its last game
        old_log = saved.data.get("log")
        if log_path and (not old_log or Path(log_path).resolve() != Path(old_log).resolve()):
            session.log_offset = None  # a new log: the game so far is written at its end
        if lock is not None:
            session.locks.append(lock)
        if saved.legacy:
            try:
                session.save()
            except OSError as exc:
                refuse(_("cannot save {save} again: {error}", save=resume, error=exc))
    sys.exit(session.run())


def _is_log(path: str) -> bool:
    """Whether `path` is missing (a new log is begun) or a file that starts as a cardrules log does."""
    from pathlib import Path

    p = Path(path)
    if not p.exists():
        return True
    try:
        with open(p, "rb") as handle:
            first = handle.readline(65536)
        return p.is_file() and (not first or first.startswith(b'{"type": "header"'))
    except OSError:
        return False


@cli.command()
@click.argument("logs", metavar="LOG...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--check", is_flag=True, help="Fail (exit 1) when a replayed result differs from a log.")
@click.option("--quiet", "-q", is_flag=True, help="Do not print the actions.")
def replay(logs, check, quiet) -> None:
    """Re-run game logs written by `play --log` or `simulate --log-dir`.

    With several LOG files (`replay --check -q logs/*.jsonl`) each is replayed
    in turn; a log that cannot be read is reported and the others still run.
    """

    def show(seat, text, st):
        if not quiet:
            click.echo(_("seat {seat}: {action}", seat=seat, action=text))

    from interpreter.frontends.replay import replay_logs

    try:
        sys.exit(EXIT_OK if replay_logs(logs, check, show) else EXIT_RULES)
    except BrokenPipeError:  # `replay LOG | head`: the reader has all it wanted
        _quiet_stdout()
        sys.exit(EXIT_OK)


def _quiet_stdout() -> None:
    """Send what is still buffered for a closed pipe nowhere, so that exiting prints no error."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (tests): nothing is buffered there
        pass


@cli.command()
@click.argument("ruleset")
@click.option("--lang", default=None, is_eager=True, callback=lang_option, help=LANG_HELP)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["md", "text"]),
    default="md",
    show_default=True,
    help="Markdown or plain text.",
)
def rules(ruleset, lang, fmt) -> None:
    """Print RULESET as readable rules: cards and their rankings, zones, options, rules, flow, moves,
    scoring."""
    from interpreter.text.rules_page import render_rules

    rs = _load_or_exit(_resolve_ruleset(ruleset))
    check_language(rs, lang or language())
    note = language_note(rs, lang or language())
    if note:
        click.echo(note, err=True)  # (the page itself is what a file or a pager receives)
    click.echo(render_rules(rs.model, lang=lang or language(), fmt=fmt, ruleset=rs), nl=False)


from interpreter.frontends.web.command import serve  # noqa: E402  (only click is imported by it)

cli.add_command(serve)


@cli.command()
@click.argument("base")
@click.argument("variant")
def diff(base, variant) -> None:
    """List, in plain words, how VARIANT differs from BASE (both are validated first)."""
    from interpreter.loading import load_document
    from interpreter.text.diff import WORDS, diff_trees

    trees = []
    for name in (base, variant):
        path = _resolve_ruleset(name)
        _load_or_exit(path)
        root = load_document(path).root
        assert root is not None  # the file loaded without errors
        trees.append(root)
    lines = diff_trees(trees[0], trees[1])
    click.echo(_(WORDS["title"], variant=variant, base=base))
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(_("no differences"))


from interpreter.frontends.savelist import saves  # noqa: E402  (a command of its own module: cli.py stays small)

cli.add_command(saves)
cli.add_command(simulate)
cli.add_command(balance)
