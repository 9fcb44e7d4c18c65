"""Message templates: 'Seat {winner} wins' -> literal pieces and compiled placeholders.

An `announce` step and `result.summary` are templates; a status line is one
placeholder.  Each placeholder is an expression compiled where the template
stands, and its type must be one a message can show in words.  `fc` is the
flow compiler (compiling/flow.py), which compiles each placeholder in its
scope.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.compiling.context import SubSource
from interpreter.expr import ListT, RecordT, SetT, Type


def template(fc: Any, source: Any, span: Span | None) -> tuple:
    """'Team A {total[0]}' -> ('Team A ', fn): literal pieces and compiled placeholders."""
    whole = source if isinstance(source, SubSource) else SubSource(source, 0, str(source))
    text = whole.text
    parts: list = []
    pos = 0
    for m in re.finditer(r"\{([^{}]+)\}", text):
        _unmatched_braces(fc, whole, text, pos, m.start())
        parts.append(text[pos : m.start()])
        piece = SubSource(whole._whole, whole._start + m.start(1), m.group(1))
        compiled = fc.typed(piece, span)
        if compiled is not None and not shown_in_words(fc, compiled.type, piece):
            compiled = None
        parts.append((compiled.fn, str(compiled.type), compiled.src) if compiled is not None else m.group(0))
        pos = m.end()
    _unmatched_braces(fc, whole, text, pos, len(text))
    parts.append(text[pos:])
    return tuple(parts)


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
