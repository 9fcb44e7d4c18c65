"""The builtins every expression sees: pure, generic functions with signatures.

The registry is data (name -> Function) so the checker, the docs table and
the error hints all read the same signatures. Nothing here knows a game.
Lists arrive as any sequence (list or tuple), sets as frozensets.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import cache
from math import comb
from typing import Any

from interpreter.expr.runtime import DEFAULT_LIMITS, BuiltinError, Function, Limits, Param
from interpreter.expr.types import (
    ANY,
    BOOL,
    INT,
    STR,
    CollT,
    FnT,
    ListT,
    SetT,
    T,
    Type,
    elem_of,
    orderable,
    unify,
)

_MISSING: Any = object()
COLL = CollT(T)
KEY = FnT(T)
ORDERED_HINT = "give key=... naming a function that returns a number"


def _needs_order(what: str) -> Callable[[Sequence[Type], Collection[str], bool], tuple[str, str | None] | None]:
    def check(types: Sequence[Type], keywords: Collection[str], filtered: bool) -> tuple[str, str | None] | None:
        elem = elem_of(types[0]) if types else None
        if "key" in keywords or elem is None or orderable(elem):
            return None
        return f"{what}() cannot order values of type {elem} by themselves", ORDERED_HINT

    return check


def _count_check(types: Sequence[Type], keywords: Collection[str], filtered: bool) -> tuple[str, str | None] | None:
    """count() of true-or-false values counts them all, true or not: an error, unless a filter picks
    some (`count(x for x in flags if x)`)."""
    if types and elem_of(types[0]) == BOOL and not filtered:
        return (
            "count() counts elements, and these are all true or false",
            "count the true ones: count(x for x in xs if condition)",
        )
    return None


def _same_kind(types: Sequence[Type]) -> Type:
    """list[T] or set[T], as a is"""
    elem = unify(elem_of(types[0]) or ANY, elem_of(types[1]) or ANY) or ANY
    return SetT(elem) if isinstance(types[0], SetT) else ListT(elem)


def _empty(what: str) -> BuiltinError:
    return BuiltinError(f"{what}() of an empty collection", f"give a default: {what}(xs, default=...)")


def _pick(choose: Callable[..., Any], what: str) -> Callable[..., Any]:
    def pick(xs: Collection[Any], key: Callable[[Any], Any] | None = None, default: Any = _MISSING) -> Any:
        if not xs:
            if default is _MISSING:
                raise _empty(what)
            return default
        return choose(xs, key=key)

    return pick


def _first(xs: Sequence[Any], default: Any = _MISSING) -> Any:
    if xs:
        return xs[0]
    if default is _MISSING:
        raise _empty("first")
    return default


def _last(xs: Sequence[Any], default: Any = _MISSING) -> Any:
    if xs:
        return xs[-1]
    if default is _MISSING:
        raise _empty("last")
    return default


def _index_of(xs: Sequence[Any], x: Any, default: Any = _MISSING) -> int:
    try:
        return list(xs).index(x)
    except ValueError:
        if default is _MISSING:
            raise BuiltinError(
                "index_of(): the value is not in the list", "check with 'x in xs' first, or give default=-1"
            ) from None
        return default


def _count_of(xs: Collection[Any], x: Any) -> int:
    return xs.count(x) if isinstance(xs, (list, tuple)) else int(x in xs)


def _repeated(xs: Iterable[Any], n: int) -> list[Any]:
    return [x for x, k in Counter(xs).items() if k >= n]  # a Counter keeps first occurrences' order


def _as_list(xs: Iterable[Any]) -> list[Any]:
    if isinstance(xs, (set, frozenset)):
        try:
            return sorted(xs)
        except TypeError:
            pass
    return list(xs)


def _union(a: Collection[Any], b: Collection[Any]) -> Any:
    if isinstance(a, (set, frozenset)):
        return frozenset(a) | frozenset(b)
    missing = Counter(b)
    missing.subtract(Counter(a))
    out = list(a)
    for x in b:
        if missing[x] > 0:
            missing[x] -= 1
            out.append(x)
    return out


def _intersection(a: Collection[Any], b: Collection[Any]) -> Any:
    if isinstance(a, (set, frozenset)):
        return frozenset(a) & frozenset(b)
    available = Counter(b)
    out = []
    for x in a:
        if available[x] > 0:
            available[x] -= 1
            out.append(x)
    return out


def _difference(a: Collection[Any], b: Collection[Any]) -> Any:
    if isinstance(a, (set, frozenset)):
        return frozenset(a) - frozenset(b)
    if len(b) <= 8:  # the usual case, a card or two taken from a hand: list.remove is much faster
        out = list(a)
        for x in b:
            try:
                out.remove(x)
            except ValueError:
                pass
        return out
    remove = Counter(b)
    out = []
    for x in a:
        if remove[x] > 0:
            remove[x] -= 1
        else:
            out.append(x)
    return out


def _round_up(x: int, m: int) -> int:
    if m <= 0:
        raise BuiltinError(f"round_up() needs a positive multiple, got {m}")
    return -(-x // m) * m


def _clamp(x: int, lo: int, hi: int) -> int:
    if lo > hi:
        raise BuiltinError(f"clamp() bounds are reversed: {lo} > {hi}")
    return lo if x < lo else hi if x > hi else x


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _range_impl(limit: int) -> Callable[..., list[int]]:
    def range_(a: int, b: int | None = None) -> list[int]:
        lo, hi = (0, a) if b is None else (a, b)
        if hi - lo > limit:
            raise BuiltinError(f"range() would have {hi - lo:,} elements; the limit is {limit:,}")
        return list(range(lo, hi))

    return range_


def _combinations_impl(limit: int) -> Callable[[Sequence[Any], int], list[list[Any]]]:
    def combinations_(xs: Sequence[Any], k: int) -> list[list[Any]]:
        if k < 0:
            raise BuiltinError(f"combinations() needs a size of 0 or more, got {k}")
        n = len(xs)
        made = comb(n, k) if k <= n else 0
        if made > limit:
            raise BuiltinError(f"combinations() would have {made:,} elements; the limit is {limit:,}")
        return [list(c) for c in itertools.combinations(xs, k)]

    return combinations_


def _product_impl(limit: int) -> Callable[[Iterable[int]], int]:
    def product_(xs: Iterable[int]) -> int:
        total = 1
        for x in xs:
            total *= x
            if not -limit <= total <= limit:
                raise BuiltinError(f"product() is too large (over {limit:,})")
        return total

    return product_


def _sum_impl(limit: int) -> Callable[[Iterable[int]], int]:
    def sum_(xs: Iterable[int]) -> int:
        total = sum(xs)
        if -limit <= total <= limit:
            return total
        raise BuiltinError(f"sum() is too large (over {limit:,})")

    return sum_


def _fn(
    name: str, doc: str, params: Sequence[Param], returns: Any, impl: Callable[..., Any], **options: Any
) -> Function:
    options.setdefault("charges", True)
    return Function(name, tuple(params), returns, impl, doc=doc, pure=True, **options)


def _min_max(name: str, choose: Callable[..., Any], word: str) -> Function:
    ints = _fn(
        name, f"The {word} of two or more integers.", [Param("a", INT), Param("b", INT)], INT, choose, varargs=INT
    )
    return _fn(
        name,
        f"The {word} element of a collection (by key=, the first of equals; or default= when empty).",
        [Param("xs", COLL)],
        T,
        _pick(choose, name),
        keywords={"key": KEY, "default": T},
        alt=ints,
        check=_needs_order(name),
    )


def _collections() -> list[Function]:
    xs = Param("xs", COLL)
    return [
        _fn("len", "The number of elements of a collection.", [xs], INT, len, charges=False),
        _fn(
            "count",
            "The number of elements of a collection or generator.",
            [xs],
            INT,
            len,
            charges=False,
            check=_count_check,
            reduces="count",
        ),
        _fn("count_of", "How many elements of xs equal x.", [xs, Param("x", T)], INT, _count_of),
        _fn("any", "Whether at least one condition holds.", [Param("xs", CollT(BOOL))], BOOL, any, reduces="any"),
        _fn(
            "all",
            "Whether every condition holds (true when there are none).",
            [Param("xs", CollT(BOOL))],
            BOOL,
            all,
            reduces="all",
        ),
        _fn(
            "sorted",
            "The elements in ascending order (by key=; reverse=true for descending).",
            [xs],
            ListT(T),
            sorted,
            keywords={"key": KEY, "reverse": BOOL},
            check=_needs_order("sorted"),
        ),
        _fn("reversed", "The list in reverse order.", [Param("xs", ListT(T))], ListT(T), lambda v: v[::-1]),
        _fn(
            "unique",
            "The elements without repeats, first occurrences kept in order.",
            [xs],
            ListT(T),
            lambda v: list(dict.fromkeys(v)),
        ),
        _fn(
            "repeated",
            "The elements found at least n times, each once, first occurrences kept in order"
            " (the cards a hand holds in pairs: repeated(hand, 2)).",
            [xs, Param("n", INT)],
            ListT(T),
            _repeated,
        ),
        _fn(
            "first",
            "The first element (an error when empty unless default= is given).",
            [Param("xs", ListT(T))],
            T,
            _first,
            keywords={"default": T},
            charges=False,
        ),
        _fn(
            "last",
            "The last element (an error when empty unless default= is given).",
            [Param("xs", ListT(T))],
            T,
            _last,
            keywords={"default": T},
            charges=False,
        ),
        _fn(
            "index_of",
            "The position of the first x in xs (an error when absent unless default=).",
            [Param("xs", ListT(T)), Param("x", T)],
            INT,
            _index_of,
            keywords={"default": INT},
        ),
        _fn(
            "set",
            "The elements as a set; set() is the empty set.",
            [xs],
            SetT(T),
            lambda v=(): frozenset(v),
            min_args=0,
        ),
        _fn("list", "The elements as a list (a set's in ascending order).", [xs], ListT(T), _as_list),
        _fn(
            "union",
            "Elements of a or b (on lists: copies counted, a's order first).",
            [Param("a", COLL), Param("b", COLL)],
            _same_kind,
            _union,
        ),
        _fn(
            "intersection",
            "Elements in both a and b (on lists: copies counted, a's order).",
            [Param("a", COLL), Param("b", COLL)],
            _same_kind,
            _intersection,
        ),
        _fn(
            "difference",
            "Elements of a not in b (on lists: one copy removed per copy in b).",
            [Param("a", COLL), Param("b", COLL)],
            _same_kind,
            _difference,
        ),
    ]


def _numbers(limits: Limits) -> list[Function]:
    x = Param("x", INT)
    return [
        _fn(
            "sum",
            "The total of a collection of integers.",
            [Param("xs", CollT(INT))],
            INT,
            _sum_impl(limits.max_int),
            reduces="sum",
        ),
        _fn(
            "product",
            "The product of a collection of integers (1 when it is empty).",
            [Param("xs", CollT(INT))],
            INT,
            _product_impl(limits.max_int),
        ),
        _fn(
            "combinations",
            "Every choice of k elements of xs, each a list in xs's order, the choices in order"
            " (combinations(hand, 2): every pair of the hand; bounded by the collection limit).",
            [Param("xs", ListT(T)), Param("k", INT)],
            ListT(ListT(T)),
            _combinations_impl(limits.max_collection),
        ),
        _min_max("min", min, "smallest"),
        _min_max("max", max, "largest"),
        _fn(
            "range",
            "The integers 0..n-1, or a..b-1 (bounded by the collection limit).",
            [Param("a", INT), Param("b", INT)],
            ListT(INT),
            _range_impl(limits.max_collection),
            min_args=1,
        ),
        _fn("abs", "The magnitude of an integer.", [x], INT, abs),
        _fn("sign", "-1, 0 or 1 by the sign of x.", [x], INT, _sign),
        _fn("clamp", "x limited to the range lo..hi.", [x, Param("lo", INT), Param("hi", INT)], INT, _clamp),
        _fn("round_up", "x rounded up to a multiple of m (m > 0).", [x, Param("m", INT)], INT, _round_up),
    ]


def _join_impl(limit: int) -> Callable[[str, Sequence[str]], str]:
    def join(sep: str, items: Sequence[str]) -> str:
        size = sum(len(x) for x in items) + len(sep) * max(0, len(items) - 1)
        if size > limit:
            raise BuiltinError(f"join() would make a text of {size:,} characters; the limit is {limit:,}")
        return sep.join(items)

    return join


def _text(limits: Limits) -> list[Function]:
    return [
        _fn(
            "str",
            "A whole number as text: str(12) is '12'.",
            [Param("n", INT)],
            STR,
            str,
            charges=False,
        ),
        _fn(
            "join",
            "The texts of a list with sep between them: join(', ', ['a', 'b']) is 'a, b'.",
            [Param("sep", STR), Param("items", ListT(STR))],
            STR,
            _join_impl(limits.max_collection),
        ),
    ]


@cache
def builtin_functions(limits: Limits = DEFAULT_LIMITS) -> Mapping[str, Function]:
    """The registry for one set of limits (range, sum and join depend on them)."""
    return {f.name: f for f in (*_collections(), *_numbers(limits), *_text(limits))}


BUILTINS: Mapping[str, Function] = builtin_functions()
