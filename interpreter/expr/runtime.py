"""What compiled expressions run against: frames, limits, bindings and scopes.

The engine describes the names an expression may use as `Binding`s in a
`Scope`; the compiler resolves every name once, so at run time a name is a
slot index or a getter, never a dictionary lookup.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from interpreter.base.diagnostics import Diagnostic, Span, format_one_line
from interpreter.base.records import dataclass, field
from interpreter.expr.types import CollT, ListT, SetT, Type

# next_epoch(): a fresh Frame.epoch, for a loop over candidates in which only their parameter
# changes; one counter for every user of Frame.epoch, so no two epochs are equal (the counter's own
# __next__, called on every listing of legal moves, so no Python function around it)
next_epoch: Callable[[], int] = itertools.count(1).__next__


class Frame:
    """The argument of every compiled closure.

    `L` holds local slots (comprehension variables, function parameters),
    `env` whatever the engine puts there (the game state), `budget` the work
    an evaluation may still do (reset by each top-level expression).
    `epoch` is non-zero while the engine guarantees that nothing but a few
    named slots changes (one legality check of many candidates); `cached`
    parts keep their value for one epoch.

    `pool` is the work the evaluations may still do together (the engine sets
    it for a whole decision): each top-level evaluation, as it starts, takes
    what the one before it spent (`budget` left over) from the pool, and stops
    with an error when the pool is spent.  Outside the engine it never runs out.
    """

    __slots__ = ("L", "env", "budget", "epoch", "pool")

    def __init__(self, L: list[Any], env: Any = None, budget: int = 0):
        self.L = L
        self.env = env
        self.budget = budget
        self.epoch = 0
        self.pool = UNBOUNDED


@dataclass(frozen=True, slots=True)
class Limits:
    """The sandbox's bounds; every one has a named default and a message."""

    max_length: int = 4000  # characters in one expression
    max_depth: int = 64  # nesting of the expression tree
    max_collection: int = 100_000  # elements in any list, set or string built at run time
    max_int: int = 10**18  # magnitude of any integer result
    max_exponent: int = 64  # right operand of **
    max_work: int = 1_000_000  # elements visited or built by one evaluation
    max_call_depth: int = 100  # ruleset functions calling each other, checked at load time


DEFAULT_LIMITS = Limits()
UNBOUNDED = 1 << 62  # Frame.pool outside a decision


def pool_spent() -> ExprRuntimeError:
    """The error when the evaluations of one decision have spent the decision's work (Frame.pool)."""
    return ExprRuntimeError(
        "the rules do too much work before the next decision (the limit of work per decision is spent)",
        None,
        "look for a repeat or a flow that evaluates large collections many times",
    )


def refill(work: int) -> Callable[[Frame], None]:
    """`refill(f)`: give a frame whose budget ran low a full one again, paying what was spent since
    the last refill from the decision's pool.  A top-level evaluation calls it when it starts with
    less than half a budget, so each evaluation has between `work // 2` and `work`, the accounting
    costs one comparison per evaluation, and the pool is exact whenever the engine reads it."""

    def fill(f: Frame) -> None:
        f.pool -= work - f.budget
        if f.pool < 0:  # the budget stays empty: whatever evaluates next on this frame stops here too
            f.budget = 0
            raise pool_spent()
        f.budget = work

    return fill


class ExprRuntimeError(Exception):
    """An expression failed while it ran; carries a Diagnostic pointing into it."""

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None):
        self.diagnostic = Diagnostic(message, span, hint)
        super().__init__(format_one_line(self.diagnostic))


