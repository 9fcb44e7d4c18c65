"""Expression fuzz: generated expressions inside a real ruleset give diagnostics or a FlowError only.

The generators of tests/expr/test_expr_properties.py (grammar-shaped
expressions, well-typed ints/bools/lists, token soup) are reused with the
names of the minimal ruleset in `tests.fuzz.MINI`.  Each expression is
placed where a ruleset would hold it (a `record` value, an `if` condition
and a `legal_if.require`), the file is validated, and a valid ruleset is
started and played for a few moves.  Everything runs in a forked child with a
memory limit; one validation or evaluation taking more than 2 s of CPU time
fails the example (a guard against hangs, not a speed test).
"""

from __future__ import annotations

import signal
import sys
import time
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

from . import MINI_FUNCTIONS, MINI_NAMES, ROOT, assert_report_sane, fuzz, isolated, mini_ruleset

sys.path.insert(0, str(ROOT / "tests" / "expr"))
from test_expr_properties import ATTRIBUTES, BINARY, TOKENS, _compound, bools, int_lists, ints  # noqa: E402

ONE_EVALUATION = 2.0  # seconds of CPU time: far above any legal evaluation, far below a hang

LEAVES = MINI_NAMES + [
    "true",
    "false",
    "none",
    "'cups-1'",
    "'swords'",
    "'3'",
    "'x'",
    "''",
    "0",
    "1",
    "2",
    "-3",
    "64",
    "10**18",
    "[]",
    "set()",
    "x",
    "hand[0]",
    "hand[-1]",
    "range(5)",
    "range(100000)",
    "entries('table')[0]",
    "hands(me)",
    "hands(5)",
    "len(hand)",
    "big * big",
]
EXPRESSIONS = st.recursive(st.sampled_from(LEAVES), _compound, max_leaves=12)
SOUP = TOKENS | st.lists(
    st.sampled_from(
        LEAVES
        + BINARY
        + MINI_FUNCTIONS
        + ATTRIBUTES
        + [
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            ",",
            ".",
            "=",
            "if",
            "else",
            "for",
            "x",
            "in",
            "not",
            "'",
            '"',
            "/",
            ":",
            "!",
            "_",
            "__x",
            "1.5",
            "\\",
            "\n",
            "lambda",
            "is",
            "key=",
            "default=",
            "#",
            "\t",
            "\u00e9",
            "\U0001d518",
        ]
    ),
    max_size=14,
).map(" ".join)
TYPED = st.one_of(ints(3), int_lists(3))


class TooSlow(BaseException):
    """Raised by the CPU timer inside a step; a BaseException so no `except Exception` swallows it."""


class Timer:
    """Runs one step with a CPU-time alarm (SIGVTALRM), so a loaded machine does not fail the guard
    and a step that would run for hours is stopped after ONE_EVALUATION seconds."""

    def __call__(self, what: str, fn: Any, *args: Any) -> Any:
        def stop(signum: int, frame: Any) -> None:
            raise TooSlow(f"{what} took more than {ONE_EVALUATION} s of CPU time")

        previous = signal.signal(signal.SIGVTALRM, stop)
        signal.setitimer(signal.ITIMER_VIRTUAL, ONE_EVALUATION)
        try:
            return fn(*args)
        except TooSlow as exc:
            raise AssertionError(str(exc)) from None
        finally:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            signal.signal(signal.SIGVTALRM, previous)


def evaluate_in_ruleset(expr: str, cond: str) -> str:
    """In the child: validate the ruleset holding `expr` and `cond`, then run it; returns a verdict."""
    from interpreter.compiling.pipeline import check_text
    from interpreter.engine.program import FlowError

    timer = Timer()
    text = mini_ruleset(expr, cond)
    report = timer("validation", check_text, text, "fuzz.yaml")
    assert_report_sane(report, {"fuzz.yaml": text})
    if not report.ok:
        errors = [d for d in report.diagnostics if d.severity == "error"]
        assert errors and all(d.span is not None for d in errors), errors
        return "diagnosed"
    try:
        state = timer("start (record and if)", report.ruleset.new_game, 1)
        for n in range(2):
            if state.is_terminal():
                break
            legal = timer("legal_if", state.legal_actions)
            timer(f"move {n}", state.apply_action, legal[0])
    except FlowError as exc:
        assert str(exc).strip(), "a FlowError without a message"
        return "stopped"
    return "ran"


