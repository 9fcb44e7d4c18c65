"""One generated function per action that lists the legal values of its parameter.

`legal_actions` of an action with a parameter runs the same loop every time:
for each candidate value, set the parameter's slot and test the restrictions
whose `when` holds.  When every expression involved has Python text
(expr/emit.py), the loop and the tests are written out as one function, so a
candidate costs a few comparisons instead of several calls.

`template_function` does the same for a message template ("Seat {winner} wins").

The function returns the legal values, or None when anything at all goes wrong
(an expression fails, a value is not hashable); the engine then runs its own
loop over the compiled expressions, which gives the precise error, or the
answer.  Each expression starts with a full work budget, as it does there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from interpreter.expr.emit import Src, function, name_for

# what a generated engine function does when anything fails: count it (tests watch) and let the engine work
_GIVE_UP = ["except Exception:", "    _fell[0] += 1", "    return None"]


def candidates_function(
    param: Src | None, slot: int, restrictions: Sequence[Any], work: int
) -> Callable[[Any], list | None] | None:
    """`fn(frame) -> legal values (first occurrence of each) or None`; None when an expression
    has no text.  `restrictions` have `when`/`require` texts (`when_src`, `require_src`) and
    `when_fixed` (the condition does not read the parameter: tested once)."""
    if param is None or any(r.require_src is None or (r.when is not None and r.when_src is None) for r in restrictions):
        return None
    refs: dict[str, Any] = dict(param.refs)
    before = [f"f.budget = {work}", f"_xs = {param.text}"]  # once per check
    each: list[str] = []  # per candidate
    for r in restrictions:
        refs.update(r.require_src.refs)
        require = [f"f.budget = {work}", f"if not ({r.require_src.text}):", "    continue"]
        if r.when is None:
            each += require
            continue
        refs.update(r.when_src.refs)
        if r.when_fixed:
            held = name_for(None, "when")[0]
            before += [f"f.budget = {work}", f"{held} = {r.when_src.text}"]
            each += [f"if {held}:"] + ["    " + line for line in require]
        else:
            each += [f"f.budget = {work}", f"if {r.when_src.text}:"] + ["    " + line for line in require]
    loop = [
        "_out = []",
        "_seen = set()",
        "for _x in _xs:",
        "    if _x in _seen:",
        "        continue",
        "    _seen.add(_x)",
        f"    _V[{int(slot)}] = _x",
        *["    " + line for line in each],
        "    _out.append(_x)",
        "return _out",
    ]
    body = ["_V = f.env.vars", "try:", *["    " + line for line in before + loop], *_GIVE_UP]
    return function("_legal", body, refs, "<cardrules legality>")


def template_function(
    parts: Sequence[Any], shown: Callable[[str], Callable[[Any], str]], work: int
) -> Callable[[Any], str | None] | None:
    """`fn(frame) -> text, or None when anything fails` for a template's parts (literal strings and
    (closure, type name, text) placeholders); None when a placeholder has no text."""
    refs: dict[str, Any] = {}
    lines = []
    pieces = []
    for part in parts:
        if isinstance(part, str):
            name, bound = name_for(part, "text")  # literal text is bound by name, never written into code
            refs.update(bound)
            pieces.append(name)
            continue
        if len(part) < 3 or part[2] is None:
            return None
        _, type_name, src = part
        refs.update(src.refs)
        show, bound = name_for(shown(type_name), "show")
        refs.update(bound)
        value = name_for(None, "value")[0]  # a local variable; fresh names never collide
        lines += [f"f.budget = {int(work)}", f"{value} = {src.text}"]
        if type_name == "int":
            pieces.append(f"(str({value}) if {value}.__class__ is int else {show}({value}))")
        elif type_name == "str":
            pieces.append(f"({value} if {value}.__class__ is str else {show}({value}))")
        else:
            pieces.append(f"{show}({value})")
    lines.append(f"return ''.join(({', '.join(pieces)},))")
    return function("_write", ["try:", *["    " + line for line in lines], *_GIVE_UP], refs, "<cardrules message>")
