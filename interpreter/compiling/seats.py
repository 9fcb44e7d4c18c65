"""Which action parameters take seats, so that their moves name the seats (`ask Seat 2`, not `ask 2`).

A seat is an int to the type checker (`seat` is another name for `int`), so whether a
parameter's values are seats is read from its `from` expression: `seats`, the engine's
functions of seats (`others_from(player)`, `seats_of(team)`, `next_seat(s)` ...), `player`,
variables and constants declared as seats (`seat`, `list[seat]`, per seat or per team), ruleset
functions whose value is one of those (their `seat` parameters are seats), and what is built
from them: comprehensions over seats, conditionals, list literals, `+`, `sorted`, `unique` ...
Anything else (`range(num_players)`, arithmetic) is not read as seats: its values stay numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.compiling.context import Src
from interpreter.expr import Limits, code
from interpreter.expr import ast as A
from interpreter.expr.parse import parse

SEAT_LISTS = frozenset({"seats_from", "others_from", "seats_of"})  # engine functions giving seats
ONE_SEAT = code.SEAT_FUNCTIONS
SEAT_NAMES = {"seats": 1, "player": 0, "last_player": 0}
# builtins whose value holds the elements of their first argument (a collection)
SAME = frozenset({"sorted", "unique", "reversed", "list", "set", "difference", "intersection", "union", "repeated"})
ELEMENT = frozenset({"first", "last", "max", "min"})  # an element of their first argument
EMPTY = -1  # an empty list literal: seats or anything else


def _depth_of_type(text: Any) -> int | None:
    """`seat` -> 0, `list[seat]` -> 1, `list[set[seat]]` -> 2; None for any other type."""
    if text is None:
        return None
    t = str(text).replace(" ", "")
    depth = 0
    while t.endswith("]") and (t.startswith("list[") or t.startswith("set[")):
        t = t[t.index("[") + 1 : -1]
        depth += 1
    return depth if t == "seat" else None


def _join(a: int | None, b: int | None) -> int | None:
    if a == EMPTY:
        return b
    if b == EMPTY:
        return a
    return a if a == b else None


class SeatReader:
    """Reads whether expressions of one ruleset give seats."""

    def __init__(self, model: Any):
        self.globals: dict[str, int] = dict(SEAT_NAMES)
        for v in model.variables:
            d = _depth_of_type(v.type)
            if d is not None:
                self.globals[v.name] = d + (0 if v.per == "game" else 1)
        for k in model.constants:
            d = _depth_of_type(k.type)
            if d is not None:
                self.globals[k.name] = d
        self.functions = {f.name: f for f in model.functions}
        self._values: dict[str, int | None] = {}  # a ruleset function's value, once read

    def gives_seats(self, source: Any) -> bool:
        """Whether an expression's value is a list (or set) of seats."""
        return self._read(source, {}) == 1

    def seat_depth(self, source: Any, local: dict[str, int | None]) -> int | None:
        """0: the expression gives one seat, 1: a list of seats, None: neither (`local`: the names
        bound around it, 0 for a seat)."""
        d = self._read(source, local)
        return d if d in (0, 1) else None

    def _read(self, source: Any, local: dict[str, int | None]) -> int | None:
        if source is None:
            return None
        tree, _problems = parse(Src(source, None), Limits())
        return None if tree is None else self._depth(tree, local)

    def _depth(self, node: Any, local: dict[str, int | None]) -> int | None:
        """How many lists wrap the seats `node` gives (0: one seat), or None: not seats."""
        if isinstance(node, A.Name):
            return local[node.id] if node.id in local else self.globals.get(node.id)
        if isinstance(node, A.Index):
            d = self._depth(node.obj, local)
            return d - 1 if d is not None and d >= 1 else None
        if isinstance(node, A.IfExp):
            return _join(self._depth(node.body, local), self._depth(node.orelse, local))
        if isinstance(node, (A.ListLit, A.SetLit)):
            if not node.items:
                return EMPTY
            each: int | None = EMPTY
            for item in node.items:
                each = _join(each, self._depth(item, local))
            return each + 1 if each is not None and each >= 0 else None
        if isinstance(node, A.BinOp) and node.op == "+":
            d = _join(self._depth(node.left, local), self._depth(node.right, local))
            return d if d is not None and d >= 1 else None
        if isinstance(node, A.Comprehension):
            inner = dict(local)
            for clause in node.clauses:
                if isinstance(clause, A.ForClause):
                    d = self._depth(clause.iter, inner)
                    inner[clause.var] = d - 1 if d is not None and d >= 1 else None
            d = self._depth(node.elt, inner)
            return d + 1 if d is not None and d >= 0 else None
        if isinstance(node, A.Call) and isinstance(node.func, A.Name):
            return self._call(node.func.id, node.args, local)
        return None

    def _call(self, name: str, args: tuple, local: dict[str, int | None]) -> int | None:
        if name in SEAT_LISTS:
            return 1
        if name in ONE_SEAT:
            return 0
        if name in SAME and args:
            d = self._depth(args[0], local)
            return d if d is not None and d >= 1 else None
        if name in ELEMENT and len(args) == 1:
            d = self._depth(args[0], local)
            return d - 1 if d is not None and d >= 1 else None
        if name in self.functions and name not in local:
            if name not in self._values:
                self._values[name] = None  # (a function reading itself: not seats)
                f = self.functions[name]
                params = {pname: _depth_of_type(tname) for pname, tname, _span in f.params}
                self._values[name] = self._read(f.value, params)
            return self._values[name]
        return None


def names_a_seat(source: Any, declared: Callable[[str], bool]) -> bool:
    """Whether an index written as text (`points[player]` in a `set:` key) names a seat (see
    `code.names_a_seat`; `declared(name)`: the name is a seat where the text stands)."""
    tree, _problems = parse(Src(source, None), Limits())
    return tree is not None and code.names_a_seat(tree, declared)
