"""Expression trees kept between runs, one file of them per ruleset file.

Parsing a ruleset's expressions (Lark, in Python) is about a fifth of validating it, and a person
editing a ruleset validates it again and again with most of its expressions unchanged.  While a
ruleset file compiles, every expression text parsed is noted; the trees of those texts are then
kept in `~/.cache/cardrules/trees/` (or `$XDG_CACHE_HOME/cardrules/trees/`), in a file named by a
hash of the ruleset's path, and read back before it compiles the next time: a text whose tree is
there is not parsed again (a changed expression is parsed as usual).

A tree depends only on its text and on the code that builds trees: the files are read only under
the key they were written with, a hash of the expression grammar, of the modules that make trees
(`expr/ast.py`, `expr/parse.py`, `expr/syntax.py`, `base/records.py`) and of Python's version
(`base/diskcache.py`, which also ignores a damaged, unreadable or foreign file, writes a file under a
temporary name renamed into place, and keeps the newest `MAX_FILES`).  Trees hold offsets into their
text only, so a tree is the same wherever the text sits in the file.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from interpreter.base import diskcache

MAX_FILES = 200  # ruleset files whose trees are kept
MAX_TREES = 5_000  # trees kept for one ruleset file


def folder() -> Path | None:
    """Where the trees are kept, or None when there is no writable place."""
    return diskcache.folder("trees")


@functools.cache
def key() -> str:
    """What trees depend on besides their text: the grammar, the modules that build them, Python."""
    from interpreter.base.resources import grammar_file
    from interpreter.expr import ast, parse

    here = Path(parse.__file__).parent
    made = (here.parent / "base" / "records.py", Path(ast.__file__), Path(parse.__file__), here / "syntax.py")
    return diskcache.code_key(grammar_file("expr.lark"), *made)


def _file(ruleset: str | Path) -> Path | None:
    place = folder()
    return None if place is None else place / diskcache.name_of(str(Path(ruleset).resolve()))


def load(ruleset: str | Path) -> dict[str, Any]:
    """The trees kept for a ruleset file under today's key (none when there are none)."""
    try:
        trees = diskcache.read(_file(ruleset), key())
    except Exception:  # (a path that cannot be resolved)
        return {}
    return trees if isinstance(trees, dict) else {}


def save(ruleset: str | Path, trees: dict[str, Any]) -> None:
    """Keep `trees` for a ruleset file (nothing happens where the cache cannot be written)."""
    try:
        path = _file(ruleset)
    except Exception:
        return
    diskcache.write(path, key(), dict(list(trees.items())[:MAX_TREES]), MAX_FILES)


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
