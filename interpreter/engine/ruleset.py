"""The compiled ruleset: immutable tables, the program, and the game API.

`compile.py` builds one `Ruleset` per file; the engine's states point at it
and never change it.  It answers the questions the state asks: which actions
are legal, why one is not, what an action does, who may claim.
"""

from __future__ import annotations

import functools
import hashlib
import operator
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from interpreter.base.records import dataclass, field
from interpreter.engine import observe, saves, snapshots
from interpreter.engine.choices import Chooser, choosing, whole_choice
from interpreter.engine.explain import explain, refusal
from interpreter.engine.program import PAUSE, FlowError, Where, as_flow_error
from interpreter.engine.state import PASS, PASS_KIND, PICK_KIND, Action, GameState, fresh_state
from interpreter.engine.tables import CompiledAction, EngineLimits, Restriction, VarInfo, ZoneInfo
from interpreter.expr.runtime import next_epoch


@dataclass(eq=False)
class Ruleset:
    """A valid, compiled ruleset.  `new_game(seed=...)` starts a game."""

    id: str
    name: Any
    path: str
    source_sha256: str
    model: Any
    cards: Any
    num_players: int
    order: str
    team_ids: tuple[str, ...]
    team_of_seat: tuple[int, ...]
    zones: tuple[ZoneInfo, ...]
    zone_count: int
    zone_groups: tuple[bool, ...]
    zone_owner: tuple[int, ...]
    zone_index: tuple[int, ...]
    deck_zone: int
    variables: tuple[VarInfo, ...]
    options: Mapping[str, Any]
    option_slots: Mapping[str, int]
    slot_count: int
    actions: tuple[CompiledAction, ...]
    program: list
    returns_fn: Callable
    invariants: tuple
    player_slot: int
    last_action_slot: int
    last_player_slot: int
    locals_: Mapping[str, int]
    frame_factory: Callable[[Any], Any]
    value_text: Callable[[CompiledAction, Any], str]  # how an action's parameter value is written
    meld_table: Any = None
    shapes: Mapping[str, Any] = field(default_factory=dict)
    kind_names: tuple[str, ...] = ()
    limits: EngineLimits = EngineLimits()
    status: tuple = ()
    seat_lines: tuple = ()  # display.seats: (templates by language, condition or None), `seat` bound
    zone_sort: Mapping[str, Callable] = field(default_factory=dict)
    carry_slots: tuple[int, ...] = ()
    summary: Mapping[str, tuple] = field(default_factory=dict)
    evaluate_fn: Callable | None = None
    # result.returns / hints.evaluate read `seat` only as team_of(seat), every seat in a team: a
    # team's seats get one value, computed once (per_seat)
    returns_team_wide: bool = False
    evaluate_team_wide: bool = False
    plausible_fn: Callable | None = None  # hints.plausible: how likely a seat's sampled cards are
    horizon: int = 0  # hints.horizon: rounds of the table a playout needs (0: to the end of the deal)
    playouts: str = "prefer"  # hints.playouts: how search plays out ("prefer" or "random")
    # ranking functions per card: (the values read, e.g. (("trump", 2, "suit"),), a value per card) each
    card_tables: Mapping[str, tuple[tuple[tuple[tuple[str, Any, str], ...], tuple[int, ...]], ...]] = field(
        default_factory=dict
    )
    phase_titles: Mapping[str, Any] = field(default_factory=dict)  # phase name -> Text
    blocks: tuple | None = field(default=None, repr=False)  # (runs, weights) from engine/blocks.py
    images: Any = None  # display.images as compiling/images.py checked them (a CardImages), if any
    won_fn: Callable | None = None  # result.won: whether `seat` won (None: the sole best score wins)
    ends_deals: bool = False  # the flow has `end_deal` steps (else a `record` step marks a deal, as in 0.1)

    def team_wide(self, fn: Callable) -> bool:
        """Whether `fn` (result.returns or hints.evaluate) gives the seats of a team one value."""
        return (fn is self.returns_fn and self.returns_team_wide) or (
            fn is self.evaluate_fn and self.evaluate_team_wide
        )

    def fill(self, st: GameState, parts: tuple) -> str:
        """A template's text with its placeholders evaluated on `st` (cards, suits... by their ids)."""
        fr, shown = st.fr, self.shown
        return "".join([p if p.__class__ is str else shown(p[1])(p[0](fr)) for p in parts])

    def shown(self, type_name: str) -> Callable[[Any], str]:
        """How a value of this type is written in messages: enum values by id, lists joined."""
        made = self._shown
        fn = made.get(type_name)
        if fn is None:
            table = {
                "card": self.cards.ids,
                "suit": self.cards.suit_ids,
                "rank": self.cards.rank_ids,
                "team": self.team_ids,
                "kind": self.kind_names,
            }.get(type_name)
            if type_name == "int":
                fn = _show
            elif table is not None:

                def fn(value: Any, table: tuple = table) -> str:
                    return table[value] if value.__class__ is int and 0 <= value < len(table) else _show(value)
            else:

                def fn(value: Any) -> str:
                    return _show(observe.value_names(self, type_name, value))

            made[type_name] = fn
        return fn

    # ----- games -------------------------------------------------------------
    def new_game(
        self,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        deck_orders: Sequence[Sequence[int]] | None = None,
        carry_from: GameState | None = None,
        story: bool = False,
        check_invariants: bool | None = None,
        carried: Mapping[str, Any] | None = None,
    ) -> GameState:
        """A new game; `options` override option defaults; `carry_from` passes on `result.carry` variables
        (`carried` gives them by name, as `carried_values` wrote them: a game log replays a match).

        `story=True` keeps the game's events for front ends (`observation(seat)["events"]`; off by
        default, since simulations and search read none of them); `check_invariants` checks the
        invariants that have a `when` after every action (default: the environment variable
        CARDRULES_CHECK_INVARIANTS, which the test suite sets).
        """
        carry = {slot: carry_from.vars[slot] for slot in self.carry_slots} if carry_from is not None else None
        if carried:
            carry = {**(carry or {}), **self._carried_slots(carried)}
        orders = [self.faces(order) for order in deck_orders] if deck_orders else None
        if check_invariants is None:
            check_invariants = os.environ.get("CARDRULES_CHECK_INVARIANTS", "") not in ("", "0")
        return fresh_state(self, seed, self.check_options(options or {}), orders, carry, story, check_invariants)

    def carried_values(self, st: GameState) -> dict[str, Any]:
        """The values `st` took from the game before it, by variable name, as plain data."""
        names = {v.slot: v.name for v in self.variables}
        return {names[slot]: _plain_list(value) for slot, value in st.carried.items() if slot in names}

    def _carried_slots(self, carried: Mapping[str, Any]) -> dict[int, Any]:
        slots = {v.name: v.slot for v in self.variables if v.slot in self.carry_slots}
        out = {}
        for name, value in carried.items():
            if name not in slots:
                raise ValueError(f"'{name}' is not a variable this ruleset carries from game to game")
            out[slots[name]] = _tupled(value)
        return out

    def faces(self, cards: Sequence[Any]) -> list[int]:
        """Card ids (or faces) as faces; ValueError names an unknown id."""
        index = self.cards.index()
        out = []
        for c in cards:
            if isinstance(c, str):
                if c not in index:
                    from interpreter.base.diagnostics import did_you_mean

                    hint = did_you_mean(c, index)
                    raise ValueError(f"unknown card '{c}'" + (f"; {hint}" if hint else ""))
                out.append(index[c])
            else:
                out.append(int(c))
        return out

    def check_options(self, values: Mapping[str, Any]) -> dict:
        out = {}
        for name, value in values.items():
            if name not in self.options:
                from interpreter.base.diagnostics import did_you_mean

                hint = did_you_mean(name, self.options)
                if hint is None:
                    hint = "its options: " + ", ".join(self.options) if self.options else "it has no options"
                raise ValueError(f"unknown option '{name}' of {self.id}; {hint}")
            out[name] = self.options[name].convert(value)
        return out

    def state_from_json(self, data: Any) -> GameState:
        return saves.state_from_json(self, data)

    def state_to_json(self, st: GameState) -> dict:
        return saves.state_to_json(st)

    def observation(self, st: GameState, seat: int) -> dict:
        """What `seat` may see of `st` (engine/observe.py)."""
        return observe.observation(st, seat)

    def remake_snapshot(self, st: GameState, mark: Any) -> Any:
        """The deal's snapshot a shuffle marked (engine/snapshots.py)."""
        return snapshots.remake(st, mark)

    def describe(self, st: GameState) -> str:
        return observe.describe(st)

    def new_frame(self, st: Any) -> Any:
        return self.frame_factory(st)

    def initial_vars(self, option_values: Mapping[str, Any]) -> list:
        vars_: list[Any] = [None] * self.slot_count
        for v in self.variables:
            vars_[v.slot] = v.initial
        for name, opt in self.options.items():
            vars_[self.option_slots[name]] = option_values.get(name, opt.default)
        vars_[self.last_action_slot] = -1
        vars_[self.last_player_slot] = -1
        vars_[self.player_slot] = -1
        return vars_

    def local_slot(self, name: str) -> int:
        return self.locals_[name]

    # ----- zones -------------------------------------------------------------
    def zone_public(self, z: int) -> bool:
        return self.zones[self.zone_index[z]].visibility == "all"

    def zone_label(self, z: int) -> str:
        info = self.zones[self.zone_index[z]]
        return info.name if info.per == "shared" else f"{info.name}({z - info.base})"

    # ----- actions -----------------------------------------------------------
    def action_text(self, act: CompiledAction, value: Any) -> str:
        if act.param_slot is None:
            return act.name
        if act.count is not None:
            return " ".join([act.name, *(self.value_text(act, v) for v in value)])
        return f"{act.name} {self.value_text(act, value)}"

    def pick_text(self, value: tuple[int, Any]) -> str:
        """A pick towards a choice of several values: the action's name and `+value`."""
        act = self.actions[value[0]]
        return f"{act.name} +{self.value_text(act, value[1])}"

    def pick(self, st: GameState, value: tuple[int, Any]) -> None:
        kind, v = value
        chosen = st.selection[1] if st.selection is not None else ()
        st.selection = (kind, tuple(sorted((*chosen, v))))

    def chooser(self, st: GameState, act: CompiledAction, seat: int) -> Chooser:
        """The judge of `act`'s choices of several values for `seat` now (engine/choices.py)."""
        return Chooser(self, st, act, seat)

    def whole_choice(self, st: GameState, text: str) -> list[Action] | None:
        """The picks and the choice a whole choice's text stands for (engine/choices.py)."""
        return whole_choice(self, st, text, refusal)

    def action_story(self, action: Action) -> tuple[tuple, tuple[str, str | None]]:
        """How a decision is told: (the cards it shows, (action name, its value in words when not cards))."""
        if action.kind < 0:
            return (), ("pass", None)
        act = self.actions[action.kind]
        if act.param_slot is None:
            return (), (act.name, None)
        if act.param_kind == "card":
            return (action.value,) if act.count is None else tuple(action.value), (act.name, None)
        if act.count is not None:
            return (), (act.name, " ".join(self.value_text(act, v) for v in action.value))
        return (), (act.name, self.value_text(act, action.value))

    def winners(self, st: Any) -> list[int]:
        """The seats that won a finished game: those `result.won` says won, else the seats that alone
        (or whose team alone) have the highest score; none in a draw or before the end."""
        if not st.finished:
            return []
        if self.won_fn is not None:
            try:
                return [s for s, won in enumerate(st.per_seat(self.won_fn)) if won]
            except Exception as exc:
                raise st.failed(exc, Where("result.won")) from None
        scores = st.returns()
        best = max(scores)
        top = [s for s, v in enumerate(scores) if v == best]
        teams = {self.team_of_seat[s] for s in top} if self.team_ids else set(top)
        return top if len(teams) == 1 and len(top) < len(scores) else []

    @property
    def watched(self) -> bool:
        """Some invariant has a `when`, so it is checked after actions (with invariant checks on)."""
        return any(when is not None for _, _, when in self.invariants)

    def _options_for(self, st: GameState, act: CompiledAction, seat: int):
        """Yield (value, failing restriction or None) for each candidate of the action."""
        vars_, fr = st.vars, st.fr
        vars_[self.player_slot] = seat
        if act.available is not None and not act.available(fr):
            return
        active = []
        for r in act.restrictions:
            if r.when_fixed and not r.when(fr):
                continue
            if r.require_fixed and (r.when is None or r.when_fixed):
                if not r.require(fr):  # fails whatever the parameter: nothing is legal
                    if act.param_slot is None:
                        yield None, r
                        return
                    active = [r]
                    break
                continue
            active.append(r)
        if act.param_slot is None:
            yield None, self._failing(active, fr)
            return
        seen = set()
        slot = act.param_slot
        for value in act.param_from(fr):
            if value in seen:
                continue
            seen.add(value)
            vars_[slot] = value
            yield value, self._failing(active, fr)

    @staticmethod
    def _applicable(act: CompiledAction, fr: Any) -> list:
        """The restrictions whose `when` holds or depends on the parameter (checked later)."""
        return [r for r in act.restrictions if not r.when_fixed or r.when(fr)]

    @staticmethod
    def _failing(active: list, fr: Any) -> Restriction | None:
        for r in active:
            if not r.test(fr):
                return r
        return None

    def legal_for(self, st: GameState, kinds: Sequence[int], seat: int) -> list[Action]:
        """Legal actions of `seat`; the slots it uses (the scratch slots) are restored afterwards."""
        out: list[Action] = []
        vars_ = st.vars
        saved = vars_[:]  # every slot: one copy costs less than picking the scratch slots out
        fr = st.fr
        fr.epoch = next_epoch()  # only the parameter slots change until the end: fixed parts are reused
        actions, player_slot = self.actions, self.player_slot
        act = None
        try:
            if st.selection is not None:  # a choice of several values goes on: only its picks
                kinds = (st.selection[0],)
            for k in kinds:
                act = actions[k]
                if act.count is not None:
                    out.extend(choosing(self, st, act, seat))
                    continue
                fused = act.fused
                if fused is not None:  # the legal actions as one generated function (engine/fuse.py)
                    vars_[player_slot] = seat
                    listed = fused(fr)
                    if listed is not None:
                        out += listed
                        continue  # else something failed: the engine's own loop says what
                for value, failing in self._options_for(st, act, seat):  # the reference loop
                    if failing is None:
                        out.append(Action(k, value, None, self))
        except Exception as exc:  # a legality rule that cannot be tested: name the action's rule
            raise legality_failure(exc, act) from None
        finally:
            fr.epoch = 0
            vars_[:] = saved
        return out

    def __post_init__(self) -> None:
        slots = (self.player_slot, *sorted({a.param_slot for a in self.actions if a.param_slot is not None}))
        self.scratch_slots: tuple[int, ...] = slots  # what a legality check may change, restored after it
        # their values, as one tuple (itemgetter of one slot gives the value itself, not a tuple)
        self._scratch_get = operator.itemgetter(*slots) if len(slots) > 1 else lambda vars_: (vars_[slots[0]],)
        for act in self.actions:  # the Actions the generated legality lists (engine/fuse.py) are this ruleset's
            if act.made is not None:
                act.made.rs = self
        # by action: whether its value is a card (or cards), which a move out of sight keeps hidden
        self.card_valued: tuple[bool, ...] = tuple(a.param_kind == "card" for a in self.actions)
        # by zone index: whether everyone sees the zone's face-up cards (zone_public, as a look-up)
        self.public_zone: tuple[bool, ...] = tuple(self.zone_public(z) for z in range(len(self.zone_index)))
        # faces the deck holds more than one copy of: events tell which copy they name (engine/events.py)
        self.copied: frozenset[int] = frozenset(f for f, n in enumerate(self.cards.copies) if n > 1)
        self._shown: dict[str, Callable[[Any], str]] = {}  # type name -> how its values are written
        if self.blocks is not None:  # the flow written as Python (engine/blocks.py)
            self.runs, self.weights = self.blocks[0], tuple(self.blocks[1])  # runs: a list, as segments compile
        else:
            self.use_reference_flow()

    def use_reference_flow(self) -> None:
        """Run the flow one instruction `run` at a time (the reference the written flow must match)."""
        self.runs, self.weights = self.reference

    @functools.cached_property
    def reference(self) -> tuple[tuple, tuple[int, ...]]:
        """(runs, weights) of the flat program: each instruction's own `run`, weighing 1."""
        return tuple(ins.run for ins in self.program), (1,) * len(self.program)

    def is_legal(self, st: GameState, kind: int, value: Any) -> bool:
        """One action's legality: the same tests as `legal_actions`, for one candidate."""
        ins = self.program[st.pc]
        if kind == PASS_KIND:
            return st.window is not None
        if kind == PICK_KIND or (0 <= kind < len(self.actions) and self.actions[kind].count is not None):
            return any(a.kind == kind and a.value == value for a in self.legal_actions(st))
        if kind not in getattr(ins, "actions", ()):
            return False
        act = self.actions[kind]
        vars_ = st.vars
        saved = [(slot, vars_[slot]) for slot in self.scratch_slots]
        try:
            return self._is_legal(st, act, value)
        except Exception as exc:
            raise legality_failure(exc, act) from None
        finally:
            for slot, old in saved:
                vars_[slot] = old

    def _is_legal(self, st: GameState, act: CompiledAction, value: Any) -> bool:
        st.vars[self.player_slot] = st.decider
        if act.available is not None and not act.available(st.fr):
            return False
        if act.param_slot is None:
            if value is not None:  # an action without a parameter takes no value
                return False
        elif value not in act.param_from(st.fr):
            return False
        else:
            st.vars[act.param_slot] = value
        return self._failing(self._applicable(act, st.fr), st.fr) is None

    def legal_actions(self, st: GameState) -> list[Action]:
        ins = self.program[st.pc]
        if st.window is not None:
            opts = self.claim_options(st, ins, st.decider)
            return [*opts, PASS]
        return self.legal_for(st, ins.actions, st.decider)

    def claim_options(self, st: GameState, ins: Any, seat: int) -> list[Action]:
        return self.legal_for(st, ins.actions, seat)

    def explain(self, st: GameState, text: str, words: Callable[[str], str] | None = None) -> str:
        """Why `text` is not a legal action now, in the rule's words (`words`: how the legal moves it
        lists are written, as the reader sees them; by default their plain text)."""
        saved = [(slot, st.vars[slot]) for slot in self.scratch_slots]
        try:
            return explain(self, st, text, words)
        except FlowError:
            raise
        except Exception as exc:
            raise as_flow_error(exc, Where("the explanation of a refused move")) from None
        finally:
            for slot, value in saved:
                st.vars[slot] = value

    def run_action(self, st: GameState, action: Action, seat: int) -> None:
        """Run an action's effect for `seat` and remember it as the last action."""
        kind = action.kind
        self.set_last(st, kind, seat)
        vars_ = st.vars
        if kind == PASS_KIND:
            return
        act = self.actions[kind]
        vars_[self.player_slot] = seat
        if act.param_slot is not None:
            vars_[act.param_slot] = action.value
        st.last_move_public = True
        # where the cards of its value go decides whether the decision is secret (GameState.note_move)
        st.moving = action.value if self.card_valued[kind] else None
        program = act.effect
        pc = 0
        try:
            run = act.effect_run if st.watch is None else None
            if run is not None:  # the effect written as Python (engine/blocks.py)
                st.fault = -1
                run(st)
            else:
                while pc != PAUSE:
                    pc = program[pc].run(st)
        except Exception as exc:  # the step of the effect that failed, with its rule id and place
            if st.fault >= 0:
                pc, st.fault = st.fault, -1
            where = program[pc].where
            raise as_flow_error(
                exc, Where(f"{where.what} of '{act.name}'", where.rule or act.rule, where.span)
            ) from None
        st.moving = None

    def set_last(self, st: GameState, kind: int | None, seat: int) -> None:
        st.vars[self.last_action_slot] = -1 if kind is None else kind
        st.vars[self.last_player_slot] = seat

    def check_invariants(self, st: GameState, where: Where | None, watched_only: bool = False) -> None:
        """Every invariant (at the end of a deal), or only those with a `when` that holds now."""
        for rule, check, when in self.invariants:
            try:
                if watched_only and (when is None or not when(st.fr)):
                    continue
                holds = check(st.fr)
            except FlowError:
                raise
            except Exception as exc:  # the invariant's own expression fails: a ruleset error naming it
                raise st.failed(exc, where or Where("the invariant", rule, getattr(rule, "span", None))) from None
            if not holds:
                raise FlowError(f"invariant broken: {rule.describe()} (after {len(st.history)} actions)", where)

    def sha(self) -> str:
        return self.source_sha256


def legality_failure(exc: Exception, act: CompiledAction | None) -> FlowError:
    """A legality rule of `act` that could not be tested, as a FlowError naming the action's rule."""
    if isinstance(exc, FlowError) or act is None:
        return as_flow_error(exc, None)
    return as_flow_error(exc, Where(f"the legality of '{act.name}'", act.rule))


def _show(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(_show(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def file_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain_list(value: Any) -> Any:
    return [_plain_list(v) for v in value] if isinstance(value, (tuple, list)) else value


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value
