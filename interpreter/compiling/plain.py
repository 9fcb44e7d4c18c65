"""Values as plain data, for what outlives the moment: records, logs, saves.

At run time a card is a small int and a zone's cards are the zone's own list.
What a `record` step writes is kept after the zone changes and is read by
people (logs, `replay --check`), so it is converted once, when written: enum
values (cards, suits, teams, actions...) become their ids, lists and sets
become tuples (a set in ascending order of its values), engine records (an
entry, a group) become mappings of their fields.  Nothing in the result
refers to the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.expr import EnumT, ListT, RecordT, SetT, Type


def plain_converter(t: Type) -> Callable[[Any], Any]:
    """The function turning a run-time value of type `t` into plain, frozen data."""
    if isinstance(t, EnumT):
        names = {v: k for k, v in t.values.items()}
        return lambda value: names.get(value, value) if value.__class__ is int else value
    if isinstance(t, ListT):
        item = plain_converter(t.elem)
        return lambda value: tuple(item(v) for v in value)
    if isinstance(t, SetT):
        item = plain_converter(t.elem)
        return lambda value: tuple(item(v) for v in _ordered(value))
    if isinstance(t, RecordT):
        fields = tuple((name, f.getter, plain_converter(f.type)) for name, f in t.fields.items())
        return lambda value: None if value is None else {name: conv(get(value)) for name, get, conv in fields}
    return frozen


def in_order(fn: Callable[[Any], Any]) -> Callable[[Any], list]:
    """A closure giving a set's values in ascending order (deck order for cards), the same in every
    run, where the engine walks them (a loop, the candidates of an action, cards to move)."""
    return lambda fr: sorted(fn(fr))


def frozen(value: Any) -> Any:
    """A value of unknown type with every list, tuple or set made a tuple (no shared containers)."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(frozen(v) for v in _ordered(value))
    return value


def _ordered(values: Any) -> list:
    try:
        return sorted(values)
    except TypeError:  # values without an order (records): as the set holds them
        return list(values)
