"""Why a decision has no legal action: for the author of the ruleset, what kept each action out."""

from __future__ import annotations

from collections import Counter
from typing import Any


def why_no_action(rs: Any, st: Any) -> str:
    """For the author of a ruleset whose decision has no legal action: what kept each action out (its
    `available_if`, an empty `param.from`, or the restrictions that refused its values, by rule)."""
    kinds = getattr(rs.program[st.pc], "actions", ())
    saved = st.vars[:]
    parts = []
    try:
        for k in kinds:
            act = rs.actions[k]
            st.vars[rs.player_slot] = st.decider
            if act.available is not None and not act.available(st.fr):
                parts.append(f"{act.name}: its available_if does not hold")
                continue
            failing = [r for _, r in rs._options_for(st, act, st.decider)]
            refused = Counter(act.restrictions.index(r) if r is not None else -1 for r in failing)
            if not refused:
                parts.append(f"{act.name}: its param.from, {rs.model.actions[k].param_from}, gives no value")
            elif -1 in refused:  # a value that keeps every restriction: a choice of several that cannot be made
                parts.append(f"{act.name}: no choice of {act.count} values keeps its restrictions")
            else:
                why = [f"{n} by {_restriction_words(act, i)}" for i, n in refused.most_common()]
                which = "1 value, refused" if len(failing) == 1 else f"{len(failing)} values, each refused"
                parts.append(f"{act.name}: {which} by the first rule it breaks: " + ", ".join(why))
    except Exception:  # the rules that failed to list the actions may fail here too: say no more
        return ""
    finally:
        st.vars[:] = saved
    return "; ".join(parts)


def _restriction_words(act: Any, i: int) -> str:
    """The i-th restriction of an action as its author wrote it: rule id and text, or its place."""
    rule = act.restrictions[i].rule
    text = rule.text.get("en") if rule is not None else ""
    if rule is not None and rule.id:
        return f"{rule.id} ({text})" if text else rule.id
    return f"'{text}'" if text else f"legal_if {i + 1} of '{act.name}'"
