"""`move: {..., by: SEAT}`: the seat recorded as placing the cards, for a card one seat plays from
another's hand (a bridge declarer playing from the dummy).  Without `by`, the acting seat is the
placer, so a trick's winner taken from `.by` would be the declarer, who then leads from the wrong
hand."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from tests.engine.tiny import compile_text

# seat 0 plays its own card, then one of seat 2's (the dummy's), which seat 2 is recorded as placing;
# the higher card's placer leads the next round
DUMMY = """
cardrules: 1
id: dummy_play
name: Dummy play
players: {count: 3}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: s}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}, {id: "6", attrs: {value: 6}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  trick: {visibility: all}
  aside: {visibility: all}
variables:
  leader: {type: seat}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: trick, cards: card}
  from_dummy:
    param: {name: card, from: "hand(2)"}
    effect:
      - move: {from: "hand(2)", to: trick, cards: card, by: __BY__}
  hide_dummy:
    param: {name: card, from: "hand(2)"}
    effect:
      - move: {from: "hand(2)", to: aside, cards: card, face: down, by: 2}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play]}
  - turn: {player: 0, actions: [from_dummy]}
  - set: {leader: "max(entries('trick'), key=value_of).by"}
  - turn: {player: 0, actions: [hide_dummy]}
functions:
  value_of: {params: {e: entry}, value: "e.card.value"}
result:
  returns: "1 if seat == leader else 0"
"""

# packets of two: seat 0 gets 1 and 2, seat 1 gets 3 and 4, seat 2 (the dummy) 5 and 6
ORDER = ["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]


def _played(by: str):
    rs = compile_text(DUMMY.replace("__BY__", by))
    st = rs.new_game(seed=1, deck_orders=[ORDER])
    st.apply_action("play s-1")
    st.apply_action("from_dummy s-6")
    return rs, st


def test_a_card_played_from_the_dummy_is_placed_by_the_dummy():
    rs, st = _played("2")
    assert st.observation(1)["placed_by"]["trick"] == [0, 2]
    st.apply_action("hide_dummy s-5")
    assert st.returns() == [0, 0, 1]  # the dummy's 6 won: the dummy leads


def test_without_by_the_acting_seat_places_it():
    rs = compile_text(DUMMY.replace(", by: __BY__", ""))
    st = rs.new_game(seed=1, deck_orders=[ORDER])
    st.apply_action("play s-1")
    st.apply_action("from_dummy s-6")
    assert st.observation(1)["placed_by"]["trick"] == [0, 0]


def test_a_face_down_card_placed_by_another_seat_is_seen_by_that_seat_only():
    rs, st = _played("2")
    st.apply_action("hide_dummy s-5")
    assert st.observation(2)["zones"]["aside"] == ["s-5"]
    assert st.observation(0)["zones"]["aside"] == [None]  # the seat that moved it did not place it
    assert st.observation(1)["zones"]["aside"] == [None]


def test_by_may_be_an_expression_and_a_number_that_is_no_seat_stops_the_game_naming_the_step():
    rs, st = _played("player + 1")
    assert st.observation(1)["placed_by"]["trick"] == [0, 1]
    rs = compile_text(DUMMY.replace("__BY__", "player + 7"))
    st = rs.new_game(seed=1, deck_orders=[ORDER])
    st.apply_action("play s-1")
    with pytest.raises(FlowError, match="move 'by' gives 7, which is no seat") as caught:
        st.apply_action("from_dummy s-6")
    assert caught.value.where is not None


def test_by_must_be_a_seat_number():
    report = check_text(DUMMY.replace("__BY__", "\"'north'\""), "dummy.yaml")
    assert not report.ok
    [problem] = report.diagnostics
    assert problem.message == "this expression must be int, but it is str"
    assert (problem.span.line, problem.span.col) == (26, 62)  # the `by` of from_dummy
