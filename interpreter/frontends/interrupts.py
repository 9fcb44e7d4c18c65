"""Ctrl-C held back while a file is written, so no save or log is ever half done."""

from __future__ import annotations

import signal
import threading
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

    def release(self, raise_pending: bool = True) -> None:
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
            raise KeyboardInterrupt


HELD = HeldInterrupts()
