"""A value of `seat` that reads it only as team_of(seat) is computed once per team.

`result.returns` and `hints.evaluate` are evaluated for every seat (returns(),
search's values); where the expression reads `seat` only as `team_of(seat)` and
every seat is in a team, the seats of a team get one value, computed once.  The
answers must be those of evaluating every seat.
"""

from __future__ import annotations

import random

import pytest

from interpreter.agents.policy import values
from interpreter.expr.ast import reads_only_through
from interpreter.expr.parse import parse
from interpreter.expr.runtime import DEFAULT_LIMITS
from interpreter.expr.source import PlainSource
from tests.engine.tiny import HIGH_CARD, compile_text

# four seats in two teams; the evaluation is a team's points, with an extra term per seat in one
# variant, to be told apart
TEAMS = (
    HIGH_CARD.replace(
        "players: {count: 2}", "players: {count: 4, teams: [{id: a, seats: [0, 2]}, {id: b, seats: [1, 3]}]}"
    )
    .replace("packets: [3]", "packets: [1]")
    .replace("times: 3", "times: 1")
    .replace('returns: "points[seat]"', 'returns: "sum(points[s] for s in seats_of(team_of(seat)))"')
)
EVALUATE = '\nhints:\n  evaluate: "{}"\n'


def _tree(text: str):
    tree, problems = parse(PlainSource(text), DEFAULT_LIMITS)
    assert tree is not None, problems
    return tree


@pytest.mark.parametrize(
    "text, only",
    [
        ("total[team_of(seat)]", True),
        ("total[team_of(seat)] - sum(x for x in total if x != total[team_of(seat)])", True),
        ("team_of(seat) + 1", True),
        ("total[seat]", False),
        ("team_of(seat) + seat", False),
        ("team_of(seat + 1)", False),
        ("[team_of(seat) for seat in seats]", False),  # a comprehension's own name counts: no
        ("1", True),
    ],
)
def test_reads_only_through_finds_every_other_use(text, only):
    assert reads_only_through(_tree(text), "seat", "team_of") is only


def test_a_team_value_is_computed_once_per_team_with_the_same_answers():
    rs = compile_text(TEAMS + EVALUATE.format("2 * sum(points[s] for s in seats_of(team_of(seat))) - 1"))
    assert rs.returns_team_wide and rs.evaluate_team_wide
    st = rs.new_game(seed=4)
    rng = random.Random(4)
    while not st.is_terminal():
        every = [st.with_local("seat", s, rs.evaluate_fn) for s in range(4)]  # each seat on its own
        assert values(st) == every
        assert every[0] == every[2] and every[1] == every[3]
        st.apply_action(rng.choice(st.legal_actions()))
    assert st.returns() == [st.with_local("seat", s, rs.returns_fn) for s in range(4)]


def test_per_seat_runs_a_team_wide_value_once_per_team():
    rs = compile_text(TEAMS + EVALUATE.format("sum(points[s] for s in seats_of(team_of(seat)))"))
    st = rs.new_game(seed=1)
    calls = []
    fn = rs.evaluate_fn

    def counted(fr):
        calls.append(fr.env.vars[rs.local_slot("seat")])
        return fn(fr)

    rs.evaluate_fn = counted
    rs.evaluate_team_wide = True
    assert st.per_seat(counted) == [st.with_local("seat", s, fn) for s in range(4)]
    assert calls == [0, 1]  # one seat of each team


def test_a_value_that_reads_the_seat_itself_is_computed_for_every_seat():
    rs = compile_text(TEAMS + EVALUATE.format("sum(points[s] for s in seats_of(team_of(seat))) + seat"))
    assert rs.returns_team_wide and not rs.evaluate_team_wide
    st = rs.new_game(seed=2)
    assert values(st) == [0, 1, 2, 3]


def test_without_teams_nothing_is_team_wide():
    rs = compile_text(HIGH_CARD)
    assert not rs.returns_team_wide and not rs.evaluate_team_wide
