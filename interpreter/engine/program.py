"""The flow of play compiled to a flat list of instructions.

`compile.py` turns nested steps (repeat, for_each, if, phases) into
instructions with jumps, so that where play stands is one int (`pc`) plus
ordinary variables: the state stays plain data and play can pause at any
decision and resume later.  Each instruction's `run(state)` returns the next
pc, or PAUSE when a seat must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from interpreter.base.records import dataclass
from interpreter.engine import rng
from interpreter.engine.cardmeta import PLACE_MASK
from interpreter.expr.runtime import DEFAULT_LIMITS, failure_words

PAUSE = -1
MAX_INT = DEFAULT_LIMITS.max_int
Fn = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Where:
    """Where an instruction came from, for error messages (rule id and span)."""

    what: str
    rule: Any = None
    span: Any = None
    phases: tuple[str, ...] = ()  # the phases the step is part of, outermost first (where play stands)

    def describe(self) -> str:
        rule = f" ({self.rule.id})" if self.rule is not None and self.rule.id else ""
        place = f" at {self.span.file}:{self.span.line}:{self.span.col}" if self.span else ""
        return f"{self.what}{rule}{place}"


class FlowError(Exception):
    """A ruleset failed while playing (a step that cannot run, a rule that cannot be tested, or a
    flow that never ends).  `seed` is the seed of the game it happened in, once the game knows it;
    `expression` the place of the expression that failed, when one did (its message says it too)."""

    def __init__(self, message: str, where: Where | None = None, seed: int | None = None, expression: Any = None):
        self.where, self.seed, self.expression = where, seed, expression
        super().__init__(f"{message}" + (f" in {where.describe()}" if where else ""))


def as_flow_error(exc: Exception, where: Where | None) -> FlowError:
    """Any failure of a ruleset's code as a FlowError: an expression's error with its own position
    (it carries a diagnostic), else a plain sentence, never Python's words for it."""
    if isinstance(exc, FlowError):  # where it happened, if it did not say (a seat out of a zone's range)
        return FlowError(str(exc), where, exc.seed, exc.expression) if exc.where is None and where is not None else exc
    diag = getattr(exc, "diagnostic", None)
    if diag is not None and diag.span is not None:
        s = diag.span
        return FlowError(f"{diag.message} (expression at {s.file}:{s.line}:{s.col})", where, expression=s)
    if diag is not None:
        return FlowError(diag.message, where)
    if isinstance(exc, RecursionError):
        return FlowError("the rules nest too deeply to be evaluated (functions calling functions)", where)
    if isinstance(exc, MemoryError):
        return FlowError("the rules need more memory than there is", where)
    return FlowError(f"the rules failed: {failure_words(exc)}", where)


class Instr:
    """One instruction; subclasses implement `run`."""

    __slots__ = ("where", "pc")

    where: Where  # set by the compiler when it emits the instruction
    pc: int  # its own index, set by `link`

    def run(self, st: Any) -> int:  # pragma: no cover - abstract
        raise NotImplementedError


def zone_range(st: Any, z: int, where: Where) -> list:
    if not 0 <= z < len(st.zones):
        raise FlowError(f"zone index {z} does not exist (is the seat out of range?)", where)
    return st.zones[z]


def shown_copy(cards: list, metas: list, face: int, i: int) -> int:
    """Which copy of `face` leaves a zone, its first copy being at i: that one if it lies face up,
    else the first copy lying face up (the others saw it; a hidden twin leaving instead would tell
    them what that was), else that first."""
    if metas[i] & 1:
        return i
    k = i
    for _ in range(cards.count(face) - 1):  # (the other copies, found by the list's own search)
        k = cards.index(face, k + 1)
        if metas[k] & 1:
            return k
    return i


def take(st: Any, z: int, faces: Sequence[int], where: Where) -> tuple[list[int], list[int]]:
    """Remove the given faces from zone z (a face-up copy first, else the first); returns (faces, metas)."""
    cards, meta = st.zones[z], st.meta[z]
    out_c, out_m = [], []
    for f in faces:
        try:
            i = cards.index(f)
            if f in st.rs.copied:
                i = shown_copy(cards, meta, f, i)
        except ValueError:
            if f is None:
                raise FlowError("there is no card to move (the value is none)", where) from None
            raise FlowError(
                f"card '{st.rs.cards.ids[f] if f.__class__ is int and 0 <= f < st.rs.cards.count else f}' "
                f"is not in zone '{st.rs.zone_label(z)}'",
                where,
            ) from None
        out_c.append(cards.pop(i))
        out_m.append(meta.pop(i))
        if st.groups[z]:
            shrink_groups(st, z, i)
    return out_c, out_m


