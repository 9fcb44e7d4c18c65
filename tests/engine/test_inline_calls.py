"""Engine functions written out in generated code (`Function.inline`): a per-seat zone `hand(s)`
and `team_of(s)` of a plain slot are a look-up in the text, with the function itself called only
where the seat is out of range, so the error is the function's own, as the closures give it."""

from __future__ import annotations

import functools

import pytest

from interpreter.compiling import assemble
from interpreter.engine.program import FlowError
from tests.engine.tiny import HIGH_CARD, compile_text

SCORE = '        - add: {"points[leader]": 1, rounds: 1}\n'
ROUNDS = "  rounds: {type: int}\n"


def _compiled(text: str, closures: bool):
    """The ruleset, with generated code or (`closures`) with the closures only, the reference."""
    if not closures:
        return compile_text(text)
    original = assemble.ExprCompiler
    assemble.ExprCompiler = functools.partial(original, generate=False)
    try:
        rs = compile_text(text)
    finally:
        assemble.ExprCompiler = original
    rs.use_reference_flow()
    return rs


def _game(expression: str, reference: bool, far: int = 0):
    """A game that sets `probe` to the expression after every trick (`far`: a seat number in a
    slot, out of range when it is 2 or more), with generated code or (`reference`) without."""
    text = HIGH_CARD.replace(SCORE, SCORE + f'        - set: {{probe: "{expression}"}}\n')
    text = text.replace(ROUNDS, ROUNDS + f"  probe: {{type: int}}\n  far: {{type: int, initial: {far}}}\n")
    assert text.count("probe") == 2
    if "team_of" in expression:  # (team_of needs teams)
        text = text.replace(
            "players: {count: 2}", "players: {count: 2, teams: [{id: a, seats: [0]}, {id: b, seats: [1]}]}"
        )
    rs = _compiled(text, reference)
    st = rs.new_game(seed=2)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return st


@pytest.mark.parametrize(
    "expression", ["len(hand(leader)) + len(hand(far))", "1 if team_of(leader) == team_of(far) else 2"]
)
def test_a_written_out_lookup_gives_what_the_closures_give(expression):
    assert _game(expression, False).to_json() == _game(expression, True).to_json()


@pytest.mark.parametrize(
    "expression, words",
    [("len(hand(far))", "seat 5 does not exist"), ("1 if team_of(far) == team_of(0) else 2", "seat 5 does not exist")],
)
def test_a_seat_out_of_range_is_the_functions_own_error(expression, words):
    messages = []
    for reference in (False, True):
        with pytest.raises(FlowError, match=words) as caught:
            _game(expression, reference, far=5)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]


def _moving_game(far: int, reference: bool):
    """A game whose flow moves no card from `hand(far)` after every trick (a per-seat zone of a
    slot, which generated code reads itself) and the trick to the deck (a shared zone)."""
    step = '        - move: {from: "hand(far)", to: deck, count: 0}\n'
    text = HIGH_CARD.replace(SCORE, SCORE + step).replace(ROUNDS, ROUNDS + f"  far: {{type: int, initial: {far}}}\n")
    rs = _compiled(text, reference)
    st = rs.new_game(seed=5)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return st


def test_zones_written_out_in_moves_give_what_the_closures_give():
    assert _moving_game(1, False).to_json() == _moving_game(1, True).to_json()


def test_a_per_seat_zone_of_a_seat_out_of_range_in_a_move_is_the_same_error():
    messages = []
    for reference in (False, True):
        with pytest.raises(FlowError, match=r"seat 6 does not exist \(zone 'hand'\)") as caught:
            _moving_game(6, reference)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
