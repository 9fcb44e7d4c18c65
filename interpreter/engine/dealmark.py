"""Where a deal's snapshot would be taken (GameState.snapshot): remade when search asks for it."""

from __future__ import annotations


class Mark:
    """Where the deal's snapshot would be taken: enough to remake it by replaying the game."""

    __slots__ = ("history", "zone", "shuffles", "seed")

    def __init__(self, history: int, zone: int, shuffles: int, seed: int):
        self.history, self.zone, self.shuffles, self.seed = history, zone, shuffles, seed
