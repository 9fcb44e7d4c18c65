"""What the commands share: exit statuses, colour, finding and loading a ruleset, `--option` pairs."""

from __future__ import annotations

import os
import sys

import click

from interpreter.base.i18n import _

EXIT_OK, EXIT_RULES, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def use_color(stream) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty() and os.environ.get("TERM") != "dumb"


def resolve_ruleset(name: str) -> str:
    """A ruleset path from a path or a shipped name; click.UsageError when neither exists."""
    from pathlib import Path

    from interpreter.base.diagnostics import did_you_mean
    from interpreter.base.resources import shipped_names, shipped_ruleset

    if Path(name).exists():
        return name
    shipped = shipped_ruleset(name)
    if shipped is not None:
        return str(shipped)
    names = shipped_names()
    hint = did_you_mean(name.rsplit("/", 1)[-1].removesuffix(".yaml"), names)
    if hint:
        raise click.UsageError(_("no ruleset file or shipped ruleset named '{name}'; {hint}", name=name, hint=hint))
    if names:
        raise click.UsageError(
            _("no ruleset file or shipped ruleset named '{name}' (shipped: {names})", name=name, names=", ".join(names))
        )
    raise click.UsageError(_("no ruleset file or shipped ruleset named '{name}'", name=name))


def load_or_exit(path: str, players: int | None = None):
    """The compiled ruleset for `players` seats; its errors printed and exit 1 when it is not valid,
    a usage error for a number of players it is not played by."""
    from interpreter.base.diagnostics import RulesetError
    from interpreter.compiling.pipeline import PlayerCountError, load_ruleset

    try:
        return load_ruleset(path, players=players)
    except RulesetError as exc:
        click.echo(exc.render(color=use_color(sys.stderr)), err=True)
        sys.exit(EXIT_RULES)
    except PlayerCountError as exc:
        raise click.UsageError(str(exc)) from None


def players_option(f):
    return click.option(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="Number of players, for a ruleset that offers several (its players.choices); default: its players.count.",
    )(f)


def parse_options(pairs: tuple[str, ...]) -> dict:
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise click.UsageError(_("--option needs NAME=VALUE, not '{pair}'", pair=pair))
        out[key.strip()] = value.strip()
    return out
