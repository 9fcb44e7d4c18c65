"""Why a decision has no legal action: for the author of the ruleset, what kept each action out."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, islice
from typing import Any


def why_no_action(rs: Any, st: Any) -> str:
    """For the author of a ruleset whose decision has no legal action: what kept each action out (its
    `available_if`, an empty `param.from`, or the restrictions that refused its values, by rule)."""
    kinds = getattr(rs.program[st.pc], "actions", ())
    saved = st.vars[:]
    parts = []
    for k in kinds:
        act = rs.actions[k]
        st.vars[rs.player_slot] = st.decider
        try:
            if act.available is not None and not act.available(st.fr):
                parts.append(f"{act.name}: its available_if does not hold")
            elif act.count is not None:  # a choice of several: its values are judged as choices
                parts.append(_why_no_choice(rs, st, act, rs.model.actions[k].param_from))
            else:
                parts.append(_why_no_value(rs, st, act, rs.model.actions[k].param_from))
        except Exception:  # the rules that failed to list the action may fail here too: say no more of it
            continue
        finally:
            st.vars[:] = saved
    return "; ".join(parts)


def _why_no_value(rs: Any, st: Any, act: Any, source: Any) -> str:
    failing = [r for _, r in rs._options_for(st, act, st.decider)]
    refused = Counter(act.restrictions.index(r) if r is not None else -1 for r in failing)
    if not refused:
        return f"{act.name}: its param.from, {source}, gives no value"
    why = [f"{n} by {_restriction_words(act, i)}" for i, n in refused.most_common()]
    which = "1 value, refused" if len(failing) == 1 else f"{len(failing)} values, each refused"
    return f"{act.name}: {which} by the first rule it breaks: " + ", ".join(why)


TRIED = 500  # choices of several judged to say which rules refuse them


def _why_no_choice(rs: Any, st: Any, act: Any, source: Any) -> str:
    """Why no choice of several values of `act` can be made: too few values, or the rules that refuse
    the choices (judged whole, as the engine judges them, over the first TRIED of them)."""
    chooser = rs.chooser(st, act, st.decider)
    values = sorted(chooser.pool.elements())
    if len(values) < chooser.low:
        return f"{act.name}: its param.from, {source}, gives {len(values)} values, and a choice needs {chooser.low}"
    refused: Counter = Counter()
    tried = 0
    for size in range(chooser.low, min(chooser.high, len(values)) + 1):
        for whole in islice(sorted(set(combinations(values, size))), TRIED - tried):
            rule = chooser.failing(whole)
            if rule is not None:
                refused[act.restrictions.index(rule)] += 1
            tried += 1
    why = ", ".join(f"{n} by {_restriction_words(act, i)}" for i, n in refused.most_common())
    first = f"the first {tried} choices" if tried >= TRIED else "1 choice" if tried == 1 else f"{tried} choices"
    refusal = "refused" if tried == 1 else "each refused"
    return (
        f"{act.name}: no choice of {_count_words(chooser)} values keeps its restrictions "
        f"({first}, {refusal} by the first rule it breaks: {why})"
    )


def _count_words(chooser: Any) -> str:
    return str(chooser.low) if chooser.low == chooser.high else f"{chooser.low} to {chooser.high}"


def _restriction_words(act: Any, i: int) -> str:
    """The i-th restriction of an action as its author wrote it: rule id and text, or its place."""
    rule = act.restrictions[i].rule
    text = rule.text.get("en") if rule is not None else ""
    if rule is not None and rule.id:
        return f"{rule.id} ({text})" if text else rule.id
    return f"'{text}'" if text else f"legal_if {i + 1} of '{act.name}'"
