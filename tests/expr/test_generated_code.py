"""Generated Python code (expr/emit.py) computes exactly what the closures compute.

Every expression is compiled twice, with and without generated code, and run on the
same inputs: the values, the work charged to the budget, and any error (message and
position) must be the same.  The closures are the reference; the generated function
re-runs them only to report an error.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_expr_properties import EXPRESSIONS, bools, int_lists, ints
from test_expr_table import CARD, TABLE, Env, make_compiler

from interpreter.expr import DEFAULT_LIMITS, ExprRuntimeError, PlainSource, Value, emit
from interpreter.expr.types import INT, ListT

SETTINGS = settings(max_examples=400, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])
FAST = make_compiler()
SLOW = make_compiler(generate=False)


def _outcome(compiler, source: str, env: Env | None = None):
    before = len(compiler.diagnostics)
    compiled = compiler.compile(PlainSource(source))
    problems = [(d.message, d.span) for d in compiler.diagnostics[before:]]
    del compiler.diagnostics[before:]
    if compiled is None:
        return ("diagnosed", problems)
    frame = compiler.new_frame(env or Env())
    try:
        value = compiled.fn(frame)
    except ExprRuntimeError as failure:
        d = failure.diagnostic
        return ("raised", d.message, d.span, d.hint)
    return ("value", type(value), value, frame.budget)


def _same(source: str, env: Env | None = None) -> None:
    fast, slow = _outcome(FAST, source, env), _outcome(SLOW, source, env)
    assert fast == slow, source


@SETTINGS
@given(EXPRESSIONS)
def test_generated_code_agrees_with_closures_on_any_expression(source: str) -> None:
    _same(source)


@SETTINGS
@given(st.one_of(ints(3), bools(3), int_lists(3)))
def test_generated_code_agrees_with_closures_on_typed_expressions(source: str) -> None:
    _same(source)


@pytest.mark.parametrize("source", [row[0] for row in TABLE])
def test_generated_code_agrees_on_every_table_row(source: str) -> None:
    _same(source)


@pytest.mark.parametrize(
    "source",
    [
        "nobody.suit == trump",  # attribute of none: the closure's message
        "[c.number for c in hand][ten]",  # index out of range
        "ten // zero",
        "ten % zero",
        "ten ** (ten * ten)",  # arithmetic errors
        "big * big * big * big",  # over max_int
        "sum(x * big for x in range(big))",  # over the work budget inside a generator
        "len([x for x in range(big) for y in range(big)])",
        "max([c.number for c in hand if c.number > 5])",  # a builtin's own error, at the call
        "all(strength(c) > 1 for c in hand) and nobody.number > 0",
    ],
)
def test_errors_from_generated_code_are_the_closures_errors(source: str) -> None:
    fast = _outcome(FAST, source)
    assert fast[0] == "raised", fast
    assert fast == _outcome(SLOW, source)


def test_generated_code_is_used_and_is_one_function() -> None:
    compiled = FAST.compile(PlainSource("all(strength(c) > 1 for c in hand if c.suit != trump)"))
    assert compiled.fn.__name__ == "_fast"
    plain = SLOW.compile(PlainSource("all(strength(c) > 1 for c in hand if c.suit != trump)"))
    assert plain.fn.__name__ != "_fast"
    assert compiled.fn(FAST.new_frame(Env())) == plain.fn(SLOW.new_frame(Env()))


def test_user_strings_never_reach_the_generated_text() -> None:
    """String constants are bound by name; only ints, bools and none are written as literals."""
    text = emit.literal("x') or __import__('os').system('true') or ('").text
    assert text.startswith("_o") and text[2:].isdigit()
    assert emit.literal(-3).text == "(-3)" and emit.literal(True).text == "True"
    assert emit.literal(None).text == "None"


def test_a_closure_that_reads_loop_slots_keeps_its_comprehension_in_closures() -> None:
    """A name without text is called as its closure; it may read frame slots (here the loop
    variable's own slot), so the comprehension around it is not turned into Python variables."""
    from interpreter.expr import DictScope, ExprCompiler

    holder: dict = {}
    scope = DictScope(
        {"xs": Value(ListT(INT), lambda f: [1, 2, 3], "[1, 2, 3]"), "peek": Value(INT, lambda f: f.L[holder["slot"]])}
    )
    compiler = ExprCompiler(scope)
    holder["slot"] = compiler._frame_size  # the next slot: the loop variable below
    compiled = compiler.compile(PlainSource("[x + peek for x in xs]"))
    assert compiled is not None, compiler.diagnostics
    assert compiled.fn(compiler.new_frame()) == [2, 4, 6]


def test_text_that_python_cannot_compile_keeps_the_closure() -> None:
    slow = lambda f: 7  # noqa: E731
    deep = emit.build(emit.Src("(" * 300 + "1" + ")" * 300, {}), slow)  # compiled on its first call
    assert deep is not None and deep(FAST.new_frame(Env())) == 7 and deep(FAST.new_frame(Env())) == 7
    assert emit.function("_x", ["return " + "(" * 300 + "1" + ")" * 300], {}) is None  # compiled now
    built = emit.build(emit.Src("L[0] + 1", {}), slow)
    frame = FAST.new_frame(Env())
    frame.L[0] = 41
    assert built(frame) == 42
    frame.L[0] = None  # TypeError in the text: the closure gives the answer
    assert built(frame) == 7


def test_budget_charges_match_the_closures_for_card_loops() -> None:
    for source in [
        "count(c for c in hand if is_trump(c))",
        "sum(strength(c) for c in hand)",
        "[value_of(p) for p in plays]",
        "sorted(hand, key=strength)",
        "trump_count()",
    ]:
        fast, slow = _outcome(FAST, source), _outcome(SLOW, source)
        assert fast[0] == "value" and fast == slow, source
        assert fast[3] < DEFAULT_LIMITS.max_work  # something was charged
    assert CARD.values["cups-1"] == 0


def test_generated_functions_compile_on_their_first_call() -> None:
    """Loading compiles no generated text; the first call puts the compiled code in the function
    itself (the same object), so later calls run it directly."""
    slow = lambda f: -1  # noqa: E731
    built = emit.build(emit.Src("L[0] * 2", {}), slow, where="<cardrules expression at t.yaml:3>")
    assert built is not None and built.__code__.co_filename != "<cardrules expression at t.yaml:3>"
    frame = FAST.new_frame(Env())
    frame.L[0] = 21
    assert built(frame) == 42
    assert built.__code__.co_filename == "<cardrules expression at t.yaml:3>"
    assert built(frame) == 42


def test_a_function_pickled_before_its_first_call_still_compiles() -> None:
    """Ray and multiprocessing send rulesets to workers with cloudpickle, which keeps only the
    names a function's code reads: the first call must compile into what the copy holds."""
    cloudpickle = _cloudpickle()
    slow = lambda f: -1  # noqa: E731
    built = emit.build(emit.Src("L[0] * 2", {}), slow)
    copy = cloudpickle.loads(cloudpickle.dumps(built))
    frame = FAST.new_frame(Env())
    frame.L[0] = 21
    fell = emit.FELL_BACK[0]
    assert copy(frame) == 42 and copy(frame) == 42
    assert emit.FELL_BACK[0] == fell, "the copy ran its closures instead of its text"


def _cloudpickle():
    try:
        import cloudpickle
    except ImportError:
        cloudpickle = pytest.importorskip("ray.cloudpickle")
    return cloudpickle


@pytest.mark.parametrize("source", ["ten // zero", "seat % zero", "abs(ten - 12) // (seat - 2)"])
def test_an_expression_that_pays_nothing_reads_no_budget_and_fails_as_the_closures_do(source: str) -> None:
    """Text that hands the frame to nothing (no loop, no closure, no memo) costs no work, so its
    function neither reads nor fills the budget; should it fail, the closures that say why start an
    evaluation of their own (a budget that ran low is filled again), so the error is theirs."""
    fast = FAST.compile(PlainSource(source))
    assert emit.pays_nothing(fast.src.text)
    outcomes = []
    for compiler in (FAST, SLOW):
        frame = compiler.new_frame(Env())
        frame.budget = 3  # run low by earlier evaluations of the same decision
        with pytest.raises(ExprRuntimeError) as failure:
            compiler.compile(PlainSource(source)).fn(frame)
        outcomes.append((failure.value.diagnostic.message, failure.value.diagnostic.span))
    assert outcomes[0] == outcomes[1]
    assert "work" not in outcomes[0][0]


def test_text_that_hands_the_frame_on_may_pay() -> None:
    assert emit.pays_nothing("(_i3(f.env.zones[2]) == 0) and f.epoch > f.env.vars[1]")
    for text in ("_k4(f)", "_pay(f, xs)", "_b5(f, f.env.vars[3])", "f.L[2]", "f.budget", "f.env.rs.run(2)"):
        assert not emit.pays_nothing(text), text
