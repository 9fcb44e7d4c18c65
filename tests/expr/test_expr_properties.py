"""Properties over generated expressions: the compiler and the closures never crash.

- any text compiles or yields Diagnostics that point inside it (no other exception);
- a compiled expression returns or raises ExprRuntimeError, within its work budget;
- integer arithmetic agrees with Python's, with the same limit checks.

The deadline only catches hangs; the work budget is what bounds evaluation.
"""

from __future__ import annotations

import ast as python_ast
import operator
from datetime import timedelta
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_expr_table import FUNCTIONS as RULESET_FUNCTIONS
from test_expr_table import Env, make_compiler

from interpreter.expr import DEFAULT_LIMITS, ExprRuntimeError, PlainSource

SETTINGS = settings(max_examples=300, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])
COMPILER = make_compiler()
SOURCES = {"<expr>", *(f"<{name}>" for name in RULESET_FUNCTIONS)}  # run-time errors may be in a body

LEAVES = [
    "seat",
    "ten",
    "zero",
    "big",
    "hand",
    "trump",
    "plays",
    "nobody",
    "limit",
    "bonus_ranks",
    "true",
    "false",
    "none",
    "'cups-1'",
    "'swords'",
    "'x'",
    "0",
    "1",
    "2",
    "-3",
    "64",
    "[]",
    "set()",
    "x",
    "hand[0]",
    "plays[1]",
    "range(5)",
]
BINARY = ["+", "-", "*", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in", "not in"]
FUNCTIONS = [
    "len",
    "count",
    "sum",
    "min",
    "max",
    "any",
    "all",
    "sorted",
    "reversed",
    "range",
    "abs",
    "unique",
    "product",
    "combinations",
    "first",
    "last",
    "set",
    "list",
    "union",
    "difference",
    "clamp",
    "round_up",
    "is_trump",
    "strength",
    "value_of",
    "hand_of",
    "double",
    "pair_sum",
    "count_of",
    "index_of",
]
ATTRIBUTES = ["suit", "number", "rank", "by", "card", "face_up"]


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    two = st.tuples(inner, inner)
    return st.one_of(
        st.builds("(-{})".format, inner),
        st.builds("(not {})".format, inner),
        st.builds(lambda a, op, b: f"({a} {op} {b})", inner, st.sampled_from(BINARY), inner),
        st.builds("{}.{}".format, inner, st.sampled_from(ATTRIBUTES)),
        st.builds("{}[{}]".format, inner, inner),
        st.builds(lambda f, args: f"{f}({', '.join(args)})", st.sampled_from(FUNCTIONS), st.lists(inner, max_size=3)),
        st.builds("{}({}, key=strength)".format, st.sampled_from(["max", "min", "sorted"]), inner),
        st.builds(lambda a, b, c: f"({a} if {b} else {c})", inner, inner, inner),
        st.builds(lambda ab: f"[{ab[0]}, {ab[1]}]", two),
        st.builds("{{{}}}".format, inner),
        st.builds(lambda a, b, c: f"[{a} for x in {b} if {c}]", inner, inner, inner),
        st.builds(lambda a, b, c: f"[{a} for x in {b} for y in {c}]", inner, inner, inner),
        st.builds(lambda f, a, b: f"{f}({a} for x in {b})", st.sampled_from(["sum", "any", "count"]), inner, inner),
    )


EXPRESSIONS = st.recursive(st.sampled_from(LEAVES), _compound, max_leaves=12)
TOKENS = st.lists(
    st.sampled_from(
        LEAVES
        + BINARY
        + FUNCTIONS
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
            "&",
            "_",
            "__x",
            "1.5",
            "\\",
            "\n",
            "lambda",
            "is",
        ]
    ),
    max_size=12,
).map(" ".join)


def _compile(source: str):
    before = len(COMPILER.diagnostics)
    compiled = COMPILER.compile(PlainSource(source))
    problems = COMPILER.diagnostics[before:]
    del COMPILER.diagnostics[before:]
    return compiled, problems


def _assert_points_inside(source: str, problems: list) -> None:
    assert problems, f"{source!r} failed without a diagnostic"
    for problem in problems:
        span = problem.span
        assert span.file == "<expr>" and span.line >= 1 and problem.message
        assert 1 <= span.col <= len(source.splitlines()[span.line - 1] if source else "") + 1


@SETTINGS
@given(TOKENS)
def test_any_token_soup_compiles_or_is_diagnosed(source: str) -> None:
    compiled, problems = _compile(source)
    if compiled is None:
        _assert_points_inside(source, problems)


