"""YAML text -> a located tree: mappings, lists and strings that know where they were written.

We read YAML's data-only subset: YAML 1.2 core scalars, no tags beyond the
standard ones, no merge keys, and alias expansion bounded by a node count.
The tree is built from `yaml.compose` nodes; no PyYAML constructor ever runs.
"""
from __future__ import annotations

import bisect
import math
import re
from typing import Any, Sequence

from yaml.composer import Composer, ComposerError
from yaml.error import MarkedYAMLError, YAMLError
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from .diagnostics import Diagnostic, Span, did_you_mean

MAX_NODES = 100_000
MAX_DEPTH = 100

_BREAKS = "\n\x85\u2028\u2029"
_BREAK_RE = re.compile("[\n\x85\u2028\u2029]")
_CORE = "tag:yaml.org,2002:"
_PLAIN = " plain"  # marks untagged plain scalars; a real tag cannot contain a space
_SCALAR_TAGS = frozenset(_CORE + t for t in ("str", "int", "float", "bool", "null"))
_SURROGATE = re.compile("[\ud800-\udfff]")
_NON_BLANK = re.compile(r"\S+")


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

    def __new__(cls, value: str = "", span: Span | None = None, source: SourceText | None = None,
                start: int = 0, end: int = 0, style: str | None = None) -> LocStr:
        obj = super().__new__(cls, value)
        obj.span = span
        obj._where = (source, start, end, style)
        obj._map = None
        return obj

    def span_at(self, start: int, end: int) -> Span:
        """The file span of characters `start:end` of this string's value."""
        source = self._where[0]
        if source is None or not self:
            return self.span
        starts, ends = self._char_map()
        n = len(self)
        start = min(max(start, 0), n)
        end = min(max(end, start), n)
        first = starts[start] if start < n else ends[-1]
        return source.span(first, ends[end - 1] if end > start else first)

    def _char_map(self) -> tuple[list[int], list[int]]:
        if self._map is None:
            source, start, end, style = self._where
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


# ---------------------------------------------------------------- scalars


_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL_FLOATS = {f"{sign}.{word}": float(f"{sign}inf") for sign in ("", "+", "-")
                   for word in ("inf", "Inf", "INF")} | {f".{w}": math.nan for w in ("nan", "NaN", "NAN")}
_YAML11_BOOLS = frozenset({"yes", "no", "on", "off", "y", "n"})
_YAML11_INT = re.compile(r"[-+]?0[0-9_]+|[-+]?[0-9][0-9_]*_[0-9_]*")


def core_scalar(text: str) -> Any:
    """YAML 1.2 core schema for a plain scalar: None, bool, int, float, or the text itself."""
    if text in _NULLS:
        return None
    if text in _BOOLS:
        return _BOOLS[text]
    if len(text) > 64 and (_INT.fullmatch(text) or _FLOAT.fullmatch(text)):
        return text   # a number this long is a mistake: it stays text, and the schema says so
    try:
        if _INT.fullmatch(text):
            return int(text, 0) if text[:2] in ("0o", "0x") else int(text)
        if _FLOAT.fullmatch(text) and any(c in text for c in ".eE"):
            return float(text)
    except ValueError:  # more digits than Python converts; it stays text
        return text
    return _SPECIAL_FLOATS.get(text, text)


def yaml11_bool_word(value: object) -> bool:
    """True for words YAML 1.1 read as booleans but we keep as text (yes, no, on, off, y, n)."""
    return isinstance(value, str) and value.lower() in _YAML11_BOOLS


def yaml11_hint(value: object) -> str | None:
    """A hint for a string that an older YAML reader would have taken as a boolean or number."""
    if yaml11_bool_word(value):
        return "write true or false: words like 'yes' and 'on' are text in the YAML we read"
    if isinstance(value, str) and _YAML11_INT.fullmatch(value):
        digits = value.replace("_", "")
        return f"write {int(digits)}: a number with a leading zero or '_' is text in the YAML we read"
    return None


# ---------------------------------------------------------------- character map

_TEXT, _SPACE, _BREAK, _SKIP = range(4)
_Entry = tuple[str, int, int, int]  # (character, source start, source end, kind)


def char_map(text: str, start: int, end: int, style: str | None, value: str) -> tuple[list[int], list[int]]:
    """Source start and end offsets of each character of a scalar's value."""
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
            kind = _BREAK if ch in _BREAKS else _SPACE if ch in " \t" else _TEXT
            entries.append((ch, i, i + 1, _SKIP if skip_blanks and kind == _SPACE else kind))
            skip_blanks = skip_blanks and kind != _TEXT
            i += 1
    return entries