class BuiltinError(Exception):
    """Raised by a builtin; the call site adds the span and re-raises ExprRuntimeError."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Const:
    """A name whose value is known at load time; it is folded into expressions."""

    type: Type
    value: Any
    seat: bool = False  # declared `type: seat`: a number that is a seat (see Value.seat)


@dataclass(frozen=True, slots=True)
class Value:
    """A name read at run time: `load(frame)` (e.g. `lambda f: f.env.vars[3]`)."""

    type: Type
    load: Callable[[Frame], Any]
    src: str | None = None  # the same read as Python text over `f` (e.g. "f.env.vars[3]"), see emit.py
    index: Type | None = None  # a value per seat (int) or per team (the team enum): what indexes it
    seat: bool = False  # declared `type: seat` (each value of it, when per seat or team): a seat, not any int


@dataclass(frozen=True, slots=True)
class Param:
    """One positional parameter of a function."""

    name: str
    type: Type

    def __str__(self) -> str:
        return f"{self.name}: {self.type}"


ReturnRule = Callable[[Sequence[Type]], Type]


@dataclass(frozen=True)
class Function:
    """A callable name: a builtin or an engine function.

    `impl(*args)` is called with evaluated arguments (`impl(frame, *args)`
    when `needs_frame`); keywords are passed by name when given. `returns`
    is a type (type variables allowed) or a rule computing it from the
    argument types. `pure` functions of constants are folded at load time;
    `charges` ones pay their collection arguments and result from the
    evaluation's work budget. `alt` is another signature tried when the
    positional arguments do not fit this one (`max(xs)` / `max(a, b)`);
    `check` may refuse argument types with a message; `uncalled` is what
    to say when the name is used as a value (`hand` for `hand(seat)`).
    """

    name: str
    params: Sequence[Param]
    returns: Type | ReturnRule
    impl: Callable[..., Any]
    needs_frame: bool = False
    doc: str = ""
    keywords: Mapping[str, Type] = field(default_factory=dict)
    min_args: int | None = None
    varargs: Type | None = None
    pure: bool = False
    charges: bool = False
    alt: Function | None = None
    # a further check of a call: (argument types, keyword names, whether the one argument is a generator
    # with an `if`) -> (message, hint) of the problem, or None
    check: Callable[[Sequence[Type], Collection[str], bool], tuple[str, str | None] | None] | None = None
    reduces: str | None = None  # builtins only: "any", "all", "sum" or "count" fuse with a generator
    uncalled: tuple[str, str | None] | None = None  # (message, hint) when named without a call
    # generated code's text for a call whose one argument is a plain read (a slot, a number): `{0}`
    # the argument, `{i}` the function itself (called only where the text's own test fails, so
    # that it raises its error), other names bound by `inline_refs` (expr/calls.py call_source)
    inline: str | None = None
    inline_refs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def required(self) -> int:
        """How many positional arguments must be given."""
        return len(self.params) if self.min_args is None else self.min_args

    def accepts_count(self, n: int) -> bool:
        """Whether `n` positional arguments fit this signature."""
        return self.required <= n and (self.varargs is not None or n <= len(self.params))

    def signature(self) -> str:
        """The signature as the docs print it: `max(xs: collection[T], *, key: ...) -> T`."""
        parts = [str(p) if i < self.required else f"{p} = ..." for i, p in enumerate(self.params)]
        if self.varargs is not None:
            parts.append(f"*more: {self.varargs}")
        if self.keywords:
            parts += [] if self.varargs is not None else ["*"]
            parts += [f"{k}: {t}" for k, t in self.keywords.items()]
        returns = self.returns if isinstance(self.returns, Type) else _rule_text(self.returns)
        own = f"{self.name}({', '.join(parts)}) -> {returns}"
        return own if self.alt is None else f"{own}\n{self.alt.signature()}"

    def summary(self) -> str:
        """The first line of the docstring, for tables and hints."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""


def _rule_text(rule: ReturnRule) -> str:
    doc = (getattr(rule, "__doc__", None) or "").strip()
    return doc.splitlines()[0] if doc else "any"


Binding = Const | Value | Function


class Scope(Protocol):
    """Names visible to an expression, as the engine or a test defines them."""

    def resolve(self, name: str) -> Binding | None: ...

    def names(self) -> Iterable[str]: ...


