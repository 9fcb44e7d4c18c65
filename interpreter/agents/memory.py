"""What an agent keeps of its samples from one decision to the next.

Every decision's sampler (agents/determinize.py) first replays the real deal
once to learn what the seat knows of it (`Study`: the script of decisions as
the seat knows them, and every deck position it ever saw), then makes samples
by re-dealing the unseen positions and replaying the script.  Both cost the
length of the deal so far, at every decision: in a game that is one long deal
(a bluffing game, a patience) a decision late in the game paid for the whole
game again, many times over.

An agent's `Memory` keeps, for the deal under way and its seat:

* the study, which the next decision goes on from (the history entries since,
  replayed on it) instead of making it again: the same script and the same
  positions seen as a new study would give, at the cost of the decisions since;
* once the script is long (`LONG` decisions), a few samples (`Particle`), which
  the next decision's sampler plays on through the decisions since, as a new
  replay would, and checks the same way (every recorded move legal in it, the
  same moves for the seat, the same view at the end).  One that no longer fits
  what the seat knows is dropped: a card it dealt at a position the seat has
  seen since, or another seat's hidden move that the seat has since seen more of.
  A particle kept is a sample of the seat's knowledge as a new replay would be
  (a sample that would have been rejected is never kept), so nothing it holds
  is more than the seat may know.

The memory belongs to one agent, so to one seat's knowledge; a new deal, a
history that does not go on from the studied one (an undo, another game), or
a deal whose discards were shuffled into a new stock starts it afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from interpreter.agents.steps import ANSWER, CLAIM, HIDDEN, TURN, Step
from interpreter.agents.views import places_of, seen_in, seen_positions, view_of
from interpreter.engine.state import ANNOUNCE, CLAIMED, PICKED, PRIVATE, PUBLIC, SECRET, GameState

LONG = 120  # a script of at least this many decisions keeps samples from one decision to the next
POOL = 32  # samples kept at most


def next_decider(world: GameState) -> int | None:
    """Who decides next, as every seat sees it (None in a claim window: who is asked there depends
    on what the seats hold)."""
    return None if world.window is not None else world.current_player()


class Study:
    """The real deal replayed once as `seat` knows it, from its shuffle on (`extend` goes on with
    the history entries since the last decision).

    `make(watch)` makes the replay's world: the deal's snapshot with its real order, played to its
    first decision with `watch` called for every zone whose cards change between two decisions
    (GameState.watch), so a card seen only in between counts as seen.
    """

    def __init__(self, rs: Any, seat: int, face_at: dict[int, int], make: Callable[[Any], GameState]):
        self.rs, self.seat, self.face_at = rs, seat, face_at
        self.seen: set[int] = set()
        # position -> the last decision (counted from 1) at or after which the seat saw it
        self.last: dict[int, int] = {}
        self.now = 0
        self.raw: list[Step] = []  # the script, hidden decisions not yet told what the seat saw of them
        self.hidden: list[tuple[int, list[int], int, set]] = []  # (script index, moved, decision, seen just before)
        self.entries: list = []  # the history entries replayed
        self.world = make(self._watch)
        self._note(seen_positions(self.world, seat))
        self.opening = Step(TURN, -1, -1, None, (), view_of(self.world, seat), next=next_decider(self.world))

    def _note(self, positions: Any) -> None:
        self.seen.update(positions)
        for p in positions:
            self.last[p] = self.now

    def _watch(self, world: GameState, z: int) -> None:  # cards seen between two decisions count too
        self._note(seen_in(world, z, self.seat))

    def continues(self, entries: list) -> bool:
        """Whether `entries` (the real history since the shuffle) go on from those studied."""
        return len(entries) >= len(self.entries) and entries[: len(self.entries)] == self.entries

    def extend(self, entries: list) -> None:
        """Replay the history entries that follow those studied."""
        me, world, rs = self.seat, self.world, self.rs
        for entry in entries:
            self.entries.append(entry)
            s, kind, value, flag = entry
            if kind == ANNOUNCE:
                continue
            if flag == CLAIMED:
                self.raw.append(Step(CLAIM, s, kind, value))
                continue
            if flag in (PRIVATE, PICKED) and s != me:
                tag = None  # another seat's answer, or its pick towards a choice of several: never seen
            elif flag == PRIVATE:
                tag = ANSWER
            elif flag == SECRET and s != me:
                tag = HIDDEN
            else:
                tag = TURN
            shown = flag == PUBLIC and kind >= 0 and rs.actions[kind].param_kind == "card"
            before = places_of(world) if tag == HIDDEN or shown else None
            visible = seen_positions(world, me) if tag == HIDDEN else set()
            self.now += 1
            world.force_action(kind, value)
            self._note(seen_positions(world, me))
            moved: list[int] = []  # the positions this decision moved to another zone
            if before is not None:
                after = places_of(world)
                moved = [p for p, z in before.items() if after.get(p) != z]
            if shown:
                # the cards a public move showed, even where the flow put them out of sight before the
                # next decision (the last card of a trick, gathered at once)
                named = set(value) if isinstance(value, tuple) else {value}
                self._note([p for p in moved if self.face_at.get(p) in named])
            if tag is None:
                continue
            if tag == HIDDEN:
                self.hidden.append((len(self.raw), moved, self.now, visible))
            self.raw.append(
                Step(tag, s, kind, None if tag == HIDDEN else value, (), view_of(world, me), next=next_decider(world))
            )

    def script(self) -> list[Step]:
        """The decisions since the shuffle as the seat knows them now: each hidden one with the faces
        it moved that the seat can tell (cards it saw where they lay just before it, or saw from it
        on; a card seen once and then out of sight, taken back among others, is not one)."""
        script = self.raw[:]
        last = self.last
        for index, moved, decision, visible in self.hidden:
            faces = tuple(sorted(self.face_at[p] for p in moved if p in visible or last.get(p, -1) >= decision))
            lost = frozenset(p for p, seen in last.items() if seen < decision and p not in visible)
            script[index] = script[index]._replace(seen=faces, moved=len(moved), lost=lost)
        return script

    def lost(self) -> set[int]:
        """The positions the seat saw but no longer knows where they are: it has not seen them since
        another seat's hidden decision (which may have moved them, for all the seat can tell)."""
        if not self.hidden:
            return set()
        latest = self.hidden[-1][2]
        return {p for p, seen in self.last.items() if seen < latest}


class Particle(NamedTuple):
    """A sample kept from an earlier decision: the world at `at` decisions of the script (with `claims`
    claims seen on the way), the order it dealt, and what it took the seat to know of the hidden
    decisions it replayed (script index and faces seen)."""

    world: GameState
    at: int
    claims: int
    order: list
    hidden: tuple


class Memory:
    """An agent's study and samples of the deal under way, kept from one decision to the next."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.study: Study | None = None
        self.particles: list[Particle] = []

    def study_of(self, key: tuple, entries: list, make: Callable[[], Study]) -> Study:
        """The study of the deal `key` (the seat, and what identifies the deal: its snapshot) with every
        one of `entries` replayed: the one kept, gone on, where it fits; else a new one (`make`)."""
        study = self.study
        if study is None or self.key != key or not study.continues(entries):
            self.key, self.particles = key, []
            study = self.study = make()
        study.extend(entries[len(study.entries) :])
        return study

    def forget(self) -> None:
        self.key, self.study, self.particles = None, None, []
