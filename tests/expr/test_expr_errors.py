"""Every way an expression can be wrong, as a table: (source, message part, column).

Columns count from 1 inside the expression (PlainSource starts at column 1),
so each row also checks that the caret points at the offending token.
"""

from __future__ import annotations

import pytest
from test_expr_table import CARD, Env, make_compiler

from interpreter.base.diagnostics import render
from interpreter.expr import (
    INT,
    DictScope,
    ExprCompiler,
    ExprRuntimeError,
    ListT,
    PlainSource,
    TypeNameError,
    Value,
    parse_type,
)

LOAD_TIME = [
    # syntax
    ("seat < 1 < 2", "comparisons cannot be chained", 10),
    ("seat == 1 == 2", "comparisons cannot be chained", 11),
    ("seat > 1 and", "expected an expression after 'and'", 10),
    ("seat + ", "expected an expression after '+'", 6),
    ("not", "expected an expression after 'not'", 1),
    ("(seat + 1", "unclosed '('", 1),
    ("len(hand", "unclosed '('", 4),
    ("[1, 2", "unclosed '['", 1),
    ("seat + 1)", "unexpected ')'", 9),
    ("[1, 2)", "'[' is closed by ')'", 6),
    ("seat = 2", "'=' is not allowed; use '==' to compare", 6),
    ("seat / 2", "'/' is not allowed", 6),
    ("seat is none", "'is' is not part of the expression language", 6),
    ("lambda c: c", "'lambda' is not part of the expression language", 1),
    ("'abc", "unterminated string", 1),
    (r"'tab\t'", "unknown escape in string", 1),
    ("seat & 1", "'&' is not an operator", 6),
    ("!true", "'!' is not an operator", 1),
    ("seat seat", "unexpected name seat", 6),
    ("(c for c in hand)", "a generator is only allowed as the only argument of a call", 4),
    ("seat if true", "missing 'else'", 9),
    ("seat not hand", "expected 'in' after 'not'", 10),
    ("hand.1", "expected a name after '.'", 6),
    ("1.5", "'1.5' is not a whole number", 1),
    ("{}", "'{}' is not an empty set", 1),
    ("max(key=len, hand)", "a positional argument cannot follow a keyword argument", 14),
    ("hand[1:2]", "':' is not allowed here", 7),
    ("seat == (1, 2)", "tuples are not in the expression language", 11),
    ("max((seat, 2))", "tuples are not in the expression language", 10),
    ("max(c for c in hand, 1)", "a generator is only allowed as the only argument of a call", 20),  # (no tuple)
    ("", "empty expression", 1),
    ("seat @ 2", "unexpected character '@'", 6),
    # names, sandbox
    ("seet + 1", "unknown name 'seet'", 1),
    ("True", "unknown name 'True'", 1),
    ("hand_off(1)", "unknown function 'hand_off'", 1),
    ("_secret", "names starting with '_' are not allowed", 1),
    ("hand[0].__class__", "names starting with '_' are not allowed", 9),
    ("[_x for _x in hand]", "names starting with '_' are not allowed", 9),
    ("len(hand, _k=1)", "names starting with '_' are not allowed", 11),
    ("seat.suit", "cannot read '.suit' of int values", 6),
    ("hand[0].colour", "card has no attribute 'colour'", 9),
    ("plays[0].who", "play has no attribute 'who'", 10),
    ("seat(1)", "'seat' is not a function", 1),
    ("is_trump", "'is_trump' is a function; call it", 1),
    ("hand[0].suit(1)", "only functions can be called", 1),
    # arity and keywords
    ("len()", "len() takes 1 argument, got 0", 1),
    ("len(hand, hand)", "len() takes 1 argument, got 2", 11),
    ("min()", "min() takes 1 argument, got 0", 1),
    ("clamp(1, 2)", "clamp() takes 3 arguments, got 2", 1),
    ("is_trump()", "is_trump() takes 1 argument(s) (c), got 0", 1),
    ("pair_sum(1, 2, 3)", "pair_sum() takes 2 argument(s) (a, b), got 3", 1),
    ("is_trump(hand[0], key=1)", "is_trump() takes no keyword arguments", 19),
    ("sorted(hand, key=strength, revers=true)", "'revers=' is not a keyword of sorted()", 28),
    ("len(hand, key=strength)", "'key=' is not a keyword of len()", 11),
    ("max(hand, key=strength, key=strength)", "'key=' is given twice", 25),
    ("max(hand, key=seat)", "'key=' takes the name of a function of one argument", 15),
    ("max(hand, key=pair_sum)", "'pair_sum' cannot be applied to one card", 15),
    ("max(plays, key=is_trump)", "'is_trump' cannot be applied to one play", 16),
    ("max(hand, key=suits_of)", "'suits_of' cannot be applied to one card", 15),
    ("max(hand)", "max() cannot order values of type card by themselves", 1),
    ("max(plays, key=hand_of)", "'hand_of' cannot be applied to one play", 16),
    # types
    ("hand[0] + 1", "'+' cannot add card and int", 9),
    ("'a' - 2", "'-' needs two integers, got str and int", 5),
    ("true + 1", "'+' cannot add bool and int", 6),
    ("seat * false", "'*' needs two integers, got int and bool", 6),
    ("sum(c.number > 1 for c in hand)", "sum() expects collection[int] for 'xs', got list[bool]", 5),
    ("count(c.number > 1 for c in hand)", "count() counts elements", 1),
    ("hand[0] == 3", "cannot compare card with int", 9),
    ("trump == hand[0]", "cannot compare suit with card", 7),
    ("hand[0] == 'cups-9'", "unknown card 'cups-9'", 12),
    ("trump == 'clubs'", "unknown suit 'clubs'", 10),
    ("hand[0].rank in ['top', 'high']", "unknown rank 'top'", 18),
    ("'cups-9' in hand", "unknown card 'cups-9'", 1),
    ("is_trump('cups-9')", "unknown card 'cups-9'", 10),
    ("count_of(hand, 'cups-9')", "unknown card 'cups-9'", 16),
    ("hand + ['cups-9']", "unknown card 'cups-9'", 9),
    ("['cups-9'] + hand", "unknown card 'cups-9'", 2),
    ("seat in 5", "'in' needs a list, set or string on its right, got int", 9),
    ("hand[0] in [1, 2]", "cannot look for card in list[int]", 9),
    ("seat if seat else 0", "the condition of 'if' must be true or false (bool), got int", 9),
    ("hand and true", "the left side of 'and' must be true or false (bool), got list[card]", 1),
    ("true or seat", "the right side of 'or' must be true or false (bool), got int", 9),
    ("not seat", "the operand of 'not' must be true or false (bool), got int", 5),
    ("[c for c in hand if c.number]", "the 'if' of a comprehension must be true or false", 21),
    ("1 if true else 'a'", "the two results of 'if' have different types: int and str", 16),
    ("[1, 'a']", "the elements have different types: int and str", 5),
    ("hand[0] < hand[1]", "'<' cannot order card and card", 9),
    ("true < false", "'<' cannot order bool and bool", 6),
    ("{hand}", "a set cannot hold list[card] values", 1),
    ("{1}[0]", "a set has no positions", 1),
    ("seat[0]", "int cannot be indexed", 1),
    ("hand['x']", "an index must be int, got str", 6),
    ("[x for x in seat]", "'for' needs a list or set to loop over, got int", 13),
    ("-hand[0]", "the operand of '-' must be int, got card", 2),
    ("is_trump(3)", "is_trump() expects card for 'c', got int", 10),
    ("hand_of(true)", "hand_of() expects int for 'seat', got bool", 9),
    ("reversed({1, 2})", "reversed() expects list[T] for 'xs', got set[int]", 10),
    ("union(hand, [1])", "union() expects collection[card] for 'b', got list[int]", 13),
    # limits, and run-time failures that constants reveal at load time
    ("1" + " + 1" * 1000, "expression is too long (4001 characters; the limit is 4000)", 1),
    ("-" * 70 + "1", "expression nests too deeply (more than 64 levels)", 65),
    ("[" * 70 + "]" * 70, "expression nests too deeply", 65),
    ("99999999999999999999", "integer is too large", 1),
    ("10 ** 100", "exponent 100 is out of range (0..64)", 7),
    ("10 ** 18 * 10", "integer result is too large", 10),
    ("seat // 0", "division by zero", 9),
    ("1 // 0", "division by zero", 6),
    ("range(200000)", "range() would have 200,000 elements; the limit is 100,000", 1),
    ("combinations(range(60), 5)", "combinations() would have 5,461,512 elements; the limit is 100,000", 1),
    ("first([])", "first() of an empty collection", 1),
]


