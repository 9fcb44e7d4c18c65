"""cardrules: a declarative rules-as-data interpreter for traditional card games.

The public API (see docs/api.md):

    rs = interpreter.load("rulesets/mygame.yaml")   # validates; raises RulesetError
    state = rs.new_game(seed=7)
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "load", "PlayerCountError", "RulesetError"]


def load(path, players=None):
    """Load, validate and compile a ruleset file; raises RulesetError with every diagnostic.

    `players`: the number of players, for a ruleset that offers several (`players.choices`; by
    default `players.count`); a number it is not played by raises PlayerCountError (a ValueError)."""
    from interpreter.compiling.pipeline import load_ruleset

    return load_ruleset(path, players=players)


def __getattr__(name):
    if name == "RulesetError":
        from interpreter.base.diagnostics import RulesetError

        return RulesetError
    if name == "PlayerCountError":
        from interpreter.compiling.pipeline import PlayerCountError

        return PlayerCountError
    raise AttributeError(name)
