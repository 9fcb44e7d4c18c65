"""A display.status line that cannot be shown at run time (a broken ruleset) is a FlowError that
names the line and the expression, from observation() as from every other place play reads the
ruleset, never an expression's own exception."""

from __future__ import annotations

import pytest

from interpreter.engine.program import FlowError
from tests.engine.tiny import HIGH_CARD, compile_text

STATUS = """
display:
  status:
    - "Rounds so far: {rounds}"
    - text: "Top card: {first(table)}"
      if: "{condition}"
"""


def test_a_status_line_that_fails_is_a_flow_error_naming_it():
    rs = compile_text(HIGH_CARD + STATUS.replace("{condition}", "rounds >= 0"))  # holds with an empty table
    st = rs.new_game(seed=1)
    with pytest.raises(FlowError) as caught:
        st.observation(st.current_player())
    message = str(caught.value)
    assert "first() of an empty collection" in message
    assert "display.status line 2" in message
    assert "tiny.yaml:" in message  # the expression's place in the file


def test_a_status_condition_that_fails_is_a_flow_error_too():
    rs = compile_text(HIGH_CARD + STATUS.replace("{condition}", "first(table).value > 0"))
    st = rs.new_game(seed=1)
    with pytest.raises(FlowError, match="display.status line 2"):
        st.observation(st.current_player())


def test_status_lines_that_hold_are_shown():
    rs = compile_text(HIGH_CARD + STATUS.replace("{condition}", "len(table) > 0"))
    st = rs.new_game(seed=1)
    texts = [line.get("en") for line in st.observation(st.current_player())["status"]]
    assert len(texts) == 1 and "Rounds so far" in str(texts[0])
    st.apply_action(st.legal_actions()[0])
    assert len(st.observation(st.current_player())["status"]) == 2
