"""Python source for checked expressions: one function per evaluation instead of a closure per node.

Every `Code` the checker builds has a closure (`fn`), and most also get a
`Src`: a Python expression that computes the same value from the frame `f`
(and `L`, its slots).  `build` turns the source of a whole expression into
one Python function, so evaluating `not is_trump(card) or all(...)` is one
call instead of a dozen.

Safety: the text is made here from checked nodes only.  It holds operators,
integer literals, `True`/`False`/`None`, and generated names (`_g12`) bound
to objects the compiler made; user text (strings, names) never appears in it,
so nothing a ruleset says reaches Python's parser.

Exactness: the closures stay the reference.  The generated function makes the
same work-budget charges (so it runs out of budget exactly when the closures
would), and when it raises anything but an ExprRuntimeError (which helpers
shared with the closures raise, already precise) it restores the budget and
runs the closure, whose error names the failing part.  So an error costs at
most one re-run, however deeply the generated functions nest.  Code without
a source of its own (rare shapes) is called as its closure from the text
(`_k3(f)`); such an embedded closure is `opaque`: it may read frame slots
the text keeps in Python variables, so comprehensions around it are not
generated.
"""

from __future__ import annotations

import builtins
import itertools
import re
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from interpreter.base.records import dataclass
from interpreter.expr.runtime import DEFAULT_LIMITS, ExprRuntimeError, refill

_ids = itertools.count()

FELL_BACK = [0]  # how many times generated code gave up for the closures (tests check it stays rare)

MAX_TEXT = 20_000  # characters of one generated expression; longer ones keep their closures

_LITERALS = (int, bool, type(None))


@dataclass(frozen=True, slots=True)
class Src:
    """A Python expression over `f` (the frame), `L` (its slots) and the names in `refs`."""

    text: str
    refs: Mapping[str, Any]
    opaque: bool = False  # calls a closure that may read the slots of loop variables


def name_for(obj: Any, prefix: str = "o") -> tuple[str, dict[str, Any]]:
    """A fresh name bound to `obj`: `_<prefix><n>` with a process-wide counter, so two fresh names
    never collide.  Other names in generated text end without a digit (`_pay`, `_V`), except
    loop variables (`_v<slot>`): no prefix may be "v"."""
    name = f"_{prefix}{next(_ids)}"
    return name, {name: obj}


def ref(obj: Any) -> Src:
    """The object itself (a constant, a function to call)."""
    name, refs = name_for(obj)
    return Src(name, refs)


def literal(value: Any) -> Src:
    """A constant: ints, bools and none as literals, anything else by reference."""
    if type(value) in _LITERALS:
        return Src(repr(value) if value is None or value >= 0 else f"({value!r})", {})
    return ref(value)


def embed(fn: Callable[[Any], Any], opaque: bool = True) -> Src:
    """A call of a closure `fn(f)`; `opaque` unless it is known to read no loop variable."""
    name, refs = name_for(fn, "k")
    return Src(f"{name}(f)", refs, opaque)


def op(template: str, *parts: Src | None, **objects: Any) -> Src | None:
    """`template` with `{0}`, `{1}`... replaced by the parts' text and `{name}` by fresh names
    bound to the given objects; None when a part is missing or the text grows too long."""
    refs: dict[str, Any] = {}
    texts: list[str] = []
    opaque = False
    for p in parts:
        if p is None:
            return None
        refs.update(p.refs)
        texts.append(p.text)
        opaque = opaque or p.opaque
    names = {}
    for key, obj in objects.items():
        names[key], bound = name_for(obj, key[:1])
        refs.update(bound)
    text = template.format(*texts, **names)
    if len(text) > MAX_TEXT:
        return None
    return Src(text, refs, opaque)


_PLAIN = re.compile(r"f\.env\.vars\[\d+\]|L\[\d+\]|-?\d+")


def plain_read(src: Src | None) -> bool:
    """Whether the text is a slot or a number: read twice, it costs nothing and cannot fail."""
    return src is not None and _PLAIN.fullmatch(src.text) is not None


