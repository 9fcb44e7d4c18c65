"""The stable action index: every action a ruleset can ever offer has a fixed integer id.

OpenSpiel numbers actions 0..num_distinct_actions-1 and expects the same move
to keep its number in every state.  The index is laid out from the ruleset
alone, in this order:

* id 0: `pass` (a claim window's answer);
* then each action kind in the order the ruleset declares them:
  - without a parameter: one id;
  - with a parameter of one value: one id per value of its domain (cards by
    face, in deck order; suits, ranks, teams, meld kinds, zones, shapes and
    action names by their index; `bool` as false, true; `int` as the values
    INT_LOW..INT_HIGH, see below);
  - a choice of several values (`param.count`): one id per value of the
    domain for the *pick* of that value, then one id for the whole choice
    (its values are the ones picked, so the whole choice needs no more ids).

An `int` parameter has no declared range in a ruleset, so the index gives it
INT_LOW..INT_HIGH (-128..1023: bids, counts, seat numbers and stakes of up to
a thousand).  A value outside it, or a parameter whose values cannot be
numbered (a text, a set of cards taken as one value), is an `IndexError_`
naming the action, raised when the ruleset is indexed or the value offered.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.state import PASS_KIND, PICK_KIND, Action

INT_LOW, INT_HIGH = -128, 1023


class IndexError_(ValueError):
    """A ruleset action whose values the index cannot number; the message says which."""


class Domain:
    """The values of one parameter, numbered 0..size-1."""

    __slots__ = ("size", "low", "kind")

    def __init__(self, kind: str, size: int, low: int = 0):
        self.kind, self.size, self.low = kind, size, low

    def number(self, value: Any) -> int:
        if self.kind == "bool":
            if value is True or value is False:
                return int(value)
        elif value.__class__ is int:
            i = value - self.low
            if 0 <= i < self.size:
                return i
        raise IndexError_(f"value {value!r} is outside the action index's {self.kind} range")

    def value(self, i: int) -> Any:
        return bool(i) if self.kind == "bool" else i + self.low


def domain(rs: Any, act: Any) -> Domain | None:
    """The domain of an action's parameter (None without one)."""
    kind = act.param_kind
    if act.param_slot is None or kind is None:
        return None
    sizes = {
        "card": rs.cards.count,
        "suit": len(rs.cards.suit_ids),
        "rank": len(rs.cards.rank_ids),
        "team": len(rs.team_ids),
        "kind": len(rs.kind_names),
        "zone": len(rs.zones),
        "shape": len(rs.shapes),
    }
    if kind in sizes:
        return Domain(kind, sizes[kind])
    if kind == "action":
        return Domain(kind, len(rs.actions) + 1, low=PASS_KIND)
    if kind == "bool":
        return Domain(kind, 2)
    if kind in ("int", "seat"):  # (a seat is an int whose moves name it)
        return Domain("int", INT_HIGH - INT_LOW + 1, low=INT_LOW)
    raise IndexError_(
        f"action '{act.name}' takes a parameter of type {kind}, which the action index cannot number "
        "(offer a card, a name, a bool or an int, or choose several values with param count)"
    )


class ActionIndex:
    """(action kind, value) <-> a fixed id, for one ruleset."""

    def __init__(self, rs: Any):
        self.rs = rs
        self.kinds: list[tuple[int, Domain | None, int, int]] = []  # (offset, domain, pick offset, whole id)
        self.rows: list[tuple[int, Domain | None, str]] = [(PASS_KIND, None, "one")]  # per id block start
        n = 1
        starts = [0]
        for act in rs.actions:
            dom = domain(rs, act)
            if act.count is not None:
                assert dom is not None  # a choice of several values has a parameter (the compiler checks)
                self.kinds.append((-1, dom, n, n + dom.size))
                starts += [n, n + dom.size]
                self.rows += [(act.index, dom, "pick"), (act.index, None, "whole")]
                n += dom.size + 1
            elif dom is None:
                self.kinds.append((n, None, -1, -1))
                starts.append(n)
                self.rows.append((act.index, None, "one"))
                n += 1
            else:
                self.kinds.append((n, dom, -1, -1))
                starts.append(n)
                self.rows.append((act.index, dom, "one"))
                n += dom.size
        self.size = n
        self.starts = starts

    def id_of(self, kind: int, value: Any) -> int:
        """The id of an action as the engine offers it."""
        if kind == PASS_KIND:
            return 0
        if kind == PICK_KIND:
            k, v = value
            _, dom, pick, _ = self.kinds[k]
            return pick + dom.number(v)
        offset, dom, _, whole = self.kinds[kind]
        if whole >= 0:
            return whole
        if dom is None:
            return offset
        return offset + dom.number(value)

    def id(self, action: Action) -> int:
        return self.id_of(action.kind, action.value)

    def describe(self, ident: int) -> tuple[int, Any, str]:
        """(action kind, value, what) of an id; `what` is 'one', 'pick' or 'whole' (the value of a whole
        choice is the one being picked, so it is None here)."""
        if not 0 <= ident < self.size:
            raise IndexError_(f"action id {ident} is outside 0..{self.size - 1}")
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:  # the last block start <= ident
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= ident:
                lo = mid
            else:
                hi = mid - 1
        kind, dom, what = self.rows[lo]
        value = None if dom is None else dom.value(ident - self.starts[lo])
        if what == "pick":
            return PICK_KIND, (kind, value), what
        return kind, value, what

    def text(self, ident: int) -> str:
        """The words of an id in any state (a whole choice without its values)."""
        kind, value, what = self.describe(ident)
        rs = self.rs
        if kind == PASS_KIND:
            return "pass"
        if what == "pick":
            act = rs.actions[value[0]]
            return f"{act.name} +{_value_text(rs, act, value[1])}"
        act = rs.actions[kind]
        if what == "whole":
            return f"{act.name} (the values picked)"
        return act.name if value is None else f"{act.name} {_value_text(rs, act, value)}"


def _value_text(rs: Any, act: Any, value: Any) -> str:
    try:
        return rs.value_text(act, value)
    except Exception:  # a value no state offers (an int of the range nobody bids) still has words
        return str(value)