def _escape(text: str, i: int, entries: list[_Entry]) -> tuple[int, bool]:
    """Add the entry of a backslash escape at `i`; the next index, and whether blanks follow a joined line."""
    code = text[i + 1: i + 2]
    if code in Scanner.ESCAPE_REPLACEMENTS:
        entries.append((Scanner.ESCAPE_REPLACEMENTS[code], i, i + 2, _TEXT))
        return i + 2, False
    if code in Scanner.ESCAPE_CODES:
        end = i + 2 + Scanner.ESCAPE_CODES[code]
        try:
            entries.append((chr(int(text[i + 2:end], 16)), i, end, _TEXT))
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
        if line_end < len(text) and text[line_end] in _BREAKS:
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


# ---------------------------------------------------------------- loader


class _AliasNode:
    """An alias (`*name`) kept as such, so its expansion can be counted and located."""

    def __init__(self, target: Node, name: str, start_mark: Any, end_mark: Any) -> None:
        self.target, self.name = target, name
        self.start_mark, self.end_mark = start_mark, end_mark


class _LimitError(MarkedYAMLError):
    """A limit of ours was reached while composing; the problem is already in plain words."""


class _Loader(Reader, Scanner, Parser, Composer, BaseResolver):
    """PyYAML's scanner, parser and composer, with plain scalars left for us to resolve."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        BaseResolver.__init__(self)
        self.depth = 0
        self.nodes = 0

    def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str:
        """Untagged plain scalars get our marker; YAML 1.2 core resolution happens later."""
        if kind is ScalarNode and implicit[0]:
            return _PLAIN
        return BaseResolver.resolve(self, kind, value, implicit)

    def compose_node(self, parent: Node | None, index: Any) -> Any:
        """Compose one node, keeping aliases as `_AliasNode` and enforcing depth and size limits."""
        if self.check_event(AliasEvent):
            event = self.get_event()
            if event.anchor not in self.anchors:
                raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
            return _AliasNode(self.anchors[event.anchor], event.anchor, event.start_mark, event.end_mark)
        self.depth += 1
        self.nodes += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _LimitError(None, None, f"values are nested more than {MAX_DEPTH} levels deep",
                                 self.peek_event().start_mark)
            if self.nodes > MAX_NODES:
                raise _LimitError(None, None, f"the file has more than {MAX_NODES} values",
                                 self.peek_event().start_mark)
            return Composer.compose_node(self, parent, index)
        finally:
            self.depth -= 1


try:
    from yaml.cyaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None

if _CParser is not None:
    class _FastLoader(Composer, _CParser, BaseResolver):
        """libyaml's scanner and parser with our composer: the same tree, several times faster.

        Only files that parse without error go this way; errors are re-read by
        the pure-Python loader, whose messages and positions we translate.
        """

        resolve = _Loader.resolve
        compose_node = _Loader.compose_node

        def __init__(self, text: str) -> None:
            _CParser.__init__(self, text)
            Composer.__init__(self)
            BaseResolver.__init__(self)
            self.depth = 0
            self.nodes = 0


# ---------------------------------------------------------------- tree builder


class _Stop(Exception):
    """Building cannot go on; carries the diagnostic that says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class _Builder:
    """Turns composed nodes into the located tree, after checking what aliases expand to."""

    def __init__(self, source: SourceText, diagnostics: list[Diagnostic]) -> None:
        self.source, self.text, self.diagnostics = source, source.text, diagnostics
        self.depth = 0
        self.sizes: dict[int, int] = {}
        self.open: set[int] = set()

    def build(self, node: Any) -> tuple[Any, Span]:
        """The located value of a node, and the span where it is written."""
        if isinstance(node, _AliasNode):
            return self._alias(node)
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Stop(Diagnostic(f"values are nested more than {MAX_DEPTH} levels deep", self.span(node)))
            return self._mapping(node) if isinstance(node, MappingNode) else self._sequence(node)
        finally:
            self.depth -= 1

    def span(self, node: Any) -> Span:
        """The span of a node's content (after its anchor and tag), trailing blanks left out."""
        start, end = self._bounds(node)
        return self.source.span(start, end)

    def _bounds(self, node: Any) -> tuple[int, int]:
        start, end = node.start_mark.index, node.end_mark.index
        content = _content_start(self.text, start)
        start = content if content <= end else start
        while end > start and self.text[end - 1] in " \t" + _BREAKS:
            end -= 1
        return start, end

    def _alias(self, alias: _AliasNode) -> tuple[Any, Span]:
        return self.build(alias.target)[0], self.span(alias)

    def check_budget(self, root: Node) -> None:
        """Count the tree's nodes without building it, stopping at the first alias that passes the limit."""
        count, stack = 0, [root]
        while stack:
            node = stack.pop()
            if isinstance(node, _AliasNode):
                count += self._size(node.target, node)
                if count > MAX_NODES:
                    raise _Stop(Diagnostic(f"YAML alias expansion exceeds {MAX_NODES} nodes", self.span(node),
                                           "each alias (*name) copies its whole anchored value; "
                                           "aliases inside anchored values multiply"))
            else:
                count += 1
                stack.extend(reversed(_children(node)))

    def _size(self, node: Any, via: _AliasNode) -> int:
        """How many nodes a value expands to (capped just past the limit); `via` is the alias that led here."""
        if isinstance(node, _AliasNode):
            return self._size(node.target, node)
        key = id(node)
        if key in self.sizes:
            return self.sizes[key]
        if key in self.open:
            raise _Stop(Diagnostic(f"alias '*{via.name}' refers to a value that contains it", self.span(via),
                                   "a ruleset is a tree: an alias cannot repeat a value it is inside of"))
        self.open.add(key)
        total = 1
        for child in _children(node):
            total = min(total + self._size(child, via), MAX_NODES + 1)
        self.open.discard(key)
        self.sizes[key] = total
        return total

    def _scalar(self, node: ScalarNode) -> tuple[Any, Span]:
        start, end = self._bounds(node)
        span = self.source.span(start, end)
        text = LocStr(node.value, span, self.source, start, max(end, node.end_mark.index), node.style)
        if _SURROGATE.search(node.value):
            self._error("an escape gives half of a surrogate pair, which is not a character", span)
        if node.tag == _PLAIN:
            value = core_scalar(node.value)
            return (text if isinstance(value, str) else value), span
        if node.tag not in _SCALAR_TAGS:
            self._bad_tag(node, "a scalar")
            return text, span
        return self._tagged(node, text, span), span

    def _tagged(self, node: ScalarNode, text: LocStr, span: Span) -> Any:
        """A scalar with an explicit standard tag (`!!str`, `!!int`, ...)."""
        kind = node.tag[len(_CORE):]
        if kind == "str":
            return text
        value = core_scalar(node.value)
        fits = {"int": type(value) is int, "float": type(value) in (int, float),
                "bool": type(value) is bool, "null": value is None}[kind]
        if not fits:
            self._error(f"'{node.value}' is not a valid !!{kind} value", span)
            return text
        return float(value) if kind == "float" else value

    def _mapping(self, node: MappingNode) -> tuple[LocDict, Span]:
        if node.tag != _CORE + "map":
            self._bad_tag(node, "a mapping")
        result = LocDict(self.span(node))
        for key_node, value_node in node.value:
            key, key_span = self._key(key_node)
            value, value_span = self.build(value_node)
            if key is None:
                continue
            if key in result:
                first = result.key_spans[key]
                self._error(f"duplicate key '{key}' in this mapping", key_span, f"first defined at line {first.line}")
                continue
            result.put(key, value, key_span, value_span)
        return result, result.span

    def _key(self, node: Any) -> tuple[str | None, Span]:
        """A mapping key as text; keys are always strings (`1:` is the key '1')."""
        span = self.span(node)
        target = node.target if isinstance(node, _AliasNode) else node
        if not isinstance(target, ScalarNode):
            kind = "mapping" if isinstance(target, MappingNode) else "list"
            self._error(f"a mapping key must be a name or a value, not a {kind}", span)
            return None, span
        if target.tag == _PLAIN and target.value == "<<":
            self._error("merge keys ('<<') are not supported", span,
                        "repeat the keys, or share the whole value with an anchor (&name) and an alias (*name)")
            return None, span
        if target.tag != _PLAIN and target.tag not in _SCALAR_TAGS:
            self._bad_tag(target, "a key")
        return target.value, span

    def _sequence(self, node: SequenceNode) -> tuple[LocList, Span]:
        if node.tag != _CORE + "seq":
            self._bad_tag(node, "a list")
        result = LocList(self.span(node))
        for item in node.value:
            value, span = self.build(item)
            result.append(value)
            result.item_spans.append(span)
        return result, result.span

    def _bad_tag(self, node: Node, what: str) -> None:
        """Report a tag we do not accept, at the tag as written."""
        at = _tag_start(self.text, node.start_mark.index)
        written = _NON_BLANK.match(self.text, at).group() if at is not None else node.tag
        span = self.source.span(at, at + len(written)) if at is not None else self.span(node)
        if node.tag in _SCALAR_TAGS | {_CORE + "map", _CORE + "seq"}:
            self._error(f"the tag '{written}' cannot be used on {what}", span, "remove the tag")
        else:
            self._error(f"YAML tags are not allowed: '{written}'", span,
                        "a ruleset holds plain data only (text, numbers, true/false, null, lists, mappings)")

    def _error(self, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(message, span, hint))


