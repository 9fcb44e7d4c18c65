"""The expression language as a table: (source, expected value), one row per construct.

The scope below is a small fake game the tests share: nine cards of three
suits, a record for plays, values read from the frame's env, engine
functions, and a few ruleset functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from interpreter.expr import (
    BOOL,
    INT,
    Const,
    DictScope,
    EnumT,
    ExprCompiler,
    Field,
    Function,
    ListT,
    Param,
    PlainSource,
    RecordT,
    SetT,
    Value,
    parse_type,
)

SUITS = ("cups", "coins", "swords")
CARDS = [f"{s}-{n}" for s in SUITS for n in (1, 2, 3)]
SUIT = EnumT("suit", {s: i for i, s in enumerate(SUITS)})
RANK = EnumT("rank", {"low": 0, "mid": 1, "high": 2})
CARD = EnumT("card", {c: i for i, c in enumerate(CARDS)})
CARD.attrs.update(
    {
        "suit": Field(SUIT, tuple(i // 3 for i in range(9)).__getitem__),
        "number": Field(INT, tuple(i % 3 + 1 for i in range(9)).__getitem__),
        "rank": Field(RANK, tuple(i % 3 for i in range(9)).__getitem__),
    }
)
C = CARD.values  # card name -> int, for expected values


@dataclass(frozen=True)
class Play:
    card: int
    by: int
    face_up: bool


PLAY = RecordT(
    "play",
    {
        "card": Field(CARD, lambda p: p.card),
        "by": Field(INT, lambda p: p.by),
        "face_up": Field(BOOL, lambda p: p.face_up),
    },
)


@dataclass
class Env:
    hand: list[int] = field(default_factory=lambda: [C["cups-1"], C["coins-3"], C["swords-2"], C["swords-3"]])
    trump: int = SUIT.values["swords"]
    plays: list[Play] = field(
        default_factory=lambda: [Play(C["cups-2"], 0, True), Play(C["swords-1"], 1, False), Play(C["cups-3"], 2, True)]
    )
    seat: int = 2
    zero: int = 0
    big: int = 10**6
    ten: int = 10
    hands: tuple = ((0, 1), (3, 4, 5), ())
    nobody: None = None


def _hand_of(frame, seat: int) -> list[int]:
    return list(frame.env.hands[seat])


def make_scope() -> DictScope:
    """The test game's names, as an engine would declare them (most reads with their Python text,
    `big` and `nobody` without, so generated code also calls closures)."""
    return DictScope(
        {
            "hand": Value(ListT(CARD), lambda f: f.env.hand, "f.env.hand"),
            "trump": Value(SUIT, lambda f: f.env.trump, "f.env.trump"),
            "plays": Value(ListT(PLAY), lambda f: f.env.plays, "f.env.plays"),
            "seat": Value(INT, lambda f: f.env.seat, "f.env.seat"),
            "zero": Value(INT, lambda f: f.env.zero, "f.env.zero"),
            "big": Value(INT, lambda f: f.env.big),
            "ten": Value(INT, lambda f: f.env.ten, "f.env.ten"),
            "nobody": Value(CARD, lambda f: f.env.nobody),
            "limit": Const(INT, 10),
            "bonus_ranks": Const(ListT(RANK), (RANK.values["high"],)),
            "hand_of": Function(
                "hand_of",
                [Param("seat", INT)],
                ListT(CARD),
                _hand_of,
                needs_frame=True,
                doc="The cards held by a seat.",
            ),
            "double": Function("double", [Param("x", INT)], INT, lambda x: 2 * x, doc="Twice x.", pure=True),
        }
    )


FUNCTIONS = {
    "is_trump": ({"c": "card"}, "c.suit == trump or c == 'cups-1'"),
    "strength": ({"c": "card"}, "c.number + (10 if is_trump(c) else 0)"),
    "value_of": ({"p": "play"}, "strength(p.card) * (2 if p.face_up else 1)"),
    "trump_count": ({}, "count(c for c in hand if is_trump(c))"),
    "pair_sum": ({"a": "int", "b": "int"}, "a + b"),
    "five": ({}, "2 + 3"),
    "suits_of": ({"cs": "list[card]"}, "{c.suit for c in cs}"),
    "last_digit": ({"x": "int"}, "x % 10"),
}


def make_compiler(functions: dict = FUNCTIONS, generate: bool = True) -> ExprCompiler:
    """A compiler over the test scope with the test's ruleset functions defined; `generate=False`
    keeps the closures only (the reference the generated code is compared with)."""
    compiler = ExprCompiler(make_scope(), generate=generate)
    known = {"card": CARD, "suit": SUIT, "rank": RANK, "play": PLAY}
    for name, (params, body) in functions.items():
        typed = [(p, parse_type(t, known)) for p, t in params.items()]
        compiler.define(name, typed, PlainSource(body, file=f"<{name}>"))
    compiler.finish()
    return compiler


def evaluate(source: str, compiler: ExprCompiler | None = None, env: Env | None = None):
    compiler = compiler or make_compiler()
    compiled = compiler.compile(PlainSource(source))
    assert compiled is not None, [d.message for d in compiler.diagnostics]
    return compiled.fn(compiler.new_frame(env or Env()))


def cards(*names: str) -> list[int]:
    return [C[n] for n in names]


TABLE = [
    # literals
    ("42", 42),
    ("1_000_000", 1_000_000),
    ("-7", -7),
    ("true", True),
    ("false", False),
    ("none", None),
    ("'a'", "a"),
    ('"b"', "b"),
    (r"'it\'s'", "it's"),
    (r'"say \"hi\""', 'say "hi"'),
    (r"'a\nb'", "a\nb"),
    (r"'back\\slash'", "back\\slash"),
    ("[1, 2, 3]", [1, 2, 3]),
    ("[]", []),
    ("[1, 2,]", [1, 2]),
    ("{1, 2, 2}", {1, 2}),
    ("set()", set()),
    ("['x'] == ['x']", True),
    # arithmetic, Python precedence and floor semantics
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("2 ** 3 ** 2", 512),
    ("-2 ** 2", -4),
    ("7 // 2", 3),
    ("-7 // 2", -4),
    ("7 % 3", 1),
    ("-7 % 3", 2),
    ("10 - 3 - 2", 5),
    ("2 * -3", -6),
    ("ten * ten + 1", 101),
    ("ten - 11", -1),
    ("ten // 3", 3),
    ("ten % 4", 2),
    ("2 ** ten", 1024),
    ("'ab' + 'cd'", "abcd"),
    ("[1] + [2, 3]", [1, 2, 3]),
    # comparisons and logic
    ("1 < 2", True),
    ("2 <= 1", False),
    ("3 > 2", True),
    ("3 >= 3", True),
    ("1 == 1", True),
    ("1 != 1", False),
    ("'a' < 'b'", True),
    ("not true", False),
    ("true and false", False),
    ("false or true", True),
    ("not 1 == 2", True),
    ("true or 1 // zero == 0", True),
    ("false and 1 // zero == 0", False),
    ("2 in [1, 2]", True),
    ("3 not in [1, 2]", True),
    ("'b' in 'abc'", True),
    ("'bc' in 'abc'", True),
    ("seat in {1, 2}", True),
    # conditional
    ("5 if seat == 2 else 2", 5),
    ("5 if seat == 9 else 2", 2),
    ("1 if false else 2 if true else 3", 2),
    # enums: string literals become values at load time
    ("trump == 'swords'", True),
    ("'swords' == trump", True),
    ("trump != 'cups'", True),
    ("hand[0] == 'cups-1'", True),
    ("hand[0].suit", SUIT.values["cups"]),
    ("hand[1].number", 3),
    ("hand[1].rank in ['high', 'mid']", True),
    ("'coins-3' in hand", True),
    ("'coins-1' not in hand", True),
    ("[c.number for c in hand if c.suit == 'swords']", [2, 3]),
    ("hand[-1]", C["swords-3"]),
    ("nobody == none", True),
    ("hand[0] if seat == 2 else none", C["cups-1"]),
    ("hand == none", False),
    ("hand[0].rank in bonus_ranks", False),
    ("count_of(hand, 'swords-2')", 1),
    ("index_of(hand, 'coins-3')", 1),
    # records
    ("plays[0].by", 0),
    ("plays[1].face_up", False),
    ("max(plays, key=value_of).by", 1),
    ("[p.by for p in plays if p.face_up]", [0, 2]),
    ("sum(value_of(p) for p in plays)", 4 + 11 + 6),
    # comprehensions
    ("[x * x for x in range(4)]", [0, 1, 4, 9]),
    ("[x for x in range(10) if x % 3 == 0]", [0, 3, 6, 9]),
    ("{x % 2 for x in range(5)}", {0, 1}),
    ("[a * 10 + b for a in range(2) for b in range(3)]", [0, 1, 2, 10, 11, 12]),
    ("[a + b for a in range(3) if a > 0 for b in range(a)]", [1, 2, 3]),
    ("[[y for y in range(x)] for x in range(3)]", [[], [0], [0, 1]]),
    ("[a * 100 + b * 10 + c for a in range(2) for b in range(2) if b != a for c in range(3) if c > b]", [12, 101, 102]),
    ("len([1 for a in range(3) for b in range(3) for c in range(3) for d in range(3)])", 81),
    ("sum(a + b + c for a in range(2) for b in range(2) for c in range(2))", 12),
    ("{(a + b) % 2 for a in range(2) for b in range(2) for c in range(2)}", {0, 1}),
    ("any(c.suit == trump for c in hand)", True),
    ("all(c.number > 1 for c in hand)", False),
    ("sum(c.number for c in hand)", 1 + 3 + 2 + 3),
    ("count(c for c in hand if c.number == 3)", 2),
    ("not is_trump(hand[1]) or all(is_trump(c) for c in hand)", True),
    # ruleset functions (inlined or through slots)
    ("is_trump(hand[0])", True),
    ("is_trump('coins-1')", False),
    ("strength(hand[3])", 13),
    ("pair_sum(1, 2)", 3),
    ("pair_sum(pair_sum(1, 2), pair_sum(3, 4))", 10),
    ("five()", 5),
    ("trump_count()", 3),
    ("[strength(c) for c in hand]", [11, 3, 12, 13]),
    ("len(suits_of(hand))", 3),
    ("'cups' in suits_of(hand)", True),
    ("sum(strength(c) for c in hand) * 2 ** len([c for c in hand if is_trump(c)])", 39 * 8),
    # engine functions
    ("hand_of(1)", [3, 4, 5]),
    ("len(hand_of(seat))", 0),
    ("double(21)", 42),
    # builtins
    ("len(hand)", 4),
    ("count(hand)", 4),
    ("sum([])", 0),
    ("min([3, 1, 2])", 1),
    ("max(3, 9, 4)", 9),
    ("min(4, 2)", 2),
    ("max([], default=7)", 7),
    # a list literal beside a list of cards holds cards (a held-out Canasta: "cannot add list[card] and list[str]")
    ("len(hand + ['cups-1'])", 5),
    ("count_of(['cups-1'] + hand, 'cups-1')", 2),
    # the first of equals (the first of two identical cards wins a trick: docs/builtins.md)
    ("max([12, 21, 32, 42, 41], key=last_digit)", 12),
    ("min([12, 21, 32, 41], key=last_digit)", 21),
    ("min(hand, key=strength)", C["coins-3"]),
    ("sorted([3, 1, 2])", [1, 2, 3]),
    ("sorted([3, 1, 2], reverse=true)", [3, 2, 1]),
    ("sorted(hand, key=strength)", cards("coins-3", "cups-1", "swords-2", "swords-3")),
    ("reversed([1, 2, 3])", [3, 2, 1]),
    ("range(2, 5)", [2, 3, 4]),
    ("range(-2)", []),
    ("abs(-5)", 5),
    ("sign(-5)", -1),
    ("sign(0)", 0),
    ("clamp(15, 0, 10)", 10),
    ("clamp(-3, 0, 10)", 0),
    ("round_up(7, 5)", 10),
    ("round_up(10, 5)", 10),
    ("round_up(-7, 5)", -5),
    ("unique([3, 1, 3, 2, 1])", [3, 1, 2]),
    ("repeated([3, 1, 3, 2, 1, 3], 2)", [3, 1]),
    ("repeated([3, 1, 3, 2, 1, 3], 3)", [3]),
    ("repeated([3, 1, 2], 1)", [3, 1, 2]),
    ("repeated([3, 1, 2], 4)", []),
    ("combinations([1, 2, 3], 2)", [[1, 2], [1, 3], [2, 3]]),
    ("combinations([1, 2, 3], 0)", [[]]),
    ("combinations([1, 2], 3)", []),
    ("count(c for c in combinations([5, 10, 5, 1], 2) if sum(c) == 15)", 2),  # (fifteens: the copies count)
    ("len([s for k in range(4) for s in combinations([1, 2, 3], k)])", 8),  # every subset
    ("product([2, 3, 4])", 24),
    ("product([])", 1),
    ("first([4, 5])", 4),
    ("last([4, 5])", 5),
    ("first([], default=0)", 0),
    ("index_of([5, 6], 7, default=-1)", -1),
    ("set([1, 1, 2])", {1, 2}),
    ("list({3, 1, 2})", [1, 2, 3]),
    ("union([1, 2, 2], [2, 2, 3])", [1, 2, 2, 3]),
    ("union({1}, {2})", {1, 2}),
    ("intersection([1, 2, 2, 3], [2, 2, 2])", [2, 2]),
    ("difference([1, 2, 2, 3], [2])", [1, 2, 3]),
    ("difference({1, 2}, [2])", {1}),
    ("count_of([1, 2, 1], 1)", 2),
    ("max(hand, key=strength) == 'swords-3'", True),
    ("sorted(hand, key=is_trump)[0]", C["coins-3"]),
    ("min(plays, key=value_of).card", C["cups-2"]),
    ("len(difference(hand, [c for c in hand if is_trump(c)]))", 1),
    # text: str and join (issue 15, capability 2)
    ("str(12)", "12"),
    ("str(ten - 13)", "-3"),
    ("'score ' + str(ten * 2)", "score 20"),
    ("join(', ', ['a', 'b', 'c'])", "a, b, c"),
    ("join('', [])", ""),
    ("join('-', [str(c.number) for c in hand])", "1-3-2-3"),
    ("join(' ', [str(strength(c)) for c in hand])", "11 3 12 13"),
]


@pytest.mark.parametrize("source,expected", TABLE, ids=[row[0] for row in TABLE])
def test_expression_value(source: str, expected) -> None:
    value = evaluate(source)
    if isinstance(expected, list):
        assert isinstance(value, (list, tuple)) and _plain(value) == expected
    elif isinstance(expected, set):
        assert isinstance(value, frozenset) and value == expected
    else:
        assert value == expected and type(value) is type(expected)


def _plain(value):
    return [_plain(v) for v in value] if isinstance(value, (list, tuple)) else value


def test_table_is_large_enough() -> None:
    assert len(TABLE) >= 80


def test_static_types_are_reported() -> None:
    compiler = make_compiler()
    expectations = {
        "hand": "list[card]",
        "hand[0].suit": "suit",
        "[c.number for c in hand]": "list[int]",
        "{c.suit for c in hand}": "set[suit]",
        "max(plays, key=value_of)": "play",
        "5 if true else 2": "int",
        "none if true else hand[0]": "card",
    }
    for source, printed in expectations.items():
        assert str(compiler.compile(PlainSource(source)).type) == printed


def test_expected_type_converts_a_top_level_literal() -> None:
    compiler = make_compiler()
    compiled = compiler.compile(PlainSource("'coins-2'"), expected=CARD)
    assert compiled is not None and compiled.fn(compiler.new_frame(Env())) == C["coins-2"]
    listed = compiler.compile(PlainSource("['low', 'high']"), expected=ListT(RANK))
    assert tuple(listed.fn(compiler.new_frame(Env()))) == (0, 2)


def test_extra_scope_hides_outer_names() -> None:
    compiler = make_compiler()
    extra = DictScope({"seat": Const(INT, 7), "card": Value(CARD, lambda f: f.env.hand[2])})
    compiled = compiler.compile(PlainSource("seat * 10 + card.number"), extra=extra)
    assert compiled.fn(compiler.new_frame(Env())) == 72


def test_values_are_read_at_evaluation_time() -> None:
    compiler = make_compiler()
    compiled = compiler.compile(PlainSource("[c for c in hand if is_trump(c)]"))
    frame = compiler.new_frame(Env())
    assert compiled.fn(frame) == cards("cups-1", "swords-2", "swords-3")
    frame.env.trump = SUIT.values["coins"]
    assert compiled.fn(frame) == cards("cups-1", "coins-3")


def test_constant_expressions_are_folded() -> None:
    compiler = make_compiler()
    compiled = compiler.compile(PlainSource("len([1, 2]) * 2 ** 3 + five()"))
    assert compiled.fn(None) == 21  # no frame needed: the value is known at load time


def test_parse_type_reads_nested_types() -> None:
    known = {"card": CARD}
    assert str(parse_type("list[set[card]]", known)) == "list[set[card]]"
    assert parse_type(" bool ", known) == BOOL
    assert parse_type("set[int]", known) == SetT(INT)


def test_builtins_have_docs_and_signatures() -> None:
    from interpreter.expr.builtins import BUILTINS

    for name, fn in BUILTINS.items():
        assert fn.summary() and fn.signature().startswith(name + "(")
    assert BUILTINS["max"].signature().splitlines() == [
        "max(xs: collection[T], *, key: function(T), default: T) -> T",
        "max(a: int, b: int, *more: int) -> int",
    ]


def test_inlined_calls_with_the_same_arguments_share_one_checked_body(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset function inlined at several call sites is checked once per distinct arguments
    (loading a large ruleset checks its bodies less often), and every site still computes its own."""
    from interpreter.expr.check_calls import CallChecks

    checked: list[str] = []
    real = CallChecks._inline

    def counting(self, uf, tree, args):
        checked.append(uf.name)
        return real(self, uf, tree, args)

    monkeypatch.setattr(CallChecks, "_inline", counting)
    numbered = {**FUNCTIONS, "numbered": ({"cs": "list[card]", "n": "int"}, "count(c for c in cs if c.number == n)")}
    for generate in (True, False):  # (a list argument: the calls are inlined, not remembered)
        checked.clear()
        compiler = make_compiler(numbered, generate=generate)
        text = "[numbered(hand, 3), numbered(hand, 3), numbered(hand, ten - 9), numbered(hand, 1), numbered(hand, 3)]"
        compiled = compiler.compile(PlainSource(text))
        assert compiled is not None
        assert compiled.fn(compiler.new_frame(Env())) == [2, 2, 1, 1, 2]
        assert checked.count("numbered") == 2  # (hand, 3) once of three, (hand, 1); (hand, ten - 9) is a call
        again = compiler.compile(PlainSource("numbered(hand, 3) * 10 + numbered(hand, 2)"))  # later expressions too
        assert again.fn(compiler.new_frame(Env())) == 21 and checked.count("numbered") == 3
