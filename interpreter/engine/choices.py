"""Choosing several values in one decision (pass three cards, capture a group, play a set).

The seat picks the values one by one, then plays the choice as a whole:
while it chooses, the legal actions are the picks that can still end in a
legal choice and, once the values chosen so far are a legal choice, the
choice itself.  So the action space stays small (a pick per value, never a
move per combination), every front end and agent handles it like any other
decision, and no seat is ever led into a choice that cannot be completed.

Whether a partial choice can be completed is found by a search over the
values left, remembered per partial choice within one listing and cut short
where the ruleset's `partial_if` says a partial choice is hopeless.  The
search is bounded (`MAX_NODES`); past the bound the ruleset gets an error
asking for a `partial_if`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations, islice
from typing import Any

from interpreter.base.i18n import _
from interpreter.engine.program import FlowError
from interpreter.engine.state import PICK_KIND, Action, IllegalAction, normalize

MAX_NODES = 50_000  # partial choices looked at in one listing of the legal picks


class Chooser:
    """The legal picks and the legal whole choice of one action, for the seat that decides now."""

    def __init__(self, rs: Any, st: Any, act: Any, seat: int):
        self.rs, self.st, self.act = rs, st, act
        fr, vars_ = st.fr, st.vars
        vars_[rs.player_slot] = seat
        self.low, self.high = act.count
        self.pool = Counter(act.param_from(fr)) if act.available is None or act.available(fr) else Counter()
        self.active = [r for r in act.restrictions if not r.when_fixed or r.when(fr)]
        self.known: dict[tuple, bool] = {}
        self.nodes = 0

    def _set(self, chosen: tuple) -> None:
        self.st.vars[self.act.param_slot] = chosen

    def hopeful(self, chosen: tuple) -> bool:
        """The ruleset's `partial_if` (true when there is none)."""
        if self.act.partial is None:
            return True
        self._set(chosen)
        return bool(self.act.partial(self.st.fr))

    def failing(self, chosen: tuple) -> Any:
        """The restriction a whole choice breaks, None when it is legal (count included)."""
        self._set(chosen)
        fr = self.st.fr
        for r in self.active:
            if not r.test(fr):
                return r
        return None

    def legal(self, chosen: tuple) -> bool:
        return self.low <= len(chosen) <= self.high and self.failing(chosen) is None

    def left(self, chosen: tuple) -> list:
        """The distinct values that can still be added (the pool less what is chosen)."""
        used = Counter(chosen)
        return sorted(v for v, n in self.pool.items() if n > used[v])

    def completable(self, chosen: tuple) -> bool:
        """Whether some legal choice contains `chosen` (a sorted tuple)."""
        known = self.known.get(chosen)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise FlowError(
                f"choosing values for '{self.act.name}' has too many possibilities to check "
                f"(more than {MAX_NODES} partial choices)",
                None,
            )
        found = self.legal(chosen)
        if not found and len(chosen) < self.high:
            for v in self.left(chosen):
                more = tuple(sorted((*chosen, v)))
                if self.open(more):
                    found = True
                    break
        self.known[chosen] = found
        return found

    def open(self, chosen: tuple) -> bool:
        """`hopeful` and `completable`, each partial choice judged once (it is reached from each of
        the choices one value smaller)."""
        known = self.known.get(chosen)
        if known is None:
            known = self.hopeful(chosen) and self.completable(chosen)
            self.known[chosen] = known
        return known

    def offers(self, chosen: tuple) -> tuple[list, bool]:
        """(the values that may be picked next, whether `chosen` itself is a legal whole choice)."""
        if not self.pool and not chosen and self.low > 0:
            return [], False
        picks = []
        if len(chosen) < self.high:
            for v in self.left(chosen):
                more = tuple(sorted((*chosen, v)))
                if self.open(more):
                    picks.append(v)
        return picks, self.legal(chosen)


Words = Callable[[str], str] | None  # writes an action's text as the reader sees it (cards by name)


