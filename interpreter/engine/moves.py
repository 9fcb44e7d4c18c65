"""A move of the public game API: `Action` (an action kind and its value, its text made when
asked for), `IllegalAction`, and how people's typing of a move is compared (`normalize`)."""

from __future__ import annotations

from typing import Any

PASS_KIND = -1  # the answer "no claim" in a claim window
PICK_KIND = -5  # one value of a choice of several (value: (action kind, value)); see engine/choices.py


class IllegalAction(Exception):
    """An action that is not legal now; the message says why, with the rule id."""


class Action:
    """A legal move: an action kind of the ruleset and its parameter value.

    Its string form (`play blue-9`) is made only when asked for, since search
    agents create many actions and read few texts.
    """

    __slots__ = ("kind", "value", "_text", "_rs")

    def __init__(self, kind: int, value: Any, text: str | None = None, rs: Any = None):
        self.kind, self.value, self._text, self._rs = kind, value, text, rs

    @property
    def text(self) -> str:
        if self._text is None:
            if self.kind == PICK_KIND:
                self._text = self._rs.pick_text(self.value)
            else:
                self._text = self._rs.action_text(self._rs.actions[self.kind], self.value)
        return self._text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.kind == other.kind and self.value == other.value
        return isinstance(other, str) and normalize(other) == normalize(self.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.value))


class Made(dict):
    """The Actions of one action kind by value, made on first use (`made[value]`) and shared by
    every state (an Action never changes); at most 4,096 are kept.  Generated legality code
    (engine/fuse.py) lists them by value directly; `rs` is set by the ruleset that owns them."""

    __slots__ = ("kind", "rs")

    def __init__(self, kind: int, rs: Any = None):
        super().__init__()
        self.kind, self.rs = kind, rs

    def __missing__(self, value: Any) -> Action:
        if len(self) >= 4096:
            self.clear()
        a = self[value] = Action(self.kind, value, None, self.rs)
        return a

    def __reduce__(self) -> tuple:  # (pickled for worker processes: its Actions are made again there)
        return (Made, (self.kind, self.rs))


def normalize(text: str) -> str:
    """Action text as typed by people: any case, '-', '_' or spaces between words; a '-' before the
    digits of a word is its sign (`adjust -2` is not `adjust 2`)."""
    words: list[str] = []
    for word in text.strip().lower().replace("_", "-").split():
        sign = "-" if word[:1] == "-" and word[1:2].isdigit() else ""
        parts = (word[1:] if sign else word).replace("-", " ").split()
        if parts:
            parts[0] = sign + parts[0]
        words.extend(parts)
    return " ".join(words)
