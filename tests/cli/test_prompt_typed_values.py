"""A move's value typed alone plays the one move that takes it: `blue` for `name Blue`, as a card's
name alone plays the move of that card (found writing Crazy Eights from the docs: the menu showed
`name Spades` and `spades` was refused as neither a move nor a command)."""

from __future__ import annotations

import pytest

from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

NAMING = """
cardrules: 1
id: naming
name: Naming
players: {count: 2}
deck:
  suits: [{id: red, name: Red}, {id: blue, name: Blue}]
  ranks: [{id: "1", name: One}, {id: "2", name: Two}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  named: {type: suit}
actions:
  name_suit:
    label: {en: name}
    param: {name: s, from: "suits"}
    effect:
      - set: {named: s}
  pass: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [name_suit, pass]}
result:
  returns: "0"
"""


@pytest.fixture(scope="module")
def rs():
    return compile_text(NAMING)


@pytest.mark.parametrize("typed", ["blue", "Blue", "BLUE", "name blue", "name Blue"])
def test_a_value_typed_alone_plays_the_one_move_that_takes_it(rs, tmp_path, typed):
    s, _out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1)
    s.menu = s._menu()
    assert str(s._parse_move(typed)) == "name_suit blue"


def test_a_word_that_is_no_value_is_still_refused_in_words(rs, tmp_path):
    s, out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1)
    s.menu = s._menu()
    assert s._parse_move("green") is None
    assert "'green' is not a move or a command" in "\n".join(out)
