"""Lark's LALR parser of the expression grammar, and its syntax errors in an author's words.

The parser builds the tree through an inline transformer, so nothing here
recurses on the input's depth. Syntax errors are translated from the
parser's state (the offending token, what it expected, the brackets still
open) into the words an author would use.  expr/parse.py imports this
module only for a text whose tree it does not know yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from interpreter.base.resources import grammar_file
from interpreter.expr import ast

__all__ = ["UnexpectedInput", "explain_syntax_error", "lalr_parser"]

_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n"}
_ESCAPE_HINT = "the escapes are \\\\ \\' \\\" and \\n"


# Lark types a token's offsets as optional (a token made by hand may have none); every token
# here comes from the lexer, which sets them.
def _start(item: Any) -> int:
    return cast(int, item.start_pos) if isinstance(item, Token) else item.start


def _end(item: Any) -> int:
    return cast(int, item.end_pos) if isinstance(item, Token) else item.end


def _nodes(children: Sequence[Any]) -> tuple[Any, ...]:
    """The sub-expressions among a rule's children (tokens dropped)."""
    return tuple(c for c in children if not isinstance(c, Token))


def _span(children: Sequence[Any]) -> dict[str, int]:
    return {"start": _start(children[0]), "end": _end(children[-1])}


def decode_string(raw: str) -> str | None:
    """The value of a quoted string literal, or None if it has an unknown escape."""
    out, i, body = [], 0, raw[1:-1]
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if body[i + 1] not in _ESCAPES:
                return None
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class AstBuilder(Transformer):
    """Called by the parser on each reduction; turns children into AST nodes."""

    def name(self, c: list) -> ast.Expr:
        return ast.Name(id=str(c[0]), **_span(c))

    def int_lit(self, c: list) -> ast.Expr:
        return ast.IntLit(value=int(str(c[0]).replace("_", "")), **_span(c))

    def decimal_lit(self, c: list) -> ast.Expr:
        return ast.Invalid(
            message=f"'{c[0]}' is not a whole number",
            hint="numbers are integers; divide with // (rounds down)",
            **_span(c),
        )

    def str_lit(self, c: list) -> ast.Expr:
        value = decode_string(str(c[0]))
        if value is None:
            return ast.Invalid(message="unknown escape in string", hint=_ESCAPE_HINT, **_span(c))
        return ast.StrLit(value=value, **_span(c))

    def true_lit(self, c: list) -> ast.Expr:
        return ast.BoolLit(value=True, **_span(c))

    def false_lit(self, c: list) -> ast.Expr:
        return ast.BoolLit(value=False, **_span(c))

    def none_lit(self, c: list) -> ast.Expr:
        return ast.NoneLit(**_span(c))

    def paren(self, c: list) -> ast.Expr:
        return c[1]

    def list_lit(self, c: list) -> ast.Expr:
        return ast.ListLit(items=_nodes(c), **_span(c))

    def set_lit(self, c: list) -> ast.Expr:
        return ast.SetLit(items=_nodes(c), **_span(c))

    def list_comp(self, c: list) -> ast.Expr:
        return self._comprehension("list", c)

    def set_comp(self, c: list) -> ast.Expr:
        return self._comprehension("set", c)

    def _comprehension(self, kind: str, c: list) -> ast.Expr:
        elt, *clauses = _nodes(c)
        return ast.Comprehension(kind=kind, elt=elt, clauses=tuple(clauses), **_span(c))

    def comp_for(self, c: list) -> ast.ForClause:
        return ast.ForClause(var=str(c[1]), var_start=c[1].start_pos, iter=c[3], **_span(c))

    def comp_if(self, c: list) -> ast.IfClause:
        return ast.IfClause(cond=c[1], **_span(c))

    def attr(self, c: list) -> ast.Expr:
        return ast.Attr(obj=c[0], name=str(c[2]), name_start=c[2].start_pos, **_span(c))

    def index(self, c: list) -> ast.Expr:
        return ast.Index(obj=c[0], index=c[2], **_span(c))

    def keyword(self, c: list) -> ast.Keyword:
        return ast.Keyword(name=str(c[0]), value=c[2], **_span(c))

    def call(self, c: list) -> ast.Expr:
        func, *rest = _nodes(c)
        args = [a for a in rest if not isinstance(a, ast.Keyword)]
        keywords = [a for a in rest if isinstance(a, ast.Keyword)]
        late = [a for a in args if keywords and a.start > keywords[0].start]
        if late:
            return ast.Invalid(
                message="a positional argument cannot follow a keyword argument",
                hint="put positional arguments first",
                start=late[0].start,
                end=late[0].end,
            )
        return ast.Call(func=func, args=tuple(args), keywords=tuple(keywords), **_span(c))

    def call_generator(self, c: list) -> ast.Expr:
        func, elt, *clauses = _nodes(c)
        gen = ast.Comprehension(kind="gen", elt=elt, clauses=tuple(clauses), start=elt.start, end=clauses[-1].end)
        return ast.Call(func=func, args=(gen,), keywords=(), **_span(c))

    def unary(self, c: list) -> ast.Expr:
        return ast.Unary(op=str(c[0]), operand=c[1], **_span(c))

    def binop(self, c: list) -> ast.Expr:
        return ast.BinOp(op=str(c[1]), left=c[0], right=c[2], op_start=c[1].start_pos, op_end=c[1].end_pos, **_span(c))

    def boolop(self, c: list) -> ast.Expr:
        return ast.BoolOp(op=str(c[1]), left=c[0], right=c[2], op_start=c[1].start_pos, op_end=c[1].end_pos, **_span(c))

    def compare(self, c: list) -> ast.Expr:
        return ast.Compare(
            op=str(c[1]), left=c[0], right=c[2], op_start=c[1].start_pos, op_end=c[1].end_pos, **_span(c)
        )

    def compare_not_in(self, c: list) -> ast.Expr:
        return ast.Compare(op="not in", left=c[0], right=c[3], op_start=c[1].start_pos, op_end=c[2].end_pos, **_span(c))

    def ifexp(self, c: list) -> ast.Expr:
        return ast.IfExp(body=c[0], test=c[2], orelse=c[4], **_span(c))