def shrink_groups(st: Any, z: int, start: int, n: int = 1) -> None:
    """The cards at places `start` to `start + n - 1` of zone `z` (a zone of groups) have left it:
    their groups shrink, and a group left without a card goes (cards after the groups, put there
    without a group, belong to none)."""
    out, at = [], 0
    for kind, size in st.groups[z]:
        gone = max(0, min(at + size, start + n) - max(at, start))
        if size > gone:
            out.append((kind, size - gone))
        at += size
    st.groups[z][:] = out


def add_group(st: Any, z: int, n: int, kind: Any, into: Any, where: Where, first: bool = False) -> None:
    """`n` cards just put at the end of zone `z` (a zone of groups): a new group of `kind`, or added
    to group `into` (moved next to its cards: after them, or before them when `first`)."""
    groups = st.groups[z]
    if groups is None:
        raise FlowError(f"zone '{st.rs.zone_label(z)}' does not hold groups", where)
    if into is not None:
        if not 0 <= into < len(groups):
            raise FlowError(f"group {into} does not exist", where)
        k, size = groups[into]
        groups[into] = (k if kind is None else kind, size + n)
        # keep the group's cards together: move the new cards next to the group
        start = sum(s for _, s in groups[:into]) + (0 if first else size)
        cards, meta = st.zones[z], st.meta[z]
        new_c, new_m = cards[-n:], meta[-n:]
        del cards[-n:], meta[-n:]
        cards[start:start] = new_c
        meta[start:start] = new_m
    else:
        groups.append((kind, n))


class Shuffle(Instr):
    __slots__ = ("zone",)

    def __init__(self, zone: Fn):
        self.zone = zone

    def run(self, st: Any) -> int:
        z = self.zone(st.fr)
        cards = zone_range(st, z, self.where)
        base = 0 if (starts := st.starts_deal(z)) else st.next_position()  # (a later shuffle numbers on)
        forced = st.forced_orders.pop(0) if st.forced_orders else None
        if forced is not None:
            if callable(forced):  # a search sample's order, made from the cards there (agents/determinize.py)
                forced = forced(cards[:], base)
            if sorted(forced) != sorted(cards):
                raise FlowError("the recorded deck order does not hold the cards of this zone", self.where)
            cards[:] = forced
            st.counter += max(0, len(cards) - 1)  # as a real shuffle would: later draws stay the same
        else:
            st.counter = rng.shuffle(cards, st.seed, st.counter)
        st.meta[z] = [(base + i) << 8 for i in range(len(cards))]
        st.note_shuffle(z, self.pc + 1, starts)
        return self.pc + 1


class Deal(Instr):
    """Deal packets to seats; `placed`: each seat is recorded as placing its cards (not where they
    lie face down and everybody sees the zone: cards dealt face down in front of a seat are unknown
    to it)."""

    __slots__ = ("src", "dst_base", "seats", "packets", "counts", "face_up", "placed")

    def __init__(
        self,
        src: Fn,
        dst_base: int,
        seats: Fn,
        packets: tuple[int, ...] | None,
        counts: Fn | None,
        face_up: int,
        placed: bool = True,
    ):
        self.src, self.dst_base, self.seats = src, dst_base, seats
        self.packets, self.counts, self.face_up, self.placed = packets, counts, face_up, placed

    def run(self, st: Any) -> int:
        z = self.src(st.fr)
        cards, meta = zone_range(st, z, self.where), st.meta[z]
        seats = list(self.seats(st.fr))
        rounds: tuple[int | None, ...] | None = self.packets
        if rounds is None:
            rounds = (None,)
        players = st.rs.num_players
        for size in rounds:
            for seat in seats:
                if not 0 <= seat < players:
                    raise FlowError(f"cannot deal to seat {seat}, which does not exist", self.where)
                n = size if size is not None else self._count(st, seat)
                if not 0 <= n <= len(cards):
                    raise FlowError(
                        f"cannot deal {n} cards: only {len(cards)} left in {st.rs.zone_label(z)}", self.where
                    )
                dst = self.dst_base + seat
                st.zones[dst].extend(cards[:n])
                place = ((seat + 1 if self.placed else 0) << 1) | self.face_up
                st.meta[dst].extend([(m & ~PLACE_MASK) | place for m in meta[:n]])
                del cards[:n]
                del meta[:n]
                if st.groups[z]:
                    shrink_groups(st, z, 0, n)
                if st.watch is not None:
                    st.watch(st, dst)
        return self.pc + 1

    def _count(self, st: Any, seat: int) -> int:
        return st.with_local("seat", seat, self.counts)


