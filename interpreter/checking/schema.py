"""Structure check of a ruleset tree against grammar/ruleset.schema.json.

jsonschema finds the problems; this module words them for authors and maps
each JSON path back to the YAML node it came from (`load.span_of`).  A valid
tree is recognised by `quick_schema` first, without loading jsonschema.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from interpreter.base.diagnostics import Diagnostic, allowed_values_hint, did_you_mean
from interpreter.base.resources import grammar_file
from interpreter.checking.quick_schema import satisfies
from interpreter.loading.located import key_span_of, span_of
from interpreter.loading.scalars import yaml11_hint

_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "number": "a number",
    "null": "nothing",
}


@cache
def schema() -> dict:
    return json.loads(grammar_file("ruleset.schema.json").read_text(encoding="utf-8"))


@cache
def validator():
    import jsonschema

    return jsonschema.Draft7Validator(schema())


def _describe_type(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value}'"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing (null)" if value is None else type(value).__name__


def _where(path: Iterable) -> str:
    """What a path names: 'key', or an item of 'key' (a list's element)."""
    path = list(path)
    parts = [str(p) for p in path if not isinstance(p, int)]
    if not parts:
        return "an item of the top level" if path else "the top level"
    return f"an item of '{parts[-1]}'" if isinstance(path[-1], int) else f"'{parts[-1]}'"


def _expected_types(schema_type: Any) -> str:
    types: list[str] = schema_type if isinstance(schema_type, list) else [schema_type]
    return " or ".join(_TYPE_WORDS.get(t, t) for t in types)


_STEP_KINDS = ("deal", "move", "for_each", "repeat", "turn", "claim")


def _step_problem(error, span) -> Diagnostic | None:
    """Problems of one flow step, worded for a step rather than for the list it is in."""
    v, inst = error.validator, error.instance
    kinds = [k for k in error.schema.get("properties", {}) if k not in ("id", "text", "note", "then", "elif", "else")]
    if v == "minProperties":
        return Diagnostic("a step needs exactly one kind key, this one has none", span, "kinds: " + ", ".join(kinds))
    if v == "type":
        return Diagnostic(
            f"a step must be a mapping, not {_describe_type(inst)}",
            span,
            "write it as 'kind: value', for example '- shuffle: deck'",
        )
    return None


def _diagnose(root: Any, error) -> list[Diagnostic]:
    path = list(error.absolute_path)
    span = span_of(root, path)
    v, s = error.validator, error.schema
    inst = error.instance
    if s.get("x-kind") == "step":
        found = _step_problem(error, span)
        if found is not None:
            return [found]
    if v == "additionalProperties" and isinstance(inst, Mapping):
        allowed = set(s.get("properties", {}))
        out = []
        for key in inst:
            if key in allowed or any(__import__("re").match(p, key) for p in s.get("patternProperties", {})):
                continue
            hint = did_you_mean(str(key), allowed) or (allowed_values_hint(allowed) if allowed else None)
            where = "a step" if s.get("x-kind") == "step" else _where(path)
            if key in ("id", "text") and path and path[-1] in _STEP_KINDS:
                hint = f"a rule's id and text go on the step, beside '{path[-1]}:' (one level up)"
            out.append(Diagnostic(f"unknown key '{key}' in {where}", key_span_of(root, path + [key]), hint))
        return out
    if v == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        described = s.get("properties", {}).get(missing) or (schema()["properties"].get(missing) if not path else None)
        return [Diagnostic(f"missing required key '{missing}' in {_where(path)}", span, _describe_schema(described))]
    if v == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        hint = s.get("x-hint") or (yaml11_hint(inst, wanted) if isinstance(inst, str) else None)
        return [
            Diagnostic(
                f"{_where(path)} must be {_expected_types(error.validator_value)}, not {_describe_type(inst)}",
                span,
                hint,
            )
        ]
    if v in ("enum", "const"):
        choices = error.validator_value if v == "enum" else [error.validator_value]
        hint = did_you_mean(str(inst), [str(a) for a in choices]) or allowed_values_hint(choices)
        return [Diagnostic(f"{_where(path)} cannot be {_describe_type(inst)}", span, hint)]
    if v == "pattern":
        return [
            Diagnostic(
                f"{_describe_type(inst)} is not a valid name for {_where(path)}",
                span,
                _pattern_hint(error.validator_value),
            )
        ]
    if v in ("minimum", "maximum"):
        word = "at least" if v == "minimum" else "at most"
        return [Diagnostic(f"{_where(path)} must be {word} {error.validator_value}, not {inst}", span)]
    if v in ("minItems", "minProperties", "minLength"):
        return [Diagnostic(f"{_where(path)} must not be empty", span)]
    if v == "anyOf":
        return _any_of(root, error, path, span)
    return [Diagnostic(f"{_where(path)}: {error.message}", span)]


def _json_type(value: Any) -> str | None:
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, bool):
        return "boolean"
    for python, name in ((list, "array"), (str, "string"), (int, "integer"), (float, "number")):
        if isinstance(value, python):
            return name
    return None


