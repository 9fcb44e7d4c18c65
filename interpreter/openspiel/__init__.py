"""OpenSpiel: any ruleset as a pyspiel game (a front end for OpenSpiel's algorithms).

May import: base, loading, engine, compiling, agents.

Importing this package imports `pyspiel` (the extra `cardrules[openspiel]`
installs it) and registers every shipped ruleset by short name, so that
`pyspiel.load_game("cardrules_<id>")` works; `load_game` also takes a path.
Nothing else in cardrules imports this package or pyspiel.  docs/openspiel.md
says how actions, observations and chance are laid out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

try:
    import pyspiel  # noqa: F401  (the game classes below subclass its types)
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError("the OpenSpiel adapter needs open_spiel: pip install 'cardrules[openspiel]'") from exc

from interpreter.openspiel.actions import INT_HIGH, INT_LOW, ActionIndex
from interpreter.openspiel.game import register_shipped
from interpreter.openspiel.rulesets import PREFIX, REGISTERED

SHIPPED = register_shipped()


def load_game(path_or_name: str | Path, **options: Any) -> Any:
    """A pyspiel game for a ruleset: a shipped name (`mygame`, `cardrules_mygame`) or a file's path.

    `options` are the ruleset's options (`deals=1`) and `rng_seed`, the seed of the game's stream
    of deals (0 by default; -1 for a random one).
    """
    import pyspiel

    from interpreter.compiling.pipeline import load_ruleset
    from interpreter.openspiel.game import register
    from interpreter.openspiel.rulesets import entry_from_ruleset

    name = str(path_or_name)
    short = name if name.startswith(PREFIX) else PREFIX + Path(name).stem
    path = Path(name)
    if not (path.suffix in (".yaml", ".yml") or path.exists()):
        if short not in REGISTERED:
            raise ValueError(f"no shipped ruleset '{name}'; shipped: {', '.join(sorted(REGISTERED))}")
        return pyspiel.load_game(short, options)
    entry = entry_from_ruleset(load_ruleset(path))
    register(entry)
    return pyspiel.load_game(entry.short_name, options)


__all__ = ["ActionIndex", "INT_HIGH", "INT_LOW", "SHIPPED", "load_game"]
