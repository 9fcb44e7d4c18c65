"""The options of the search agents, checked: what each takes, and a message in words when a value
is not that (`normal:iterations=abc`, `workers=100`, `epsilon=nan` at the command line)."""

from __future__ import annotations

import math
from typing import Any

# What each option takes: a whole number or a number (finite) at least the bound, a fraction from 0 to
# 1, 0 or 1, or one of some words; None is "not given" where the default is None.
TAKES: dict[str, tuple] = {
    "iterations": ("whole", 1),
    "seconds": ("positive",),
    "max_seconds": ("number", 0),
    "c": ("number", 0),
    "cpuct": ("number", 0),
    "plausible": ("whole", 0),
    "reuse": ("whole", 1),
    "playout": ("word", ("policy", "random", "greedy")),
    "epsilon": ("fraction",),
    "depth": ("whole", 0),
    "keep": ("switch",),
    "workers": ("whole", 1, 64),
    "root": ("word", ("tree", "halving")),
    "width": ("whole", 0),
    "trust": ("number", 0),
    "likely": ("switch",),
    "others": ("word", ("tree", "opponents", "partners", "policy")),
}


def check_option(name: str, value: Any) -> None:
    """ValueError, in words, when `value` is not what option `name` takes (`TAKES`)."""
    if value is None and name in ("iterations", "seconds", "playout", "depth"):
        return
    kind, *limits = TAKES[name]
    number = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    shown = f"'{value}'" if isinstance(value, str) else str(value)
    if kind == "word":
        if value not in limits[0]:
            raise ValueError(f"{name} must be {', '.join(repr(w) for w in limits[0][:-1])} or {limits[0][-1]!r}")
    elif kind == "switch":
        if isinstance(value, str) or value not in (0, 1):  # (True and False are 1 and 0)
            raise ValueError(f"{name} must be 0 or 1")
    elif kind == "fraction":
        if not number or not 0 <= value <= 1:
            raise ValueError(f"{name} must be between 0 and 1 (not {shown})")
    elif kind == "positive":
        if not number or value <= 0:
            raise ValueError(f"{name} must be a positive number of seconds (not {shown})")
    elif kind == "whole":
        if not number or value != int(value):
            raise ValueError(f"{name} must be a whole number (not {shown})")
        if value < limits[0]:
            raise ValueError(f"{name} must be at least {limits[0]}")
        if len(limits) > 1 and value > limits[1]:
            raise ValueError(f"{name} must be at most {limits[1]}")
    elif not number or value < limits[0]:
        raise ValueError(f"{name} must be a number of at least {limits[0]} (not {shown})")