class Move(Instr):
    """Move cards; meta keeps who placed each card (seat + 1, 0 for nobody) and its face bit.

    The placer is the acting seat inside an action's effect (or the seat `by`
    gives), else the owner of a per-seat destination zone (but nobody when
    `unplaced`, the flow putting a card face down in front of a seat where
    everybody sees: it is unknown to that seat), else whoever placed the card
    before.
    """

    __slots__ = (
        "src", "dst", "mode", "arg", "end", "face_down", "group", "into", "mover", "unplaced", "_front", "_plain",
        "first",
    )  # fmt: skip

    # A compiled function (the cards, or their count) in the modes 'cards' and 'count', None in 'all'.
    # Any, not `Fn | None`: `run` calls it behind the mode's test, a link mypy cannot follow.
    arg: Any

    def __init__(
        self,
        src: Fn,
        dst: Fn,
        mode: str,
        arg: Fn | None,
        end: str,
        face_down: Fn | None,
        group: Fn | None,
        into: Fn | None,
        mover: Fn | None,
        unplaced: bool = False,
        first: Fn | None = None,
    ):
        self.src, self.dst, self.mode, self.arg, self.end = src, dst, mode, arg, end
        self.unplaced, self.first = unplaced, first  # (first: added before the group's cards)
        self.face_down, self.group, self.into, self.mover = face_down, group, into, mover
        self._front = end == "front"
        self._plain = group is None and into is None

    def run(self, st: Any) -> int:
        fr = st.fr
        zs, zd = self.src(fr), self.dst(fr)
        zones = st.zones
        if not (0 <= zs < len(zones) and 0 <= zd < len(zones)):
            self.out_of_range(st, zs, zd)
        return self.move(st, zs, zd, None if self.mode == "all" else self.arg(fr))

    def out_of_range(self, st: Any, zs: int, zd: int) -> None:
        """Raise the error of a zone index that does not exist (the source's first)."""
        zone_range(st, zs, self.where)
        zone_range(st, zd, self.where)

    def move(self, st: Any, zs: int, zd: int, arg: Any) -> int:
        """The move from zone `zs` to `zd`, once the zones and `arg` (the cards, or their count) are
        known.  Generated code (engine/blocks.py) writes the common case, one card, itself and
        calls this for the others."""
        fr = st.fr
        zones, metas_of = st.zones, st.meta
        cards, meta = zones[zs], metas_of[zs]
        mode = self.mode
        if mode == "cards":
            chosen = arg
            if chosen.__class__ is int:
                return self._one(st, fr, chosen, cards, meta, zs, zd)
            faces, metas = take(st, zs, chosen if isinstance(chosen, (list, tuple)) else (chosen,), self.where)
        elif mode == "all":
            faces, metas = cards[:], meta[:]
            cards.clear()
            meta.clear()
            if st.groups[zs]:
                st.groups[zs].clear()
        else:
            n = arg
            if not 0 <= n <= len(cards):
                raise FlowError(f"cannot move {n} cards: the zone holds {len(cards)}", self.where)
            cut = n if self._front else len(cards) - n
            if st.groups[zs]:
                shrink_groups(st, zs, 0 if self._front else cut, n)
            if self._front:
                faces, metas = cards[:cut], meta[:cut]
                del cards[:cut], meta[:cut]
            else:
                faces, metas = cards[cut:], meta[cut:]
                del cards[cut:], meta[cut:]
        mover = self.mover(fr) if self.mover is not None else st.rs.zone_owner[zd]
        down = self.face_down(fr) if self.face_down is not None else None
        zones[zd].extend(faces)
        dst_meta = metas_of[zd]
        if down and self.unplaced:
            dst_meta.extend([m & ~PLACE_MASK for m in metas])
        elif down is None:
            if mover >= 0:
                place = (mover + 1) << 1
                dst_meta.extend([(m & ~PLACE_MASK) | place | (m & 1) for m in metas])
            else:
                dst_meta.extend(metas)  # placer and face bit kept: (m & ~PLACE) | by | up == m
        else:
            up = 0 if down else 1
            if mover >= 0:
                place = ((mover + 1) << 1) | up
                dst_meta.extend([(m & ~PLACE_MASK) | place for m in metas])
            else:
                dst_meta.extend([(m & ~1) | up for m in metas])
        if not self._plain:
            add_group(
                st,
                zd,
                len(faces),
                self.group(fr) if self.group is not None else None,
                self.into(fr) if self.into is not None else None,
                self.where,
                self.first is not None and bool(self.first(fr)),
            )
        if st.moving is not None and st.rs.public_zone[zs]:  # (cards seen face up keep no chosen card secret)
            faces = [f for f, m in zip(faces, metas) if not m & 1]
        st.note_move(zs, zd, faces, down)
        return self.pc + 1

    def _one(self, st: Any, fr: Any, card: int, cards: list, meta: list, zs: int, zd: int) -> int:
        """One card (an action's effect moving its parameter): the same as `run`, without lists."""
        try:
            i = cards.index(card)
        except ValueError:
            take(st, zs, (card,), self.where)  # raises the error naming the card
            raise
        if card in st.rs.copied:
            i = shown_copy(cards, meta, card, i)
        del cards[i]
        m = meta.pop(i)
        if st.groups[zs]:
            shrink_groups(st, zs, i)
        mover = self.mover(fr) if self.mover is not None else st.rs.zone_owner[zd]
        down = self.face_down(fr) if self.face_down is not None else None
        st.zones[zd].append(card)
        if down and self.unplaced:
            by = 0
        else:
            by = ((mover + 1) << 1) if mover >= 0 else (m & 0xFE)
        up = (m & 1) if down is None else (0 if down else 1)
        st.meta[zd].append((m & ~PLACE_MASK) | by | up)
        if not self._plain:
            add_group(
                st,
                zd,
                1,
                self.group(fr) if self.group is not None else None,
                self.into(fr) if self.into is not None else None,
                self.where,
                self.first is not None and bool(self.first(fr)),
            )
        st.note_move(zs, zd, () if m & 1 and st.rs.public_zone[zs] else (card,), down)
        return self.pc + 1