def _children(node: Node) -> list[Any]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _content_start(text: str, i: int) -> int:
    """Skip a node's anchor and tag (`&a !!str`) to where its content begins."""
    while i < len(text) and text[i] in "&!":
        i = _skip_property(text, i)
    return i


def _tag_start(text: str, i: int) -> int | None:
    """Where the tag among a node's properties starts, if it has one."""
    while i < len(text) and text[i] in "&!":
        if text[i] == "!":
            return i
        i = _skip_property(text, i)
    return None


def _skip_property(text: str, i: int) -> int:
    """Skip one anchor or tag and the blanks after it."""
    while i < len(text) and text[i] not in " \t,[]{}" + _BREAKS:
        i += 1
    while i < len(text) and text[i] in " \t" + _BREAKS:
        i += 1
    return i


# ---------------------------------------------------------------- PyYAML errors in plain words

_TOKENS = {"<block mapping start>": "a new key", "<block sequence start>": "a list item", "-": "a list item",
           "<scalar>": "a value", "<block end>": "the end of a block", "<anchor>": "an anchor",
           "<alias>": "an alias", "<tag>": "a tag", "<stream end>": "the end of the file",
           "<document start>": "'---'", "<document end>": "'...'", "<directive>": "a '%' directive"}

# (PyYAML's problem, our message, our hint); {0}.. are the pattern's groups, {line} the context's line.
_WORDS: list[tuple[str, str, str | None]] = [
    (r"found character '(.)' that cannot start any token", "'{0}' cannot start a value", "put the value in quotes"),
    (r"mapping values are not allowed here", "a ':' is not allowed here",
     "if the value contains ': ', put it in quotes; otherwise check this line's indentation"),
    (r"could not find expected ':'", "expected ':' after the key on line {line}",
     "a key is written 'name: value'; text that goes on over several lines must be indented or quoted"),
    (r"expected <block end>, but found '(.+)'", "bad indentation: {t0} is not expected here",
     "keys of one mapping, and items of one list, start in the same column (this block starts at line {line})"),
    (r"sequence entries are not allowed here", "a list item ('- ') is not allowed here",
     "start the list on its own line, indented under its key"),
    (r"mapping keys are not allowed here", "a key is not allowed here", "check this line's indentation"),
    (r"found duplicate anchor '(.+)'", "the anchor '&{0}' is defined twice", "first defined at line {line}"),
    (r"found unknown escape character '(.+)'", "unknown escape '\\{0}' in a double-quoted string",
     "write \\\\ for a backslash, or use single quotes, where a backslash is plain text"),
    (r"found unexpected end of stream", "the file ends inside a quoted string",
     "close the string that starts at line {line}"),
    (r"found unexpected document separator", "a line '---' or '...' is inside a quoted string",
     "close the string that starts at line {line} before it"),
    (r"but found another document", "a ruleset file holds one YAML document",
     "remove this '---' and what follows it, or move it to a file of its own"),
    (r"expected ',' or '\]', but got '(.+)'", "expected ',' or ']' in the list that starts at line {line}",
     "found {t0}; is a '[' missing its ']'?"),
    (r"expected ',' or '\}', but got '(.+)'", "expected ',' or '}}' in the mapping that starts at line {line}",
     "found {t0}; is a '{{' missing its '}}'?"),
    (r"expected the node content, but found '(.+)'", "expected a value here, but found {t0}", None),
    (r"expected alphabetic or numeric character, but found", "an anchor or alias name must be letters, digits, "
     "'-' or '_'", None),
    (r"expected escape sequence of (\d+) hexadecimal numbers", "this escape needs {0} hexadecimal digits",
     "for example \\x41, \\u00e9 or \\U0001F0A1"),
    (r"found undefined tag handle '(.+)'", "YAML tags are not allowed: '{0}'", None),
    (r"expected a comment or a line break, but found", "only a comment may follow '|' or '>' on its line",
     "start the text on the next line, indented"),
    (r"expected chomping or indentation indicators", "after '|' or '>' only '-', '+' or a digit may follow",
     "start the text on the next line, indented"),
    (r"found incompatible YAML document", "this %YAML version is not supported", "remove the %YAML line"),
]


