"""The flow program and action effects as generated Python: one function per segment.

The flat program (engine/program.py) stays what the state means: `pc` and
the variable slots say where play stands, and every instruction's `run` is
the reference.  Here each *segment* (everything the flow does from a point
where it resumes until it pauses for a decision, or until it would go round
a loop or grow too long) becomes one Python function that does what the
instructions' `run`s would do: control flow, assignments, decisions and the
compiled expressions they read are written out as Python text (expressions
keep their closures as the reference, exactly as expr/emit.py's functions
do); other instructions are called from the text.  So a decision's flow
costs one or two calls instead of one per instruction plus one per
expression.  An action's effect is written the same way.

Protocol (engine/state.py `_run`): `runs[pc](st)` returns the next pc to
dispatch, `PAUSE` (-1: pause at pc), or `-2 - p` (pause at instruction p,
reached inside the segment).  A segment adds the instructions it ran to
`st.steps` itself (`weights[pc]` is 0 for it, 1 for an instruction's run),
so step counts and their bounds are the flat program's.  A segment that
fails sets `st.fault` to the failing instruction's pc, so errors name the
same step as the flat program's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from interpreter.engine import program as P
from interpreter.engine.cardmeta import PLACE_MASK
from interpreter.expr import emit
from interpreter.expr.runtime import DEFAULT_LIMITS, ExprRuntimeError, refill

MAX_INT = DEFAULT_LIMITS.max_int
WORK = DEFAULT_LIMITS.max_work
MAX_SEGMENT = 120  # instructions written into one segment (branches are written out in full)

_PAUSING = (P.Turn, P.Claim, P.End)


class _Text:
    """The lines of one generated function and the objects its names stand for."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.refs: dict[str, Any] = {}
        self.size = 0

    def name(self, obj: Any, prefix: str = "r") -> str:
        """A fresh name for `obj`, from the same process-wide counter as the expressions' names
        (emit.name_for): a segment holds both, and two counters would hand out `_k5` twice."""
        name, refs = emit.name_for(obj, prefix)
        self.refs.update(refs)
        return name

    def add(self, line: str, depth: int) -> None:
        self.lines.append("    " * depth + line)


class _Expressions:
    """How each compiled expression of the program is written: its Python text when it has one."""

    def __init__(self, compiled: Mapping[int, Any], copies: bool = False, grouped: bool = False):
        self.compiled = compiled  # id(fn) -> Compiled (expr/compile.py), for the fns the compiler made
        self.copies = copies  # whether the deck has copies of a face (a move then prefers a face-up one)
        self.grouped = grouped  # whether a zone holds groups (a card that leaves one shrinks its group)

    def value(self, t: _Text, fn: Callable, into: str, depth: int) -> None:
        """Lines that set `into` to `fn(f)`: its text inline (with the same budget and the same
        fallback to the closures as emit.build), else a call of `fn`."""
        c = self.compiled.get(id(fn))
        src = getattr(c, "src", None) if c is not None else None
        slow = getattr(c, "slow", None) if c is not None else None
        if c is None or src is None or src.opaque or c.fn is not fn:
            t.add(f"{into} = {t.name(fn, 'k')}(f)", depth)
            return
        t.refs.update(src.refs)
        if slow is None:  # a constant or one plain read: no work, no failure
            t.add(f"{into} = {src.text}", depth)
            return
        free = emit.pays_nothing(src.text)  # no budget to read, fill or put back (emit.build)
        if not free:
            t.add("b = f.budget", depth)
            t.add(f"if b < {WORK // 2}:", depth)
            t.add(f"    {t.name(refill(WORK), 'w')}(f)", depth)
            t.add("    b = f.budget", depth)
        t.add("try:", depth)
        t.add(f"    {into} = {src.text}", depth)
        t.add("except _Precise:", depth)
        t.add("    raise", depth)
        t.add("except Exception:", depth)
        t.add("    _fell[0] += 1", depth)
        if not free:
            t.add("    f.budget = b", depth)
        t.add(f"    {into} = {t.name(slow, 's')}(f)", depth)


def compile_flow(
    program: Sequence[P.Instr], compiled: Mapping[int, Any], copies: bool = False, grouped: bool = False
) -> tuple[list, list[int]]:
    """(runs, weights) for the engine's loop: a generated segment at every pc the flow resumes or
    is dispatched at, the instruction's own `run` elsewhere.  The segments' texts are written now;
    Python compiles each the first time play reaches it (so validating a file compiles none)."""
    runs: list[Callable[[Any], int]] = [ins.run for ins in program]
    weights = [1] * len(program)
    exprs = _Expressions(compiled, copies, grouped)
    todo = [0] + [i for i, ins in enumerate(program) if isinstance(ins, (P.Turn, P.Claim))]
    todo += [i + 1 for i, ins in enumerate(program) if isinstance(ins, P.Turn)]
    done: set[int] = set()
    while todo:
        entry = todo.pop()
        if entry in done or not 0 <= entry < len(program) or isinstance(program[entry], P.End):
            continue
        done.add(entry)
        lazy, exits = _segment(program, entry, exprs)
        runs[entry], weights[entry] = lazy, 0
        lazy.store = functools.partial(runs.__setitem__, entry)
        todo.extend(exits)
    return runs, weights