class Collect(Instr):
    __slots__ = ("dst",)

    def __init__(self, dst: Fn):
        self.dst = dst

    def run(self, st: Any) -> int:
        zd = self.dst(st.fr)
        target = zone_range(st, zd, self.where)
        for z, cards in enumerate(st.zones):
            if z != zd and cards:
                target.extend(cards)
                cards.clear()
                st.meta[z].clear()
        st.meta[zd] = [0] * len(target)
        st.groups = [None if g is None else [] for g in st.groups]
        return self.pc + 1


class Assign(Instr):
    """`set`/`add`: items are (slot, index fn or None, value fn, add?, size of a per-seat or per-team
    variable); `seats`: the slots of variables of type seat, which hold -1 ("no seat") to seats - 1."""

    __slots__ = ("items", "seats")

    def __init__(self, items: tuple, seats: tuple[frozenset[int], int] = (frozenset(), 0)):
        self.items = items
        self.seats = seats

    def run(self, st: Any) -> int:
        fr, vars_ = st.fr, st.vars
        seat_slots, n = self.seats
        for slot, index, value, add, size in self.items:
            v = value(fr)
            if index is None:
                if add:
                    v += vars_[slot]
                    if not -MAX_INT <= v <= MAX_INT:
                        raise self._too_large()
                if slot in seat_slots and not -1 <= v < n:
                    raise self.no_seat(v)
                vars_[slot] = v
            else:
                i = index(fr)
                old = vars_[slot]
                if not 0 <= i < size:
                    raise FlowError(f"index {i} is out of range 0..{size - 1}", self.where)
                if add:
                    v += old[i]
                    if not -MAX_INT <= v <= MAX_INT:
                        raise self._too_large()
                vars_[slot] = old[:i] + (v,) + old[i + 1 :]
        return self.pc + 1

    def no_seat(self, v: int) -> FlowError:  # a variable of type seat given a number that is no seat
        return FlowError(f"seat {v} does not exist (seats are 0 to {self.seats[1] - 1}, or -1 for no seat)", self.where)

    def _too_large(self) -> FlowError:  # `add` is bounded as every integer the rules compute is
        return FlowError(f"integer result is too large (over {MAX_INT:,})", self.where)


