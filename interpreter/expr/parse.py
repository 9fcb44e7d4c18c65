"""Expression text -> AST with offsets, or Diagnostics that point inside the text.

The trees of texts already parsed in this process, or kept from an earlier run
(expr/treecache.py), are looked up here; only a text never seen is given to
Lark's parser (expr/syntax.py), which this module imports on the first such
text, so a ruleset whose expressions were all kept never loads Lark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from interpreter.base.diagnostics import Diagnostic
from interpreter.expr import ast
from interpreter.expr.runtime import Limits

if TYPE_CHECKING:
    from interpreter.expr.source import SourceText

KEYWORDS = frozenset({"and", "or", "not", "in", "if", "else", "for", "true", "false", "none"})

_parsed: dict[str, ast.Expr] = {}  # text -> tree; variants repeat their base's expressions
_PARSED_LIMIT = 20_000
RECORDING: list[set[str]] = []  # the texts parsed while a ruleset file compiles (expr/treecache.py)


def remember(trees: dict[str, ast.Expr]) -> None:
    """Take trees parsed in an earlier run (expr/treecache.py) as if parsed here."""
    room = _PARSED_LIMIT - len(_parsed)
    if room > 0:
        for text, tree in list(trees.items())[:room]:
            _parsed.setdefault(text, tree)


def trees_of(texts: set[str]) -> dict[str, ast.Expr]:
    """The trees of these texts that are known here."""
    return {text: _parsed[text] for text in texts if text in _parsed}


def expression_parser() -> Any:
    """The LALR parser of grammar/expr.lark (expr/syntax.py), built once per process."""
    from interpreter.expr.syntax import lalr_parser

    return lalr_parser()


def parse(source: SourceText, limits: Limits) -> tuple[ast.Expr | None, list[Diagnostic]]:
    """Parse one expression; on failure the tree is None and the diagnostics say why."""
    text = source.text
    if len(text) > limits.max_length:
        return None, [
            Diagnostic(
                f"expression is too long ({len(text)} characters; the limit is {limits.max_length})",
                source.span_at(0, 1),
                "split it into ruleset functions",
            )
        ]
    if not text.strip():
        return None, [Diagnostic("empty expression", source.span_at(0, len(text)))]
    tree = _parsed.get(text)
    if tree is None:
        from interpreter.expr import syntax

        try:
            # the parser's transformer builds ast nodes (lark types parse() as giving a Tree)
            tree = cast(ast.Expr, expression_parser().parse(text))
        except syntax.UnexpectedInput as err:
            message, hint, start, end = syntax.explain_syntax_error(err, text)
            return None, [Diagnostic(message, source.span_at(start, end), hint)]
        if len(_parsed) < _PARSED_LIMIT:
            _parsed[text] = tree  # trees are immutable and hold offsets only: safe to share
    for texts in RECORDING:
        texts.add(text)

    deep = ast.too_deep(tree, limits.max_depth)
    if deep is not None:
        return None, [
            Diagnostic(
                f"expression nests too deeply (more than {limits.max_depth} levels)",
                source.span_at(deep.start, deep.end),
                "move parts of it into ruleset functions",
            )
        ]
    return tree, []
