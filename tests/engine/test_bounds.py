"""Everything bounded (issue 20, S1-S3): function chains cost in proportion to their length, a
decision and a game have a budget of work, messages and records are bounded in number and
length, and every integer (also `add:` targets, constants, initial values, options) is bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from interpreter.engine.tables import EngineLimits
from interpreter.expr import emit

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = (ROOT / "docs" / "tutorial" / "mini_whist.yaml").read_text(encoding="utf-8")
FIRST_STEP = "  - shuffle: deck\n"


def with_steps(steps: str, functions: str = "", variables: str = "", text: str = TUTORIAL) -> str:
    text = text.replace("functions:\n", "functions:\n" + functions)
    text = text.replace("variables:\n", "variables:\n  probe: {type: int, initial: 0}\n" + variables)
    return text.replace(FIRST_STEP, steps + FIRST_STEP)


def chain(n: int, body: str = "g{k}(x) + 1") -> str:
    """g0(x) = x, g_k(x) = body with g_{k-1}: the S1 reproducer's shape."""
    out = '  g0:\n    params: {x: int}\n    value: "x"\n'
    for k in range(1, n):
        out += f'  g{k}:\n    params: {{x: int}}\n    value: "{body.format(k=k - 1)}"\n'
    return out


def compiled(text: str):
    report = check_text(text, "bounds.yaml")
    assert report.ok, [str(d) for d in report.diagnostics]
    return report.ruleset


def errors(text: str) -> list[str]:
    report = check_text(text, "bounds.yaml")
    return [d.message for d in report.diagnostics if d.severity == "error"]


def play(rs, seed: int = 1) -> None:
    st = rs.new_game(seed=seed)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])


# ----------------------------------------------------------------- S1: function chains


def test_s1_a_chain_of_a_hundred_functions_runs_without_falling_back():
    rs = compiled(with_steps('  - set: {probe: "g99(len(hand(0)))"}\n', chain(100)))
    before = emit.FELL_BACK[0]
    st = rs.new_game(seed=1)
    probe = next(v.slot for v in rs.variables if v.name == "probe")
    assert st.vars[probe] == 99  # the hands are empty before the deal: g99(0)
    assert emit.FELL_BACK[0] == before


def test_s1_the_issues_chain_of_500_is_refused_at_load_time():
    messages = errors(with_steps('  - set: {probe: "g499(0)"}\n', chain(500)))
    assert any("calls functions 101 deep" in m and "the limit is 100" in m for m in messages), messages


def test_s1_an_error_at_the_bottom_of_a_chain_is_reported_once():
    functions = chain(80).replace('value: "x"', 'value: "x // (x - x)"', 1)
    rs = compiled(with_steps('  - set: {probe: "g79(len(hand(0)))"}\n', functions))
    before = emit.FELL_BACK[0]
    with pytest.raises(FlowError, match=r"division by zero \(expression at bounds.yaml:\d+:\d+\)"):
        rs.new_game(seed=1)
    assert emit.FELL_BACK[0] - before <= 1  # no re-run at every level of the chain


def test_s1_functions_that_call_the_next_twice_are_stopped_by_the_budget():
    rs = compiled(with_steps('  - set: {probe: "g40(len(trick))"}\n', chain(41, "g{k}(x + len(trick)) + g{k}(x)")))
    with pytest.raises(FlowError, match="too much work"):
        rs.new_game(seed=1)


# ----------------------------------------------------------------- S2: repeat and announce bombs

BIG = '  big:\n    value: "range(90000 + len(trick))"\n'


def test_s2_the_issues_bomb_stops_at_the_first_long_message():
    rs = compiled(with_steps('  - repeat: {times: 2000, steps: [announce: "{big()}"]}\n', BIG))
    rs.new_game(seed=1)  # a game that keeps no story (simulate, search) evaluates no message
    with pytest.raises(FlowError, match=r"a message of [\d,]+ parts and characters; the limit is 1,000 in announce"):
        rs.new_game(seed=1, story=True)