def attribute(obj: Src | None, getter: Callable[[Any], Any], index: int | None) -> Src | None:
    """`x.name`: item `index` of a tuple value, an item of a table (a tuple's own `__getitem__`,
    as card attributes are), or a call of the getter.  Each fails where the getter fails."""
    if index is not None:
        return op("{0}[%d]" % int(index), obj)
    table = getattr(getter, "__self__", None)
    if type(table) is tuple and getattr(getter, "__name__", "") == "__getitem__":
        return op("{t}[{0}]", obj, t=table)
    return op("{g}({0})", obj, g=getter)


def loop_var(slot: int) -> str:
    """The Python name of a comprehension variable in generated text."""
    return f"_v{slot}"


def loop_parts(clauses: list, elt: Src | None) -> tuple[tuple, Src] | None:
    """A comprehension's clauses (("for", name, iterable) / ("if", condition)) and element, when
    all have text and none is opaque; otherwise None (the comprehension keeps its closure)."""
    if elt is None or elt.opaque:
        return None
    for clause in clauses:
        src = clause[-1]
        if src is None or src.opaque:
            return None
    return tuple(clauses), elt


def _clauses(native: tuple[tuple, Src]) -> tuple[str, dict[str, Any]]:
    clauses, elt = native
    refs: dict[str, Any] = dict(elt.refs)
    words = []
    for clause in clauses:
        refs.update(clause[-1].refs)
        if clause[0] == "for":  # each loop pays its length when it starts, as the closures do
            words.append(f"for {clause[1]} in _pay(f, {clause[2].text})")
        else:
            words.append(f"if {clause[1].text}")
    return " ".join(words), refs


def comprehension(native: tuple[tuple, Src] | None, as_set: bool, simple: bool, top: int) -> Src | None:
    """`[elt for ...]`; nested loops check the size of the result (a simple one cannot grow)."""
    if native is None:
        return None
    words, refs = _clauses(native)
    text = f"[{native[1].text} {words}]"
    if not simple:
        name, bound = name_for(capped(top), "c")
        text, refs = f"{name}({text})", {**refs, **bound}
    if as_set:
        text = f"frozenset({text})"
    return Src(text, refs) if len(text) <= MAX_TEXT else None


def reduction(kind: str, native: tuple[tuple, Src] | None, top: int) -> Src | None:
    """`any`/`all`/`sum`/`count` over a generator: stops where the closures stop."""
    if native is None:
        return None
    words, refs = _clauses(native)
    elt = native[1].text
    if kind in ("any", "all"):
        text = f"{kind}({elt} {words})"
    elif kind == "count":
        text = f"sum(1 {words})"
    else:
        name, bound = name_for(bounded(top), "b")
        text, refs = f"{name}(sum({elt} {words}))", {**refs, **bound}
    return Src(text, refs) if len(text) <= MAX_TEXT else None


def build(
    src: Src, slow: Callable[[Any], Any], work: int | None = None, where: str = "<cardrules expression>"
) -> Callable[[Any], Any] | None:
    """One function computing `src`; on any exception it restores the budget and returns
    `slow(f)` (the closures, which raise the precise error).  With `work` it is a top-level
    evaluation: it sets the budget to `work` first.  None when Python cannot compile the text
    (it nests too deeply): the caller keeps the closure.  `where` is the code's file name, so that
    profilers tell one generated function from another."""
    start = ["b = f.budget"]
    if work is not None:  # a top-level evaluation: start_evaluation, reading the budget once
        _REFILLS.setdefault(int(work), refill(int(work)))
        start += [f"if b < {int(work) // 2}:", f"    _refill{int(work)}(f)", "    b = f.budget"]
    restore = ["    f.budget = b"]
    if pays_nothing(src.text):  # the budget stays as it is: nothing to read, fill or put back (the
        start = restore = []  # closures that say what failed start an evaluation of their own)
    # Too deep a nesting is re-run by the top level only: re-running it at every level of a chain of
    # functions would double the work at each level (and the closures say it just as well).
    precise = "_Precise" if work is not None else "(_Precise, _Deep)"
    body = [
        *start,
        "try:",
        f"    return {src.text}",
        f"except {precise}:",
        "    raise",
        "except Exception:",
        "    _fell[0] += 1",
        *restore,
        "    return _slow(f)",
    ]
    return function("_fast", body, {**src.refs, "_slow": slow}, where, fallback=slow)


