"""Ruleset functions and actions: parameters, legality rules with their ids, effects; status and sorts."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from interpreter.compiling.context import Compiler, Src, var_value, vspan
from interpreter.compiling.flow import FlowCompiler
from interpreter.compiling.hints import compile_preference
from interpreter.compiling.messages import seat_type, shown_in_words
from interpreter.compiling.plain import in_order
from interpreter.compiling.public import check_made, check_public, secret_effect
from interpreter.compiling.seats import SeatReader
from interpreter.compiling.stepfns import parsed
from interpreter.compiling.story import texts
from interpreter.engine import program as P
from interpreter.engine.blocks import compile_effect
from interpreter.engine.fuse import candidates_function
from interpreter.engine.moves import Made
from interpreter.engine.tables import CompiledAction, Restriction, Return
from interpreter.expr import ANY, BOOL, ERROR, INT, STR, EnumT, ListT, SetT, Type
from interpreter.expr.ast import Comprehension, ForClause, Name
from interpreter.expr.compile import ExprCompiler
from interpreter.expr.emit import code_name


def _mentions(source: Any, name: str) -> bool:
    """Whether an expression's text uses a name (ruleset functions cannot see action parameters)."""
    return re.search(rf"\b{re.escape(name)}\b", str(source)) is not None


def compile_functions(c: Compiler, exprs: ExprCompiler) -> None:
    for f in c.model.functions:
        params = []
        for pname, tname, pspan in f.params:
            params.append((pname, c.parse_type(tname, pspan)))
        returns = c.parse_type(f.returns, f.span) if f.returns is not None else None
        exprs.define(f.name, params, Src(f.value, f.span), f.span, returns)
        c.global_names.setdefault(f.name, (None, "a function"))
    exprs.finish()