def _problems(source: str) -> list:
    compiler = make_compiler()
    assert compiler.compile(PlainSource(source)) is None, f"{source!r} compiled"
    return compiler.diagnostics


@pytest.mark.parametrize("source,message,column", LOAD_TIME, ids=[r[0][:40] for r in LOAD_TIME])
def test_load_time_error(source: str, message: str, column: int) -> None:
    problems = _problems(source)
    matching = [d for d in problems if message in d.message]
    assert matching, [d.message for d in problems]
    assert matching[0].span.col == column, (matching[0].message, matching[0].span)


HINTS = [
    ("seet + 1", "did you mean 'seat'?"),
    ("True", "write 'true'"),
    ("hand_off(1)", "did you mean 'hand_of'?"),
    ("hand[0].colour", "its attributes are: number, rank, suit"),
    ("hand[0].sute", "did you mean 'suit'?"),
    ("trump == 'swrods'", "did you mean 'swords'?"),
    ("sorted(hand, key=strength, revers=true)", "did you mean 'reverse'?"),
    ("true + 1", "bool is not int"),
    ("sum(c.number > 1 for c in hand)", "count(x for x in xs if condition)"),
    ("seat if seat else 0", "bool is not int: compare the number"),
    ("hand and true", "use len(xs) > 0 or any(...)"),
    ("seat / 2", "use //"),
    ("seat < 1 < 2", "write 'a < b and b < c'"),
    ("{}", "write set() for the empty set"),
    ("max(hand)", "key="),
    ("len()", "len(xs: collection[T]) -> int"),
    ("hand[0] == 3", "compare with a name in quotes"),
    ("range(200000)", None),
    ("is_trump", "is_trump(c)"),
    ("hand_of", "hand_of(seat: int) -> list[card]"),
    # found by writing President from the docs
    ("hand.append(hand[0])", "write xs + [x]"),
    ("hand.index(hand[0])", "index_of(xs, x)"),
    ("hand.lower()", "values have no methods here"),
    ("hand[0].rank > hand[1].rank", "compare the cards' rank_order"),
    ("trump > trump", "compare a number attribute, or write a ranking function"),
    # found by writing Cribbage from the docs
    ("max(len(hand) for c in hand, default=0)", "make it a list: max([x for x in xs], default=0)"),
    ("hand[len(hand) - 2:]", "there are no slices; write a list of the items wanted: [xs[i] for i in range(a, b)]"),
    ("[1:2]", "there are no lambdas, slices or dictionaries"),
    # found by writing Spades from the docs: the hint said what the file already did
    ("count(u for u in ['cups', 'swords'] if trump == u)", "'u' holds text: names in quotes in a list of their own"),
    # found by writing Texas Hold'em from the docs: a loop over pairs
    ("sum(i * c.number for i, c in enumerate(hand))", "loop over one value and read its parts"),
    ("[i for i, c in hand]", "`for i in range(len(xs))` with xs[i]"),
    # found by writing Skat from the docs
    ("'trumps are ' + str(trump)", "a suit is written by its name where a text shows it"),
    ("trump if true else ''", "no suit at all is written none"),
]


