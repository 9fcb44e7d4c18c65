"""The expression tree: frozen nodes, each with the offsets of its source text.

`start`/`end` are offsets into the expression string; `SourceText.span_at`
turns them into file positions, so every message can point inside the
expression. The tree is checked and compiled, never interpreted.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields

from interpreter.base.records import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    """Any node; `start` and `end` are offsets into the expression text."""

    start: int
    end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IntLit(Node):
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StrLit(Node):
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BoolLit(Node):
    value: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NoneLit(Node):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Invalid(Node):
    """Text that parsed but is not allowed (`1.5`, a bad escape); reported by the checker."""

    message: str
    hint: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Name(Node):
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Attr(Node):
    obj: Expr
    name: str
    name_start: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Index(Node):
    obj: Expr
    index: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class Keyword(Node):
    """`name=value` in a call; `start` is the keyword's name."""

    name: str
    value: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(Node):
    func: Expr
    args: tuple[Expr, ...]
    keywords: tuple[Keyword, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Unary(Node):
    """`-x` or `not x`."""

    op: str
    operand: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class BinOp(Node):
    """Arithmetic: + - * // / % **; `op_start`/`op_end` locate the operator."""

    op: str
    left: Expr
    right: Expr
    op_start: int
    op_end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoolOp(Node):
    """`and` / `or`."""

    op: str
    left: Expr
    right: Expr
    op_start: int
    op_end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Compare(Node):
    """One comparison (they do not chain): == != < <= > >= in, not in."""

    op: str
    left: Expr
    right: Expr
    op_start: int
    op_end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IfExp(Node):
    body: Expr
    test: Expr
    orelse: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class ListLit(Node):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetLit(Node):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ForClause(Node):
    """`for var in iter`; `var_start` locates the variable."""

    var: str
    var_start: int
    iter: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class IfClause(Node):
    cond: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class Comprehension(Node):
    """`[elt for ...]`, `{elt for ...}`, or a generator argument (kind 'gen', built as a list)."""

    kind: str
    elt: Expr
    clauses: tuple[ForClause | IfClause, ...]


Expr = (
    IntLit
    | StrLit
    | BoolLit
    | NoneLit
    | Invalid
    | Name
    | Attr
    | Index
    | Call
    | Unary
    | BinOp
    | BoolOp
    | Compare
    | IfExp
    | ListLit
    | SetLit
    | Comprehension
)


_HOLDING: dict[type, tuple[str, ...]] = {}  # per node class: its fields other than the offsets


def children(node: Node) -> list[Node]:
    """The direct sub-nodes of `node`, in source order of their fields."""
    names = _HOLDING.get(node.__class__)
    if names is None:
        names = _HOLDING[node.__class__] = tuple(f.name for f in fields(node) if f.name not in ("start", "end"))
    out: list[Node] = []
    for name in names:
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, Node))
    return out


def reads_only_through(root: Node, name: str, func: str, called: bool = False) -> bool:
    """Whether every use of `name` in the tree is the one argument of a call of `func`
    (`team_of(seat)`): then the value is the same for all values of `name` that `func` maps
    alike; with `called`, also a call of `name` as that argument (`len(hand(s))`: only the
    size of a zone is read; the call's own arguments are looked into as well).  A
    comprehension's own `name` counts as a use (the answer errs on the side of no)."""
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Call) and isinstance(node.func, Name) and node.func.id == func and len(node.args) == 1:
            arg = node.args[0]
            if not node.keywords and isinstance(arg, Name) and arg.id == name:
                continue
            if called and isinstance(arg, Call) and isinstance(arg.func, Name) and arg.func.id == name:
                stack.extend(arg.args)
                continue
        if (isinstance(node, Name) and node.id == name) or (isinstance(node, ForClause) and node.var == name):
            return False
        stack.extend(children(node))
    return True


def too_deep(root: Node, limit: int) -> Node | None:
    """The first node nested deeper than `limit`, found without recursion."""
    stack: list[tuple[Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return node
        stack.extend((child, depth + 1) for child in children(node))
    return None


def free_names(node: Node, bound: frozenset[str] = frozenset()) -> set[str]:
    """Names used in `node` that are not bound inside it (comprehension variables)."""
    if isinstance(node, Name):
        return set() if node.id in bound else {node.id}
    if not isinstance(node, Comprehension):
        return set().union(*(free_names(child, bound) for child in children(node)))
    found: set[str] = set()
    inner = set(bound)
    for clause in node.clauses:
        if isinstance(clause, ForClause):
            found |= free_names(clause.iter, frozenset(inner))
            inner.add(clause.var)
        else:
            found |= free_names(clause.cond, frozenset(inner))
    return found | free_names(node.elt, frozenset(inner))


def fields_read(node: Node, name: str) -> set[str] | None:
    """The attributes read of variable `name` (`e.card`, `e.by`), or None when `name` is also
    used otherwise (passed on whole, compared) or rebound by a comprehension inside `node`."""
    found: set[str] = set()
    stack: list[Node] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Attr) and isinstance(n.obj, Name) and n.obj.id == name:
            found.add(n.name)
            continue
        if isinstance(n, Name) and n.id == name:
            return None
        if isinstance(n, ForClause) and n.var == name:
            return None
        stack.extend(children(n))
    return found


def fixed_parts(tree: Node, varying: frozenset[str]) -> set[tuple[int, int]]:
    """(start, end) of the largest sub-expressions that read none of the `varying` names nor any
    comprehension variable of `tree`, and do some work (a call or a comprehension): the parts
    an engine may compute once while only the varying names change."""
    bound = {n.var for n in _walk(tree) if isinstance(n, ForClause)}
    moving = varying | bound
    found: set[tuple[int, int]] = set()

    def visit(node: Node) -> None:
        if isinstance(node, (Call, Comprehension)) and not (free_names(node) & moving):
            found.add((node.start, node.end))
            return
        for child in children(node):
            visit(child)

    visit(tree)
    return found


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(children(n))
