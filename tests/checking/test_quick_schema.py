"""The quick schema check agrees with jsonschema: it never lets through a tree jsonschema rejects.

`check_structure` skips jsonschema when `quick_schema.satisfies` says True, so a
True where jsonschema finds a problem would hide that problem from the author.
These tests hold the two validators to the same verdict (True exactly when
jsonschema finds nothing, False exactly when it finds something; None, "ask
jsonschema", is always allowed) on every ruleset file of the repository, on
small schemas written to hit Draft 7's corners, and on thousands of mutated
shipped rulesets; and they check that the valid shipped files do take the
quick path, without importing jsonschema.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import event
from hypothesis import strategies as st

from interpreter.checking.quick_schema import satisfies
from interpreter.checking.schema import check_structure, schema, validator
from interpreter.loading import load_document, parse_text
from tests.fuzz import fuzz
from tests.fuzz.test_fuzz_rulesets import RULESETS, dump, mutate_tree, original_tree

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [
        *(ROOT / "rulesets").glob("*.yaml"),
        *(ROOT / "docs" / "examples").rglob("*.yaml"),
        *(ROOT / "tests" / "catalogue" / "files").glob("*.yaml"),
    ]
)


def assert_agree(root: Any, what: str) -> bool | None:
    quick = satisfies(root, schema())
    problems = list(validator().iter_errors(root))
    if quick is True:
        assert not problems, f"{what}: the quick check passed a tree jsonschema rejects: {problems[0].message}"
    if quick is False:
        assert problems, f"{what}: the quick check rejected a tree jsonschema accepts"
    return quick


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_agrees_on_every_ruleset_file(path: Path) -> None:
    doc = load_document(path)
    if doc.root is None:
        pytest.skip("the file does not load as YAML")
    assert_agree(doc.root, path.name)


def test_valid_shipped_rulesets_take_the_quick_path() -> None:
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        assert satisfies(load_document(path).root, schema()) is True, path.name


def test_validate_does_not_load_jsonschema_for_a_valid_file() -> None:
    code = (
        "import sys\n"
        "from interpreter.compiling.pipeline import check_file\n"
        f"assert check_file({str(ROOT / 'rulesets' / 'duzihu.yaml')!r}).ok\n"
        "print('jsonschema' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_validate_still_words_schema_problems() -> None:
    text = (ROOT / "rulesets" / "duzihu.yaml").read_text(encoding="utf-8")
    doc = parse_text(text.replace("  count: 3  ", "  count: three  ", 1), "duzihu.yaml")
    assert satisfies(doc.root, schema()) is False
    found = check_structure(doc.root)
    assert found and "count" in found[0].message, found


# Draft 7's corners, each judged by jsonschema itself
STRING = {"type": "string"}
CORNERS: list[tuple[str, dict, Any]] = [
    ("bool is not an integer", {"type": "integer"}, True),
    ("a float without fraction is an integer", {"type": "integer"}, 2.0),
    ("a float with fraction is not", {"type": "integer"}, 2.5),
    ("bool is not a number", {"type": "number"}, False),
    ("type list", {"type": ["string", "null"]}, None),
    ("enum tells true from 1", {"enum": [1, 2]}, True),
    ("enum tells 1 from true", {"enum": [True]}, 1),
    ("enum: 1.0 is 1", {"enum": [1]}, 1.0),
    ("enum of lists", {"enum": [[1, "a"]]}, [1, "a"]),
    ("const mapping", {"const": {"a": 1}}, {"a": True}),
    ("pattern searches", {"pattern": "b"}, "abc"),
    ("pattern anchored", {"pattern": "^b"}, "abc"),
    ("pattern ignores numbers", {"pattern": "^b"}, 3),
    ("minLength counts characters", {"minLength": 2}, "é"),
    ("minimum ignores bools", {"minimum": 5}, True),
    ("maximum", {"maximum": 5}, 5.5),
    ("required", {"required": ["a"]}, {"b": 1}),
    ("required ignores lists", {"required": ["a"]}, []),
    ("minProperties", {"minProperties": 1}, {}),
    (
        "additional with patterns",
        {"patternProperties": {"^x": {"type": "integer"}}, "additionalProperties": False},
        {"xa": 1, "y": 2},
    ),
    ("additional schema", {"properties": {"a": {}}, "additionalProperties": {"type": "string"}}, {"a": 1, "b": "t"}),
    ("pattern properties checked", {"patternProperties": {"a": {"type": "string"}}}, {"bab": 1}),
    ("items", {"items": {"type": "integer"}}, [1, "2"]),
    ("minItems", {"minItems": 1}, []),
    ("anyOf", {"anyOf": [{"type": "string"}, {"minimum": 3}]}, 2),
    ("oneOf both", {"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 3),
    ("not", {"not": {"type": "string"}}, "s"),
    ("if then", {"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}),
    ("if else", {"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}, {"c": 1}),
    ("then alone means nothing", {"then": False}, 1),
    ("$ref siblings ignored", {"definitions": {"s": STRING}, "$ref": "#/definitions/s", "minLength": 9}, "ab"),
    ("$ref to a definition", {"definitions": {"s": STRING}, "items": {"$ref": "#/definitions/s"}}, ["a", 2]),
    ("false schema", {"properties": {"a": False}}, {"a": 1}),
    ("annotations", {"description": "x", "examples": [1], "title": "t", "default": 0}, 1),
]


@pytest.mark.parametrize("name,sch,instance", CORNERS, ids=[c[0] for c in CORNERS])
def test_corner_agrees_with_jsonschema(name: str, sch: dict, instance: Any) -> None:
    full = jsonschema.Draft7Validator({"$schema": "http://json-schema.org/draft-07/schema#", **sch})
    assert satisfies(instance, sch) is full.is_valid(instance)


@pytest.mark.parametrize(
    "name,sch,instance",
    [
        ("a keyword it does not know", {"uniqueItems": True}, [1, 1]),
        ("a reference to another document", {"$ref": "other.json"}, 1),
        ("a key that is not text", {"additionalProperties": False}, {1: "a"}),
        ("the tuple form of items", {"items": [{"type": "integer"}]}, [1]),
    ],
)
def test_unsure_asks_jsonschema(name: str, sch: dict, instance: Any) -> None:
    assert satisfies(instance, sch) is None


def _mutated(data: Any) -> None:
    name = data.draw(st.sampled_from(sorted(RULESETS)))
    tree = copy.deepcopy(original_tree(name))
    done = [mutate_tree(data, tree) for _ in range(data.draw(st.integers(1, 3)))]
    root = parse_text(dump(tree), name).root
    if root is not None:
        event(f"quick check: {assert_agree(root, f'{name}: {done}')}")


test_agrees_on_mutated_rulesets, test_agrees_on_mutated_rulesets_long = fuzz(60, 5000, st.data())(_mutated)