@SETTINGS
@given(st.text(max_size=40))
def test_any_text_compiles_or_is_diagnosed(source: str) -> None:
    compiled, problems = _compile(source)
    if compiled is None:
        assert problems and all(p.span.file == "<expr>" for p in problems)


@SETTINGS
@given(EXPRESSIONS)
def test_generated_expressions_compile_and_run_safely(source: str) -> None:
    compiled, problems = _compile(source)
    if compiled is None:
        _assert_points_inside(source, problems)
        return
    frame = COMPILER.new_frame(Env())
    try:
        compiled.fn(frame)
    except ExprRuntimeError as failure:
        assert failure.diagnostic.span.file in SOURCES
    assert frame.budget >= -DEFAULT_LIMITS.max_collection  # stopped at the first overdraft


ARITH = ["+", "-", "*", "//", "%", "**"]


# --- well-typed expressions: these compile, so their evaluation is what is tested ----------


@cache
def ints(depth: int) -> st.SearchStrategy[str]:
    leaves = st.one_of(
        st.integers(-20, 20).map(str),
        st.sampled_from(["seat", "ten", "zero", "big", "limit", "len(hand)", "hand[0].number"]),
    )
    if depth == 0:
        return leaves
    i, b, li = ints(depth - 1), bools(depth - 1), int_lists(depth - 1)
    return st.one_of(
        leaves,
        st.builds(lambda a, op, c: f"({a} {op} {c})", i, st.sampled_from(ARITH), i),
        st.builds("(-{})".format, i),
        st.builds(lambda f, xs: f"{f}({xs})", st.sampled_from(["len", "sum", "count"]), li),
        st.builds("max({}, default={})".format, li, i),
        st.builds(lambda f, a, c: f"{f}({a}, {c})", st.sampled_from(["min", "max", "round_up", "pair_sum"]), i, i),
        st.builds("clamp({}, {}, {})".format, i, i, i),
        st.builds("({} if {} else {})".format, i, b, i),
        st.builds("{}[{}]".format, li, i),
        st.builds("index_of({}, {}, default=-1)".format, li, i),
        st.builds("strength(hand[{}])".format, i),
        st.builds("sum(x * {} for x in {})".format, i, li),
    )


@cache
def bools(depth: int) -> st.SearchStrategy[str]:
    leaves = st.sampled_from(["true", "false", "is_trump(hand[0])", "trump == 'coins'", "nobody == none"])
    if depth == 0:
        return leaves
    i, b, li = ints(depth - 1), bools(depth - 1), int_lists(depth - 1)
    return st.one_of(
        leaves,
        st.builds(lambda a, op, c: f"({a} {op} {c})", i, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), i),
        st.builds(lambda a, op, c: f"({a} {op} {c})", b, st.sampled_from(["and", "or"]), b),
        st.builds("(not {})".format, b),
        st.builds(lambda a, op, xs: f"({a} {op} {xs})", i, st.sampled_from(["in", "not in"]), li),
        st.builds("any(x > {} for x in {})".format, i, li),
        st.builds("all(x != {} for x in {})".format, i, li),
    )


@cache
def int_lists(depth: int) -> st.SearchStrategy[str]:
    leaves = st.sampled_from(["[]", "[1, 2, 3]", "[c.number for c in hand]", "range(4)"])
    if depth == 0:
        return leaves
    i, b, li = ints(depth - 1), bools(depth - 1), int_lists(depth - 1)
    return st.one_of(
        leaves,
        st.builds("range({})".format, i),
        st.builds("[{}, {}]".format, i, i),
        st.builds("[x * {} for x in {} if {}]".format, i, li, b),
        st.builds("[x + y for x in {} for y in {}]".format, li, li),
        st.builds(lambda f, xs: f"{f}({xs})", st.sampled_from(["sorted", "reversed", "unique", "list"]), li),
        st.builds("({} + {})".format, li, li),
        st.builds(lambda f, a, c: f"{f}({a}, {c})", st.sampled_from(["union", "intersection", "difference"]), li, li),
        st.builds("sorted({}, reverse={})".format, li, b),
        st.builds("list({{x % 5 for x in {}}})".format, li),
    )


