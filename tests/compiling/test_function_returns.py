"""`returns:` on a ruleset function: a value made of names in quotes read as the type said."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text

TWINS = """
cardrules: 1
id: twins
name: Twins
players: {count: 2}
deck:
  suits: [{id: spades}, {id: clubs}, {id: hearts}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  trump: {type: suit, initial: spades}
functions:
  twin:
    params: {s: suit}
    returns: suit
    value: "'clubs' if s == 'spades' else 'spades'"
  is_left:
    params: {c: card}
    value: "c.suit == twin(trump)"
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [3]}
  - turn: {player: 0, actions: [play]}
result:
  returns: "count(c for c in table if is_left(c))"
"""


def test_a_declared_return_type_reads_names_in_quotes_as_that_type():
    report = check_text(TWINS)
    assert report.ok, [d.message for d in report.diagnostics]
    st = report.ruleset.new_game(seed=1)
    st.apply_action(st.legal_actions()[0])
    assert st.returns()[0] == int(st.observation(0)["zones"]["table"][0].startswith("clubs"))


def test_without_it_the_comparison_says_to_declare_it():
    # a held-out Euchre's other jack of the trump colour: the suit named in quotes was text
    report = check_text(TWINS.replace("    returns: suit\n", ""))
    (d,) = report.diagnostics
    assert d.message == "cannot compare suit with str"
    assert d.hint == "function 'twin' gives text (names in quotes are text there): give it returns: suit"


def test_a_declared_type_is_checked_against_the_value():
    report = check_text(TWINS.replace("returns: suit", "returns: sut"))
    assert [d.message for d in report.diagnostics] == ["unknown type 'sut'"]
    report = check_text(TWINS.replace("returns: suit", "returns: int"))
    assert "function 'twin' should return int, but its value is str" in [d.message for d in report.diagnostics]
