"""`validate` warns about a phase no step runs and an action no decision offers."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text

GAME = """
cardrules: 1
id: unreached
name: Unreached
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
  play_alone:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
phases:
  round:
    steps:
      - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play, play_alone]}}]}
  scoring:
    steps:
      - end_deal: {scores: "[0, 0]"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - repeat: {times: 2, steps: [{phase: round}]}
  - phase: scoring
result:
  returns: "0"
"""


def _warnings(text):
    report = check_text(text)
    assert report.ok
    return [(d.message, d.span.line) for d in report.diagnostics if d.severity == "warning"]


def test_a_complete_game_has_no_such_warning():
    assert _warnings(GAME) == []


def test_a_phase_never_run_is_named_where_it_is_written():
    # a held-out Euchre's phase left behind when the flow was rewritten
    assert _warnings(GAME.replace("  - phase: scoring\n", "")) == [
        ("phase 'scoring' is never run: no `phase: scoring` step reaches it", 26)
    ]


def test_an_action_no_turn_offers_is_named_where_it_is_written():
    # going alone written as an action, then left out of the turn that should offer it
    assert _warnings(GAME.replace("actions: [play, play_alone]", "actions: [play]")) == [
        ("action 'play_alone' is never offered: no turn or claim lists it in its `actions`", 18)
    ]


def test_no_such_warning_beside_an_error_that_stopped_a_step():
    report = check_text(GAME.replace("in: seats, as: s", "in: seets, as: s"))
    assert [d.message for d in report.diagnostics] == ["unknown name 'seets'"]
