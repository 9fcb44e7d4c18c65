"""The `cardrules` command's first lines: Ctrl-C is handled before anything slow is imported.

A Ctrl-C while the program starts (importing click, loading a ruleset) prints one line and
exits 130; one while it ends is ignored, so no traceback is ever shown for it.  Only built-in
modules are imported before the `try` (`_signal`, not `signal`, which imports enum).  The
program ends with `os._exit` once its output is flushed: Python's own shutdown would put the
default handler back, and a Ctrl-C then would kill it with no exit status of its own.  Every
file the program writes is closed before that (saves, logs, the simulate pool).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # built in, no stub
import os
import sys


def _stopping() -> None:
    """Tell the Ctrl-C watchdog (frontends/interrupts.py) that the program is stopping, if it runs."""
    interrupts = sys.modules.get("interpreter.frontends.interrupts")
    if interrupts is not None:
        interrupts.stopping()


def _quiet() -> None:
    """From here on Ctrl-C does nothing: the program is stopping."""
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)


def main(argv: list[str] | None = None) -> None:
    status: int = 0
    try:
        from interpreter.frontends.interrupts import stop_on_first_interrupt

        stop_on_first_interrupt()
        from interpreter.frontends.cli import main as run

        run(argv)
    except SystemExit as exc:
        status = _status(exc.code)
    except KeyboardInterrupt:
        _quiet()
        _stopping()
        sys.stderr.write("interrupted\n")
        status = 130
    finally:
        _quiet()  # stopping: a Ctrl-C during exit must not print "Exception ignored in atexit"
    _finish(status)


def _status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


def _finish(status: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be said
            pass
    os._exit(status)
