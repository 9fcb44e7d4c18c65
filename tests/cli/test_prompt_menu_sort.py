"""The prompt's menu lists moves without a card first, then cards as their zone's `sort` orders
them, whatever that sort gives: a number or a text (`sort: "card.id"`, which the reference allows,
stopped the prompt with an internal error once a move without a card was offered beside cards)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CRAZY = ROOT / "tests" / "fixtures" / "crazy_eights.yaml"


def menu(output: str) -> list[str]:
    block = output.split(">> ", 1)[1].split("\n>", 1)[0]
    return [m.group(1).strip() for m in re.finditer(r"\d+\) (.+?)(?=\s+\d+\)|$)", block, re.M)]


@pytest.mark.parametrize("sort", ["card.suit_order * 100 + card.rank_order", "card.id"])
def test_moves_without_a_card_come_first_and_cards_follow_their_sort(tmp_path, monkeypatch, sort):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    variant = tmp_path / "crazy.yaml"
    variant.write_text(f'extends: {CRAZY.as_posix()}\nzones:\n  hand: {{sort: "{sort}"}}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(variant), "--seed", "1", "--agents", "random"], input="quit\n")
    assert "internal error" not in result.output and result.exit_code == 0, result.output[-1500:]
    moves = menu(result.output)
    assert moves[0] == "draw" and all(m.startswith("play ") for m in moves[1:]), moves
