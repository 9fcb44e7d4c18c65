"""docs/api.md, run: every Python block of the page, in order, in one namespace, from the checkout's top
folder (issue 15, capability 4).  A block that raises fails here with its number and first line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, re.S)


def test_the_page_has_examples_for_every_part_of_the_api():
    code = "\n".join(BLOCKS)
    for name in (
        "interpreter.load",
        "RulesetError",
        "check_file",
        "new_game",
        "deck_orders",
        "options=",
        "current_player",
        "legal_actions",
        "apply_action",
        "IllegalAction",
        "is_terminal",
        "returns",
        "clone",
        "to_json",
        "state_from_json",
        "records",
        "observation",
        "make_agents",
    ):
        assert name in code, name


def test_the_package_points_to_the_page():
    import interpreter

    assert "docs/api.md" in (interpreter.__doc__ or "")


def test_every_example_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    namespace: dict = {"__name__": "api_doc"}
    for i, block in enumerate(BLOCKS, 1):
        try:
            exec(compile(block, f"docs/api.md, block {i}", "exec"), namespace)  # noqa: S102 - the page's own code
        except Exception as exc:
            pytest.fail(f"block {i} ({block.splitlines()[0]!r}) raised {type(exc).__name__}: {exc}")
