"""A zone given by an expression of type `zone` (a variable, a parameter, a function, a loop name):
moves, turns and shuffles name it where they would name a shared zone (a patience's columns)."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from interpreter.text.render import Renderer
from tests.engine.tiny import compile_text

COLUMNS = """
cardrules: 1
id: columns
name: Columns
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
constants:
  cols: {type: "list[zone]", value: [c1, c2, c3]}
zones:
  deck: {visibility: none}
  c1: {visibility: all, label: Column 1}
  c2: {visibility: all, label: Column 2}
  c3: {visibility: all, label: Column 3}
  hidden: {visibility: none}
variables:
  src: {type: zone}
functions:
  col:
    params: {i: int}
    returns: zone
    value: "cols[i]"
actions:
  take:
    param: {name: z, from: "[z for z in cols if len(entries(z)) > 0]"}
    effect:
      - set: {src: z}
  put:
    param: {name: z, from: "[z for z in cols if z != src]"}
    effect:
      - move: {from: src, to: z, count: 1, end: back}
  bury:
    param: {name: z, from: "[z for z in cols if len(entries(z)) > 0]"}
    effect:
      - move: {from: z, to: __BURY__, count: 1, end: back}
flow:
  - for_each:
      in: "range(3)"
      as: i
      steps:
        - move: {from: deck, to: "col(i)", count: 2, face: down}
        - reveal: {zone: "col(i)", count: 1, end: back}
  - turn: {player: 0, actions: [take]}
  - turn: {player: 0, actions: [put]}
  - turn: {player: 0, actions: [bury]}
result:
  returns: "len(entries('c1'))"
"""


def _game(bury: str = "hidden"):
    rs = compile_text(COLUMNS.replace("__BURY__", bury))
    return rs, rs.new_game(seed=0, deck_orders=[["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]])


def test_cards_move_from_and_to_zones_given_by_expressions():
    rs, st = _game()
    assert st.observation(0)["zones"]["c1"] == [None, "s-2"]  # dealt face down by col(i), the last turned up
    st.apply_action("take c1")
    st.apply_action("put c3")
    assert st.observation(0)["zones"]["c3"] == [None, "s-6", "s-2"]
    assert st.observation(0)["zones"]["c1"] == [None]


def test_a_move_into_a_zone_given_by_an_expression_takes_that_zones_face():
    """Without `face`, a card turns face down in a zone nobody sees (and up in one everybody sees)."""
    rs, st = _game("src")
    st.apply_action("take c2")
    st.apply_action("put c1")
    zones = st.observation(0)["zones"]
    assert zones["c1"] == [None, "s-2", "s-4"]
    st.apply_action("bury c3")  # s-6 onto c2, where src still points: face up there
    assert st.observation(0)["zones"]["c2"] == [None, "s-6"]
    rs, st = _game()
    st.apply_action("take c1")
    st.apply_action("put c2")
    st.apply_action("bury c2")
    assert st.observation(0)["zones"]["hidden"] == [None]


def test_a_zone_value_is_written_by_its_label():
    rs, st = _game()
    words = Renderer(rs, viewer=0)
    assert [words.action(a.text) for a in st.legal_actions()] == ["take Column 1", "take Column 2", "take Column 3"]
    assert words.typed({"zone": "c2"}) == "Column 2"


def test_an_unknown_name_is_still_an_unknown_zone():
    report = check_text(COLUMNS.replace("__BURY__", "hiden"), "columns.yaml")
    assert [d.message for d in report.diagnostics if d.severity == "error"] == ["unknown zone 'hiden'"]


def test_a_name_of_another_type_says_it_is_no_zone():
    report = check_text(COLUMNS.replace("__BURY__", "'cols'"), "columns.yaml")
    errors = [d.message for d in report.diagnostics if d.severity == "error"]
    assert errors == ["'cols' is list[zone], and a step needs a zone here"], errors


def test_a_zone_value_of_a_per_seat_zone_stops_the_game_with_the_step_named():
    text = COLUMNS.replace("__BURY__", "src").replace(
        "  hidden: {visibility: none}", "  hidden: {per: seat, visibility: owner}"
    )
    text = text.replace('from: "[z for z in cols if z != src]"', 'from: "[z for z in cols if z != src] + mine"')
    text = text.replace("constants:\n", 'constants:\n  mine: {type: "list[zone]", value: [hidden]}\n')
    rs = compile_text(text)
    st = rs.new_game(seed=0)
    with pytest.raises(FlowError, match="'hidden', which is one per seat: write hidden\\(seat\\)"):
        st.apply_action("take c1")
        st.apply_action("put hidden")


def test_cards_of_a_zone_value_are_read_without_building_entries() -> None:
    """`cards_in(z)`: the cards of a zone given as a value, in its order (a patience's search read
    them through `entries(z)`, a record per card, and took seconds a move)."""
    rs = compile_text(CARDS)
    st = rs.new_game(seed=1)
    c1, c2 = (next(z.base for z in rs.zones if z.name == n) for n in ("c1", "c2"))
    assert sorted(a.text for a in st.legal_actions()) == ["take c1", "take c2"]
    st.apply_action("take c2")
    seen = st.observation(0)["variables"]
    assert seen["left"] == len(st.zones[c2]) == 2
    assert seen["top"] == rs.cards.ids[st.zones[c2][0]]
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.zones[c1] == st.zones[c2] == []


CARDS = """
cardrules: 1
id: cols
name: Cols
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  c1: {visibility: all}
  c2: {visibility: all}
  hand: {per: seat, visibility: owner}
