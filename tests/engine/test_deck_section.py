"""The deck section: text attributes and excluded grid cards (issue 15, bugs 1 and 2)."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import compile_text

DECK = """
cardrules: 1
id: deck_test
name: Deck test
players: {count: 2}
deck:
  attributes:
    kind: {type: str, default: chaff}
    points: {type: int, default: 0}
  suits: [{id: pine}, {id: plum, attrs: {kind: ribbon}}]
  ranks: [{id: "1"}, {id: "2", attrs: {points: 5}}, {id: "3"}]
  card_attrs: {pine-3: {kind: bright}}
  exclude: [plum-1]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  brights: {type: int}
flow:
  - shuffle: deck
  - set: {brights: "count(c for c in deck if c.kind == 'bright')"}
result:
  returns: "brights"
"""


def test_str_attributes_take_text_values_and_defaults():
    rs = compile_text(DECK)
    kinds = dict(zip(rs.cards.ids, rs.cards.attrs["kind"]))
    assert kinds == {"pine-1": "chaff", "pine-2": "chaff", "pine-3": "bright", "plum-2": "ribbon", "plum-3": "ribbon"}
    assert all(type(k) is str for k in kinds.values())  # plain text, not the loader's located strings
    st = rs.new_game(seed=1)
    assert st.is_terminal() and st.returns() == [1, 1]  # one 'bright' card, compared as text in play


def test_str_attribute_still_refuses_a_number():
    report = check_text(DECK.replace("default: chaff", "default: 3"), "deck.yaml")
    assert [d.message for d in report.diagnostics] == ["default of attribute 'kind' must be str, not 3"]


def test_deck_exclude_removes_the_named_grid_cards():
    rs = compile_text(DECK)
    assert "plum-1" not in rs.cards.ids
    assert len(rs.cards.ids) == 5


def test_deck_exclude_of_an_unknown_card_is_an_error_at_the_entry():
    report = check_text(DECK.replace("exclude: [plum-1]", "exclude: [plum-1, plun-2]"), "deck.yaml")
    (d,) = report.diagnostics
    assert d.message == "exclude names unknown card 'plun-2'"
    assert (d.span.line, d.span.col) == (13, 21)
    assert d.hint == "did you mean 'plum-2'?"


def test_a_listed_card_of_a_suit_and_a_rank_without_a_name_is_named_as_grid_cards_are():
    """Cards listed to give ranks their own number of copies (three aces, two of each other rank)
    showed their ids ("clubs-1") where grid cards show "Clubs Ace"."""
    from interpreter.text.render import Renderer
    from tests.engine.tiny import compile_text

    rs = compile_text(
        """
cardrules: 1
id: listed
name: Listed
players: {count: 2}
deck:
  suits: [{id: clubs, name: Clubs}]
  ranks: [{id: "1", name: Ace}, {id: "2", name: Two}]
  exclude: [clubs-1, clubs-2]
  cards:
    - {id: c1, suit: clubs, rank: "1", copies: 3}
    - {id: c2, suit: clubs, rank: "2", name: Deuce}
    - {id: joker}
zones:
  deck: {visibility: none}
actions:
  go: {text: Go.}
flow:
  - turn: {player: 0, actions: [go]}
result:
  returns: "0"
"""
    )
    r = Renderer(rs)
    assert (r.card("c1"), r.card("c2"), r.card("joker")) == ("Clubs Ace", "Deuce", "joker")
