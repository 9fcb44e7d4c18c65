"""A row of the match table that is no deal: `end_deal` with a `label` (a game bonus counted when the
game ends) is named, not numbered, and not counted as a deal (a held-out Gin Rummy added its game and
box bonuses after the last deal, where the match table's total then differed from the result)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from interpreter.engine.dealmark import deals_played
from interpreter.engine.saves import state_from_json, state_to_json
from interpreter.frontends.cli import cli
from interpreter.text.render import Renderer
from interpreter.text.story import StoryWriter
from tests.engine.tiny import HIGH_CARD, compile_text

BONUS = HIGH_CARD.replace(
    "        - record: {points: points}\n",
    '        - end_deal: {scores: "[1 if s == leader else 0 for s in seats]", totals: points}\n',
).replace(
    'result:\n  returns: "points[seat]"',
    "  - end_deal:\n"
    "      label: {en: First seat's bonus, ja: ボーナス}\n"
    '      scores: "[5, 0]"\n'
    '      totals: "[points[0] + 5, points[1]]"\n'
    '      text: "Seat 0 takes 5 more."\n'
    'result:\n  returns: "points[seat] + (5 if seat == 0 else 0)"',
)


def _played():
    rs = compile_text(BONUS)
    st = rs.new_game(seed=1, story=True)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return rs, st


def test_a_labelled_end_deal_is_a_named_row_and_no_deal():
    assert BONUS.count("end_deal") == 2
    rs, st = _played()
    obs = st.observation(1)
    assert len(obs["deals"]) == 4 and deals_played(obs["deals"]) == 3
    assert obs["deals"][-1]["label"] == {"en": "First seat's bonus", "ja": "ボーナス"}
    assert obs["deals"][-1]["totals"] == st.returns()
    assert [e["kind"] for e in obs["events"] if e["kind"] in ("deal_end", "bonus")] == ["deal_end"] * 3 + ["bonus"]
    table = StoryWriter(Renderer(rs, viewer=1)).match_table(obs["deals"])
    assert [line.split()[0] for line in table[2:]] == ["1", "2", "3", "First", "Total"], table
    ja = StoryWriter(Renderer(rs, "ja", viewer=1)).match_table(obs["deals"])
    assert ja[5].split()[0] == "ボーナス", ja


def test_a_bonus_row_is_kept_by_a_save_and_not_counted_by_simulate(tmp_path: Path):
    rs, st = _played()
    again = state_from_json(rs, state_to_json(st))
    assert again.deals[-1]["label"] == st.deals[-1]["label"]
    path = tmp_path / "bonus.yaml"
    path.write_text(BONUS, encoding="utf-8")
    out = CliRunner().invoke(cli, ["simulate", str(path), "-n", "10"]).output
    assert "10 games, 30 deals" in out, out