constants:
  cols: {type: "list[zone]", value: [c1, c2]}
variables:
  left: {type: int}
  top: {type: card}
actions:
  take:
    param: {name: z, from: "[z for z in cols if len(cards_in(z)) > 0]"}
    effect:
      - move: {from: z, to: "hand(player)", count: 1}
      - set: {left: "len(cards_in(z))", top: "first(cards_in(z), default=none)"}
flow:
  - shuffle: deck
  - move: {from: deck, to: c1, count: 2}
  - move: {from: deck, to: c2, count: 3}
  - repeat:
      while: "len(c1) + len(c2) > 0"
      steps:
        - turn: {player: 0, actions: [take]}
  - end_deal: {}
result:
  returns: "left"
"""


def test_a_ruleset_may_name_something_cards_in() -> None:
    text = CARDS.replace("  left: {type: int}\n", "  left: {type: int}\n  cards_in: {type: int}\n")
    text = text.replace("len(cards_in(z)) > 0", "cards_in >= 0").replace("len(cards_in(z))", "cards_in + 1")
    text = text.replace("first(cards_in(z), default=none)", "none")
    report = check_text(text, "tiny.yaml")
    assert report.ok, [d.message for d in report.diagnostics]


def test_a_choice_between_zones_written_as_an_expression_says_it_is_not_one_zone():
    # (a held-out Blackjack: `to: "hand(player) if ... else hand2(player)"` read "unexpected ')'")
    per_seat = COLUMNS.replace("  hidden: {visibility: none}", "  hidden: {per: seat, visibility: owner}")
    report = check_text(per_seat.replace("__BURY__", '"hidden(0) if rounds > 0 else hidden(1)"'), "columns.yaml")
    errors = [(d.message, d.hint) for d in report.diagnostics if d.severity == "error"]
    assert len(errors) == 1 and errors[0][0].endswith("is not one zone: a step names a zone as hidden(seat)"), errors
    assert "under an `if`" in errors[0][1]
    # (the schema's own check of a name: its hint says the same, not the pattern it matches)
    report = check_text(COLUMNS.replace("__BURY__", '"hidden if rounds > 0 else table"'), "columns.yaml")
    errors = [(d.message, d.hint) for d in report.diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "under an `if`" in errors[0][1] and "must match" not in errors[0][1], errors
