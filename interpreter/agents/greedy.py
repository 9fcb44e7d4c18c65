"""One-ply greedy agent: the best immediate outcome on a sampled state."""

from __future__ import annotations

from typing import Any

from interpreter.agents.base import Agent
from interpreter.agents.determinize import Determinizer
from interpreter.agents.policy import value_after
from interpreter.engine.program import FlowError


class GreedyAgent(Agent):
    """Tries every legal action on one sample of the hidden cards and keeps the best.

    Each action is applied to a copy of the sample and the flow runs to the
    next decision; the value is the ruleset's `hints.evaluate` (else
    `result.returns`) for this seat, plus a large bonus when the game ends
    with this seat ahead (so it always takes a win).  Ties are broken at
    random with the agent's own generator.
    """

    name = "greedy"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        sampler = Determinizer(state, seat, self.rng, memory=self.memory)
        world = sampler.sample()
        best: list = []
        best_value = None
        for action in legal:
            try:
                value = self._value(world, action, seat)
            except FlowError:  # a last-resort sample may break a rule in play: the move is not judged
                if not sampler.resort:
                    raise
                value = float("-inf")
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _value(self, world: Any, action: Any, seat: int) -> float:
        trial = world.clone()
        for a in trial.legal_actions():
            if a.kind == action.kind and a.value == action.value:
                trial.apply_action(a)
                break
        else:
            return float("-inf")
        return value_after(trial, seat)
