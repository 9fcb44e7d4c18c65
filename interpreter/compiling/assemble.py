"""Compile a model into a Ruleset: the sections in order, then the tables the engine runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product
from math import prod
from types import SimpleNamespace
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag, did_you_mean
from interpreter.compiling.actions import (
    compile_actions,
    compile_functions,
    compile_seat_lines,
    compile_sorts,
    compile_status,
    value_text,
)
from interpreter.compiling.context import Compiler, var_value
from interpreter.compiling.flow import FlowCompiler
from interpreter.compiling.hints import check_preference_names
from interpreter.compiling.images import compile_images
from interpreter.compiling.melds import compile_melds
from interpreter.compiling.messages import template
from interpreter.compiling.names import ENGINE_WORDS, engine_functions
from interpreter.compiling.reach import warn_unreached
from interpreter.engine import program as P
from interpreter.engine import telling as T
from interpreter.engine.blocks import compile_flow
from interpreter.engine.ruleset import Ruleset, file_sha256
from interpreter.expr import BOOL, INT, Const, DictScope, ListT
from interpreter.expr.ast import reads_only_through
from interpreter.expr.compile import ExprCompiler
from interpreter.expr.parse import parse
from interpreter.expr.profile import Profile
from interpreter.expr.types import EnumT
from interpreter.model import Model


def compile_ruleset(
    model: Model,
    bag: DiagnosticBag,
    path: str,
    sources: Mapping[str, str],
    profile: Profile | None = None,
    mended: bool = False,
) -> Ruleset | None:
    """Compile a model; returns None when `bag` has errors.  With a `profile`, every expression is
    metered (expr/profile.py, for `validate --perf`).  A `mended` model (a file with schema errors,
    checking/repair.py) gets no warnings of dead rules: its mending may have left out what runs them."""
    c = Compiler(model, bag, path, sources)
    c.zones()
    c.constants()
    c.option_section()
    c.variables()
    rs = finish_compile(c, profile, mended)
    if bag.has_errors or rs is None:
        return None
    return rs


def finish_compile(c: Compiler, profile: Profile | None = None, mended: bool = False) -> Ruleset | None:
    """Functions, melds, actions, flow, result: the rest of compilation."""
    names = c.names
    bound = engine_functions(c)
    own_name_wins = {"cards_in": bound.pop("cards_in")}  # (bound below unless the ruleset names it)
    for name, binding in bound.items():
        c.reserve(name, binding, getattr(binding, "doc", "") or ENGINE_WORDS[name])
    last_action_slot, last_player_slot = c.slots.named("last_action"), c.slots.named("last_player")
    c.reserve("last_action", var_value(names.action, last_action_slot), ENGINE_WORDS["last_action"])
    c.reserve("last_player", var_value(INT, last_player_slot), ENGINE_WORDS["last_player"])
    for name, values in (("suits", names.suit), ("ranks", names.rank)):
        if values.values:
            own_name_wins[name] = Const(ListT(values), tuple(range(len(values.values))))
    for name, binding in own_name_wins.items():  # yield to a ruleset's own name
        if name not in c.declared_spans and name not in c.global_names:
            c.global_names[name] = (binding, "a built-in name")
    meld_table, shapes = compile_melds(c)
    scope = DictScope({k: v for k, (v, _) in c.global_names.items() if v is not None})
    exprs = ExprCompiler(scope, profile=profile)
    exprs.refused = frozenset(c.refused_names)
    compile_functions(c, exprs)
    fc = FlowCompiler(c, exprs)
    actions = compile_actions(c, fc)
    check_preference_names(c)
    program: list = []
    fc.steps(c.model.flow, program)
    end = P.End()
    end.where = P.Where("end of the flow")
    program.append(end)
    for jump in fc.end_jumps:  # `end_game`: to the End of the flow
        jump.target = len(program) - 1
    P.link(program)
    seat_slot = c.slots.named("seat")
    fc.locals.append({"seat": var_value(INT, seat_slot)})
    fc.about("result.returns")
    by_seat = frozenset({"seat"})  # every seat's value in one epoch: the parts not about `seat` once
    returns = fc.expr(c.model.returns, None, INT, by_seat) if c.model.returns is not None else None
    fc.about("result.won")
    won = fc.expr(c.model.won, None, BOOL) if c.model.won is not None else None
    fc.about("result.evaluate")
    evaluate = fc.expr(c.model.evaluate, None, INT, by_seat) if c.model.evaluate is not None else None
    plausible = fc.expr(c.model.plausible, None, INT) if c.model.plausible is not None else None
    fc.locals.pop()
    if c.model.returns is None:
        c.bag.error("the ruleset has no result: add result.returns (each seat's final score)", c.model.span)
    invariants = []
    for inv in c.model.invariants:
        fc.about("invariant", inv.rule)
        fn = fc.expr(inv.check, inv.span, BOOL)
        when = fc.expr(inv.when, inv.span, BOOL) if inv.when is not None else None
        if fn:
            invariants.append((inv.rule, fn, when))
    status = compile_status(c, fc)
    seat_lines = compile_seat_lines(c, fc)
    images = compile_images(c.model.images, c.cards, c.path, c.bag)
    fc.about("result.summary")
    summary = {lang: template(fc, text, None) for lang, text in c.model.summary.values.items()}
    sorts = compile_sorts(c, fc)
    carry = []
    for i, name in enumerate(c.model.carry):
        if name not in c.var_types:
            span = c.model.carry_spans[i] if i < len(c.model.carry_spans) else c.model.span
            c.bag.error(f"result.carry names unknown variable '{name}'", span, did_you_mean(name, c.var_types))
        else:
            carry.append(c.var_types[name][1])
    c.bag.extend(exprs.diagnostics)
    if not c.bag.has_errors and not mended:  # (after an error, parts of the flow may not be compiled)
        warn_unreached(c.model, c.bag, fc.phases_run, fc.offered)
    if c.model.deck.zone not in {z.name for z in c.zone_info}:
        c.bag.error(
            f"deck.zone '{c.model.deck.zone}' is not a declared zone",
            c.model.deck.span,
            "declare a shared zone named 'deck' (or set deck.zone)",
        )
    if c.bag.has_errors or returns is None:  # no result is an error reported above
        return None
    deck_info = next(z for z in c.zone_info if z.name == c.model.deck.zone)
    source_text = c.sources.get(c.path, "")
    return Ruleset(
        id=c.model.id,
        name=c.model.name,
        path=c.path,
        source_sha256=file_sha256(source_text),
        model=c.model,
        cards=c.cards,
        num_players=c.n,
        order=c.model.players.order,
        team_ids=tuple(t.id for t in c.model.players.teams),
        team_of_seat=tuple(
            next((i for i, t in enumerate(c.model.players.teams) if s in t.seats), -1) for s in range(c.n)
        ),
        zones=tuple(c.zone_info),
        zone_count=c.zone_count,
        zone_groups=tuple(c.zone_info[i].groups for i in c.zone_index),
        zone_owner=c.zone_owner,
        zone_index=c.zone_index,
        deck_zone=deck_info.base,
        variables=tuple(c.var_info),
        options=c.options,
        option_slots=c.option_slots,
        slot_count=c.slots.count,
        actions=actions,
        program=program,
        blocks=compile_flow(
            program, fc.compiled, any(n > 1 for n in c.cards.copies), any(z.groups for z in c.zone_info)
        ),
        returns_fn=returns,
        won_fn=won,
        invariants=tuple(invariants),
        player_slot=c.slots.named("player"),
        last_action_slot=last_action_slot,
        last_player_slot=last_player_slot,
        locals_=dict(c.slots.hidden),
        frame_factory=exprs.new_frame,
        meld_table=meld_table,
        shapes=shapes,
        kind_names=tuple(k.name for k in c.model.meld_kinds),
        value_text=value_text(c),
        status=status,
        seat_lines=seat_lines,
        phase_titles=dict(c.model.phase_titles),
        ends_deals=any(isinstance(ins, T.EndDeal) for ins in program),
        zone_sort=sorts,
        carry_slots=tuple(carry),
        summary=summary,
        evaluate_fn=evaluate,
        returns_team_wide=_team_wide(c, fc, exprs, returns),
        evaluate_team_wide=_team_wide(c, fc, exprs, evaluate),
        plausible_fn=plausible,
        horizon=c.model.horizon,
        playouts=c.model.playouts,
        card_tables=_card_tables(c, exprs),
        images=images,
    )


def _team_wide(c: Compiler, fc: FlowCompiler, exprs: ExprCompiler, fn: Callable | None) -> bool:
    """Whether an expression of `seat` (result.returns, hints.evaluate) reads it only as
    team_of(seat) where every seat is in a team: one value per team (Ruleset.team_wide)."""
    teams = c.model.players.teams
    compiled = fc.compiled.get(id(fn)) if fn is not None else None
    if compiled is None or not teams or any(all(s not in t.seats for t in teams) for s in range(c.n)):
        return False
    tree, _ = parse(compiled.source, exprs.limits)  # the tree the compiler parsed (kept by text)
    return tree is not None and reads_only_through(tree, "seat", "team_of")


# (the values read: (name, value, its kind: "bool", "suit" or "rank"), ...), a value per card
CardTable = tuple[tuple[tuple[str, Any, str], ...], tuple[int, ...]]
MAX_TABLES = 8  # orders one ranking may have (one per combination of the values it reads) and still be listed


def _card_tables(c: Compiler, exprs: ExprCompiler) -> dict[str, tuple[CardTable, ...]]:
    """Each function of one card that gives an int (a ranking such as `strength(c)`), evaluated
    for every card: the ranking tables `cardrules rules` prints.  One that reads nothing else has one
    table; one that reads variables or options of the whole game that are yes/no values, suits or
    ranks (`revolution`, `trump`), one per combination of their values (at most eight), labelled
    with the values read."""
    tables: dict[str, tuple[CardTable, ...]] = {}
    card_t = c.names.card
    named: dict[int, tuple[str, Any, str, tuple]] = {}  # such a variable or option, by the Value it is read as
    for name in [v.name for v in c.model.variables if v.per == "game"] + [o.name for o in c.model.options]:
        value = exprs.scope.resolve(name)
        if value is None or getattr(value, "index", 1) is not None:
            continue
        t = getattr(value, "type", None)
        if t == BOOL:
            named[id(value)] = (name, value, "bool", (True, False))
        elif isinstance(t, EnumT) and t.name in ("suit", "rank") and t.values:
            named[id(value)] = (name, value, t.name, tuple(range(len(t.values))))
    for uf in exprs.functions.values():
        if len(uf.params) != 1 or uf.params[0][1] is not card_t or uf.returns != INT or uf.reads is None:
            continue
        if uf.body is None or any(id(r) not in named for r in uf.reads):
            continue
        read = [named[id(r)] for r in uf.reads]
        if prod(len(values) for *_, values in read) > MAX_TABLES:
            continue
        made = []
        for combination in product(*(values for *_, values in read)):
            when = tuple((name, v, kind) for (name, _, kind, _), v in zip(read, combination, strict=True))
            slots = {_read_slot(value): v for (_, value, _, _), v in zip(read, combination, strict=True)}
            values = _card_values(c, exprs, uf, slots)
            if values is None:
                break
            made.append((when, values))
        else:
            if len({v for _, v in made}) == 1:  # the same order whatever the values read
                made = [((), made[0][1])]
            if len(set(made[0][1])) > 1 or len(made) > 1:
                tables[uf.name] = tuple(made)
    return tables


def _read_slot(value: Any) -> int | None:
    """The state slot a variable or option is read from (context.var_value's loader keeps it)."""
    return getattr(value.load, "slot", None)


def _card_values(c: Compiler, exprs: ExprCompiler, uf: Any, slots: dict) -> tuple[int, ...] | None:
    """`uf` for every card, the scalars it reads set as given (None when a card fails)."""
    if None in slots:
        return None
    frame = exprs.new_frame(SimpleNamespace(vars=slots))  # the state, as far as the function reads it
    values = []
    try:
        for face in range(c.cards.count):
            frame.budget = exprs.limits.max_work
            frame.L[uf.slots[0]] = face
            values.append(uf.body(frame))
    except Exception:  # a card the function does not accept: no table for it
        return None
    return tuple(values)