def compile_effect(
    effect: Sequence[P.Instr], compiled: Mapping[int, Any], copies: bool = False, grouped: bool = False
) -> Lazy | None:
    """An action's effect program as one function (None: keep running it instruction by instruction,
    as for an effect with a loop); it returns PAUSE at the effect's end, as its `Return` does.  Bind
    where it is kept with `.store` (it is compiled on its first call)."""
    lazy, exits = _segment(effect, 0, _Expressions(compiled, copies, grouped), effect=True)
    return None if exits else lazy


class Lazy:
    """A segment's text, compiled by Python on its first call; then `store(fn)` puts the function
    where the engine looks it up, so later calls go to it directly.  If Python cannot compile the
    text (it nests too deeply), the instructions run one by one, with the same step counts."""

    __slots__ = ("lines", "refs", "name", "program", "entry", "effect", "store", "fn")

    def __init__(self, lines: list[str], refs: dict, name: str, program: Sequence, entry: int, effect: bool):
        self.lines, self.refs, self.name = lines, refs, name
        self.program, self.entry, self.effect = program, entry, effect
        self.store: Callable[[Any], None] = lambda fn: None
        self.fn: Callable[[Any], int] | None = None

    def __call__(self, st: Any) -> int:
        if self.fn is None:
            self.fn = self._compiled() or (self._effect_steps if self.effect else self._flow_step)
            self.store(self.fn)
        return self.fn(st)

    def _compiled(self) -> Callable[[Any], int] | None:
        namespace = {**_NAMESPACE, **self.refs}
        try:
            code = compile("\n".join(self.lines) + "\n", self.name, "exec")
            exec(code, namespace)  # noqa: S102 - generated text only
        except (SyntaxError, RecursionError, MemoryError, ValueError):
            return None
        return namespace["_segment"]

    def _flow_step(self, st: Any) -> int:
        r = self.program[self.entry].run(st)
        if r >= 0:  # counted as the engine's loop counts an instruction's run (weight 1)
            st.steps += 1
        return r

    def _effect_steps(self, st: Any) -> int:
        pc, program = 0, self.program
        try:
            while pc != P.PAUSE:
                pc = program[pc].run(st)
        except BaseException:
            st.fault = pc
            raise
        return P.PAUSE


def _segment(
    program: Sequence[P.Instr], entry: int, exprs: _Expressions, effect: bool = False
) -> tuple[Lazy, list[int]]:
    """The segment from `entry` (compiled on its first call), and the pcs it hands back to the loop
    (each gets a segment too)."""
    t = _Text()
    t.add("f = st.fr", 1)
    t.add("V = st.vars", 1)
    t.add("i = -1", 1)
    t.add("try:", 1)
    exits: list[int] = []
    _write(program, entry, t, exprs, exits, path=(), count=0, depth=2, effect=effect)
    t.add("except BaseException:", 1)
    t.add("    st.fault = i", 1)
    t.add("    raise", 1)
    body, reads = emit.local_reads(t.lines, _STATE_READS)  # V and Z: the state's slots and zones
    lines = ["def _segment(st):", *("    " + line for line in reads), *body]
    if any("L[" in line for line in body):
        lines.insert(1, "    L = st.fr.L")
    name = _code_name(getattr(program[entry], "where", None), entry, effect)
    return Lazy(lines, t.refs, name, program, entry, effect), exits


_STATE_READS = (("f.env.vars[", "V[", ""), ("f.env.zones[", "Z[", "Z = st.zones"))
_NAMESPACE = {
    "__builtins__": emit._BUILTINS,
    "_pay": emit.pay,
    "_Precise": ExprRuntimeError,
    "_fell": emit.FELL_BACK,
    "_FlowError": P.FlowError,
    "MAX_INT": MAX_INT,
    "isinstance": isinstance,
    "int": int,
    "range": range,
    "BaseException": BaseException,
}


def _code_name(where: P.Where | None, entry: int, effect: bool) -> str:
    """`<cardrules HM-28 flow from step 36 (turn) at hachinin_meri.yaml:201>`: the rule and the step
    a segment starts at, so that profilers attribute its time to them."""
    rule = getattr(getattr(where, "rule", None), "id", None)
    what = f"{'effect' if effect else 'flow'} from step {entry}" + (f" ({where.what})" if where is not None else "")
    return emit.code_name(what, getattr(where, "span", None), rule)


