"""Texts every seat sees must not show what only some may know.

Status lines, a decision's `prompt` and `announce` texts go to every seat
(docs/language.md); a placeholder in one that reads a variable whose
`visibility` is `owner` or `none`, directly or through ruleset functions,
would show it to everybody.  `PublicTexts.check` warns where one does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.compiling.messages import placeholder_expressions
from interpreter.expr import DEFAULT_LIMITS
from interpreter.expr.ast import free_names
from interpreter.expr.parse import parse
from interpreter.expr.source import PlainSource


def _names(text: str) -> set[str]:
    """The free names of one expression's text (none where it does not parse: compiling says why)."""
    source: Any = PlainSource(text)
    tree, _diags = parse(source, DEFAULT_LIMITS)
    return free_names(tree) if tree is not None else set()


class PublicTexts:
    """The hidden variables of one ruleset, and the functions that read them (however deep)."""

    def __init__(self, model: Any):
        self.hidden = {v.name: v.visibility for v in model.variables if v.visibility != "all"}
        bodies = {f.name: _names(str(f.value)) for f in model.functions if f.value is not None}
        self.reads: dict[str, str] = {}  # a function's name -> a hidden variable it reads
        changed = True
        while changed:  # functions calling functions: until nothing more is found
            changed = False
            for name, used in bodies.items():
                if name in self.reads:
                    continue
                found = next((self.hidden_read(n) for n in sorted(used) if self.hidden_read(n)), None)
                if found is not None:
                    self.reads[name] = found
                    changed = True

    def hidden_read(self, name: str) -> str | None:
        """The hidden variable a name reads: itself, or one a function of that name reads."""
        return name if name in self.hidden else self.reads.get(name)

    def check(self, bag: Any, value: Any, span: Any, what: str, whole: bool = False) -> None:
        """Warn where a text (one string or a language mapping; `whole`: an expression, not a
        template) shows a hidden variable to every seat."""
        if not self.hidden or value is None:
            return
        items = value.values() if isinstance(value, Mapping) else (value,)
        for text in items:
            for expr in [str(text)] if whole else placeholder_expressions(str(text)):
                for name in sorted(_names(expr)):
                    hidden = self.hidden_read(name)
                    if hidden is not None:
                        via = "" if hidden == name else f" (through '{name}')"
                        bag.warning(
                            f"{what} is shown to every seat, and it reads '{hidden}'{via}, which is visible"
                            f" to {'its owner only' if self.hidden[hidden] == 'owner' else 'nobody'}",
                            span,
                            "tell it in an event to the seats that may know it (`to: [player]`), or make the"
                            " variable `visibility: all`",
                        )
                        return


def check_public(c: Any, value: Any, span: Any, what: str, whole: bool = False) -> None:
    """`PublicTexts.check` with the ruleset's compiler `c` (which keeps the look-up of what is hidden)."""
    found = getattr(c, "public_texts", None)
    if found is None:
        found = c.public_texts = PublicTexts(c.model)
    found.check(c.bag, value, span, what, whole)
