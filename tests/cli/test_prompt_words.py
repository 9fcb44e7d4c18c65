"""Words at the table, from a held-out poker game: an action with one legal value is typed by its
name alone (`call` for `call 2`); a card typed alone where no move takes a card is "not a move",
not offered to an action of amounts; a verb chosen inside a placeholder agrees with "You" ("You
bet 2", not "You bets 2"); a list of seats ends with "and" ("You and Seat 1 split the pot")."""

from __future__ import annotations

from interpreter.text.render import Renderer
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

WORDS = """
cardrules: 1
id: prompt_words
name: Prompt words
players: {count: 3}
deck:
  suits: [{id: spades, name: Spades}]
  ranks: [{id: "2", name: "2"}, {id: "3", name: "3"}, {id: "4", name: "4"}, {id: "5", name: "5"},
          {id: "6", name: "6"}, {id: "7", name: "7"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  level: {type: int}
actions:
  call:
    text: Call.
    param: {name: chips, from: "[2]"}
    effect:
      - announce: "{player:seat} {'bets' if level == 0 else 'raises to'} {chips}."
      - add: {level: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [call]}}]}
  - announce: "{[0, 1]:seat} split the pot; {[2]:seat} folds."
result:
  returns: "0"
"""


def test_an_action_with_one_legal_value_is_played_by_its_name_alone():
    rs = compile_text(WORDS)
    st = rs.new_game(seed=1)
    st.apply_action("call")
    assert st.history[-1][2] == 2


def test_at_the_prompt_too_and_a_card_alone_is_no_amount(tmp_path):
    rs = compile_text(WORDS)
    s, out = session(rs, ["spades 2", "call", "quit"], tmp_path, seed=1, confirm_forced=True)
    s.run()
    text = "\n".join(out)
    assert "Spades 2 is not a move now" in text and "not a choice for 'call'" not in text
    assert "needs a value" not in text and "You: call 2" in text


def test_a_verb_in_a_placeholder_agrees_with_you_and_seats_are_listed_with_and():
    rs = compile_text(WORDS)
    st = rs.new_game(seed=1, story=True)
    for _ in range(3):
        st.apply_action("call")
    said = [e["text"] for e in st.observation(0)["events"] if e["kind"] == "message"]
    mine = Renderer(rs, viewer=0)
    assert mine.fill(said[0]) == "You bet 2."
    assert Renderer(rs, viewer=1).fill(said[0]) == "Seat 0 bets 2."
    assert mine.fill(said[1]) == "Seat 1 raises to 2."
    assert mine.fill(said[-1]) == "You and Seat 1 split the pot; Seat 2 folds."
    assert Renderer(rs, viewer=2).fill(said[-1]) == "Seat 0 and Seat 1 split the pot; you fold."


BIDS = WORDS.replace('from: "[2]"', "from: \"['1C', '1NT', '2NT']\"").replace("{chips}.", "{chips}")


def test_a_text_value_typed_with_spaces_or_dashes_is_the_move_it_can_only_be(tmp_path):
    """A held-out Bridge: `bid 1 NT` and `bid 1-nt` were refused, listing `bid 1NT`."""
    rs = compile_text(BIDS.replace("'bets' if level == 0 else 'raises to'", "'bids'"))
    for typed, move in (("call 1 NT", "call 1NT"), ("call 2-nt", "call 2NT"), ("call 1 c", "call 1C")):
        s, out = session(rs, [typed, "quit"], tmp_path, seed=1)
        s.run()
        text = "\n".join(out)
        assert f"You: {move}" in text and "is not a choice" not in text, text


TOLD = WORDS.replace("    text: Call.\n", "    text: Call.\n    told: puts in\n", 1)


def test_a_told_move_written_for_any_seat_agrees_with_you(tmp_path):
    """A held-out Skat's `told: takes the skat` read "You: takes the skat"."""
    rs = compile_text(TOLD)
    s, out = session(rs, ["1", "quit"], tmp_path, seed=1, confirm_forced=True)
    s.run()
    text = "\n".join(out)
    assert "You: put in 2" in text and "Seat 1: puts in 2" in text, text


MID = WORDS.replace(
    '  - announce: "{[0, 1]:seat} split the pot; {[2]:seat} folds."\n',
    '  - announce: "Re {[0, 2]:seat} win; {[1]:seat} and {2:seat} lose."\n',
)


def test_you_leading_a_list_of_seats_in_mid_sentence_is_lower_case():
    """A held-out Doppelkopf told "Re You and Seat 2 win"; "You" is "you" after a sentence's start,
    alone or first in a list of seats."""
    assert MID != WORDS
    rs = compile_text(MID)
    st = rs.new_game(seed=1, story=True)
    for _ in range(3):
        st.apply_action("call")
    said = [e["text"] for e in st.observation(0)["events"] if e["kind"] == "message"][-1]
    assert Renderer(rs, viewer=0).fill(said) == "Re you and Seat 2 win; Seat 1 and Seat 2 lose."
    assert Renderer(rs, viewer=2).fill(said) == "Re Seat 0 and you win; Seat 1 and you lose."
