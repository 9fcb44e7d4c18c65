"""Other seats' decisions the seat did not see whole, as a sample makes them again
(agents/determinize.py): a hidden decision (a card played face down) with a value that looks the
same to the seat, a hidden choice of several values picked one by one, and a public choice of
several values whose picks the seat never saw.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from interpreter.agents.steps import Step
from interpreter.agents.views import moved_faces, view_of
from interpreter.engine.choices import choice_steps
from interpreter.engine.state import PICK_KIND, SECRET, Action, GameState


class HiddenMoves:
    """The part of the sampler (`Determinizer`) that makes other seats' unseen decisions again."""

    rs: Any
    rng: Any
    seat: int
    free_set: Any
    likely: Any

    def _late(self) -> bool:
        raise NotImplementedError

    def _choice_of_several(self, step: Step) -> bool:
        return isinstance(step.value, tuple) and step.kind >= 0 and self.rs.actions[step.kind].count is not None

    def _picked(self, world: GameState, step: Step) -> GameState | None:
        """Another seat's public choice of several values (three cards captured at once): the seat
        never saw the picks it was made of, only the whole, so the sample picks its values one by
        one and then makes the choice (`choice_steps`, as the whole choice's text is played), on a
        copy of `world`; None when the choice is already offered whole or is not a choice of
        several, and when a pick or the choice is not legal."""
        if not self._choice_of_several(step) or world.is_legal(step.kind, step.value):
            return None
        trial = world.clone()
        for a in choice_steps(self.rs, step.kind, [], sorted(step.value)):
            if self._late() or not trial.is_legal(a.kind, a.value):
                return None
            trial.force_action(a.kind, a.value)
        return trial

    def _hidden_choice(self, world: GameState, step: Step, force: bool) -> GameState | None:
        """The sample after another seat's hidden decision: a value that looks the same to the seat."""
        legal = world.legal_actions()
        candidates = [a for a in legal if a.kind == step.kind]
        if not candidates and any(a.kind == PICK_KIND and a.value[0] == step.kind for a in legal):
            return self._hidden_picks(world, step, force)
        self.rng.shuffle(candidates)
        seen = Counter(step.seen)
        if not force:
            candidates = self._possible(world, step, candidates, seen)
        if seen:
            candidates.sort(key=lambda a: a.value not in seen)
        elif self.likely is not None and len(candidates) > 1:
            scores = dict(zip(map(id, candidates), self.likely(world, candidates)))
            candidates.sort(key=lambda a: -scores[id(a)])
        for a in candidates:
            trial = world.clone()
            if self._looks_the_same(world, trial, a, step, seen):
                return trial
        if force and candidates:
            trial = world.clone()
            trial.apply_action(candidates[0])
            return trial
        return None

    def _possible(self, world: GameState, step: Step, actions: list, seen: Counter, at: int | None = None) -> list:
        """The actions (`at`: of the value's part that is a card) that could be the hidden decision:
        a card the seat saw somewhere it could only have moved with this decision if the seat saw
        it move (`seen`), so a card the seat has seen that did not move is not it (another seat's
        card that it later played face up); a card it lost sight of before the decision and has not
        seen since (`step.lost`: taken up into a hand among others) may be it."""
        if self.rs.actions[step.kind].param_kind != "card":
            return actions
        owner, free, lost = self.rs.zone_owner, self.free_set, step.lost
        unseen = {
            face
            for z in range(self.rs.zone_count)
            if owner[z] < 0 or owner[z] == step.seat
            for face, m in zip(world.zones[z], world.meta[z])
            if (m >> 8) in free or (m >> 8) in lost
        }
        if at is None:
            return [a for a in actions if a.value in unseen or seen[a.value] > 0]
        return [a for a in actions if a.value[at] in unseen or seen[a.value[at]] > 0]

    def _hidden_picks(self, world: GameState, step: Step, force: bool, tries: int = 4) -> GameState | None:
        """The sample after another seat's hidden choice of several values, picked one by one: faces
        the seat saw move then first, then others at random, until the choice is whole and has as
        many values as the real one moved cards (a choice of 1 to 4 cards put face down)."""
        seen = Counter(step.seen)
        last = None
        for _ in range(tries):
            trial = world.clone()
            wanted = seen.copy()
            whole = None
            for picked in range(sum(map(len, trial.zones)) + 1):  # at most one pick per card
                legal = trial.legal_actions()
                whole = next((a for a in legal if a.kind == step.kind), None)
                picks = [a for a in legal if a.kind == PICK_KIND and a.value[0] == step.kind]
                useful = [a for a in picks if wanted[a.value[1]] > 0]
                if (whole is not None and not useful and picked >= step.moved) or not picks:
                    break
                pick = self.rng.choice(useful or self._possible(trial, step, picks, wanted, 1) or picks)
                wanted[pick.value[1]] -= 1
                trial.apply_action(pick)
            if whole is None:
                continue
            if self._looks_the_same(world, trial, whole, step, seen):
                return trial
            last = trial
        return last if force else None

    def _looks_the_same(self, world: GameState, trial: GameState, action: Action, step: Step, seen: Counter) -> bool:
        """Apply `action` to `trial` (a copy of `world`): whether it stays hidden, moves the faces the
        seat saw it move, and leaves what the seat sees as it was in the real game."""
        entry = len(trial.history)
        trial.force_action(action.kind, action.value)  # (a legal action: the next decision is listed only if kept)
        return (
            trial.history[entry][3] == SECRET
            and not seen - moved_faces(world, trial)
            and view_of(trial, self.seat) == step.view
        )
