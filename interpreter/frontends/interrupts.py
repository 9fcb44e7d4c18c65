"""Ctrl-C as the command line wants it: once, and never inside a file being written.

`stop_on_first_interrupt()` (the `cardrules` command calls it first) makes the first Ctrl-C
raise KeyboardInterrupt and every later one only be noted: whatever the first one interrupts is
stopping the program anyway (saving the game, printing how to resume it), and a second one must
not cut that short.  `HELD` holds Ctrl-C back while a save file is written.  At the prompt,
`hangups_as_interrupts()` makes a closed terminal (SIGHUP) or a plain `kill` (SIGTERM) do what
Ctrl-C does, so the game is saved then too.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class HeldInterrupts:
    """Holds Ctrl-C back while a save file is written, so a save is never half done.

    Inside `with HELD:` a SIGINT only sets a flag; when the outermost block ends
    the KeyboardInterrupt is raised there (unless `HELD.release(raise_pending=False)`
    is used because the program is stopping anyway).  Outside the main thread,
    where signal handlers cannot be set, it does nothing.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.pending = False
        self._previous: Any = None

    def _handler(self, signum: int, frame: Any) -> None:
        self.pending = True

    def __enter__(self) -> HeldInterrupts:
        self.depth += 1  # first: from here on an interrupt is held (see the handler below)
        if self.depth == 1 and threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        self.release(raise_pending=exc_type is None)

    def stopping(self) -> None:
        """The program caught the KeyboardInterrupt and is stopping (see `stopping` below)."""
        stopping()

    def release(self, raise_pending: bool = True) -> None:
        previous = None
        try:
            if self.depth == 1 and self._previous is not None:
                previous, self._previous = self._previous, None
                signal.signal(signal.SIGINT, previous)
        finally:
            self.depth -= 1  # last, and always
        if self.depth > 0:
            return
        pending, self.pending = self.pending, False
        if pending and raise_pending:
            if previous is _first_interrupt:  # as that handler does: the program is stopping now
                note_later_interrupts()
            raise KeyboardInterrupt


HELD = HeldInterrupts()


# The first Ctrl-C's KeyboardInterrupt can be lost: raised while Python runs a finalizer (a
# generator closed by the garbage collector), it is printed and dropped there, and later Ctrl-Cs
# do nothing.  So the first one also starts a watchdog: unless a handler of the program reports
# within a few seconds that it is stopping (`stopping()`), the interrupt is raised again.
RETRY_AFTER = 3.0
_state: dict[str, Any] = {"stopping": False, "again": False, "hook": sys.unraisablehook}


def stopping() -> None:
    """A handler of the program caught the KeyboardInterrupt: the program is stopping."""
    _state["stopping"] = True


def _watch() -> None:
    if not _state["stopping"]:
        import _thread

        _state["again"] = True
        _thread.interrupt_main()  # runs the SIGINT handler (`_later_interrupt`) in the main thread


def _first_interrupt(signum: int, frame: Any) -> None:
    note_later_interrupts()
    timer = threading.Timer(RETRY_AFTER, _watch)
    timer.daemon = True
    timer.start()
    raise KeyboardInterrupt


def _later_interrupt(signum: int, frame: Any) -> None:
    """A Ctrl-C while the program is already stopping: nothing to do (unless the watchdog found
    the first one lost)."""
    if _state["again"] and not _state["stopping"]:
        _state["again"] = False
        raise KeyboardInterrupt


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def stop_on_first_interrupt() -> None:
    """From now on the first Ctrl-C raises KeyboardInterrupt, later ones do nothing."""
    if _main_thread():
        signal.signal(signal.SIGINT, _first_interrupt)
        if sys.unraisablehook is not _quiet_unraisable:
            _state["hook"] = sys.unraisablehook
            sys.unraisablehook = _quiet_unraisable


def _quiet_unraisable(unraisable: Any) -> None:
    """A KeyboardInterrupt raised where Python can only print it (a finalizer, an import's lock
    callback) was printed with a traceback and dropped; it is dropped without a word now, and the
    watchdog raises it again (`_watch`).  Anything else is printed as Python prints it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    _state["hook"](unraisable)


def note_later_interrupts() -> None:
    """From now on Ctrl-C does nothing (the program is stopping: saving, printing, exiting)."""
    if _main_thread():
        signal.signal(signal.SIGINT, _later_interrupt)


def ignore_interrupts_in_worker() -> None:
    """For worker processes: the parent stops them; a Ctrl-C to the terminal is the parent's.  On
    Linux a worker also ends when its parent does, however it ended (`kill -9`): none is left
    running on its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG: SIGTERM when the parent ends
        except (OSError, AttributeError):  # no prctl here: the parent's stop() still ends it
            pass


HANGUPS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _hangup(signum: int, frame: Any) -> None:
    """A hang-up or terminate signal, handled as Ctrl-C is at this moment: the first stops the
    program, a later one is only noted, and one that comes while a save is written is held."""
    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler):
        raise KeyboardInterrupt
    handler(signal.SIGINT, frame)


@contextmanager
def hangups_as_interrupts() -> Iterator[None]:
    """Inside: SIGTERM and SIGHUP are handled as Ctrl-C (see `_hangup`); their handlers are put
    back afterwards.  Outside the main thread it does nothing."""
    if not _main_thread():
        yield
        return
    previous = {s: signal.signal(s, _hangup) for s in HANGUPS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