def translate_error(err: MarkedYAMLError, source: SourceText, anchors: list[str]) -> Diagnostic:
    """A PyYAML error as a diagnostic in plain words, at the problem's position."""
    mark = err.problem_mark or err.context_mark
    problem = err.problem or err.context or "invalid YAML"
    if problem.startswith("found unexpected end of stream") and err.context_mark is not None:
        mark = err.context_mark   # point at the opening quote, not past the end of the file
    span = source.span(min(mark.index, len(source.text))) if mark else None
    line = err.context_mark.line + 1 if err.context_mark else None
    if problem == "found character '\\t' that cannot start any token" and mark:
        return Diagnostic(_tab_message(source.text, mark.index), span, "YAML indents and separates with spaces only")
    undefined = re.fullmatch(r"found undefined alias '(.+)'", problem)
    if undefined:
        name = undefined.group(1)
        hint = did_you_mean(name, anchors) or f"define the anchor '&{name}' on a value before using '*{name}'"
        return Diagnostic(f"unknown alias '*{name}'", span, hint)
    said = f"{problem}\n{err.context or ''}"
    for pattern, message, hint in _WORDS:
        found = re.search(pattern, said)
        if found:
            groups = found.groups()
            words = {"line": line, "t0": _TOKENS.get(groups[0], f"'{groups[0]}'") if groups else ""}
            return Diagnostic(message.format(*groups, **words), span, hint and hint.format(*groups, **words))
    context = f"{err.context} that starts at line {line}" if err.context and line else err.context
    return Diagnostic(problem, span, context)


