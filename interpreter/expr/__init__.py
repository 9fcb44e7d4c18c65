"""The expression language: text -> AST with spans -> type check -> closures.

    compiler = ExprCompiler(scope, Limits())
    compiler.define("is_high", [("c", card_t)], source, name_span)
    compiler.finish()
    compiled = compiler.compile(PlainSource("is_high(card) and n > 2"), expected=BOOL)
    value = compiled.fn(compiler.new_frame(env))

User text never reaches Python's eval/exec/ast: it is parsed by the Lark
grammar in grammar/expr.lark, checked against declared types, and compiled
once into closures `fn(frame) -> value`; the same computation is also
written as Python text made only of operators, integers and generated names
(emit.py), and run as one generated function per expression.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from interpreter.diagnostics import Span
from interpreter.expr.runtime import (
    DEFAULT_LIMITS, Binding, BuiltinError, ChainScope, Const, DictScope, EMPTY_SCOPE,
    ExprRuntimeError, Frame, Function, Limits, Param, Scope, Value, slot_value,
)
from interpreter.expr.types import (
    ANY, BOOL, ERROR, INT, NONE, STR, EnumT, Field, ListT, RecordT, SetT, Type, TypeNameError, parse_type,
)
from interpreter.expr.builtins import BUILTINS, builtin_functions
from interpreter.expr.compile import Compiled, ExprCompiler


class SourceText(Protocol):
    """An expression's text and how its offsets map to the file it came from."""

    text: str

    def span_at(self, start: int, end: int) -> Span: ...


@dataclass(frozen=True)
class PlainSource:
    """A SourceText for tests and the REPL: the text starts at `line`:`col` of `file`."""

    text: str
    file: str = "<expr>"
    line: int = 1
    col: int = 1

    def span_at(self, start: int, end: int) -> Span:
        line, col = self._position(start)
        end_line, end_col = self._position(max(end, start))
        return Span(self.file, line, col, end_line, end_col)

    def _position(self, offset: int) -> tuple[int, int]:
        offset = max(0, min(offset, len(self.text)))
        newlines = self.text.count("\n", 0, offset)
        if newlines == 0:
            return self.line, self.col + offset
        return self.line + newlines, offset - self.text.rindex("\n", 0, offset)


__all__ = [
    "SourceText", "PlainSource",
    "DEFAULT_LIMITS", "Binding", "BuiltinError", "ChainScope", "Const", "DictScope", "EMPTY_SCOPE",
    "ExprRuntimeError", "Frame", "Function", "Limits", "Param", "Scope", "Value", "slot_value",
    "ANY", "BOOL", "ERROR", "INT", "NONE", "STR", "EnumT", "Field", "ListT", "RecordT", "SetT", "Type",
    "TypeNameError", "parse_type", "BUILTINS", "builtin_functions", "Compiled", "ExprCompiler",
]
