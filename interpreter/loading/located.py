"""The located tree: mappings, lists and strings that know where they were written.

`SourceText` turns offsets into spans; `LocStr` maps each character of a
value back to the file, through quotes, escapes and block indentation, so an
error inside an expression string points at the right column.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import Any

from interpreter.base.diagnostics import Span

BREAKS = "\n\x85\u2028\u2029"
_BREAK_RE = re.compile("[\n\x85\u2028\u2029]")


class SourceText:
    """One file's text with a line table, to turn character offsets into spans."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self._starts = [0] + [m.end() for m in _BREAK_RE.finditer(text)]

    def position(self, index: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        line = bisect.bisect_right(self._starts, index)
        return line, index - self._starts[line - 1] + 1

    def span(self, start: int, end: int | None = None) -> Span:
        """The span from offset `start` to offset `end` (exclusive)."""
        line, col = self.position(start)
        end_line, end_col = self.position(start if end is None else end)
        return Span(self.file, line, col, end_line, end_col)


# ---------------------------------------------------------------- located tree


class LocStr(str):
    """A string value that remembers where it was written, down to each character."""

    span: Span | None
    _where: tuple[SourceText | None, int, int, str | None]  # (source, start, end, style) of its text
    _map: tuple[list[int], list[int]] | None  # each character's (start, end) offsets, made when asked

    def __new__(
        cls,
        value: str = "",
        span: Span | None = None,
        source: SourceText | None = None,
        start: int = 0,
        end: int = 0,
        style: str | None = None,
    ) -> LocStr:
        obj = super().__new__(cls, value)
        obj.span = span
        obj._where = (source, start, end, style)
        obj._map = None
        return obj

    def span_at(self, start: int, end: int) -> Span | None:
        """The file span of characters `start:end` of this string's value."""
        source = self._where[0]
        if source is None or not self:
            return self.span
        starts, ends = self._char_map(source)
        n = len(self)
        start = min(max(start, 0), n)
        end = min(max(end, start), n)
        first = starts[start] if start < n else ends[-1]
        return source.span(first, ends[end - 1] if end > start else first)

    def _char_map(self, source: SourceText) -> tuple[list[int], list[int]]:
        if self._map is None:
            _, start, end, style = self._where
            self._map = char_map(source.text, start, end, style, str(self))
        return self._map


class LocDict(dict):
    """A mapping with the spans of itself, of each key and of each value."""

    def __init__(self, span: Span | None = None) -> None:
        super().__init__()
        self.span = span
        self.key_spans: dict[str, Span] = {}
        self.value_spans: dict[str, Span] = {}

    def put(self, key: str, value: Any, key_span: Span | None, value_span: Span | None) -> None:
        """Set a key together with its spans."""
        self[key] = value
        if key_span is not None:
            self.key_spans[key] = key_span
        if value_span is not None:
            self.value_spans[key] = value_span


class LocList(list):
    """A list with the spans of itself and of each item."""

    def __init__(self, span: Span | None = None) -> None:
        super().__init__()
        self.span = span
        self.item_spans: list[Span] = []


def copy_tree(value: Any) -> Any:
    """A copy with new containers; strings and numbers are shared (they are immutable)."""
    if isinstance(value, LocDict):
        new = LocDict(value.span)
        for key, item in value.items():
            new[key] = copy_tree(item)
        new.key_spans, new.value_spans = dict(value.key_spans), dict(value.value_spans)
        return new
    if isinstance(value, LocList):
        new_list = LocList(value.span)
        new_list.extend(copy_tree(item) for item in value)
        new_list.item_spans = list(value.item_spans)
        return new_list
    return value


def span_of(root: Any, path: Sequence[str | int]) -> Span | None:
    """The best span for the value at a JSON path; a missing key gives its parent's span."""
    node, span = root, getattr(root, "span", None)
    for step in path:
        found = _step(node, step)
        if found is None:
            return span
        node, span = found
    return span


def key_span_of(root: Any, path: Sequence[str | int]) -> Span | None:
    """The span of the last key of a path (its item span for a list index)."""
    steps = list(path)
    if not steps:
        return getattr(root, "span", None)
    parent = root
    for step in steps[:-1]:
        found = _step(parent, step)
        if found is None:
            return span_of(root, steps)
        parent = found[0]
    if isinstance(parent, LocDict) and steps[-1] in parent.key_spans:
        return parent.key_spans[steps[-1]]
    return span_of(root, steps)


def _step(node: Any, step: str | int) -> tuple[Any, Span | None] | None:
    """One step down a JSON path, with the span of what it reaches."""
    if isinstance(node, LocDict) and isinstance(step, str) and step in node:
        return node[step], node.value_spans.get(step)
    if isinstance(node, LocList) and type(step) is int and 0 <= step < len(node):
        return node[step], node.item_spans[step]
    return None


# ---------------------------------------------------------------- character map

_TEXT, _SPACE, _BREAK, _SKIP = range(4)
_Entry = tuple[str, int, int, int]  # (character, source start, source end, kind)


def char_map(text: str, start: int, end: int, style: str | None, value: str) -> tuple[list[int], list[int]]:
    """Source start and end offsets of each character of a scalar's value."""
    first, last = (start + 1, end - 1) if style in ("'", '"') else (start, end)
    if style not in ("|", ">") and text[first:last] == value:  # on one line, nothing escaped: as written
        return list(range(first, last)), list(range(first + 1, last + 1))
    if style in ("|", ">"):
        entries = _block_entries(text, start, end, value)
    else:
        entries = _flow_entries(text, start, end, style)
    return _align(value, entries, start)


def _align(value: str, entries: list[_Entry], default: int) -> tuple[list[int], list[int]]:
    """Match value characters to source entries; characters past a mismatch map to the last match."""
    starts: list[int] = []
    ends: list[int] = []
    j = 0
    for ch in value:
        j = _next_match(ch, entries, j)
        if j < 0:
            break
        starts.append(entries[j][1])
        ends.append(entries[j][2])
        j += 1
    pad = ends[-1] if ends else default
    missing = len(value) - len(starts)
    return starts + [pad] * missing, ends + [pad] * missing


def _next_match(ch: str, entries: list[_Entry], j: int) -> int:
    """Index of the entry that produced `ch`, skipping whitespace the scanner dropped; -1 if none."""
    while j < len(entries):
        source_ch, _, _, kind = entries[j]
        if kind != _SKIP and (source_ch == ch or (kind == _BREAK and ch in " \n")):
            return j
        if kind == _TEXT:
            return -1
        j += 1
    return -1


def _flow_entries(text: str, start: int, end: int, style: str | None) -> list[_Entry]:
    """Entries of a plain, single-quoted or double-quoted scalar."""
    if style in ("'", '"'):
        start, end = start + 1, end - 1
    entries: list[_Entry] = []
    i, skip_blanks = start, False
    while i < end:
        ch = text[i]
        if style == "'" and text.startswith("''", i):
            entries.append(("'", i, i + 2, _TEXT))
            i += 2
        elif style == '"' and ch == "\\":
            i, skip_blanks = _escape(text, i, entries)
        else:
            kind = _BREAK if ch in BREAKS else _SPACE if ch in " \t" else _TEXT
            entries.append((ch, i, i + 1, _SKIP if skip_blanks and kind == _SPACE else kind))
            skip_blanks = skip_blanks and kind != _TEXT
            i += 1
    return entries


def _escape(text: str, i: int, entries: list[_Entry]) -> tuple[int, bool]:
    """Add the entry of a backslash escape at `i`; the next index, and whether blanks follow a joined line."""
    from yaml.scanner import Scanner  # (PyYAML is imported only where YAML is read or mapped)

    code = text[i + 1 : i + 2]
    if code in Scanner.ESCAPE_REPLACEMENTS:
        entries.append((Scanner.ESCAPE_REPLACEMENTS[code], i, i + 2, _TEXT))
        return i + 2, False
    if code in Scanner.ESCAPE_CODES:
        end = i + 2 + Scanner.ESCAPE_CODES[code]
        try:
            entries.append((chr(int(text[i + 2 : end], 16)), i, end, _TEXT))
        except ValueError:
            entries.append(("\\", i, end, _TEXT))
        return end, False
    return i + 2, True  # an escaped line break joins the lines


def _block_entries(text: str, start: int, end: int, value: str) -> list[_Entry]:
    """Entries of a literal (|) or folded (>) block scalar, indentation left out."""
    header_end = _BREAK_RE.search(text, start, max(end, start))
    if header_end is None:
        return []
    lines = _lines(text, header_end.end(), end)
    indent = _block_indent(text, lines, value)
    if indent < 0:
        return []
    entries: list[_Entry] = []
    for line_start, line_end in lines:
        entries.extend((text[k], k, k + 1, _TEXT) for k in range(line_start + indent, line_end))
        if line_end < len(text) and text[line_end] in BREAKS:
            entries.append((text[line_end], line_end, line_end + 1, _BREAK))
    return entries


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """(start, end) offsets of the lines between two offsets, breaks excluded."""
    lines, i = [], start
    while i < end:
        found = _BREAK_RE.search(text, i, end)
        line_end = found.start() if found else end
        lines.append((i, line_end))
        i = line_end + 1
    return lines


def _block_indent(text: str, lines: list[tuple[int, int]], value: str) -> int:
    """The block's indentation, from its first non-blank line and the value's first line."""
    content = value.lstrip("\n")
    for line_start, line_end in lines:
        line = text[line_start:line_end]
        if line.strip(" "):
            return (len(line) - len(line.lstrip(" "))) - (len(content) - len(content.lstrip(" ")))
    return max((end - start for start, end in lines), default=0)  # only blank lines: all breaks
