"""Expr: the expression language: text -> AST with spans -> type check -> closures and generated code.

May import: base.

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

from interpreter.expr.builtins import BUILTINS, builtin_functions
from interpreter.expr.compile import Compiled, ExprCompiler
from interpreter.expr.runtime import (
    DEFAULT_LIMITS,
    EMPTY_SCOPE,
    Binding,
    BuiltinError,
    ChainScope,
    Const,
    DictScope,
    ExprRuntimeError,
    Frame,
    Function,
    Limits,
    Param,
    Scope,
    Value,
    slot_value,
)
from interpreter.expr.source import PlainSource, SourceText
from interpreter.expr.types import (
    ANY,
    BOOL,
    ERROR,
    INT,
    NONE,
    STR,
    EnumT,
    Field,
    ListT,
    RecordT,
    SetT,
    Type,
    TypeNameError,
    parse_type,
)

__all__ = [
    "SourceText",
    "PlainSource",
    "DEFAULT_LIMITS",
    "Binding",
    "BuiltinError",
    "ChainScope",
    "Const",
    "DictScope",
    "EMPTY_SCOPE",
    "ExprRuntimeError",
    "Frame",
    "Function",
    "Limits",
    "Param",
    "Scope",
    "Value",
    "slot_value",
    "ANY",
    "BOOL",
    "ERROR",
    "INT",
    "NONE",
    "STR",
    "EnumT",
    "Field",
    "ListT",
    "RecordT",
    "SetT",
    "Type",
    "TypeNameError",
    "parse_type",
    "BUILTINS",
    "builtin_functions",
    "Compiled",
    "ExprCompiler",
]
