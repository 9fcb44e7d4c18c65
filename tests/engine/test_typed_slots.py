"""Every slot the engine reads is typed at load time, and what only play can find is a ruleset error
(issue 15, bug 4; issue 20: a file that validates never reaches a Python error in play).

The load-time diagnostics have rows in the broken-file catalogue; these are the cases that run.
"""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from tests.engine.tiny import compile_text

TABLE = """
cardrules: 1
id: slots
name: Slots
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  points: {type: int, per: seat}
  seen: {type: "set[suit]"}
  shown: {type: str}
flow:
  - shuffle: deck
__STEPS__
result:
  returns: "points[seat]"
"""


def _run(steps: str, deck: list[str] | None = None):
    rs = compile_text(TABLE.replace("__STEPS__", steps))
    return rs.new_game(seed=1, deck_orders=[deck] if deck else None, story=True)


def test_move_cards_reads_a_quoted_id_as_a_card():
    st = _run(
        "  - move: {from: deck, to: table, cards: \"'blue-2'\"}\n"
        "  - move: {from: deck, to: table, cards: \"['red-1', 'red-2']\"}"
    )
    assert st.observation(0)["zones"]["table"] == ["blue-2", "red-1", "red-2"]


def test_move_cards_of_a_set_moves_them_in_deck_order():
    st = _run("  - move: {from: deck, to: table, cards: \"{c for c in deck if c.suit == 'red'}\"}")
    assert st.observation(0)["zones"]["table"] == ["red-1", "red-2"]


def test_move_cards_of_none_is_a_ruleset_error():
    text = TABLE.replace("__STEPS__", '  - move: {from: deck, to: table, cards: "first(table, default=none)"}')
    report = check_text(text)
    assert report.ok, [d.message for d in report.diagnostics]
    with pytest.raises(FlowError, match=r"there is no card to move \(the value is none\) in move"):
        report.ruleset.new_game(seed=1)


def test_deal_to_a_seat_that_does_not_exist_is_a_ruleset_error():
    with pytest.raises(FlowError, match="cannot deal to seat 2, which does not exist in deal"):
        _run("  - deal: {from: deck, to: hand, seats: '[0, 2]', packets: [1]}")


def test_deal_of_a_negative_count_is_a_ruleset_error():
    with pytest.raises(FlowError, match="cannot deal -1 cards"):
        _run("  - deal: {from: deck, to: hand, seats: seats, counts: 'seat - 1'}")


def test_move_of_a_negative_count_is_a_ruleset_error():
    with pytest.raises(FlowError, match="cannot move -2 cards"):
        _run("  - move: {from: deck, to: table, count: '-2'}")


def test_a_whole_per_seat_variable_needs_one_value_per_seat():
    """Checked in play for a computed list (a list written out is counted when the file loads: the
    catalogue's flow_set_per_seat_list_of_wrong_length.yaml)."""
    with pytest.raises(FlowError, match=r"'points' holds one value per seat \(2\), and this gives 3"):
        _run("  - set: {points: '[1, 2] + [3]'}")


def test_a_claim_window_for_a_seat_that_does_not_exist_is_a_ruleset_error():
    text = TABLE.replace("__STEPS__", "  - claim: {players: '[1, 5]', actions: [take]}").replace(
        "flow:", "actions:\n  take: {text: Take.}\nflow:"
    )
    with pytest.raises(FlowError, match="claim window for seat 5, which does not exist"):
        compile_text(text).new_game(seed=1)


def test_sets_are_shown_and_walked_in_order():
    steps = (
        '  - set: {seen: "{c.suit for c in deck}"}\n'
        "  - for_each:\n      in: seen\n      as: s\n      steps:\n"
        "        - set: {shown: \"shown + ('r' if s == 'red' else 'b')\"}\n"
        "  - announce: 'suits {seen}'"
    )
    st = _run(steps)
    assert st.observation(0)["variables"]["seen"] == ["red", "blue"]
    assert st.observation(0)["variables"]["shown"] == "rb"
    message = st.observation(0)["events"][-1]
    assert message["text"]["en"] == ["suits ", {"list": [{"suit": "red"}, {"suit": "blue"}]}]
