"""The `hints` section: what agents may know of a game, compiled like any other expression.

`hints.evaluate` (a position's value for `seat`) is compiled with the result
section (`assemble.py`); `hints.prefer` and `hints.deliberate` give each
action kind an integer expression of `player` and the action's parameter,
compiled while the action's names are in scope, exactly as its `legal_if`
tests are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.diagnostics import did_you_mean
from interpreter.expr import INT

PREFERENCES = ("prefer", "deliberate")  # the hints that score actions, by their key


def compile_preference(fc: Any, action: Any, key: str = "prefer") -> Callable | None:
    """The compiled `hints.prefer` (or `hints.deliberate`) entry of one action (its names in scope), or None."""
    model = fc.c.model
    value = getattr(model, key).get(action.name)
    if value is None:
        return None
    varying = frozenset({action.param_name}) if action.param_name else None  # the rest: once per decision
    fc.about(f"hints.{key}: {action.name}", action.rule)
    return fc.expr(value, getattr(model, f"{key}_spans").get(action.name), INT, varying)


def check_preference_names(c: Any) -> None:
    """Every `hints.prefer` and `hints.deliberate` key names a declared action."""
    names = {a.name for a in c.model.actions}
    for key in PREFERENCES:
        spans = getattr(c.model, f"{key}_spans")
        for name in getattr(c.model, key):
            if name not in names:
                hint = did_you_mean(name, names) or "actions: " + ", ".join(sorted(names))
                c.bag.error(f"hints.{key} names unknown action '{name}'", spans.get(name), hint)
