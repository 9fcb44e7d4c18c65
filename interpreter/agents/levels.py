"""The levels people choose at the prompt: `easy`, `normal`, `hard`.

Each is the search agent with a documented budget and policy (README and
docs/agents.md repeat this list); a level name works wherever an agent spec
does (`--agents normal`, `a=hard/b=normal`), and options after it change
the preset (`normal:iterations=400`).

- easy: 25 iterations down the tree (PUCT, the hints' ranking as priors);
  playouts by the hints, 1 move in 3 at random; about 0.1 s a move.
- normal: 150 iterations; the hints' 5 favourite moves compared on the same
  samples (sequential halving), the favourite kept unless another did
  clearly better (by three standard errors: with one, the search overruled
  good hints into fewer deals won); the tree kept between moves;
  playouts by the hints, 1 move in 10 at random; at most 1 s.
- hard: 450 iterations as normal, playouts with 1 move in 33 at random
  (fewer random moves make the comparison of the moves sharper); at most
  3 s.  (`workers=2` searches in two processes whose choices vote: no
  stronger, measured, but sooner.)

A ruleset whose hints say `playouts: random` (their `prefer` is how a good
player chooses its own move, not a model of how the others play), or
whose hints give no move a preference (nothing ranks the moves), gets
`normal` and `hard` searching with uniformly random playouts and every
move of the tree tried (UCB), as many more iterations as those cheaper
playouts allow in the same time:

- normal: 400 iterations; at most 1 s.
- hard: 1,200 iterations; at most 3 s.

`easy` follows the hints in every ruleset.

A move with one legal action, or one that wins the deal at once (`policy.decisive`), is played
without searching.  The time caps (`max_seconds`) only cut a search short
on a slow or busy machine; with `max_seconds=0` a level is exactly
reproducible from the game's seed.
"""

from __future__ import annotations

from typing import Any

from interpreter.agents.ismcts import IsmctsAgent
from interpreter.engine.hints import has_preferences

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 25, "epsilon": 0.33, "keep": 0, "max_seconds": 0.5, "playout": "policy"},
    "normal": {"iterations": 150, "max_seconds": 1.0, "root": "halving", "width": 5, "trust": 3.0, "playout": "policy"},
    "hard": {
        "iterations": 450,
        "max_seconds": 3.0,
        "root": "halving",
        "width": 5,
        "trust": 3.0,
        "epsilon": 0.03,
        "playout": "policy",
    },
}
# the levels where the ruleset's hints say `playouts: random` (no `playout` given: the ruleset's, so a
# move that wins the deal at once is still played without a search, as `playout=random` would not)
RANDOM_PLAYOUT_LEVELS: dict[str, dict[str, Any]] = {
    "normal": {"iterations": 400, "max_seconds": 1.0},
    "hard": {"iterations": 1200, "max_seconds": 3.0},
}


def preset(level: str, rs: Any) -> dict[str, Any]:
    """A level's budget and policy for one ruleset: the random-playout presets where the hints say
    `playouts: random` or give no move a preference (then nothing ranks the moves: comparing a few
    favourites would keep one picked at random unless the playouts overruled it clearly)."""
    if (rs.playouts == "random" or not has_preferences(rs)) and level in RANDOM_PLAYOUT_LEVELS:
        return RANDOM_PLAYOUT_LEVELS[level]
    return LEVELS[level]


class LevelAgent(IsmctsAgent):
    """The search agent with a level's preset; options given with the level override it."""

    def __init__(self, level: str, seat: int, seed: int = 0, **options: Any):
        self.name = level
        self.level = level
        super().__init__(seat, seed, **{**LEVELS[level], **options})
        self._given = dict(options)
        self._preset = LEVELS[level]

    def choose(self, state: Any) -> Any:
        self.suit(state.rs)
        return super().choose(state)

    def suit(self, rs: Any) -> None:
        """Take the level's preset for this ruleset (the options given with the level still win)."""
        chosen = preset(self.level, rs)
        if chosen is not self._preset:
            self._preset = chosen
            self.configure(**{**chosen, **self._given})

    def describe(self) -> str:
        return self.level


def level_factory(level: str) -> Any:
    """The constructor of a level's agent, as the agent registry wants it."""

    def make(seat: int, seed: int = 0, **options: Any) -> LevelAgent:
        return LevelAgent(level, seat, seed, **options)

    make.__doc__ = f"The '{level}' level: the search agent with {LEVELS[level]}."
    return make