class DictScope:
    """A scope from a mapping of name to binding."""

    def __init__(self, mapping: Mapping[str, Binding]):
        self._mapping = dict(mapping)

    def resolve(self, name: str) -> Binding | None:
        return self._mapping.get(name)

    def names(self) -> Iterator[str]:
        return iter(self._mapping)


class ChainScope:
    """`inner` names hide `outer` ones."""

    def __init__(self, inner: Scope, outer: Scope):
        self.inner = inner
        self.outer = outer

    def resolve(self, name: str) -> Binding | None:
        found = self.inner.resolve(name)
        return found if found is not None else self.outer.resolve(name)

    def names(self) -> Iterator[str]:
        yield from self.inner.names()
        yield from self.outer.names()


EMPTY_SCOPE = DictScope({})


def slot_value(type_: Type, slot: int) -> Value:
    """A Value read from `frame.L[slot]`; the engine writes the slot before evaluating."""

    def load(frame: Frame) -> Any:
        return frame.L[slot]

    return Value(type_, load, f"L[{int(slot)}]")


def is_collection_type(t: Type) -> bool:
    """Static types whose run-time size the work budget counts."""
    return isinstance(t, (ListT, SetT, CollT))


# --- closures: the run-time behaviour of each operator ------------------------

Closure = Callable[[Frame], Any]
NOTHING: Any = object()  # "operand is not a constant"


def over_budget(span: Span | None, limits: Limits) -> ExprRuntimeError:
    return ExprRuntimeError(
        f"expression does too much work (one evaluation may visit or build {limits.max_work // 2:,} to "
        f"{limits.max_work:,} elements)",
        span,
        "look for a loop over a large range or nested comprehensions",
    )


def too_big(what: str, size: int, span: Span | None, limits: Limits) -> ExprRuntimeError:
    return ExprRuntimeError(f"{what} would have {size:,} elements; the limit is {limits.max_collection:,}", span)


def overflow(span: Span | None, limits: Limits) -> ExprRuntimeError:
    return ExprRuntimeError(
        f"integer result is too large (over {limits.max_int:,})", span, "scores are bounded; check the formula"
    )


def int_arith(
    op: str, left: Closure, right: Closure, span: Span | None, limits: Limits, const: Any = NOTHING
) -> Closure:
    """`left op right` on integers, results bounded by max_int; `const` is a constant right side."""
    if op in ("+", "-", "*"):
        return _additive(op, left, right, span, limits, const)
    top, most = limits.max_int, limits.max_exponent
    if op == "**":

        def power(f: Frame) -> int:
            a, b = left(f), right(f)
            if not 0 <= b <= most:
                raise ExprRuntimeError(f"exponent {b} is out of range (0..{most})", span)
            if -top <= (v := a**b) <= top:
                return v
            raise overflow(span, limits)

        return power
    divide = operator.floordiv if op == "//" else operator.mod

    def division(f: Frame) -> int:  # |a // b| and |a % b| never exceed |a|: no bound check
        a, b = left(f), right(f)
        if b == 0:
            raise ExprRuntimeError("division by zero", span)
        return divide(a, b)

    return division


def _additive(op: str, left: Closure, right: Closure, span: Span | None, limits: Limits, const: Any) -> Closure:
    """+ - * written out in full: they are most of every scoring formula."""
    top = limits.max_int
    if op == "+" and const is not NOTHING:

        def add_const(f: Frame) -> int:
            if -top <= (v := left(f) + const) <= top:
                return v
            raise overflow(span, limits)

        return add_const
    if op == "*" and const is not NOTHING:

        def mul_const(f: Frame) -> int:
            if -top <= (v := left(f) * const) <= top:
                return v
            raise overflow(span, limits)

        return mul_const
    if op == "+":

        def add(f: Frame) -> int:
            if -top <= (v := left(f) + right(f)) <= top:
                return v
            raise overflow(span, limits)

        return add
    if op == "-":

        def sub(f: Frame) -> int:
            if -top <= (v := left(f) - right(f)) <= top:
                return v
            raise overflow(span, limits)

        return sub

    def mul(f: Frame) -> int:
        if -top <= (v := left(f) * right(f)) <= top:
            return v
        raise overflow(span, limits)

    return mul


