"""ExprCompiler: the front door that the ruleset compiler and the engine use.

It owns the names an expression can see (caller's scope, ruleset functions,
builtins), the frame slots, and every diagnostic. Ruleset functions are
registered first, then compiled together in dependency order, so each body
is compiled once and its return type is known wherever it is called; a
call cycle (recursion) is an error that names the cycle.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from interpreter.base.diagnostics import Diagnostic, Span
from interpreter.base.records import dataclass
from interpreter.expr import ast, emit
from interpreter.expr.builtins import builtin_functions
from interpreter.expr.calls import memo_hit, value_table
from interpreter.expr.check import BOOL_IS_NOT_INT, Checker, condition_hint, slot_code
from interpreter.expr.check_calls import MAX_INLINING
from interpreter.expr.functions import TABLE_SIZE, UserFunction
from interpreter.expr.parse import KEYWORDS, parse
from interpreter.expr.profile import Profile
from interpreter.expr.runtime import (
    DEFAULT_LIMITS,
    EMPTY_SCOPE,
    NOTHING,
    Closure,
    Const,
    Frame,
    Function,
    Limits,
    Scope,
    Value,
    guard,
)
from interpreter.expr.types import BOOL, ERROR, INT, NONE, STR, EnumT, RecordT, Type, assignable

if TYPE_CHECKING:
    from interpreter.expr.source import SourceText

_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Compiled:
    """A compiled expression: `fn(frame)` evaluates it; `type` is its static type."""

    fn: Closure
    type: Type
    source: SourceText
    src: emit.Src | None = None  # the same computation as Python text, for engines that fuse several
    slow: Closure | None = None  # the closures `src` falls back to (None: src cannot fail, as a constant)

    def evaluate(self, frame: Frame) -> Any:
        return self.fn(frame)


class _Names:
    """What one compilation sees: `extra`, then ruleset functions, scope, builtins."""

    def __init__(self, compiler: ExprCompiler, extra: Scope | None, diagnostics: list[Diagnostic]):
        self.compiler = compiler
        self.extra = extra or EMPTY_SCOPE
        self.limits = compiler.limits
        self.generate = compiler.generate
        self.diagnostics = diagnostics
        self.refused = compiler.refused
        self.inlined = compiler.inlined

    def for_functions(self, diagnostics: list[Diagnostic]) -> _Names:
        return _Names(self.compiler, None, diagnostics)

    def lookup(self, name: str) -> Const | Value | Function | UserFunction | None:
        found: Const | Value | Function | UserFunction | None = self.extra.resolve(name)
        if found is None:
            found = self.compiler.functions.get(name) or self.compiler.scope.resolve(name)
        return found if found is not None else self.compiler.builtins.get(name)

    def visible(self) -> Iterator[str]:
        yield from self.extra.names()
        yield from self.compiler.functions
        yield from self.compiler.scope.names()
        yield from self.compiler.builtins

    def new_slot(self) -> int:
        return self.compiler.new_slot()


class ExprCompiler:
    """Compiles expressions and ruleset functions against one scope and one set of limits."""

    def __init__(
        self,
        scope: Scope | None = None,
        limits: Limits = DEFAULT_LIMITS,
        generate: bool = True,
        profile: Profile | None = None,
    ):
        self.scope = scope or EMPTY_SCOPE
        self.limits = limits
        self.generate = generate  # run expressions as generated Python functions (emit.py); else closures only
        self.profile = profile  # meter every expression and function (profile.py); None in play
        self._inlining = 0 if profile is None else MAX_INLINING  # a profile measures each call on its own
        self.builtins = builtin_functions(limits)
        self.functions: dict[str, UserFunction] = {}
        # names a ruleset declared in vain (they would hide a builtin): that error is reported
        # once, where declared, and a use of the name as a value is not reported again
        self.refused: frozenset[str] = frozenset()
        self.inlined: dict[tuple, Any] = {}  # ruleset function bodies inlined, by their arguments (check_calls)
        self.diagnostics: list[Diagnostic] = []
        self._frame_size = 0
        self._finished = False

    @property
    def frame_size(self) -> int:
        """How many local slots a Frame needs for everything compiled so far."""
        return self._frame_size

    def new_slot(self) -> int:
        self._frame_size += 1
        return self._frame_size - 1

    def new_frame(self, env: Any = None) -> Frame:
        """A frame big enough for every expression compiled so far."""
        return Frame([None] * self._frame_size, env, self.limits.max_work)

    def error(self, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(message, span, hint))

    # --- ruleset functions ------------------------------------------------------

    def define(
        self,
        name: str,
        params: Sequence[tuple[str, Type]],
        body: SourceText,
        name_span: Span | None = None,
        returns: Type | None = None,
    ) -> None:
        """Register a ruleset function; bodies are compiled by finish()."""
        if self._finished:
            raise RuntimeError("ExprCompiler.define() called after finish()")
        if not self._check_function_name(name, name_span):
            return
        seen: set[str] = set()
        for pname, _ in params:
            if not _IDENTIFIER.match(pname) or pname in KEYWORDS or pname in seen:
                why = "is given twice" if pname in seen else "is not a valid parameter name"
                self.error(
                    f"parameter '{pname}' of '{name}' {why}",
                    name_span,
                    "names are letters, digits and '_', starting with a letter",
                )
            seen.add(pname)
        slots = tuple(self.new_slot() for _ in params)
        self.functions[name] = UserFunction(name, list(params), body, name_span, slots, returns)

    def _check_function_name(self, name: str, span: Span | None) -> bool:
        problem: tuple[str, str | None] | None = None
        if not _IDENTIFIER.match(name) or name in KEYWORDS:
            problem = "is not a valid function name", "names are letters, digits and '_', starting with a letter"
        elif name in self.functions:
            problem = "is defined twice", None
        elif name in self.builtins:
            problem = "would hide the builtin of that name", f"builtin: {self.builtins[name].signature()}"
        elif self.scope.resolve(name) is not None:
            problem = "is already a name the engine defines", "choose another name"
        if problem is not None:
            self.error(f"function '{name}' {problem[0]}", span, problem[1])
        return problem is None

    def finish(self) -> None:
        """Parse every body, refuse recursion, compile bodies callees first."""
        if self._finished:
            return
        self._finished = True
        for uf in self.functions.values():
            uf.tree, problems = parse(uf.source, self.limits)
            self.diagnostics.extend(problems)
        calls = {name: self._callees(uf) for name, uf in self.functions.items()}
        order, cyclic = _dependency_order(calls)
        for cycle in _cycles(calls, cyclic):
            first = self.functions[cycle[0]]
            self.error(
                "recursion is not allowed: " + " -> ".join([*cycle, cycle[0]]),
                first.name_span,
                "a ruleset function may not call itself, directly or through others",
            )
        self._check_call_depth(order, calls)
        for name in [*order, *cyclic]:
            self._compile_function(self.functions[name])

    def _check_call_depth(self, order: list[str], calls: dict[str, set[str]]) -> None:
        """Calls nest at most `max_call_depth` deep (a chain of functions calling the next)."""
        depth: dict[str, tuple[int, str | None]] = {}
        for name in order:  # callees first
            deepest = max(calls[name], key=lambda c: depth[c][0], default=None)
            depth[name] = (1 + (depth[deepest][0] if deepest else 0), deepest)
            if depth[name][0] == self.limits.max_call_depth + 1:
                chain, at = [name], deepest
                while at is not None and len(chain) < 4:
                    chain.append(at)
                    at = depth[at][1]
                self.error(
                    f"function '{name}' calls functions {depth[name][0]} deep "
                    f"({' -> '.join(chain)} -> ...); the limit is {self.limits.max_call_depth}",
                    self.functions[name].name_span,
                    "fold the chain into fewer functions",
                )

    def _callees(self, uf: UserFunction) -> set[str]:
        if uf.tree is None:
            return set()
        used = ast.free_names(uf.tree, frozenset(p for p, _ in uf.params))
        return {n for n in used if n in self.functions}

    def _compile_function(self, uf: UserFunction) -> None:
        if uf.tree is None:
            uf.returns = ERROR
            return
        before = len(self.diagnostics)
        params = {p: slot_code(t, slot) for (p, t), slot in zip(uf.params, uf.slots)}
        code = Checker(_Names(self, None, self.diagnostics), uf.source, params, self._inlining).check(
            uf.tree, uf.declared
        )
        if uf.declared is not None and not assignable(code.type, uf.declared):
            self.error(
                f"function '{uf.name}' should return {uf.declared}, but its value is {code.type}",
                uf.source.span_at(uf.tree.start, uf.tree.end),
            )
        if len(self.diagnostics) > before:
            uf.returns = uf.declared or ERROR
            return
        uf.returns = uf.declared or code.type
        where = emit.code_name(f"function {uf.name}", uf.name_span)
        uf.body = emit.faster(code.src, code.fn, where=where) if self.generate else code.fn
        if self.profile is not None:
            uf.body = self.profile.body(uf.name, uf.name_span, uf.body)
        uf.const = code.const
        if uf.const is NOTHING and all(_keyable(t) for _, t in uf.params) and _keyable(uf.returns):
            # a scalar result only: a remembered list would be one object shared by every caller
            uf.reads = self._reads(uf, uf.tree)
            uf.keys = tuple(_key_of(uf.tree, p, t) for p, t in uf.params)
            if uf.reads is not None:
                uf.hit = memo_hit(uf, uf.name_span)
                if self.profile is not None:
                    uf.hit = self.profile.calls(uf.name, uf.name_span, uf.hit)
                elif _tabled(uf):
                    size = len(uf.params[0][1].values)  # type: ignore[attr-defined]  # an EnumT (_tabled)
                    uf.table = value_table(uf, size, self.limits.max_work)
        if self.profile is not None:
            self.profile.function(uf.name, uf.name_span).memo = self._memo_words(uf)

    def _memo_words(self, uf: UserFunction) -> str:
        """Whether calls of `uf` are remembered, and if not why (for `validate --perf`)."""
        if uf.const is not NOTHING:
            return "a constant: folded where it is called"
        if uf.hit is not None:
            also = _read_names(self, uf)
            if not uf.params:  # (the names it reads, through the functions it calls as well)
                return "remembered until " + (", ".join(also) if also else "the game") + " changes"
            return "remembered per argument" + (" and " + ", ".join(also) if also else "")
        lists = [f"{p}: {t}" for p, t in uf.params if not _keyable(t)]
        if lists:
            return f"not remembered: it takes a collection ({', '.join(lists)})"
        if not _keyable(uf.returns):
            return f"not remembered: it gives a {uf.returns}"
        return "not remembered: it reads a zone, a list or the game state"

    def _reads(self, uf: UserFunction, tree: ast.Node) -> tuple[Value, ...] | None:
        """The scalar values (variables, options) a function's result depends on besides its
        arguments, or None when it reads anything else (zones, the frame, lists): then it is
        not memoised.  Callees are compiled first, so their `reads` are known."""
        reads: list[Value] = []
        names = _Names(self, None, [])
        for name in sorted(ast.free_names(tree, frozenset(p for p, _ in uf.params))):
            found = names.lookup(name)
            if isinstance(found, Const):
                continue
            if isinstance(found, UserFunction):
                if found.reads is None:
                    return None
                reads.extend(r for r in found.reads if r not in reads)
            elif isinstance(found, Function):
                if found.needs_frame:
                    return None
            elif isinstance(found, Value) and _keyable(found.type):
                if found not in reads:
                    reads.append(found)
            else:
                return None
        return tuple(reads)

    # --- expressions --------------------------------------------------------------

    def compile(
        self,
        source: SourceText,
        expected: Type | None = None,
        extra: Scope | None = None,
        varying: frozenset[str] | None = None,
    ) -> Compiled | None:
        """Compile one expression; None when it has errors (they are in `diagnostics`).

        With `varying`, the parts that read none of those names are compiled as `cached`
        (computed once per Frame.epoch): for a test run over many candidates, such as a
        legality rule over the cards of a hand."""
        self.finish()
        before = len(self.diagnostics)
        tree, problems = parse(source, self.limits)
        if tree is None:
            self.diagnostics.extend(problems)
            return None
        fixed = frozenset(ast.fixed_parts(tree, varying)) if varying else frozenset()
        checker = Checker(_Names(self, extra, self.diagnostics), source, inlined=self._inlining, fixed=fixed)
        code = checker.check(tree, expected)
        whole = source.span_at(tree.start, tree.end)
        if expected is not None and not assignable(code.type, expected):
            hint = (
                condition_hint(code.type)
                if expected == BOOL
                else BOOL_IS_NOT_INT
                if (expected, code.type) == (INT, BOOL)
                else None
            )
            self.error(f"this expression must be {expected}, but it is {code.type}", whole, hint)
        if len(self.diagnostics) > before or checker.broken:
            return None
        if code.is_const:
            value = code.const
            return Compiled(lambda f: value, code.type, source, code.src)
        text = code.src if self.generate else None
        if code.simple and code.slot is None:  # one read of a name the engine provides: no work, no failure
            return Compiled(code.fn, code.type, source, text)
        slow = guard(code.fn, whole, self.limits, self._frame_size)
        where = emit.code_name("expression", whole)
        fn = emit.faster(code.src, slow, self.limits.max_work, where) if self.generate else slow
        if self.profile is not None:  # metered, and no text: the engine then builds no fused functions
            return Compiled(self.profile.top(fn, whole), code.type, source, None)
        return Compiled(fn, code.type, source, text, slow)

    def names(self) -> Iterable[str]:
        """Every name an expression compiled here can see (for editors and hints)."""
        return _Names(self, None, self.diagnostics).visible()


def _read_names(compiler: ExprCompiler, uf: UserFunction) -> list[str]:
    """The names of the scalar values a memoised function also reads (its memo key besides the arguments)."""
    assert uf.tree is not None and uf.reads is not None
    names, reads = _Names(compiler, None, []), uf.reads
    found: set[str] = set()
    seen: set[int] = set()

    def walk(fn: UserFunction) -> None:  # its own names, and those of the functions it calls
        if id(fn) in seen or fn.tree is None:
            return
        seen.add(id(fn))
        for n in ast.free_names(fn.tree, frozenset(p for p, _ in fn.params)):
            value = names.lookup(n)
            if isinstance(value, UserFunction):
                walk(value)
            elif value in reads:
                found.add(n)

    walk(uf)
    return sorted(found)


def _key_of(tree: ast.Node, param: str, t: Type) -> Callable[[Any], Any] | None:
    """For a record parameter read only through fields: the key is those fields' values
    (`power(e)` reading `e.card` is remembered per card, not per entry)."""
    if not isinstance(t, RecordT):
        return None
    used = ast.fields_read(tree, param)
    if used is None or not used <= set(t.fields):
        return None
    getters = tuple(t.fields[name].getter for name in sorted(used))
    if len(getters) == 1:
        return getters[0]
    return lambda value: tuple(g(value) for g in getters)


def _tabled(uf: UserFunction) -> bool:
    """Whether a memoised function's results are kept as lookup tables (calls.value_table): it
    takes one value of a small enum, whole, and the scalars it reads have text."""
    assert uf.reads is not None
    t = uf.params[0][1] if len(uf.params) == 1 else None
    return (
        isinstance(t, EnumT)
        and 0 < len(t.values) <= TABLE_SIZE
        and uf.keys == (None,)
        and all(value.src is not None for value in uf.reads)
    )


def _keyable(t: Type) -> bool:
    """Values of this type can be part of a memo key (records are tried, and skipped at run time
    if one holds a list)."""
    return isinstance(t, (EnumT, RecordT)) or t in (INT, BOOL, STR, NONE)


def _dependency_order(calls: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    """Functions callees first; and those left over because they sit on or above a cycle."""
    done: set[str] = set()
    order: list[str] = []
    progress = True
    while progress:
        progress = False
        for name, callees in calls.items():
            if name not in done and callees <= done:
                done.add(name)
                order.append(name)
                progress = True
    return order, [n for n in calls if n not in done]


def _cycles(calls: dict[str, set[str]], stuck: list[str]) -> list[list[str]]:
    """One path per distinct call cycle among the stuck functions, in definition order."""
    found: list[list[str]] = []
    reported: set[frozenset[str]] = set()
    rank = {name: i for i, name in enumerate(calls)}
    stuck_set = set(stuck)
    for start in stuck:
        path: list[str] = []
        where: dict[str, int] = {}
        name = start
        while name not in where:
            where[name] = len(path)
            path.append(name)
            name = min((c for c in calls[name] if c in stuck_set), key=rank.__getitem__)
        cycle = path[where[name] :]
        if frozenset(cycle) not in reported:
            reported.add(frozenset(cycle))
            turn = min(range(len(cycle)), key=lambda i: rank[cycle[i]])
            found.append(cycle[turn:] + cycle[:turn])
    return found