@cache
def lalr_parser() -> Lark:
    """The LALR parser of grammar/expr.lark, built once per process."""
    grammar = grammar_file("expr.lark").read_text(encoding="utf-8")
    cache = _cache_file()
    try:
        return Lark(grammar, parser="lalr", lexer="basic", keep_all_tokens=True, transformer=AstBuilder(), cache=cache)
    except Exception:  # an unreadable or damaged cache file: build the tables without it
        return Lark(grammar, parser="lalr", lexer="basic", keep_all_tokens=True, transformer=AstBuilder())


def _cache_file() -> str | bool:
    """Where Lark keeps the grammar's parse tables between runs (it checks the grammar's hash)."""
    import os

    folder = os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "cardrules"
    )
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.path.join(folder, "expr-lalr.cache") if os.access(folder, os.W_OK) else False


# --- syntax errors -----------------------------------------------------------

_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = {v: k for k, v in _OPENERS.items()}
_COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "in"}
_CHARACTER_HINTS = {
    "!": ("'!' is not an operator", "write 'not x', or '!=' to compare"),
    "&": ("'&' is not an operator", "write 'and'"),
    "|": ("'|' is not an operator", "write 'or'"),
    ":": (
        "':' is not allowed here",
        "there are no lambdas, slices or dictionaries; define a function in the ruleset instead",
    ),
    ";": ("';' is not allowed", "a rule holds a single expression, not statements"),
}
_PYTHON_WORDS = {"True": "write 'true'", "False": "write 'false'", "None": "write 'none'", "null": "write 'none'"}
# the engine's two names of a seat, one asked for where the other is bound: which one is
_SEAT_NAMES = {
    ("player", True, False): "here the seat is named 'seat' ('player' is the seat acting, in an action's expressions)",
    ("player", False, False): "'player' is the seat acting, in an action's expressions only; in the flow name the "
    "seat you mean (a variable such as 'dealer', or the 'as:' name of a for_each over seats)",
    ("seat", False, False): "'seat' is the seat a line is about in result.returns, deal.counts and display.seats; "
    "here name the seat you mean (a variable, or the 'as:' name of a for_each over seats)",
    ("seat", False, True): "here the seat is named 'player' ('seat' is the seat scored in result.returns, "
    "or dealt to in deal.counts)",
}


