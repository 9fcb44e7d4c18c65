"""Reading a ruleset's hints for agents: how much each legal action is preferred.

`hints.prefer` gives an action kind an integer expression of `player` and
the action's parameter (see docs/language.md); `hints.deliberate`, where
given, replaces it when an agent deliberates its own move (the moves a
search compares, the policy agent's choice) rather than playing a playout.
Agents call this on the states they sample, never on the real game, so a
hint may read any zone without leaking anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine.program import Where
from interpreter.engine.state import PICK_KIND, Action, GameState
from interpreter.expr.runtime import next_epoch


def has_preferences(rs: Any) -> bool:
    """Whether the ruleset gives any action a preference."""
    return any(a.prefer is not None or a.deliberate is not None for a in rs.actions)


def preferences(st: GameState, actions: Sequence[Action], deliberate: bool = False) -> list[int]:
    """Each action's `hints.prefer` score for the seat to act (0 where the ruleset gives none, and for
    a pass); with `deliberate`, its `hints.deliberate` score where the ruleset gives one.  One pick
    towards a choice of several values scores as the choice of the values picked so far and it
    would (so a policy builds the choice the hint likes, value by value, and stops where the whole
    choice made so far scores best), 0 where the hint cannot judge so few values."""
    rs = st.rs
    vars_, fr = st.vars, st.fr
    saved = rs._scratch_get(vars_)
    scores = []
    fr.epoch = next_epoch()  # parts of a hint that do not read the parameter are computed once
    kind = fn = None  # the action being scored and its hint: an error names them
    try:
        vars_[rs.player_slot] = st.decider
        for a in actions:
            if a.kind == PICK_KIND:
                scores.append(_pick(st, a.value, deliberate))
                continue
            kind = rs.actions[a.kind] if a.kind >= 0 else None  # (a pass has no preference)
            fn = None if kind is None else kind.deliberate if deliberate else kind.prefer
            if kind is None or fn is None:
                scores.append(0)
                continue
            if kind.param_slot is not None:
                vars_[kind.param_slot] = a.value
            scores.append(fn(fr))
    except Exception as exc:  # a hint that fails is the ruleset's error, named as such
        which = "deliberate" if kind is not None and fn is not None and fn is not kind.prefer else "prefer"
        raise st.failed(exc, Where(f"hints.{which} of '{kind.name if kind is not None else ''}'")) from None
    finally:
        fr.epoch = 0
        for slot, value in zip(rs.scratch_slots, saved):
            vars_[slot] = value
    return scores


def _pick(st: GameState, pick: tuple, deliberate: bool) -> int:
    """A pick's score: its choice's hint on the values picked so far and this one (0 without a hint,
    or where the hint fails on a choice that is not whole yet: `cards[2]` of two cards)."""
    k, value = pick
    kind = st.rs.actions[k]
    fn = kind.deliberate if deliberate else kind.prefer
    if fn is None:
        return 0
    chosen = st.selection[1] if st.selection is not None else ()
    st.vars[kind.param_slot] = tuple(sorted((*chosen, value)))
    try:
        return fn(st.fr)
    except Exception:
        return 0
