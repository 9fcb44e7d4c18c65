"""Dead rules: a phase no step runs and an action no decision offers.

Phases are compiled where a `phase:` step inlines them, so a phase nothing runs is never checked at
all (a typo in it goes unnoticed), and an action no turn or claim lists can never be chosen: both are
most often a step or a list entry the author forgot, so `validate` warns of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag
from interpreter.model import Model, Step


def warn_unreached(model: Model, bag: DiagnosticBag, phases_run: Set[str], offered: Set[int]) -> None:
    """Warn of each phase not in `phases_run` and each action (by index) not in `offered`."""
    for name in model.phases:
        if name not in phases_run:
            bag.warning(
                f"phase '{name}' is never run: no `phase: {name}` step reaches it",
                model.phase_spans.get(name),
                f"run it from the flow (`- phase: {name}`) or remove it; its steps are not checked until a"
                " step runs it",
            )
    for i, action in enumerate(model.actions):
        if i not in offered:
            bag.warning(
                f"action '{action.name}' is never offered: no turn or claim lists it in its `actions`",
                action.span,
                "add it to the `actions` of a turn or claim, or remove it",
            )


def may_leave(steps: Sequence[Step], phases: Mapping[str, Any], seen: frozenset = frozenset()) -> bool:
    """Whether a loop's steps may leave it or wait for a decision (a `break`, `end_game`, `turn` or
    `claim`, in them or in a phase they run, looked into once): else a `repeat` whose test never
    changes cannot end."""
    for s in steps:
        if s.kind in ("break", "end_game", "turn", "claim"):
            return True
        if s.kind == "phase" and isinstance(s.value, str) and s.value in phases and s.value not in seen:
            if may_leave(phases[s.value], phases, seen | {s.value}):
                return True
        if any(may_leave(b, phases, seen) for b in s.bodies()):
            return True
    return False
