"""One generated function per action that lists its legal actions.

`legal_actions` of an action runs the same loop every time: test its
`available_if` and the restrictions that do not read the parameter once,
then for each candidate value set the parameter's slot and test the
restrictions whose `when` holds (an action without a parameter, such as a
claim, is the same checks without candidates).  When every expression
involved has Python text (expr/emit.py), the loop and the tests are written
out as one function, so a candidate costs a few comparisons instead of
several calls.

The function returns the legal actions (from the action's `moves.Made`, by
value), or None when anything at all goes wrong (an expression fails, a value
is not hashable); the engine then runs its own
loop over the compiled expressions, which gives the precise error, or the
answer.  The whole function shares one evaluation's budget; should that run out, the engine's
loop (where each expression starts an evaluation of its own) says what is right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from interpreter.expr.emit import Src, function, name_for, start_evaluation

# what a generated engine function does when anything fails: count it (tests watch) and let the engine work
_GIVE_UP = ["except Exception:", "    _fell[0] += 1", "    return None"]


def candidates_function(
    param: Src | None,
    slot: int | None,
    restrictions: Sequence[Any],
    work: int,
    where: str = "<cardrules legality>",
    available: Any = None,
    made: Any = None,
) -> Callable[[Any], Sequence | None] | None:
    """`fn(frame) -> the Actions of the legal values (first occurrence of each; `made[value]`) or
    None`; None when an expression
    has no text.  `restrictions` have `when`/`require` texts (`when_src`, `require_src`),
    `when_fixed` (the condition does not read the parameter: tested once) and `require_fixed`
    (nor does the requirement: tested once, and when it fails nothing is legal).  `available`
    is the action's compiled `available_if` (its text in `src`), if it has one.  Without a
    parameter (`slot` None) the function returns `[made[None]]` when the action is legal, else `[]`."""
    if slot is not None and param is None:
        return None
    if available is not None and available.src is None:
        return None
    if any(r.require_src is None or (r.when is not None and r.when_src is None) for r in restrictions):
        return None
    refs: dict[str, Any] = {} if param is None else dict(param.refs)
    refs["_A"] = made
    # one budget for the whole check: should it run out, the engine's own loop (one budget per
    # evaluation, as everywhere) gives the answer or the error
    before = [*start_evaluation(work)]
    if available is not None:
        refs.update(available.src.refs)
        before += [f"if not ({available.src.text}):", "    return []"]
    if param is not None:
        before += [f"_xs = {param.text}"]
    each: list[str] = []  # per candidate
    held_whens: list[str] = []  # the fixed conditions of the candidates' own tests
    all_held = True  # whether every test of a candidate has such a condition
    for r in restrictions:
        refs.update(r.require_src.refs)
        if r.when is not None:
            refs.update(r.when_src.refs)
        once = r.require_fixed and (r.when is None or r.when_fixed)
        if once:  # the same for every candidate: when it fails, nothing is legal
            fails = [f"if not ({r.require_src.text}):", "    return []"]
            if r.when is None:
                before += fails
            else:
                before += [f"if {r.when_src.text}:"] + ["    " + line for line in fails]
            continue
        require = [f"if not ({r.require_src.text}):", "    continue"]
        if r.when is None:
            each += require
            all_held = False
            continue
        if r.when_fixed:
            held = name_for(None, "when")[0]
            before += [f"{held} = {r.when_src.text}"]
            held_whens.append(held)
            each += [f"if {held}:"] + ["    " + line for line in require]
        else:
            each += [f"if {r.when_src.text}:"] + ["    " + line for line in require]
            all_held = False
    if slot is None:
        loop = ["return [_A[None]]"]
    else:
        # the candidate's own tests read the loop's variable, not the slot it was just put in (the slot
        # is still set, for what the tests call)
        each = [line.replace(f"f.env.vars[{int(slot)}]", "_x") for line in each]
        # where no candidate has a test of its own, or every such test has a condition that does not
        # hold now, each distinct candidate is legal (the engine puts the parameter's slot back)
        every = "return [_A[_x] for _x in _distinct(_xs)]"
        refs["_distinct"] = dict.fromkeys
        if not each:
            loop = [every]
        else:
            loop = [f"if not ({' or '.join(held_whens)}):", "    " + every] if all_held else []
            loop += [
                "_out = []",
                "_seen = set()",
                "for _x in _xs:",
                "    if _x in _seen:",
                "        continue",
                "    _seen.add(_x)",
                f"    f.env.vars[{int(slot)}] = _x",  # (read through a local: emit.local_reads)
                *["    " + line for line in each],
                "    _out.append(_A[_x])",
                "return _out",
            ]
    body = ["try:", *["    " + line for line in before + loop], *_GIVE_UP]
    return function("_legal", body, refs, where, fallback=_none)


def _none(f: Any) -> None:
    """A legality function whose text Python cannot compile: the engine's own loop runs instead."""
    return None
