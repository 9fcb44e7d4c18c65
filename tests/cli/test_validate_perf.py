"""`cardrules validate --perf`: a short metered random run that names the costliest expressions
(issue 15, capability 5)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from interpreter.compiling.pipeline import check_file
from interpreter.expr import DEFAULT_LIMITS
from interpreter.expr.profile import Profile
from interpreter.frontends.cli import cli
from interpreter.frontends.perf import perf_run

SLOW = """\
cardrules: 1
id: slow
name: Slow
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
functions:
  reds: {params: {p: seat}, value: "[c for c in hand(p) if c.suit == 'red']"}
  worth: {params: {c: card}, value: "c.value * 2"}
  doubled: {value: "2 * bonus()"}
  bonus: {value: "rounds + 1"}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    legal_if:
      - id: S-1
        text: a rule that counts to a thousand for every card
        require: "sum(x for x in range(1000)) > 0 and worth(card) > 0"
      - id: S-2
        text: a cheap rule
        require: "card not in reds(next_seat(player))"
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - repeat:
      times: 20
      steps:
        - collect: deck
        - shuffle: deck
        - deal: {from: deck, to: hand, seats: seats, packets: [3]}
        - repeat: {times: 3, steps: [{turn: {player: 0, actions: [play]}}, {turn: {player: 1, actions: [play]}}]}
result:
  returns: "0"
variables:
  rounds: {type: int}
"""


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "slow.yaml"
    path.write_text(SLOW, encoding="utf-8")
    return path


def test_perf_names_the_costliest_expression_with_its_place_and_rule(tmp_path):
    path = _file(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "--perf", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{path}: ok"
    assert "random decisions" in lines[1] and "work units" in lines[1]
    header = lines.index("The expressions that cost the most work (elements visited or built, calls made):")
    first = lines[header + 2].split()
    assert first[5:] == [f"{path}:24:19", "S-1", "play:", "legal_if", "require"]
    assert float(first[0].rstrip("%")) > 90  # the rule that counts to a thousand does nearly all the work
    assert "What to do about it: docs/language.md, 'What makes a ruleset fast'." in lines


def test_perf_says_which_functions_are_remembered(tmp_path):
    run = perf_run(_file(tmp_path))
    assert run is not None and (run.decisions, run.games, run.stopped) == (400, 4, None)  # 120 decisions a game
    memo = {name: m.memo for name, m in run.profile.functions.items()}
    assert memo["worth"] == "remembered per argument"
    # a function of no argument: what it reads, through the functions it calls as well (a held-out Bridge)
    assert memo["doubled"] == memo["bonus"] == "remembered until rounds changes"
    assert memo["reds"] == "not remembered: it gives a list[card]"
    worth = run.profile.functions["worth"]
    assert worth.runs == 6 < worth.calls  # six cards, each computed once


def test_perf_work_is_the_budget_the_expressions_spent(tmp_path):
    run = perf_run(_file(tmp_path))
    assert run is not None
    top, cheap = run.profile.costliest(2)
    assert (top.rule, cheap.rule) == ("S-1", "S-2")
    # range(1000) is built and summed once per legality check (a fixed part of the rule), shared by its cards
    assert top.work // top.calls > 300 > 100 > cheap.work // cheap.calls


def test_without_perf_nothing_is_metered_and_legality_stays_fused(tmp_path):
    path = _file(tmp_path)
    plain = check_file(path).ruleset
    assert plain.actions[0].fused is not None  # the engine's one generated legality function
    profile = Profile(DEFAULT_LIMITS.max_work)
    metered = check_file(path, profile=profile).ruleset
    assert metered.actions[0].fused is None and profile.expressions


def test_perf_with_json_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["validate", "--perf", "--format", "json", str(_file(tmp_path))])
    assert result.exit_code == 2 and "--perf prints a table" in result.output


def test_perf_of_an_invalid_file_reports_its_errors_only(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(SLOW.replace("worth(card) > 0", "wrth(card) > 0"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--perf", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1 and "unknown function 'wrth'" in result.output
    assert "random decisions" not in result.output


def test_perf_names_partial_if_and_preferences_as_what_they_are(tmp_path):
    """Each metered expression is labelled by its own role (a `partial_if` was once listed as the
    `available_if` compiled before it, a `hints.prefer` as the last restriction)."""
    text = SLOW.replace(
        "result:",
        'hints:\n  prefer: {play: "card.value"}\nresult:',
    )
    path = tmp_path / "prefer.yaml"
    path.write_text(text, encoding="utf-8")
    run = perf_run(path, decisions=50)
    assert run is not None
    roles = {(m.what, m.rule) for m in run.profile.expressions}
    assert ("hints.prefer: play", None) in roles
    scopa = Path(__file__).resolve().parents[2] / "rulesets" / "scopa.yaml"
    run = perf_run(scopa, decisions=50)
    assert run is not None
    partial = [m for m in run.profile.expressions if m.what.endswith(": partial_if")]
    line = next(i for i, text in enumerate(scopa.read_text(encoding="utf-8").splitlines(), 1) if "partial_if:" in text)
    assert len(partial) == 1 and partial[0].span is not None and partial[0].span.line == line
    assert not any(m.what.endswith("available_if") and m.span == partial[0].span for m in run.profile.expressions)
