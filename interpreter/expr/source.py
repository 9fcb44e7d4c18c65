"""Where an expression's text came from: offsets inside it mapped back to file positions."""

from __future__ import annotations

from typing import Protocol

from interpreter.base.diagnostics import Span
from interpreter.base.records import dataclass


class SourceText(Protocol):
    """An expression's text and how its offsets map to the file it came from."""

    text: str

    def span_at(self, start: int, end: int) -> Span: ...


@dataclass(frozen=True)
class PlainSource:
    """A SourceText for tests and the REPL: the text starts at `line`:`col` of `file`."""

    text: str
    file: str = "<expr>"
    line: int = 1
    col: int = 1

    def span_at(self, start: int, end: int) -> Span:
        line, col = self._position(start)
        end_line, end_col = self._position(max(end, start))
        return Span(self.file, line, col, end_line, end_col)

    def _position(self, offset: int) -> tuple[int, int]:
        offset = max(0, min(offset, len(self.text)))
        newlines = self.text.count("\n", 0, offset)
        if newlines == 0:
            return self.line, self.col + offset
        return self.line + newlines, offset - self.text.rindex("\n", 0, offset)
