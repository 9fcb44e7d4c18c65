"""YAML text -> a located tree (see located.py), with every problem as a diagnostic.

We read YAML's data-only subset: YAML 1.2 core scalars, no tags beyond the
standard ones, no merge keys, and alias expansion bounded by a node count.
The tree is built from `yaml.compose` nodes; no PyYAML constructor ever runs.
"""

from __future__ import annotations

import re
from typing import Any

from yaml.composer import Composer, ComposerError
from yaml.error import MarkedYAMLError, YAMLError
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from interpreter.base.diagnostics import Diagnostic, Span
from interpreter.loading.located import BREAKS, LocDict, LocList, LocStr, SourceText
from interpreter.loading.scalars import core_scalar
from interpreter.loading.yaml_errors import translate_error

MAX_NODES = 100_000
MAX_DEPTH = 100

_CORE = "tag:yaml.org,2002:"
_PLAIN = " plain"  # marks untagged plain scalars; a real tag cannot contain a space
_SCALAR_TAGS = frozenset(_CORE + t for t in ("str", "int", "float", "bool", "null"))
_SURROGATE = re.compile("[\ud800-\udfff]")
_NON_BLANK = re.compile(r"\S+")


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
                raise _LimitError(
                    None, None, f"values are nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark
                )
            if self.nodes > MAX_NODES:
                raise _LimitError(
                    None, None, f"the file has more than {MAX_NODES} values", self.peek_event().start_mark
                )
            return Composer.compose_node(self, parent, index)
        finally:
            self.depth -= 1


try:
    from yaml._yaml import CParser as _CParser  # libyaml's parser (what yaml.cyaml builds on)
except ImportError:  # PyYAML built without libyaml
    _LIBYAML = False
else:
    _LIBYAML = True

if _LIBYAML:

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
        while end > start and self.text[end - 1] in " \t" + BREAKS:
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
                    raise _Stop(
                        Diagnostic(
                            f"YAML alias expansion exceeds {MAX_NODES} nodes",
                            self.span(node),
                            "each alias (*name) copies its whole anchored value; "
                            "aliases inside anchored values multiply",
                        )
                    )
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
            raise _Stop(
                Diagnostic(
                    f"alias '*{via.name}' refers to a value that contains it",
                    self.span(via),
                    "a ruleset is a tree: an alias cannot repeat a value it is inside of",
                )
            )
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
        kind = node.tag[len(_CORE) :]
        if kind == "str":
            return text
        value = core_scalar(node.value)
        fits = {
            "int": type(value) is int,
            "float": type(value) in (int, float),
            "bool": type(value) is bool,
            "null": value is None,
        }[kind]
        if not fits:
            self._error(f"'{node.value}' is not a valid !!{kind} value", span)
            return text
        return float(value) if kind == "float" else value

    def _mapping(self, node: MappingNode) -> tuple[LocDict, Span]:
        if node.tag != _CORE + "map":
            self._bad_tag(node, "a mapping")
        span = self.span(node)
        result = LocDict(span)
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
        return result, span

    def _key(self, node: Any) -> tuple[str | None, Span]:
        """A mapping key as text; keys are always strings (`1:` is the key '1')."""
        span = self.span(node)
        target = node.target if isinstance(node, _AliasNode) else node
        if not isinstance(target, ScalarNode):
            kind = "mapping" if isinstance(target, MappingNode) else "list"
            self._error(f"a mapping key must be a name or a value, not a {kind}", span)
            return None, span
        if target.tag == _PLAIN and target.value == "<<":
            self._error(
                "merge keys ('<<') are not supported",
                span,
                "repeat the keys, or share the whole value with an anchor (&name) and an alias (*name)",
            )
            return None, span
        if target.tag != _PLAIN and target.tag not in _SCALAR_TAGS:
            self._bad_tag(target, "a key")
        return target.value, span

    def _sequence(self, node: SequenceNode) -> tuple[LocList, Span]:
        if node.tag != _CORE + "seq":
            self._bad_tag(node, "a list")
        span = self.span(node)
        result = LocList(span)
        for item in node.value:
            value, item_span = self.build(item)
            result.append(value)
            result.item_spans.append(item_span)
        return result, span

    def _bad_tag(self, node: Node, what: str) -> None:
        """Report a tag we do not accept, at the tag as written."""
        at = _tag_start(self.text, node.start_mark.index)
        found = _NON_BLANK.match(self.text, at) if at is not None else None  # a tag: '!' and more
        written = found.group() if found is not None else node.tag
        span = self.source.span(at, at + len(written)) if at is not None else self.span(node)
        if node.tag in _SCALAR_TAGS | {_CORE + "map", _CORE + "seq"}:
            self._error(f"the tag '{written}' cannot be used on {what}", span, "remove the tag")
        else:
            self._error(
                f"YAML tags are not allowed: '{written}'",
                span,
                "a ruleset holds plain data only (text, numbers, true/false, null, lists, mappings)",
            )

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
    while i < len(text) and text[i] not in " \t,[]{}" + BREAKS:
        i += 1
    while i < len(text) and text[i] in " \t" + BREAKS:
        i += 1
    return i


# ---------------------------------------------------------------- entry point


_ODD_BREAKS = re.compile("[\x85\u2028\u2029]")


def read_tree(source: SourceText) -> tuple[Any, list[Diagnostic]]:
    """Parse a file's text into a located value (None if empty or unreadable) and diagnostics."""
    bad = Reader.NON_PRINTABLE.search(source.text)
    if bad:
        return None, [
            Diagnostic(
                f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
                source.span(bad.start()),
                "remove it, or write it as an escape (like \\t) in a double-quoted string",
            )
        ]
    odd = _ODD_BREAKS.search(source.text)
    if odd:  # YAML 1.1 counts these as line ends and most editors do not: positions would disagree
        return None, [
            Diagnostic(
                f"line separator U+{ord(odd.group()):04X} is not allowed in a ruleset",
                source.span(odd.start()),
                "end lines with an ordinary newline",
            )
        ]
    diagnostics: list[Diagnostic] = []
    if _LIBYAML and "\t" not in source.text:  # libyaml accepts some tabs PyYAML refuses
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
            return Diagnostic(
                f"the escape '{found.group()}' is beyond the last Unicode character",
                source.span(found.start(), found.end()),
                "the largest is \\U0010FFFF",
            )
    return Diagnostic(f"cannot read this YAML: {err}", source.span(0))
