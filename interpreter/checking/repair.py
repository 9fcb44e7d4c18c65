"""A tree that breaks the schema, mended so that later stages can still look at the rest.

A structural error (`count: four`, an unknown key, a missing `then`) must not
hide the file's other problems.  The model and the compiler need a tree that
fits the schema, so `mended` copies the tree and mends every schema error:
an unknown key is dropped, a value of the wrong kind or out of range is
replaced by a stand-in of the kind the schema asks for, a missing key gets
one, a broken step is left out; then it checks again (a stand-in may itself
need mending) for a few rounds.

`variant` chooses between two sets of stand-ins (the smallest value and the
largest, the first enum value and the last, `x` and `true` for an
expression) and, in variant 1, an unknown key is renamed to the known key it
was probably meant to be.  A caller compiles both mended trees and keeps only
the problems both report: those do not depend on what the broken parts said.
`words` lists the names written in the parts that were dropped or replaced,
so that a problem naming one of them (`unknown name 'deals'` after a broken
`options:`) can be left out too: it follows from the schema error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from interpreter.base.diagnostics import did_you_mean
from interpreter.checking.schema import schema, validator
from interpreter.loading.located import LocDict, LocList, copy_tree

ROUNDS = 6
_WORDS = (("x", "X-1"), ("y", "Y-2"))  # stand-in strings: a name, a rule id


def mended(root: Any, variant: int) -> tuple[Any, set[str]] | None:
    """A copy of `root` that fits the schema and the names written in what was mended, or None
    when it cannot be mended."""
    if not isinstance(root, Mapping):
        return None
    tree = copy_tree(root)
    words: set[str] = set()
    for _ in range(ROUNDS):
        errors = list(validator().iter_errors(tree))
        if not errors:
            return tree, words
        for error in sorted(errors, key=_deepest_last_first):
            if not _mend(tree, error, variant, words):
                return None
    return None


def words_in(value: Any, out: set[str]) -> None:
    """Every name-like word of a subtree's keys and strings."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Mapping):
            out.update(_NAME.findall(" ".join(str(k) for k in v)))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            out.update(_NAME.findall(v))


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def _deepest_last_first(error: Any) -> tuple:
    """Deeper paths first, later list items first: mending one never moves another's path."""
    path = list(error.absolute_path)
    return (-len(path), [(-p if isinstance(p, int) else 0, str(p)) for p in path][::-1])


def _mend(tree: Any, error: Any, variant: int, words: set[str]) -> bool:
    path = list(error.absolute_path)
    node = _at(tree, path)
    if node is _GONE:
        return True  # inside something already mended
    sub, v = error.schema, error.validator
    if v == "additionalProperties" and isinstance(node, dict):
        _unknown_keys(node, sub, variant, words)
        return True
    if v == "required" and isinstance(node, dict):
        props = sub.get("properties") or (schema()["properties"] if not path else {})
        for key in error.validator_value:
            if key not in node:
                node[key] = stand_in(props.get(key, {}), variant)
        return True
    if not path:
        return False  # the root itself has the wrong shape
    words_in(node, words)
    if sub.get("x-kind") == "step":  # a step that is not a mapping, or has no kind key left
        return _drop(tree, path)
    return _put(tree, path, stand_in(sub, variant))


def _unknown_keys(node: dict, sub: Mapping, variant: int, words: set[str]) -> None:
    known = set(sub.get("properties", {}))
    patterns = list(sub.get("patternProperties", {}))
    for key in [k for k in node if k not in known and not any(re.match(p, str(k)) for p in patterns)]:
        value = node.pop(key)
        words_in({key: value}, words)
        hint = did_you_mean(str(key), known) if variant == 1 else None
        meant = hint.split("'")[1] if hint and "'" in hint else None
        if meant is not None and meant not in node:
            node[meant] = value


def stand_in(sub: Mapping, variant: int) -> Any:
    """A value that fits the schema `sub` (variant 0: the smallest or first; 1: the largest or last)."""
    sub = _resolve(sub)
    if "const" in sub:
        return sub["const"]
    if "enum" in sub:
        return sub["enum"][-1 if variant else 0]
    if "anyOf" in sub:
        branches = [_resolve(b) for b in sub["anyOf"]]
        scalars = [b for b in branches if _kind(b, 0) not in ("object", "array")]
        pick = (scalars or branches)[-1 if variant else 0]
        return stand_in(pick, variant)
    kind = _kind(sub, variant)
    if kind == "integer":
        low = sub.get("minimum", 1)
        return sub.get("maximum", low + 1) if variant else low
    if kind == "boolean":
        return bool(variant)
    if kind == "string":
        return _string(sub, variant)
    if kind == "array":
        out = LocList()
        out.extend(stand_in(sub.get("items", {}), variant) for _ in range(sub.get("minItems", 0)))
        return out
    if kind == "object":
        obj = LocDict()
        props = sub.get("properties", {})
        for key in sub.get("required", ()):
            obj[key] = stand_in(props.get(key, {}), variant)
        return obj
    return _WORDS[variant][0] if variant else 0


def _kind(sub: Mapping, variant: int) -> str | None:
    kind = sub.get("type")
    if isinstance(kind, list):
        return kind[-1 if variant else 0] if kind else None
    return kind


def _string(sub: Mapping, variant: int) -> str:
    pattern = sub.get("pattern")
    for word in _WORDS[variant]:
        if pattern is None or re.search(pattern, word):
            return word
    return _WORDS[variant][0]


def _resolve(sub: Any) -> Mapping:
    if not isinstance(sub, Mapping):
        return {}
    ref = sub.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/definitions/"):
        return schema()["definitions"][ref.rsplit("/", 1)[-1]]
    return sub


_GONE: Any = object()


def _at(tree: Any, path: list) -> Any:
    node = tree
    for step in path:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return _GONE
    return node


def _put(tree: Any, path: list, value: Any) -> bool:
    parent = _at(tree, path[:-1])
    if parent is _GONE:
        return True
    parent[path[-1]] = value
    return True


def _drop(tree: Any, path: list) -> bool:
    """Leave out a list item (and its span); False when the value is not in a list."""
    parent = _at(tree, path[:-1])
    if not isinstance(parent, list):
        return False
    del parent[path[-1]]
    spans = getattr(parent, "item_spans", None)
    if spans is not None and path[-1] < len(spans):
        del spans[path[-1]]
    return True