def _tab_message(text: str, index: int) -> str:
    """Tabs are errors; say whether this one is indentation."""
    line_start = max(text.rfind(c, 0, index) for c in _BREAKS) + 1
    if not text[line_start:index].strip(" \t"):
        return "tab characters are not allowed for indentation; use spaces"
    return "a tab character is not allowed here; use spaces"


# ---------------------------------------------------------------- entry point


_ODD_BREAKS = re.compile("[\x85\u2028\u2029]")


def read_tree(source: SourceText) -> tuple[Any, list[Diagnostic]]:
    """Parse a file's text into a located value (None if empty or unreadable) and diagnostics."""
    bad = Reader.NON_PRINTABLE.search(source.text)
    if bad:
        return None, [Diagnostic(f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
                                        source.span(bad.start()), "remove it, or write it as an escape "
                                        "(like \\t) in a double-quoted string")]
    odd = _ODD_BREAKS.search(source.text)
    if odd:   # YAML 1.1 counts these as line ends and most editors do not: positions would disagree
        return None, [Diagnostic(f"line separator U+{ord(odd.group()):04X} is not allowed in a ruleset",
                                 source.span(odd.start()), "end lines with an ordinary newline")]
    diagnostics: list[Diagnostic] = []
    if _CParser is not None and "\t" not in source.text:   # libyaml accepts some tabs PyYAML refuses
        fast = _fast_tree(source)
        if fast is not None:
            return fast
    loader = _Loader(source.text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, diagnostics
        builder = _Builder(source, diagnostics)
        builder.check_budget(node)
        return builder.build(node)[0], diagnostics
    except _Stop as stop:
        return None, diagnostics + [stop.diagnostic]
    except MarkedYAMLError as err:
        return None, [translate_error(err, source, sorted(loader.anchors))]
    except (ValueError, OverflowError, YAMLError, RecursionError) as err:
        return None, [_odd_failure(err, source)]
    finally:
        loader.dispose()


def _fast_tree(source: SourceText) -> tuple[Any, list[Diagnostic]] | None:
    """The tree through libyaml, or None to take the pure-Python path (errors, odd input)."""
    diagnostics: list[Diagnostic] = []
    loader = _FastLoader(source.text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        builder = _Builder(source, diagnostics)
        builder.check_budget(node)
        tree = builder.build(node)[0]
    except Exception:  # any problem: the pure-Python path reports it in its own words
        return None
    finally:
        loader.dispose()
    return (tree, diagnostics) if not diagnostics else None


def _odd_failure(err: Exception, source: SourceText) -> Diagnostic:
    """A failure PyYAML reports without a position (a too-large escape, deep nesting...)."""
    if isinstance(err, RecursionError):
        return Diagnostic(f"values are nested too deeply (the limit is {MAX_DEPTH} levels)", source.span(0))
    for found in re.finditer(r"\\U([0-9A-Fa-f]{8})", source.text):
        if int(found.group(1), 16) > 0x10FFFF:
            return Diagnostic(f"the escape '{found.group()}' is beyond the last Unicode character",
                              source.span(found.start(), found.end()), "the largest is \\U0010FFFF")
    return Diagnostic(f"cannot read this YAML: {err}", source.span(0))
