"""Undo at a browser table takes back a choice of several cards whole, as the prompt does."""

from __future__ import annotations

from interpreter.engine.state import PICK_KIND
from interpreter.frontends.web.tables import Table
from tests.cli.test_prompt_story import PASSING, PASSING_TWICE
from tests.engine.tiny import compile_text


def table(tmp_path, text: str) -> Table:
    rs = compile_text(text)
    return Table(
        id="t",
        rs=rs,
        ruleset_path=str(rs.path),
        seed=1,
        options=rs.check_options({}),
        agent_specs=["random", "random"],
        tokens={0: "token"},
        save_path=tmp_path / "table.json",
    )


def pick_first(t: Table) -> None:
    pick = next(a for a in t.state.legal_actions() if a.kind == PICK_KIND)
    t.act(0, pick.text, t.state.decisions)


def test_undo_after_a_choice_goes_back_to_before_its_first_pick(tmp_path):
    t = table(tmp_path, PASSING_TWICE)
    pick_first(t)
    pick_first(t)
    choice = next(a for a in t.state.legal_actions() if a.kind != PICK_KIND)  # the two cards, played whole
    t.act(0, choice.text, t.state.decisions)
    while t.state.current_player() == 1:  # (the agent picks one card a decision too)
        assert t.agent_move(1, t.state.decisions)
    assert t.state.current_player() == 0 and len(t.state.history) == 6
    t.undo(0)
    assert t.state.history == [] and t.state.current_player() == 0


def test_undo_in_the_middle_of_a_choice_takes_back_its_picks(tmp_path):
    t = table(tmp_path, PASSING)
    pick_first(t)
    t.undo(0)
    assert t.state.history == []
