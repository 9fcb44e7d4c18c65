"""`if` / `elif` / `else` steps (issue 15, capability 2): schema, model, compiler and rules page agree."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.text.rules_page import render_rules
from tests.engine.tiny import compile_text

GRADES = """
cardrules: 1
id: grades
name: Grades
players: {count: 2}
options:
  points: {type: int, default: 0}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
variables:
  grade: {type: str}
  checks: {type: int}
flow:
  - if: "points >= 10"
    then:
      - set: {grade: "'high'"}
    elif:
      - if: "points >= 5"
        then:
          - set: {grade: "'middle'"}
      - if: "points >= 1"
        then:
          - set: {grade: "'low'"}
    else:
      - set: {grade: "'none'"}
  - if: "points == 3"
    then:
      - add: {checks: 1}
    elif:
      - if: "points == 7"
        then:
          - add: {checks: 2}
  - announce: "{grade} {checks}"
result:
  returns: "checks"
"""


def _grade(points: int) -> tuple[str, int]:
    rs = compile_text(GRADES)
    st = rs.new_game(options={"points": points})
    grade = next(v for v in rs.variables if v.name == "grade")
    return st.vars[grade.slot], st.returns()[0]


@pytest.mark.parametrize(
    "points,grade,checks",
    [(12, "high", 0), (10, "high", 0), (7, "middle", 2), (5, "middle", 0), (3, "low", 1), (1, "low", 0)]
    + [(0, "none", 0)],
)
def test_elif_runs_the_first_branch_whose_condition_holds(points, grade, checks):
    assert _grade(points) == (grade, checks)


def test_rules_page_reads_elif_branches_in_order():
    rs = compile_text(GRADES)
    page = render_rules(rs.model)
    lines = [line.strip() for line in page.splitlines() if "points" in line and "if" in line]
    assert lines[:4] == [
        "- if `points >= 10`:",
        "- otherwise, if `points >= 5`:",
        "- otherwise, if `points >= 1`:",
        "- if `points == 3`:",
    ]
    assert "- otherwise, if `points == 7`:" in page


def test_elif_condition_errors_point_into_the_branch():
    report = check_text(GRADES.replace('if: "points >= 5"', 'if: "pionts >= 5"'), "grades.yaml")
    (d,) = report.diagnostics
    assert d.message == "unknown name 'pionts'" and (d.span.line, d.span.col) == (21, 14)


def test_elif_branch_needs_its_then():
    branch = '      - if: "points >= 1"\n        then:\n'
    report = check_text(GRADES.replace(branch, branch.replace("then:", "thne:")))
    messages = [d.message for d in report.diagnostics]
    assert "missing required key 'then' in an item of 'elif'" in messages


def test_elif_belongs_to_an_if_step():
    text = GRADES.replace("  - announce:", "  - announce: hi\n    elif: []\n  - announce:")
    report = check_text(text)
    assert [d.message for d in report.diagnostics] == ["'elif' belongs to an 'if' step, not a 'announce' step"]