def value_words(words: Words, name: str, text: str) -> str:
    """A value of the action `name` as the reader knows it (`words` writes a whole action's text;
    without it, or where it does not begin with the action's label, the value's own text)."""
    if words is None:
        return text
    label, full = words(name), words(f"{name} {text}")
    return full[len(label) + 1 :] if full.startswith(label + " ") else text


def explain_whole(
    rs: Any, st: Any, act: Any, values: list, refusal: Callable[[Any], str], words: Words = None
) -> str | None:
    """Why a whole choice is not legal now, naming the first value that cannot be part of it (None: it is)."""
    chooser = Chooser(rs, st, act, st.decider)
    chosen: tuple = tuple(sorted(st.selection[1])) if st.selection is not None else ()
    named = words(act.name) if words is not None else act.name

    def shown(v: Any) -> str:
        return value_words(words, act.name, rs.value_text(act, v))

    def cannot(v: Any, others: Any, reason: str) -> str:
        """`v` cannot join a legal choice (with `others`), and why."""
        if not others:
            return _("'{value}' cannot be part of a legal choice for '{action}'", value=shown(v), action=named) + reason
        return (
            _(
                "'{value}' cannot be part of a legal choice for '{action}' with {chosen}",
                value=shown(v),
                action=named,
                chosen=", ".join(shown(c) for c in others),
            )
            + reason
        )

    whole = tuple(sorted((*chosen, *values)))
    held = _within(chooser.pool, whole)  # every value named is there to choose
    if held and len(whole) > chooser.high:
        return _("'{action}' takes at most {n}", action=named, n=chooser.high)
    # the rule the whole choice as named breaks, where it is one (not a rule a part alone would break)
    breaks = chooser.failing(whole) if held and chooser.low <= len(whole) else None
    blamed = _blamed(chooser, whole, breaks) if breaks is not None else None
    if blamed is not None:  # the one value whose leaving out mends the rule the whole breaks
        others = list(whole)
        others.remove(blamed)
        return cannot(blamed, others, ": " + refusal(breaks))
    for v in sorted(values):
        picks, _whole = chooser.offers(chosen)
        if v not in picks:
            if v not in chooser.left(chosen):
                if v in chosen:  # `give red-5 red-5` with one red-5 in hand
                    return _(
                        "'{value}' is named more times than it can be chosen for '{action}'",
                        value=shown(v),
                        action=named,
                    )
                return _(
                    "'{value}' is not one of the values you can choose for '{action}' now", value=shown(v), action=named
                )
            if len(chosen) >= chooser.high:
                return _("'{action}' takes at most {n}", action=named, n=chooser.high)
            reason = ": " + refusal(breaks) if breaks is not None else _whole_reason(chooser, chosen, v, refusal)
            return cannot(v, chosen, reason)
        chosen = tuple(sorted((*chosen, v)))
    if len(chosen) < chooser.low:
        if chooser.low == chooser.high:
            return _("'{action}' needs exactly {n} (you named {named})", action=named, n=chooser.low, named=len(chosen))
        return _("'{action}' needs at least {n} (you named {named})", action=named, n=chooser.low, named=len(chosen))
    failing = chooser.failing(chosen)
    return refusal(failing) if failing is not None else None


def _blamed(chooser: Chooser, whole: tuple, rule: Any) -> Any:
    """The value of a whole choice breaking `rule` whose leaving out, alone of all its values, mends
    that rule (a jack named with two queens for a meld of one rank), or None: no one value is to blame."""
    found = []
    for i, v in enumerate(whole):
        if v in whole[:i]:
            continue
        rest = whole[:i] + whole[i + 1 :]
        try:
            mended = chooser.failing(rest) is not rule
        except Exception:  # (a rule that cannot be read of fewer values: no blame from it)
            mended = False
        if mended:
            found.append(v)
    return found[0] if len(found) == 1 else None


def _within(pool: Counter, values: tuple) -> bool:
    """Whether the pool holds every one of `values` (as often as they are named)."""
    return all(pool[v] >= n for v, n in Counter(values).items())


