"""The validation pipeline: load -> schema -> model -> compile, as diagnostics.

A file with schema errors still goes on: its tree is mended (checking/repair.py)
and compiled, so its other problems are reported in the same run.

`check_file` never raises for bad user input; `load_ruleset` raises
`RulesetError` carrying every diagnostic.  Both are what the CLI, the public
`interpreter.load` and the tests use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from interpreter.base.diagnostics import Diagnostic, DiagnosticBag, RulesetError
from interpreter.base.records import dataclass, field
from interpreter.compiling.counts import PlayerCountError, check_count, other_counts, player_counts, short_game
from interpreter.compiling.counts import diagnostic_key as _key

__all__ = ["PlayerCountError", "Report", "check_count", "check_file", "check_text", "load_ruleset", "player_counts"]


@dataclass
class Report:
    """What validating one file found, with the texts needed to render it."""

    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    ruleset: Any = None

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


def check_file(
    path: str | Path,
    options: Mapping[str, Any] | None = None,
    profile: Any = None,
    players: int | None = None,
    every_count: bool = True,
    play: bool = False,
) -> Report:
    """Validate a ruleset file completely; the compiled ruleset is kept when valid (with its
    expressions metered into `profile`, an expr.profile.Profile, when one is given).

    A ruleset with players.choices is compiled for its players.count, and with `every_count` (the
    default) also for every other choice, with a short random game of each, reporting what only
    some counts have (compiling/counts.py).  `players`: compile for that number of seats only (one
    of the choices; PlayerCountError for another).  `play`: a ruleset of one count plays a short
    random game as well (as `cardrules validate` does), so a flow that fails at once is reported."""
    from interpreter.expr.treecache import kept
    from interpreter.loading import load_document

    doc = load_document(path)
    if doc.root is None:  # (nothing to compile)
        return _check_document(str(path), doc, profile, players, every_count, play)
    with kept(path):  # its expressions' trees, kept from the last time it compiled (expr/treecache.py)
        return _check_document(str(path), doc, profile, players, every_count, play)


def check_text(text: str, filename: str = "<text>") -> Report:
    """Validate ruleset text that is not (yet) a file, e.g. in tests or an editor."""
    from interpreter.loading import parse_text

    return _check_document(filename, parse_text(text, filename))


def _check_document(
    name: str,
    doc: Any,
    profile: Any = None,
    players: int | None = None,
    every_count: bool = True,
    play: bool = False,
) -> Report:
    from interpreter.checking.schema import check_structure
    from interpreter.compiling.assemble import compile_ruleset
    from interpreter.model import build_model

    report = Report(name, sources=dict(doc.sources))
    bag = DiagnosticBag()
    bag.extend(doc.diagnostics)
    if bag.has_errors or doc.root is None:
        report.diagnostics = bag.sorted()
        return report
    bag.extend(check_structure(doc.root))
    if bag.has_errors:
        known = {_key(d) for d in bag.items}
        bag.extend(d for d in _beyond_structure(doc.root, name, report.sources) if _key(d) not in known)
        report.diagnostics = bag.sorted()
        return report
    if players is not None:
        check_count(doc.root, players)
    model = build_model(doc.root, bag, players)
    ruleset = compile_ruleset(model, bag, path=name, sources=report.sources, profile=profile)
    if every_count and players is None and model.players.choices:
        bag.extend(other_counts(doc.root, name, report.sources, bag.sorted(), ruleset))
    elif play and players is None and ruleset is not None and not bag.has_errors:
        failure = short_game(ruleset)  # (a ruleset with choices plays one for each in other_counts)
        if failure is not None:
            bag.add(failure)
    report.diagnostics = bag.sorted()
    if report.ok:
        report.ruleset = ruleset
    return report


def _beyond_structure(root: Any, name: str, sources: Mapping[str, str]) -> list[Diagnostic]:
    """A file's problems besides its schema errors: what the later stages report on both mended
    trees (checking/repair.py), so nothing that depends on how the broken parts were mended."""
    from interpreter.checking.repair import mended
    from interpreter.compiling.assemble import compile_ruleset
    from interpreter.model import build_model

    found: list[list[Diagnostic]] = []
    words: set[str] = set()
    for variant in (0, 1):
        mend = mended(root, variant)
        if mend is None:
            return []
        tree, dropped = mend
        words |= dropped
        bag = DiagnosticBag()
        try:
            compile_ruleset(build_model(tree, bag), bag, path=name, sources=sources, mended=True)
        except Exception:  # a stand-in the later stages cannot take: the schema errors stand alone
            return []
        found.append(bag.sorted())
    both = {_key(d) for d in found[1]}
    return [d for d in found[0] if _key(d) in both and not words & set(_QUOTED.findall(d.message))]


_QUOTED = re.compile(r"'([^']+)'")


def load_ruleset(path: str | Path, players: int | None = None) -> Any:
    """The compiled ruleset of a valid file, for `players` seats (one of its players.choices; by
    default players.count); raises RulesetError for an invalid file, PlayerCountError for a number
    of players it is not played by."""
    report = check_file(path, players=players, every_count=False)
    if not report.ok:
        raise RulesetError([d for d in report.diagnostics if d.severity == "error"], report.sources)
    return report.ruleset
