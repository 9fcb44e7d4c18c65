"""How the sampler (agents/determinize.py) mends a sample that went another way than the real game.

A replay is careful once one of the search's replays went another way than
the real game (the next decision another seat's, or another view at the end:
the flow moved cards by what the hands hold, an answer to an ask): every
decision is then checked against what the seat saw right after it, and where
it looks otherwise, the cards to blame are swapped for others there
(`Repairs.match`) and the replay goes on from there (`_here`); a replay mended
on the way is made again from its deal, which an earlier decision may now
refuse.  The next sample of a careful search starts from the last one's deal
with some of its unseen cards swapped (`_stirred`), where most of what the
seat saw holds already.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.agents.later import LaterShuffles
from interpreter.agents.repairs import Repairs
from interpreter.agents.steps import Step
from interpreter.agents.views import distance, divergence, view_of
from interpreter.engine.state import GameState


class Mending:
    """The part of the sampler (`Determinizer`) that mends its samples where they go astray."""

    rng: Any
    seat: int
    free: list[int]
    free_set: Any
    mend: Repairs
    later: LaterShuffles
    repairs: int
    nearer: int
    target: Any
    opening: Step
    careful: bool
    patched: int
    astray: GameState | None

    def _late(self) -> bool:
        raise NotImplementedError

    def _advance(self, world: GameState, step: Step, force: bool) -> tuple[GameState | None, Any]:
        raise NotImplementedError

    def _replay(self, order: list, force: bool) -> tuple[GameState | None, Callable[[], Any] | None]:
        raise NotImplementedError

    def _stirred(self, order: list) -> list:
        """The deal of the last careful sample with some of its unseen cards swapped at random (a third
        as many swaps as there are such cards): careful replays start there, where most of what the
        seat saw holds already and a few repairs mend the rest, instead of a deal made afresh whose
        every ask and answer is to be mended again."""
        order, free, rng = order[:], self.free, self.rng
        if len(free) < 2:  # every card seen, or all but one: nothing to swap (once every pile was taken up)
            return order
        for _ in range(max(1, len(free) // 3)):
            a, b = free[int(rng.random() * len(free))], free[int(rng.random() * len(free))]
            order[a], order[b] = order[b], order[a]
        return order

    def _swapped(self, order: list, swaps: list[tuple[int, int]]) -> None:
        """A repair's swaps of deck positions made in the sample's deal (`order`, or the later shuffle
        the two cards are of: the sample's next making of it swaps them)."""
        for a, b in swaps:
            k = self.mend.pool[a]
            if k < 0:
                order[a], order[b] = order[b], order[a]
            else:
                self.later.swap(k, a, b)

    def _here(self, order: list, state: GameState, failure: Callable[[], Any] | None) -> bool:
        """A careful replay mends its sample where it fails and goes on from there: the repair's swaps
        made in `order` and in `state` itself (the sample's copy just before the decision), whether
        one was found (and the replay may mend no more: a few times the repairs of one replay).  The
        sample is then replayed again from its deal, since an earlier decision may go otherwise with
        the cards swapped."""
        if failure is None or self.patched >= 3 * self.repairs:
            return False
        swaps = failure()
        if not swaps:
            return False
        self._swapped(order, swaps)
        self.mend.swapped.update(p for pair in swaps for p in pair)
        where = {m >> 8: (z, i) for z, metas in enumerate(state.meta) for i, m in enumerate(metas)}
        faces = state.zones
        for a, b in swaps:
            (z, i), (z2, i2) = where[a], where[b]
            faces[z][i], faces[z2][i2] = faces[z2][i2], faces[z][i]
        state._legal = None
        self.patched += 1
        return True

    def _nearer(self, order: list, astray: GameState) -> GameState | None:
        """A sample whose replay ends looking different to the seat (a public value computed from
        hidden cards, such as a hand's total said aloud): swap two re-dealt cards and replay, keeping
        the swap while the view comes no further from the real one (`views.distance`), up to `nearer`
        replays; the first sample that looks the same, else None."""
        me, rng, target, free = self.seat, self.rng, self.target, self.free
        if len(free) < 2:
            return None
        far = distance(view_of(astray, me), target)
        for _ in range(self.nearer):
            if self._late():
                return None
            a, b = rng.sample(free, 2)
            if order[a] == order[b]:
                continue
            order[a], order[b] = order[b], order[a]
            world, _ = self._replay(order, False)
            if world is not None:
                return world
            if self.astray is not None and (near := distance(view_of(self.astray, me), target)) <= far:
                far = near
            else:  # a recorded decision became illegal, or the view is further off: undone
                order[a], order[b] = order[b], order[a]
        return None

    def _go_careful(self) -> None:
        self.careful = self.mend.nobodys_first = True

    def _led_otherwise(self, world: GameState, step: Step) -> bool:
        """Whether another seat decides next in the sample `world` right after `step` than did in the
        real game (outside claim windows): then the search's replays go careful from here on."""
        nxt = step.next
        if nxt is None or world.window is not None or world.current_player() == nxt:
            return False
        self._go_careful()
        return True

    def _off(self, world: GameState, step: Step) -> bool:
        """Whether the seat, right after `step` in the sample `world`, would see another game than it
        did in the real one (another view, or another seat to decide next).  Where a claim window is
        open, in the sample or in the real game, nothing is compared: whom it asks, and so whether the
        flow stopped there or went on (a tile drawn), depends on what the seats hold, and the seat
        sees the window's outcome, which the next decision checks."""
        nxt = step.next
        if nxt is None or world.window is not None:
            return False
        return world.current_player() != nxt or view_of(world, self.seat) != step.view

    def _mending(self, before: GameState, step: Step) -> Callable[[], Any]:
        """What finds swaps of unseen cards after which `step` (the opening: the flow up to the first
        decision) looks as it did in the real game, from the sample `before` it (`Repairs.match`)."""
        me, free = self.seat, self.free_set

        def judge(trial: GameState) -> tuple | None:
            if step is self.opening:
                after: GameState | None = trial.clone()
                after._run()  # type: ignore[union-attr]
            else:
                after, _ = self._advance(trial.clone(), step, False)
            if after is None:
                return None
            return divergence(trial, after, me, step.view, step.next, free)

        return lambda: self.mend.match(before, judge)