def concat(left: Closure, right: Closure, is_str: bool, span: Span | None, limits: Limits) -> Closure:
    """`a + b` on two strings or two lists: bounded, and paid from the budget."""
    top = limits.max_collection

    def join(f: Frame) -> Any:
        a, b = left(f), right(f)
        size = len(a) + len(b)
        if size > top:
            raise too_big("the joined " + ("string" if is_str else "list"), size, span, limits)
        charge(f, size, span, limits)
        return a + b if is_str else [*a, *b]

    return join


def charge(f: Frame, n: int, span: Span | None, limits: Limits) -> None:
    """Pay `n` elements of work; raise when the evaluation's budget is spent."""
    f.budget -= n
    if f.budget < 0:
        raise over_budget(span, limits)


def equality(
    op: str, left: Closure, right: Closure, as_lists: bool, const: Any = NOTHING, slot: int | None = None
) -> Closure:
    """`==` / `!=`; lists compare as tuples so a list equals a tuple with the same items."""
    if as_lists:
        if op == "==":
            return lambda f: tuple(left(f)) == tuple(right(f))
        return lambda f: tuple(left(f)) != tuple(right(f))
    if const is not NOTHING and slot is not None:
        if op == "==":
            return lambda f: f.L[slot] == const
        return lambda f: f.L[slot] != const
    if const is not NOTHING:
        if op == "==":
            return lambda f: left(f) == const
        return lambda f: left(f) != const
    if op == "==":
        return lambda f: left(f) == right(f)
    return lambda f: left(f) != right(f)


def ordering(op: str, left: Closure, right: Closure, const: Any = NOTHING, slot: int | None = None) -> Closure:
    """`<`, `<=`, `>`, `>=` on integers or strings; a variable against a constant is one step."""
    if const is not NOTHING and slot is not None:
        return {
            "<": lambda f: f.L[slot] < const,
            "<=": lambda f: f.L[slot] <= const,
            ">": lambda f: f.L[slot] > const,
            ">=": lambda f: f.L[slot] >= const,
        }[op]
    if const is not NOTHING:
        return {
            "<": lambda f: left(f) < const,
            "<=": lambda f: left(f) <= const,
            ">": lambda f: left(f) > const,
            ">=": lambda f: left(f) >= const,
        }[op]
    return {
        "<": lambda f: left(f) < right(f),
        "<=": lambda f: left(f) <= right(f),
        ">": lambda f: left(f) > right(f),
        ">=": lambda f: left(f) >= right(f),
    }[op]


def choice(
    test: Closure, body: Closure, orelse: Closure, body_const: Any = NOTHING, orelse_const: Any = NOTHING
) -> Closure:
    """`body if test else orelse`; constant branches are returned without a call."""
    if body_const is not NOTHING and orelse_const is not NOTHING:
        return lambda f: body_const if test(f) else orelse_const
    if body_const is not NOTHING:
        return lambda f: body_const if test(f) else orelse(f)
    if orelse_const is not NOTHING:
        return lambda f: body(f) if test(f) else orelse_const
    return lambda f: body(f) if test(f) else orelse(f)


def member_constant(const: Any) -> Any:
    """The constant right side of `in`, as a frozenset when it can be (a string's `in` looks
    for a substring, so strings stay strings)."""
    if not isinstance(const, str):
        try:
            return frozenset(const)
        except TypeError:
            pass
    return const


