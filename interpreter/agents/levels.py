"""The levels people choose at the prompt: `easy`, `normal`, `hard`.

Each is the search agent with a documented budget and policy (README and
docs/agents.md repeat this list); a level name works wherever an agent spec
does (`--agents normal`, `a=hard/b=normal`), and options after it change
the preset (`normal:iterations=400`).

- easy: 25 iterations down the tree (PUCT, the hints' ranking as priors);
  playouts by the hints, 1 move in 3 at random; about 0.1 s a move.
- normal: 150 iterations; the hints' 5 favourite moves compared on the same
  samples (sequential halving), the favourite kept unless another did
  clearly better (one standard error); the tree kept between moves;
  playouts by the hints, 1 move in 10 at random; at most 1 s.
- hard: 450 iterations as normal, playouts with 1 move in 33 at random
  (fewer random moves make the comparison of the moves sharper); at most
  3 s.  (`workers=2` searches in two processes whose choices vote: no
  stronger, measured, but sooner.)

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
    "normal": {"iterations": 150, "max_seconds": 1.0, "root": "halving", "width": 5},
    "hard": {"iterations": 450, "max_seconds": 3.0, "root": "halving", "width": 5, "epsilon": 0.03},
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
