"""Where the shipped grammar and rulesets live, installed or in a checkout.

A wheel carries `grammar/` and `rulesets/` inside the package as `_data/`;
a source checkout (or an editable install) has them beside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # interpreter/, the import package


@cache
def data_dir(name: str) -> Path:
    """The folder `grammar` or `rulesets`, wherever this installation keeps it."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cardrules installation is missing its '{name}' folder")


def grammar_file(filename: str) -> Path:
    return data_dir("grammar") / filename


def shipped_ruleset(name: str) -> Path | None:
    """A shipped ruleset by short name (`mygame`, `variants/short`), if any."""
    if not name or name.startswith(("/", "\\")) or ".." in name.replace("\\", "/").split("/"):
        return None  # only names inside the shipped folder
    try:
        base = data_dir("rulesets")
    except FileNotFoundError:
        return None
    for candidate in (base / name, base / f"{name}.yaml"):
        if candidate.is_file():
            return candidate
    if "/" not in name:  # a variant by its own name: `hachinin_meri_short` is variants/hachinin_meri_short
        found = sorted(p for p in base.rglob(f"{name}.yaml") if p.is_file())
        if len(found) == 1:
            return found[0]
    return None


def shipped_names() -> list[str]:
    """The names of the shipped rulesets, as `cardrules play NAME` takes them (variants by their own name)."""
    try:
        base = data_dir("rulesets")
    except FileNotFoundError:
        return []
    stems = sorted(p.stem for p in base.rglob("*.yaml"))
    return [s for s in stems if stems.count(s) == 1]
