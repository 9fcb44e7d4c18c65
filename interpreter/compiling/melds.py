"""Meld kinds and hand shapes from the ruleset, on the generic meld engine.

Conditions on meld kinds (`member_if`, `allowed_if`) are evaluated once at
load time for every face or candidate run, so the search itself only reads
tables.  Shapes become the expression functions `complete`, `waits`,
`partitions`, `missing` and `useful`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from interpreter.base.diagnostics import did_you_mean
from interpreter.compiling.context import Src
from interpreter.compiling.names import ENGINE_WORDS
from interpreter.engine.meld_distance import missing_packed, useful_faces
from interpreter.engine.melds import GUARD, MeldKind, MeldTable, counts_from_faces
from interpreter.expr import BOOL, INT, BuiltinError, DictScope, Function, ListT, Param, Value
from interpreter.expr.compile import ExprCompiler


def _static_compiler(c: Any, name: str, t: Any, holder: list) -> ExprCompiler:
    consts = {k: v for k, (v, what) in c.global_names.items() if what in ("a constant",)}
    consts[name] = Value(t, lambda fr: holder[0])
    return ExprCompiler(DictScope(consts))


def _face_flags(c: Any, decl: Any) -> tuple[bool, ...] | None:
    if decl.member_if is None:
        return None
    holder = [0]
    exprs = _static_compiler(c, "card", c.names.card, holder)
    compiled = exprs.compile(Src(decl.member_if, decl.span), expected=BOOL)
    c.bag.extend(exprs.diagnostics)
    if compiled is None:
        return None
    frame = exprs.new_frame(None)
    flags = []
    for face in range(c.cards.count):
        holder[0] = face
        flags.append(bool(compiled.fn(frame)))
    return tuple(flags)


def _run_filter(c: Any, decl: Any):
    if decl.allowed_if is None:
        return None
    holder: list = [()]
    exprs = _static_compiler(c, "cards", ListT(c.names.card), holder)
    compiled = exprs.compile(Src(decl.allowed_if, decl.span), expected=BOOL)
    c.bag.extend(exprs.diagnostics)
    if compiled is None:
        return None
    frame = exprs.new_frame(None)

    def allow(faces: tuple) -> bool:
        holder[0] = tuple(faces)
        return bool(compiled.fn(frame))

    return allow


def _sequences(c: Any, kinds: list) -> tuple[list[int], list[Any]]:
    """Each face's sequence group (the value runs share: a suit) and its position, or positions where
    `sequence` names several attributes (an ace low and high: `sequence: [number, high]`)."""
    cards = c.cards
    runs = [k for k in kinds if k.shape == "run"]
    seq_attr = {k.sequence for k in runs if k.sequence} or {None}
    same_attr = {k.same or "suit" for k in runs} or {"suit"}
    if len(seq_attr) > 1 or len(same_attr) > 1:
        c.bag.error("all run kinds must use the same 'sequence' and 'same' attributes", runs[0].span)
    seq, same_name = seq_attr.pop(), same_attr.pop()
    seq_names = [seq] if isinstance(seq, str) else list(seq or ())
    for name in seq_names:
        if cards.attr_types.get(name) != "int":
            c.bag.error(
                f"'sequence' must name an int card attribute, and '{name}' is not one",
                runs[0].span,
                did_you_mean(name, cards.attrs),
            )
            seq_names = []
    group_values = _values(c, same_name, runs[0].span if runs else None, "runs") or cards.suit_of
    index: dict[Any, int] = {}
    seq_group = []
    for face in range(cards.count):
        v = group_values[face]
        seq_group.append(-1 if v in (-1, None) or not seq_names else index.setdefault(v, len(index)))
    seq_pos: list[Any] = [0] * cards.count
    if seq_names:
        for face in range(cards.count):
            places = tuple(dict.fromkeys(cards.attrs[n][face] for n in seq_names))
            seq_pos[face] = places[0] if len(places) == 1 else places
    return seq_group, seq_pos


def _values(c: Any, name: str, span: Any, what: str) -> tuple | None:
    """A value per face of `suit`, `rank` or a card attribute (-1 for none), for `same`; None (an
    error told) for another name."""
    cards = c.cards
    if name == "suit":
        return cards.suit_of
    if name == "rank":
        return cards.rank_of
    if name in cards.attrs:
        found: dict[Any, int] = {}
        return tuple(-1 if v is None else found.setdefault(v, len(found)) for v in cards.attrs[name])
    c.bag.error(
        f"'same' must be 'suit', 'rank' or a card attribute, not '{name}' (for {what})",
        span,
        did_you_mean(name, [*cards.attrs, "suit", "rank"]),
    )
    return None


def _kind(c: Any, d: Any) -> MeldKind:
    """One declared kind on the engine: its sizes (a range where `size` gives min and max; no max: as
    many as the deck allows) and, for a set with `same`, the value its cards share."""
    same = None
    if d.shape == "set" and d.same is not None:
        same = _values(c, d.same, d.span, "sets")
    largest = d.largest
    if largest == 0:  # as many as may be: every position of a sequence, every face of a value, every copy
        largest = c.cards.count if d.shape == "run" or same is not None else max(c.cards.copies, default=1)
    return MeldKind(
        d.name,
        d.shape,
        d.size,
        _face_flags(c, d),
        allow_if=_run_filter(c, d),
        largest=min(largest, GUARD - 1) if largest else 0,
        same=same,
    )


def compile_melds(c: Any) -> tuple[MeldTable | None, dict]:
    """Build the meld table and bind complete/waits/partitions; (None, {}) without melds."""
    decls = list(c.model.meld_kinds)
    if not decls:
        return None, {}
    kinds = []
    for d in decls:
        try:
            kinds.append(_kind(c, d))
        except ValueError as exc:
            c.bag.error(str(exc), d.span)
    seq_group, seq_pos = _sequences(c, decls)
    try:
        table = MeldTable.build(c.cards.count, kinds, seq_group, seq_pos)
    except ValueError as exc:
        c.bag.error(f"meld kinds: {exc}", decls[0].span)
        return None, {}
    known = {k.name for k in decls}
    shapes = {}
    for s in c.model.shapes:
        for k in (*s.group_kinds, *s.pair_kinds):
            if k not in known:
                c.bag.error(f"shape '{s.name}' names unknown meld kind '{k}'", s.span, did_you_mean(k, known))
        shapes[s.name] = (s.groups, s.pairs, tuple(s.group_kinds), tuple(s.pair_kinds))
    _bind(c, table, shapes)
    return table, shapes


def too_many_exposed(exposed: int, groups: int) -> BuiltinError:
    return BuiltinError(f"{exposed} groups are exposed, but the shape has only {groups}")


def _bind(c: Any, table: MeldTable, shapes: dict) -> None:
    names = c.names
    shape_list = [shapes[n] for n in sorted(shapes, key=lambda n: names.shape.values[n])]
    kind_index = names.kind.values
    nfaces = c.cards.count

    def needed(shape: int, exposed: int):
        """The groups still needed (those of the shape less the exposed ones), pairs and kinds."""
        groups, pairs, gk, pk = shape_list[shape]
        if exposed > groups:
            raise too_many_exposed(exposed, groups)
        return groups - exposed, pairs, gk, pk

    def args(shape: int, cards: Any, exposed: int):
        return counts_from_faces(cards, nfaces), *needed(shape, exposed)

    def complete(shape: int, cards: Any, exposed: int) -> bool:  # `needed` inlined: the hot query (a win test)
        groups, pairs, gk, pk = shape_list[shape]
        if exposed > groups:
            raise too_many_exposed(exposed, groups)
        return table.is_complete_faces(cards, groups - exposed, pairs, gk, pk)

    def waits(shape: int, cards: Any, exposed: int) -> list:
        counts, need, pairs, gk, pk = args(shape, cards, exposed)
        return table.completing_faces(counts, need, pairs, gk, pk)

    def partitions(shape: int, cards: Any, exposed: int) -> list:
        counts, need, pairs, gk, pk = args(shape, cards, exposed)
        return [
            [(kind_index[g.kind], g.faces, i) for i, g in enumerate(p)]
            for p in table.partitions(counts, need, pairs, gk, pk)
        ]

    def missing(shape: int, cards: Any, exposed: int) -> int:  # the hand packed from its faces, as `complete`
        return missing_packed(table, table.pack_faces(cards), *needed(shape, exposed))

    def useful(shape: int, cards: Any, exposed: int) -> list:
        counts, need, pairs, gk, pk = args(shape, cards, exposed)
        return useful_faces(table, counts, need, pairs, gk, pk)

    def leftover(shape: int, cards: Any, weights: Any) -> list:
        if len(weights) != len(cards):
            raise BuiltinError(f"leftover() needs one weight per card: {len(cards)} cards, {len(weights)} weights")
        left = Counter(table.least_left(list(cards), list(weights), shape_list[shape][2]))
        out = []
        for card in cards:  # (in the order given)
            if left[card] > 0:
                left[card] -= 1
                out.append(card)
        return out

    card_list = ListT(names.card)
    weighed = [Param("shape", names.shape), Param("cards", card_list), Param("weights", ListT(INT))]
    c.reserve(
        "leftover",
        Function("leftover", weighed, card_list, leftover, doc=ENGINE_WORDS["leftover"]),
        ENGINE_WORDS["leftover"],
    )
    params = [Param("shape", names.shape), Param("cards", card_list), Param("exposed", INT)]
    bound = (
        ("complete", complete, BOOL),
        ("waits", waits, card_list),
        ("missing", missing, INT),
        ("useful", useful, card_list),
    )
    for name, fn, returns in bound:
        c.reserve(name, Function(name, params, returns, fn, doc=ENGINE_WORDS[name]), ENGINE_WORDS[name])
    partitions_of = Function(
        "partitions", params, ListT(ListT(names.group)), partitions, doc=ENGINE_WORDS["partitions"]
    )
    c.reserve("partitions", partitions_of, ENGINE_WORDS["partitions"])