def _write(
    program: Sequence[P.Instr],
    pc: int,
    t: _Text,
    exprs: _Expressions,
    exits: list[int],
    path: tuple[int, ...],
    count: int,
    depth: int,
    effect: bool,
) -> None:
    """Write the flow from `pc` on (a tree: each branch written out), ending every path with a return."""
    while True:
        ins: Any = program[pc]
        if pc in path or (t.size >= MAX_SEGMENT and not isinstance(ins, P.Turn)):  # a loop's way back, or too long
            _leave(t, count, depth, f"return {pc}", effect)
            exits.append(pc)
            return
        t.size += 1
        path = (*path, pc)
        t.add(f"i = {pc}", depth)
        kind = type(ins)
        if isinstance(ins, P.Turn) and not effect:
            _turn(ins, t, exprs, depth)
            _leave(t, count, depth, f"return {-2 - pc}", effect)
            return
        if isinstance(ins, _PAUSING) or (effect and kind.__name__ == "Return"):
            # a claim window, the end, or an effect's end: their own run (which pauses, or goes on)
            if effect:
                _leave(t, count, depth, "return -1", effect)
                return
            t.add(f"r = {t.name(ins.run)}(st)", depth)
            t.add("if r == -1:", depth)
            _leave(t, count, depth + 1, f"return {-2 - pc}", effect)
            _leave(t, count + 1, depth, "return r", effect)  # a claim resolved: on with the flow
            exits.append(pc + 1)
            return
        count += 1
        if kind is P.Jump:
            pc = ins.target
            continue
        if kind in (P.JumpUnless, P.JumpIf):
            exprs.value(t, ins.cond, "c", depth)
            yes, no = (ins.pc + 1, ins.target) if kind is P.JumpUnless else (ins.target, ins.pc + 1)
            t.add("if c:", depth)
            _write(program, yes, t, exprs, exits, path, count, depth + 1, effect)
            pc = no
            continue
        if kind is P.LoopNext:
            t.add(f"n = V[{ins.idx_slot}] + 1", depth)
            t.add(f"vs = V[{ins.list_slot}]", depth)
            t.add("if n >= len(vs):", depth)
            _write(program, ins.exit, t, exprs, exits, path, count, depth + 1, effect)
            t.add(f"V[{ins.idx_slot}] = n", depth)
            if ins.var_slot is not None:
                t.add(f"V[{ins.var_slot}] = vs[n]", depth)
            pc = ins.body
            continue
        writer = _WRITERS.get(kind)
        if writer is not None:
            writer(ins, t, exprs, depth)
        else:
            t.add(f"{t.name(ins.run)}(st)", depth)
        pc += 1


def _leave(t: _Text, count: int, depth: int, ret: str, effect: bool) -> None:
    if count and not effect:
        t.add(f"st.steps += {count}", depth)
    t.add(ret, depth)


def _turn(ins: P.Turn, t: _Text, exprs: _Expressions, depth: int) -> None:
    exprs.value(t, ins.player, "s", depth)
    t.add("if not isinstance(s, int) or not 0 <= s < st.rs.num_players:", depth)
    t.add(f"    {t.name(ins.run)}(st)", depth)  # says what is wrong
    t.add("st.decider = s", depth)
    t.add("st.window = None", depth)


def _assign(ins: P.Assign, t: _Text, exprs: _Expressions, depth: int) -> None:
    too_large = t.name(ins._too_large, "e")
    for slot, index, value, add, size in ins.items:
        exprs.value(t, value, "v", depth)
        if index is None:
            if add:
                t.add(f"v += V[{slot}]", depth)
                t.add("if not -MAX_INT <= v <= MAX_INT:", depth)
                t.add(f"    raise {too_large}()", depth)
            if slot in ins.seats[0]:  # a variable of type seat: -1 ("no seat") to seats - 1
                t.add(f"if not -1 <= v < {ins.seats[1]}:", depth)
                t.add(f"    raise {t.name(ins.no_seat, 'e')}(v)", depth)
            t.add(f"V[{slot}] = v", depth)
            continue
        exprs.value(t, index, "x", depth)
        t.add(f"old = V[{slot}]", depth)
        t.add(f"if not 0 <= x < {size}:", depth)
        t.add(f"    raise _FlowError(f'index {{x}} is out of range 0..{size - 1}', {t.name(ins.where, 'p')})", depth)
        if add:
            t.add("v += old[x]", depth)
            t.add("if not -MAX_INT <= v <= MAX_INT:", depth)
            t.add(f"    raise {too_large}()", depth)
        t.add(f"V[{slot}] = old[:x] + (v,) + old[x + 1 :]", depth)


