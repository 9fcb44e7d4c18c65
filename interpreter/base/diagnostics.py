"""One diagnostic format for every stage: `file:line:col: severity: message`.

Every error a user can cause (YAML, schema, names, expressions, flow, saves)
becomes a `Diagnostic` with a `Span`; `render` prints the source line, a caret
and a hint, `as_json` gives the same facts to editors and CI.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from interpreter.base.records import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a source file; lines and columns count from 1."""

    file: str
    line: int
    col: int
    end_line: int = 0
    end_col: int = 0

    def sort_key(self) -> tuple[str, int, int]:
        return (self.file, self.line, self.col)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a user's file."""

    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"

    def sort_key(self) -> tuple[str, int, int]:
        return self.span.sort_key() if self.span else ("", 0, 0)

    def as_json(self) -> dict:
        span = self.span
        return {
            "file": span.file if span else None,
            "line": span.line if span else None,
            "column": span.col if span else None,
            "end_line": (span.end_line or span.line) if span else None,
            "end_column": (span.end_col or span.col) if span else None,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


class RulesetError(Exception):
    """Raised when a ruleset cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: Sequence[Diagnostic], sources: dict[str, str] | None = None):
        self.diagnostics = list(diagnostics)
        self.sources = dict(sources or {})
        first = self.diagnostics[0] if self.diagnostics else None
        super().__init__(format_one_line(first) if first else "invalid ruleset")

    def render(self, color: bool = False) -> str:
        return render_all(self.diagnostics, self.sources, color=color)


@dataclass
class DiagnosticBag:
    """Collects diagnostics while a stage keeps going after the first error."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, message: str, span: Span | None = None, hint: str | None = None) -> None:
        self.items.append(Diagnostic(message, span, hint))

    def warning(self, message: str, span: Span | None = None, hint: str | None = None) -> None:
        self.items.append(Diagnostic(message, span, hint, "warning"))

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        """In file order; duplicates (same place and message) dropped."""
        seen: set[tuple] = set()
        out = []
        for d in sorted(self.items, key=Diagnostic.sort_key):
            key = (d.sort_key(), d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
        return out


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest candidate, or None when nothing is close."""
    names = sorted({c for c in candidates if isinstance(c, str)})
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if not close and name.lower() != name:
        close = [c for c in names if c.lower() == name.lower()][:1]
    return f"did you mean '{close[0]}'?" if close else None


def allowed_values_hint(values: Iterable[str], limit: int = 12) -> str:
    vals = sorted({str(v) for v in values})
    shown = ", ".join(f"'{v}'" for v in vals[:limit])
    more = f", ... ({len(vals) - limit} more)" if len(vals) > limit else ""
    return f"expected one of: {shown}{more}"


def format_one_line(d: Diagnostic) -> str:
    if d.span is None:
        return f"{d.severity}: {d.message}"
    s = d.span
    return f"{s.file}:{s.line}:{s.col}: {d.severity}: {d.message}"


_COLORS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "hint": "\x1b[36m", "caret": "\x1b[1;32m"}
_RESET = "\x1b[0m"


def render(d: Diagnostic, source: str | None = None, color: bool = False) -> str:
    """The full text of one diagnostic: header, source line with caret, hint."""

    def paint(kind: str, text: str) -> str:
        return f"{_COLORS[kind]}{text}{_RESET}" if color else text

    head = format_one_line(d)
    if color:
        head = head.replace(f"{d.severity}:", paint(d.severity, f"{d.severity}:"), 1)
    lines = [head]
    if d.span is not None and source is not None:
        text_lines = source.splitlines()
        if 1 <= d.span.line <= len(text_lines):
            src = text_lines[d.span.line - 1].replace("\t", " ")
            gutter = f"{d.span.line:>5} | "
            lines.append(gutter + src)
            width = 1
            if d.span.end_line == d.span.line and d.span.end_col > d.span.col:
                width = d.span.end_col - d.span.col
            width = max(1, min(width, len(src) - d.span.col + 2))
            pad = " " * (len(gutter) - 2) + "| " + " " * (d.span.col - 1)
            lines.append(pad + paint("caret", "^" + "~" * (width - 1)))
    if d.hint:
        lines.append("  " + paint("hint", "hint:") + " " + d.hint)
    return "\n".join(lines)


def render_all(diags: Sequence[Diagnostic], sources: dict[str, str], color: bool = False) -> str:
    return "\n".join(render(d, sources.get(d.span.file) if d.span else None, color) for d in diags)
