"""Checking calls: builtins and engine functions, ruleset functions, `key=` names.

A mixin of the Checker (check.py), split off by subject: arity, keywords,
generic argument types, and inlining of ruleset functions whose arguments
are cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.base.diagnostics import Diagnostic, Span, did_you_mean
from interpreter.expr import ast, emit
from interpreter.expr.calls import (
    call_closure,
    call_source,
    charged_call,
    key_of_function,
    key_of_user,
    memo_call,
    reduction,
    table_call,
    table_source,
    user_call,
    user_call_values,
)
from interpreter.expr.code import BOOL_IS_NOT_INT, FAILED, Code, Names, constant
from interpreter.expr.functions import UserFunction
from interpreter.expr.runtime import NOTHING, Function, Limits
from interpreter.expr.source import SourceText
from interpreter.expr.types import (
    BOOL,
    EnumT,
    FnT,
    ListT,
    Type,
    assignable,
    bind,
    elem_of,
    expected_for,
    orderable,
    substitute,
)

MAX_INLINING = 6  # nested inlined calls; deeper calls use slots


# what to write instead of a Python method (expressions change nothing: a step sets the new value)
METHOD_HINTS = {
    "append": 'values do not change: write xs + [x] (set: {xs: "xs + [x]"})',
    "extend": 'values do not change: write xs + ys (set: {xs: "xs + ys"})',
    "add": "values do not change: write union(s, [x])",
    "remove": "values do not change: write difference(xs, [x])",
    "pop": "values do not change: read last(xs), and set xs to difference(xs, [last(xs)])",
    "index": "write index_of(xs, x)",
    "count": "write count_of(xs, x)",
    "sort": "write sorted(xs)",
    "get": "index the value: xs[i]",
}


class CallChecks:
    """The Checker's visit of `f(...)`, and of the two sides of an operator."""

    # What this mixin uses of the Checker (check.py), which is its only subclass.
    names: Names
    limits: Limits
    locals: dict[str, Code]
    inlined: int
    broken: list[str]

    if TYPE_CHECKING:  # the Checker's own methods, declared for mypy only

        def __init__(
            self, names: Names, source: SourceText, params: Mapping[str, Code] = ..., inlined: int = ...
        ) -> None: ...

        def span(self, start: int, end: int) -> Span: ...

        def error(self, message: str, start: int, end: int, hint: str | None = None) -> Code: ...

        def check(self, node: ast.Node, expected: Type | None = None) -> Code: ...

        def fold_if(self, code: Code, *inputs: Code) -> Code: ...

        def bad_name(self, name: str, start: int, end: int) -> Code | None: ...

        def unknown(self, name: str, start: int, end: int, what: str) -> Code: ...

    def binop_sides(self, node: ast.BinOp, expected: Type | None) -> tuple[Code, Code]:
        """The two sides of an operator; a list literal beside a list takes its type (`hand(p) +
        ['joker']`: the names are cards, checked as cards)."""
        if node.op == "+" and isinstance(node.left, ast.ListLit) and not isinstance(node.right, ast.ListLit):
            right = self.check(node.right)
            return self.check(node.left, right.type if isinstance(right.type, ListT) else expected), right
        left = self.check(node.left)
        beside = left.type if isinstance(left.type, ListT) else expected if node.op == "+" else None
        return left, self.check(node.right, beside if isinstance(node.right, ast.ListLit) else None)

    def visit_Call(self, node: ast.Call, expected: Type | None) -> Code:
        func = node.func
        if not isinstance(func, ast.Name):
            self.skim(node)
            hint = None
            if isinstance(func, ast.Attr):  # xs.append(x), s.lower(): values have no methods here
                hint = METHOD_HINTS.get(func.name, "values have no methods here: the builtins are functions, len(xs)")
            return self.error("only functions can be called, by their name", func.start, func.end, hint)
        if self.bad_name(func.id, func.start, func.end) is not None:
            return self.skim(node)
        found = None if func.id in self.locals else self.names.lookup(func.id)
        if isinstance(found, Function):
            return self.call_function(found, node)
        if isinstance(found, UserFunction):
            return self.call_user(found, node)
        self.skim(node)
        if found is None and func.id not in self.locals:
            return self.unknown(func.id, func.start, func.end, "function")
        what = self.check(func).type
        return self.error(f"'{func.id}' is not a function (it is a {what})", func.start, func.end)

    def skim(self, node: ast.Call) -> Code:
        """Check a failed call's arguments anyway, so their own errors are reported too."""
        for arg in (*node.args, *(k.value for k in node.keywords)):
            self.check(arg)
        return FAILED

    def call_function(self, fn: Function, node: ast.Call) -> Code:
        n = len(node.args)
        if not fn.accepts_count(n) and fn.alt is not None and fn.alt.accepts_count(n):
            fn = fn.alt
        if not fn.accepts_count(n):
            return self.arity(fn, node)
        bindings: dict[str, Type] = {}
        before = len(self.names.diagnostics)
        args = [self.argument(fn, i, arg, bindings) for i, arg in enumerate(node.args)]
        keywords = self.keywords(fn, node, bindings)
        arg_types = [a.type for a in args]
        if len(self.names.diagnostics) > before:
            return FAILED
        if fn.check is not None:
            only = node.args[0] if len(node.args) == 1 else None
            filtered = isinstance(only, ast.Comprehension) and any(isinstance(c, ast.IfClause) for c in only.clauses)
            problem = fn.check(arg_types, keywords.keys(), filtered)
            if problem is not None:
                return self.error(problem[0], node.start, node.end, problem[1])
        returns = fn.returns if isinstance(fn.returns, Type) else fn.returns(arg_types)
        returns = substitute(returns, bindings)
        span = self.span(node.start, node.end)
        code = None
        loop = args[0].loop if fn.reduces and len(args) == 1 and not keywords else None
        if fn.reduces and loop is not None:  # fused with the generator it reduces
            closure = reduction(fn.reduces, loop, span, self.limits)
            if closure is not None:
                code = Code(returns, closure, src=emit.reduction(fn.reduces, loop.native, self.limits.max_int))
        if code is None:
            code = Code(
                returns,
                call_closure(fn, args, keywords, returns, span, self.limits),
                src=call_source(fn, args, keywords, returns),
            )
        return self.fold_if(code, *args, *keywords.values()) if fn.pure else code

    def arity(self, fn: Function, node: ast.Call) -> Code:
        self.skim(node)
        given, hint = len(node.args), fn.signature()
        message = f"{fn.name}() takes {_arity_text(fn)}, got {given}"
        if given > len(fn.params) and fn.varargs is None:
            extra = node.args[len(fn.params)]
            return self.error(message, extra.start, extra.end, hint)
        return self.error(message, node.start, node.end, hint)

    def argument(self, fn: Function, i: int, arg: ast.Node, bindings: dict[str, Type]) -> Code:
        param = fn.params[i] if i < len(fn.params) else None
        wanted = param.type if param is not None else fn.varargs
        assert wanted is not None  # the arity was checked: arguments past the parameters are varargs
        code = self.check(arg, expected_for(wanted, bindings))
        if not bind(wanted, code.type, bindings):
            self.mismatch(fn.name, param.name if param else "more", substitute(wanted, bindings, None), code, arg)
        return code

    def mismatch(self, fname: str, pname: str, wanted: Type, code: Code, node: ast.Node) -> None:
        hint = BOOL_IS_NOT_INT if code.type == BOOL or elem_of(code.type) == BOOL else None
        if fname == "str" and isinstance(code.type, EnumT):  # `'trumps are ' + str(trump)`
            hint = f"a {code.type} is written by its name where a text shows it: a placeholder, 'Trumps: {{x}}'"
        self.error(f"{fname}() expects {wanted} for '{pname}', got {code.type}", node.start, node.end, hint)

    def keywords(self, fn: Function, node: ast.Call, bindings: dict[str, Type]) -> dict[str, Code]:
        out: dict[str, Code] = {}
        for kw in node.keywords:
            wanted = fn.keywords.get(kw.name)
            if self.bad_name(kw.name, kw.start, kw.start + len(kw.name)) is not None:
                self.check(kw.value)
            elif wanted is None or kw.name in out:
                known = ", ".join(fn.keywords) or "none"
                problem = "is given twice" if kw.name in out else "is not a keyword of " + fn.name + "()"
                self.error(
                    f"'{kw.name}=' {problem}",
                    kw.start,
                    kw.end,
                    did_you_mean(kw.name, fn.keywords) or f"its keywords: {known}",
                )
                names_function = isinstance(kw.value, ast.Name) and isinstance(
                    self.names.lookup(kw.value.id), (Function, UserFunction)
                )
                if not names_function:  # `kee=strength`: the misspelt keyword is the only error
                    self.check(kw.value)
            elif isinstance(wanted, FnT):
                out[kw.name] = self.function_argument(kw, substitute(wanted.arg, bindings))
            else:
                code = self.check(kw.value, expected_for(wanted, bindings))
                if not bind(wanted, code.type, bindings):
                    self.mismatch(fn.name, kw.name, substitute(wanted, bindings, None), code, kw.value)
                out[kw.name] = code
        return out

    def function_argument(self, kw: ast.Keyword, arg: Type) -> Code:
        """`key=name`: a function of one argument, passed to the builtin as a Python callable."""
        value = kw.value
        found = None
        if isinstance(value, ast.Name) and value.id not in self.locals:
            found = self.names.lookup(value.id)
        if not isinstance(found, (Function, UserFunction)):
            near = None
            if isinstance(value, ast.Name) and found is None:  # a misspelt name: the functions near it
                known = [n for n in self.names.visible() if isinstance(self.names.lookup(n), (Function, UserFunction))]
                near = did_you_mean(value.id, known)
            what = f"'{kw.name}=' takes the name of a function of one argument"
            if isinstance(value, ast.Name) and found is None:
                what = f"unknown function '{value.id}': {what}"
            return self.error(
                what,
                value.start,
                value.end,
                near or "for example key=strength, with strength defined in the ruleset's functions",
            )
        param = _single_param(found)
        bindings: dict[str, Type] = {}
        if param is None or not bind(param, arg, bindings):
            return self.error(
                f"'{found.name}' cannot be applied to one {arg}",
                value.start,
                value.end,
                f"'{kw.name}=' needs a function taking one {arg}",
            )
        result = _result_type(found, arg, bindings)
        if not orderable(result):
            return self.error(
                f"'{found.name}' returns {result}, which has no order",
                value.start,
                value.end,
                "a key function returns an int, str or bool (or a list of them)",
            )
        if isinstance(found, UserFunction):
            if found.body is None:
                self.broken.append(found.name)
            key = key_of_user(found)
            return Code(FnT(arg), key, src=emit.embed(key, opaque=False))
        if found.needs_frame:
            key = key_of_function(found)
            return Code(FnT(arg), key, src=emit.embed(key, opaque=False))
        return constant(FnT(arg), found.impl)

    def call_user(self, uf: UserFunction, node: ast.Call) -> Code:
        if node.keywords:
            self.skim(node)
            kw = node.keywords[0]
            return self.error(f"{uf.name}() takes no keyword arguments", kw.start, kw.end)
        if len(node.args) != len(uf.params):
            self.skim(node)
            names = ", ".join(p for p, _ in uf.params) or "none"
            return self.error(
                f"{uf.name}() takes {len(uf.params)} argument(s) ({names}), got {len(node.args)}", node.start, node.end
            )
        args = []
        for (pname, ptype), arg in zip(uf.params, node.args):
            code = self.check(arg, ptype)
            if not assignable(code.type, ptype):
                self.mismatch(uf.name, pname, ptype, code, arg)
            args.append(code)
        if uf.body is None:
            self.broken.append(uf.name)
        if uf.const is not NOTHING:
            return constant(uf.returns, uf.const)
        if uf.table is not None:
            return Code(uf.returns, table_call(uf, args[0].fn), src=table_source(uf, args[0].src))
        if uf.hit is not None:
            src = emit.op(
                "{h}(f" + "".join(", {%d}" % i for i in range(len(args))) + ")", *(a.src for a in args), h=uf.hit
            )
            return Code(uf.returns, memo_call(uf, [a.fn for a in args]), src=src)
        if all(a.simple for a in args) and uf.body is not None and uf.tree is not None and self.inlined < MAX_INLINING:
            inlined = self.inline(uf, uf.tree, args)
            if inlined is not None:
                return inlined
        src = None
        if uf.body is not None:
            src = emit.op(
                "{u}(f" + "".join(", {%d}" % i for i in range(len(args))) + ")",
                *(a.src for a in args),
                u=user_call_values(uf),
            )
        return Code(uf.returns, user_call(uf, [a.fn for a in args]), src=src)

    def inline(self, uf: UserFunction, tree: ast.Node, args: list[Code]) -> Code | None:
        """The body compiled again with the (cheap, effect-free) arguments in place of its slots.

        Call sites whose arguments are the same text (a slot, a variable, a constant) get the same
        code: the body is checked once for them (`Names.inlined`), as a call that is not inlined
        runs one compiled body for every call site."""
        key = _inlining_key(uf, args, self.inlined)
        if key is None:
            return self._inline(uf, tree, args)
        memo = self.names.inlined
        if key in memo:
            done = memo[key]
            return None if done is None else Code(done.type, done.fn, done.const, src=done.src)
        code = memo[key] = self._inline(uf, tree, args)
        return code

    def _inline(self, uf: UserFunction, tree: ast.Node, args: list[Code]) -> Code | None:
        problems: list[Diagnostic] = []
        params = {p: Code(t, a.fn, a.const, True, a.slot, src=a.src) for (p, t), a in zip(uf.params, args)}
        body = type(self)(self.names.for_functions(problems), uf.source, params, self.inlined + 1)
        code = body.check(tree, uf.declared)
        if problems:
            return None
        if code.is_const:
            return Code(uf.returns, code.fn, code.const, src=code.src)
        return Code(
            uf.returns,
            charged_call(code.fn, uf.name, uf.name_span),
            src=emit.op("({c}(f) or {0})", code.src, c=emit.call_charge),
        )


