"""A checked node (`Code`) and the vocabulary the checker's parts share.

The checker is split by subject (check.py: names, operators, collections;
check_calls.py: calls); both build `Code` values and ask `Names` for what
a name means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from interpreter.base.diagnostics import Diagnostic
from interpreter.base.records import dataclass
from interpreter.expr import ast
from interpreter.expr import runtime as rt
from interpreter.expr.emit import Src, literal
from interpreter.expr.functions import Loop, UserFunction, failing
from interpreter.expr.runtime import NOTHING, Const, Function, Limits, Value
from interpreter.expr.types import ERROR, INT, ListT, SetT, Type


@dataclass(slots=True)
class Code:
    """A checked node: its type, its closure, and its value when known at load time.

    `simple` code is cheap and has no effects (a constant, a slot, a Value),
    so it may be evaluated more than once: calls with simple arguments are
    inlined.
    """

    type: Type
    fn: rt.Closure
    const: Any = NOTHING
    simple: bool = False
    slot: int | None = None  # the variable's slot, when the code just reads one
    loop: Loop | None = None  # a generator's parts, so a reducing call can fuse with it
    src: Src | None = None  # the same computation as Python text (emit.py), when it has one

    @property
    def is_const(self) -> bool:
        return self.const is not NOTHING


def freeze(value: Any) -> Any:
    """Constants are shared between evaluations, so lists become tuples."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set):
        return frozenset(value)
    return value


def constant(type_: Type, value: Any) -> Code:
    value = freeze(value)
    return Code(type_, lambda f: value, value, True, src=literal(value))


def slot_code(type_: Type, slot: int, name: str | None = None) -> Code:
    """A variable kept in `frame.L[slot]` (a parameter or a comprehension variable); in generated
    text it is `L[slot]`, or the Python variable `name` (a comprehension's variable)."""
    return Code(type_, lambda f: f.L[slot], NOTHING, True, slot, src=Src(name or f"L[{slot}]", {}))


FAILED = Code(ERROR, failing("expression has errors", None))


class Names(Protocol):
    """What the checker asks of the compiler: names, slots, limits, a place for errors."""

    limits: Limits
    diagnostics: list[Diagnostic]
    generate: bool  # build generated Python functions (emit.py), or keep closures only
    refused: frozenset[str]  # names the ruleset declared in vain (ExprCompiler.refused)
    inlined: dict[tuple, Any]  # the code of ruleset functions inlined so far, by arguments (CallChecks.inline)

    def lookup(self, name: str) -> Const | Value | Function | UserFunction | None: ...

    def visible(self) -> Iterable[str]: ...

    def new_slot(self) -> int: ...

    def for_functions(self, diagnostics: list[Diagnostic]) -> Names:
        """The names a ruleset function's body sees, reporting into `diagnostics`."""
        ...


BOOL_IS_NOT_INT = "bool is not int: count true conditions with count(x for x in xs if condition)"


def condition_hint(t: Type) -> str | None:
    """What to say when a non-bool stands where a condition belongs."""
    if t == INT:
        return "bool is not int: compare the number, e.g. 'n > 0'"
    if isinstance(t, (ListT, SetT)):
        return "a collection is not a condition: use len(xs) > 0 or any(...)"
    return None


# what a suit or rank entry says only for showing it (deck.suits[].color ...)
SHOWN_ONLY = frozenset({"color", "colour", "symbol", "name"})

# The engine's names that hold a seat, and its functions that give one: a value kept per team
# indexed by one of them is a seat number read as a team (score[player] for score[team_of(player)]).
SEAT_NAMES = frozenset({"player", "seat", "last_player"})
SEAT_FUNCTIONS = frozenset({"next_seat", "prev_seat"})


def names_a_seat(node: ast.Node, declared: Callable[[str], bool] = lambda name: False) -> bool:
    """Whether an index is a seat: one of the engine's names for one, a call of its functions
    giving one, or a name the ruleset declared `type: seat` (`declared(name)`), or one seat's or
    team's value of such a name (`partner[player]`)."""
    if isinstance(node, ast.Name):
        return node.id in SEAT_NAMES or declared(node.id)
    if isinstance(node, ast.Index):
        return isinstance(node.obj, ast.Name) and declared(node.obj.id)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SEAT_FUNCTIONS