@pytest.mark.parametrize("source,hint", HINTS, ids=[r[0] for r in HINTS])
def test_hint(source: str, hint: str | None) -> None:
    first = _problems(source)[0]
    assert first.hint == hint if hint is None else hint in (first.hint or "")


RUN_TIME = [
    ("1 // zero", "division by zero", 3),
    ("ten % zero", "division by zero", 5),
    ("ten ** 19", "integer result is too large", 5),
    ("ten ** 9 * ten ** 9 * ten", "integer result is too large", 21),
    ("ten ** (zero - 1)", "exponent -1 is out of range", 5),
    ("sum([ten ** 18, ten ** 18])", "sum() is too large", 1),
    ("range(big)", "range() would have 1,000,000 elements; the limit is 100,000", 1),
    ("len([x for x in range(big // 10) for y in range(big // 10)])", "expression does too much work", 43),
    ("[c for c in hand_of(1) for d in range(big // 20)]", "the comprehension would have 150,000 elements", 1),
    ("sum(sum(range(big // 10)) for x in range(big // 10))", "expression does too much work", 9),
    ("hand[ten]", "index 10 is out of range for a list of 4", 1),
    ("min([c.number for c in hand if c == 'cups-2'])", "min() of an empty collection", 1),
    ("first(hand_of(2))", "first() of an empty collection", 1),
    ("index_of(hand, 'cups-2')", "index_of(): the value is not in the list", 1),
    ("nobody.suit == trump", "cannot read '.suit' of none", 1),
    ("round_up(seat, zero)", "round_up() needs a positive multiple, got 0", 1),
    ("combinations(range(ten * 6), 5)", "combinations() would have 5,461,512 elements; the limit is 100,000", 1),
    ("combinations(hand, zero - 1)", "combinations() needs a size of 0 or more, got -1", 1),
    ("product([ten ** 9, ten ** 9, ten])", "product() is too large", 1),
    ("clamp(1, ten, zero)", "clamp() bounds are reversed: 10 > 0", 1),
    ("join('', [str(big) for x in range(big // 50)])", "join() would make a text of 140,000 characters", 1),
]