def enum_text_hint(enum: str, text_side: Any, called: str | None) -> str:
    """What to write where a suit, rank or other named value is compared with something else: with
    text a function gave (`called`), or a name holding text (a loop over a list of names in quotes)."""
    if called is not None:
        return f"function '{called}' gives text (names in quotes are text there): give it returns: {enum}"
    if isinstance(text_side, ast.Name):
        every = {"suit": "suits", "rank": "ranks"}.get(enum)
        return (
            f"'{text_side.id}' holds text: names in quotes in a list of their own are text; loop over"
            + (f" `{every}` (`for u in {every} if u != 'name'`), or" if every else "")
            + f" a constant of type list[{enum}]"
        )
    return "compare with a name in quotes, e.g. x == 'name', or with another value of that type"


def name_hint(name: str, visible: Sequence[str]) -> str | None:
    """The hint for an unknown name that is a word of Python's, or a seat's name the engine binds
    elsewhere (None: the closest known name is the hint)."""
    return _PYTHON_WORDS.get(name) or _SEAT_NAMES.get((name, "seat" in visible, "player" in visible))


_FOREIGN_WORDS = {
    "lambda": "there are no lambdas; define a function in the ruleset and pass its name",
    "is": "compare with '==' or '!='",
    "import": "expressions cannot import anything",
    "def": "define functions in the ruleset's functions section",
    "return": "an expression is its own value; there is no 'return'",
    "elif": "nest conditionals: 'a if c else (b if d else e)'",
    "then": "write 'a if condition else b'",
    "True": "write 'true'",
    "False": "write 'false'",
    "None": "write 'none'",
}


def explain_syntax_error(err: UnexpectedInput, text: str) -> tuple[str, str | None, int, int]:
    """(message, hint, start, end) for a Lark error, in an author's words."""
    if isinstance(err, UnexpectedCharacters):
        return _bad_character(text, cast(int, err.pos_in_stream))  # lark declares it None on the base class
    assert isinstance(err, UnexpectedToken)
    end = _start(err.token) if err.token.type != "$END" else len(text)
    return _bad_token(err, _tokens_before(text, end), text)


def _bad_character(text: str, pos: int) -> tuple[str, str | None, int, int]:
    ch = text[pos]
    if ch in "'\"":
        line_end = text.find("\n", pos)
        return (
            "unterminated string",
            f"close it with {ch}; " + _ESCAPE_HINT,
            pos,
            len(text) if line_end < 0 else line_end,
        )
    message, hint = _CHARACTER_HINTS.get(ch, (f"unexpected character '{ch}'", None))
    if ch == ":" and _in_index(_tokens_before(text, pos)):  # xs[a:b]
        hint = "there are no slices; write a list of the items wanted: [xs[i] for i in range(a, b)]"
    return message, hint, pos, pos + 1


def _in_index(before: list[Token]) -> bool:
    """Whether the innermost open bracket is a '[' that indexes (`xs[`), not one that makes a list."""
    opened = _open_brackets(before)
    if not opened or str(opened[-1]) != "[":
        return False
    i = next(k for k in range(len(before) - 1, -1, -1) if before[k] is opened[-1])
    return i > 0 and (before[i - 1].type == "NAME" or str(before[i - 1]) in _CLOSERS)