# `f` itself where generated text uses it other than to read the epoch or a list of the state: a
# call given the frame (a closure, `_pay`, a memo) may pay work from its budget; text without one
# pays nothing (a table's look-up, an engine function of values), so it needs no budget of its own
_FRAME_USED = re.compile(r"\bf\b(?!\.(?:epoch\b|env\.\w+(?![\w.(])))")


def pays_nothing(text: str) -> bool:
    """Whether generated text leaves the frame's budget as it is (it hands the frame to nothing)."""
    return _FRAME_USED.search(text) is None


_REFILLS = {DEFAULT_LIMITS.max_work: refill(DEFAULT_LIMITS.max_work)}  # per budget (start_evaluation adds others)


def start_evaluation(work: int) -> list[str]:
    """The lines that start a top-level evaluation (as `runtime.guard` does): a budget under half
    full is filled again, its work paid from the decision's pool (runtime.refill)."""
    _REFILLS.setdefault(int(work), refill(int(work)))
    return [f"if f.budget < {int(work) // 2}:", f"    _refill{int(work)}(f)"]


def code_name(what: str, span: Any = None, rule: str | None = None) -> str:
    """The file name a generated function's code carries (`<cardrules HM-28 expression at
    hachinin_meri.yaml:312>`): cProfile and py-spy then show the rule and place that cost the time."""
    place = f" at {str(span.file).replace(chr(92), '/').rsplit('/', 1)[-1]}:{span.line}" if span is not None else ""
    return f"<cardrules {rule + ' ' if rule else ''}{what}{place}>"


def faster(
    src: Src | None, slow: Callable[[Any], Any], work: int | None = None, where: str = "<cardrules expression>"
) -> Callable[[Any], Any]:
    """`build(src, slow, work)` when the text saves anything over `slow` (it is more than one
    embedded call) and Python compiles it; else `slow` itself."""
    if src is None or (src.text.startswith("_k") and src.text.endswith("(f)") and src.text.count("(") == 1):
        return slow
    return build(src, slow, work, where) or slow


def function(
    name: str,
    body: Sequence[str],
    refs: Mapping[str, Any],
    where: str = "<cardrules expression>",
    fallback: Callable[[Any], Any] | None = None,
) -> Callable[..., Any] | None:
    """`def name(f):` with the `body` lines (and `L = f.L` first when they read slots), run with
    the names it uses; the function, or None when Python cannot compile it (it nests too deeply).

    With a `fallback`, Python compiles the text on the function's first call instead (most of
    a ruleset's expressions are never run by `validate`, and compiling them is most of loading):
    the function returned is a stub whose code is replaced by the compiled one, so later calls
    cost nothing extra; text Python cannot compile makes the stub call `fallback` from then on."""
    lines = [f"def {name}(f):"]
    if any("L[" in line for line in body):
        lines.append("    L = f.L")
    body, reads = local_reads(body)
    lines += ["    " + line for line in reads + body]
    namespace: dict[str, Any] = {
        "__builtins__": _BUILTINS,
        **refs,
        "_pay": pay,
        "_Precise": ExprRuntimeError,
        "_Deep": RecursionError,
        **{f"_refill{work}": fill for work, fill in _REFILLS.items()},
        "_fell": FELL_BACK,
    }
    text = "\n".join(lines) + "\n"
    if fallback is None:
        return _compiled(text, where, namespace, name)
    stub = types.FunctionType(_STUB.__code__, namespace, name)

    def first_call(f: Any) -> Any:
        if not COMPILING[0]:  # (closures_only: the closure, this function still to be compiled)
            return fallback(f)
        names = stub.__globals__  # the namespace itself, or what pickling (cloudpickle) kept of it
        if names is not namespace:
            names.update(namespace)
        real = _compiled(text, where, names, name)
        if real is None:
            names["_fallback"] = fallback
            stub.__code__ = _DELEGATE.__code__
            return fallback(f)
        stub.__code__ = real.__code__
        return real(f)

    namespace["_first_call"] = first_call
    return stub


