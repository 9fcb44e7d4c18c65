"""Card images a ruleset names (`display.images`): checked here, served by front ends that draw cards.

`face` is a pattern filled from each card (`{id}`, `{suit}`, `{rank}`, its attributes), `cards` names
files for single cards, `back` the back of every card.  A path is relative to the file that writes it
and must stay inside that file's folder (no `..`, nothing absolute, no link leading out), be of a
picture type a browser shows (svg, png, webp, jpg) and exist.  Each problem is a diagnostic at the
path's place in the file; a ruleset with images compiles to a `CardImages` that lists the files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag, Span, allowed_values_hint, did_you_mean
from interpreter.base.records import dataclass

TYPES = {
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
}
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True, slots=True)
class CardImages:
    """The image files of a ruleset: `files` are absolute paths, `faces` index them per card face
    (-1: drawn), `back` indexes the back (-1: drawn)."""

    files: tuple[str, ...]
    faces: tuple[int, ...]
    back: int = -1

    def content_type(self, n: int) -> str:
        return TYPES[Path(self.files[n]).suffix.lower()]


def path_problem(path: str) -> str | None:
    """Why a path written in a ruleset cannot name an image, None when it can (the file aside)."""
    if "\\" in path:
        return "has a '\\': write '/' between folders"
    if path.startswith("/") or _DRIVE.match(path):
        return "is absolute; give it relative to the ruleset's folder"
    parts = PurePosixPath(path).parts
    if ".." in parts:
        return "leaves the ruleset's folder ('..')"
    if not parts or PurePosixPath(path).suffix.lower() not in TYPES:
        return "is not an image of type svg, png, webp or jpg"
    return None


class _Files:
    """The files named so far, each once."""

    def __init__(self) -> None:
        self.files: list[str] = []

    def add(self, path: Path) -> int:
        text = str(path)
        if text not in self.files:
            self.files.append(text)
        return self.files.index(text)


def _span(node: Any, key: str) -> Span | None:
    value = node.get(key) if isinstance(node, Mapping) else None
    spans = getattr(node, "value_spans", None) or {}
    return getattr(value, "span", None) or spans.get(key) or getattr(node, "span", None)


def _folder(span: Span | None, path: str) -> Path:
    """The folder of the file the path is written in (the ruleset's, for text that is no file)."""
    name = span.file if span is not None and not span.file.startswith("<") else path
    return Path(name).resolve().parent


def _locate(folder: Path, rel: str) -> tuple[Path | None, str | None]:
    """The file `rel` names in `folder`, or why it names none."""
    problem = path_problem(rel)
    if problem is not None:
        return None, problem
    try:
        target = (folder / rel).resolve()
        if not target.is_relative_to(folder):
            return None, "leads out of the ruleset's folder"
        if not target.is_file():
            return None, "does not exist"
    except (OSError, ValueError, RuntimeError):  # a NUL, a name too long, a loop of links
        return None, "cannot be read as a file"
    return target, None


def _fill(pattern: str, cards: Any, face: int) -> str | None:
    """The pattern filled in for one card; None when it names a suit or rank the card lacks."""
    values: dict[str, Any] = {"id": cards.ids[face]}
    if cards.suit_of[face] >= 0:
        values["suit"] = cards.suit_ids[cards.suit_of[face]]
    if cards.rank_of[face] >= 0:
        values["rank"] = cards.rank_ids[cards.rank_of[face]]
    for name, table in cards.attrs.items():
        values.setdefault(name, table[face])
    if any(name not in values for name in _PLACEHOLDER.findall(pattern)):
        return None
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), pattern)


def compile_images(node: Any, cards: Any, path: str, bag: DiagnosticBag) -> CardImages | None:
    """The checked images of `display.images` (None when there is none); problems go into `bag`."""
    if not isinstance(node, Mapping) or cards is None:
        return None
    files = _Files()
    faces = [-1] * cards.count
    known = {"id", "suit", "rank", *cards.attrs}
    named: set[int] = set()  # the faces `cards` names: the pattern leaves them
    singles = node.get("cards")
    if isinstance(singles, Mapping):
        index = cards.index()
        keys = getattr(singles, "key_spans", None) or {}
        for cid, rel in singles.items():
            span = _span(singles, cid)
            if cid not in index:
                bag.error(f"images.cards names unknown card '{cid}'", keys.get(cid, span), did_you_mean(cid, index))
                continue
            target, problem = _locate(_folder(span, path), str(rel))
            if problem is not None:
                bag.error(f"image '{rel}' of card '{cid}' {problem}", span)
            elif target is not None:
                faces[index[cid]] = files.add(target)
            named.add(index[cid])
    pattern = node.get("face")
    if isinstance(pattern, str):
        span = _span(node, "face")
        names = _PLACEHOLDER.findall(pattern)
        bad = [n for n in names if n not in known]
        if bad:
            hint = did_you_mean(bad[0], known) or allowed_values_hint(known)
            bag.error(f"images.face names unknown placeholder '{{{bad[0]}}}'", span, hint)
        elif "{" in _PLACEHOLDER.sub("", pattern) or "}" in _PLACEHOLDER.sub("", pattern):
            bag.error("images.face has a '{' or '}' that opens or closes no placeholder", span)
        else:
            _faces_from_pattern(pattern, span, cards, faces, named, files, path, bag)
    back = -1
    if isinstance(node.get("back"), str):
        rel, span = str(node["back"]), _span(node, "back")
        target, problem = _locate(_folder(span, path), rel)
        if problem is not None:
            bag.error(f"images.back '{rel}' {problem}", span)
        elif target is not None:
            back = files.add(target)
    if bag.has_errors or not files.files:
        return None
    return CardImages(tuple(files.files), tuple(faces), back)


def _faces_from_pattern(
    pattern: str,
    span: Span | None,
    cards: Any,
    faces: list[int],
    named: set[int],
    files: _Files,
    path: str,
    bag: DiagnosticBag,
) -> None:
    """Each card's face from the pattern; one diagnostic for each kind of problem (with a count)."""
    folder = _folder(span, path)
    problems: dict[str, list[str]] = {}
    for face in range(cards.count):
        rel = None if face in named else _fill(pattern, cards, face)
        if rel is None:
            continue
        target, problem = _locate(folder, rel)
        if problem is not None:
            problems.setdefault(problem, []).append(f"'{rel}' (card '{cards.ids[face]}')")
        elif target is not None:
            faces[face] = files.add(target)
    for problem, which in problems.items():
        more = f", and {len(which) - 1} more" if len(which) > 1 else ""
        bag.error(f"images.face: image {which[0]} {problem}{more}", span)