@pytest.mark.parametrize("source,message,column", RUN_TIME, ids=[r[0][:40] for r in RUN_TIME])
def test_run_time_error(source: str, message: str, column: int) -> None:
    compiler = make_compiler()
    compiled = compiler.compile(PlainSource(source))
    assert compiled is not None, [d.message for d in compiler.diagnostics]
    with pytest.raises(ExprRuntimeError) as raised:
        compiled.fn(compiler.new_frame(Env()))
    diagnostic = raised.value.diagnostic
    assert message in diagnostic.message
    assert diagnostic.span.col == column, diagnostic


def test_all_errors_of_an_expression_are_reported() -> None:
    problems = _problems("seet + hand[0].colour + ('a' - 2) + is_trump(1, 2)")
    assert [d.span.col for d in problems] == [1, 16, 30, 37]


def test_errors_do_not_cascade() -> None:
    problems = _problems("max(hand, key=strenght).suit == 'cups' and unknown_thing > 2")
    assert [d.message.split(" '")[0] for d in problems] == ["unknown function", "unknown name"] or len(problems) == 2


def test_caret_points_inside_the_yaml_string() -> None:
    compiler = make_compiler()
    extra = DictScope({"card": Value(CARD, lambda f: 0), "discards": Value(ListT(CARD), lambda f: [])})
    source = PlainSource("card in discrads", file="rules.yaml", line=41, col=16)
    assert compiler.compile(source, extra=extra) is None
    diagnostic = compiler.diagnostics[0]
    assert (diagnostic.span.file, diagnostic.span.line, diagnostic.span.col) == ("rules.yaml", 41, 24)
    yaml_text = "\n" * 40 + '    legal_if: "card in discrads"\n'
    assert render(diagnostic, yaml_text).splitlines()[1:] == [
        '   41 |     legal_if: "card in discrads"',
        "      |                        ^~~~~~~~",
        "  hint: did you mean 'discards'?",
    ]


def test_multi_line_expressions_count_lines() -> None:
    compiler = make_compiler()
    assert compiler.compile(PlainSource("seat > 1\n  and seet", line=3, col=5)) is None
    span = compiler.diagnostics[0].span
    assert (span.line, span.col) == (4, 7)


def _define(functions: dict[str, str]) -> ExprCompiler:
    compiler = ExprCompiler()
    for name, body in functions.items():
        compiler.define(name, [("x", INT)], PlainSource(body, file=f"<{name}>"), None)
    compiler.finish()
    return compiler


def test_recursion_through_two_functions_is_an_error() -> None:
    compiler = _define({"f": "g(x) + 1", "g": "f(x - 1)", "ok": "x * 2"})
    assert [d.message for d in compiler.diagnostics] == ["recursion is not allowed: f -> g -> f"]
    assert compiler.compile(PlainSource("ok(2)")).fn(compiler.new_frame()) == 4


def test_self_recursion_is_an_error() -> None:
    compiler = _define({"h": "1 if x == 0 else h(x - 1)"})
    assert [d.message for d in compiler.diagnostics] == ["recursion is not allowed: h -> h"]
    assert "may not call itself" in compiler.diagnostics[0].hint