def _whole_reason(chooser: Chooser, chosen: tuple, v: Any, refusal: Callable[[Any], str]) -> str:
    """The rule a choice completed with `v` would break, when there is one to name: the choice with
    `v` itself, else (too few values yet) the first of its completions, among a few, that breaks one."""
    more = tuple(sorted((*chosen, v)))
    completions: Any = [()]
    if len(more) < chooser.low:  # `give a-1` of a choice of two: with which other value would it fail
        completions = islice(combinations(chooser.left(more), chooser.low - len(more)), 64)
    for extra in completions:
        whole = tuple(sorted((*more, *extra)))
        if chooser.low <= len(whole) <= chooser.high:
            failing = chooser.failing(whole)
            if failing is not None:
                return ": " + refusal(failing)
    return ""


def choosing(rs: Any, st: Any, act: Any, seat: int) -> list[Any]:
    """The picks and the whole choice a choice of several values offers now."""
    chosen = st.selection[1] if st.selection is not None else ()
    picks, whole = Chooser(rs, st, act, seat).offers(chosen)
    out = [Action(PICK_KIND, (act.index, v), None, rs) for v in picks]
    if whole:
        out.append(Action(act.index, chosen, None, rs))
    return out


def whole_choice(rs: Any, st: Any, text: str, refusal: Callable[[Any], str], words: Words = None) -> list[Any] | None:
    """The picks and the choice that a whole choice's text (`pass c-2 d-5`) stands for, when they are
    all legal; None when the text names no choice of several values; IllegalAction saying which part
    is not legal otherwise, its values written by `words` where it is given."""
    tokens = text.split()
    if not tokens:
        return None
    ins = rs.program[st.pc]
    kinds = (st.selection[0],) if st.selection is not None else getattr(ins, "actions", ())
    for k in kinds:
        act = rs.actions[k]
        if act.count is None or normalize(tokens[0]) != normalize(act.name) or st.window is not None:
            continue
        by_text: dict[str, Any] = {}
        vars_ = st.vars
        saved = rs._scratch_get(vars_)
        try:
            vars_[rs.player_slot] = st.decider
            pool = act.param_from(st.fr) if act.available is None or act.available(st.fr) else ()
            for v in pool:
                by_text.setdefault(normalize(rs.value_text(act, v)), v)
            values = []
            for word in tokens[1:]:
                key = normalize(word.removeprefix("+"))
                if key not in by_text:
                    raise IllegalAction(
                        _(
                            "'{value}' is not one of the values you can choose for '{action}' now",
                            value=value_words(words, act.name, word),
                            action=words(act.name) if words is not None else act.name,
                        )
                    )
                values.append(by_text[key])
            have = list(st.selection[1]) if st.selection is not None else []
            new = _minus(sorted(values), have)
            if len(new) + len(have) != len(values):
                named = ", ".join(value_words(words, act.name, rs.value_text(act, v)) for v in have)
                raise IllegalAction(_("name the whole choice, with what you picked already ({named})", named=named))
            why = explain_whole(rs, st, act, new, refusal, words)
        finally:
            for slot, value in zip(rs.scratch_slots, saved):
                vars_[slot] = value
        if why is not None:
            raise IllegalAction(why)
        return choice_steps(rs, k, have, new)
    return None


def choice_steps(rs: Any, kind: int, have: list, new: list) -> list[Any]:
    """The picks of `new` (values not yet picked) and then the whole choice of action `kind`, whose
    values `have` were picked already: what playing a whole choice of several values stands for."""
    picks = [Action(PICK_KIND, (kind, v), None, rs) for v in new]
    return [*picks, Action(kind, tuple(sorted(have + new)), None, rs)]


def _minus(values: list, have: list) -> list:
    """`values` less one copy of each of `have` (both sorted lists of a multiset)."""
    rest = list(values)
    for v in have:
        if v in rest:
            rest.remove(v)
    return rest