# The state's slots and zones, read by name in generated text (`f.env.vars[3]`): a function
# reads each list once into a local instead (the state's lists are never replaced while an
# evaluation runs), two attribute look-ups fewer per read.
_STATE_READS = (("f.env.vars[", "_V[", "_V = f.env.vars"), ("f.env.zones[", "_Z[", "_Z = f.env.zones"))


def local_reads(body: Sequence[str], reads: Sequence[tuple[str, str, str]] = _STATE_READS) -> tuple[list, list]:
    """`body` with the state's lists read through locals, and the lines that set those locals."""
    body, first = list(body), []
    for read, local, line in reads:
        if any(read in b for b in body):
            body = [b.replace(read, local) for b in body]
            if line:  # (none where the function has the local already)
                first.append(line)
    return body, first


def _compiled(text: str, where: str, namespace: dict[str, Any], name: str) -> Callable[..., Any] | None:
    try:
        exec(compile(text, where, "exec"), namespace)  # noqa: S102 - generated text only
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None
    return namespace[name]


COMPILING = [True]  # whether a generated function is compiled at its first call (see closures_only)


@contextmanager
def closures_only() -> Iterator[None]:
    """Within: generated functions not yet compiled run their closures (the reference, the same
    results) instead of being compiled; a short game that reaches each once costs less so."""
    COMPILING[0] = False
    try:
        yield
    finally:
        COMPILING[0] = True


def _STUB(f: Any) -> Any:  # the code of a generated function before its first call (see `function`)
    return _first_call(f)  # type: ignore[name-defined]  # noqa: F821 - in the function's own namespace


def _DELEGATE(f: Any) -> Any:  # ... and after Python could not compile its text
    return _fallback(f)  # type: ignore[name-defined]  # noqa: F821 - in the function's own namespace


# --- helpers the generated text calls; they raise `Redo` and the closures say what went wrong ---


class Redo(Exception):
    """Raised by generated code where the closures raise a precise error (they are run next)."""


def pay(f: Any, xs: Any) -> Any:
    """Charge `len(xs)` to the budget (as `runtime.charge`), then give `xs` back (an argument,
    a loop's source or a result)."""
    f.budget -= len(xs)
    if f.budget < 0:
        raise Redo
    return xs


def bounded(top: int) -> Callable[[int], int]:
    def check(v: int) -> int:
        if -top <= v <= top:
            return v
        raise Redo

    return check


def capped(top: int) -> Callable[[list], list]:
    def check(out: list) -> list:
        if len(out) > top:
            raise Redo
        return out

    return check


CALL_COST = 10  # work units one call of a ruleset function costs (inlined or not)


def call_charge(f: Any) -> None:
    """What one call of a ruleset function costs (an inlined body is still a call)."""
    f.budget -= CALL_COST
    if f.budget < 0:
        raise Redo


def power(top: int, most: int) -> Callable[[int, int], int]:
    def pw(a: int, b: int) -> int:
        if not 0 <= b <= most:
            raise Redo
        if -top <= (v := a**b) <= top:
            return v
        raise Redo

    return pw


def joined(is_str: bool, top: int) -> Callable[[Any, Any, Any], Any]:
    def join(f: Any, a: Any, b: Any) -> Any:
        size = len(a) + len(b)
        if size > top:
            raise Redo
        f.budget -= size
        if f.budget < 0:
            raise Redo
        return a + b if is_str else [*a, *b]

    return join


def paying_member(negate: bool) -> Callable[[Any, Any, Any], bool]:
    def contains(f: Any, x: Any, xs: Any) -> bool:
        f.budget -= len(xs)
        if f.budget < 0:
            raise Redo
        return (x not in xs) if negate else (x in xs)

    return contains


# the only builtins generated text may use
_BUILTINS = {
    name: getattr(builtins, name)
    for name in ("all", "any", "sum", "len", "tuple", "frozenset", "list", "set", "str", "int", "Exception")
}
