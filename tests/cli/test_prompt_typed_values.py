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


COLOURED = """
cardrules: 1
id: coloured
name: Coloured
players: {count: 2}
deck:
  suits: [{id: hearts, name: Hearts, color: red}, {id: spades, name: Spades}]
  ranks: [{id: a, name: Ace}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play]}
result:
  returns: "0"
"""


@pytest.mark.parametrize("typed", ["play hearts ace", "play Hearts Ace", "hearts ace", "play hearts-a"])
def test_a_move_typed_as_the_menu_writes_it_plays_at_a_colour_terminal(tmp_path, typed):
    """At a terminal the menu writes a red suit's cards in colour: typing the move as it reads was
    refused ("'play Hearts Ace' is not legal now"), found by an outside author writing Klondike."""
    from interpreter.text.render import Renderer

    rs = compile_text(COLOURED)
    seed = next(s for s in range(50) if "hearts-a" in rs.new_game(seed=s).observation(0)["zones"]["hand"][0])
    s, out = session(rs, [typed], tmp_path, seat=0, seed=seed, renderer=Renderer(rs, color=True))
    s.run()
    assert "hearts-a" in s.state.observation(0)["zones"]["table"], out[-6:]
