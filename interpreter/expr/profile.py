"""Where a ruleset's expressions spend their time: counters for `cardrules validate --perf`.

An `ExprCompiler` given a `Profile` wraps every top-level expression it
compiles in a meter (calls, seconds, and work: the elements visited or built
and the calls made, as the work budget counts them, docs/expressions.md), and
every ruleset function's body and memoised call in another (calls, runs of
the body, seconds and work including what it calls).  The engine's fused
legality and message functions are not built then (the expressions give no
Python text), and calls are not inlined, so each part is measured on its own.
Without a Profile nothing is wrapped: play runs exactly the code it always
runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.base.records import dataclass, field


@dataclass
class Meter:
    """One expression (or one ruleset function): what it is and what it cost."""

    what: str
    rule: str | None
    span: Span | None
    calls: int = 0
    runs: int = 0  # ruleset functions: how often the body ran (fewer than calls when memoised)
    work: int = 0
    seconds: float = 0.0
    memo: str = ""  # ruleset functions: why results are (not) remembered

    def where(self) -> str:
        s = self.span
        return f"{s.file}:{s.line}:{s.col}" if s is not None else "-"


@dataclass
class Profile:
    """The meters of one compilation; `context` names what is being compiled (set by the compiler)."""

    max_work: int
    expressions: list[Meter] = field(default_factory=list)
    functions: dict[str, Meter] = field(default_factory=dict)
    context: tuple[str, str | None] = ("expression", None)

    def top(self, fn: Callable[[Any], Any], span: Span | None) -> Callable[[Any], Any]:
        """A top-level expression (it fills the frame's budget itself when under half full), metered."""
        meter = Meter(self.context[0], self.context[1], span)
        self.expressions.append(meter)
        work, clock = self.max_work, time.perf_counter

        def metered(f: Any) -> Any:
            start = clock()
            begins = f.budget if f.budget >= work // 2 else work  # what it starts with (runtime.refill)
            try:
                return fn(f)
            finally:
                meter.seconds += clock() - start
                meter.calls += 1
                meter.work += begins - max(f.budget, 0)

        return metered

    def function(self, name: str, span: Span | None) -> Meter:
        meter = self.functions.get(name)
        if meter is None:
            meter = self.functions[name] = Meter(f"function {name}", None, span)
        return meter

    def body(self, name: str, span: Span | None, body: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """A ruleset function's body: counts its runs and the work and time inside it."""
        meter, clock = self.function(name, span), time.perf_counter

        def run(f: Any) -> Any:
            before, start = f.budget, clock()
            try:
                return body(f)
            finally:
                meter.runs += 1
                meter.seconds += clock() - start
                meter.work += before - f.budget

        return run

    def calls(self, name: str, span: Span | None, call: Callable[..., Any]) -> Callable[..., Any]:
        """A memoised call `call(f, *values)`: counts every call, hits and misses."""
        meter = self.function(name, span)

        def counted(f: Any, *values: Any) -> Any:
            meter.calls += 1
            return call(f, *values)

        return counted

    def costliest(self, n: int = 10) -> list[Meter]:
        """The expressions that did the most work, costliest first (time breaks ties); an expression
        compiled at several places of the flow (a phase run from two steps) is one row."""
        rows: dict[tuple, Meter] = {}
        for m in self.expressions:
            if not m.calls:
                continue
            key = (m.where(), m.rule, m.what)
            row = rows.get(key)
            if row is None:
                rows[key] = Meter(m.what, m.rule, m.span, m.calls, m.runs, m.work, m.seconds)
            else:
                row.calls, row.work, row.seconds = row.calls + m.calls, row.work + m.work, row.seconds + m.seconds
        return sorted(rows.values(), key=lambda m: (-m.work, -m.seconds))[:n]