def _generator_in_call(before: list[Token]) -> bool:
    """Whether the innermost open bracket is a call's '(' whose argument so far is a generator
    (`max(x for x in xs`, then a comma)."""
    opened = _open_brackets(before)
    if not opened or str(opened[-1]) != "(":
        return False
    i = next(k for k in range(len(before) - 1, -1, -1) if before[k] is opened[-1])
    if i == 0 or before[i - 1].type != "NAME":
        return False
    depth = 0
    for tok in before[i + 1 :]:
        depth += str(tok) in _OPENERS
        depth -= str(tok) in _CLOSERS
        if depth == 0 and tok.type == "FOR":
            return True
    return False


def _tokens_before(text: str, pos: int) -> list[Token]:
    """The tokens before `pos` (the lexer may stop early on a bad character)."""
    out: list[Token] = []
    try:
        for tok in lalr_parser().lex(text[:pos]):
            out.append(tok)
    except UnexpectedInput:
        pass
    return out


def _open_brackets(tokens: Sequence[Token]) -> list[Token]:
    stack: list[Token] = []
    for tok in tokens:
        if tok in _OPENERS:
            stack.append(tok)
        elif tok in _CLOSERS and stack and stack[-1] == _CLOSERS[tok]:
            stack.pop()
    return stack


def _describe(tok: Token) -> str:
    kinds = {"NAME": "name", "INT": "number", "STRING": "string", "DECIMAL": "number"}
    if tok.type == "$END":
        return "end of expression"
    return f"{kinds[tok.type]} {tok}" if tok.type in kinds else f"'{tok}'"


_EXPRESSION_STARTS = {"NAME", "INT", "STRING", "DECIMAL", "TRUE", "FALSE", "NONE", "NOT", "LPAR", "LSQB", "LBRACE"}


def _bad_token(err: UnexpectedToken, before: list[Token], text: str) -> tuple[str, str | None, int, int]:
    tok, expected = err.token, set(err.expected)
    prev = before[-1] if before else None
    wants_expr = "INT" in expected
    if tok.type == "$END":
        return _bad_end(before, wants_expr, expected, text)
    at_tok = (_start(tok), _end(tok))
    for word in (tok, prev):
        if word is not None and word.type == "NAME" and str(word) in _FOREIGN_WORDS:
            return (
                f"'{word}' is not part of the expression language",
                _FOREIGN_WORDS[str(word)],
                _start(word),
                _end(word),
            )
    if tok.type == "EQUAL":
        return "'=' is not allowed; use '==' to compare", "expressions cannot assign", *at_tok
    if tok.type == "FOR":
        return (
            "a generator is only allowed as the only argument of a call",
            "write a list comprehension: [x for x in xs]",
            *at_tok,
        )
    if wants_expr:
        after = f" after '{prev}'" if prev is not None else ""
        return f"expected an expression{after}, found {_describe(tok)}", None, *at_tok
    if str(tok) in _COMPARISONS:
        return "comparisons cannot be chained", "write 'a < b and b < c'", *at_tok
    if str(tok) == "," and len(before) >= 2 and before[-2].type == "FOR" and before[-1].type == "NAME":
        return (
            "a loop takes one name: tuples are not in the expression language",
            "loop over one value and read its parts: `for e in entries('hand', 0)` with e.card, e.by; or"
            " `for i in range(len(xs))` with xs[i]",
            *at_tok,
        )
    if str(tok) == "," and _generator_in_call(before):
        return (
            "a generator is only allowed as the only argument of a call",
            "to pass more arguments, make it a list: max([x for x in xs], default=0)",
            *at_tok,
        )
    if str(tok) == "," and _in_grouping_parenthesis(before):
        return "tuples are not in the expression language", "write a list: [a, b]", *at_tok
    special = _missing_word(expected, before)
    if special is not None:
        return *special, *at_tok
    if str(tok) in _CLOSERS:
        return _bad_closer(tok, before)
    if tok.type in _EXPRESSION_STARTS:
        return f"unexpected {_describe(tok)}", "is an operator or a comma missing before it?", *at_tok
    return f"unexpected {_describe(tok)}", _expected_hint(expected), *at_tok


