"""Every variant file validates, names its base, and plays to the end from the command line."""

import json
import re

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli
from tests.variants import VARIANTS, load, merged

FILES = sorted(VARIANTS.glob("*.yaml"))
BASES = {"hachinin_meri": 8, "duzihu": 3}


def run(args):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


def test_the_variants_are_there():
    assert {f.stem for f in FILES} >= {
        "hachinin_meri_short",
        "hachinin_meri_hidden_robai",
        "hachinin_meri_counterclockwise",
        "duzihu_followers",
        "duzihu_min22",
    }


def test_validate_all_variants():
    result = run(["validate", *map(str, FILES)])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok") == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_variant_extends_its_base_and_says_how_it_differs(path):
    text = path.read_text(encoding="utf-8")
    base = next(b for b in BASES if f"extends: ../{b}.yaml" in text)
    root = merged(f"variants/{path.stem}")
    assert root["id"] == path.stem != base
    assert root["name"]["en"] and root["description"]["en"]
    assert load(f"variants/{path.stem}").num_players == BASES[base]
    assert len(untranslated_lines(text)) <= 80, "a variant is a short file"


def untranslated_lines(text: str) -> list[str]:
    """The lines of a ruleset file without the translations of its texts.

    A text's lines in languages other than English (`ja: ...`, or `ms: >-` and
    the block under it) do not make a variant longer in what it changes.
    """
    out, block = [], None
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if block is not None and (not line.strip() or indent > block):
            continue
        block = None
        m = re.match(r"( *)(ja|ms|fa|hu|zh): ", line)
        if m:
            if line.rstrip().endswith((">-", ">", "|", "|-")):
                block = len(m.group(1))
            continue
        out.append(line)
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_simulate_plays_every_game_to_the_end(path):
    result = run(["simulate", str(path), "-n", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 10


RULE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9.]+$")


def rule_ids_used(node, out: set, top: bool = True) -> set:
    """Rule ids carried by entries (outside the rules list and the deck's card ids)."""
    if isinstance(node, dict):
        if isinstance(node.get("id"), str) and RULE_ID.match(node["id"]):
            out.add(node["id"])
        for key, value in node.items():
            if not (top and key in ("rules", "deck")):
                rule_ids_used(value, out, False)
    elif isinstance(node, list):
        for value in node:
            rule_ids_used(value, out, False)
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_rule_id_an_entry_names_is_listed(path):
    """A variant that removes or replaces a base rule re-tags every entry that named it."""
    root = merged(f"variants/{path.stem}")
    listed = {r["id"] for r in root["rules"]}
    assert rule_ids_used(root, set()) - listed == set()
    assert len(listed) == len(root["rules"])
