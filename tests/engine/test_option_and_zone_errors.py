"""Bad values a program or a web request can give, and where a ruleset's step failed (found by
writing games from the docs and sending a server hostile requests)."""

from __future__ import annotations

import pytest

from interpreter.engine.program import FlowError
from tests.engine.tiny import compile_text

ROUNDS = """
cardrules: 1
id: rounds
name: Rounds
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
options:
  rounds: {type: int, default: 2, minimum: 1, maximum: 9}
  stacking: {type: bool, default: false}
  trumps: {type: suit, default: s}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  total: {type: int}
actions:
  give:
    param: {name: card, from: "hand(player)"}
    effect:
      - add: {total: 5}
      - move: {from: "hand(player)", to: "hand(total)", cards: card}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [give]}
result:
  returns: "0"
"""


@pytest.mark.parametrize("value", [float("inf"), 1.5, True, "2", None])
def test_a_whole_number_option_refuses_what_is_not_one(value):
    rs = compile_text(ROUNDS)
    if value == "2":  # (text, as the command line gives it, is read)
        assert rs.check_options({"rounds": value}) == {"rounds": 2}
        return
    with pytest.raises(ValueError, match="needs a whole number"):
        rs.check_options({"rounds": value})


@pytest.mark.parametrize("value", [2, 1, 0, 1.0, None, [True], "yes"])
def test_a_true_or_false_option_refuses_anything_else(value):
    """`{"stacking": 2}` from a web request was kept as 2: true to an `if`, yet not equal to true."""
    rs = compile_text(ROUNDS)
    with pytest.raises(ValueError, match="needs true or false"):
        rs.check_options({"stacking": value})
    assert rs.check_options({"stacking": "TRUE"}) == {"stacking": True}
    assert rs.check_options({"stacking": False}) == {"stacking": False}


@pytest.mark.parametrize("value", [1, -1, True, 0.0, "x"])
def test_a_named_option_refuses_what_names_nothing(value):
    rs = compile_text(ROUNDS)
    with pytest.raises(ValueError, match="cannot be"):
        rs.check_options({"trumps": value})
    assert rs.check_options({"trumps": "s"}) == {"trumps": 0}


def test_a_seat_out_of_a_zones_range_in_an_effect_names_the_step_and_its_place():
    rs = compile_text(ROUNDS)
    st = rs.new_game(seed=1)
    with pytest.raises(FlowError, match=r"seat 5 does not exist \(zone 'hand'\) in move of 'give' at tiny.yaml:\d+"):
        st.apply_action(st.legal_actions()[0])


def test_a_deal_short_of_cards_names_the_zone_it_deals_from():
    # (seats the text does not count: a deal of written packets to `seats` is counted when the file loads)
    rs = compile_text(ROUNDS.replace("seats: seats, packets: [2]", 'seats: "[s for s in seats]", packets: [3]'))
    with pytest.raises(FlowError, match="cannot deal 3 cards: only 1 left in deck"):
        rs.new_game(seed=1)


def test_an_unknown_option_lists_the_rulesets_options():
    rs = compile_text(ROUNDS)
    with pytest.raises(ValueError, match="unknown option 'deal' of rounds; its options: rounds, stacking, trumps"):
        rs.check_options({"deal": 2})
    with pytest.raises(ValueError, match="did you mean 'rounds'"):
        rs.check_options({"round": 2})
