"""A progress bar with rate and time left on a terminal (tqdm); plain lines now and then elsewhere.

Progress goes to standard error, so `--json` output on standard output stays clean.  Off a
terminal a line is written at most every INTERVAL seconds (none for a run shorter than
that), which suits logs and CI.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any

from interpreter.base.i18n import _

INTERVAL = 15.0  # seconds between plain lines


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"


class Progress:
    """Told `update(done, total)` as work finishes; `close()` when the run is over."""

    def __init__(
        self,
        what: str,
        stream: IO[str] | None = None,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.what = what  # the word counted, already translated ("games")
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled is not False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.bar: Any = None
        self.clock = clock
        self.start = clock()
        self.last = self.start

    def update(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.tty:
            self._bar(done, total)
            return
        now = self.clock()
        if now - self.last >= INTERVAL or (done == total and now - self.start >= INTERVAL):
            self.last = now
            self.stream.write(self.line(done, total, now - self.start) + "\n")
            self.stream.flush()

    def line(self, done: int, total: int, elapsed: float) -> str:
        rate = done / elapsed if elapsed > 0 else 0.0
        left = _duration((total - done) / rate) if rate > 0 else "?"
        return _(
            "{done:,} of {total:,} {what} ({percent}%), {rate:.1f} {what}/s, about {left} left",
            done=done,
            total=total,
            what=self.what,
            percent=int(100 * done / total) if total else 100,
            rate=rate,
            left=left,
        )

    def _bar(self, done: int, total: int) -> None:
        if self.bar is None:
            try:
                from tqdm import tqdm
            except ImportError:  # a plain line then, as off a terminal
                self.tty = False
                self.update(done, total)
                return
            self.bar = tqdm(total=total, unit=" " + self.what, file=self.stream, dynamic_ncols=True, leave=False)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
