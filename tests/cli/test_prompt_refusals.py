"""A refused move of a choice of several cards says why with the cards named as the table names them.

Found playing Hearts' pass and a held-out President at the prompt: the refusals named cards by
their ids ('clubs-5' is named more times than it can be chosen), listed the legal moves in the
engine's notation of picks (`pass +Clubs 5, pass +Clubs 9, ...`), and a card typed alone that
is a legal one-card choice was refused ("'play Clubs King' is not legal now").
"""

from __future__ import annotations

import pytest

from interpreter.engine.moves import IllegalAction
from interpreter.frontends.prompt import typed
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

CHOOSING = """
cardrules: 1
id: choosing
name: Choosing
players: {count: 2}
deck:
  suits: [{id: red, name: Red}, {id: blue, name: Blue}]
  ranks: [{id: "1", name: One}, {id: "2", name: Two}, {id: "3", name: Three}, {id: "4", name: Four}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner, sort: "card.suit_order * 10 + card.rank_order"}
  table: {visibility: all}
actions:
  pass:
    param: {name: cards, from: "hand(player)", count: 2}
    legal_if:
      - id: P-1
        text: pass at most one blue card
        require: "count(c for c in cards if c.suit == 'blue') <= 1"
    effect:
      - move: {from: "hand(player)", to: "hand(next_seat(player))", cards: cards}
  lay:
    param: {name: cards, from: "hand(player)", count: {min: 1, max: 2}}
    legal_if:
      - id: P-2
        text: lay cards of one rank
        require: "all(c.rank == first(cards).rank for c in cards)"
    effect:
      - move: {from: "hand(player)", to: table, cards: cards}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - for_each:
      in: seats
      as: s
      steps:
        - turn: {player: s, actions: [pass]}
  - turn: {player: 0, actions: [lay]}
result:
  returns: "0"
"""

# seat 0 holds red 1, red 2, blue 1, blue 2 (the deck is dealt in packets of four)
DECK = ["red-1", "red-2", "blue-1", "blue-2", "red-3", "red-4", "blue-3", "blue-4"]


@pytest.fixture(scope="module")
def rs():
    return compile_text(CHOOSING)


def _said(rs, tmp_path, typed: str, picks: tuple = ()) -> str:
    s, out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1, deck_orders=[DECK])
    for pick in picks:
        s.state.apply_action(pick)
    s.clean = s.state.clone()
    s.menu = s._menu()
    move = s._parse_move(typed)
    if move is not None:
        s.play_move(move)
    return "\n".join(out)


@pytest.mark.parametrize(
    ("typed", "picks", "told"),
    [
        ("pass red one red one", (), "'Red One' is named more times than it can be chosen for 'pass'"),
        ("pass red three red one", (), "'Red Three' is not one of the values you can choose for 'pass' now"),
        (
            "pass blue one blue two",
            (),
            "'Blue Two' cannot be part of a legal choice for 'pass' with Blue One: "
            "not allowed: pass at most one blue card (P-1)",
        ),
        ("pass blue two", ("pass +blue-1",), "name the whole choice, with what you picked already (Blue One)"),
        (
            "lay red one",
            (),
            "'lay Red One' is not an action you can take now; choose one of: "
            "pass (2 of Red One, Red Two, Blue One, Blue Two)",
        ),
    ],
)
def test_a_refused_choice_names_its_cards_as_the_table_does(rs, tmp_path, typed, picks, told):
    said = _said(rs, tmp_path, typed, picks)
    assert told in said, said
    assert "red-" not in said and "blue-" not in said and "+" not in said, said


def test_a_pick_typed_with_its_plus_and_a_card_typed_alone_are_read(rs, tmp_path):
    s, out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1, deck_orders=[DECK])
    s.clean = s.state.clone()
    s.menu = s._menu()
    assert str(s._parse_move("pass +red one")) == "pass +red-1"
    assert str(s._parse_move("red one")) == "pass +red-1"  # the menu's move of that card: a pick
    s.play_move(s._parse_move("pass +red three +red one"))
    assert "'Red Three' is not one of the values you can choose for 'pass' now" in out, out