def _inlining_key(uf: UserFunction, args: list[Code], depth: int) -> tuple | None:
    """What makes two inlined calls of `uf` the same code: the arguments' types and texts (None
    when an argument's text refers to objects of its own, which only that call site shares)."""
    parts: list = [uf.name, depth]
    for a in args:
        if a.src is None or a.src.refs or a.src.opaque:
            return None
        parts.append((a.src.text, str(a.type), a.slot))
    return tuple(parts)


def _arity_text(fn: Function) -> str:
    most, least = len(fn.params), fn.required
    if fn.varargs is not None:
        return f"at least {least} arguments"
    if least == most:
        return f"{most} argument" + ("" if most == 1 else "s")
    return f"{least} to {most} arguments"


def _single_param(found: Function | UserFunction) -> Type | None:
    """The parameter type of a function that takes exactly one argument, else None."""
    if isinstance(found, UserFunction):
        return found.params[0][1] if len(found.params) == 1 else None
    if not found.accepts_count(1):
        return None
    return found.params[0].type if found.params else found.varargs


def _result_type(found: Function | UserFunction, arg: Type, bindings: dict[str, Type]) -> Type:
    if isinstance(found, UserFunction):
        return found.returns
    returns = found.returns if isinstance(found.returns, Type) else found.returns([arg])
    return substitute(returns, bindings)
