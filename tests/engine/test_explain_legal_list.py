"""A refused move lists the legal ones, and says so when there are more than it shows."""

from __future__ import annotations

import random

import interpreter
from tests.fuzz import DZ


def test_a_long_list_of_legal_moves_ends_with_an_ellipsis():
    rs = interpreter.load(DZ)
    st = rs.new_game(seed=7)
    rng = random.Random(7)
    while len([a for a in st.legal_actions() if a.text.startswith("discard ")]) <= 12:
        assert not st.is_terminal()
        st.apply_action(rng.choice(st.legal_actions()))
    legal = st.legal_actions()
    held = {a.text.split(" ", 1)[1] for a in legal if a.text.startswith("discard ")}
    absent = next(c for c in rs.cards.ids if c not in held)
    said = rs.explain(st, f"discard {absent}")
    assert "legal: " in said and said.endswith(", …"), said
    assert said.count(", ") == 12, said  # twelve moves shown, then the ellipsis


def test_a_short_list_of_legal_moves_is_whole():
    rs = interpreter.load(DZ)
    st = rs.new_game(seed=7)
    legal = st.legal_actions()
    assert len(legal) <= 12
    said = rs.explain(st, "discard nothing-such")
    assert "…" not in said, said


CHECKING = """
cardrules: 1
id: checking
name: Checking
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
variables:
  bet: {type: int}
actions:
  check:
    id: C-1
    text: Check when nobody has bet yet.
    available_if: "bet == 0"
  raise:
    effect:
      - add: {bet: 1}
flow:
  - turn: {player: 0, actions: [check, raise]}
  - turn: {player: 1, actions: [check, raise]}
result:
  returns: "0"
"""


def test_an_action_not_available_now_is_refused_with_its_rule_in_words():
    """A refused `check` said "'check' is not possible now (C-1)": the rule's words say why."""
    from tests.engine.tiny import compile_text

    rs = compile_text(CHECKING)
    st = rs.new_game(seed=1)
    st.apply_action("raise")
    assert rs.explain(st, "check") == "'check' is not possible now (C-1: Check when nobody has bet yet.)"


def test_a_value_given_to_an_action_that_takes_none_is_told_so():
    """`raise raise` said only "is not legal now"."""
    from tests.engine.tiny import compile_text

    rs = compile_text(CHECKING)
    st = rs.new_game(seed=1)
    assert rs.explain(st, "raise raise") == "'raise' takes no value: write just raise"


BIDS = """
cardrules: 1
id: bids
name: Bids
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
actions:
  bid:
    param: {name: b, from: "['1C', '1D', '1H', '1S', '1NT', '2C']"}
flow:
  - turn: {player: 0, actions: [bid]}
result:
  returns: "0"
"""


def test_values_that_are_texts_are_listed_in_the_ruleset_s_order():
    """Bids listed as texts sorted alphabetically (1C, 1D, 1H, 1NT, 1S, 2C) put 1NT below 1S (found
    by writing Bridge from the docs): texts keep the order of the ruleset's list."""
    from tests.engine.tiny import compile_text

    st = compile_text(BIDS).new_game(seed=1)
    said = st.rs.explain(st, "bid 9C")
    assert said.endswith("legal: bid 1C, bid 1D, bid 1H, bid 1S, bid 1NT, bid 2C"), said
