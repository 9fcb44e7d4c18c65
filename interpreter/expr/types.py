"""Static types of the expression language and the rules that relate them.

Types are checked once, at load time, so a ruleset author learns about
`card + 1` before any game starts. The system is deliberately small: no
subtyping except `any` (unknown, fits everywhere) and `none` (fits any
enum or record, for "no card yet"); `bool` is not `int`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from interpreter.base.diagnostics import did_you_mean
from interpreter.base.records import dataclass, field


class Type:
    """Base of every static type; `str(t)` is how messages print it."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Prim(Type):
    """A built-in scalar type: int, bool, str, none, any."""

    name: str

    def __str__(self) -> str:
        return "any" if self.name == "<error>" else self.name


INT = Prim("int")
BOOL = Prim("bool")
STR = Prim("str")
NONE = Prim("none")
ANY = Prim("any")
ERROR = Prim("<error>")  # already reported: fits everywhere, silences follow-up errors
# (an engine may bind a name whose declaration failed as Value(ERROR, ...))


@dataclass(frozen=True, slots=True)
class ListT(Type):
    """An ordered collection; at run time any Python sequence (list or tuple)."""

    elem: Type

    def __str__(self) -> str:
        return f"list[{self.elem}]"


@dataclass(frozen=True, slots=True)
class SetT(Type):
    """An unordered collection without duplicates; a frozenset at run time."""

    elem: Type

    def __str__(self) -> str:
        return f"set[{self.elem}]"


@dataclass(frozen=True, slots=True)
class Field:
    """A declared attribute: its type and how to read it from the owner's value."""

    type: Type
    getter: Callable[[Any], Any]
    index: int | None = None  # the owner is a tuple and this field is its item `index` (generated code reads it so)


@dataclass(frozen=True, eq=False)
class EnumT(Type):
    """A finite set of named values, small ints at run time (suits, cards, teams...).

    `attrs` may be filled after creation, so an attribute can refer back to
    its own enum (for example a card's `next` card).
    """

    name: str
    values: Mapping[str, int]
    attrs: dict[str, Field] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)  # a value's name, lower case -> its id (for hints)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, eq=False)
class RecordT(Type):
    """A structured value the engine provides, read only through declared fields."""

    name: str
    fields: Mapping[str, Field] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class TVar(Type):
    """A type variable in a builtin's signature (`max(xs: collection[T]) -> T`)."""

    name: str = "T"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class CollT(Type):
    """Signature-only: a list or a set of `elem`."""

    elem: Type

    def __str__(self) -> str:
        return f"collection[{self.elem}]"


@dataclass(frozen=True, slots=True)
class FnT(Type):
    """Signature-only: the name of a function taking one `arg` (for `key=`)."""

    arg: Type

    def __str__(self) -> str:
        return f"function({self.arg})"


T = TVar("T")


def is_unknown(t: Type) -> bool:
    """True for `any` and for already-reported errors: no further checks apply."""
    return t is ANY or t is ERROR


def elem_of(t: Type) -> Type | None:
    """The element type of a list or set (unknown for `any`), else None."""
    if isinstance(t, (ListT, SetT, CollT)):
        return t.elem
    return t if is_unknown(t) else None


def orderable(t: Type) -> bool:
    """Types whose values compare with < in a meaningful order (sort keys, min, max)."""
    if isinstance(t, ListT):
        return orderable(t.elem)
    return is_unknown(t) or t in (INT, BOOL, STR)


def unify(a: Type, b: Type) -> Type | None:
    """The common type of two values that meet (branches, list items), or None."""
    if a == b or a is b:
        return a
    if b is ERROR or a is ERROR:
        return ERROR
    if is_unknown(a):
        return b
    if is_unknown(b):
        return a
    if a is NONE or b is NONE:
        other = b if a is NONE else a
        return other if isinstance(other, (EnumT, RecordT)) else None
    if type(a) is type(b) and isinstance(a, (ListT, SetT)) and isinstance(b, (ListT, SetT)):
        inner = unify(a.elem, b.elem)
        return None if inner is None else type(a)(inner)
    return None


def assignable(actual: Type, wanted: Type) -> bool:
    """Whether a value of type `actual` may stand where `wanted` is declared."""
    if actual == wanted or is_unknown(actual) or is_unknown(wanted):
        return True
    if actual is NONE:
        return isinstance(wanted, (EnumT, RecordT))
    if type(actual) is type(wanted) and isinstance(actual, (ListT, SetT)) and isinstance(wanted, (ListT, SetT)):
        return assignable(actual.elem, wanted.elem)
    return False


def comparable(a: Type, b: Type) -> bool:
    """Whether `a == b` can ever be true (so comparing makes sense); `x == none` always may."""
    return a is NONE or b is NONE or unify(a, b) is not None


def bind(param: Type, actual: Type, bindings: dict[str, Type]) -> bool:
    """Match an argument type against a signature type, binding type variables."""
    if isinstance(param, TVar):
        known = bindings.get(param.name)
        if known is None or is_unknown(known):
            bindings[param.name] = actual
            return True
        common = unify(known, actual)
        if common is None:
            return False
        bindings[param.name] = common
        return True
    if isinstance(param, CollT):
        inner = elem_of(actual)
        return inner is not None and bind(param.elem, inner, bindings)
    if isinstance(param, (ListT, SetT)) and type(actual) is type(param):
        return bind(param.elem, actual.elem, bindings)
    return assignable(actual, param)


def substitute(t: Type, bindings: Mapping[str, Type], unbound: Type | None = ANY) -> Type:
    """`t` with its type variables replaced; unbound ones become `unbound` (None: kept)."""
    if isinstance(t, TVar):
        return bindings.get(t.name, unbound or t)
    if isinstance(t, (ListT, SetT, CollT)):
        return type(t)(substitute(t.elem, bindings, unbound))
    if isinstance(t, FnT):
        return FnT(substitute(t.arg, bindings, unbound))
    return t


def expected_for(t: Type, bindings: Mapping[str, Type]) -> Type | None:
    """What to tell an argument it should be, or None when nothing is known yet."""
    out = substitute(t, bindings)
    if isinstance(out, CollT):
        return None if is_unknown(out.elem) else ListT(out.elem)
    return None if is_unknown(out) else out


class TypeNameError(ValueError):
    """A type written in a ruleset (`list[crad]`) that does not exist."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint


PRIMITIVES: Mapping[str, Type] = {"int": INT, "bool": BOOL, "str": STR, "any": ANY}


def parse_type(text: str, known: Mapping[str, Type]) -> Type:
    """Read a type written in YAML: int, bool, str, any, list[T], set[T], or a known name."""
    name = text.strip()
    for prefix, ctor in (("list[", ListT), ("set[", SetT)):
        if name.startswith(prefix) and name.endswith("]"):
            return ctor(parse_type(name[len(prefix) : -1], known))
    found = PRIMITIVES.get(name) or known.get(name)
    if found is None:
        choices = [*PRIMITIVES, *known, "list[...]", "set[...]"]
        raise TypeNameError(f"unknown type '{name}'", did_you_mean(name, choices) or "types are " + ", ".join(choices))
    return found
