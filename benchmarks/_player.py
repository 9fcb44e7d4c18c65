"""What every rule-based sparring player shares (benchmarks/sparring.py, benchmarks/sparring_cards.py)."""

from __future__ import annotations

import random
from typing import Any


class RulePlayer:
    """A seat's rule-based player: a move played at once where it is the only legal one, else
    `decide`; its random numbers (for ties) come from `seed_label`, the seed and the seat."""

    name = ""
    seed_label = ""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(f"{self.seed_label or self.name}:{seed}:{seat}")

    def describe(self) -> str:
        return self.name

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.decide(state, legal)

    def decide(self, state: Any, legal: list) -> Any:
        raise NotImplementedError
