"""How often each rule id fired: a counted copy of a compiled ruleset, made only when asked for.

`instrument(rs)` changes a ruleset compiled for the purpose (never one that plays
elsewhere): every instruction of the flow and of the action effects that carries a rule id
gets a subclass whose `run` counts the id and then runs as before; each restriction's
`require` counts its id when it refuses a candidate (the fused legality functions are
dropped, so every restriction is tested as written, and the flow and effects run one
instruction at a time, as the reference engine/blocks.py's generated Python matches);
running an action's effect counts the action's id.  The engine's own loop is not touched:
the copy only swaps classes and functions, and plays exactly as the plain ruleset does
(tests/study compare them game for game).  Counting is off while agents think
(`firing.on`), so a search agent's playouts count nothing: only the moves of the game.

What fires: a step when it runs (an `if` when one of its conditions holds, so its steps
run), a restriction when it refuses a move, an action when it is played.  A rule attached
only to a function, an option, an invariant or nothing (a rule text) is listed as not
counted: it works inside expressions.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any


class Firing:
    """The counts of one ruleset copy: hits per rule id, `on` only while the game itself moves."""

    def __init__(self) -> None:
        self.on = True
        self.hits: Counter = Counter()


def _counted_class(cls: type, cache: dict, branch: bool = False) -> type:
    """`cls` counting its rule id whenever it runs or, for the condition of an `if` or `elif`
    (`branch`), only when the condition holds and its steps run."""
    made = cache.get((cls, branch))
    if made is None:
        plain = cls.run  # type: ignore[attr-defined]

        def run(self: Any, st: Any) -> int:
            firing = st.rs.firing
            if not firing.on:
                return plain(self, st)
            pc = plain(self, st)
            if not branch or pc == self.pc + 1:
                firing.hits[self.where.rule.id] += 1
            return pc

        made = type(f"Counted{cls.__name__}", (cls,), {"__slots__": (), "run": run})
        cache[(cls, branch)] = made
    return made


def _counted_require(require: Callable, rule_id: str, firing: Firing) -> Callable:
    def counted(fr: Any) -> Any:
        ok = require(fr)
        if not ok and firing.on:
            firing.hits[rule_id] += 1
        return ok

    return counted


def _rule_id(where: Any) -> str | None:
    rule = getattr(where, "rule", None) if where is not None else None
    return rule.id if rule is not None and rule.id else None


def instrument(rs: Any) -> Any:
    """Make `rs` (a copy compiled for counting) count its rule ids into `rs.firing`."""
    firing = Firing()
    rs.firing = firing
    cache: dict = {}
    programs = [rs.program, *(a.effect for a in rs.actions)]
    for program in programs:
        for ins in program:
            where = getattr(ins, "where", None)
            if where is not None and _rule_id(where) is not None and type(ins) not in cache.values():
                branch = where.what in ("if", "elif") and hasattr(ins, "cond")
                ins.__class__ = _counted_class(type(ins), cache, branch)
    actions = []
    for act in rs.actions:
        restrictions = tuple(
            dataclasses.replace(r, require=_counted_require(r.require, r.rule.id, firing))
            if r.rule is not None and r.rule.id
            else r
            for r in act.restrictions
        )
        actions.append(dataclasses.replace(act, restrictions=restrictions, fused=None, effect_run=None))
    rs.actions = tuple(actions)
    plain_run_action = rs.run_action

    def run_action(st: Any, action: Any, seat: int) -> None:
        if firing.on and action.kind >= 0:
            rule = rs.actions[action.kind].rule
            if rule is not None and rule.id:
                firing.hits[rule.id] += 1
        plain_run_action(st, action, seat)

    rs.run_action = run_action
    rs.blocks = None  # the flow run one instruction at a time (the reference), not as generated Python
    rs.__post_init__()  # the run methods by pc, the made actions: again, for the new classes
    return rs


def inventory(rs: Any) -> dict[str, str]:
    """Every rule id of a ruleset and what it is attached to that can fire: step, restriction,
    action, or 'not counted' (a function, option, invariant or a rule text only)."""
    kinds: dict[str, set] = {}
    for program in [rs.program, *(a.effect for a in rs.actions)]:
        for ins in program:
            rid = _rule_id(getattr(ins, "where", None))
            if rid:
                kinds.setdefault(rid, set()).add("step")
    for act in rs.actions:
        if act.rule is not None and act.rule.id:
            kinds.setdefault(act.rule.id, set()).add("action")
        for r in act.restrictions:
            if r.rule is not None and r.rule.id:
                kinds.setdefault(r.rule.id, set()).add("restriction")
    out = {}
    for rule in rs.model.all_rules:
        if rule.id and rule.id not in out:
            found = kinds.get(rule.id)
            out[rule.id] = "/".join(sorted(found)) if found else "not counted"
    for rid, found in kinds.items():
        out.setdefault(rid, "/".join(sorted(found)))
    return out
