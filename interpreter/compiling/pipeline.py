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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.base.diagnostics import Diagnostic, DiagnosticBag, RulesetError


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


def check_file(path: str | Path, options: Mapping[str, Any] | None = None, profile: Any = None) -> Report:
    """Validate a ruleset file completely; the compiled ruleset is kept when valid (with its
    expressions metered into `profile`, an expr.profile.Profile, when one is given)."""
    from interpreter.loading import load_document

    doc = load_document(path)
    return _check_document(str(path), doc, profile)


def check_text(text: str, filename: str = "<text>") -> Report:
    """Validate ruleset text that is not (yet) a file, e.g. in tests or an editor."""
    from interpreter.loading import parse_text

    return _check_document(filename, parse_text(text, filename))


def _check_document(name: str, doc: Any, profile: Any = None) -> Report:
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
    model = build_model(doc.root, bag)
    ruleset = compile_ruleset(model, bag, path=name, sources=report.sources, profile=profile)
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
            compile_ruleset(build_model(tree, bag), bag, path=name, sources=sources, whole=False)
        except Exception:  # a stand-in the later stages cannot take: the schema errors stand alone
            return []
        found.append(bag.sorted())
    both = {_key(d) for d in found[1]}
    return [d for d in found[0] if _key(d) in both and not words & set(_QUOTED.findall(d.message))]


_QUOTED = re.compile(r"'([^']+)'")


def _key(d: Diagnostic) -> tuple:
    span = d.span
    return (d.message, span.file, span.line, span.col) if span else (d.message,)


def load_ruleset(path: str | Path) -> Any:
    """The compiled ruleset of a valid file; raises RulesetError otherwise."""
    report = check_file(path)
    if not report.ok:
        raise RulesetError([d for d in report.diagnostics if d.severity == "error"], report.sources)
    return report.ruleset
