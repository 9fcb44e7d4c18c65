"""The `hints` section: what agents may know of a game, compiled like any other expression.

`hints.evaluate` (a position's value for `seat`) is compiled with the result
section (`assemble.py`); `hints.prefer` gives each action kind an integer
expression of `player` and the action's parameter, compiled while the
action's names are in scope, exactly as its `legal_if` tests are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.diagnostics import did_you_mean
from interpreter.expr import INT


def compile_preference(fc: Any, action: Any) -> Callable | None:
    """The compiled `hints.prefer` entry of one action (its names in scope), or None."""
    model = fc.c.model
    value = model.prefer.get(action.name)
    if value is None:
        return None
    varying = frozenset({action.param_name}) if action.param_name else None  # the rest: once per decision
    return fc.expr(value, model.prefer_spans.get(action.name), INT, varying)


def check_preference_names(c: Any) -> None:
    """Every `hints.prefer` key names a declared action."""
    names = {a.name for a in c.model.actions}
    for name in c.model.prefer:
        if name not in names:
            hint = did_you_mean(name, names) or "actions: " + ", ".join(sorted(names))
            c.bag.error(f"hints.prefer names unknown action '{name}'", c.model.prefer_spans.get(name), hint)
