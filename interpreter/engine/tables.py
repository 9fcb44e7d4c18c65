"""The parts a compiled ruleset is made of: bounds on play, actions with their restrictions, zones and variables.

`engine/ruleset.py` puts them together into a `Ruleset` (and re-exports them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.records import dataclass, field
from interpreter.engine.program import PAUSE, Instr


@dataclass(frozen=True, slots=True)
class EngineLimits:
    """Bounds on play, each with a message when hit (see docs/language.md)."""

    steps_between_decisions: int = 2_000_000
    decisions_per_game: int = 1_000_000
    steps_per_game: int = 100_000_000
    work_per_decision: int = 50_000_000  # elements visited or built by all evaluations of one decision
    work_per_game: int = 1_000_000_000
    messages_per_game: int = 50_000  # `announce` messages
    message_length: int = 1_000  # characters of one message (in each language)
    story_length: int = 1_000_000  # parts and characters of all the messages of one game, together
    records_per_game: int = 10_000  # `record` steps (one per deal, in most games)


@dataclass(frozen=True, slots=True)
class Restriction:
    rule: Any
    # A compiled function of a frame, or None for a rule without `when`.  Any, not `Callable | None`:
    # the hot loops call it behind `when_fixed` (which implies a `when`), a link mypy cannot follow.
    when: Any
    require: Callable
    when_fixed: bool = False  # `when` does not read the action's parameter: test it once per decision
    require_fixed: bool = False  # nor does `require`
    when_src: Any = field(default=None, repr=False, compare=False)  # their Python text (engine/fuse.py)
    require_src: Any = field(default=None, repr=False, compare=False)
    test: Callable = field(init=False, repr=False, compare=False)  # per candidate, once `when_fixed` held

    def __post_init__(self) -> None:
        when, require = self.when, self.require
        if self.when_fixed or when is None:
            test = require
        else:

            def test(fr: Any) -> bool:
                return not when(fr) or require(fr)

        object.__setattr__(self, "test", test)


@dataclass(frozen=True, slots=True)
class CompiledAction:
    """One action kind: its parameter, restrictions and effect program."""

    index: int
    name: str
    rule: Any
    label: Any
    param_slot: int | None
    # The compiled candidates of the parameter, None without one.  Any, not `Callable | None`: it is
    # called behind `param_slot is not None`, a link mypy cannot follow.
    param_from: Any
    param_kind: str | None  # 'card', 'enum', 'int', 'seat' (an int read as a seat) ... how values are written
    available: Callable | None
    restrictions: tuple[Restriction, ...]
    effect: tuple[Instr, ...]
    fused: Callable | None = field(default=None, repr=False, compare=False)  # engine/fuse.py: legal actions
    made: Any = field(default=None, repr=False, compare=False)  # the Actions `fused` lists (moves.Made)
    count: tuple[int, int] | None = None  # (min, max) values chosen at once (engine/choices.py), else None
    effect_run: Callable | None = field(default=None, repr=False, compare=False)  # the effect written as Python
    partial: Callable | None = field(default=None, repr=False, compare=False)  # `partial_if`
    prefer: Callable | None = field(default=None, repr=False, compare=False)  # hints.prefer (engine/hints.py)
    deliberate: Callable | None = field(default=None, repr=False, compare=False)  # hints.deliberate, else prefer


@dataclass(frozen=True, slots=True)
class ZoneInfo:
    name: str
    per: str
    visibility: str
    groups: bool
    base: int
    label: Any
    sort: Callable | None
    show: str = "cards"


@dataclass(frozen=True, slots=True)
class VarInfo:
    name: str
    slot: int
    per: str
    visibility: str
    type_name: str
    initial: Any


class Return(Instr):
    """Ends an action's effect program."""

    __slots__ = ()

    def run(self, st: Any) -> int:
        return PAUSE
