"""Zones named by steps: a zone by its name (`trick`, `hand(player)`), or by a value of type zone
(`src`, `column(i)`), each compiled to a function of the frame giving the zone's index.

`ZoneRefs` is a mixin of `FlowCompiler` (compiling/flow.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from interpreter.base.diagnostics import Span, did_you_mean
from interpreter.compiling import stepfns as F
from interpreter.compiling.context import SubSource
from interpreter.engine import program as P
from interpreter.expr import ERROR, INT, Type, emit
from interpreter.expr.compile import Compiled
from interpreter.expr.source import PlainSource


def span_of(value: Any, fallback: Span | None) -> Span | None:
    """Where a located value (a string from the file) stands, else `fallback`."""
    return getattr(value, "span", None) or fallback


class FlowCompiler(Protocol):
    """What naming zones uses of compiling/flow.py's FlowCompiler (which mixes ZoneRefs in)."""

    c: Any
    bag: Any
    exprs: Any
    locals: list[dict[str, Any]]
    compiled: dict[int, Any]

    def scope(self) -> Any: ...

    def typed(
        self, value: Any, span: Span | None, expected: Type | None = None, varying: frozenset[str] | None = None
    ) -> Any: ...

    def _names_value(self: FlowCompiler, name: str) -> bool: ...

    def _zone_value(self: FlowCompiler, text: Any, span: Span | None) -> Callable | None: ...

    def written_as(self: FlowCompiler, fn: Callable, src: emit.Src | None) -> None: ...


class ZoneRefs:
    """How steps name zones."""

    def zone_ref(self: FlowCompiler, text: Any, span: Span | None, per_seat_only: bool = False) -> Callable | None:
        raw = str(text).strip()
        name, _, rest = raw.partition("(")
        name = name.strip()
        infos = {z.name: z for z in self.c.zone_info}
        span = span_of(text, span)
        if name not in infos:
            if self._names_value(name):
                return self._zone_value(text, span)
            self.bag.error(f"unknown zone '{name}'", span, did_you_mean(name, infos) or "zones: " + ", ".join(infos))
            return None
        info = infos[name]
        if not one_zone(raw):  # `hand(player) if a else hand2(player)`: not a zone's name (nor a value)
            self.bag.error(
                f"'{raw}' is not one zone: a step names a zone as "
                + (f"{name}(seat)" if info.per == "seat" else f"'{name}'"),
                span,
                "to choose between zones, write the step under an `if` (if: ..., then: [...], else: [...])",
            )
            return None
        if info.per == "seat":
            if not rest:
                self.bag.error(f"zone '{name}' is per seat: write {name}(seat)", span, f"for example {name}(player)")
                return None
            seat_src = SubSource(text, raw.index("(") + 1, rest.rstrip()[:-1] if rest.rstrip().endswith(")") else rest)
            compiled = self.exprs.compile(seat_src, expected=INT, extra=self.scope())
            if compiled is None:
                return None
            base, n, seat_fn = info.base, self.c.n, compiled.fn

            def no_seat(s: int) -> int:
                raise P.FlowError(f"seat {s} does not exist (zone '{name}')")

            def per_seat(fr: Any) -> int:
                s = seat_fn(fr)
                if not 0 <= s < n:
                    no_seat(s)
                return base + s

            if emit.plain_read(compiled.src):  # generated code reads the zone itself (engine/blocks.py)
                text = f"({base} + {{0}} if 0 <= {{0}} < {n} else {{b}}({{0}}))"
                self.written_as(per_seat, emit.op(text, compiled.src, b=no_seat))
            return per_seat
        if rest:
            self.bag.error(f"zone '{name}' is shared: write just '{name}'", span)
            return None
        if per_seat_only:
            self.bag.error(f"'{name}' must be a per-seat zone here", span)
        base = info.base
        shared = lambda fr: base  # noqa: E731 - one zone, whatever the frame
        self.written_as(shared, emit.Src(str(base), {}))
        return shared

    def _names_value(self: FlowCompiler, name: str) -> bool:
        """Whether `name` is a variable, constant, option, parameter, loop name or function, which
        may give a zone (`move: {from: src, ...}` with `src` a variable of type zone)."""
        return (
            name in self.c.global_names
            or any(name in layer for layer in self.locals)
            or any(f.name == name for f in self.c.model.functions)
        )

    def _zone_value(self: FlowCompiler, text: Any, span: Span | None) -> Callable | None:
        """A zone given by an expression of type `zone`: one of the shared zones, chosen in play."""
        zone = self.c.names.zone
        compiled = self.typed(text, span, None)
        if compiled is not None and compiled.type not in (zone, ERROR):
            self.bag.error(
                f"'{str(text).strip()}' is {compiled.type}, and a step needs a zone here",
                span_of(text, span),
                "name a zone ('stock', 'hand(player)'), or give a variable or function of type zone",
            )
            return None
        if compiled is None:
            return None
        info = self.c.zone_info
        names, bases = tuple(z.name for z in info), tuple(z.base for z in info)
        return F.zone_value(compiled.fn, names, bases, tuple(z.per == "seat" for z in info))

    def written_as(self: FlowCompiler, fn: Callable, src: emit.Src | None) -> None:
        """Let generated code write `fn(f)`, a value that needs no budget and cannot fail but by calling
        what raises the error (a zone reference, a slot read), as `src` instead of calling `fn`:
        engine/blocks.py reads it here."""
        if src is not None:
            source: Any = PlainSource(src.text)
            self.compiled[id(fn)] = Compiled(fn, INT, source, src, None)

    def face_default(self: FlowCompiler, dst: Callable) -> Callable:
        """The face of a move into a zone given by an expression, which does not say it: each
        shared zone's default (up where everybody sees, down where nobody does, else kept)."""
        by_zone: list[bool | None] = [None] * self.c.zone_count
        for z in self.c.zone_info:
            if z.per != "seat":
                by_zone[z.base] = {"all": False, "none": True}.get(z.visibility)
        return F.face_default(dst, tuple(by_zone))


def one_zone(raw: str) -> bool:
    """Whether `raw` is a zone's name with at most one pair of brackets round the whole rest
    (`hand(next_seat(player))`), not an expression that goes on after them."""
    name, paren, rest = raw.partition("(")
    if not paren:
        return name.strip().isidentifier()
    depth = 1
    for i, ch in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return not rest[i + 1 :].strip()
    return True  # (unclosed: the seat's expression reports it)
