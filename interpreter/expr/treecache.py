"""Expression trees kept between runs, one file of them per ruleset file.

Parsing a ruleset's expressions (Lark, in Python) is about a fifth of validating it, and a person
editing a ruleset validates it again and again with most of its expressions unchanged.  While a
ruleset file compiles, every expression text parsed is noted; the trees of those texts are then
kept in `~/.cache/cardrules/trees/` (or `$XDG_CACHE_HOME/cardrules/trees/`), in a file named by a
hash of the ruleset's path, and read back before it compiles the next time: a text whose tree is
there is not parsed again (a changed expression is parsed as usual).

A tree depends only on its text and on the code that builds trees: the files are read only under
the key they were written with, a hash of the expression grammar, of the modules that make trees
(`expr/ast.py`, `expr/parse.py`, `expr/syntax.py`, `base/records.py`) and of Python's version.  A damaged, unreadable or foreign cache file is ignored;
a file is written to a temporary name and renamed into place (two processes may write the same
one); the newest `MAX_FILES` files are kept.  Trees hold offsets into their text only, so a tree is
the same wherever the text sits in the file.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MAX_FILES = 200  # ruleset files whose trees are kept
MAX_TREES = 5_000  # trees kept for one ruleset file


def folder() -> Path | None:
    """Where the trees are kept, or None when there is no writable place."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    place = Path(base) / "cardrules" / "trees"
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return place if os.access(place, os.W_OK) else None


@functools.cache
def key() -> str:
    """What trees depend on besides their text: the grammar, the modules that build them, Python."""
    from interpreter.base.resources import grammar_file
    from interpreter.expr import ast, parse

    digest = hashlib.sha256(repr(sys.version_info[:2]).encode())
    here = Path(parse.__file__).parent
    made = (here.parent / "base" / "records.py", Path(ast.__file__), Path(parse.__file__), here / "syntax.py")
    for source in (grammar_file("expr.lark"), *made):
        digest.update(source.read_bytes())
    return digest.hexdigest()


def _file(ruleset: str | Path) -> Path | None:
    place = folder()
    if place is None:
        return None
    name = hashlib.sha256(str(Path(ruleset).resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return place / f"{name}.pickle"


def load(ruleset: str | Path) -> dict[str, Any]:
    """The trees kept for a ruleset file under today's key (none when there are none)."""
    try:
        path = _file(ruleset)
        if path is None or not path.is_file():
            return {}
        with open(path, "rb") as handle:
            kept_key, trees = pickle.load(handle)  # noqa: S301 - our own cache, as Lark's table cache is
        return trees if kept_key == key() and isinstance(trees, dict) else {}
    except Exception:  # damaged, unreadable, written by other code: parsed again
        return {}


def save(ruleset: str | Path, trees: dict[str, Any]) -> None:
    """Keep `trees` for a ruleset file (nothing happens where the cache cannot be written)."""
    import tempfile  # (only when trees are written: the import costs as much as reading them)

    try:
        path = _file(ruleset)
        if path is None:
            return
        data = pickle.dumps((key(), dict(list(trees.items())[:MAX_TREES])), protocol=pickle.HIGHEST_PROTOCOL)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".trees-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _prune(path.parent)
    except Exception:  # a full disk, a folder made read-only meanwhile: the cache is only a cache
        return


def _prune(place: Path) -> None:
    files = [p for p in place.glob("*.pickle") if p.is_file()]
    if len(files) <= MAX_FILES:
        return
    files.sort(key=lambda p: p.stat().st_mtime)
    for old in files[: len(files) - MAX_FILES]:
        old.unlink(missing_ok=True)


@contextmanager
def kept(ruleset: str | Path) -> Iterator[None]:
    """Compile a ruleset file with the trees kept for it; keep its trees afterwards when they
    changed (a text parsed that was not kept, or a kept one no longer used)."""
    from interpreter.expr import parse

    before = load(ruleset)
    parse.remember(before)
    used: set[str] = set()
    parse.RECORDING.append(used)
    try:
        yield
    finally:  # (by identity: another compile's set may be equal to this one)
        parse.RECORDING[:] = [texts for texts in parse.RECORDING if texts is not used]
    if used and used != before.keys():
        save(ruleset, parse.trees_of(used))
