"""Closures for calls and comprehensions, the parts of run time that loop or jump.

Ruleset functions own fixed slots in `frame.L` (recursion is forbidden, so
no call can overwrite a live slot): a call evaluates its arguments, stores
them, and runs the body closure. Builtins and engine functions are called
with plain Python values; anything they raise comes back as an
ExprRuntimeError pointing at the call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.expr import emit
from interpreter.expr.code import Code
from interpreter.expr.emit import CALL_COST, Src
from interpreter.expr.functions import MEMO_LIMIT, TABLE_LIMIT, Loop, Step, UserFunction, failing, spent_on
from interpreter.expr.runtime import (
    BuiltinError,
    Closure,
    ExprRuntimeError,
    Frame,
    Function,
    Limits,
    charge,
    failure_words,
    is_collection_type,
    over_budget,
    too_big,
)
from interpreter.expr.types import Type


def charged_call(fn: Closure, name: str, span: Span | None) -> Closure:
    """An inlined body that still pays for its call, so nested calls cannot multiply without bound."""

    def run(f: Frame) -> Any:
        f.budget -= CALL_COST
        if f.budget < 0:
            raise spent_on(name, span)
        return fn(f)

    return run


def memo_call(uf: UserFunction, args: Sequence[Closure]) -> Closure:
    """A call of a function whose result depends only on its arguments and a few scalar
    variables (`uf.reads`): each result is computed once and looked up afterwards, by
    `uf.hit(f, *values)` (see memo_hit; generated text calls it directly).

    Ranking functions (`strength(card)`, `is_trump(card)`) are the typical case: a few
    hundred distinct (card, trump suit) keys for a whole run of games.  The memo keeps
    each result with the work it cost, and a hit pays that work again: the budget an
    evaluation spends, and so whether it runs out, is the same with or without the memo
    (a game never depends on what an earlier game left in the table).
    """
    assert uf.hit is not None
    return on_values(uf.hit, args)


def memo_hit(uf: UserFunction, span: Span | None) -> Callable[..., Any]:
    """`hit(f, *values)` for a memoised function, generated as Python text so that the key
    (arguments, or the fields of them the body reads, then the variables in `uf.reads`) is
    one tuple display."""
    body, memo, reads, slots, name = uf.body, uf.memo, uf.reads, uf.slots, uf.name
    assert body is not None and reads is not None
    keys = uf.keys or (None,) * len(slots)
    names: dict[str, Any] = {
        "_memo": memo,
        "_body": body,
        "_limit": MEMO_LIMIT,
        "_cost": CALL_COST,
        "_spent": lambda: spent_on(name, span),
        "Exception": Exception,
        "len": len,
    }
    params = [f"v{i}" for i in range(len(slots))]
    parts = []
    for i, key_fn in enumerate(keys):
        if key_fn is None:
            parts.append(params[i])
        else:
            names[f"_key{i}"] = key_fn
            parts.append(f"_key{i}(v{i})")
    for i, value in enumerate(reads):
        if value.src is not None:
            parts.append(value.src)
        else:
            names[f"_read{i}"] = value.load
            parts.append(f"_read{i}(f)")
    key = "(" + ", ".join(parts) + ",)" if parts else "()"
    stores = "".join(f"        L[{int(slot)}] = v{i}\n" for i, slot in enumerate(slots))
    arguments = ", ".join(params)
    text = f"""def hit(f, {arguments}):
    try:
        key = {key}
        found = _memo.get(key)
    except Exception:   # none or a value without the field (the body says what is wrong), or no key
        key = found = None
    if found is not None:   # pay what the first call cost, the call itself included
        f.budget -= found[1]
        if f.budget < 0:
            raise _spent()
        return found[0]
    f.budget -= _cost
    if f.budget < 0:
        raise _spent()
    L = f.L
{stores.replace("        ", "    ")}    before = f.budget
    out = _body(f)
    if key is not None:
        if len(_memo) >= _limit:
            _memo.clear()
        _memo[key] = (out, _cost + before - f.budget)
    return out
