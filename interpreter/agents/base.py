"""The agent interface and the uniformly random agent."""

from __future__ import annotations

import random
from typing import Any

from interpreter.agents.memory import Memory


class Agent:
    """Chooses one of the legal actions of a state for the seat to act."""

    name = "agent"

    def __init__(self, seat: int, seed: int = 0, **options: Any):
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")
        self.memory = Memory()  # its samplers' study of the deal, and samples, kept between decisions
        if options:
            raise ValueError(f"agent '{self.name}' takes no option '{next(iter(options))}'")

    def choose(self, state: Any) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        return self.name


class RandomAgent(Agent):
    """A uniformly random legal action."""

    name = "random"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.rng.choice(legal)
