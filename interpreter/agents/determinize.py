"""Sample full game states consistent with what one seat has seen (the seat to act, or one waiting:
its samples stop where the real game waits for another seat).

The engine keeps a copy of each deal right after its shuffle, with every
card's deck position in its meta.  A sample re-deals the positions whose
cards the seat has never seen, then replays the deal's decisions since the
shuffle *as the seat knows them* (a later shuffle of the same deal, the
discard pile made a new stock, is made again from the sample's cards, with
the faces the seat saw come off it at their places):

* public decisions and the seat's own decisions as they were made;
* another seat's hidden decision (a card played face down) with a value
  chosen in the sample, among those that look the same to the seat at that
  point and move the cards the seat saw where they lay just before it, or
  saw later (a face-down card turned up; a card seen once and then out of
  sight among others is not one of them); while the seat has not seen what
  it moved, one at random, or the
  likeliest by a model of the other seats where the agent gives one
  (`likely`: `ismcts:likely=1` passes the hints' `prefer`);
* another seat's picks towards a hidden choice of several values (three
  cards passed face down) are never seen either: the sample picks its own,
  the faces the seat later saw leave first;
* other seats' claim-window answers, which the seat never sees: the seat
  whose claim was applied (that is public) answers its claim, the others
  pass; in a window still open, the seats asked before this one answer as
  the agent's playout policy would in the sample, never as they really did.

A card the seat saw at any moment counts as seen, even when the flow put it
out of sight before the next decision (the last card of a trick, gathered
face down at once; a widow turned up and taken into a hand): the study of
the real deal watches every move and reveal (GameState.watch), so samples
never re-deal it.

A sample that goes another way than the real game (the flow moved cards by
what a hand holds: an ask answered, the holder of the lowest trump leading)
makes the search's replays careful (agents/mending.py): each decision is
checked against what the seat saw right after it, and the cards to blame are
swapped there.  A sample that replays to the end but looks different to the
seat is searched for nearby: two re-dealt cards are swapped and the deal
replayed, keeping each swap that brings the view no further from the real
one (`Mending._nearer`).  A sample in which a recorded decision is illegal
(a void revealed by a follow rule) is repaired (hidden cards of that seat swapped:
agents/repairs.py) and replayed, and what the repair showed the seat could
or could not hold is dealt so in the search's later samples before they
replay; a sample the seat could tell from the real game is rejected.  So
every inference the rules allow is respected without game knowledge, and
hidden variables are recomputed by the replay, never copied.  Hidden faces
are re-dealt from a sorted list, so two states that look the same to the
seat give the same samples for the same random generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from interpreter.agents.hidden import HiddenMoves
from interpreter.agents.later import LaterShuffles
from interpreter.agents.memory import LONG, POOL, Memory, Particle, Study
from interpreter.agents.mending import Mending
from interpreter.agents.repairs import Repairs
from interpreter.agents.steps import ANSWER, CLAIM, HIDDEN, Step
from interpreter.agents.views import (
    reshuffled,
    view_of,
)
from interpreter.engine.program import Where
from interpreter.engine.state import (
    CLAIMED,
    PASS_KIND,
    Action,
    GameState,
)

PASS = Action(PASS_KIND, None, "pass")


def pass_answer(world: GameState) -> Action:
    """How other seats answer an open claim window by default: pass."""
    return PASS


class Determinizer(HiddenMoves, Mending):
    """Makes samples of the hidden part of one state, as seen by `seat`.

    `answer(world)` chooses the answers of other seats asked before `seat` in
    a claim window that is still open (their real answers stay unknown);
    `likely(world, actions)` scores the values another seat's hidden decision
    may have had, where the seat never saw them (higher: likelier).  Past
    `deadline` (a `time.perf_counter()` reading) a sample stops replaying and
    is the last resort: where replays are slow (another seat's hidden choice
    of several cards made again), a search's time cap holds all the same.
    """

    def __init__(
        self,
        state: GameState,
        seat: int,
        rng: random.Random,
        answer: Callable[[GameState], Action] = pass_answer,
        tries: int = 4,
        repairs: int = 12,
        nearer: int = 40,
        steps: int = 0,
        likely: Callable[[GameState, list], list] | None = None,
        deadline: float | None = None,
        memory: Memory | None = None,
    ):
        self.state, self.seat, self.rng, self.answer = state, seat, rng, answer
        self.deadline = deadline
        self.likely = likely  # scores of another seat's hidden moves, the likeliest first (None: at random)
        self.tries, self.repairs = tries, repairs
        # replays of the search for a sample that ends looking the same (`_nearer`), and tries of a careful
        # replay's search for a decision that does (`Repairs._closer`)
        self.nearer = nearer
        self.astray: GameState | None = None
        self.careful = False  # replays check every decision against what the seat saw (`_replay`)
        self.patched = 0  # repairs made by the replay under way
        self.last_deal: list | None = None  # the deal of the last careful sample (`_stirred`)
        self.steps = steps if state.rs.plausible_fn is not None else 0  # Metropolis steps per other seat
        self.rs = state.rs
        self.samples = self.rejections = self.fallbacks = 0
        self.resort = False  # whether the last sample is the last resort (it may break the rules in play)
        self.last_good: list | None = None  # the variables of the last sample a replay made
        self.snapshot = state.snapshot
        self.pool = False
        self.target = view_of(state, seat)
        self.acting = state.current_player() == seat  # (else samples stop where the real game waits)
        self.moves = _moves(state) if self.acting else None  # the seat's, to be kept
        if self.snapshot is not None:
            snap, start, zone = self.snapshot
            self.dealt = snap  # the state right after the shuffle, replayed by each sample
            self.order = list(snap.zones[zone])
            self.zone = zone
            self.face_at = dict(enumerate(self.order))  # every position's real face (later ones too)
            later = [list(order) for _, order in state.shuffles[len(snap.shuffles) :]]
            self.later = LaterShuffles(rng, later, self.face_at)  # the deal's (agents/later.py)
            self.script, seen, self.lost = self._study(state.history[start:], memory)
            # samples kept from earlier decisions (agents/memory.py), where replays are long
            self.memory = memory if memory is not None and len(self.later) == 0 else None
            self.pool = self.memory is not None and len(self.script) >= LONG
            self.pool_at = self.cycle = 0  # the next kept sample to play on; the next to hand out again
            self.hidden_sig = tuple((k, s.seen) for k, s in enumerate(self.script) if s.tag == HIDDEN)
            self.claims = 0  # claims the last replay saw applied (a kept sample goes on from there)
            self.free = [p for p in range(len(self.order)) if p not in seen]
            self.dealt_free = set(self.free)  # the positions a sample's order re-deals
            self.hidden_faces = sorted(self.order[p] for p in self.free)
            # repairs, and what they teach (agents/repairs.py)
            self.mend = Repairs(self.rs, rng, self.free, self.later.study(seen), self._late)
            self.free_set = self.mend.pool.keys()  # every position never seen: the deal's and later ones
            self.mend.climb = nearer  # (a careful replay's search for a decision that looks the same)

    def sample(self) -> GameState:
        """A state the seat cannot tell from the real one; with `hints.plausible`, made more plausible."""
        self.samples += 1
        if self.snapshot is not None:
            if self.pool and not self.careful:
                kept = self._from_pool()
                if kept is not None:
                    return kept
            for attempt in range(self.tries + 1):
                if self._late():
                    break
                world, order = self._replayed(force=attempt == self.tries)
                if world is not None and not self._same_to_seat(world, attempt == self.tries):
                    world = None  # the seat could tell it from the real game (its moves, what it sees)
                if world is not None:
                    if self.steps and attempt < self.tries and not self._late():
                        world = self._more_plausible(world, order)
                    if self.pool and not self.careful and attempt < self.tries:
                        self._keep(world)
                    self.last_good = list(world.vars)  # (search plays the sample on)
                    world.seed = self.rng.getrandbits(63)
                    self.fallbacks += attempt == self.tries
                    self.resort = attempt == self.tries
                    return world
                self.rejections += 1
        self.fallbacks += 1
        self.resort = True
        return self._reshuffled()

    # ----- samples kept from one decision to the next (agents/memory.py) ----------------------
    def _from_pool(self) -> GameState | None:
        """A kept sample played on to now (or, once every kept one has been, one of them again), or
        None where a new one is to be made (and kept)."""
        particles = self.memory.particles  # type: ignore[union-attr]
        while self.pool_at < len(particles):
            world = self._played_on(particles[self.pool_at])
            if world is None:
                del particles[self.pool_at]
                self.rejections += 1
                continue
            particle = particles[self.pool_at]
            particles[self.pool_at] = particle._replace(
                world=world, at=len(self.script), claims=self.claims, hidden=self.hidden_sig
            )
            self.pool_at += 1
            return self._handed(world)
        if len(particles) < POOL:
            return None
        self.cycle += 1
        return self._handed(particles[(self.cycle - 1) % len(particles)].world)

    def _played_on(self, particle: Particle) -> GameState | None:
        """A kept sample played on through the decisions since it was made, checked as a new replay is
        (legal moves, the same moves and the same view for the seat at the end), or None where it no
        longer fits what the seat knows."""
        if particle.hidden != self.hidden_sig[: len(particle.hidden)]:
            return None  # the seat has since seen more of a hidden move the sample made otherwise
        order, real = particle.order, self.order
        free = self.dealt_free
        if any(order[p] != real[p] for p in range(len(real)) if p not in free):
            return None  # a card the seat has since seen, dealt otherwise
        try:
            world, _ = self._steps(particle.world.clone(), order, particle.at, particle.claims, False, False)
        except Exception:  # as in a replay: the sample does not fit
            return None
        if world is None or not self._where_real_stands(world):
            return None
        if view_of(world, self.seat) != self.target or not self._same_to_seat(world, False):
            return None
        return world

    def _where_real_stands(self, world: GameState) -> bool:
        """Whether a replayed sample waits where the real game does: for the seat, or (a seat not to
        act) for the seat the real game waits for."""
        return not world.finished and world.decider == (self.seat if self.acting else self.state.current_player())

    def _keep(self, world: GameState) -> None:
        """Keep a new sample (where fewer than POOL are kept) for the seat's next decisions."""
        particles = self.memory.particles  # type: ignore[union-attr]
        if len(particles) >= POOL:
            return
        order = world.snapshot[0].zones[self.zone][:]  # type: ignore[index]  # (its own deal)
        particles.append(Particle(world.clone(), len(self.script), self.claims, order, self.hidden_sig))
        self.pool_at = len(particles)  # (handed out already: not played on again in this search)

    def _handed(self, world: GameState) -> GameState:
        """A copy of a kept sample, handed to the search."""
        self.last_good = list(world.vars)
        self.resort = False
        world = world.clone()
        world.seed = self.rng.getrandbits(63)
        return world

    def _late(self) -> bool:
        """Past the deadline: no more replays (the sample is the last resort)."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _more_plausible(self, world: GameState, order: list) -> GameState:
        """Metropolis steps on the sample by `hints.plausible`: swap a hidden card of another seat with
        a hidden card nobody holds (weighing each by exp of the change), then replay the deal so
        changed once; the sample as it was when that replay does not look the same to the seat."""
        rs, rng, free = self.rs, self.rng, self.dealt_free  # (cards the deal's order places)
        trial = world.clone()
        spare = [
            (z, i)
            for z in range(rs.zone_count)
            if rs.zone_owner[z] < 0
            for i, m in enumerate(trial.meta[z])
            if (m >> 8) in free
        ]
        if not spare:
            return world
        moved = False
        for s in range(rs.num_players):
            if s == self.seat:
                continue
            held = [
                (z, i)
                for z in range(rs.zone_count)
                if rs.zone_owner[z] == s
                for i, m in enumerate(trial.meta[z])
                if (m >> 8) in free
            ]
            if not held:
                continue
            score = self._plausible(trial, s)
            for _ in range(self.steps):
                (z, i), (z2, i2) = rng.choice(held), rng.choice(spare)
                a, b = trial.zones[z][i], trial.zones[z2][i2]
                if a == b:
                    continue
                trial.zones[z][i], trial.zones[z2][i2] = b, a
                new = self._plausible(trial, s)
                if new >= score or rng.random() < math.exp(new - score):
                    score, moved = new, True
                else:
                    trial.zones[z][i], trial.zones[z2][i2] = a, b
        if not moved:
            return world
        changed = order[:]
        for z in range(rs.zone_count):
            for face, m in zip(trial.zones[z], trial.meta[z]):
                if (m >> 8) in free:
                    changed[m >> 8] = face
        better, _ = self._replay(changed, False)
        if better is None:
            self.rejections += 1
            return world
        return better

    def _plausible(self, world: GameState, seat: int) -> int:
        try:
            return world.with_local("seat", seat, self.rs.plausible_fn)
        except Exception as exc:  # the ruleset's hint failed: its error, named as such
            raise world.failed(exc, Where("hints.plausible")) from None

    # ----- what the seat knows ----------------------------------------------------
    def _study(self, history: list, memory: Memory | None) -> tuple[list[Step], set[int], set[int]]:
        """Replay the real deal once: the script of decisions, every position the seat ever saw, and
        those it no longer knows where they are (`Study.lost`).
        With a `memory` (and no later shuffle of the deal to make), the study kept from the seat's
        last decision goes on from where it was (agents/memory.py)."""

        def make(watch: Any = None) -> GameState:
            return self._fresh(self.order, self.later.real(), watch)

        def new() -> Study:
            return Study(self.rs, self.seat, self.face_at, make)

        if memory is not None and len(self.later) == 0:
            snap = self.snapshot[0]  # type: ignore[index]
            key = (self.seat, self.snapshot[1], self.zone, self.order, snap.seed, snap.counter, snap.vars)  # type: ignore[index]
            study = memory.study_of(key, history, new)
        else:
            if memory is not None:
                memory.forget()
            study = new()
            study.extend(history)
        self.opening = study.opening  # the first decision
        return study.script(), set(study.seen), study.lost()

    def _fresh(self, order: list, later: list | None = None, watch: Any = None, run: bool = True) -> GameState:
        """The deal's snapshot with `order` dealt, played on to its first decision (`run`, else just
        before the flow goes on from the shuffle); the deal's later shuffles made by `later` (by
        default, as the sample makes them: `LaterShuffles.make`); `watch`: see GameState.watch."""
        world = self._dealt(order)
        world.watch = watch
        world.snapshot = self.snapshot  # (a later shuffle of the deal goes on numbering its positions)
        world.story = False  # a sample tells nobody anything: no events
        world.forced_orders = later if later is not None else self.later.make()
        if run:
            world._run()
        return world

    def _dealt(self, order: list) -> GameState:
        """The state right after the deal's shuffle, with `order` dealt instead of the real cards."""
        world = self.dealt.clone()
        world.zones[self.zone] = order[:]
        return world

    # ----- samples ----------------------------------------------------------------
    def _replayed(self, force: bool = False) -> tuple[GameState | None, list]:
        """A re-dealt sample replayed to now; with `force`, public decisions are replayed even where illegal.

        When a recorded decision is illegal in the sample, swap one hidden card
        of that seat with another hidden card so that it becomes legal, and
        replay again (a few times): voids and similar inferences then cost a
        repair, not a whole new sample.
        """
        if self.careful and self.last_deal is not None:
            order = self._stirred(self.last_deal)
        else:
            faces = self.hidden_faces[:]
            self.rng.shuffle(faces)
            order = self.order[:]
            for p, f in zip(self.free, faces):
                order[p] = f
        self.mend.teach(order)
        self.mend.swapped.clear()
        self.later.reset()  # this sample's later shuffles: made at its first replay, then repaired
        tries = self.repairs + 1
        while tries > 0:
            tries -= 1
            if self._late():
                return None, order
            careful = self.careful
            world, failure = self._replay(order, force)
            if world is None and self.careful and not careful:
                tries += 1  # the replay went another way than the real game: made again, step by step
                continue
            if world is None and self.astray is not None:  # replayed, but it ends looking different
                return self._nearer(order, self.astray), order
            if world is not None or failure is None:
                return world, order
            swaps = failure()
            if swaps is None:
                return None, order
            self._swapped(order, swaps)
        return None, order

    def _replay(self, order: list, force: bool) -> tuple[GameState | None, Callable[[], Any] | None]:
        """The sample dealt by `order` replayed to now: (the sample, None), or None and, where a repair
        may mend it, what finds the repair's swaps (a recorded decision the sample makes illegal);
        `astray` keeps a replay that got to the end but looks different to the seat.  A careful
        replay (agents/mending.py) checks every decision against what the seat saw right after it
        and mends the sample where it fails, going on from there."""
        me = self.seat
        self.astray = None
        self.patched = 0  # repairs made on the way (`_here`)
        careful = self.careful and not force
        try:
            world = self._fresh(order, run=not careful)
            if careful:
                dealt, world = world, world.clone()
                world._run()
                while self._off(world, self.opening):
                    if not self._here(order, dealt, self._mending(dealt, self.opening)):
                        return None, None
                    world = dealt.clone()
                    world._run()
            elif self._led_otherwise(world, self.opening):
                return None, None
            world, failure = self._steps(world, order, 0, 0, force, careful)  # type: ignore[assignment]
            if world is None:
                return None, failure
        except Exception:  # any failure means this sample is not consistent
            return None, None
        if self.patched:
            return None, lambda: []  # mended on the way: replayed again from the deal as it is now
        if not self._where_real_stands(world):
            return None, None
        if not force and view_of(world, me) != self.target:
            self.astray = world
            self._go_careful()
            return None, None
        _, start, zone = self.snapshot  # type: ignore[misc]  # (replays are made only from a snapshot)
        world.snapshot = (self._dealt(order), start, zone)  # its own deal: a search of it re-deals the sample
        if self.careful:
            self.last_deal = order[:]
        return world, None

    def _steps(
        self, world: GameState, order: list, i: int, claims_seen: int, force: bool, careful: bool
    ) -> tuple[GameState | None, Callable[[], Any] | None]:
        """The script's decisions from the i-th on, replayed on the sample `world` (dealt by `order`,
        `claims_seen` claims applied so far): (the sample where the real game stands, None), or None
        and what finds a repair (see `_replay`, which catches what this raises); `claims` keeps how
        many claims it saw applied."""
        me = self.seat
        script, n = self.script, len(self.script)
        while not world.finished:
            if self._late():
                return None, None  # (a replay can be long: another seat's choices of many cards)
            if world.window is not None:
                d = world.decider
                if d == me:
                    if i >= n:
                        break  # the decision the search is for
                    if script[i].tag != ANSWER:
                        return None, None  # the sample asks a question the real game did not
                    before = world.clone() if careful else world
                    world.force_action(script[i].kind, script[i].value)
                    if careful and self._off(world, script[i]):
                        if not self._here(order, before, self._mending(before, script[i])):
                            return None, None
                        world = before  # (swapped: the answer made again)
                        continue
                    i += 1
                    continue
                claim = _claim_of(script, i, d)
                if claim is not None:
                    if not world.is_legal(claim.kind, claim.value):
                        return None, None
                    world.apply_action(Action(claim.kind, claim.value))
                elif i >= n:
                    if not self.acting:
                        break  # the real game waits here for another seat
                    world.apply_action(self.answer(world))  # the open window: resampled
                else:
                    world.apply_action(PASS)
                continue
            if i >= n:
                break
            step = script[i]
            if step.tag == CLAIM:
                claimed = [h for h in world.history if h[3] == CLAIMED]
                if len(claimed) <= claims_seen or claimed[-1][:3] != (step.seat, step.kind, step.value):
                    return None, None
                claims_seen = len(claimed)
                i += 1
                continue
            if step.tag == ANSWER or world.decider != step.seat:
                self._go_careful()  # (the last decision, or the flow before this one, went otherwise)
                return None, None
            before = world.clone() if careful else world
            after, failure = self._advance(world, step, force)
            if after is None:
                if not careful:
                    return None, failure
                if not self._here(order, world, failure):
                    return None, None
                continue  # (`world` swapped: the decision made again)
            if careful and self._off(after, step):
                if not self._here(order, before, self._mending(before, step)):
                    return None, None
                world = before
                continue
            if not careful and self._led_otherwise(after, step):
                return None, None
            world = after
            i += 1
        self.claims = claims_seen
        return world, None

    def _advance(self, world: GameState, step: Step, force: bool) -> tuple[GameState | None, Any]:
        """The sample after one recorded decision (`world` itself, or a copy), or None and what finds
        the swaps that make the decision legal (`Repairs.repair`)."""
        mend = self.mend.repair
        if step.tag == HIDDEN:
            chosen = self._hidden_choice(world, step, force)
            if chosen is None:
                test = lambda trial: self._hidden_choice(trial, step, False)  # noqa: E731
                return None, lambda: mend(world, step.seat, test)
            return chosen, None
        if step.seat != self.seat and (picked := self._picked(world, step)) is not None:
            return picked, None  # another seat's public choice of several values, picked anew
        if force or world.is_legal(step.kind, step.value):
            world.force_action(step.kind, step.value)
            return world, None
        if self._choice_of_several(step):
            picks = lambda trial: self._picked(trial, step) is not None  # noqa: E731
            return None, lambda: mend(world, step.seat, picks)
        legal = lambda trial: trial.is_legal(step.kind, step.value)  # noqa: E731
        return None, lambda: mend(world, step.seat, legal, step.kind)

    def _same_to_seat(self, world: GameState, forced: bool) -> bool:
        """Whether the seat has the same moves in `world` as in the real game (those are part of what
        it knows, and search tries them there), and, for a forced replay, sees the same."""
        if forced and view_of(world, self.seat) != self.target:
            return False
        return self.moves is None or _moves(world) == self.moves

    def _reshuffled(self) -> GameState:
        """Last resort (`views.reshuffled`): the current state with the cards the seat never saw
        re-dealt, and those it lost sight of before another seat's hidden decision (it cannot tell
        where they went); hidden variables as in the last sample a replay made.  `fallbacks` counts
        them."""
        never_seen = None if self.snapshot is None else set(self.free_set) | self.lost
        return reshuffled(self.state, self.seat, self.rng, self.last_good, never_seen)


def _moves(state: GameState) -> frozenset:
    """The moves of the seat to act, as (kind, value) pairs."""
    try:
        return frozenset((a.kind, a.value) for a in state.legal_actions())
    except Exception:  # a sample in which listing them fails is not the real game
        return frozenset()


def _claim_of(script: list[Step], i: int, seat: int) -> Step | None:
    """The claim `seat` made in the window now open, if the script shows one applied."""
    while i < len(script) and script[i].tag == ANSWER:
        i += 1
    if i < len(script) and script[i].tag == CLAIM and script[i].seat == seat:
        return script[i]
    return None
