"""Load a ruleset file: read it safely, build the located tree, follow and merge `extends:`.

`load_document` never raises for a user's mistake: every problem is a
`Diagnostic` in the returned `Document`. The merge rules are in docs/extends.md.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from stat import S_ISREG
from typing import Any

from interpreter.base import diskcache, resources
from interpreter.base.diagnostics import Diagnostic, RulesetError, Span, did_you_mean
from interpreter.base.records import dataclass, field
from interpreter.loading.extends import merge_trees
from interpreter.loading.located import LocDict, LocList, SourceText, copy_tree

__all__ = ["Document", "MAX_EXTENDS_DEPTH", "MAX_FILE_BYTES", "load_document", "parse_bytes", "parse_text"]

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_EXTENDS_DEPTH = 16


@dataclass
class Document:
    """A loaded ruleset: the merged located tree, the texts read, and every problem found.

    `root` may hold a best-effort tree even when `diagnostics` has errors, so later
    stages can report more; it is None when no usable tree could be built.
    """

    root: LocDict | None
    sources: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def has_errors(self) -> bool:
        return _has_errors(self.diagnostics)

    def raise_if_errors(self) -> None:
        """Raise `RulesetError` carrying every diagnostic if any is an error."""
        if self.has_errors:
            raise RulesetError(self.diagnostics, self.sources)


@dataclass(frozen=True)
class _File:
    """One file read and parsed (not yet merged); shared through the cache, so never mutated."""

    display: str
    identity: Path
    folder: Path
    tree: LocDict | None
    text: str | None
    diagnostics: tuple[Diagnostic, ...]


# ---------------------------------------------------------------- public entry points


def load_document(path: str | Path) -> Document:
    """Load a ruleset file and the files it extends; problems become diagnostics."""
    return _assemble(_parse_file(Path(path), str(path)))


def parse_text(text: str, filename: str) -> Document:
    """Parse ruleset text as if read from `filename` (relative `extends` start from its folder)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        return _assemble(_failed(filename, _too_large(filename, size), Span(filename, 1, 1)))
    return _assemble(_parse(_normalize(text), filename, Path(filename)))


def parse_bytes(data: bytes, filename: str) -> Document:
    """Parse the bytes of a ruleset file as if read from `filename`."""
    return _assemble(_from_bytes(data, filename, Path(filename)))


# ---------------------------------------------------------------- one file


