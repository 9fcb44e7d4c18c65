"""Generated documentation pages must match the code (run `python -m interpreter.frontends.docgen`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.frontends.docgen import all_pages

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture(scope="module")
def pages():
    return all_pages()


def test_generated_pages_are_up_to_date(pages):
    stale = [
        name
        for name, text in pages.items()
        if not (DOCS / name).is_file() or (DOCS / name).read_text(encoding="utf-8") != text
    ]
    if stale:
        import difflib

        name = stale[0]
        old = (DOCS / name).read_text(encoding="utf-8").splitlines() if (DOCS / name).is_file() else []
        diff = "\n".join(list(difflib.unified_diff(old, pages[name].splitlines(), lineterm=""))[:30])
        raise AssertionError(f"out of date, run `python -m interpreter.frontends.docgen`: {stale}\n{diff}")


def test_every_shipped_ruleset_has_a_rules_page(pages):
    rulesets = Path(__file__).resolve().parent.parent / "rulesets"
    for path in rulesets.rglob("*.yaml"):
        assert f"games/{path.relative_to(rulesets).with_suffix('.md')}" in pages


def test_schema_file_matches_its_source():
    import subprocess
    import sys

    tool = Path(__file__).resolve().parent.parent / "tools" / "make_schema.py"
    assert subprocess.run([sys.executable, str(tool), "--check"]).returncode == 0, (
        "grammar/ruleset.schema.json is out of date: run python tools/make_schema.py"
    )


def test_every_schema_property_has_a_description():
    import json

    schema = json.loads((Path(__file__).resolve().parent.parent / "grammar" / "ruleset.schema.json").read_text())
    missing = []

    def walk(node, path):
        if not isinstance(node, dict):
            return
        for key, sub in (node.get("properties") or {}).items():
            if isinstance(sub, dict) and "description" not in sub:
                missing.append(f"{path}.{key}")
            walk(sub, f"{path}.{key}")
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                walk(node[key], f"{path}[{key}]")
        for branch in node.get("anyOf", []):
            walk(branch, path)

    walk(schema, "$")
    walk(schema["definitions"]["step"], "step")
    assert not missing