def membership(
    negate: bool, left: Closure, right: Closure, pay: bool, span: Span | None, limits: Limits, const: Any = NOTHING
) -> Closure:
    """`x in xs` / `x not in xs`; a constant right side is a frozenset when it can be."""
    if const is not NOTHING:
        const = member_constant(const)
        return (lambda f: left(f) not in const) if negate else (lambda f: left(f) in const)
    if not pay:
        return (lambda f: left(f) not in right(f)) if negate else (lambda f: left(f) in right(f))

    def contains(f: Frame) -> bool:
        x, xs = left(f), right(f)
        charge(f, len(xs), span, limits)
        return (x not in xs) if negate else (x in xs)

    return contains


def attribute(obj: Closure, slot: int | None, get: Callable[[Any], Any], name: str, span: Span | None) -> Closure:
    """`x.name` through the declared getter (reading the slot itself when `x` is a variable);
    reading an attribute of `none` is an error."""

    def failed(value: Any, exc: Exception) -> Exception:
        if value is None:
            return ExprRuntimeError(f"cannot read '.{name}' of none", span, "check 'x != none' first")
        return exc

    if slot is not None:

        def read_slot(f: Frame) -> Any:
            value = f.L[slot]
            try:
                return get(value)
            except Exception as exc:
                raise failed(value, exc) from None

        return read_slot

    def read(f: Frame) -> Any:
        value = obj(f)
        try:
            return get(value)
        except Exception as exc:
            raise failed(value, exc) from None

    return read


def index(obj: Closure, at: Closure, span: Span | None) -> Closure:
    """`xs[i]`, negative `i` counting from the end."""

    def item(f: Frame) -> Any:
        xs, i = obj(f), at(f)
        try:
            return xs[i]
        except IndexError:
            raise ExprRuntimeError(f"index {i} is out of range for a list of {len(xs)}", span) from None

    return item


def cached(fn: Closure) -> Closure:
    """A part that does not depend on what varies within an epoch (see Frame): computed at its
    first use in an epoch and reused until the epoch ends; always computed outside epochs.
    Computing it lazily keeps short-circuits: a part never reached is never evaluated.

    `reuse.cell` is [epoch, value] of the last computation in an epoch ([-1, None] before it, so
    it never matches the epoch 0 of evaluations outside epochs): generated text reads the value
    there itself and calls `reuse` only when the epoch is not the cell's."""
    cell: list[Any] = [-1, None]

    def reuse(f: Frame) -> Any:
        epoch = f.epoch
        if cell[0] == epoch:
            return cell[1]
        value = fn(f)
        if epoch:
            cell[0], cell[1] = epoch, value
        return value

    reuse.cell = cell  # type: ignore[attr-defined]
    return reuse


def failure_words(exc: Exception) -> str:
    """What a Python exception inside an evaluation means, in the ruleset's words (never Python's)."""
    if isinstance(exc, (TypeError, AttributeError)):
        return "a value of the wrong kind is used here (a card where a list is needed, text for a number...)"
    if isinstance(exc, (KeyError, IndexError)):
        return "a value that does not exist is looked up here"
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    if isinstance(exc, (OverflowError, MemoryError)):
        return "a value grows too large here"
    if isinstance(exc, RecursionError):
        return "evaluation nests too deeply"
    return "the evaluation cannot go on here"


def guard(fn: Closure, span: Span | None, limits: Limits, frame_size: int) -> Closure:
    """The top-level closure: resets the work budget; no bare Python exception escapes."""
    low, fill = limits.max_work // 2, refill(limits.max_work)

    def run(f: Frame) -> Any:
        if f.budget < low:
            fill(f)
        try:
            return fn(f)
        except ExprRuntimeError:
            raise
        except RecursionError:
            raise ExprRuntimeError("evaluation nests too deeply", span) from None
        except Exception as exc:
            if len(f.L) < frame_size:
                message = (
                    f"the frame has {len(f.L)} slots, the expressions need {frame_size}: "
                    "make frames with new_frame() after compiling"
                )
                raise ExprRuntimeError(message, span) from exc
            raise ExprRuntimeError(f"evaluation failed: {failure_words(exc)}", span) from exc

    return run
