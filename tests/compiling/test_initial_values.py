"""Initial values and constants are plain YAML values, not expressions."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text

GAME = """
cardrules: 1
id: initq
name: Init
players: {count: 2}
deck:
  suits: [{id: spades}, {id: clubs}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
variables:
  trump: {type: suit, initial: spades}
constants:
  order: {type: "list[suit]", value: [clubs, spades]}
actions:
  done: {effect: []}
flow:
  - turn: {player: 0, actions: [done]}
result:
  returns: "0"
"""


def test_a_name_quoted_as_in_an_expression_is_told_to_lose_its_quotes():
    # a held-out Euchre author quoted the suit as `set:` steps need it: the hint proposed the same name
    assert check_text(GAME).ok
    quoted = GAME.replace("initial: spades", "initial: \"'spades'\"")
    quoted = quoted.replace("[clubs, spades]", "[clubs, \"'spades'\"]")
    report = check_text(quoted)
    hint = "(a value here is not an expression: write spades without quotes)"
    assert [(d.message, d.span.line) for d in report.diagnostics] == [
        (f"variable 'trump': unknown suit \"'spades'\" {hint}", 12),
        (f"constant 'order': unknown suit \"'spades'\" {hint}", 14),
    ]
    report = check_text(GAME.replace("initial: spades", "initial: spads"))
    assert report.diagnostics[0].message == "variable 'trump': unknown suit 'spads' (did you mean 'spades'?)"


def test_a_rank_or_suit_written_by_its_name_is_told_its_id():
    # a held-out author of Cheat wrote the rank's name where its id is wanted; no hint said which id
    game = GAME.replace('ranks: [{id: "1"}, {id: "2"}]', 'ranks: [{id: "1"}, {id: a, name: Ace}]')
    game = game.replace(
        "  trump: {type: suit, initial: spades}",
        "  trump: {type: suit, initial: spades}\n  due: {type: rank, initial: a}",
    )
    game = game.replace(
        "  - turn: {player: 0, actions: [done]}", "  - set: {due: \"'ace'\"}\n  - turn: {player: 0, actions: [done]}"
    )
    report = check_text(game)
    [error] = report.diagnostics
    assert error.message == "unknown rank 'ace'"
    assert error.hint == "'ace' is the name of rank 'a'; write its id: 'a'"
