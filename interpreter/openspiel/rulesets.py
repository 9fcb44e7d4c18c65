"""Which rulesets are OpenSpiel games, under which short names and parameters.

Every shipped ruleset is registered when the package is imported, as
`cardrules_<id>`.  Registering needs only the file's id, seat count and
options, read from the merged YAML tree (fast); the ruleset is compiled when
the game is first loaded.  A ruleset loaded from a path is registered the same
way from its compiled form.  A ruleset that offers several numbers of players
(`players.choices`) has the parameter `players` (by default its `players.count`);
it is compiled once for each number a game is loaded with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.base.records import dataclass
from interpreter.base.resources import data_dir
from interpreter.compiling.pipeline import load_ruleset
from interpreter.loading.document import load_document

PREFIX = "cardrules_"


@dataclass(frozen=True)
class Entry:
    short_name: str
    long_name: str
    path: str
    players: int
    params: tuple[tuple[str, Any], ...]  # OpenSpiel parameters and their defaults, in order
    choices: tuple[int, ...] = ()  # players.choices: the numbers the parameter `players` may take
    players_param: bool = False  # the first parameter is `players` (players.choices, and no option of that name)


PLAYERS = "players"  # the parameter of a ruleset with players.choices
_COMPILED: dict[tuple[str, int], Any] = {}
REGISTERED: dict[str, Entry] = {}


def ruleset_for(entry: Entry, players: int | None = None) -> Any:
    """The entry's ruleset compiled for `players` seats (None: its players.count)."""
    players = entry.players if players is None else players
    rs = _COMPILED.get((entry.path, players))
    if rs is None:
        rs = _COMPILED[(entry.path, players)] = load_ruleset(entry.path, players=players)
    return rs


def param_default(type_name: str, default: Any) -> Any:
    """An option's default as an OpenSpiel parameter: int, float, bool or text (names, lists joined by commas)."""
    if isinstance(default, bool) or type_name == "bool":
        return bool(default)
    if type_name == "int" and isinstance(default, int):
        return int(default)
    if isinstance(default, float):
        return default
    if isinstance(default, (list, tuple, set, frozenset)):
        return ",".join(str(x) for x in default)
    return "" if default is None else str(default)


def _entry(short: str, long: str, path: str, players: int, choices: Any, options: list[tuple[str, str, Any]]) -> Entry:
    """An entry whose parameters are the options, and `players` first for a ruleset with
    players.choices (unless an option has that name)."""
    params = tuple((name, param_default(type_name, default)) for name, type_name, default in options)
    count_param = bool(choices) and all(name != PLAYERS for name, _type, _default in options)
    if count_param:
        params = ((PLAYERS, int(players)), *params)
    return Entry(short, long, path, int(players), params, tuple(sorted({int(n) for n in choices or ()})), count_param)


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("en") or next(iter(value.values()), ""))
    return str(value)


def entry_from_file(path: Path) -> Entry:
    """An entry read from the merged YAML tree (id, name, seat count, options), without compiling."""
    doc = load_document(path)
    doc.raise_if_errors()
    root: Any = doc.root
    rid = str(root.get("id") or path.stem)
    options = []
    for name, spec in (root.get("options") or {}).items():
        spec = spec if isinstance(spec, dict) else {"default": spec}
        type_name = str(spec.get("type", "int"))
        default = spec.get("default")
        if type_name == "int" and default is not None:
            default = int(default)
        options.append((str(name), type_name, default))
    players = root["players"]
    name = "cardrules " + _text(root.get("name") or rid)
    return _entry(PREFIX + rid, name, str(path), players["count"], players.get("choices"), options)


def entry_from_ruleset(rs: Any) -> Entry:
    options = []
    for name, opt in rs.options.items():
        default, values = opt.default, getattr(opt.type, "values", None)
        if isinstance(values, dict) and isinstance(default, int) and not isinstance(default, bool):
            default = next((k for k, v in values.items() if v == default), default)  # an enum by its name
        options.append((name, str(opt.type), default))
    players = rs.model.players
    name = "cardrules " + _text(rs.name)
    return _entry(PREFIX + rs.id, name, str(Path(rs.path)), players.default, players.choices, options)


def shipped_files() -> list[Path]:
    base = data_dir("rulesets")
    return sorted(base.glob("*.yaml")) + sorted((base / "variants").glob("*.yaml"))