@SETTINGS
@given(st.one_of(ints(3), bools(3), int_lists(3)))
def test_well_typed_expressions_compile_and_run_safely(source: str) -> None:
    compiled, problems = _compile(source)
    if compiled is None:  # a run-time failure found early, because its inputs are constants
        _assert_points_inside(source, problems)
        assert all(any(kind in p.message for kind in RUN_TIME_KINDS) for p in problems), problems
        return
    try:
        compiled.fn(COMPILER.new_frame(Env()))
    except ExprRuntimeError as failure:
        assert any(kind in failure.diagnostic.message for kind in RUN_TIME_KINDS), failure
        assert failure.diagnostic.span.file in SOURCES


RUN_TIME_KINDS = (
    "out of range",
    "division by zero",
    "too large",
    "bounds are reversed",
    "positive multiple",
    "would have",
    "empty collection",
    "too much work",
)


# --- arithmetic agrees with Python --------------------------------------------------

NUMBERS = st.one_of(st.integers(-20, 20), st.sampled_from(["ten", "zero", "seat"]))
VALUES = {"ten": 10, "zero": 0, "seat": 2}


def _arith_tree(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.tuples(st.sampled_from(ARITH), inner, inner), st.tuples(st.just("neg"), inner))


ARITH_TREES = st.recursive(NUMBERS, _arith_tree, max_leaves=10)


class Refused(Exception):
    """The expression must fail: a limit, a zero divisor, a bad exponent."""


PY_OPS = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
}


def _apply(op: str, a: int, b: int) -> int:
    if op in ("//", "%") and b == 0:
        raise Refused
    if op == "**" and not 0 <= b <= DEFAULT_LIMITS.max_exponent:
        raise Refused
    value = PY_OPS[op](a, b)
    if abs(value) > DEFAULT_LIMITS.max_int:
        raise Refused
    return value


def _render(tree) -> str:
    if isinstance(tree, int):
        return f"({tree})" if tree < 0 else str(tree)
    if isinstance(tree, str):
        return tree
    if tree[0] == "neg":
        return f"(-{_render(tree[1])})"
    return f"({_render(tree[1])} {tree[0]} {_render(tree[2])})"


def _expected(tree) -> int:
    if isinstance(tree, int):
        return tree
    if isinstance(tree, str):
        return VALUES[tree]
    if tree[0] == "neg":
        return -_expected(tree[1])
    return _apply(tree[0], _expected(tree[1]), _expected(tree[2]))


def _outcome(source: str):
    """('value', v) or ('refused', None) from our compiler, whether it failed early or late."""
    compiled, problems = _compile(source)
    if compiled is None:
        assert problems and all(_is_limit(p.message) for p in problems), [p.message for p in problems]
        return "refused", None
    try:
        return "value", compiled.fn(COMPILER.new_frame(Env()))
    except ExprRuntimeError as failure:
        assert _is_limit(failure.diagnostic.message)
        return "refused", None


def _is_limit(message: str) -> bool:
    return any(part in message for part in ("division by zero", "exponent", "too large"))


@SETTINGS
@given(ARITH_TREES)
def test_arithmetic_agrees_with_python(tree) -> None:
    try:
        expected = ("value", _expected(tree))
    except Refused:
        expected = ("refused", None)
    assert _outcome(_render(tree)) == expected


def _python_value(node: python_ast.AST) -> int:
    """Python's own parse of the same text is the oracle for precedence and associativity."""
    if isinstance(node, python_ast.Expression):
        return _python_value(node.body)
    if isinstance(node, python_ast.Constant):
        return node.value
    if isinstance(node, python_ast.Name):
        return VALUES[node.id]
    if isinstance(node, python_ast.UnaryOp):
        return -_python_value(node.operand)
    symbol = {
        python_ast.Add: "+",
        python_ast.Sub: "-",
        python_ast.Mult: "*",
        python_ast.FloorDiv: "//",
        python_ast.Mod: "%",
        python_ast.Pow: "**",
    }[type(node.op)]
    return _apply(symbol, _python_value(node.left), _python_value(node.right))


FLAT = st.tuples(NUMBERS, st.lists(st.tuples(st.sampled_from(ARITH), st.booleans(), NUMBERS), min_size=1, max_size=5))


@SETTINGS
@given(FLAT)
def test_precedence_agrees_with_python(flat) -> None:
    first, rest = flat
    text = str(first) + "".join(f" {op} {'-' if minus else ''}{n}" for op, minus, n in rest)
    try:
        expected = ("value", _python_value(python_ast.parse(text, mode="eval")))
    except Refused:
        expected = ("refused", None)
    assert _outcome(text) == expected
