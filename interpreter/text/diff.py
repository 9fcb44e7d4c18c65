"""The differences between two rulesets, in plain words.

Both files are loaded (with `extends` merged) and their trees compared,
section by section: names and description, players, rules (rule by rule,
by id), options (their defaults compared), constants, zones, variables,
functions, actions, melds, phases and the flow, the result.  Entries with
names or ids are matched by them; steps are matched as a sequence.  A text
or an expression that changed is shown whole, as a word-level diff of its
two versions (`c == [-'red-1'-]{+'red-2'+} or c.suit == trump`), so
nothing is ever cut; a text in several languages is compared in English,
and the other languages it changes are named.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from interpreter.base.i18n import N_, _

# The words this module writes itself (through the catalogs, base/i18n.py).
WORDS = {
    "title": N_("{variant} compared with {base}:"),
    "added": N_("{what} added: {value}"),
    "removed": N_("{what} removed (was {value})"),
    "changed": "{what}: {value}",
    "default": N_("option '{name}': default {old} -> {new}"),
    "option_added": N_("option '{name}' added, default {default}"),
    "option_removed": N_("option '{name}' removed (its default was {default})"),
    "languages": N_("{what}: also changed in {langs}"),
    "languages_dropped": N_("{what}: no longer given in {langs}"),
    "languages_added": N_("{what}: now also given in {langs}"),
    "steps": N_("{what}: steps changed"),
    "step_removed": N_("  - removed: {value}"),
    "step_added": N_("  + added:   {value}"),
    "none": N_("no differences"),
    "rewritten": N_("\n      was: {old}\n      now: {new}"),
}

_SECTIONS = [
    ("names", ("id", "name", "description", "source", "extends"), N_("Names:")),
    ("players", ("players",), N_("Players:")),
    ("deck", ("deck",), N_("The deck:")),
    ("rules", ("rules",), N_("Rules:")),
    ("options", ("options",), N_("Options:")),
    ("constants", ("constants",), N_("Constants:")),
    ("zones", ("zones",), N_("Zones:")),
    ("variables", ("variables",), N_("Variables:")),
    ("functions", ("functions",), N_("Functions:")),
    ("melds", ("melds",), N_("Melds:")),
    ("actions", ("actions",), N_("Actions:")),
    ("phases", ("phases", "flow"), N_("Flow of play:")),
    ("result", ("result", "invariants", "display"), N_("Result, invariants and display:")),
]
_ENTRY = {
    "options": N_("option '{name}'"),
    "functions": N_("function '{name}'"),
    "actions": N_("action '{name}'"),
    "variables": N_("variable '{name}'"),
    "zones": N_("zone '{name}'"),
    "phases": N_("phase '{name}'"),
    "constants": N_("constant '{name}'"),
}
_FIELDS = {"id", "as", "if", "to", "by", "in"}  # keys of two letters that are fields, not languages
_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z]{2,4})?$")


def word_diff(old: str, new: str) -> str:
    """The new text with removed words as [-...-] and added ones as {+...+} (whitespace made single);
    a text rewritten more than kept is shown as its two versions."""
    a, b = old.split(), new.split()
    if len(a) <= 1 and len(b) <= 1:
        return f"{old.strip()} -> {new.strip()}"
    out: list[str] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    if matcher.ratio() < 0.5 and min(len(a), len(b)) > 3:
        return _(WORDS["rewritten"], old=" ".join(a), new=" ".join(b))
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.extend(a[i1:i2])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _is_text(value: Any) -> bool:
    """A text in several languages (`{en: ..., ja: ...}`), not a mapping of fields such as `{id: ...}`."""
    return (
        isinstance(value, Mapping)
        and bool(value)
        and all(isinstance(k, str) and _LANG.match(k) and k not in _FIELDS for k in value)
        and all(isinstance(v, str) for v in value.values())
    )


def _show(value: Any) -> str:
    """A value in one line, whole: texts in English, mappings as `key: value` pairs."""
    if _is_text(value):
        return str(value.get("en") or next(iter(value.values())))
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, str):
        return " ".join(value.split())
    return "true" if value is True else "false" if value is False else "none" if value is None else str(value)


def _name(path: list) -> str:
    if not path:
        return _("the ruleset")
    head, rest = path[0], path[1:]
    if head in _ENTRY and rest:
        where = _(_ENTRY[head], name=rest[0])
        rest = rest[1:]
    elif head == "rules" and rest:
        where, rest = _("rule {id}", id=rest[0]), rest[1:]
    else:
        where = str(head)
    tail = ".".join(str(p) for p in rest)
    return f"{where}, {tail}" if tail else where


def _by_key(items: list) -> dict | None:
    for key in ("id", "name"):
        if items and all(isinstance(i, Mapping) and key in i for i in items):
            keys = [str(i[key]) for i in items]
            if len(set(keys)) == len(keys):
                return {k: i for k, i in zip(keys, items)}
    return None


def _walk(a: Any, b: Any, path: list) -> Iterator[str]:
    if (_is_text(a) or _is_text(b)) and isinstance(a, (str, Mapping)) and isinstance(b, (str, Mapping)):
        yield from _texts(a if isinstance(a, Mapping) else {"en": a}, b if isinstance(b, Mapping) else {"en": b}, path)
        return
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in a:
            if key not in b:
                yield _(WORDS["removed"], what=_name(path + [key]), value=_entry(path, a[key]))
            else:
                yield from _walk(a[key], b[key], path + [key])
        for key in b:
            if key not in a:
                yield _(WORDS["added"], what=_name(path + [key]), value=_entry(path, b[key]))
        return
    if isinstance(a, list) and isinstance(b, list):
        ka, kb = _by_key(a), _by_key(b)
        if ka is not None and kb is not None:
            yield from _walk(ka, kb, path)
        elif a != b:
            yield from _sequence(a, b, path)
        return
    if a == b:
        return
    if isinstance(a, str) and isinstance(b, str):
        yield WORDS["changed"].format(what=_name(path), value=word_diff(a, b))
    else:
        yield WORDS["changed"].format(what=_name(path), value=f"{_show(a)} -> {_show(b)}")


def _entry(path: list, value: Any) -> str:
    """An entry added or removed; a rule by its text."""
    if path == ["rules"] and isinstance(value, Mapping) and "text" in value:
        return _show(value["text"])
    return _show(value)


def _texts(a: Mapping, b: Mapping, path: list) -> Iterator[str]:
    """A text in several languages: English compared word by word, the other languages named."""
    old, new = a.get("en"), b.get("en")
    if old is not None and new is not None and old != new:
        yield WORDS["changed"].format(what=_name(path), value=word_diff(old, new))
    elif old != new:
        yield WORDS["changed"].format(what=_name(path), value=f"{_show(a)} -> {_show(b)}")
    others = sorted(k for k in set(a) & set(b) if k != "en" and a[k] != b[k])
    dropped = sorted(k for k in set(a) - set(b) if k != "en")
    added = sorted(k for k in set(b) - set(a) if k != "en")
    if others:
        yield _(WORDS["languages"], what=_name(path), langs=", ".join(others))
    if dropped:
        yield _(WORDS["languages_dropped"], what=_name(path), langs=", ".join(dropped))
    if added:
        yield _(WORDS["languages_added"], what=_name(path), langs=", ".join(added))


def _sequence(a: list, b: list, path: list) -> Iterator[str]:
    """Lists without names (steps, values): matched as sequences; equal-length changes pairwise."""
    key = [json.dumps(x, sort_keys=True, default=str) for x in a]
    other = [json.dumps(x, sort_keys=True, default=str) for x in b]
    ops = difflib.SequenceMatcher(a=key, b=other, autojunk=False).get_opcodes()
    if all(isinstance(x, (str, int, float, bool)) or x is None for x in a + b):
        yield WORDS["changed"].format(what=_name(path), value=f"{_show(a)} -> {_show(b)}")
        return
    lines: list[str] = []
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        if op == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                lines.extend(_walk(a[i1 + k], b[j1 + k], path + [i1 + k + 1]))
            continue
        lines.extend(_(WORDS["step_removed"], value=_show(x)) for x in a[i1:i2])
        lines.extend(_(WORDS["step_added"], value=_show(x)) for x in b[j1:j2])
    if any(line.startswith("  ") for line in lines):
        yield _(WORDS["steps"], what=_name(path))
    yield from lines


def _options(a: Mapping, b: Mapping) -> Iterator[str]:
    """Options: their defaults compared first, then anything else about them."""
    for name in a:
        if name not in b:
            yield _(WORDS["option_removed"], name=name, default=_show(_default(a[name])))
    for name in b:
        if name not in a:
            yield _(WORDS["option_added"], name=name, default=_show(_default(b[name])))
            desc = b[name].get("description") if isinstance(b[name], Mapping) else None
            if desc:
                yield f"  {_show(desc)}"
            continue
        if name not in a:
            continue
        old, new = _default(a[name]), _default(b[name])
        if old != new:
            yield _(WORDS["default"], name=name, old=_show(old), new=_show(new))
        rest_a = {k: v for k, v in a[name].items() if k != "default"} if isinstance(a[name], Mapping) else {}
        rest_b = {k: v for k, v in b[name].items() if k != "default"} if isinstance(b[name], Mapping) else {}
        yield from _walk(rest_a, rest_b, ["options", name])


def _default(option: Any) -> Any:
    return option.get("default") if isinstance(option, Mapping) else option


def diff_trees(base: Mapping, variant: Mapping) -> list[str]:
    """Plain-word differences from `base` to `variant`, under a heading per section."""
    a, b = _plain(base), _plain(variant)
    out: list[str] = []
    seen: set[str] = set()
    for _section, keys, heading in _SECTIONS:
        lines: list[str] = []
        for key in keys:
            seen.add(key)
            if key == "options":
                lines.extend(_options(a.get(key) or {}, b.get(key) or {}))
            else:
                lines.extend(_walk({key: a[key]} if key in a else {}, {key: b[key]} if key in b else {}, []))
        if lines:
            out.append(_(heading))
            out.extend("  " + line for line in lines)
    rest = [k for k in list(a) + list(b) if k not in seen]
    lines = list(_walk({k: a[k] for k in rest if k in a}, {k: b[k] for k in rest if k in b}, []))
    if lines:
        out.append(_("Other:"))
        out.extend("  " + line for line in lines)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


__all__ = ["WORDS", "diff_trees", "word_diff"]
