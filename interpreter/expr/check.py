"""Type check an expression tree and turn each node into a closure, in one pass.

Every visit returns a `Code`: the node's static type and a closure
`fn(frame)`; a node whose inputs are all known at load time is folded to a
constant. Errors are collected (the node becomes `ERROR`, which fits
everywhere) so one pass reports every problem in the expression. Calls are
checked in check_calls.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.base.diagnostics import Diagnostic, Span, allowed_values_hint, did_you_mean
from interpreter.expr import ast, emit
from interpreter.expr import runtime as rt
from interpreter.expr.calls import comprehension
from interpreter.expr.check_calls import CallChecks
from interpreter.expr.code import (
    BOOL_IS_NOT_INT,
    FAILED,
    SHOWN_ONLY,
    Code,
    Names,
    condition_hint,
    constant,
    names_a_seat,
    slot_code,
)
from interpreter.expr.functions import Loop, Step, UserFunction
from interpreter.expr.runtime import NOTHING, Const, ExprRuntimeError, Frame, Function, Value
from interpreter.expr.syntax import enum_text_hint, name_hint
from interpreter.expr.types import (
    ANY,
    BOOL,
    ERROR,
    INT,
    NONE,
    STR,
    EnumT,
    ListT,
    RecordT,
    SetT,
    Type,
    assignable,
    comparable,
    elem_of,
    is_unknown,
    unify,
)

if TYPE_CHECKING:
    from interpreter.expr.source import SourceText


def _literalish(node: ast.Node) -> bool:
    """Nodes whose type depends on what is expected: 'x' or ['x', 'y'] may name enum values."""
    if isinstance(node, (ast.ListLit, ast.SetLit)):
        return bool(node.items) and all(isinstance(i, ast.StrLit) for i in node.items)
    return isinstance(node, ast.StrLit)


class Checker(CallChecks):
    """Checks and compiles one expression (or one ruleset function's body)."""

    def __init__(
        self,
        names: Names,
        source: SourceText,
        params: Mapping[str, Code] = {},
        inlined: int = 0,
        fixed: frozenset[tuple[int, int]] = frozenset(),
    ):
        self.names = names
        self.fixed = fixed  # (start, end) of parts to compile as rt.cached (see ast.fixed_parts)
        self.source = source
        self.limits = names.limits
        self.generate = names.generate
        self.locals: dict[str, Code] = dict(params)
        self.inlined = inlined
        self.broken: list[str] = []  # ruleset functions called here that did not compile
        self._nodes: list[ast.Node] = []  # the nodes being checked, innermost last (for spans)

    # --- helpers --------------------------------------------------------------

    def span(self, start: int, end: int) -> Span:
        return self.source.span_at(start, end)

    def error(self, message: str, start: int, end: int, hint: str | None = None) -> Code:
        self.names.diagnostics.append(Diagnostic(message, self.span(start, end), hint))
        return FAILED

    def check(self, node: ast.Node, expected: Type | None = None) -> Code:
        """Type and compile `node`; `expected` only guides literals (e.g. enum names)."""
        self._nodes.append(node)
        try:
            code = getattr(self, "visit_" + type(node).__name__)(node, expected)
        finally:
            self._nodes.pop()
        if code.src is None and code is not FAILED:  # no text of its own: the text calls its closure
            code.src = emit.embed(code.fn)
        if self.fixed and (node.start, node.end) in self.fixed and not code.is_const and code is not FAILED:
            part = rt.cached(emit.faster(code.src, code.fn) if self.generate else code.fn)
            # a fixed part reads no loop variable of the tree (ast.fixed_parts): its text is not opaque;
            # it reads the value kept for this epoch, and calls the part only when there is none
            src = emit.op("({c}[1] if {c}[0] == f.epoch else {k}(f))", c=part.cell, k=part)  # type: ignore[attr-defined]
            return Code(code.type, part, src=src)
        return code

    def fold(self, code: Code) -> Code:
        """Evaluate a node whose inputs are constants, now rather than at every evaluation."""
        try:
            return constant(code.type, code.fn(Frame([], None, self.limits.max_work)))
        except ExprRuntimeError as err:
            self.names.diagnostics.append(err.diagnostic)
        except Exception as exc:  # a gap in the checker: still a diagnostic, never a crash
            node = self._nodes[-1] if self._nodes else None
            span = self.span(node.start, node.end) if node is not None else self.span(0, 0)
            self.names.diagnostics.append(Diagnostic(f"cannot evaluate this: {exc}", span))
        return FAILED

    def fold_if(self, code: Code, *inputs: Code) -> Code:
        return self.fold(code) if all(i.is_const for i in inputs) else code

    def condition(self, node: ast.Node, what: str) -> Code:
        code = self.check(node, BOOL)
        if not assignable(code.type, BOOL):
            return self.error(
                f"{what} must be true or false (bool), got {code.type}", node.start, node.end, condition_hint(code.type)
            )
        return code

    def need_int(self, code: Code, node: ast.Node, what: str) -> bool:
        if assignable(code.type, INT):
            return True
        self.error(
            f"{what} must be int, got {code.type}", node.start, node.end, BOOL_IS_NOT_INT if code.type == BOOL else None
        )
        return False

    def bad_name(self, name: str, start: int, end: int) -> Code | None:
        if name.startswith("_"):
            return self.error(
                f"names starting with '_' are not allowed: '{name}'",
                start,
                end,
                "leading underscores are reserved; rename it",
            )
        return None

    # --- literals and names ---------------------------------------------------

    def visit_IntLit(self, node: ast.IntLit, expected: Type | None) -> Code:
        if abs(node.value) > self.limits.max_int:
            return self.error(f"integer is too large (the limit is {self.limits.max_int:,})", node.start, node.end)
        return constant(INT, node.value)

    def visit_StrLit(self, node: ast.StrLit, expected: Type | None) -> Code:
        if not isinstance(expected, EnumT):
            return constant(STR, node.value)
        value = expected.values.get(node.value)
        if value is None:
            named = expected.aliases.get(node.value.lower())
            hint = (
                f"'{node.value}' is the name of {expected.name} '{named}'; write its id: '{named}'"
                if named is not None
                else f"no {expected.name} at all is written none"
                if not node.value.strip()  # `trump if ... else ''`
                else did_you_mean(node.value, expected.values) or allowed_values_hint(expected.values)
            )
            return self.error(f"unknown {expected.name} '{node.value}'", node.start, node.end, hint)
        return constant(expected, value)

    def visit_BoolLit(self, node: ast.BoolLit, expected: Type | None) -> Code:
        return constant(BOOL, node.value)

    def visit_NoneLit(self, node: ast.NoneLit, expected: Type | None) -> Code:
        return constant(NONE, None)

    def visit_Invalid(self, node: ast.Invalid, expected: Type | None) -> Code:
        return self.error(node.message, node.start, node.end, node.hint)

    def visit_Name(self, node: ast.Name, expected: Type | None) -> Code:
        bad = self.bad_name(node.id, node.start, node.end)
        if bad is not None:
            return bad
        if node.id in self.locals:
            return self.locals[node.id]
        found = self.names.lookup(node.id)
        if isinstance(found, Const):
            return constant(found.type, found.value)
        if isinstance(found, Value):
            src = emit.Src(found.src, {}) if found.src is not None else emit.embed(found.load)
            return Code(found.type, found.load, NOTHING, True, src=src)
        if isinstance(found, Function) and found.uncalled is not None:
            return self.error(found.uncalled[0], node.start, node.end, found.uncalled[1])
        if isinstance(found, Function) and node.id in self.names.refused:
            return FAILED  # the declaration that would have bound it is the error
        if found is not None:
            hint = (
                found.signature()
                if isinstance(found, Function)
                else f"{node.id}({', '.join(p for p, _ in found.params)})"
            )
            return self.error(
                f"'{node.id}' is a function; call it: {node.id}(...)", node.start, node.end, hint.splitlines()[0]
            )
        if isinstance(expected, EnumT) and node.id in expected.values:  # tricks[ns]: a team's id, unquoted
            quote = f"the {expected.name} is written in quotes: '{node.id}'"
            return self.error(f"unknown name '{node.id}'", node.start, node.end, quote)
        return self.unknown(node.id, node.start, node.end, "name")

    def unknown(self, name: str, start: int, end: int, what: str) -> Code:
        """An unknown name or function, with the closest visible one of that kind as a hint."""
        callable_ = what == "function"
        known = [
            n for n in self.names.visible() if isinstance(self.names.lookup(n), (Function, UserFunction)) == callable_
        ]
        visible = known + ([] if callable_ else [*self.locals])
        hint = name_hint(name, visible) or did_you_mean(name, visible)
        return self.error(f"unknown {what} '{name}'", start, end, hint)

    def visit_Attr(self, node: ast.Attr, expected: Type | None) -> Code:
        obj = self.check(node.obj)
        at = (node.name_start, node.end)
        bad = self.bad_name(node.name, *at)
        if bad is not None or obj.type is ERROR:
            return FAILED
        t = obj.type
        fields = t.attrs if isinstance(t, EnumT) else t.fields if isinstance(t, RecordT) else None
        if fields is None:
            what = "a value of unknown type (any)" if t is ANY else f"{t} values"
            return self.error(
                f"cannot read '.{node.name}' of {what}",
                *at,
                "only declared attributes of enums and records can be read",
            )
        field = fields.get(node.name)
        if field is None:
            listed = ", ".join(sorted(fields)) if fields else "none"
            hint = did_you_mean(node.name, fields)
            if hint is None:
                hint = f"its attributes are: {listed}"
                kind = t.name if isinstance(t, EnumT) else None
                shown_only = node.name in SHOWN_ONLY and (
                    kind in ("suit", "rank") or kind == "card" and node.name != "name"
                )
                if shown_only:
                    hint += (
                        f"; a {'suit' if kind == 'card' else kind}'s {node.name} is how it is shown, not a value "
                        "rules read: declare a card attribute (deck.attributes: {red: {type: bool, default: false}}, "
                        "with attrs: {red: true} on the red suits) and read card.red"
                    )
                elif isinstance(t, EnumT) and t.name in ("suit", "rank"):  # a suit's `attrs` are its cards' values
                    hint += (
                        f"; deck.attributes belong to cards, and a {t.name} reads only those all its cards share:"
                        f" read it from a card of that {t.name} (card.{node.name})"
                    )
            return self.error(f"{t} has no attribute '{node.name}'", *at, hint)
        fn = rt.attribute(obj.fn, obj.slot, field.getter, node.name, self.span(node.start, node.end))
        return self.fold_if(Code(field.type, fn, src=emit.attribute(obj.src, field.getter, field.index)), obj)

    def visit_Index(self, node: ast.Index, expected: Type | None) -> Code:
        by = self.kept_per(node.obj)
        obj, at = self.check(node.obj), self.check(node.index, by if isinstance(by, EnumT) else None)
        if by == INT and isinstance(at.type, EnumT) and isinstance(node.obj, ast.Name):  # (a team: a seat's number)
            return self.error(
                f"'{node.obj.id}' is kept per seat: index it by a seat number, not by a {at.type}",
                node.index.start,
                node.index.end,
                "a team's seats are [s for s in seats if team_of(s) == t]; keep a value per team with `per: team`",
            )
        seat_for_team = isinstance(by, EnumT) and at.type == INT and not self.team_per_seat(by)
        if seat_for_team and names_a_seat(node.index, self.declared_seat):  # (a seat: its team's number)
            assert isinstance(node.obj, ast.Name) and isinstance(by, EnumT)
            return self.error(
                f"'{node.obj.id}' is kept per {by.name}: index it by a {by.name}, not by a seat number",
                node.index.start,
                node.index.end,
                f"a seat's {by.name} is team_of(seat)",
            )
        if not isinstance(at.type, EnumT) and not self.need_int(at, node.index, "an index"):
            return FAILED  # an enum value is a small int: it may index a per-team list
        if isinstance(obj.type, SetT):
            return self.error("a set has no positions", node.start, node.end, "use sorted(s)[i], or keep a list")
        elem = elem_of(obj.type)
        if elem is None:
            return self.error(f"{obj.type} cannot be indexed", node.obj.start, node.obj.end)
        code = Code(
            elem, rt.index(obj.fn, at.fn, self.span(node.start, node.end)), src=emit.op("{0}[{1}]", obj.src, at.src)
        )
        return self.fold_if(code, obj, at)

    def team_per_seat(self, team: EnumT) -> bool:
        """As many teams as seats (one each): a seat number may stand for its team, as it always has."""
        seats = self.names.lookup("num_players")
        return isinstance(seats, Const) and seats.value == len(team.values)

    def declared_seat(self, name: str) -> bool:
        """Whether `name` (not a local) is a variable or constant the ruleset declared `type: seat`."""
        found = None if name in self.locals else self.names.lookup(name)
        return isinstance(found, (Value, Const)) and found.seat

    def kept_per(self, node: ast.Node) -> Type | None:
        """What indexes `node` when it names a variable kept per seat (int) or per team (its enum)."""
        if not isinstance(node, ast.Name) or node.id in self.locals:
            return None
        found = self.names.lookup(node.id)
        return found.index if isinstance(found, Value) else None

    # --- operators --------------------------------------------------------------

    def visit_Unary(self, node: ast.Unary, expected: Type | None) -> Code:
        if node.op == "not":
            inner = self.condition(node.operand, "the operand of 'not'")
            load = inner.fn
            return self.fold_if(Code(BOOL, lambda f: not load(f), src=emit.op("(not {0})", inner.src)), inner)
        inner = self.check(node.operand, INT)
        if not self.need_int(inner, node.operand, "the operand of '-'"):
            return FAILED
        load = inner.fn
        return self.fold_if(Code(INT, lambda f: -load(f), src=emit.op("(-{0})", inner.src)), inner)

    def visit_BinOp(self, node: ast.BinOp, expected: Type | None) -> Code:
        left, right = self.binop_sides(node, expected)
        at = (node.op_start, node.op_end)
        if node.op == "/":
            return self.error("'/' is not allowed: numbers are whole", *at, "use // (rounds down)")
        lt, rt_ = left.type, right.type
        if ERROR in (lt, rt_):
            return FAILED
        if node.op == "+" and not (assignable(lt, INT) and assignable(rt_, INT)):
            return self.join(node, left, right)
        if not (assignable(lt, INT) and assignable(rt_, INT)):
            hint = BOOL_IS_NOT_INT if BOOL in (lt, rt_) else None
            return self.error(f"'{node.op}' needs two integers, got {lt} and {rt_}", *at, hint)
        if not self.divisor_ok(node, right):
            return FAILED
        const = right.const if node.op in ("+", "*") else NOTHING
        fn = rt.int_arith(node.op, left.fn, right.fn, self.span(*at), self.limits, const)
        return self.fold_if(Code(INT, fn, src=self.arith_src(node.op, left, right)), left, right)

    def arith_src(self, op: str, left: Code, right: Code) -> emit.Src | None:
        if op in ("+", "-", "*"):
            return emit.op("{b}({0} %s {1})" % op, left.src, right.src, b=emit.bounded(self.limits.max_int))
        if op == "**":
            return emit.op(
                "{p}({0}, {1})", left.src, right.src, p=emit.power(self.limits.max_int, self.limits.max_exponent)
            )
        return emit.op("({0} %s {1})" % op, left.src, right.src)  # // and %: Python raises on zero

    def divisor_ok(self, node: ast.BinOp, right: Code) -> bool:
        """A constant right operand that can only fail is reported at load time, on itself."""
        if not right.is_const:
            return True
        if node.op in ("//", "%") and right.const == 0:
            self.error("division by zero", node.right.start, node.right.end)
            return False
        if node.op == "**" and not 0 <= right.const <= self.limits.max_exponent:
            self.error(
                f"exponent {right.const} is out of range (0..{self.limits.max_exponent})",
                node.right.start,
                node.right.end,
            )
            return False
        return True

    def join(self, node: ast.BinOp, left: Code, right: Code) -> Code:
        """`+` on two strings or two lists."""
        common = unify(left.type, right.type)
        if common is None or not (common == STR or isinstance(common, ListT)):
            hint = (
                BOOL_IS_NOT_INT
                if BOOL in (left.type, right.type)
                else "'+' adds two integers, or joins two strings or two lists"
            )
            return self.error(f"'+' cannot add {left.type} and {right.type}", node.op_start, node.op_end, hint)
        fn = rt.concat(left.fn, right.fn, common == STR, self.span(node.op_start, node.op_end), self.limits)
        src = emit.op("{j}(f, {0}, {1})", left.src, right.src, j=emit.joined(common == STR, self.limits.max_collection))
        return self.fold_if(Code(common, fn, src=src), left, right)

    def visit_BoolOp(self, node: ast.BoolOp, expected: Type | None) -> Code:
        left = self.condition(node.left, f"the left side of '{node.op}'")
        right = self.condition(node.right, f"the right side of '{node.op}'")
        if left.is_const:
            decided = (not left.const) if node.op == "and" else bool(left.const)
            return constant(BOOL, left.const) if decided else right
        lf, rf = left.fn, right.fn
        src = emit.op("({0} %s {1})" % node.op, left.src, right.src)
        if node.op == "and":
            return Code(BOOL, lambda f: lf(f) and rf(f), src=src)
        return Code(BOOL, lambda f: lf(f) or rf(f), src=src)

    def operands(self, node: ast.Compare, member: bool) -> tuple[Code, Code]:
        """Both sides; a literal side is read as the other side's enum when it can be."""
        if _literalish(node.right) and not _literalish(node.left):
            left = self.check(node.left)
            return left, self.check(node.right, ListT(left.type) if member else left.type)
        if _literalish(node.left) and not _literalish(node.right):
            right = self.check(node.right)
            return self.check(node.left, elem_of(right.type) if member else right.type), right
        return self.check(node.left), self.check(node.right)

    def visit_Compare(self, node: ast.Compare, expected: Type | None) -> Code:
        member = node.op in ("in", "not in")
        left, right = self.operands(node, member)
        if ERROR in (left.type, right.type):
            return FAILED
        if member:
            code = self.membership(node, left, right)
        elif node.op in ("==", "!="):
            code = self.equality(node, left, right)
        else:
            code = self.ordering(node, left, right)
        return self.fold_if(code, left, right) if code is not FAILED else code

    def _user_call(self, node: ast.Expr) -> str | None:
        """The name of the ruleset function `node` calls, if it is such a call."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if isinstance(self.names.lookup(node.func.id), UserFunction):
                return node.func.id
        return None

    def equality(self, node: ast.Compare, left: Code, right: Code) -> Code:
        lt, rt_ = left.type, right.type
        if not comparable(lt, rt_):
            hint = "both sides must have the same type"
            if isinstance(lt, EnumT) or isinstance(rt_, EnumT):
                enum, text_side = (lt, node.right) if isinstance(lt, EnumT) else (rt_, node.left)
                called = self._user_call(text_side) if STR in (lt, rt_) else None
                hint = enum_text_hint(str(enum), text_side if STR in (lt, rt_) else None, called)
            return self.error(f"cannot compare {lt} with {rt_}", node.op_start, node.op_end, hint)
        if left.is_const and not right.is_const:
            left, right = right, left
        as_lists = NONE not in (lt, rt_) and (isinstance(lt, ListT) or isinstance(rt_, ListT))
        template = "(tuple({0}) %s tuple({1}))" if as_lists else "({0} %s {1})"
        return Code(
            BOOL,
            rt.equality(node.op, left.fn, right.fn, as_lists, right.const, left.slot),
            src=emit.op(template % node.op, left.src, right.src),
        )

    def ordering(self, node: ast.Compare, left: Code, right: Code) -> Code:
        common = unify(left.type, right.type)
        if common is None or not (is_unknown(common) or common in (INT, STR)):
            named = {str(t) for t in (left.type, right.type)}
            if BOOL in (left.type, right.type):
                hint = BOOL_IS_NOT_INT
            elif named & {"rank", "card"}:  # (a rank's place in deck.ranks is a number)
                hint = (
                    "only numbers and strings have an order: compare the cards' rank_order (the rank's place "
                    "in deck.ranks, 0 for the first) or a number attribute, or write a ranking function"
                )
            else:
                hint = "only numbers and strings have an order: compare a number attribute, or write a ranking function"
            return self.error(
                f"'{node.op}' cannot order {left.type} and {right.type}", node.op_start, node.op_end, hint
            )
        return Code(
            BOOL,
            rt.ordering(node.op, left.fn, right.fn, right.const, left.slot),
            src=emit.op("({0} %s {1})" % node.op, left.src, right.src),
        )

    def membership(self, node: ast.Compare, left: Code, right: Code) -> Code:
        elem = STR if right.type == STR else elem_of(right.type)
        if elem is None:
            return self.error(
                f"'{node.op}' needs a list, set or string on its right, got {right.type}",
                node.right.start,
                node.right.end,
            )
        if not comparable(left.type, elem) or (right.type == STR and left.type == NONE):
            return self.error(
                f"cannot look for {left.type} in {right.type}",
                node.op_start,
                node.op_end,
                "the value and the elements must have the same type",
            )
        pay = isinstance(right.type, ListT) or right.type == STR
        fn = rt.membership(
            node.op == "not in", left.fn, right.fn, pay, self.span(node.start, node.end), self.limits, right.const
        )
        if right.is_const:
            src = emit.op("({0} %s {c})" % node.op, left.src, c=rt.member_constant(right.const))
        elif pay:
            src = emit.op("{m}(f, {0}, {1})", left.src, right.src, m=emit.paying_member(node.op == "not in"))
        else:
            src = emit.op("({0} %s {1})" % node.op, left.src, right.src)
        return Code(BOOL, fn, src=src)

    def visit_IfExp(self, node: ast.IfExp, expected: Type | None) -> Code:
        test = self.condition(node.test, "the condition of 'if'")
        if expected is None and _literalish(node.body) and not _literalish(node.orelse):
            orelse = self.check(node.orelse)
            body = self.check(node.body, orelse.type)
        elif expected is None and _literalish(node.orelse) and not _literalish(node.body):
            body = self.check(node.body)
            orelse = self.check(node.orelse, body.type)
        else:
            body, orelse = self.check(node.body, expected), self.check(node.orelse, expected)
        common = unify(body.type, orelse.type)
        if common is None:
            return self.error(
                f"the two results of 'if' have different types: {body.type} and {orelse.type}",
                node.orelse.start,
                node.orelse.end,
            )
        if test.is_const:
            chosen = body if test.const else orelse
            return Code(common, chosen.fn, chosen.const, src=chosen.src)
        return Code(
            common,
            rt.choice(test.fn, body.fn, orelse.fn, body.const, orelse.const),
            src=emit.op("({1} if {0} else {2})", test.src, body.src, orelse.src),
        )

    # --- collections ------------------------------------------------------------

    def items(self, node: ast.ListLit | ast.SetLit, expected: Type | None) -> tuple[Type, list[Code]]:
        want = elem_of(expected) if isinstance(expected, (ListT, SetT)) else None
        elem: Type | None = None
        codes = []
        for item in node.items:
            code = self.check(item, want)
            common = code.type if elem is None else unify(elem, code.type)
            if common is None:
                self.error(f"the elements have different types: {elem} and {code.type}", item.start, item.end)
                common = ERROR
            elem = common
            codes.append(code)
        return elem or want or ANY, codes

    def visit_ListLit(self, node: ast.ListLit, expected: Type | None) -> Code:
        elem, codes = self.items(node, expected)
        if all(c.is_const for c in codes):
            return constant(ListT(elem), [c.const for c in codes])
        fns = tuple(c.fn for c in codes)
        src = emit.op("[" + ", ".join("{%d}" % i for i in range(len(codes))) + "]", *(c.src for c in codes))
        return Code(ListT(elem), lambda f: [g(f) for g in fns], src=src)

    def visit_SetLit(self, node: ast.SetLit, expected: Type | None) -> Code:
        if not node.items:
            return self.error("'{}' is not an empty set", node.start, node.end, "write set() for the empty set")
        elem, codes = self.items(node, expected)
        if not self.hashable(elem, node):
            return FAILED
        if all(c.is_const for c in codes):
            return constant(SetT(elem), frozenset(c.const for c in codes))
        fns = tuple(c.fn for c in codes)
        src = emit.op("frozenset([" + ", ".join("{%d}" % i for i in range(len(codes))) + "])", *(c.src for c in codes))
        return Code(SetT(elem), lambda f: frozenset([g(f) for g in fns]), src=src)

    def hashable(self, elem: Type, node: ast.Node) -> bool:
        if isinstance(elem, (ListT, SetT)):
            self.error(
                f"a set cannot hold {elem} values",
                node.start,
                node.end,
                "sets hold numbers, strings, enums and records",
            )
            return False
        return True

    def visit_Comprehension(self, node: ast.Comprehension, expected: Type | None) -> Code:
        saved = dict(self.locals)
        steps: list[Step] = []
        texts: list[tuple[str, str, emit.Src | None] | tuple[str, emit.Src | None]] = []
        for clause in node.clauses:  # any number of `for`s: the work budget bounds what they visit
            if isinstance(clause, ast.IfClause):
                cond = self.condition(clause.cond, "the 'if' of a comprehension")
                steps.append(("if", cond.fn, cond.slot))
                texts.append(("if", cond.src))
                continue
            slot, source = self.loop_variable(clause)
            steps.append(("for", slot, source.fn))
            texts.append(("for", emit.loop_var(slot), source.src))
        elt = self.check(node.elt, elem_of(expected) if isinstance(expected, (ListT, SetT)) else None)
        self.locals = saved
        if node.kind == "set" and not self.hashable(elt.type, node.elt):
            return FAILED
        type_ = SetT(elt.type) if node.kind == "set" else ListT(elt.type)
        native = emit.loop_parts(texts, elt.src)
        loop = Loop(tuple(steps), elt.fn, elt.slot, self.span(node.start, node.end), native)
        src = emit.comprehension(native, node.kind == "set", loop.simple() is not None, self.limits.max_collection)
        return Code(type_, comprehension(loop, node.kind == "set", self.limits), loop=loop, src=src)

    def loop_variable(self, clause: ast.ForClause) -> tuple[int, Code]:
        """Check `for x in xs`, bind x to a fresh slot; (slot, code of xs)."""
        source = self.check(clause.iter)
        elem = elem_of(source.type)
        if elem is None:
            self.error(f"'for' needs a list or set to loop over, got {source.type}", clause.iter.start, clause.iter.end)
            elem = ERROR
        var_end = clause.var_start + len(clause.var)
        self.bad_name(clause.var, clause.var_start, var_end)
        slot = self.names.new_slot()
        self.locals[clause.var] = slot_code(elem, slot, emit.loop_var(slot))
        return slot, source
