"""A suit or a rank reads its place in the deck's order and each card attribute all of its cards
share (a held-out Skat wanted `trump.base`, the base value of the trump suit; a held-out Tichu
the power of a wished rank); one its cards do not share is refused, with the way to read it."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import compile_text

GAME = """
cardrules: 1
id: attrs
name: Attrs
players: {count: 2}
deck:
  attributes:
    base: {type: int, default: 0}
    power: {type: int, default: 0}
    odd: {type: bool, default: false}
  suits: [{id: clubs, attrs: {base: 12}}, {id: hearts, attrs: {base: 10}}]
  ranks: [{id: "7", attrs: {power: 7}}, {id: "8", attrs: {power: 8}}, {id: "9", attrs: {power: 9}}]
  card_attrs: {clubs-7: {odd: true}}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  trump: {type: suit, initial: hearts}
  wish: {type: rank, initial: "8"}
  value: {type: int}
actions:
  go: {text: Go.}
flow:
  - set: {value: "trump.base * 100 + wish.power * 10 + trump.suit_order + wish.rank_order"}
  - turn: {player: 0, actions: [go]}
result:
  returns: "value"
"""


def test_a_suit_and_a_rank_read_what_their_cards_share():
    rs = compile_text(GAME)
    st = rs.new_game(seed=1)
    st.apply_action("go")
    assert st.returns() == [10 * 100 + 8 * 10 + 1 + 1] * 2


def test_an_attribute_the_cards_of_a_suit_do_not_share_is_refused_with_the_way_to_read_it():
    odd = GAME.replace('value: "trump.base', 'value: "(1 if trump.odd else 0) + trump.base')
    report = check_text(odd, "attrs.yaml")
    [problem] = [d for d in report.diagnostics if d.severity == "error"]
    assert problem.message == "suit has no attribute 'odd'"
    assert "a suit reads only those all its cards share" in problem.hint and "card.odd" in problem.hint
    assert "base" in problem.hint and "suit_order" in problem.hint  # (what it can read)
