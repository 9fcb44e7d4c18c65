"""Where a worker gets its ruleset: the file itself, or its texts sent along to another machine.

A worker process compiles each ruleset once and keeps it (`ruleset()`), so the ranges it
plays after the first cost no compilation.  For a cluster whose machines do not share this
one's files, `shipped(path)` carries the file and every file it extends as text; the
worker writes them under a folder of its own (laid out as they are here, so `extends:`
finds them) and compiles from there.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

from interpreter.base.records import dataclass

_COMPILED: dict[tuple, Any] = {}  # per process: (path, texts' digest) -> Ruleset


@dataclass(frozen=True)
class RulesetSource:
    """A ruleset file, and its texts when it must travel (relative path -> text)."""

    path: str
    texts: tuple[tuple[str, str], ...] = ()
    main: str = ""  # the file's own relative path among `texts`
    players: int | None = None  # the number of players to compile it for (None: its players.count)

    def digest(self) -> str:
        h = hashlib.sha256()
        for name, text in self.texts:
            h.update(name.encode() + b"\0" + text.encode("utf-8", "surrogatepass") + b"\0")
        return h.hexdigest()

    def local_path(self) -> str:
        """A path this process can load: the file itself, or where its texts were written."""
        if not self.texts:
            return self.path
        folder = (
            Path(tempfile.gettempdir()) / f"cardrules-{os.getuid() if hasattr(os, 'getuid') else 0}" / self.digest()
        )
        for name, text in self.texts:
            target = folder / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        return str(folder / self.main)

    def ruleset(self, instrument: Any = None) -> Any:
        """The compiled ruleset, compiled once per process (`instrument(rs)` makes a counted copy)."""
        key = (self.path, self.digest(), self.players, instrument)
        rs = _COMPILED.get(key)
        if rs is None:
            from interpreter.compiling.pipeline import load_ruleset

            rs = load_ruleset(self.local_path(), players=self.players)
            if instrument is not None:
                rs = instrument(rs)
            _COMPILED[key] = rs
        return rs


def shipped(path: str, players: int | None = None) -> RulesetSource:
    """The file and every file it extends, as texts relative to their common folder."""
    from interpreter.loading import load_document

    doc = load_document(path)
    files = [Path(f).resolve() for f in (doc.files or [path])]
    root = Path(os.path.commonpath([f.parent for f in files]))
    texts = tuple(sorted((str(f.relative_to(root)), f.read_text(encoding="utf-8")) for f in files))
    return RulesetSource(path, texts, str(Path(path).resolve().relative_to(root)), players)


def family(path: str) -> str:
    """The file at the end of a ruleset's `extends:` chain (a base game is its own): two rulesets
    of one family are one game and its variants."""
    from interpreter.loading import load_document

    doc = load_document(path)
    return str(Path(doc.files[-1] if doc.files else path).resolve())
