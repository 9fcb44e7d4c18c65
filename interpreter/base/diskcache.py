"""Files kept between runs under `~/.cache/cardrules/` (or `$XDG_CACHE_HOME/cardrules/`).

What the command line computes again and again from a ruleset file that did not change (the
located tree of its YAML, `loading/document.py`; its expressions' trees, `expr/treecache.py`) is
kept in a folder of such files, one pickle each, written to a temporary name and renamed into place
(two processes may write the same one), the newest `keep` of a folder kept.  Each file holds the
key it was written under, a hash of the code that made its contents and of Python's version, and
is read only under the same key: a damaged, unreadable or foreign file is ignored, and where
nothing can be written nothing is kept.  These are caches: without them everything is computed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any


def folder(name: str) -> Path | None:
    """The folder `name` of the cache, made if needed, or None when there is no writable place."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    place = Path(base) / "cardrules" / name
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return place if os.access(place, os.W_OK) else None


def code_key(*files: Path) -> str:
    """A key of Python's version and the bytes of the files of code that make what is kept."""
    digest = hashlib.sha256(repr(sys.version_info[:2]).encode())
    for source in files:
        digest.update(source.read_bytes())
    return digest.hexdigest()


def name_of(text: str) -> str:
    """A file name for what is kept about `text` (a path, a file's contents)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".pickle"


def read(path: Path | None, key: str) -> Any:
    """What was kept at `path` under `key`, or None."""
    try:
        if path is None or not path.is_file():
            return None
        with open(path, "rb") as handle:
            kept_key, value = pickle.load(handle)  # noqa: S301 - our own cache, as Lark's table cache is
        return value if kept_key == key else None
    except Exception:  # damaged, unreadable, written by other code: computed again
        return None


def write(path: Path | None, key: str, value: Any, keep: int) -> None:
    """Keep `value` at `path` under `key`, and the newest `keep` files of its folder."""
    import tempfile  # (only when something is written: the import costs as much as a read)

    if path is None:
        return
    try:
        data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".kept-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _prune(path.parent, keep)
    except Exception:  # a full disk, a folder made read-only meanwhile: the cache is only a cache
        return


def _prune(place: Path, keep: int) -> None:
    files = [p for p in place.glob("*.pickle") if p.is_file()]
    if len(files) <= keep:
        return
    files.sort(key=lambda p: p.stat().st_mtime)
    for old in files[: len(files) - keep]:
        old.unlink(missing_ok=True)
