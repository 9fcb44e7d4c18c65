"""cardrules: a declarative rules-as-data interpreter for traditional card games.

The public API (see docs/api.md):

    rs = interpreter.load("rulesets/mygame.yaml")   # validates; raises RulesetError
    state = rs.new_game(seed=7)
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "load", "RulesetError"]


def load(path):
    """Load, validate and compile a ruleset file; raises RulesetError with every diagnostic."""
    from interpreter.compiling.pipeline import load_ruleset

    return load_ruleset(path)


def __getattr__(name):
    if name == "RulesetError":
        from interpreter.base.diagnostics import RulesetError

        return RulesetError
    raise AttributeError(name)
