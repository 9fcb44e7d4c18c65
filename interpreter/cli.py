"""The `cardrules` command: parse arguments, call the API, print.

Heavy imports (YAML, Lark, jsonschema, the engine) happen inside commands so
that `cardrules --help` starts fast.  No user error ever shows a traceback;
`--debug` shows one for internal errors.
"""
from __future__ import annotations

import json
import os
import sys

import click

from interpreter import __version__

EXIT_OK, EXIT_RULES, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def _use_color(stream) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty() and os.environ.get("TERM") != "dumb"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="cardrules")
@click.option("--debug", is_flag=True, help="Show a Python traceback for internal errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """cardrules: traditional card games written as data.

    Validate ruleset files, print their schema, and (as the engine grows) play
    and simulate them.  Run `cardrules COMMAND --help` for details.
    """
    ctx.obj = {"debug": debug}


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: file:line:col messages with the source line; json: a list of diagnostics.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing for valid files.")
def validate(files: tuple[str, ...], fmt: str, quiet: bool) -> None:
    """Check ruleset FILES: YAML, structure, names, expressions and flow.

    Exits 0 when every file is valid, 1 when any has errors.
    """
    from interpreter.diagnostics import render_all
    from interpreter.validate import check_file

    reports = [check_file(f) for f in files]
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
                extra = f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else ""
                click.echo(f"{r.file}: ok{extra}")
        bad = [r for r in reports if not r.ok]
        if bad:
            errors = sum(1 for r in bad for d in r.diagnostics if d.severity == "error")
            click.echo(f"{errors} error{'s' * (errors != 1)} in {len(bad)} file{'s' * (len(bad) != 1)}", err=True)
    sys.exit(EXIT_RULES if any(not r.ok for r in reports) else EXIT_OK)


@cli.command()
def schema() -> None:
    """Print the JSON Schema of ruleset files (for editors and other tools)."""
    from interpreter.resources import grammar_file

    click.echo(grammar_file("ruleset.schema.json").read_text(encoding="utf-8"), nl=False)


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the command group; internal errors become one clear line."""
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=argv, prog_name="cardrules", standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug in cardrules, never the user's fault
        if debug:
            raise
        click.echo(f"cardrules: internal error: {type(exc).__name__}: {exc}", err=True)
        click.echo("This is a bug in cardrules; run again with --debug for details and report it.", err=True)
        sys.exit(EXIT_INTERNAL)
