"""What the benchmark scripts share on the command line (a helper module, not a script).

A parser whose `--help` prints the script's docstring, whole numbers checked as
they are parsed, a ruleset named by its file or a shipped game's name (checked
and reported as `cardrules` reports it), worker pools that leave Ctrl-C to the
parent, and `run(main)`: Ctrl-C ends a run with one line and status 130, and a
closed pipe (`... | head`) ends it quietly.  Everything from the package is
imported only when used, so `--help` is quick.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

EXIT_INTERRUPTED = 130


def parser(doc: str | None, usage: str | None = None) -> argparse.ArgumentParser:
    """An argument parser with the module docstring, laid out as written, as its description."""
    return argparse.ArgumentParser(description=doc, usage=usage, formatter_class=argparse.RawDescriptionHelpFormatter)


def whole(minimum: int = 0) -> Callable[[str], int]:
    """An argparse type: a whole number, at least `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: '{text}'") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: '{text}'") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return value


def fail(ap: argparse.ArgumentParser, message: str, status: int = 1) -> NoReturn:
    """One line `PROG: error: MESSAGE` on stderr, and exit (without the usage, unlike `ap.error`)."""
    ap.exit(status, f"{ap.prog}: error: {message}\n")


def ruleset_path(ap: argparse.ArgumentParser, name: str) -> str:
    """The file of a ruleset named by its path or a shipped game's name; a usage error (status 2)
    naming the shipped games, as `cardrules play` gives it, when it is neither."""
    import click

    from interpreter.frontends.cliutil import resolve_ruleset

    try:
        return resolve_ruleset(name)
    except click.UsageError as exc:
        ap.error(exc.message)


def load(path: str | Path) -> Any:
    """The compiled ruleset; if it has errors, its diagnostics as `cardrules` prints them, and exit 1."""
    from interpreter.frontends.cliutil import load_or_exit

    return load_or_exit(str(path))


def load_named(ap: argparse.ArgumentParser, name: str) -> tuple[str, Any]:
    """`ruleset_path` and `load` together: (the file, the compiled ruleset)."""
    path = ruleset_path(ap, name)
    return path, load(path)


def json_lines(ap: argparse.ArgumentParser, path: str | Path, option: str) -> list:
    """The JSON lines a run wrote with `option` as it went (one per line, blank lines skipped); a
    last line cut short (the run was killed while writing it) is left out, and anything else that is
    not JSON ends the script with one line naming the file and the line."""
    import json

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(ap, f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}")
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    out = []
    for n, line in numbered:
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            if n == numbered[-1][0] and len(numbered) > 1:
                break
            fail(ap, f"{path}:{n}: not a line that {option} writes")
    return out


def pool(workers: int, context: Any = None) -> Any:
    """A multiprocessing pool whose workers ignore Ctrl-C: the parent stops them (when its `with`
    block ends), and no worker prints a traceback of its own.  SIGINT is ignored while they start, so
    a spawned worker ignores it from its first line on."""
    import multiprocessing

    from interpreter.frontends.interrupts import ignore_interrupts_in_worker

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return (context or multiprocessing).Pool(workers, initializer=ignore_interrupts_in_worker)
    finally:
        signal.signal(signal.SIGINT, previous)


def stopped(message: str = "stopped") -> int:
    """Say on stderr, on one line, that Ctrl-C stopped the run; the status to exit with."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the message short
    print(f"{Path(sys.argv[0]).name}: {message}", file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def run(main: Callable[[], int | None]) -> NoReturn:
    """Run a script's `main` and exit with its status; Ctrl-C ends it with one line, status 130."""
    try:
        status = main()
    except KeyboardInterrupt:
        status = stopped()
    except BrokenPipeError:  # the reader went away (`... | head`): nothing more to say to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status or 0)
