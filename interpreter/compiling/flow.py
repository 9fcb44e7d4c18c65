"""The flow of play: steps -> the engine's flat instruction list.

Steps become the flat instruction list of `engine/program.py`: loops and
ifs become jumps, phases are inlined (a phase that reaches itself is an
error), and loop variables live in hidden variable slots so a game can pause
inside any loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from interpreter.base.diagnostics import Span, did_you_mean
from interpreter.compiling import stepfns as F
from interpreter.compiling.context import Compiler, Src, SubSource, key_is_quoted, var_value, vspan
from interpreter.compiling.plain import in_order, plain_converter
from interpreter.compiling.public import check_copy
from interpreter.compiling.reach import may_leave
from interpreter.compiling.seats import SeatReader, names_a_seat
from interpreter.compiling.story import StoryCompiler
from interpreter.compiling.zonerefs import ZoneRefs, span_of
from interpreter.engine import program as P
from interpreter.engine import telling as T
from interpreter.expr import (
    ANY,
    BOOL,
    ERROR,
    INT,
    STR,
    DictScope,
    ListT,
    SetT,
    Type,
    emit,
)
from interpreter.expr.compile import ExprCompiler
from interpreter.loading.scalars import yaml11_bool_word, yaml11_hint
from interpreter.model import Step

LOOP_LIMIT = 100_000

InstrT = TypeVar("InstrT", bound=P.Instr)  # `emit` gives back the instruction it was given


class FlowCompiler(StoryCompiler, ZoneRefs):
    """Compiles steps to instructions, with a stack of loop scopes."""

    def __init__(self, c: Compiler, exprs: ExprCompiler):
        self.c, self.exprs = c, exprs
        self.bag = c.bag
        self.locals: list[dict[str, Any]] = [{}]
        self.loops: list[list[P.Jump]] = []
        self.end_jumps: list[Any] = []  # `end_game` steps: jumps to the program's End, linked by assemble
        self.phase_stack: list[str] = []
        self.in_effect = False
        self.rule: Any = None  # the rule of the action whose effect is being compiled
        self.action_index = {a.name: i for i, a in enumerate(c.model.actions)}
        self.phases_run: set[str] = set()  # phases some step runs (`warn_unreached`)
        self.offered: set[int] = set()  # actions some turn or claim offers
        self.compiled: dict[int, Any] = {}  # id(fn) -> its Compiled, for writing the flow as Python (blocks.py)
        self.seats = SeatReader(c.model)  # which expressions give seats
        self.seat_slots = frozenset(  # the slots of the game's variables of type seat (one each)
            slot for name, (_t, slot, per) in c.var_types.items() if per == "game" and self.declared_seat(name)
        )

    # ----- expressions ----------------------------------------------------------
    def scope(self) -> DictScope:
        merged: dict[str, Any] = {}
        for layer in self.locals:
            merged.update(layer)
        return DictScope(merged)

    def expr(
        self, value: Any, span: Span | None, expected: Type | None = None, varying: frozenset[str] | None = None
    ) -> Callable | None:
        compiled = self.typed(value, span, expected, varying)
        return None if compiled is None else compiled.fn

    def typed(self, value: Any, span: Span | None, expected: Type | None = None, varying: frozenset[str] | None = None):
        if value is None:
            return None
        source = value if isinstance(value, SubSource) else Src(value, span)
        before = len(self.exprs.diagnostics)
        compiled = self.exprs.compile(source, expected=expected, extra=self.scope(), varying=varying)
        if yaml11_bool_word(value):
            self._yaml11_hints(before, str(value))
        if compiled is not None:
            self.compiled[id(compiled.fn)] = compiled
        return compiled

    def _yaml11_hints(self, start: int, word: str) -> None:
        """`if: yes` -> unknown name 'yes', with the hint that YAML 1.2 reads it as text."""
        diags = self.exprs.diagnostics
        for i in range(start, len(diags)):
            if diags[i].message == f"unknown name '{word}'":
                diags[i] = dataclasses.replace(diags[i], hint=yaml11_hint(word))

    def bind_local(self, name: str, t: Type, span: Span | None, seat: bool = False) -> int:
        if name in self.c.global_names:
            self.bag.error(f"'{name}' is already {self.c.global_names[name][1]}; choose another loop name", span)
        slot = self.c.slots.new()
        self.locals[-1][name] = var_value(t, slot, seat=seat)
        return slot

    def declared_seat(self, name: str) -> bool:
        """Whether `name` here is a seat: a loop over seats, or a variable or constant of type seat."""
        for layer in reversed(self.locals):
            if name in layer:
                return bool(getattr(layer[name], "seat", False))
        return bool(getattr(self.c.global_names.get(name, (None, None))[0], "seat", False))

    # ----- steps ----------------------------------------------------------------
    def steps(self, steps: tuple[Step, ...], out: list) -> None:
        for s in steps:
            self.step(s, out)

    def emit(self, out: list, ins: InstrT, s: Step, what: str) -> InstrT:
        ins.where = P.Where(what, s.rule, s.span, tuple(self.phase_stack))
        out.append(ins)
        return ins

    def step(self, s: Step, out: list) -> None:
        self.about(s.kind, s.rule or self.rule)
        method = getattr(self, f"step_{s.kind}")
        method(s, out)

    def about(self, what: str, rule: Any = None) -> None:
        """Name what is compiled next, for `validate --perf` (a no-op without a profile)."""
        profile = self.exprs.profile
        if profile is not None:
            profile.context = (what, rule.id if rule is not None else None)

    def step_shuffle(self, s: Step, out: list) -> None:
        z = self.zone_ref(s.value, s.span)
        if z:
            self.emit(out, P.Shuffle(z), s, "shuffle")

    def step_collect(self, s: Step, out: list) -> None:
        z = self.zone_ref(s.value, s.span)
        if z:
            self.emit(out, P.Collect(z), s, "collect")

    def step_reveal(self, s: Step, out: list) -> None:
        v = s.value if isinstance(s.value, dict) else {"zone": s.value}
        z = self.zone_ref(v["zone"], s.span)
        chosen = [k for k in ("cards", "count", "at") if k in v]
        if len(chosen) > 1:
            self.bag.error(f"reveal takes one of 'cards', 'count' and 'at', not {' and '.join(chosen)}", s.span)
            return
        cards = self.cards_expr(v["cards"], vspan(v, "cards", s.span), "reveal") if "cards" in v else None
        count = self.expr(v["count"], vspan(v, "count", s.span), INT) if "count" in v else None
        at = self.places_expr(v["at"], vspan(v, "at", s.span)) if "at" in v else None
        if z and (cards or count or at or not chosen):
            self.emit(out, T.Reveal(z, cards, count, v.get("end", "front") == "front", at), s, "reveal")

    def places_expr(self, value: Any, span: Span | None) -> Callable | None:
        """`reveal.at`: an index in the zone (0: the front) or a list of them."""
        compiled = self.typed(value, span, None)
        if compiled is None:
            return None
        if compiled.type in (INT, ListT(INT), ERROR):
            return compiled.fn
        self.bag.error(
            f"reveal.at needs an index (a whole number) or a list of them, and this is {compiled.type}", span
        )
        return None

    def step_deal(self, s: Step, out: list) -> None:
        v = s.value
        src = self.zone_ref(v["from"], s.span)
        infos = {z.name: z for z in self.c.zone_info}
        dst = infos.get(v["to"])
        if dst is None:
            self.bag.error(f"unknown zone '{v['to']}'", span_of(v["to"], s.span), did_you_mean(v["to"], infos))
        elif dst.per != "seat":
            self.bag.error(f"deal needs a per-seat zone, and '{v['to']}' is shared", span_of(v["to"], s.span))
        seats = self.expr(v["seats"], vspan(v, "seats", s.span), ListT(INT))
        if ("packets" in v) == ("counts" in v):
            self.bag.error("deal needs exactly one of 'packets' and 'counts'", s.span)
            return
        counts = None
        if "counts" in v:
            self.locals.append({"seat": var_value(INT, self.c.slots.named("seat"))})
            counts = self.expr(v["counts"], vspan(v, "counts", s.span), INT)
            self.locals.pop()
        if src and dst and seats:
            packets = tuple(v["packets"]) if "packets" in v else None
            F.deal_fits_the_deck(self.bag, v, packets, self.c.n, self.c.cards.total, s.span)
            up = 1 if v.get("face") == "up" else 0
            placed = bool(up) or dst.visibility != "all"  # face down where everybody sees: by nobody
            self.emit(out, P.Deal(src, dst.base, seats, packets, counts, up, placed), s, "deal")

    def step_move(self, s: Step, out: list) -> None:
        v = s.value
        src = self.zone_ref(v["from"], s.span)
        dst = self.zone_ref(v["to"], s.span)
        modes = [m for m in ("cards", "count", "all") if m in v]
        if len(modes) != 1:
            self.bag.error("move needs exactly one of 'cards', 'count' and 'all'", s.span)
            return
        mode = modes[0]
        arg = None
        self.about(f"move {mode}", s.rule or self.rule)
        if mode == "cards":
            arg = self.cards_expr(v["cards"], vspan(v, "cards", s.span))
        elif mode == "count":
            arg = self.expr(v["count"], vspan(v, "count", s.span), INT)
        face = v.get("face")
        face_fn = None
        to_name = str(v["to"]).partition("(")[0].strip()
        to_info = next((z for z in self.c.zone_info if z.name == to_name), None)
        shown_to = to_info.visibility if to_info is not None else None
        if face is None and shown_to == "all":
            face_fn = F.false
        elif face is None and shown_to == "none":  # a zone nobody sees hides its cards unless told `face: up`
            face_fn = F.true
        elif face == "up":
            face_fn = F.false
        elif face == "down":
            face_fn = F.true
        elif face is not None:
            face_fn = self.expr(face, vspan(v, "face", s.span), BOOL)
        elif to_info is None and dst is not None:  # a zone given by an expression: its default, in play
            face_fn = self.face_default(dst)
        for key in ("group", "into"):  # (a zone without groups fails at the move in play otherwise)
            if key in v and to_info is not None and not to_info.groups:
                self.bag.error(
                    f"move.{key} needs a zone of groups, and '{to_name}' does not hold groups",
                    vspan(v, key, s.span),
                    f"declare the zone with groups: true ({to_name}: {{..., groups: true}}), or leave out {key}",
                )
        group = None
        if "group" in v:
            kinds = self.c.names.kind.values
            group = (
                F.const(kinds[v["group"]])
                if v["group"] in kinds
                else self.expr(v["group"], vspan(v, "group", s.span), self.c.names.kind)
            )
        into = self.expr(v.get("into"), vspan(v, "into", s.span), INT) if "into" in v else None
        raw = v.get("first")  # (cards added into a group go before its cards where it holds)
        first = F.const(raw) if isinstance(raw, bool) else self.expr(raw, vspan(v, "first", s.span), BOOL)
        if raw is not None and "into" not in v:
            self.bag.error("move.first places cards in a group named by `into`", vspan(v, "first", s.span))
        mover = None
        if self.in_effect:  # the acting seat, read from its slot (in generated code too)
            player = self.c.slots.named("player")
            mover = F.slot(player)
            self.written_as(mover, emit.Src(f"f.env.vars[{player}]", {}))
        if "by" in v:  # who is recorded as placing the cards (a declarer playing from the dummy)
            by = self.expr(v["by"], vspan(v, "by", s.span), INT)
            mover = F.placer(by, self.c.n) if by is not None else None
        # the flow putting a card face down in front of a seat, where everybody sees: placed by nobody
        unplaced = mover is None and to_info is not None and to_info.per == "seat" and shown_to == "all"
        if src and dst:
            ins = P.Move(src, dst, mode, arg, v.get("end", "front"), face_fn, group, into, mover, unplaced, first)
            self.emit(out, ins, s, "move")

    def cards_expr(self, value: Any, span: Span | None, step: str = "move") -> Callable | None:
        """`move.cards` (or `reveal.cards`): one card or a list of cards (quoted ids are read as
        cards; a set moves in deck order)."""
        card = self.c.names.card
        compiled = self.typed(value, span, None)
        if compiled is not None and compiled.type in (STR, ListT(STR)):
            compiled = self.typed(value, span, card if compiled.type == STR else ListT(card))
        if compiled is None:
            return None
        t = compiled.type
        if t == SetT(card):
            return in_order(compiled.fn)
        if t in (card, ListT(card)) or t is ERROR or t == ListT(ERROR):  # (a list of what failed: told there)
            return compiled.fn
        self.bag.error(
            f"{step}.cards needs a card or a list of cards, and this is {t}",
            span_of(value, span),
            "for a number of cards from one end of the zone, write count: N",
        )
        return None

    def _targets(self, s: Step) -> list:
        items: list[tuple[str, Type, int, Callable | None, int, Any, Any]] = []
        spans = getattr(s.value, "key_spans", {}) or {}
        values = getattr(s.value, "value_spans", {}) or {}
        for target, value in s.value.items():
            tspan = spans.get(target, s.span)
            name, _, index_text = str(target).partition("[")
            name = name.strip()
            if name not in self.c.var_types:
                kind = self.c.global_names.get(name, (None, None))[1]
                if kind:
                    self.bag.error(
                        f"cannot assign to '{name}': it is {kind}",
                        tspan,
                        "only variables (declared under 'variables') can change",
                    )
                else:
                    self.bag.error(
                        f"unknown variable '{name}'",
                        tspan,
                        did_you_mean(name, self.c.var_types)
                        or f"declare it under 'variables' (for example {name}: {{type: int}})",
                    )
                continue
            t, slot, per = self.c.var_types[name]
            index_fn, size = None, 0
            if per != "game" and not index_text:
                items.append((name, ListT(t), slot, None, 0, value, values.get(target, tspan)))
                continue
            if per != "game":
                offset = len(str(target)) - len(str(target).lstrip()) + str(target).lstrip().index("[") + 1
                index_src = SubSource(
                    target, offset, index_text.rstrip()[:-1], tspan, key_is_quoted(self.c.sources, tspan)
                )
                compiled = self.exprs.compile(index_src, expected=INT if per == "seat" else None, extra=self.scope())
                if per == "team" and compiled is not None and compiled.type != INT:  # (a team's number, as reads take)
                    compiled = self.exprs.compile(index_src, expected=self.c.names.team, extra=self.scope())
                if compiled is None:
                    continue
                one_each = len(self.c.model.players.teams) == self.c.n  # (a team per seat: a seat may name it)
                seat_for_team = per == "team" and compiled.type == INT and not one_each
                if seat_for_team and names_a_seat(index_src.text, self.declared_seat):
                    self.bag.error(
                        f"'{name}' is kept per team: index it by a team, not by a seat number",
                        index_src.span_at(0, len(index_src.text)) or tspan,
                        "a seat's team is team_of(seat)",
                    )
                    continue
                index_fn = compiled.fn
                size = self.c.n if per == "seat" else len(self.c.model.players.teams)
            elif index_text:
                self.bag.error(f"variable '{name}' is a single value, not per seat or team", tspan)
                continue
            items.append((name, t, slot, index_fn, size, value, values.get(target, tspan)))
        return items

    def step_set(self, s: Step, out: list, add: bool = False) -> None:
        items = []
        for name, t, slot, index_fn, size, value, tspan in self._targets(s):
            if add and t is not INT and t is not ERROR:  # (ERROR: its unknown type is reported already)
                self.bag.error(f"'add' needs an int variable, and '{name}' is {t}", tspan)
                continue
            self.about(f"{'add' if add else 'set'} {name}", s.rule or self.rule)
            if index_fn is None and slot in self.seat_slots and str(value).strip() in ("none", "null"):
                self.bag.error(
                    f"'{name}' holds a seat: a seat number (0 to {self.c.n - 1}), or -1 for no seat",
                    tspan,
                    f"set: {{{name}: -1}}",
                )
                continue
            compiled = self.typed(value, tspan, t)
            fn = None if compiled is None else compiled.fn
            if not add:
                check_copy(self.c, name, value, tspan)
            if fn is not None and isinstance(t, ListT) and not add:
                fn = F.as_tuple(fn)
            per = self.c.var_types[name][2]
            if fn is not None and index_fn is None and per != "game":  # the whole variable: one value each
                size_of = self.c.n if per == "seat" else len(self.c.model.players.teams)
                fn = F.one_each(fn, name, per, size_of, tspan, compiled, self.bag)
            if fn is not None:
                items.append((slot, index_fn, fn, add, size))
        seats = frozenset(slot for slot, index_fn, *_ in items if index_fn is None and slot in self.seat_slots)
        self.emit(out, P.Assign(tuple(items), (seats, self.c.n)), s, "add" if add else "set")

    def step_add(self, s: Step, out: list) -> None:
        self.step_set(s, out, add=True)

    def step_pick(self, s: Step, out: list) -> None:
        items = []
        for _name, t, slot, index_fn, _size, value, tspan in self._targets(s):
            if index_fn is not None:
                self.bag.error("pick sets single variables only", tspan)
                continue
            fn = self.expr(value, tspan, ListT(t))
            if fn is not None:
                items.append((slot, fn))
        self.emit(out, P.Pick(tuple(items)), s, "pick")

    def step_if(self, s: Step, out: list) -> None:
        """if / elif / else: each condition jumps past its steps when it fails; each branch's
        steps end with a jump past the rest."""
        branches = [(s.value, s.value_span or s.span, s.body), *((b.condition, b.span, b.body) for b in s.elifs)]
        done: list[P.Jump] = []
        for i, (condition, span, body) in enumerate(branches):
            self.about("if" if i == 0 else "elif", s.rule or self.rule)
            cond = self.expr(condition, span, BOOL) or F.true
            jump = self.emit(out, P.JumpUnless(cond), s, "if" if i == 0 else "elif")
            self.steps(body, out)
            if i < len(branches) - 1 or s.else_body:
                done.append(self.emit(out, P.Jump(), s, "if"))
            jump.target = len(out)
        self.steps(s.else_body, out)
        for skip in done:
            skip.target = len(out)

    def _loop(self, s: Step, out: list, values: Callable, var_slot: int | None) -> None:
        list_slot, idx_slot = self.c.slots.new(), self.c.slots.new()
        self.emit(out, P.LoopStart(values, list_slot, idx_slot, LOOP_LIMIT), s, s.kind)
        top = len(out)
        nxt = self.emit(out, P.LoopNext(list_slot, idx_slot, var_slot), s, s.kind)
        self.loops.append([])
        self.steps(s.body, out)
        back = self.emit(out, P.LoopNext(list_slot, idx_slot, var_slot, body=top + 1), s, s.kind)
        nxt.exit = back.exit = len(out)
        for j in self.loops.pop():
            j.target = len(out)

    def step_for_each(self, s: Step, out: list) -> None:
        v = s.value
        compiled = self.typed(v["in"], vspan(v, "in", s.span), None)
        if compiled is None:
            return
        elem = getattr(compiled.type, "elem", ANY) if isinstance(compiled.type, (ListT, SetT)) else None
        if elem is None and compiled.type is not ANY:
            self.bag.error(f"for_each needs a list, and this is {compiled.type}", span_of(v["in"], s.span))
            return
        self.locals.append({})
        seat = elem == INT and self.seats.gives_seats(v["in"])  # a loop over seats: `as` is a seat
        slot = self.bind_local(v["as"], elem or ANY, span_of(v["as"], s.span), seat)
        values = in_order(compiled.fn) if isinstance(compiled.type, SetT) else compiled.fn
        self._loop(s, out, values, slot)
        self.locals.pop()

    def step_repeat(self, s: Step, out: list) -> None:
        v = s.value
        if not any(k in v for k in ("times", "until", "while")):
            self.bag.error(
                "this repeat never ends: give it 'times', 'until' or 'while'",
                s.span,
                "a repeat without a bound loops forever",
            )
            return
        for key, never in (("until", False), ("while", True)):
            if key in v and v[key] is never and "times" not in v and not may_leave(s.body, self.c.model.phases):
                self.bag.error(f"this repeat never ends: '{key}: {str(never).lower()}' and no break", s.span)
        self.locals.append({})
        var_slot = self.bind_local(v["as"], INT, s.span) if "as" in v else None
        if "times" in v:
            times = self.expr(v["times"], vspan(v, "times", s.span), INT)
            if times is None:
                self.locals.pop()
                return
            if "until" in v or "while" in v:
                self._bounded_conditional(s, out, times, var_slot)
            else:
                self._loop(s, out, times, var_slot)
        else:
            self._conditional(s, out, var_slot)
        self.locals.pop()

    def _conditional(self, s: Step, out: list, var_slot: int | None) -> None:
        v = s.value
        until = self.expr(v.get("until"), vspan(v, "until", s.span), BOOL) if "until" in v else None
        while_ = self.expr(v.get("while"), vspan(v, "while", s.span), BOOL) if "while" in v else None
        if var_slot is not None:
            self.emit(out, P.Assign(((var_slot, None, F.zero, False, 0),)), s, "repeat")
        top = len(out)
        guard = self.emit(out, P.JumpUnless(while_), s, "repeat") if while_ else None
        self.loops.append([])
        self.steps(s.body, out)
        if var_slot is not None:
            self.emit(out, P.Assign(((var_slot, None, F.one, True, 0),)), s, "repeat")
        if until is not None:
            self.emit(out, P.JumpUnless(until, top), s, "repeat")
        else:
            self.emit(out, P.Jump(top), s, "repeat")
        end = len(out)
        if guard is not None:
            guard.target = end
        for j in self.loops.pop():
            j.target = end

    def _bounded_conditional(self, s: Step, out: list, times: Callable, var_slot: int | None) -> None:
        v = s.value
        until = self.expr(v.get("until"), vspan(v, "until", s.span), BOOL) if "until" in v else None
        while_ = self.expr(v.get("while"), vspan(v, "while", s.span), BOOL) if "while" in v else None
        list_slot, idx_slot = self.c.slots.new(), self.c.slots.new()
        self.emit(out, P.LoopStart(times, list_slot, idx_slot, LOOP_LIMIT), s, "repeat")
        top = len(out)
        nxt = self.emit(out, P.LoopNext(list_slot, idx_slot, var_slot), s, "repeat")
        guard = self.emit(out, P.JumpUnless(while_), s, "repeat") if while_ else None
        self.loops.append([])
        self.steps(s.body, out)
        back = None
        if until is not None:
            self.emit(out, P.JumpUnless(until, top), s, "repeat")
        else:  # the loop's next step itself, rather than a jump to it
            back = self.emit(out, P.LoopNext(list_slot, idx_slot, var_slot, body=top + 1), s, "repeat")
        end = len(out)
        nxt.exit = end
        if back is not None:
            back.exit = end
        if guard is not None:
            guard.target = end
        for j in self.loops.pop():
            j.target = end

    def step_break(self, s: Step, out: list) -> None:
        if not self.loops:
            self.bag.error("'break' outside a repeat or for_each", s.span)
            return
        self.loops[-1].append(self.emit(out, P.Jump(), s, "break"))

    def step_end_game(self, s: Step, out: list) -> None:
        """`end_game: true` ends the game here; `end_game: CONDITION` only when it holds."""
        if self.in_effect:
            self.bag.error(
                "an action's effect cannot end the game",
                s.span,
                'end it in the flow, after the turn: `- end_game: "max(score) >= 121"`',
            )
            return
        if s.value is True or s.value is False:  # (false: a step that never ends it)
            if s.value:
                self.end_jumps.append(self.emit(out, P.Jump(), s, "end_game"))
            return
        compiled = self.typed(s.value, s.value_span or s.span, BOOL)
        if compiled is not None:
            self.end_jumps.append(self.emit(out, P.JumpIf(compiled.fn), s, "end_game"))

    def _action_list(self, names: Any, s: Step) -> tuple[int, ...]:
        out = []
        for i, name in enumerate(names):
            span = getattr(name, "span", None) or (getattr(names, "item_spans", None) or [s.span] * len(names))[i]
            if name not in self.action_index:
                self.bag.error(
                    f"unknown action '{name}'",
                    span,
                    did_you_mean(name, self.action_index) or "actions: " + ", ".join(self.action_index),
                )
            else:
                out.append(self.action_index[name])
        self.offered.update(out)
        return tuple(out)

    def step_turn(self, s: Step, out: list) -> None:
        if self.in_effect:
            self.bag.error("an action's effect cannot contain a 'turn'; put decisions in the flow", s.span)
            return
        v = s.value
        player = self.expr(v["player"], vspan(v, "player", s.span), INT)
        actions = self._action_list(v["actions"], s)
        if player:
            self.emit(out, P.Turn(player, actions, self.prompt(v, s)), s, "turn")

    def step_claim(self, s: Step, out: list) -> None:
        if self.in_effect:
            self.bag.error("an action's effect cannot contain a 'claim' window", s.span)
            return
        v = s.value
        players = self.expr(v["players"], vspan(v, "players", s.span), ListT(INT))
        actions = self._action_list(v["actions"], s)
        rank: dict[int, int] = {}
        for level, entry in enumerate(v.get("precedence") or ()):
            group = entry if isinstance(entry, list) else [entry]
            for name, k in zip([n for n in group if n in self.action_index], self._action_list(group, s)):
                if k not in actions:
                    offered = "offered: " + ", ".join(self.c.model.actions[a].name for a in actions)
                    where = getattr(name, "span", None) or s.span
                    self.bag.error(f"precedence names '{name}', which is not offered in this claim", where, offered)
                rank[k] = level
        for k in actions:
            rank.setdefault(k, len(rank) + 100)
        as_slot = None
        if "as" in v:
            as_slot = self.c.slots.new()
            self.locals[-1][v["as"]] = var_value(self.c.names.action, as_slot)
            self._claim_names = getattr(self, "_claim_names", set()) | {v["as"]}
        F.no_choice_in_claims(self.bag, self.c.model.actions, actions, s.span)
        if players:
            self.emit(out, P.Claim(players, actions, rank, as_slot, self.prompt(v, s)), s, "claim")

    def step_phase(self, s: Step, out: list) -> None:
        name = s.value
        phases = self.c.model.phases
        if name not in phases:
            self.bag.error(f"unknown phase '{name}'", s.span, did_you_mean(name, phases))
            return
        if name in self.phase_stack:
            chain = " -> ".join([*self.phase_stack[self.phase_stack.index(name) :], name])
            self.bag.error(f"phase '{name}' runs itself ({chain}); this flow would never end", s.span)
            return
        self.phases_run.add(name)
        self.phase_stack.append(name)
        self.steps(phases[name], out)
        self.phase_stack.pop()

    def step_record(self, s: Step, out: list) -> None:
        items = []
        for name, value in s.value.items():
            self.about(f"record {name}", s.rule or self.rule)
            compiled = self.typed(value, vspan(s.value, name, s.span))
            if compiled is not None:
                items.append((str(name), F.converted(compiled.fn, plain_converter(compiled.type))))
        self.emit(out, T.Record(tuple(items)), s, "record")
