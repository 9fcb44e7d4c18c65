"""The levels people choose at the prompt: `easy`, `normal`, `hard`.

Each is the search agent with a documented budget and policy (README and
docs/cli.md repeat this table); a level name works wherever an agent spec
does (`--agents normal`, `a=hard/b=normal`), and options after it change
the preset (`normal:iterations=400`).

| level | search | playouts | time per move |
|---|---|---|---|
| easy | 25 iterations | the hints, with 1 move in 3 at random | about 0.1 s |
| normal | 150 iterations, the tree kept between moves | the hints, 1 move in 10 at random | at most 1 s |
| hard | 450 iterations in 2 processes | the hints, 1 move in 10 at random | at most 3 s |

A move with one legal action, or one that wins the deal at once, is played
without searching.  The time caps (`max_seconds`) only cut a search short
on a slow or busy machine; with `max_seconds=0` a level is exactly
reproducible from the game's seed.
"""

from __future__ import annotations

from typing import Any

from interpreter.agents.ismcts import IsmctsAgent

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 25, "epsilon": 0.33, "keep": 0, "max_seconds": 0.5},
    "normal": {"iterations": 150, "max_seconds": 1.0},
    "hard": {"iterations": 450, "max_seconds": 3.0, "workers": 2},
}


class LevelAgent(IsmctsAgent):
    """The search agent with a level's preset; options given with the level override it."""

    def __init__(self, level: str, seat: int, seed: int = 0, **options: Any):
        self.name = level
        self.level = level
        super().__init__(seat, seed, **{**LEVELS[level], **options})

    def describe(self) -> str:
        return self.level


def level_factory(level: str) -> Any:
    """The constructor of a level's agent, as the agent registry wants it."""

    def make(seat: int, seed: int = 0, **options: Any) -> LevelAgent:
        return LevelAgent(level, seat, seed, **options)

    make.__doc__ = f"The '{level}' level: the search agent with {LEVELS[level]}."
    return make