"""
    exec(compile(text, f"<memoised call of {name}>", "exec"), names)  # noqa: S102 - generated text only
    return names["hit"]


def value_table(uf: UserFunction, size: int, work: int) -> tuple[dict, Callable[[Frame, tuple], dict]]:
    """For a memoised function of one small enum value (a card, a suit) and a few scalars: its
    results for every value of the enum at once, one table per value of the scalars (`tables`),
    made by `build(f, scalars)` the first time those scalars are seen.  Generated text then reads
    `tables[scalars][card]`, a lookup instead of a call (`table_source`; one scalar is its own
    key, several a tuple).

    Building evaluates the body for every value with a budget of its own, one evaluation's
    (`work`) for the whole table, so whether an evaluation runs out of work does not depend on
    which tables earlier games left; a lookup costs nothing, as reading a variable does.  A value
    whose result fails (or comes after the table's budget ran out) has no entry: its lookup
    fails, and generated code hands that evaluation to the closures (the memo), which pay as
    before and say what went wrong."""
    tables: dict[tuple, dict] = {}
    body, slot = uf.body, uf.slots[0]
    assert body is not None

    def build(f: Frame, key: tuple) -> dict:
        if len(tables) >= TABLE_LIMIT:
            tables.clear()
        L = f.L
        kept, budget = L[slot], f.budget
        table = {}
        f.budget = work
        try:
            for value in range(size):
                L[slot] = value
                try:
                    table[value] = body(f)
                except Exception:  # noqa: S112 - no entry: a lookup of it fails (see above)
                    continue
        finally:
            L[slot], f.budget = kept, budget
        tables[key] = table
        return table

    return tables, build


def table_call(uf: UserFunction, arg: Closure) -> Closure:
    """The closure of a call of a function with tables: the lookup `table_source` generates, and
    where the table has no entry, the memoised call (which pays, and says what went wrong)."""
    assert uf.table is not None and uf.reads is not None and uf.hit is not None
    tables, build = uf.table
    hit, loads = uf.hit, tuple(value.load for value in uf.reads)

    def call(f: Frame) -> Any:
        value = arg(f)
        key = loads[0](f) if len(loads) == 1 else tuple(load(f) for load in loads)  # as table_source
        try:
            return (tables.get(key) or build(f, key))[value]
        except (KeyError, TypeError):
            return hit(f, value)

    return call


def table_source(uf: UserFunction, arg: Src | None) -> Src | None:
    """The text of a call of a function with tables (`value_table`): `(tables.get(key) or
    build(f, key))[arg]`, the key being the scalars the function reads."""
    assert uf.table is not None and uf.reads is not None
    tables, build = uf.table
    if len(uf.reads) == 1:  # one scalar (the trump suit): itself is the key, no tuple to build
        key = f"({uf.reads[0].src})"
    else:
        key = "(" + "".join(f"{value.src}, " for value in uf.reads) + ")"
    return emit.op("({t}(%s) or {b}(f, %s))[{0}]" % (key, key), arg, t=tables.get, b=build)


def wrap_failure(exc: Exception, name: str, span: Span | None) -> ExprRuntimeError:
    """A builtin's or engine function's exception, re-told at the call's position."""
    if isinstance(exc, BuiltinError):
        return ExprRuntimeError(exc.message, span, exc.hint)
    return ExprRuntimeError(f"{name}() failed: {failure_words(exc)}", span)


def call_closure(
    fn: Function, args: Sequence[Code], keywords: Mapping[str, Code], returns: Type, span: Span | None, limits: Limits
) -> Closure:
    """The closure of a builtin or engine function call."""
    pay_args = tuple(i for i, a in enumerate(args) if is_collection_type(a.type)) if fn.charges else ()
    pay_result = fn.charges and is_collection_type(returns)
    fns = tuple(a.fn for a in args)
    impl = fn.impl
    if keywords and all(c.is_const for c in keywords.values()):
        impl, keywords = partial(impl, **{k: c.const for k, c in keywords.items()}), {}
    if len(fns) == 1 and not keywords and not fn.needs_frame:
        return _call_one(impl, fns[0], bool(pay_args), pay_result, fn.name, span, limits)
    if len(fns) == 1 and not keywords and not (pay_args or pay_result):
        return _call_one_with_frame(impl, fns[0], fn.name, span)
    kws = tuple((k, c.fn) for k, c in keywords.items())
    needs_frame = fn.needs_frame

    def call(f: Frame) -> Any:
        values = [a(f) for a in fns]
        given = {k: v(f) for k, v in kws} if kws else {}
        if pay_args:
            charge(f, sum(len(values[i]) for i in pay_args), span, limits)
        try:
            out = impl(f, *values, **given) if needs_frame else impl(*values, **given)
        except ExprRuntimeError:
            raise
        except Exception as exc:
            raise wrap_failure(exc, fn.name, span) from exc
        if pay_result:
            charge(f, len(out), span, limits)
        return out

    return call


def call_source(fn: Function, args: Sequence[Code], keywords: Mapping[str, Code], returns: Type) -> Src | None:
    """The text of a builtin or engine function call, paying as `call_closure` does."""
    pay_args = tuple(i for i, a in enumerate(args) if is_collection_type(a.type)) if fn.charges else ()
    pay_result = fn.charges and is_collection_type(returns)
    impl = fn.impl
    if fn.inline is not None and len(args) == 1 and not keywords and emit.plain_read(args[0].src):
        return emit.op(fn.inline, args[0].src, i=impl, **fn.inline_refs)  # a look-up written out
    if keywords and all(c.is_const for c in keywords.values()):
        impl, keywords = partial(impl, **{k: c.const for k, c in keywords.items()}), {}
    words = ["f"] if fn.needs_frame else []
    words += ["_pay(f, {%d})" % i if i in pay_args else "{%d}" % i for i in range(len(args))]
    names = list(keywords)  # the builtin's own keyword names (the checker refused any other)
    words += [f"{k}={{{len(args) + j}}}" for j, k in enumerate(names)]
    template = "{i}(" + ", ".join(words) + ")"
    if pay_result:
        template = "_pay(f, " + template + ")"
    return emit.op(template, *(a.src for a in args), *(keywords[k].src for k in names), i=impl)


def user_call_values(uf: UserFunction) -> Callable[..., Any]:
    """`call(f, *values)`: a call of a ruleset function on evaluated arguments (for generated text)."""
    body, slots, name, span = uf.body, uf.slots, uf.name, uf.name_span
    assert body is not None

    def call(f: Frame, *values: Any) -> Any:
        f.budget -= CALL_COST
        if f.budget < 0:
            raise spent_on(name, span)
        L = f.L
        for slot, value in zip(slots, values):
            L[slot] = value
        return body(f)

    return call


def _call_one_with_frame(impl: Callable[[Frame, Any], Any], arg: Closure, name: str, span: Span | None) -> Closure:
    """An engine function of one argument that reads the frame (`hand(seat)`)."""

    def call(f: Frame) -> Any:
        value = arg(f)
        try:
            return impl(f, value)
        except ExprRuntimeError:
            raise
        except Exception as exc:
            raise wrap_failure(exc, name, span) from exc

    return call


def _call_one(
    impl: Callable[[Any], Any],
    arg: Closure,
    pay_arg: bool,
    pay_result: bool,
    name: str,
    span: Span | None,
    limits: Limits,
) -> Closure:
    """The common case: one positional argument (len, sum, any, all, sorted...)."""
    if not (pay_arg or pay_result):

        def call(f: Frame) -> Any:
            value = arg(f)
            try:
                return impl(value)
            except ExprRuntimeError:
                raise
            except Exception as exc:
                raise wrap_failure(exc, name, span) from exc

        return call

    def paying_call(f: Frame) -> Any:
        value = arg(f)
        if pay_arg:
            f.budget -= len(value)
        try:
            out = impl(value)
        except ExprRuntimeError:
            raise
        except Exception as exc:
            raise wrap_failure(exc, name, span) from exc
        if pay_result:
            f.budget -= len(out)
        if f.budget < 0:
            raise over_budget(span, limits)
        return out

    return paying_call


def user_call(uf: UserFunction, args: Sequence[Closure]) -> Closure:
    """Evaluate every argument, then store them in the function's slots and run its body."""
    if uf.body is None:
        return failing(f"function '{uf.name}' has errors", uf.name_span)
    return on_values(user_call_values(uf), args)


def on_values(call: Callable[..., Any], args: Sequence[Closure]) -> Closure:
    """The closure that evaluates `args` and returns `call(f, *values)`."""
    if not args:
        return call
    if len(args) == 1:
        (a0,) = args
        return lambda f: call(f, a0(f))
    if len(args) == 2:
        a0, a1 = args
        return lambda f: call(f, a0(f), a1(f))
    return lambda f: call(f, *[a(f) for a in args])


def key_of_user(uf: UserFunction) -> Closure:
    """For `key=name`: a closure giving a Python callable that runs the ruleset function
    (through its memo when it has one)."""
    body, (slot,) = uf.body or failing(f"function '{uf.name}' has errors", uf.name_span), uf.slots
    if uf.hit is not None:
        hit = uf.hit
        return lambda f: partial(hit, f)

    def make(f: Frame) -> Callable[[Any], Any]:
        slots = f.L

        def key(value: Any) -> Any:
            slots[slot] = value
            return body(f)

        return key

    return make


def key_of_function(fn: Function) -> Closure:
    """For `key=name` naming an engine function that needs the frame."""
    return lambda f: partial(fn.impl, f)


def comprehension(loop: Loop, as_set: bool, limits: Limits) -> Closure:
    """`[elt for ...]`: each loop pays its length from the budget; output size is bounded."""
    shape = loop.simple()
    run = _simple_loop(loop, shape, limits) if shape else _nested_loops(loop, limits)
    return (lambda f: frozenset(run(f))) if as_set else run


def _simple_loop(loop: Loop, shape: tuple, limits: Limits) -> Closure:
    slot, source, cond, cond_is_var, elt_is_var = shape
    elt, span = loop.elt, loop.span
    if cond is None and elt_is_var:

        def copy(f: Frame) -> list[Any]:
            xs = source(f)
            charge(f, len(xs), span, limits)
            return list(xs)

        return copy

    def run(f: Frame) -> list[Any]:
        xs = source(f)
        charge(f, len(xs), span, limits)
        slots, out = f.L, []
        for x in xs:
            slots[slot] = x
            if cond is None or (x if cond_is_var else cond(f)):
                out.append(x if elt_is_var else elt(f))
        return out

    return run


def reduction(kind: str, loop: Loop, span: Span | None, limits: Limits) -> Closure | None:
    """`any`/`all`/`sum`/`count` of a simple generator, without building the list;
    any and all stop at the first decisive element. None for other shapes."""
    shape = loop.simple()
    if shape is None:
        return None
    slot, source, cond, cond_is_var, _ = shape
    elt, top = loop.elt, limits.max_int
    counting, summing, stop_at = kind == "count", kind == "sum", kind == "any"

    def reduce(f: Frame) -> Any:
        xs = source(f)
        charge(f, len(xs), loop.span, limits)
        slots, total = f.L, 0
        for x in xs:
            slots[slot] = x
            if cond is not None and not (x if cond_is_var else cond(f)):
                continue
            if counting:
                total += 1
            elif summing:
                total += elt(f)
            elif bool(elt(f)) is stop_at:
                return stop_at
        if not (counting or summing):
            return not stop_at
        if -top <= total <= top:
            return total
        raise ExprRuntimeError(f"sum() is too large (over {top:,})", span)

    return reduce


def _nested_loops(loop: Loop, limits: Limits) -> Closure:
    elt, span = loop.elt, loop.span

    def run(f: Frame, out: list[Any], /) -> None:  # positional, as the steps' closures are called
        return out.append(elt(f))

    for step in reversed(loop.steps):
        run = _for_step(step, run, span, limits) if step[0] == "for" else _if_step(step[1], run)

    def loops(f: Frame) -> list[Any]:
        out: list[Any] = []
        run(f, out)
        if len(out) > limits.max_collection:
            raise too_big("the comprehension", len(out), span, limits)
        return out

    return loops


def _for_step(
    step: Step, inner: Callable[[Frame, list[Any]], None], span: Span | None, limits: Limits
) -> Callable[[Frame, list[Any]], None]:
    _, slot, source = step

    def loop(f: Frame, out: list[Any]) -> None:
        xs = source(f)
        charge(f, len(xs), span, limits)
        slots = f.L
        for x in xs:
            slots[slot] = x
            inner(f, out)

    return loop


def _if_step(cond: Closure, inner: Callable[[Frame, list[Any]], None]) -> Callable[[Frame, list[Any]], None]:
    def check(f: Frame, out: list[Any]) -> None:
        if cond(f):
            inner(f, out)

    return check