def _check(expr: str, cond: str = "true") -> None:
    outcome = isolated(evaluate_in_ruleset, expr, cond, timeout=30, memory_mb=1024)
    assert outcome.kind == "ok", f"expr={expr!r} cond={cond!r}\n{outcome}"
    event(outcome.value)


def _any_expression(source: str) -> None:
    _check(source)


def _any_condition(source: str) -> None:
    _check("1", source)


def _typed_value(source: str) -> None:
    _check(source)


def _typed_condition(source: str) -> None:
    _check("1", source)


def _soup(source: str) -> None:
    _check(source, source)


test_generated_expressions, test_generated_expressions_long = fuzz(60, 4000, EXPRESSIONS)(_any_expression)
test_generated_conditions, test_generated_conditions_long = fuzz(30, 2000, EXPRESSIONS)(_any_condition)
test_well_typed_values, test_well_typed_values_long = fuzz(40, 3000, TYPED)(_typed_value)
test_well_typed_conditions, test_well_typed_conditions_long = fuzz(40, 3000, bools(3))(_typed_condition)
test_token_soup, test_token_soup_long = fuzz(40, 3000, SOUP)(_soup)
test_any_text, test_any_text_long = fuzz(30, 2000, st.text(max_size=60))(_soup)


# ----------------------------------------------------------------- ruleset functions calling each other

BODIES = [
    "{a}(n) + {b}(n)",
    "{a}(n) - {b}(n + 1)",
    "min({a}(n), {b}(n))",
    "{a}(n) * 2 - {b}(n)",
    "max({a}(n), {b}(n - 1))",
    "{a}({b}(n)) % 1000",
    "sum({a}(x) for x in range(3))",
    "len([x for x in range(n % 50) if {a}(x) > {b}(x)])",
    "{a}(n) if n > {b}(0) else {b}(n)",
    "clamp({a}(n), 0, 100) + n",
    "count(x for x in hand if {a}(n) > 0)",
]


@st.composite
def function_chains(draw: Any) -> tuple[str, str]:
    """f0 .. fk, each calling lower ones only (no recursion): call trees that may grow exponentially."""
    k = draw(st.integers(1, 12) | st.integers(20, 60))
    lines = ['  f0: {params: {n: int}, value: "n % 7"}\n']
    for i in range(1, k + 1):
        a, b = (f"f{draw(st.integers(max(0, i - 3), i - 1))}" for _ in range(2))
        body = draw(st.sampled_from(BODIES)).format(a=a, b=b)
        lines.append(f'  f{i}: {{params: {{n: int}}, value: "{body}"}}\n')
    return "".join(lines), f"f{k}(me)"


def evaluate_chain(functions: str, expr: str) -> str:
    from interpreter.compiling.pipeline import check_text
    from interpreter.engine.program import FlowError

    timer = Timer()
    text = mini_ruleset(expr, functions=functions)
    report = timer("validation", check_text, text, "chain.yaml")
    assert_report_sane(report, {"chain.yaml": text})
    if not report.ok:
        return "diagnosed"
    try:
        timer("start (record)", report.ruleset.new_game, 1)
    except FlowError as exc:
        assert str(exc).strip()
        return "stopped"
    return "ran"


def _chain(chain: tuple[str, str]) -> None:
    functions, expr = chain
    outcome = isolated(evaluate_chain, functions, expr, timeout=30, memory_mb=1024)
    assert outcome.kind == "ok", f"{expr} with\n{functions}\n{outcome}"
    event(outcome.value)


test_function_chains_are_bounded, test_function_chains_are_bounded_long = fuzz(30, 2000, function_chains())(_chain)


def test_exponential_call_tree_is_stopped() -> None:
    """f_i(n) = f_(i-1)(n) + f_(i-1)(n): 2**40 calls without recursion must hit the work limit, not hang."""
    functions = '  f0: {params: {n: int}, value: "n"}\n' + "".join(
        f'  f{i}: {{params: {{n: int}}, value: "f{i - 1}(n) + f{i - 1}(n)"}}\n' for i in range(1, 41)
    )
    outcome = isolated(evaluate_chain, functions, "f40(1) > 0", timeout=30, memory_mb=1024)
    assert outcome.kind == "ok", str(outcome)


def test_the_guard_catches_a_slow_evaluation() -> None:
    """The guard is live: a child that spins is reported, not waited for."""

    def spin() -> None:
        end = time.process_time() + 60
        while time.process_time() < end:
            pass

    outcome = isolated(lambda: Timer()("spin", spin), timeout=30)
    assert outcome.kind == "raised" and "took more than" in str(outcome.value), str(outcome)
