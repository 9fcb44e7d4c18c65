"""interpreter/base/records.py makes the classes the standard `dataclasses.dataclass` makes."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import itertools
import pickle
from typing import ClassVar

import pytest

from interpreter.base import records
from interpreter.base.records import dataclass, field

OPTIONS = [
    dict(zip(("frozen", "slots", "kw_only", "eq"), values))
    for values in itertools.product((False, True), (False, True), (False, True), (True, False))
]


def _both(options: dict, make):
    """The class `make(decorator)` builds, by the standard decorator and by ours."""
    theirs = make(lambda c: dataclasses.dataclass(c, **options))
    ours = make(lambda c: dataclass(c, **options))
    return theirs, ours


def _plain(decorate):
    class Card:
        suit: str
        rank: int = 1
        tags: tuple = field(default_factory=tuple)
        note: str = field(default="", repr=False, compare=False)
        seen: list = field(default_factory=list, repr=False, compare=False)

    return decorate(Card)


def _inherited(decorate):
    class Base:
        name: str
        size: int = 0

    base = decorate(Base)

    class Child(base):  # type: ignore[valid-type, misc]
        extra: str = "x"
        count: int = field(default=0, kw_only=True)

    return decorate(Child)


def _post_init(decorate):
    class Total:
        a: int
        b: int = 2
        total: int = field(init=False, repr=False, compare=False)

        def __post_init__(self):
            object.__setattr__(self, "total", self.a + self.b)

    return decorate(Total)


def _values(cls):
    try:
        return cls("s", 3) if not cls.__dataclass_params__ else cls(**_kwargs(cls))
    except TypeError:
        return cls(**_kwargs(cls))


def _kwargs(cls):
    out = {}
    for f in dataclasses.fields(cls):
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            out[f.name] = {"str": "s", "int": 3}.get(str(f.type), 1)
    return out


def _same_behaviour(theirs, ours):
    assert ours is not theirs
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert [(f.name, f.type, f.default, f.init, f.repr, f.compare, f.kw_only) for f in dataclasses.fields(ours)] == [
        (f.name, f.type, f.default, f.init, f.repr, f.compare, f.kw_only) for f in dataclasses.fields(theirs)
    ]
    assert ours.__doc__ == theirs.__doc__
    assert getattr(ours, "__match_args__", None) == getattr(theirs, "__match_args__", None)
    assert hasattr(ours, "__slots__") == hasattr(theirs, "__slots__")
    assert (ours.__hash__ is None) == (theirs.__hash__ is None)
    a, b = ours(**_kwargs(ours)), theirs(**_kwargs(theirs))
    assert repr(a).split("(", 1)[1] == repr(b).split("(", 1)[1]
    assert (a == ours(**_kwargs(ours))) == (b == theirs(**_kwargs(theirs)))
    assert (a == b) is False  # classes differ: NotImplemented both ways
    if ours.__hash__ is not None and theirs.__dataclass_params__.frozen and theirs.__dataclass_params__.eq:
        try:
            assert hash(a) == hash(ours(**_kwargs(ours)))
        except TypeError:  # an unhashable field: the standard class cannot hash it either
            with pytest.raises(TypeError):
                hash(b)
    frozen = theirs.__dataclass_params__.frozen
    first = dataclasses.fields(ours)[0].name
    if frozen:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, first, "changed")
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(a, first)
    else:
        setattr(a, first, "changed")
        setattr(b, first, "changed")
        assert getattr(a, first) == getattr(b, first) == "changed"
    other = 7 if dataclasses.fields(ours)[0].type == "int" else "other"
    changed = dataclasses.replace(a, **{first: other})
    assert getattr(changed, first) == other and type(changed) is ours
    assert dataclasses.asdict(a) == dataclasses.asdict(a)
    assert copy.deepcopy(a) == a if ours.__dataclass_params__.eq else True


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "plain")
@pytest.mark.parametrize("make", [_plain, _inherited, _post_init], ids=["plain", "inherited", "post_init"])
def test_records_make_the_standard_libraries_classes(options, make):
    theirs, ours = _both(options, make)
    _same_behaviour(theirs, ours)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "plain")
def test_records_pickle_and_copy_as_the_standard_ones(options):
    _, ours = _both(options, _plain)
    globals()["_Pickled"] = ours  # pickle finds a class by its module and name
    ours.__qualname__ = "_Pickled"
    item = ours(suit="hearts", rank=7, tags=("a",))
    again = pickle.loads(pickle.dumps(item))
    assert (again.suit, again.rank, again.tags) == ("hearts", 7, ("a",))
    assert copy.copy(item).suit == "hearts"


def test_a_default_factory_makes_a_fresh_value_for_every_instance():
    _, ours = _both({}, _plain)
    one, two = ours("a"), ours("b")
    one.seen.append(1)
    assert two.seen == []


def test_post_init_runs_after_every_field_is_set():
    _, ours = _both({"frozen": True, "slots": True}, _post_init)
    assert ours(1).total == 3 and ours(1, 5).total == 6
    assert "total" not in repr(ours(1))


def test_what_records_do_not_make_goes_to_the_standard_decorator():
    """A mutable default, a field without a default after one with, a ClassVar: the standard errors
    and behaviour, not ours."""
    with pytest.raises(ValueError, match="mutable default"):

        @dataclass
        class Bad:
            items: list = []  # noqa: RUF012

    with pytest.raises(TypeError, match="non-default argument"):

        @dataclass
        class Order:
            a: int = 0
            b: int  # type: ignore[misc]

    @dataclass
    class WithClassVar:
        a: int
        shared: ClassVar[int] = 4

    assert [f.name for f in dataclasses.fields(WithClassVar)] == ["a"] and WithClassVar.shared == 4


def test_an_own_eq_or_hash_is_kept():
    @dataclass(frozen=True)
    class Keyed:
        a: int
        b: int = 0

        def __eq__(self, other):
            return isinstance(other, Keyed) and self.a == other.a

        def __hash__(self):
            return self.a

    assert Keyed(1, 2) == Keyed(1, 3) and hash(Keyed(5)) == 5


def test_every_data_class_of_the_package_is_made_by_records_or_the_standard_decorator():
    """The package's classes are made quickly: none falls back to the standard decorator unseen."""
    import importlib
    import pkgutil

    import interpreter

    slow = []
    for info in pkgutil.walk_packages(interpreter.__path__, "interpreter."):
        if ".web" in info.name or "openspiel" in info.name or info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra
            continue
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == info.name:
                if "__records__" not in getattr(value.__init__, "__globals__", {}):
                    slow.append(f"{info.name}.{value.__qualname__}")
    assert slow == [], "made by the standard decorator (import `dataclass` from interpreter.base.records)"
    assert records.MISSING is dataclasses.MISSING


def test_a_value_that_holds_itself_is_shown_without_end():
    @dataclass
    class Box:
        items: list = field(default_factory=list)

    box = Box()
    box.items.append(box)
    assert repr(box) == "test_a_value_that_holds_itself_is_shown_without_end.<locals>.Box(items=[...])"
