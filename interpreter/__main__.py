"""`python -m interpreter`: the `cardrules` command (frontends/entry.py).

A Ctrl-C while Python still imports the program is handled here, with built-in modules only:
the first one stops the program with one line and exit status 130, and any later one is ignored.
The program ends with `os._exit`, as `entry.main` does: Python's own shutdown would put the
default handler back, and a second Ctrl-C then would kill it with no exit status of its own.
"""

import _signal  # type: ignore[import-not-found]  # built in, no stub
import os
import sys


def _stop_on_first(signum: int, frame: object) -> None:
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # first: a second Ctrl-C finds it ignored
    raise KeyboardInterrupt


_signal.signal(_signal.SIGINT, _stop_on_first)  # entry.main puts the program's own handler in place
try:
    from interpreter.frontends.entry import main
except KeyboardInterrupt:
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(130)

main()
