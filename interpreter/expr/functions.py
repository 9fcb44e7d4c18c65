"""What calls and comprehensions are made of: ruleset functions, loops, failures.

Shared by the checker's parts (code.py, check.py, check_calls.py) and the
call closures (calls.py), which import it and never each other in a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.base.records import dataclass, field
from interpreter.expr import ast
from interpreter.expr.runtime import NOTHING, Closure, ExprRuntimeError, Frame, Value
from interpreter.expr.source import SourceText
from interpreter.expr.types import ANY, Type


def spent_on(name: str, span: Span | None) -> ExprRuntimeError:
    """The error when calls of ruleset function `name` have used up an evaluation's work budget."""
    return ExprRuntimeError(
        f"too much work: calls of '{name}' used up this evaluation's budget",
        span,
        "functions that call others several times multiply the work; simplify them",
    )


def failing(message: str, span: Span | None) -> Closure:
    """A closure standing in for code that did not compile; it is never meant to run."""

    def fail(f: Frame) -> Any:
        raise ExprRuntimeError(message, span)

    return fail


@dataclass(eq=False)
class UserFunction:
    """A function defined in the ruleset: typed parameters, one body expression."""

    name: str
    params: list[tuple[str, Type]]
    source: SourceText
    name_span: Span | None
    slots: tuple[int, ...]
    declared: Type | None = None
    tree: ast.Expr | None = None
    returns: Type = ANY
    body: Closure | None = None
    const: Any = NOTHING
    reads: tuple[Value, ...] | None = None  # set when the result depends only on the arguments and these
    keys: tuple[Callable[[Any], Any] | None, ...] = ()  # per parameter: what of it the memo key holds
    memo: dict = field(default_factory=dict)  # (arguments..., reads...) -> result, when `reads` is set
    hit: Callable[..., Any] | None = None  # memo_hit(...): the memoised call on evaluated arguments
    table: tuple[dict, Callable[..., dict]] | None = None  # calls.value_table(...): (tables, build)


MEMO_LIMIT = 4096  # remembered results per function; the table starts afresh when full, so memory stays flat
TABLE_LIMIT = 64  # lookup tables per function (one per value of the scalars it reads), as MEMO_LIMIT
TABLE_SIZE = 1024  # the largest enum whose functions get lookup tables


Step = tuple  # ("for", slot, iterable closure) or ("if", condition closure, condition's slot)


@dataclass(frozen=True)
class Loop:
    """A comprehension's parts: its clauses in order and its element."""

    steps: tuple[Step, ...]
    elt: Closure
    elt_slot: int | None
    span: Span | None
    native: Any = None  # emit.loop_parts: the clauses and element as Python text, when they all have it

    def simple(self) -> tuple[int, Closure, Closure | None, bool, bool] | None:
        """(slot, iterable, condition, condition is the variable, element is the variable)
        for one `for` and at most one `if`; None for other shapes."""
        steps = self.steps
        if len(steps) > 2 or (len(steps) == 2 and steps[1][0] != "if"):
            return None
        _, slot, source = steps[0]
        cond, cond_slot = (steps[1][1], steps[1][2]) if len(steps) == 2 else (None, None)
        return slot, source, cond, cond_slot == slot, self.elt_slot == slot
