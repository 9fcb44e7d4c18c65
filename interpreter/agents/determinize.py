"""Sample full game states consistent with what one seat has seen.

The engine keeps a copy of each deal right after its shuffle, with every
card's deck position in its meta.  A sample re-deals the positions whose
cards the seat cannot see now, then replays the deal's decisions since the
shuffle.  A sample in which a recorded decision is illegal (a void revealed
by a follow rule, a card that would have been played face up) or in which
the seat would see something else is rejected: every inference the rules
allow is respected without any game knowledge.  Hidden variables (flags the
rules derive from hidden cards) are recomputed by the replay.
"""

from __future__ import annotations

import random
from typing import Any

from interpreter.engine.observe import card_visible
from interpreter.engine.state import ANNOUNCE, CLAIMED, PASS_KIND, PRIVATE, Action, GameState


class Determinizer:
    """Makes samples of the hidden part of one state, as seen by `seat`."""

    def __init__(self, state: GameState, seat: int, rng: random.Random, tries: int = 4, repairs: int = 12):
        self.state, self.seat, self.rng, self.tries, self.repairs = state, seat, rng, tries, repairs
        self.rs = state.rs
        self.samples = self.rejections = self.fallbacks = 0
        self.snapshot = state.snapshot
        self.target = _zones_seen(state, seat)
        if self.snapshot is not None:
            snap, start, zone = self.snapshot
            self.dealt = snap  # the state right after the shuffle, replayed by each sample
            self.order = list(snap.zones[zone])
            self.zone = zone
            seen = _seen_positions(state, seat)
            self.free = [p for p in range(len(self.order)) if p not in seen]
            self.free_set = set(self.free)
            self.decisions = [h for h in state.history[start:] if h[1] != ANNOUNCE and h[3] != CLAIMED]

    def sample(self) -> GameState:
        """A state the seat cannot tell from the real one."""
        self.samples += 1
        if self.snapshot is not None:
            for attempt in range(self.tries + 1):
                world = self._replayed(force=attempt == self.tries)
                if world is not None:
                    world.seed = self.rng.getrandbits(63)
                    self.fallbacks += attempt == self.tries
                    return world
                self.rejections += 1
        self.fallbacks += 1
        return self._reshuffled()

    def _replayed(self, force: bool = False) -> GameState | None:
        """A re-dealt sample replayed to now; with `force`, decisions are replayed even where illegal.

        When a recorded decision is illegal in the sample, swap one hidden card
        of that seat with another hidden card so that it becomes legal, and
        replay again (a few times): voids and similar inferences then cost a
        repair, not a whole new sample.
        """
        faces = [self.order[p] for p in self.free]
        self.rng.shuffle(faces)
        order = self.order[:]
        for p, f in zip(self.free, faces):
            order[p] = f
        for _ in range(self.repairs + 1):
            world, failure = self._replay(order, force)
            if world is not None or failure is None:
                return world
            swap = self._repair(*failure)
            if swap is None:
                return None
            a, b = swap
            order[a], order[b] = order[b], order[a]
        return None

    def _replay(self, order: list, force: bool) -> tuple[GameState | None, tuple | None]:
        world = self.dealt.clone()
        world.snapshot = None
        world.story = False  # a sample tells nobody anything: no events
        world.zones[self.zone] = order[:]
        world.forced_orders = []
        try:
            world._run()
            for seat, kind, value, flag in self.decisions:
                if not _replay_one(world, seat, kind, value, flag, force):
                    return None, (world, seat, kind, value)
            while world.window is not None and world.decider != self.seat and not world.finished:
                world.apply_action(Action(PASS_KIND, None, "pass"))
        except Exception:  # any failure means this sample is not consistent
            return None, None
        if world.finished or world.decider != self.seat:
            return None, None
        if not force and _zones_seen(world, self.seat) != self.target:
            return None, None
        world.snapshot = self.snapshot
        return world, None

    def _repair(self, world: GameState, seat: int, kind: int, value: Any) -> tuple[int, int] | None:
        """Two deck positions whose swap makes `seat`'s recorded decision legal, if any."""
        rs = world.rs
        while world.window is not None and world.decider != seat and not world.finished:
            world.apply_action(Action(PASS_KIND, None, "pass"))
        free = self.free_set
        mine: list[tuple[int, int]] = []
        others: list[tuple[int, int]] = []
        for z in range(rs.zone_count):
            owned = rs.zone_owner[z] == seat
            for i, m in enumerate(world.meta[z]):
                if (m >> 8) in free:
                    (mine if owned else others).append((z, i))
        self.rng.shuffle(mine)
        for z, i in mine:
            if world.zones[z][i] == value:
                continue
            for z2, i2 in self.rng.sample(others, min(6, len(others))):
                if world.zones[z2][i2] == world.zones[z][i]:
                    continue
                trial = world.clone()
                trial.zones[z][i], trial.zones[z2][i2] = trial.zones[z2][i2], trial.zones[z][i]
                trial._legal = None
                try:
                    ok = trial.is_legal(kind, value)
                except Exception:
                    ok = False
                if ok:
                    return world.meta[z][i] >> 8, world.meta[z2][i2] >> 8
        return None

    def _reshuffled(self) -> GameState:
        """Fallback: the current state with the hidden cards re-dealt (hidden variables kept)."""
        world = self.state.clone()
        world.story = False
        rs, seat = self.rs, self.seat
        slots = [
            (z, i)
            for z in range(rs.zone_count)
            for i, m in enumerate(world.meta[z])
            if not card_visible(rs, z, m, seat)
        ]
        faces = [world.zones[z][i] for z, i in slots]
        self.rng.shuffle(faces)
        for (z, i), f in zip(slots, faces):
            world.zones[z][i] = f
        world.seed = self.rng.getrandbits(63)
        world._legal = None
        return world


def _replay_one(world: GameState, seat: int, kind: int, value: Any, flag: int, force: bool) -> bool:
    """Apply one recorded decision to a sample; False when the sample cannot have produced it."""
    while world.window is not None and (world.decider != seat or flag != PRIVATE) and not world.finished:
        world.apply_action(Action(PASS_KIND, None, "pass"))  # a question the real game never asked
    if world.finished:
        return False
    if flag == PRIVATE and (world.window is None or world.decider != seat):
        return kind == PASS_KIND or force
    if world.decider != seat:
        return False
    if force or world.is_legal(kind, value):
        world.force_action(kind, value)
        return True
    return False


def _seen_positions(state: GameState, seat: int) -> set[int]:
    rs = state.rs
    return {m >> 8 for z in range(rs.zone_count) for m in state.meta[z] if card_visible(rs, z, m, seat)}


def _zones_seen(state: GameState, seat: int) -> list:
    """Every zone as `seat` sees it (hidden cards None)."""
    rs = state.rs
    return [
        [c if card_visible(rs, z, m, seat) else None for c, m in zip(state.zones[z], state.meta[z])]
        for z in range(rs.zone_count)
    ]