class Pick(Instr):
    """Set variables to uniformly random elements of lists (seeded)."""

    __slots__ = ("items",)

    def __init__(self, items: tuple):
        self.items = items

    def run(self, st: Any) -> int:
        for slot, values in self.items:
            options = list(values(st.fr))
            if not options:
                raise FlowError("pick from an empty list", self.where)
            st.vars[slot] = options[rng.below(st.seed, st.counter, len(options))]
            st.counter += 1
        return self.pc + 1


class Jump(Instr):
    __slots__ = ("target",)

    def __init__(self, target: int = -1):
        self.target = target

    def run(self, st: Any) -> int:
        return self.target


class JumpUnless(Instr):
    __slots__ = ("cond", "target")

    def __init__(self, cond: Fn, target: int = -1):
        self.cond, self.target = cond, target

    def run(self, st: Any) -> int:
        return self.pc + 1 if self.cond(st.fr) else self.target


class JumpIf(Instr):
    __slots__ = ("cond", "target")

    def __init__(self, cond: Fn, target: int = -1):
        self.cond, self.target = cond, target

    def run(self, st: Any) -> int:
        return self.target if self.cond(st.fr) else self.pc + 1


class LoopStart(Instr):
    """Stores the list to walk (or a count) and resets the index slot."""

    __slots__ = ("values", "list_slot", "idx_slot", "limit")

    def __init__(self, values: Fn, list_slot: int, idx_slot: int, limit: int):
        self.values, self.list_slot, self.idx_slot, self.limit = values, list_slot, idx_slot, limit

    def run(self, st: Any) -> int:
        v = self.values(st.fr)
        if isinstance(v, int):
            if v > self.limit:
                raise FlowError(f"repeat count {v} is over the limit of {self.limit}", self.where)
            v = range(v)
        st.vars[self.list_slot] = tuple(v)
        st.vars[self.idx_slot] = -1
        return self.pc + 1


class LoopNext(Instr):
    """Take the loop's next value, or leave at `exit`.  The loop's body starts at `body` (the next
    instruction, unless this is the copy at the end of the body that saves a jump back)."""

    __slots__ = ("list_slot", "idx_slot", "var_slot", "exit", "body")

    def __init__(self, list_slot: int, idx_slot: int, var_slot: int | None, exit: int = -1, body: int = -1):
        self.list_slot, self.idx_slot, self.var_slot, self.exit = list_slot, idx_slot, var_slot, exit
        self.body = body

    def run(self, st: Any) -> int:
        vars_ = st.vars
        i = vars_[self.idx_slot] + 1
        values = vars_[self.list_slot]
        if i >= len(values):
            return self.exit
        vars_[self.idx_slot] = i
        if self.var_slot is not None:
            vars_[self.var_slot] = values[i]
        return self.body


class Turn(Instr):
    """A decision: the seat chooses one legal action among `actions`; `prompt` says it in words."""

    __slots__ = ("player", "actions", "prompt")

    def __init__(self, player: Fn, actions: tuple[int, ...], prompt: dict | None = None):
        self.player, self.actions, self.prompt = player, actions, prompt or {}

    def run(self, st: Any) -> int:
        seat = self.player(st.fr)
        if not isinstance(seat, int) or not 0 <= seat < st.rs.num_players:
            raise FlowError(f"turn for seat {seat!r}, which does not exist", self.where)
        st.decider = seat
        st.window = None
        return PAUSE


class Claim(Instr):
    """A claim window: each listed seat answers privately; the strongest claim wins."""

    __slots__ = ("players", "actions", "rank", "as_slot", "prompt")

    def __init__(
        self,
        players: Fn,
        actions: tuple[int, ...],
        rank: dict[int, int],
        as_slot: int | None,
        prompt: dict | None = None,
    ):
        self.players, self.actions, self.rank, self.as_slot = players, actions, rank, as_slot
        self.prompt = prompt or {}

    def run(self, st: Any) -> int:
        if st.window is None or st.window[0] != self.pc:
            seats = tuple(self.players(st.fr))
            for seat in seats:
                if not 0 <= seat < st.rs.num_players:
                    raise FlowError(f"claim window for seat {seat}, which does not exist", self.where)
            st.window = (self.pc, seats, 0, ())
        return st.advance_window(self)


class End(Instr):
    __slots__ = ()

    def run(self, st: Any) -> int:
        st.finished = True
        return PAUSE


def link(program: list[Instr]) -> list[Instr]:
    """Give every instruction its own index (used for `pc + 1`)."""
    for i, ins in enumerate(program):
        ins.pc = i
        if isinstance(ins, LoopNext) and ins.body < 0:
            ins.body = i + 1
    return program