def test_a_comprehension_variable_is_not_a_call() -> None:
    compiler = _define({"k": "len([k for k in range(x)])", "m": "k(x) + 1"})
    assert compiler.diagnostics == []
    assert compiler.compile(PlainSource("m(3)")).fn(compiler.new_frame()) == 4


def test_errors_in_a_function_body_point_into_its_own_source() -> None:
    compiler = _define({"f": "x + 'a'"})
    diagnostic = compiler.diagnostics[0]
    assert (diagnostic.span.file, diagnostic.span.col, diagnostic.message) == ("<f>", 3, "'+' cannot add int and str")
    assert compiler.compile(PlainSource("f(1) + 1")) is None  # a call to a broken function


def test_function_names_are_checked_when_defined() -> None:
    compiler = ExprCompiler()
    for name in ("ok", "ok", "len", "_hidden", "not"):
        compiler.define(name, [], PlainSource("1"), None)
    compiler.define("twice", [("a", INT), ("a", INT)], PlainSource("1"), None)
    assert [d.message for d in compiler.diagnostics] == [
        "function 'ok' is defined twice",
        "function 'len' would hide the builtin of that name",
        "function '_hidden' is not a valid function name",
        "function 'not' is not a valid function name",
        "parameter 'a' of 'twice' is given twice",
    ]


def test_declared_return_type_is_checked() -> None:
    compiler = ExprCompiler()
    compiler.define("f", [], PlainSource("1 > 0"), None, returns=INT)
    compiler.finish()
    assert compiler.diagnostics[0].message == "function 'f' should return int, but its value is bool"


def test_top_level_expected_type() -> None:
    compiler = make_compiler()
    assert compiler.compile(PlainSource("len(hand)"), expected=ListT(CARD)) is None
    assert compiler.compile(PlainSource("count(hand)"), expected=INT) is not None
    assert compiler.compile(PlainSource("len(hand)"), expected=parse_type("bool", {})) is None
    assert compiler.diagnostics[-1].message == "this expression must be bool, but it is int"


def test_unknown_type_names() -> None:
    with pytest.raises(TypeNameError) as raised:
        parse_type("list[crad]", {"card": CARD})
    assert raised.value.message == "unknown type 'crad'" and raised.value.hint == "did you mean 'card'?"


@pytest.mark.parametrize("generate", [True, False])
def test_a_frame_made_too_early_is_named(generate: bool) -> None:
    """Generated code keeps comprehension variables in Python variables; `big` has no text, so
    its closure is called and the loop variable must live in a frame slot in both modes."""
    compiler = make_compiler(generate=generate)
    early = compiler.new_frame(Env())
    compiled = compiler.compile(PlainSource("[c.number - big for c in hand]"))
    with pytest.raises(ExprRuntimeError, match="make frames with new_frame"):
        compiled.fn(early)
    assert compiled.fn(compiler.new_frame(Env())) == [n - 10**6 for n in (1, 3, 2, 3)]


def test_an_engine_function_can_say_how_to_call_it() -> None:
    from test_expr_table import CARD

    from interpreter.expr import DictScope, Function, ListT, Param

    zone = Function(
        "pile",
        [Param("seat", INT)],
        ListT(CARD),
        lambda s: [],
        doc="A seat's pile.",
        uncalled=("zone 'pile' is per seat: write pile(seat)", "for example pile(player)"),
    )
    compiler = ExprCompiler(DictScope({"pile": zone}))
    assert compiler.compile(PlainSource("len(pile)")) is None
    problem = compiler.diagnostics[0]
    assert (problem.message, problem.hint, problem.span.col) == (
        "zone 'pile' is per seat: write pile(seat)",
        "for example pile(player)",
        5,
    )


def test_count_of_true_or_false_values_with_a_filter_counts_the_ones_kept() -> None:
    """`count(x for x in flags if x)` is what the error's own hint says to write: it was refused too."""
    compiler = make_compiler()
    code = compiler.compile(PlainSource("count(b for b in [c.number > 1 for c in hand] if b)"))
    assert code is not None, [d.message for d in compiler.diagnostics]
    assert _problems("count(c.number > 1 for c in hand)")[0].message.startswith("count() counts elements")
