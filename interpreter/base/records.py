"""Data classes made quickly: `dataclass`, a drop-in for the standard library's.

The standard `dataclasses.dataclass` writes and compiles the text of each
generated method (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`,
`__delattr__`) and examines every annotation with regular expressions; for the
85 data classes a `cardrules validate` imports that was about a third of the
command's import time.  This decorator makes the same classes compiling only
`__init__` (its signature is the fields'), the other methods closures over the
field names: the same fields (real `dataclasses.Field` objects in
`__dataclass_fields__`, so `dataclasses.fields`, `replace`, `asdict` and
`is_dataclass` work on them), the same `__init__` signature, `__repr__`,
`__eq__`, `__hash__`, frozen and slots behaviour, `__post_init__`, pickling and
inheritance from other data classes.

It takes the options this package uses (`init`, `repr`, `eq`, `frozen`,
`kw_only`, `slots`); anything it does not make itself (an `InitVar`, a
`ClassVar`, `order`, `unsafe_hash`, `match_args=False`, a `KW_ONLY` marker,
an interpreter without the standard module's field markers) goes to the
standard decorator, so a class is never made differently from what the
standard library would make.  tests/base/test_data_classes.py compares the two.
"""

from __future__ import annotations

import abc
import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass", "field"]

field = dataclasses.field
MISSING = dataclasses.MISSING
_FIELD = getattr(dataclasses, "_FIELD", None)  # the standard module's marks of a field's kind
_PARAMS = getattr(dataclasses, "_DataclassParams", None)
_HAS_FACTORY = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)
_FALLBACK_WORDS = ("ClassVar", "InitVar", "KW_ONLY")  # annotations the standard decorator treats apart

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda f: f


@dataclass_transform(field_specifiers=(dataclasses.field,))
def dataclass(
    cls: Any = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,  # noqa: A002  (the standard decorator's name for it)
    eq: bool = True,
    frozen: bool = False,
    kw_only: bool = False,
    slots: bool = False,
) -> Any:
    """`dataclasses.dataclass` with the same options, one compilation per class."""
    options = {"init": init, "repr": repr, "eq": eq, "frozen": frozen, "kw_only": kw_only, "slots": slots}

    def wrap(c: type) -> type:
        made = _make(c, **options)
        return made if made is not None else dataclasses.dataclass(c, **options)

    return wrap if cls is None else wrap(cls)


