"""Message templates: 'Seat {winner} wins' -> literal pieces and compiled placeholders.

An `announce` or `event` text, a row label, a decision's prompt and
`result.summary` are templates; a status line is one placeholder.  A
placeholder keeps its value's type (front ends write a card by its name in
their language); `{expr:seat}` marks an int as a seat.  Each placeholder is an expression compiled where the template
stands, and its type must be one a message can show in words.  `fc` is the
flow compiler (compiling/flow.py), which compiles each placeholder in its
scope.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.compiling.context import SubSource
from interpreter.expr import ANY, INT, ListT, RecordT, SetT, Type

FORMATS = {"seat": "seat"}  # `{expr:seat}`: an int shown as a seat's name
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def template(fc: Any, source: Any, span: Span | None, known: dict[str, Any] | None = None) -> tuple:
    """'Team A {total[0]}' -> ('Team A ', fn): literal pieces and compiled placeholders.

    `known` holds the placeholders compiled for the other languages of the same text (the same
    scope): an expression written the same way there is compiled once, unless it had errors."""
    whole = source if isinstance(source, SubSource) else SubSource(source, 0, str(source))
    text = whole.text
    parts: list = []
    pos = 0
    for m in _PLACEHOLDER.finditer(text):
        _unmatched_braces(fc, whole, text, pos, m.start())
        parts.append(text[pos : m.start()])
        expr, spec = split_format(m.group(1))
        piece = SubSource(whole._whole, whole._start + m.start(1), expr)
        compiled = known.get(expr) if known is not None else None
        reused = compiled is not None  # (compiled for another language of the text: its warnings said)
        if compiled is None:
            before = len(fc.exprs.diagnostics)
            compiled = fc.typed(piece, span)
            if known is not None and compiled is not None and len(fc.exprs.diagnostics) == before:
                known[expr] = compiled
        if compiled is not None and not shown_in_words(fc, compiled.type, piece):
            compiled = None
        if compiled is None:
            parts.append(m.group(0))
        else:
            type_name = str(compiled.type)
            if spec is not None:
                type_name = _formatted(fc, whole, m.start(1) + len(expr), spec, compiled.type, type_name)
            elif not reused and seat_type(fc, expr, compiled.type) is not None:
                # (a number, as written: "Seat {leader}" must not read "Seat Seat 1"; said once a text)
                fc.bag.warning(
                    f"'{expr.strip()}' is a seat, and this shows its number",
                    whole.span_at(m.start(1), m.end(1)),
                    f'write {{{expr.strip()}:seat}} for the seat\'s name ("you" to that seat)',
                )
            parts.append((compiled.fn, type_name, compiled.src))
        pos = m.end()
    _unmatched_braces(fc, whole, text, pos, len(text))
    parts.append(text[pos:])
    return tuple(parts)


def placeholder_expressions(text: str) -> list[str]:
    """The expressions of a template's placeholders (`Seat {winner:seat}` -> ['winner'])."""
    return [split_format(m.group(1))[0] for m in _PLACEHOLDER.finditer(text)]


def split_format(inner: str) -> tuple[str, str | None]:
    """`total[0]:seat` -> ('total[0]', 'seat'); a ':' inside quotes is part of the expression."""
    quote = None
    for i in range(len(inner) - 1, -1, -1):
        ch = inner[i]
        if ch in "'\"":
            quote = None if quote == ch else ch if quote is None else quote
        elif ch == ":" and quote is None:
            return inner[:i], inner[i + 1 :].strip()
    return inner, None


def _formatted(fc: Any, whole: SubSource, at: int, spec: str, t: Type, type_name: str) -> str:
    """The type a format gives a placeholder's value, reporting a format that does not fit it."""
    where = whole.span_at(at, at + 1 + len(spec))
    if spec not in FORMATS:
        fc.bag.error(f"unknown format ':{spec}' in a message", where, "formats: " + ", ".join(f":{f}" for f in FORMATS))
        return type_name
    if t is INT or t is ANY:
        return FORMATS[spec]
    if isinstance(t, (ListT, SetT)) and (t.elem is INT or t.elem is ANY):
        return f"list[{FORMATS[spec]}]"
    fc.bag.error(f"':{spec}' formats a seat number, and this is {t}", where)
    return type_name


def seat_type(fc: Any, expr: Any, t: Type) -> str | None:
    """'seat' or 'list[seat]' for a value the ruleset declares a seat (a variable or constant of
    type `seat`, `player`, a loop over seats, a function giving one), shown by the seat's name
    without `:seat`; else None (a number stays a number)."""
    if not (t is INT or (isinstance(t, ListT) and t.elem is INT)):
        return None
    local = {name: 0 if getattr(value, "seat", False) else None for layer in fc.locals for name, value in layer.items()}
    depth = fc.seats.seat_depth(expr, local)
    if depth == 0 and t is INT:
        return "seat"
    return "list[seat]" if depth == 1 and t is not INT else None


def shown_in_words(fc: Any, t: Type, source: Any) -> bool:
    """Whether a message or status line can show values of type `t` (numbers, texts, named values
    and lists of them); a record is refused with the field to show instead."""
    inner = t
    while isinstance(inner, (ListT, SetT)):
        inner = inner.elem
    if not isinstance(inner, RecordT):
        return True
    example = next(iter(inner.fields), "card")
    fc.bag.error(
        f"a message cannot show {t} values as they are",
        source.span_at(0, len(source.text)),
        f"show one of the fields ({', '.join(inner.fields)}), for example x.{example}",
    )
    return False


def _unmatched_braces(fc: Any, whole: Any, text: str, start: int, end: int) -> None:
    """A '{' or '}' outside a complete placeholder is a mistake worth reporting."""
    for i in range(start, end):
        if text[i] in "{}":
            what = "a '{' that is never closed" if text[i] == "{" else "a '}' without its '{'"
            fc.bag.error(f"this message has {what}", whole.span_at(i, i + 1), "placeholders look like {expression}")
            return