def _in_grouping_parenthesis(before: list[Token]) -> bool:
    """Whether the innermost open bracket is a '(' that groups (not a call's, which takes commas)."""
    opened = _open_brackets(before)
    if not opened or str(opened[-1]) != "(":
        return False
    i = next(k for k in range(len(before) - 1, -1, -1) if before[k] is opened[-1])
    return i == 0 or not (before[i - 1].type == "NAME" or str(before[i - 1]) in _CLOSERS)


def _bad_closer(tok: Token, before: list[Token]) -> tuple[str, str | None, int, int]:
    opened = _open_brackets(before)
    if not opened:
        return f"unexpected '{tok}'", f"no '{_CLOSERS[str(tok)]}' is open here", _start(tok), _end(tok)
    want = _OPENERS[str(opened[-1])]
    if want != str(tok):
        return f"'{opened[-1]}' is closed by '{tok}'", f"close it with '{want}'", _start(tok), _end(tok)
    return f"unexpected '{tok}'", None, _start(tok), _end(tok)


def _bad_end(before: list[Token], wants_expr: bool, expected: set[str], text: str) -> tuple[str, str | None, int, int]:
    prev = before[-1] if before else None
    opened = _open_brackets(before)
    if opened and (not wants_expr or str(prev) in _OPENERS or str(prev) == ","):
        tok = opened[-1]
        return f"unclosed '{tok}'", f"add '{_OPENERS[str(tok)]}'", _start(tok), _end(tok)
    if prev is None:
        return "empty expression", None, 0, max(1, len(text))
    special = _missing_word(expected, before)
    if special is not None:
        return *special, _start(prev), _end(prev)
    if wants_expr:
        return f"expected an expression after '{prev}'", None, _start(prev), _end(prev)
    return "unexpected end of expression", _expected_hint(expected), _start(prev), _end(prev)


def _missing_word(expected: set[str], before: list[Token]) -> tuple[str, str | None] | None:
    """Messages for states that wait for one particular word."""
    prev = before[-1] if before else None
    if expected == {"NAME"}:
        return f"expected a name after '{prev}'", None
    if expected == {"IN"}:
        return f"expected 'in' after '{prev}'", "write 'x not in xs' or 'for x in xs'"
    if "ELSE" in expected and _unfinished_conditional(before):
        return "missing 'else'", "a conditional is written 'a if condition else b'"
    return None


def _unfinished_conditional(tokens: Sequence[Token]) -> bool:
    """Whether an `x if c` before the error still waits for its `else`."""
    levels = [[False, 0]]  # per bracket level: inside a comprehension?, open conditionals
    for tok in tokens:
        if tok in _OPENERS:
            levels.append([False, 0])
        elif tok in _CLOSERS and len(levels) > 1:
            levels.pop()
        elif tok.type == "FOR":
            levels[-1][0] = True
        elif tok.type == "IF" and not levels[-1][0]:
            levels[-1][1] += 1
        elif tok.type == "ELSE":
            levels[-1][1] -= 1
    return levels[-1][1] > 0


def _expected_hint(expected: set[str]) -> str | None:
    shown = sorted(_terminal_text(name) for name in expected if not name.startswith("$"))
    return "expected " + " or ".join(shown[:8]) if shown else None


def _terminal_text(name: str) -> str:
    words = {"NAME": "a name", "INT": "a number", "STRING": "a string", "DECIMAL": "a number"}
    if name in words:
        return words[name]
    pattern = lalr_parser().get_terminal(name).pattern
    return f"'{pattern.value}'"