def _make(cls: type, init: bool, repr: bool, eq: bool, frozen: bool, kw_only: bool, slots: bool) -> type | None:  # noqa: A002
    """The class made as the standard decorator makes it, or None to leave it to that decorator."""
    if _FIELD is None or _PARAMS is None or _HAS_FACTORY is None:
        return None
    fields: dict[str, dataclasses.Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get("__dataclass_fields__")
        if inherited is not None:
            if base.__dict__["__dataclass_params__"].frozen != frozen:
                return None  # (the standard decorator says what is wrong)
            fields.update((name, f) for name, f in inherited.items() if f._field_type is _FIELD)
    body = cls.__dict__
    annotations = body.get("__annotations__", {})
    own = []
    for name, kind in annotations.items():
        if not isinstance(kind, str) or any(word in kind for word in _FALLBACK_WORDS):
            return None
        default = body.get(name, MISSING)
        f: dataclasses.Field = default if isinstance(default, dataclasses.Field) else dataclasses.field(default=default)
        if isinstance(f.default, (list, dict, set)):
            return None  # a mutable default: the standard decorator's error
        f.name, f.type = name, kind
        f._field_type = _FIELD  # type: ignore[attr-defined]
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        fields[name] = f
        own.append(f)
    if "__slots__" in body and slots:
        return None
    if not _in_order(fields):
        return None
    for name in ("__setattr__", "__delattr__") if frozen else ():
        if name in body:
            return None
    if slots:
        cls = _with_slots(cls, fields, own)
        body = cls.__dict__
    else:
        for f in own:  # a default is the class attribute, a Field without one none
            if f.default is not MISSING:
                setattr(cls, f.name, f.default)
            elif isinstance(body.get(f.name), dataclasses.Field):
                delattr(cls, f.name)
    made = _methods(cls, fields, init, repr, eq, frozen)
    qualname = cls.__qualname__
    for name, fn in made.items():
        fn.__qualname__ = f"{qualname}.{name}"
        if name == "__init__":  # (what inspect.signature shows, as for the standard classes)
            fn.__annotations__ = {f.name: f.type for f in fields.values() if f.init} | {"return": None}
        if name == "__hash__" or name not in body:
            setattr(cls, name, fn)
    if eq and not frozen and "__hash__" not in body:
        cls.__hash__ = None  # type: ignore[assignment]
    cls.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    cls.__dataclass_params__ = _PARAMS(init, repr, eq, False, False, frozen)  # type: ignore[attr-defined]
    if "__match_args__" not in body:
        cls.__match_args__ = tuple(f.name for f in fields.values() if f.init and not f.kw_only)  # type: ignore[attr-defined, misc]
    if cls.__doc__ is None:  # the standard decorator's: the class's signature
        cls.__doc__ = cls.__name__ + _signature(fields)
    abc.update_abstractmethods(cls)
    return cls


def _in_order(fields: dict[str, dataclasses.Field]) -> bool:
    """Whether no positional field without a default follows one with a default (checked before the
    class is changed: the standard decorator says what is wrong)."""
    defaulted = False
    for f in fields.values():
        if f.init and not f.kw_only:
            if f.default is not MISSING or f.default_factory is not MISSING:
                defaulted = True
            elif defaulted:
                return False
    return True


def _signature(fields: dict[str, dataclasses.Field]) -> str:
    params, star = [], False
    for f in fields.values():
        if not f.init:
            continue
        if f.kw_only and not star:
            params.append("*")
            star = True
        text = f"{f.name}: {f.type!r}"
        if f.default is not MISSING:
            text += f" = {f.default!r}"
        elif f.default_factory is not MISSING:
            text += " = <factory>"
        params.append(text)
    return f"({', '.join(params)})"


def _with_slots(cls: type, fields: dict[str, dataclasses.Field], own: list[dataclasses.Field]) -> type:
    """The class made again with `__slots__` for its fields (the standard decorator's `_add_slots`)."""
    body = dict(cls.__dict__)
    inherited: set[str] = set()
    for base in cls.__mro__[1:-1]:
        inherited.update(getattr(base, "__slots__", ()))
    body["__slots__"] = tuple(name for name in fields if name not in inherited)
    for f in own:
        body.pop(f.name, None)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    qualname = getattr(cls, "__qualname__", None)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    if qualname is not None:
        made.__qualname__ = qualname
    return made


def _methods(
    cls: type,
    fields: dict[str, dataclasses.Field],
    init: bool,
    repr: bool,
    eq: bool,
    frozen: bool,  # noqa: A002
) -> dict[str, Any]:
    """The class's methods: `__init__` compiled from its text (its signature is the fields'), the
    others closures over the field names (compiling text is what makes the standard decorator slow)."""
    every = list(fields.values())
    made: dict[str, Any] = {}
    if init:
        made["__init__"] = _init(cls, every, frozen)
    if repr:
        shown = tuple(f.name for f in every if f.repr)

        @reprlib.recursive_repr()  # (as the standard's: a value that holds itself shows `...`)
        def __repr__(self: Any) -> str:
            inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
            return f"{self.__class__.__qualname__}({inner})"

        made["__repr__"] = __repr__
    if eq:
        key = _getter(tuple(f.name for f in every if f.compare))

        def __eq__(self: Any, other: Any) -> Any:
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented

        made["__eq__"] = __eq__
        has_own_hash = "__hash__" in cls.__dict__ and cls.__dict__["__hash__"] is not None
        if frozen and not has_own_hash:
            hashed = _getter(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))

            def __hash__(self: Any) -> int:
                return hash(hashed(self))

            made["__hash__"] = __hash__
    if frozen:
        made.update(_frozen(cls, tuple(fields)))
    return made


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The values of `names` of an object, as a tuple (`operator.attrgetter`, which gives a single
    name's value alone)."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda self: (one(self),)
    return operator.attrgetter(*names) if names else lambda self: ()


def _frozen(cls: type, names: tuple[str, ...]) -> dict[str, Any]:
    """A frozen class's `__setattr__` and `__delattr__`, and with slots its pickling field by field."""
    fixed, error, put = frozenset(names), dataclasses.FrozenInstanceError, object.__setattr__

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in fixed:
            raise error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in fixed:
            raise error(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    made: dict[str, Any] = {"__setattr__": __setattr__, "__delattr__": __delattr__}
    if "__slots__" in cls.__dict__:
        values = _getter(names)

        def __getstate__(self: Any) -> list:
            return list(values(self))

        def __setstate__(self: Any, state: list) -> None:
            for name, value in zip(names, state):
                put(self, name, value)

        made |= {"__getstate__": __getstate__, "__setstate__": __setstate__}
    return made


def _init(cls: type, every: list[dataclasses.Field], frozen: bool) -> Any:
    """`__init__`, compiled from its text."""
    env: dict[str, Any] = {"__set__": object.__setattr__, "__factory__": _HAS_FACTORY, "__records__": True}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in every:
        if f.init:
            if f.default is not MISSING:
                env[f"__d_{f.name}"] = f.default
                param = f"{f.name}=__d_{f.name}"
            elif f.default_factory is not MISSING:
                param = f"{f.name}=__factory__"
            else:
                param = f.name
            (keywords if f.kw_only else positional).append(param)
        if f.default_factory is not MISSING:
            env[f"__f_{f.name}"] = f.default_factory
            value = f"__f_{f.name}() if {f.name} is __factory__ else {f.name}" if f.init else f"__f_{f.name}()"
        elif f.init:
            value = f.name
        elif f.default is not MISSING and "__slots__" in cls.__dict__:  # (else the class attribute)
            env[f"__d_{f.name}"] = f.default
            value = f"__d_{f.name}"
        else:
            continue
        body.append(f"__set__(self, {f.name!r}, {value})" if frozen else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    params = ["self", *positional] + (["*", *keywords] if keywords else [])
    lines = [f"def __init__({', '.join(params)}):", *(f"    {line}" for line in body or ["pass"])]
    exec("\n".join(lines), env)  # noqa: S102  (our own text)
    return env["__init__"]