def test_s2_work_in_a_repeat_spends_the_decisions_budget():
    rs = compiled(with_steps('  - repeat: {times: 2000, steps: [set: {probe: "len(big())"}]}\n', BIG))
    with pytest.raises(FlowError, match="too much work before the next decision"):
        rs.new_game(seed=1)


def test_s2_short_messages_of_much_work_spend_the_decisions_budget():
    rs = compiled(with_steps('  - repeat: {times: 2000, steps: [announce: "{len(big())}"]}\n', BIG))
    with pytest.raises(FlowError, match="too much work before the next decision") as info:
        rs.new_game(seed=1, story=True)
    assert info.value.seed == 1


def test_s2_messages_per_game_are_bounded():
    rs = compiled(with_steps('  - repeat: {times: 50, steps: [announce: "hello"]}\n'))
    rs.limits = EngineLimits(messages_per_game=20)
    with pytest.raises(FlowError, match="more than 20 messages in one game"):
        rs.new_game(seed=1, story=True)


def test_s2_the_messages_of_a_game_are_bounded_together():
    # (found by the long fuzz run: 10,000 messages of a 1,000-number list, each within the limits of one
    # message and of their number, made every observation of the game some 10 million values: out of memory)
    rs = compiled(with_steps('  - repeat: {times: 50, steps: [announce: "{[1, 2, 3, 4, 5, 6, 7, 8]}"]}\n'))
    rs.limits = EngineLimits(story_length=100)
    with pytest.raises(FlowError, match="the messages of one game hold more than 100 parts and characters"):
        rs.new_game(seed=1, story=True)
    assert len(rs.new_game(seed=1, story=False).history) == 0  # (untold, as a search plays: not counted)
    rs.limits = EngineLimits()
    st = rs.new_game(seed=1, story=True)
    assert 0 < st.told <= 100 * 50 and st.clone().told == st.told


def test_s2_records_per_game_are_bounded():
    rs = compiled(with_steps('  - repeat: {times: 5, steps: [record: {n: "1"}]}\n'))
    rs.limits = EngineLimits(records_per_game=3)
    with pytest.raises(FlowError, match="more than 3 records in one game"):
        rs.new_game(seed=1)


def test_s2_the_work_of_a_whole_game_is_counted_and_bounded():
    rs = compiled(TUTORIAL)
    st = rs.new_game(seed=2)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert 0 < st.work < 100_000
    rs.limits = EngineLimits(work_per_game=st.work // 2)
    with pytest.raises(FlowError, match="did more work than a game may"):
        play(rs, seed=2)


def test_s2_work_is_counted_the_same_through_a_save_and_a_clone():
    import json

    rs = compiled(TUTORIAL)
    st = rs.new_game(seed=4)
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    copies = [st.clone(), rs.state_from_json(json.loads(json.dumps(st.to_json())))]
    for game in (st, *copies):
        while not game.is_terminal():
            game.apply_action(game.legal_actions()[0])
    assert st.work == copies[0].work == copies[1].work


# ----------------------------------------------------------------- S3: integers


def test_s3_add_steps_are_bounded():
    rs = compiled(with_steps("  - repeat: {times: 100, steps: [add: {probe: 1000000000000000000}]}\n"))
    with pytest.raises(FlowError, match=r"integer result is too large .* in add at bounds.yaml"):
        rs.new_game(seed=1)


def test_s3_add_to_a_per_seat_variable_is_bounded():
    rs = compiled(with_steps('  - repeat: {times: 3, steps: [add: {"tricks[0]": 600000000000000000}]}\n'))
    with pytest.raises(FlowError, match="integer result is too large"):
        rs.new_game(seed=1)


@pytest.mark.parametrize(
    "edit, words",
    [
        (("variables:\n", "constants:\n  huge: 100000000000000000000000000000000\nvariables:\n"), "constant 'huge'"),
        (("variables:\n", "variables:\n  big: {type: int, initial: 100000000000000000000000000000000000000}\n"),
         "variable 'big'"),
    ],
)  # fmt: skip
def test_s3_constants_and_initial_values_are_bounded_at_load_time(edit, words):
    messages = errors(TUTORIAL.replace(*edit))
    assert any(words in m and "too large" in m for m in messages), messages