def _parse_file(path: Path, display: str) -> _File:
    """Read and parse one file, reusing an earlier parse while the file is unchanged."""
    try:
        if path.is_dir():
            return _failed(display, f"cannot read '{display}': it is a folder, not a file")
        stat = path.stat()
    except FileNotFoundError:
        return _failed(display, f"cannot read '{display}': no such file")
    except (OSError, ValueError) as err:
        return _failed(display, f"cannot read '{display}': {getattr(err, 'strerror', None) or err}")
    if stat.st_size > MAX_FILE_BYTES:
        return _failed(display, _too_large(display, stat.st_size), Span(display, 1, 1))
    if not S_ISREG(stat.st_mode):  # a pipe (`validate <(curl ...)`), a device: read once, as named
        return _parse_file_cached.__wrapped__(str(path), display, stat.st_mtime_ns, stat.st_size)
    return _parse_file_cached(str(path.resolve()), display, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _parse_file_cached(resolved: str, display: str, mtime_ns: int, size: int) -> _File:
    """Parse a file by its resolved path; the key holds mtime and size so an edit re-reads it."""
    try:
        with open(resolved, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        return _failed(display, f"cannot read '{display}': {err.strerror or err}")
    if len(data) > MAX_FILE_BYTES:
        return _failed(display, _too_large(display, len(data)), Span(display, 1, 1))
    return _from_bytes(data, display, Path(resolved), keep=len(data) >= KEEP_FROM)


def _from_bytes(data: bytes, display: str, path: Path, keep: bool = False) -> _File:
    """Decode UTF-8 (a BOM is fine) and parse; a bad byte is reported at its line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = SourceText(display, _normalize(data[: err.start].decode("utf-8")))
        span = prefix.span(len(prefix.text))
        message = f"file is not valid UTF-8 (byte 0x{data[err.start]:02x})"
        return _failed(display, message, span, "save the file as UTF-8", prefix.text)
    return _parse(_normalize(text), display, path, keep)


def _parse(text: str, display: str, path: Path, keep: bool = False) -> _File:
    """Parse normalized text into a located mapping (with `keep`, a file's: its tree is kept
    between runs, `_kept_tree`)."""
    source = SourceText(display, text)
    found = _kept_tree(display, text) if keep else None
    if found is None:
        from interpreter.loading.yaml_tree import read_tree  # (PyYAML: not needed for a kept tree)

        tree, diagnostics = read_tree(source)
        if keep:
            _keep_tree(display, text, (tree, diagnostics))
    else:
        tree, diagnostics = found[0], list(found[1])
    if not isinstance(tree, LocDict) and not (tree is None and _has_errors(diagnostics)):
        diagnostics = [*diagnostics, _top_level_problem(tree, source)]
    tree = tree if isinstance(tree, LocDict) else None
    return _File(display, _identity(path), path.parent, tree, text, tuple(diagnostics))


# A file's located tree is kept between runs (base/diskcache.py): reading the YAML of a large ruleset
# is about a seventh of validating it, and a file validated or played again is mostly unchanged.
# The tree is kept under the file's name and text, and read back only under a key of the code
# that makes it (the YAML reader, located values, spans) and of PyYAML's version.
MAX_KEPT_TREES = 50  # files (a large ruleset's tree is about four times its YAML)
KEEP_FROM = 10_000  # bytes: a smaller file is read about as fast as its kept tree


@functools.cache
def _tree_key() -> str:
    import importlib.util

    here = Path(__file__).parent
    made = [here / name for name in ("yaml_tree.py", "located.py", "scalars.py")]
    made += [here.parent / "base" / name for name in ("diagnostics.py", "records.py")]
    yaml = importlib.util.find_spec("yaml")  # its version is written in its __init__.py
    if yaml is not None and yaml.origin:
        made.append(Path(yaml.origin))
    return diskcache.code_key(*made)


def _tree_file(display: str, text: str) -> Path | None:
    place = diskcache.folder("documents")
    return None if place is None else place / diskcache.name_of(f"{display}\0{text}")


def _kept_tree(display: str, text: str) -> tuple[Any, tuple[Diagnostic, ...]] | None:
    found = diskcache.read(_tree_file(display, text), _tree_key())
    return found if isinstance(found, tuple) and len(found) == 2 else None


def _keep_tree(display: str, text: str, tree: tuple[Any, Any]) -> None:
    diskcache.write(_tree_file(display, text), _tree_key(), tree, MAX_KEPT_TREES)


def _top_level_problem(tree: Any, source: SourceText) -> Diagnostic:
    """Why a parsed document is not a ruleset: empty, or not a mapping."""
    hint = "write the ruleset as 'key: value' lines"
    if tree is None:
        return Diagnostic("file is empty: a ruleset is a YAML mapping", source.span(0), hint)
    kind = (
        "a list"
        if isinstance(tree, LocList)
        else "a string"
        if isinstance(tree, str)
        else "true/false"
        if isinstance(tree, bool)
        else "a number"
    )
    span = getattr(tree, "span", None) or source.span(0)
    return Diagnostic(f"a ruleset must be a YAML mapping at the top level, not {kind}", span, hint)


def _has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def _identity(path: Path) -> Path:
    """The absolute, resolved path that tells two files apart (for cycles)."""
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop
        return path.absolute()


def _normalize(text: str) -> str:
    """Drop a BOM and make every line end a plain newline."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _failed(
    display: str, message: str, span: Span | None = None, hint: str | None = None, text: str | None = None
) -> _File:
    return _File(
        display, Path(display).absolute(), Path(display).parent, None, text, (Diagnostic(message, span, hint),)
    )


def _too_large(display: str, size: int) -> str:
    return f"file is too large: '{display}' has {size:,} bytes; the limit is {MAX_FILE_BYTES:,}"


# ---------------------------------------------------------------- extends


def _assemble(first: _File) -> Document:
    """Follow the `extends` chain from a parsed file and merge it into one tree."""
    doc = Document(root=None)
    chain = [first]
    trees: list[LocDict] = []  # the tree of each file of the chain
    while True:
        current = chain[-1]
        doc.files.append(current.display)
        if current.text is not None:
            doc.sources[current.display] = current.text
        doc.diagnostics.extend(current.diagnostics)
        if current.tree is None or (current is not first and _has_errors(current.diagnostics)):
            return doc
        trees.append(current.tree)
        if "extends" not in current.tree:
            break
        base = _base_of(current, current.tree, chain, doc.diagnostics)
        if base is None:
            return doc
        chain.append(base)
    merged = copy_tree(trees[-1])
    for tree in reversed(trees[:-1]):
        merged = merge_trees(merged, tree, doc.diagnostics)
    doc.root = merged
    return doc


def _base_of(file: _File, tree: LocDict, chain: list[_File], diagnostics: list[Diagnostic]) -> _File | None:
    """The parsed base a file (whose tree is `tree`) extends, or None after reporting why there is none."""
    value = tree["extends"]
    span = tree.value_spans.get("extends")
    if not isinstance(value, str) or not value.strip():
        diagnostics.append(
            Diagnostic(
                "extends must name a base ruleset: a path relative to this file, or a shipped ruleset name",
                span,
                "for example: extends: ../base.yaml",
            )
        )
        return None
    if len(chain) > MAX_EXTENDS_DEPTH:
        diagnostics.append(Diagnostic(f"extends chain is deeper than {MAX_EXTENDS_DEPTH} files", span))
        return None
    path = _find_base(value, file.folder)
    if path is None:
        hint = did_you_mean(value, _base_names(file.folder)) or (
            "give a path relative to this file's folder, or the name of a shipped ruleset"
        )
        diagnostics.append(Diagnostic(f"cannot find the base ruleset '{value}'", span, hint))
        return None
    identity = _identity(path)
    seen = [f.identity for f in chain]
    if identity in seen:
        names = [f.display for f in chain[seen.index(identity) :]] + [chain[seen.index(identity)].display]
        diagnostics.append(
            Diagnostic(
                f"extends cycle: {' -> '.join(names)}",
                span,
                "a ruleset cannot extend itself, directly or through its bases",
            )
        )
        return None
    return _parse_file(identity, _display(identity))


def _find_base(value: str, folder: Path) -> Path | None:
    """A path relative to the extending file's folder (`.yaml` optional), else a shipped ruleset."""
    names = [value] if value.endswith((".yaml", ".yml")) else [value, f"{value}.yaml"]
    for name in names:
        try:
            if (folder / name).is_file():
                return folder / name
        except (OSError, ValueError):
            return None
    try:
        return resources.shipped_ruleset(value)
    except (OSError, ValueError):
        return None


def _base_names(folder: Path) -> list[str]:
    """What `extends` could have said: shipped ruleset names and the .yaml files beside this one."""
    names: list[str] = []
    try:
        shipped = resources.data_dir("rulesets")
        names += [p.relative_to(shipped).with_suffix("").as_posix() for p in shipped.rglob("*.yaml")]
    except OSError:
        pass
    try:
        names += [n for p in folder.glob("*.yaml") for n in (p.name, p.stem)]
    except OSError:
        pass
    return names


def _display(path: Path) -> str:
    """A base file's name for messages: relative to the current folder when it is inside it."""
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