def _loop_start(ins: P.LoopStart, t: _Text, exprs: _Expressions, depth: int) -> None:
    exprs.value(t, ins.values, "v", depth)
    t.add("if isinstance(v, int):", depth)
    t.add(f"    if v > {ins.limit}:", depth)
    t.add(f"        {t.name(ins.run)}(st)", depth)  # says what is wrong
    t.add("    v = range(v)", depth)
    t.add(f"V[{ins.list_slot}] = tuple(v)", depth)
    t.add(f"V[{ins.idx_slot}] = -1", depth)


def _move(ins: P.Move, t: _Text, exprs: _Expressions, depth: int) -> None:
    """A move: its zones and cards computed here, and one card (an action's effect moving its
    parameter, the common case) moved here too, as `Move._one` does; other moves, and every error,
    go to the instruction's own code with the values computed (nothing is evaluated twice)."""
    exprs.value(t, ins.src, "_z1", depth)
    exprs.value(t, ins.dst, "_z2", depth)
    t.add("_zs = st.zones", depth)
    t.add("if not (0 <= _z1 < len(_zs) and 0 <= _z2 < len(_zs)):", depth)
    t.add(f"    {t.name(ins.out_of_range)}(st, _z1, _z2)", depth)
    if ins.mode == "all":
        t.add(f"{t.name(ins.move)}(st, _z1, _z2, None)", depth)
        return
    exprs.value(t, ins.arg, "_ch", depth)
    if ins.mode != "cards" or ins.group is not None or ins.into is not None:
        t.add(f"{t.name(ins.move)}(st, _z1, _z2, _ch)", depth)
        return
    t.add("if _ch.__class__ is not int:", depth)
    t.add(f"    {t.name(ins.move)}(st, _z1, _z2, _ch)", depth)
    t.add("else:", depth)
    d = depth + 1
    t.add("_cs = _zs[_z1]", d)
    t.add("try:", d)
    t.add("    _k = _cs.index(_ch)", d)
    t.add("except ValueError:", d)
    t.add(f"    {t.name(ins.move)}(st, _z1, _z2, _ch)", d)  # raises the error naming the card
    t.add("    raise", d)
    if exprs.copies:  # P.shown_copy: a copy lying face up leaves before a hidden twin
        t.add("if not st.meta[_z1][_k] & 1 and _cs.count(_ch) > 1:", d)
        t.add(f"    _k = {t.name(P.shown_copy)}(_cs, st.meta[_z1], _ch, _k)", d)
    t.add("del _cs[_k]", d)
    t.add("_m = st.meta[_z1].pop(_k)", d)
    if exprs.grouped:  # P.shrink_groups: the card's group, if it had one, is a card smaller
        t.add("if st.groups[_z1]:", d)
        t.add(f"    {t.name(P.shrink_groups)}(st, _z1, _k)", d)
    if ins.mover is not None:
        exprs.value(t, ins.mover, "_mv", d)
    else:
        t.add("_mv = st.rs.zone_owner[_z2]", d)
    if ins.face_down is not None:
        exprs.value(t, ins.face_down, "_dn", d)
        up = "((_m & 1) if _dn is None else 0 if _dn else 1)"  # (None: kept, a destination's default)
    else:
        t.add("_dn = None", d)
        up = "(_m & 1)"
    if ins.unplaced:  # the flow putting it face down in front of a seat, where all see: by nobody
        t.add("if _dn:", d)
        t.add(f"    _m &= {~0xFE}", d)  # the placer's bits cleared, position and face kept
        t.add("    _mv = -1", d)
    t.add("_zs[_z2].append(_ch)", d)
    t.add(f"st.meta[_z2].append((_m & {~PLACE_MASK}) | ((_mv + 1) << 1 if _mv >= 0 else _m & 254) | {up})", d)
    t.add("_v = st.moving", d)  # GameState.note_move: only the moves of the decision's value count
    # (a card of the value that lay face up in everybody's sight keeps nothing secret: Move._one)
    t.add("if _v is None or (_ch == _v or (_v.__class__ is tuple and _ch in _v)) and not (", d)
    t.add("    _m & 1 and st.rs.public_zone[_z1]", d)
    t.add("):", d)
    t.add("    st.last_move_public = st.last_move_public and st.rs.public_zone[_z2] and not _dn", d)


_WRITERS: dict[type, Callable[[Any, _Text, _Expressions, int], None]] = {
    P.Assign: _assign,
    P.LoopStart: _loop_start,
    P.Move: _move,
}
