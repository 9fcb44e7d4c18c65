"""Dead rules are warned about when a ruleset is checked: a phase no step runs (nothing in it is
checked, so a misspelt name there passed unnoticed) and an action no turn or claim offers."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text

GAME = """
cardrules: 1
id: dead
name: Dead rules
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  points: {type: int, per: seat}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
  pass:
    effect: []
phases:
  rounds:
    - repeat: {times: 2, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [__ACTIONS__]}}]}}]}
  scoring:
    - add: {"points[0]": __SCORE__}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - phase: rounds
  __SCORING__
result:
  returns: "points[seat]"
"""


def _line(start: str) -> int:
    """The line of GAME that starts with `start` (1 is the first)."""
    return next(i for i, line in enumerate(GAME.splitlines(), 1) if line.startswith(start))


def _diagnostics(actions: str = "play, pass", scoring: str = "- phase: scoring", score: str = "1") -> list:
    text = GAME.replace("__ACTIONS__", actions).replace("__SCORING__", scoring).replace("__SCORE__", score)
    return check_text(text, "dead.yaml").diagnostics


def test_a_ruleset_whose_phases_run_and_actions_are_offered_has_no_warnings():
    assert _diagnostics() == []


def test_a_phase_no_step_runs_is_warned_about_even_when_it_holds_a_mistake():
    """Regression: the phase's misspelt name was never compiled, and the file was 'ok' without a word."""
    found = _diagnostics(scoring="", score="pionts")
    assert [(d.severity, d.message) for d in found] == [
        ("warning", "phase 'scoring' is never run: no `phase: scoring` step reaches it")
    ]
    (d,) = found
    assert (d.span.line, d.span.col) == (_line("  scoring:"), 3) and "its steps are not checked" in d.hint


def test_an_action_no_turn_offers_is_warned_about():
    found = _diagnostics(actions="play")
    assert [(d.severity, d.message) for d in found] == [
        ("warning", "action 'pass' is never offered: no turn or claim lists it in its `actions`")
    ]
    assert found[0].span.line == _line("  pass:")


def test_no_dead_rule_warnings_where_the_file_has_errors():
    """After an error parts of the flow may not have been compiled, and a file with schema errors is
    checked on a mended copy that may leave out what runs a phase: no warning follows from either."""
    found = _diagnostics(actions="play, passs")
    assert [d.message for d in found] == ["unknown action 'passs'"]
    text = GAME.replace("__ACTIONS__", "play").replace("__SCORING__", "").replace("__SCORE__", "1")
    no_flow = text[: text.index("flow:")] + text[text.index("result:") :]
    found = check_text(no_flow, "dead.yaml").diagnostics
    assert [d.message for d in found] == ["missing required key 'flow' in the top level"]


def test_a_variable_of_an_unknown_type_gives_one_error_not_one_per_use():
    """Regression: `add` to it also said "'add' needs an int variable, and 'points' is any"."""
    text = GAME.replace("{type: int, per: seat}", "{type: integer, per: seat}")
    text = text.replace("__ACTIONS__", "play, pass").replace("__SCORING__", "- phase: scoring")
    found = check_text(text.replace("__SCORE__", "1"), "dead.yaml").diagnostics
    assert [d.message for d in found] == ["unknown type 'integer'"]