def _types_of(branch: Mapping) -> list[str]:
    t = branch.get("type")
    return t if isinstance(t, list) else [t] if t else []


def _any_of(root: Any, error, path: list, span) -> list[Diagnostic]:
    branches = error.schema.get("anyOf", [])
    if error.schema.get("x-kind") == "text" or any(b.get("$ref") == "#/definitions/text" for b in branches):
        inst = error.instance
        split = [k for k, val in inst.items() if val is None and " " in str(k)] if isinstance(inst, Mapping) else []
        if split:  # {en: Crazy Eights, two players}: the comma began a key of its own
            keys = list(inst)
            before = keys[keys.index(split[0]) - 1] if keys.index(split[0]) else None
            example = '{en: "Crazy Eights, two players"}'
            if before is not None:
                example = "{" + f'{before}: "{inst[before]}, {split[0]}"' + "}"
            return [
                Diagnostic(
                    f"{_where(path)} has a language code '{split[0]}': a comma inside {{...}} begins a new key",
                    span,
                    f"put text with a comma in quotes: {example}",
                )
            ]
        forms = [b for b in branches if b.get("type") == "object" and "text" in (b.get("properties") or {})]
        if isinstance(inst, Mapping) and "text" in inst and forms:  # {text, if}, with a key it does not take
            allowed = list(forms[0]["properties"])
            extra = [str(k) for k in inst if k not in allowed]
            if extra:
                hint = (forms[0].get("x-keys") or {}).get(extra[0]) or did_you_mean(extra[0], allowed)
                takes = ", ".join(allowed)
                return [Diagnostic(f"{_where(path)} has an unknown key '{extra[0]}' (it takes {takes})", span, hint)]
        return [
            Diagnostic(
                f"{_where(path)} must be text, or a mapping from language codes to text",
                span,
                "for example: name: {en: Whist, fr: Whist}",
            )
        ]
    deepest = sorted(error.context, key=lambda e: (-len(e.absolute_path), e.validator == "type"))
    if deepest and len(deepest[0].absolute_path) > len(error.absolute_path):
        return _diagnose(root, deepest[0])
    fitting = [i for i, b in enumerate(branches) if _json_type(error.instance) in _types_of(b)]
    if len(fitting) == 1:  # one form takes a value of this kind ({zone, cards} for a mapping): what it says
        inner = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == fitting[0]]
        if inner:
            return _diagnose(root, min(inner, key=lambda e: (-len(e.absolute_path), e.validator == "type")))
    kinds = [
        _expected_types(b["type"]) if "type" in b else "one of " + ", ".join(map(str, b.get("enum", [])))
        for b in branches
        if "type" in b or "enum" in b
    ]
    return [
        Diagnostic(
            f"{_where(path)} must be {' or '.join(kinds) or 'something else'}, not {_describe_type(error.instance)}",
            span,
        )
    ]


def _pattern_hint(pattern: str) -> str:
    if pattern.startswith("^[a-z_][a-z0-9_]*(\\s*\\("):  # a zone named by a step
        return (
            "a step names one zone: its name, or name(seat) for a zone per seat; to choose between zones, "
            "write the step under an `if` (if: ..., then: [...], else: [...])"
        )
    if pattern.startswith("^[a-z][a-z0-9_]*"):
        return "names use lower-case letters, digits and '_', starting with a letter"
    if "A-Za-z" in pattern and "-" in pattern:
        return "rule ids look like 'HM-28' or 'DZ-A23'"
    if pattern.startswith("^[a-z0-9]"):
        return "card, suit and rank ids use lower-case letters, digits and '-'"
    return f"it must match {pattern}"


def _describe_schema(sub: Any) -> str | None:
    if isinstance(sub, Mapping) and sub.get("description"):
        return sub["description"].split(". ")[0].rstrip(".")
    return None


def check_structure(root: Any) -> list[Diagnostic]:
    """Every schema problem of the tree, worded for authors, in file order.

    A tree that `quick_schema` finds valid has none, and jsonschema is not even loaded."""
    if satisfies(root, schema()) is True:
        return []
    out: list[Diagnostic] = []
    for error in validator().iter_errors(root):
        out.extend(_diagnose(root, error))
    return out
