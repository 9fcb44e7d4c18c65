"""Two speed-ups of the expression compiler, tested without any game.

- Memoised ruleset functions: a function whose result depends only on its
  arguments and a few scalar names (`is_trump(c)` reading `trump`) keeps its
  results, keyed by the arguments and those names' current values; a record
  argument read only through fields is keyed by those fields.  A function of
  one card (or other small enum value) is a table of its results for every
  card, one per value of those names, and a call is a lookup.
- Fixed parts: compiled with `varying` names, the largest sub-expressions that
  read none of them are computed once per Frame.epoch (one legality check over
  many candidates) and reused, lazily, so short-circuits still hold.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_expr_table import CARDS, SUIT, C, Env, Play, make_compiler

from interpreter.expr import DEFAULT_LIMITS, ExprRuntimeError, PlainSource, ast
from interpreter.expr.parse import parse

COMPILER = make_compiler()


def run(source: str, env: Env, epoch: int = 0, varying: frozenset[str] | None = None, compiler=COMPILER):
    compiled = compiler.compile(PlainSource(source), varying=varying)
    assert compiled is not None, [d.message for d in compiler.diagnostics]
    frame = compiler.new_frame(env)
    frame.epoch = epoch
    return compiled.fn(frame), compiled, frame


# ----------------------------------------------------------------- memoised functions


def test_function_of_a_card_and_a_variable_is_memoised() -> None:
    fns = COMPILER.functions
    assert fns["is_trump"].reads is not None and len(fns["is_trump"].reads) == 1  # reads `trump`
    assert fns["strength"].reads is not None  # through is_trump
    assert fns["pair_sum"].reads == ()  # arguments only


def test_functions_reading_collections_or_taking_lists_are_not_memoised() -> None:
    fns = COMPILER.functions
    assert fns["trump_count"].reads is None  # reads `hand`, a list
    assert fns["suits_of"].reads is None  # a list parameter cannot be a key
    listing = make_compiler({"twice": ({"c": "card"}, "[c, c]")})
    assert listing.functions["twice"].reads is None  # a list result would be shared by every caller


@pytest.mark.parametrize("generate", [True, False])
def test_memo_key_holds_the_variable_so_a_new_trump_gives_new_results(generate: bool) -> None:
    compiler = make_compiler(generate=generate)
    env = Env()
    for trump in SUIT.values.values():
        env.trump = trump
        for name in CARDS:
            value, _, _ = run(f"strength('{name}')", env, compiler=compiler)
            number = int(name.split("-")[1])
            is_trump = C[name] // 3 == trump or name == "cups-1"
            assert value == number + (10 if is_trump else 0), (name, trump)
    tables, _ = compiler.functions["strength"].table
    assert sorted(tables) == sorted(SUIT.values.values())  # one table per trump (one scalar: its own key)
    assert all(len(table) == len(CARDS) for table in tables.values())  # every card's result


def test_a_function_of_one_card_is_a_table_and_others_are_remembered_per_call() -> None:
    fns = make_compiler().functions
    assert fns["is_trump"].table is not None and fns["strength"].table is not None
    assert fns["value_of"].table is None  # a record argument: remembered per call
    assert fns["pair_sum"].table is None  # two arguments
    assert fns["trump_count"].table is None  # reads a list: not remembered at all


@pytest.mark.parametrize("generate", [True, False])
def test_a_table_lookup_costs_nothing_whatever_earlier_evaluations_left(generate: bool) -> None:
    fresh = make_compiler(generate=generate)
    _, _, first = run("sum(strength(c) for c in hand)", Env(), compiler=fresh)  # builds the table
    _, _, again = run("sum(strength(c) for c in hand)", Env(), compiler=fresh)  # finds it
    assert first.budget == again.budget == fresh.limits.max_work - len(Env().hand)  # the loop's elements only


def test_a_card_whose_result_fails_has_no_entry_and_its_call_says_why() -> None:
    compiler = make_compiler({"inverse": ({"c": "card"}, "12 // (c.number - 2)")})
    env = Env()
    value, _, _ = run("inverse('cups-3')", env, compiler=compiler)
    assert value == 12
    tables, _ = compiler.functions["inverse"].table
    assert C["cups-2"] not in tables[()] and C["cups-3"] in tables[()]
    for _ in range(2):
        with pytest.raises(ExprRuntimeError) as err:
            run("inverse('cups-2')", env, compiler=compiler)
        assert "division by zero" in str(err.value)


@given(st.lists(st.tuples(st.sampled_from(CARDS), st.sampled_from(sorted(SUIT.values.values()))), max_size=30))
def test_memoised_results_equal_direct_evaluation(calls: list[tuple[str, int]]) -> None:
    env = Env()
    for name, trump in calls:
        env.trump, env.hand = trump, [C[name]]
        memoised, _, _ = run("strength(hand[0])", env)
        direct, _, _ = run("hand[0].number + (10 if hand[0].suit == trump or hand[0] == 'cups-1' else 0)", env)
        assert memoised == direct


def test_record_argument_is_keyed_by_the_fields_the_function_reads() -> None:
    compiler = make_compiler()
    value_of = compiler.functions["value_of"]
    assert value_of.keys[0] is not None
    env = Env()
    env.plays = [Play(C["coins-2"], by, True) for by in range(3)]  # same card and face, three players
    for i in range(3):
        value, _, _ = run(f"value_of(plays[{i}])", env, compiler=compiler)
        assert value == 2 * 2
    assert len(value_of.memo) == 1  # `by` is not read, so it is not part of the key


def test_error_inside_a_memoised_function_still_points_into_it() -> None:
    for _ in range(2):  # and is not remembered as a result
        with pytest.raises(ExprRuntimeError) as err:
            run("is_trump(nobody)", Env())
        assert "none" in str(err.value)


def test_memoised_calls_still_pay_the_work_budget() -> None:
    _, _, frame = run("sum(pair_sum(c.number, 1) for c in hand)", Env())
    spent = COMPILER.limits.max_work - frame.budget
    assert spent >= 10 * len(Env().hand)  # CALL_COST per call, memo or not


# ----------------------------------------------------------------- fixed parts


def spans(source: str, varying: set[str]) -> set[str]:
    tree, problems = parse(PlainSource(source), DEFAULT_LIMITS)
    assert tree is not None, problems
    return {source[a:b] for a, b in ast.fixed_parts(tree, frozenset(varying))}


def test_fixed_parts_are_the_largest_calls_without_the_varying_name() -> None:
    assert spans("is_trump(card) or not any(is_trump(c) for c in hand)", {"card"}) == {"any(is_trump(c) for c in hand)"}
    assert spans("card.suit == trump or count(c for c in hand if c.suit == trump) == 0", {"card"}) == {
        "count(c for c in hand if c.suit == trump)"
    }
    assert spans("len(hand) > 0 and strength(card) > max([strength(c) for c in hand])", {"card"}) == {
        "len(hand)",
        "max([strength(c) for c in hand])",
    }


def test_parts_reading_the_varying_name_or_a_loop_variable_are_not_fixed() -> None:
    assert spans("any(c == card for c in hand)", {"card"}) == set()
    assert spans("[strength(c) for c in hand]", {"card"}) == {"[strength(c) for c in hand]"}
    assert "strength(c)" not in spans("[strength(c) for c in hand if c != card]", {"card"})
    assert spans("card.number + 1", {"card"}) == set()


def test_fixed_part_is_reused_within_an_epoch_and_recomputed_outside() -> None:
    compiler = make_compiler()
    compiled = compiler.compile(PlainSource("seat + sum(c.number for c in hand)"), varying=frozenset({"seat"}))
    env = Env()
    frame = compiler.new_frame(env)
    total = sum(C[n] % 3 + 1 for n in ("cups-1", "coins-3", "swords-2", "swords-3"))
    frame.epoch = 7
    assert compiled.fn(frame) == env.seat + total
    env.hand = []  # not allowed within an epoch: shows that the sum was kept
    env.seat = 0
    assert compiled.fn(frame) == total
    frame.epoch = 0  # outside any epoch: always computed
    assert compiled.fn(frame) == 0
    frame.epoch = 8  # a new epoch computes afresh
    env.hand = [C["cups-3"]]
    assert compiled.fn(frame) == 3


def test_fixed_part_keeps_short_circuits() -> None:
    """A fixed part that the expression does not reach is never computed (so it cannot fail)."""
    env = Env()
    env.seat = 0
    value, _, _ = run("seat == 0 or hand[9] == 'cups-1'", env, epoch=3, varying=frozenset({"seat"}))
    assert value is True


def test_memo_hits_pay_the_work_of_the_first_computation() -> None:
    """The budget spent is the same with a cold and a warm memo, so whether an evaluation runs out
    of work never depends on earlier evaluations."""
    compiler = make_compiler()
    spent = []
    for _ in range(3):
        _, _, frame = run("value_of(plays[0]) + strength(hand[1])", Env(), compiler=compiler)
        spent.append(compiler.limits.max_work - frame.budget)
    assert spent[0] == spent[1] == spent[2] > 0
    assert compiler.functions["value_of"].memo  # the later runs were hits


def test_memo_table_is_bounded(monkeypatch) -> None:
    from interpreter.expr import calls

    monkeypatch.setattr(calls, "MEMO_LIMIT", 5)
    compiler = make_compiler()
    env = Env()
    for trump in SUIT.values.values():
        env.trump = trump
        for name in CARDS:
            run(f"strength('{name}')", env, compiler=compiler)
            assert len(compiler.functions["strength"].memo) <= 5
