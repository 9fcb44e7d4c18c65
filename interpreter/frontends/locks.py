"""Files that two cardrules processes must not write at once: exclusive locks and atomic writes.

A save (and the log of its game) is held by one process from the moment a game opens it until
the program stops: a second process that opens the same save is refused with the first one's
process id.  Files are replaced whole (written beside the target, then renamed), so a reader
never sees half of one, whatever stops the writer.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from interpreter.base.i18n import N_, _

try:
    import fcntl
except ImportError:  # not on this system (Windows): saves are still atomic, only not locked
    fcntl = None  # type: ignore[assignment]


class FileBusy(OSError):
    """Another process holds the lock; the message names it."""


class FileLock:
    """An exclusive lock on `path`, kept in `path.lock` (which holds the owner's pid) until `release`."""

    def __init__(self, path: str | Path, what: str = N_("this game")):
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self.what = what
        self._fd: int | None = None

    def acquire(self) -> FileLock:
        """Take the lock or raise FileBusy ("this game is open in another cardrules (pid N)")."""
        if self._fd is not None or fcntl is None:
            return self
        self.lock_path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                owner = _read_pid(fd)
                os.close(fd)
                if owner:
                    message = _(
                        "{what} is open in another cardrules (pid {pid}): {path}",
                        what=_(self.what),
                        pid=owner,
                        path=self.path,
                    )
                else:
                    message = _("{what} is open in another cardrules: {path}", what=_(self.what), path=self.path)
                raise FileBusy(message) from None
            if _same_file(fd, self.lock_path):  # not a lock file its last owner removed meanwhile
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.unlink(self.lock_path)  # while still held: a waiting process then retries on a new file
        except OSError:
            pass
        os.close(fd)

    def __enter__(self) -> FileLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def writable_place(path: str | Path) -> Path:
    """`path` as a place a file may be written to and renamed over; raises OSError saying why not:
    something other than a file is there (a folder, a device, a pipe: never replaced), or a file
    stands where one of its folders should be.  Missing folders are made."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise OSError(_("{path} is not a regular file", path=path))
    for folder in (path.parent, *path.parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise OSError(_("{folder} is not a folder", folder=folder))
            break
    path.parent.mkdir(parents=True, exist_ok=True)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise PermissionError(_("{folder} cannot be written to", folder=path.parent))
    return path


def write_atomic(path: str | Path, data: bytes | str, mode: int = 0o644) -> None:
    """Replace `path` with `data` as a whole: written to a new file beside it, then renamed over it."""
    path = writable_place(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Guarded:
    """A text stream whose write errors (a full disk) are kept rather than raised: the run goes on,
    the writing stops, and the run says at its end what could not be written (`error`)."""

    def __init__(self, stream: Any):
        self.stream = stream
        self.error: OSError | None = None

    def write(self, text: str) -> None:
        if self.error is None:
            try:
                self.stream.write(text)
            except OSError as exc:
                self.error = exc

    def flush(self) -> None:
        if self.error is None:
            try:
                self.stream.flush()
            except OSError as exc:
                self.error = exc

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError as exc:
            self.error = self.error or exc


def why(exc: OSError) -> str:
    """What went wrong, in the system's words (`No space left on device`), else the error's own."""
    return exc.strerror if isinstance(exc.strerror, str) else str(exc)
