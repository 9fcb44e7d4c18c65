"""A quick answer to "does this tree satisfy the schema?", without loading jsonschema.

`check_structure` words every schema problem through jsonschema, whose import
alone is about a fifth of what `cardrules validate` costs.  Most files it sees
are valid, and for them this module answers alone: `satisfies` follows Draft
7's rules for the keywords the ruleset schema uses and says True (the tree
satisfies the schema), False (it does not) or None (the schema uses a keyword
it does not know, or a key is not text).  Only True skips jsonschema; False and
None send the tree to it, which finds and words the problems as before.  So the
cost of a mistake here would be a missed problem, and tests compare the two
validators over the shipped rulesets, the catalogue of broken files and
thousands of mutated rulesets (tests/checking/test_quick_schema.py).

The rules followed are jsonschema's own where Draft 7 leaves a choice:
`integer` includes floats with no fraction, booleans are neither integers nor
numbers, `enum` and `const` tell `true` from `1`, `pattern` searches (it is
not anchored unless the pattern is), a `$ref` makes its siblings ignored, and
keywords about one type let other types through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

# keywords that describe and never constrain (x-kind, x-hint: this project's own tags, for the
# reference and for the hint of an error)
_ANNOTATIONS = frozenset(
    {
        "description",
        "examples",
        "title",
        "default",
        "$schema",
        "$id",
        "$comment",
        "definitions",
        "x-kind",
        "x-hint",
        "x-keys",
    }
)


class _Unsure(Exception):
    """The schema asks for something this module does not check."""


def satisfies(tree: Any, schema: Mapping[str, Any]) -> bool | None:
    """True when `tree` satisfies `schema`, False when it does not, None when this module cannot
    tell (then ask jsonschema)."""
    try:
        return _valid(tree, schema, schema)
    except (_Unsure, RecursionError):
        return None


def _valid(x: Any, s: Any, root: Mapping[str, Any]) -> bool:
    if s is True:
        return True
    if s is False:
        return False
    if not isinstance(s, Mapping):
        raise _Unsure
    if "$ref" in s:  # Draft 7: the other keywords beside a $ref are ignored
        return _valid(x, _resolve(s["$ref"], root), root)
    for key, want in s.items():
        check = _KEYWORDS.get(key)
        if check is None:
            if key in _ANNOTATIONS:
                continue
            raise _Unsure
        if not check(x, want, s, root):
            return False
    return True


def _resolve(ref: Any, root: Mapping[str, Any]) -> Any:
    """A reference inside the same document (`#`, `#/definitions/name`); anything else is unsure."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        raise _Unsure
    node: Any = root
    for part in ref[1:].split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, Mapping) or part not in node:
            raise _Unsure
        node = node[part]
    return node


def _is(x: Any, kind: str) -> bool:
    if kind == "object":
        return isinstance(x, dict)
    if kind == "array":
        return isinstance(x, list)
    if kind == "string":
        return isinstance(x, str)
    if kind == "boolean":
        return isinstance(x, bool)
    if kind == "null":
        return x is None
    if isinstance(x, bool):
        return False
    if kind == "integer":
        return isinstance(x, int) or (isinstance(x, float) and x.is_integer())
    if kind == "number":
        return isinstance(x, (int, float))
    raise _Unsure


def _equal(a: Any, b: Any) -> bool:
    """jsonschema's equality: booleans are not numbers, lists and mappings compare item by item."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(p, q) for p, q in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    return bool(a == b)


@lru_cache(maxsize=256)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)


def _keys(x: dict) -> Sequence[str]:
    keys = list(x)
    if not all(isinstance(k, str) for k in keys):
        raise _Unsure
    return keys


def _type(x: Any, want: Any, s: Any, root: Any) -> bool:
    if isinstance(want, str):
        return _is(x, want)
    if isinstance(want, list):
        return any(_is(x, k) for k in want)
    raise _Unsure


def _properties(x: Any, want: Any, s: Any, root: Any) -> bool:
    if not isinstance(x, dict):
        return True
    return all(k not in x or _valid(x[k], sub, root) for k, sub in want.items())


def _pattern_properties(x: Any, want: Any, s: Any, root: Any) -> bool:
    if not isinstance(x, dict):
        return True
    keys = _keys(x)
    return all(_valid(x[k], sub, root) for p, sub in want.items() for k in keys if _pattern(p).search(k))


def _additional(x: Any, want: Any, s: Any, root: Any) -> bool:
    if not isinstance(x, dict):
        return True
    named, patterns = s.get("properties", {}), [_pattern(p) for p in s.get("patternProperties", {})]
    extra = [k for k in _keys(x) if k not in named and not any(p.search(k) for p in patterns)]
    return all(_valid(x[k], want, root) for k in extra)


def _required(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, dict) or all(k in x for k in want)


def _min_properties(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, dict) or len(x) >= want


def _items(x: Any, want: Any, s: Any, root: Any) -> bool:
    if not isinstance(x, list):
        return True
    if isinstance(want, list):  # the tuple form: not used by the schema
        raise _Unsure
    return all(_valid(item, want, root) for item in x)


def _min_items(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, list) or len(x) >= want


def _max_items(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, list) or len(x) <= want


def _min_length(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, str) or len(x) >= want


def _max_length(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, str) or len(x) <= want


def _match(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not isinstance(x, str) or _pattern(want).search(x) is not None


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _minimum(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not _number(x) or x >= want


def _maximum(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not _number(x) or x <= want


def _enum(x: Any, want: Any, s: Any, root: Any) -> bool:
    return any(_equal(x, option) for option in want)


def _const(x: Any, want: Any, s: Any, root: Any) -> bool:
    return _equal(x, want)


def _any_of(x: Any, want: Any, s: Any, root: Any) -> bool:
    return any(_valid(x, sub, root) for sub in want)


def _all_of(x: Any, want: Any, s: Any, root: Any) -> bool:
    return all(_valid(x, sub, root) for sub in want)


def _one_of(x: Any, want: Any, s: Any, root: Any) -> bool:
    return sum(1 for sub in want if _valid(x, sub, root)) == 1


def _not(x: Any, want: Any, s: Any, root: Any) -> bool:
    return not _valid(x, want, root)


def _if(x: Any, want: Any, s: Any, root: Any) -> bool:
    branch = s.get("then", True) if _valid(x, want, root) else s.get("else", True)
    return _valid(x, branch, root)


def _read_with_if(x: Any, want: Any, s: Any, root: Any) -> bool:
    return True  # `then` and `else` are checked by `if` (and alone they mean nothing)


_KEYWORDS: dict[str, Callable[[Any, Any, Any, Any], bool]] = {
    "type": _type,
    "properties": _properties,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional,
    "required": _required,
    "minProperties": _min_properties,
    "items": _items,
    "minItems": _min_items,
    "maxItems": _max_items,
    "minLength": _min_length,
    "maxLength": _max_length,
    "pattern": _match,
    "minimum": _minimum,
    "maximum": _maximum,
    "enum": _enum,
    "const": _const,
    "anyOf": _any_of,
    "allOf": _all_of,
    "oneOf": _one_of,
    "not": _not,
    "if": _if,
    "then": _read_with_if,
    "else": _read_with_if,
}
