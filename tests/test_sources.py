"""docs/sources.md is the specification the shipped games are checked against: every rule it
states is named by a test, every resolution is cited by its ruleset or named by a test, and every
id a ruleset cites is stated there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
RULE_ID = re.compile(r"\b((?:HM|DZ)-A?\d+)\b")
STATED = sorted(set(RULE_ID.findall(SOURCES)), key=lambda i: (i[:2], "A" in i, int(re.sub(r"\D", "", i))))
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py")).lower().replace("_", " ")
GAMES = ("hachinin_meri", "duzihu")
RULESETS = "\n".join((ROOT / "rulesets" / f"{g}.yaml").read_text(encoding="utf-8") for g in GAMES)


def test_the_sources_state_both_games():
    assert {i for i in STATED if i.startswith("HM-") and "A" not in i} == {f"HM-{n}" for n in range(1, 44)}
    assert {i for i in STATED if i.startswith("HM-A")} == {f"HM-A{n}" for n in range(1, 42)}
    assert {i for i in STATED if i.startswith("DZ-") and "A" not in i} == {f"DZ-{n}" for n in range(1, 48)}
    assert {i for i in STATED if i.startswith("DZ-A")} == {f"DZ-A{n}" for n in range(1, 51)}


def _named_by_a_test(rule_id: str) -> bool:
    prefix, number = rule_id.lower().split("-")
    return re.search(rf"\b{prefix}-?{number}\b", TESTS) is not None


@pytest.mark.parametrize("rule_id", [i for i in STATED if "A" not in i])
def test_every_stated_rule_is_named_by_a_test(rule_id):
    assert _named_by_a_test(rule_id), f"no test names {rule_id}"


@pytest.mark.parametrize("rule_id", [i for i in STATED if "A" in i])
def test_every_resolution_is_cited_by_its_ruleset_or_named_by_a_test(rule_id):
    cited = re.search(rf"\b{rule_id}\b", RULESETS) is not None
    assert cited or _named_by_a_test(rule_id), f"{rule_id} is neither cited in a ruleset nor named by a test"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_ruleset_cites_is_stated(game):
    text = (ROOT / "rulesets" / f"{game}.yaml").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bid:\s*((?:HM|DZ)-A?\d+)\b", text))
    assert cited, f"{game} cites no rule ids"
    assert cited - set(STATED) == set()