def test_a_whole_choice_is_typed_as_the_table_tells_it_with_commas(rs, tmp_path):
    # (the prompt tells "You: pass Red One, Blue One"; typed back so, it was refused for 'red')
    s, _out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1, deck_orders=[DECK])
    s.clean, s.menu = s.state.clone(), s._menu()
    assert str(s._parse_move("pass Red One, Blue One")) == "pass red-1 blue-1"
    assert str(s._parse_move("pass red one ,blue one")) == "pass red-1 blue-1"


def test_a_card_typed_alone_that_is_a_legal_one_card_choice_is_played(rs, tmp_path):
    s, out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1, deck_orders=[DECK])
    for move in ("pass red-1 blue-1", "pass red-3 blue-3"):
        s.state.apply_action(move)
    s.clean = s.state.clone()
    s.menu = s._menu()
    move = s._parse_move("red three")
    assert move is not None, out
    s.play_move(move)
    assert "is not legal now" not in "\n".join(out), out


def test_the_engine_without_words_keeps_the_ids(rs):
    st = rs.new_game(seed=1, deck_orders=[DECK])
    with pytest.raises(IllegalAction, match="'red-1' is named more times than it can be chosen for 'pass'"):
        st.apply_action("pass red-1 red-1")


def test_control_characters_typed_are_never_sent_back_to_the_terminal(rs, tmp_path):
    # (found by hand: a right-to-left override or a NUL typed at the prompt was quoted back as it came)
    lines = ["\x1b[31mwizard\x00", "\u202e\x00", "\tred\tone\t", "quit"]
    s, out = session(rs, lines, tmp_path)
    s.run()
    said = "\n".join(o for o in out if o not in {"> " + line for line in lines})  # (what the person typed)
    assert "'[31mwizard' is not a move or a command" in said, said
    assert not any(c in said for c in "\x1b\x00\u202e\t"), said
    assert typed("\tred\tone\t") == "red one" and typed("\u202e\x00") == ""
    assert typed("\ufeffدورانداخته\u200cها\u200f") == "دورانداخته\u200cها"  # a Persian word keeps its joiner


def test_the_cards_of_a_choice_of_several_are_listed_in_the_hands_order(tmp_path):
    # picks towards a choice of several were listed in deck order, not as the hand is sorted (found
    # writing Daifugo from the docs: its hand runs 3 up to 2, its menu by suit)
    rs = compile_text(CHOOSING.replace('sort: "card.suit_order * 10 + card.rank_order"', 'sort: "0 - card.rank_order"'))
    s, _out = session(rs, [], tmp_path)
    s.state = rs.new_game(seed=1, deck_orders=[DECK])
    picks = [a.text for a in s._menu()]
    ranks = [text.rsplit("-", 1)[1] for text in picks]
    assert ranks == sorted(ranks, reverse=True), picks


BIDDING = """
cardrules: 1
id: bidding
name: Bidding
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
variables:
  said: {type: int, initial: -1}
actions:
  nil:
    effect: [{set: {said: 0}}]
  bid:
    param: {name: n, from: "range(1, 14)"}
    effect: [{set: {said: n}}]
flow:
  - turn: {player: 0, actions: [nil, bid]}
result:
  returns: "0"
"""


def test_a_refusal_lists_a_run_of_numbers_by_its_ends_not_cut_after_twelve_moves():
    # a held-out Spades: "legal: bid Nil, bid 1, ... bid 11, …" left out the bids of 12 and 13
    st = compile_text(BIDDING, "bidding.yaml").new_game(seed=1)
    with pytest.raises(IllegalAction) as refused:
        st.apply_action("bid 14")
    assert str(refused.value).endswith("legal: nil, bid 1 … bid 13")