def compile_actions(c: Compiler, fc: FlowCompiler) -> tuple[CompiledAction, ...]:
    out = []
    player_slot = c.slots.named("player")
    seats = SeatReader(c.model)
    for i, a in enumerate(c.model.actions):
        fc.locals.append({"player": var_value(INT, player_slot)})
        braced = next((text for text in a.label.values.values() if "{" in text), None)
        if braced is not None:  # (an action's label is not a template: the move's value follows it)
            c.bag.warning(
                f"the label of '{a.name}' is shown as written, braces and all: {braced!r}",
                getattr(a.label, "span", None) or a.span,
                "a move is written as its label and then its value (`lay down`, then the card); "
                "write the label without a placeholder",
            )
        param_slot = param_from = param_src = None
        param_kind = None
        if a.param_name:
            taken = "the seat that makes the move" if a.param_name == "player" else None
            taken = taken or (c.global_names[a.param_name][1] if a.param_name in c.global_names else None)
            if taken:
                c.bag.error(
                    f"'{a.param_name}' is already {taken}; choose another name for the parameter of '{a.name}'",
                    getattr(a.param_name, "span", None) or a.span,
                    "for example card, cards or choice",
                )
            fc.about(f"{a.name}: param.from", a.rule)
            compiled = fc.typed(a.param_from, a.span)
            elem: Type = ERROR
            if compiled is not None:
                if isinstance(compiled.type, (ListT, SetT)):
                    elem = compiled.type.elem
                elif compiled.type is ANY:
                    elem = ANY
                else:
                    c.bag.error(
                        f"param 'from' must give a list, and this gives {compiled.type}",
                        getattr(a.param_from, "span", a.span),
                    )
                param_from, param_src = compiled.fn, compiled.src
                if isinstance(compiled.type, SetT):  # a set's values in ascending order, the same in every run
                    param_from, param_src = in_order(compiled.fn), None
                if isinstance(elem, (ListT, SetT)):  # (a set as one value: its text, its secrecy, unknown)
                    several = "lists" if isinstance(elem, ListT) else "sets"
                    c.bag.error(
                        f"an action's parameter is one value, and these are {several} ({elem})",
                        getattr(a.param_from, "span", a.span),
                        "offer a card, a number or a name per action; to choose several cards at once, give"
                        " the parameter a count: param: {name: cards, from: ..., count: 2}",
                    )
                    elem = ERROR
            param_slot = c.slots.new()
            # several values: their list (values already found wrong stay unknown, not a list of them,
            # so that the uses of the parameter add no errors that follow from the first)
            chosen_type = ListT(elem) if a.param_count is not None and elem is not ERROR else elem
            param_kind = elem.name if isinstance(elem, EnumT) else str(elem)
            if elem == INT and seats.gives_seats(a.param_from):  # written with the seats' names
                param_kind = "seat"
            if not taken:  # (else the name keeps its meaning: no errors that follow from the first)
                one_seat = param_kind == "seat" and a.param_count is None
                fc.locals[-1][a.param_name] = var_value(chosen_type, param_slot, seat=one_seat)
        elif a.param_count is not None:
            c.bag.error(f"action '{a.name}' chooses several values but has no param", a.span)
        fc.about(f"{a.name}: available_if", a.rule)
        available_compiled = fc.typed(a.available_if, a.span, BOOL)
        available = available_compiled and available_compiled.fn
        partial = None
        if a.partial_if is not None:
            if a.param_count is None:
                c.bag.error(
                    f"partial_if belongs to an action that chooses several values (param count); '{a.name}' does not",
                    getattr(a.partial_if, "span", a.span),
                )
            fc.about(f"{a.name}: partial_if", a.rule)
            partial = fc.expr(a.partial_if, getattr(a.partial_if, "span", a.span), BOOL)
        prefer = compile_preference(fc, a)
        deliberate = compile_preference(fc, a, "deliberate") or prefer
        restrictions = []
        varying = frozenset({a.param_name}) if a.param_name else None  # parts without it: once per check
        for r in a.legal_if:
            when_reads = bool(a.param_name and r.when is not None and _mentions(r.when, a.param_name))
            # a `when` that does not read the parameter is tested once per check: nothing to cache in it
            fc.about(f"{a.name}: legal_if when", r.rule)
            when = fc.typed(r.when, r.span, BOOL, varying if when_reads else None)
            fc.about(f"{a.name}: legal_if require", r.rule)
            require = fc.typed(r.require, r.span, BOOL, varying)
            if require is not None:
                fixed = when is not None and not when_reads
                require_fixed = not (a.param_name and _mentions(r.require, a.param_name))
                restrictions.append(
                    Restriction(
                        r.rule, when and when.fn, require.fn, fixed, require_fixed, when and when.src, require.src
                    )
                )
        fc.in_effect, fc.rule = True, a.rule
        effect: list = []
        secret_effect(c, a, param_kind == "card")
        fc.steps(a.effect, effect)
        secret_effect(c, None, False)
        effect.append(Return())
        P.link(effect)
        fc.in_effect, fc.rule = False, None
        fc.locals.pop()
        fused, made_actions = None, Made(i)
        if a.param_count is None:  # a choice of several values is listed pick by pick (engine/choices.py)
            where = code_name(f"legal values of '{a.name}'", a.span, getattr(a.rule, "id", None))
            fused = candidates_function(
                param_src,
                param_slot,
                restrictions,
                fc.exprs.limits.max_work,
                where,
                available_compiled,
                made_actions,
            )
        copies, grouped = any(n > 1 for n in fc.c.cards.copies), any(z.groups for z in fc.c.zone_info)
        lazy = compile_effect(effect, fc.compiled, copies, grouped)
        made = CompiledAction(
            index=i,
            name=a.name,
            rule=a.rule,
            label=a.label,
            param_slot=param_slot,
            param_from=param_from,
            param_kind=param_kind,
            available=available,
            restrictions=tuple(restrictions),
            effect=tuple(effect),
            fused=fused,
            made=made_actions,
            count=a.param_count,
            partial=partial,
            effect_run=lazy,
            prefer=prefer,
            deliberate=deliberate,
        )
        if lazy is not None:  # compiled on its first call, then kept in the action
            lazy.store = functools.partial(object.__setattr__, made, "effect_run")
        out.append(made)
    return tuple(out)


def value_text(c: Compiler) -> Callable[[CompiledAction, Any], str]:
    ids = c.cards.ids
    enums: dict[str | None, dict[int, str]] = {  # keyed by an action's param_kind (None: no parameter)
        t.name: {v: k for k, v in t.values.items()} for t in c.names.types().values() if isinstance(t, EnumT)
    }

    def text(act: CompiledAction, value: Any) -> str:
        if act.param_kind == "card":
            return ids[value]
        names = enums.get(act.param_kind)
        if names is not None and value in names:
            return names[value]
        return str(value).lower() if isinstance(value, bool) else str(value)

    return text


