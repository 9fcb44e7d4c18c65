"""The differences between two rulesets, in plain words.

Both files are loaded (with `extends` merged) and their trees compared:
rules, actions, functions, options, zones and phases by name or id, other
values by path.  Each difference is one line such as
`option 'deals': default 8 -> 4` or `rule HM-V1 added: ...`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from interpreter.base.i18n import N_, _, ngettext

_SECTIONS = {
    "options": N_("option '{name}'"),
    "functions": N_("function '{name}'"),
    "actions": N_("action '{name}'"),
    "variables": N_("variable '{name}'"),
    "zones": N_("zone '{name}'"),
    "phases": N_("phase '{name}'"),
    "constants": N_("constant '{name}'"),
}
_MAX = 90


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        text = "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(_short(v) for v in value) + "]"
    elif isinstance(value, str):
        text = " ".join(value.split())
    else:
        text = "true" if value is True else "false" if value is False else "none" if value is None else str(value)
    return text if len(text) <= _MAX else text[: _MAX - 3] + "..."


def _name(path: list) -> str:
    if not path:
        return _("the ruleset")
    head, rest = path[0], path[1:]
    if head in _SECTIONS and rest:
        where = _(_SECTIONS[head], name=rest[0])
        rest = rest[1:]
    elif head == "rules" and rest:
        where, rest = _("rule {id}", id=rest[0]), rest[1:]
    else:
        where = str(head)
    tail = ".".join(str(p) for p in rest)
    return f"{where}: {tail}" if tail else where


def _by_id(items: list) -> dict | None:
    if items and all(isinstance(i, Mapping) and "id" in i for i in items):
        ids = [i["id"] for i in items]
        if len(set(ids)) == len(ids):
            return {i["id"]: i for i in items}
    return None


def _walk(a: Any, b: Any, path: list) -> Iterator[str]:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in a:
            if key not in b:
                yield _("{what} removed (was {value})", what=_name(path + [key]), value=_short(a[key]))
            else:
                yield from _walk(a[key], b[key], path + [key])
        for key in b:
            if key not in a:
                yield _("{what} added: {value}", what=_name(path + [key]), value=_short(b[key]))
        return
    if isinstance(a, list) and isinstance(b, list):
        ia, ib = _by_id(a), _by_id(b)
        if ia is not None and ib is not None:
            yield from _walk(ia, ib, path)
            return
        if a != b:
            yield from _list_changes(a, b, path)
        return
    if a != b:
        yield f"{_name(path)}: {_short(a)} -> {_short(b)}"


def _list_changes(a: list, b: list, path: list) -> Iterator[str]:
    n = max(len(a), len(b))
    changed = [i for i in range(n) if i >= len(a) or i >= len(b) or a[i] != b[i]]
    if len(changed) > 6 or len(a) != len(b):
        before = ngettext("{n} entry", "{n} entries", len(a))
        after = ngettext("{n} entry", "{n} entries", len(b))
        yield _("{what}: {before} -> {after} ({value})", what=_name(path), before=before, after=after, value=_short(b))
        return
    for i in changed:
        yield from _walk(a[i], b[i], path + [i])


def diff_trees(base: Mapping, variant: Mapping) -> list[str]:
    """Plain-word differences from `base` to `variant` (ids, names and descriptions first)."""
    lines = list(_walk(_plain(base), _plain(variant), []))
    return lines


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value
