"""Moves typed as text: a '-' between words is a separator, a '-' before a number its sign."""

from __future__ import annotations

import pytest

from interpreter.engine.moves import IllegalAction, normalize
from tests.engine.tiny import compile_text

ADJUST = """
cardrules: 1
id: adjust
name: Adjust
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}]
zones:
  deck: {visibility: none}
variables:
  total: {type: int}
actions:
  adjust:
    param: {name: by, from: "[-1, 2]"}
    effect:
      - add: {total: by}
flow:
  - turn: {player: 0, actions: [adjust]}
result:
  returns: "total"
"""


def test_a_negative_value_is_not_read_as_its_positive():
    """`adjust -2` was played as `adjust 2`: the minus was read as a separator."""
    rs = compile_text(ADJUST)
    st = rs.new_game(seed=0)
    with pytest.raises(IllegalAction, match="'-2' is not a choice for 'adjust' now"):
        st.apply_action("adjust -2")
    st.apply_action("adjust -1")
    assert st.returns() == [-1]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("play red-3", "play red 3"),
        ("Play  RED_3", "play red 3"),
        ("adjust -2", "adjust -2"),
        ("pass +red-3", "pass +red 3"),
    ],
)
def test_normalize_reads_separators_and_signs(typed, read):
    assert normalize(typed) == read