def compile_status(c: Compiler, fc: FlowCompiler) -> tuple:
    """The status lines, each (templates by language, condition or None).

    The mapping form (`Trumps: trump`) is a line `Trumps: {trump}` in one language; the list form
    gives each line as a text in any languages, with an optional `if`."""
    status = c.model.status
    if isinstance(status, Mapping):  # one line: `Trumps: red  Score: 3, 4`
        spans = getattr(status, "key_spans", {}) or {}
        values = getattr(status, "value_spans", {}) or {}
        parts: list = []
        for label, value in status.items():
            fc.about(f"display.status {label}")
            where = values.get(label) or spans.get(label)
            check_public(c, value, where, "a status line", whole=True)
            compiled = fc.typed(value, where)
            if compiled is not None and shown_in_words(fc, compiled.type, Src(value, where)):
                parts.append(("  " if parts else "") + f"{label}: ")
                if isinstance(compiled.type, ListT) and _one_per_seat(c, value):
                    parts += _seat_by_seat(compiled, c.model.players.count)
                    continue
                shown = seat_type(fc, value, compiled.type) or str(compiled.type)  # (a seat by its name)
                parts.append((compiled.fn, shown, compiled.src))
        return (({"en": tuple(parts)}, None),) if parts else ()
    return _lines(c, fc, status, "display.status", "a status line")


def _one_per_seat(c: Compiler, value: Any) -> bool:
    """Whether a status value is one value per seat: a per-seat variable (`total`), or a list made
    by a loop over `seats` (`[len(taken(s)) for s in seats]`)."""
    tree = parsed(value)
    if isinstance(tree, Name):
        return any(v.name == tree.id and v.per == "seat" for v in c.model.variables)
    return (
        isinstance(tree, Comprehension)
        and tree.kind == "list"
        and len(tree.clauses) == 1
        and isinstance(tree.clauses[0], ForClause)
        and isinstance(tree.clauses[0].iter, Name)
        and tree.clauses[0].iter.id == "seats"
    )


def _seat_by_seat(compiled: Any, seats: int) -> list:
    """The parts of a value per seat, each seat named before its value: "you 3, Seat 1 0"."""
    elem = str(compiled.type.elem)
    fn, src = compiled.fn, compiled.src
    parts: list = []
    for s in range(seats):
        parts += [", " if s else "", ((lambda fr, s=s: s), "seat", src), " ", ((lambda fr, s=s: fn(fr)[s]), elem, src)]
    return parts


def compile_seat_lines(c: Compiler, fc: FlowCompiler) -> tuple:
    """`display.seats`: the lines about each seat (its plate in the browser), `seat` bound to it."""
    fc.locals.append({"seat": var_value(INT, c.slots.named("seat"))})
    try:
        return _lines(c, fc, c.model.seat_lines, "display.seats", "a seat's line")
    finally:
        fc.locals.pop()


def _lines(c: Compiler, fc: FlowCompiler, lines: Any, name: str, what: str) -> tuple:
    """Lines given as texts, or {text, if}: each (templates by language, condition or None)."""
    out: list[tuple] = []
    for i, line in enumerate(lines or ()):
        fc.about(f"{name}[{i}]")
        item = line if isinstance(line, Mapping) and "text" in line else {"text": line}
        span = getattr(line, "span", None)
        condition = fc.expr(item["if"], vspan(item, "if", span), BOOL) if "if" in item else None
        check_public(c, item["text"], vspan(item, "text", span), what)
        if "if" in item:
            check_public(c, item["if"], vspan(item, "if", span), f"whether {what} shows", whole=True)
        made = texts(fc, item["text"], vspan(item, "text", span))
        check_made(c, item["text"], made, vspan(item, "text", span), what)
        out.append((made, condition))
    return tuple(out)


def compile_sorts(c: Compiler, fc: FlowCompiler) -> dict:
    out = {}
    slot = c.slots.named("card")
    for z in c.model.zones:
        if z.sort is None:
            continue
        fc.locals.append({"card": var_value(c.names.card, slot)})
        fc.about(f"zones.{z.name}.sort")
        compiled = fc.typed(z.sort, z.span)
        fc.locals.pop()
        if compiled is not None and _orders_cards(c, compiled.type, Src(z.sort, z.span)):
            out[z.name] = compiled.fn
    return out


def _orders_cards(c: Compiler, t: Type, source: Any) -> bool:
    """A zone's sort key must be a number, a text or true/false (or a list of them), never none."""
    inner = t.elem if isinstance(t, ListT) else t
    if inner in (INT, STR, BOOL) or inner is ERROR:
        return True
    c.bag.error(
        f"a zone's sort key must be a number (or a text), and this is {t}",
        source.span_at(0, len(source.text)),
        "for example card.suit_order * 100 + card.rank_order",
    )
    return False
