"""Texts every seat sees must not show what only some may know.

Status lines, a decision's `prompt` and `announce` texts go to every seat
(docs/language.md); a placeholder in one that reads a variable whose
`visibility` is `owner` or `none`, directly or through ruleset functions,
would show it to everybody.  `PublicTexts.check` warns where one does.
Likewise a variable every seat sees, holding cards, that a `set` fills from
a zone whose cards not everybody sees (`set: {drawn: "last(hand(player))"}`)
shows those cards to everybody: `PublicTexts.check_copy` warns there, and so
it does where an action's effect fills one from the card it chose when that
effect puts the card out of some seat's sight (a card passed face down: the
decision is hidden, docs/language.md, but the variable would tell it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.compiling.messages import placeholder_expressions
from interpreter.expr import DEFAULT_LIMITS
from interpreter.expr.ast import free_names, reads_only_through
from interpreter.expr.parse import parse
from interpreter.expr.source import PlainSource
from interpreter.model.nodes import step_lists, zone_name

_WHO_SEES = {
    "owner": "only their owner may see",
    "none": "nobody may see",
    "others": "their owner may not see",
    "down": "may lie face down, seen only by the seat that put them there",
}


def _face_down_targets(model: Any) -> tuple[set[str], dict[int, set[str]]]:
    """The zones a `deal` (face down unless `face: up`) or a `move` with a `face` other than `up`
    puts cards into: where a card may lie face down even when the zone is seen by everybody; and,
    for each value a `set` gives after a step of its own list (or of a list around it) turned a whole
    zone face up (`reveal: crib`), those zones, by the value's id: read there, they hide nothing."""
    found: set[str] = set()
    revealed: dict[int, set[str]] = {}

    def walk(steps: Any, shown: set[str]) -> set[str]:
        """Walk a step list (zones turned face up before it: `shown`); the zones it turns face up."""
        shown, turned = set(shown), set()
        for step in steps:
            if step.kind in ("deal", "move") and isinstance(step.value, Mapping):
                face = step.value.get("face")
                if (face is None and step.kind == "deal") or (face is not None and str(face) != "up"):
                    found.add(zone_name(step.value.get("to", "")))
                    shown.discard(zone_name(step.value.get("to", "")))
            elif step.kind == "reveal" and not isinstance(step.value, Mapping):
                shown.add(zone_name(step.value))
                turned.add(zone_name(step.value))
            elif step.kind == "set" and isinstance(step.value, Mapping) and shown:
                for value in step.value.values():
                    revealed[id(value)] = shown
            elif step.kind == "announce" and shown:  # (what it tells of a zone turned up is no secret)
                revealed[id(step.value)] = set(shown)
            elif step.kind == "event" and isinstance(step.value, Mapping) and shown:
                revealed[id(step.value.get("text"))] = set(shown)
            inner = set()
            for body in step.bodies():
                inner |= walk(body, shown)
            if step.kind == "for_each":  # every seat's hand turned up in a loop: turned up after it
                shown |= inner
                turned |= inner
        return turned

    for steps in step_lists(model):
        walk(steps, set())
    return found, revealed


def _names(text: str) -> set[str]:
    """The free names of one expression's text (none where it does not parse: compiling says why)."""
    source: Any = PlainSource(text)
    tree, _diags = parse(source, DEFAULT_LIMITS)
    return free_names(tree) if tree is not None else set()


def _made_names(text: str, zones: Mapping[str, str]) -> set[str]:
    """The free names of one expression, but for a zone only counted (`len(hand(s))`, `len(pile)`:
    how many cards a zone holds is everybody's to know): the names whose values it makes words of."""
    source: Any = PlainSource(text)
    tree, _diags = parse(source, DEFAULT_LIMITS)
    if tree is None:
        return set()
    names = free_names(tree)
    return {n for n in names if n not in zones or not reads_only_through(tree, n, "len", called=True)}


class PublicTexts:
    """The hidden variables of one ruleset, and the functions that read them (however deep)."""

    def __init__(self, model: Any):
        self.hidden = {v.name: v.visibility for v in model.variables if v.visibility != "all"}
        self.hidden_zones = {z.name: z.visibility for z in model.zones if z.visibility != "all"}
        down, self.revealed = _face_down_targets(model)
        for zone in down:  # a zone everybody sees, where cards may lie face down
            self.hidden_zones.setdefault(zone, "down")
        self.bodies = {f.name: _names(str(f.value)) for f in model.functions if f.value is not None}
        self.reads = self._readers(self.hidden)  # a function's name -> a hidden variable it reads
        self.zone_reads = self._readers(self.hidden_zones)  # -> a hidden zone it reads
        self.visibility = {z.name: z.visibility for z in model.zones}
        # the zones whose cards only some seats see (owner) or none, and the functions that make
        # values of their cards, not only count them (`check_made`)
        self.closed_zones = {z.name: z.visibility for z in model.zones if z.visibility in ("owner", "none")}
        self.made_bodies = {
            f.name: _made_names(str(f.value), self.visibility) for f in model.functions if f.value is not None
        }
        self.made_reads = self._readers(self.closed_zones, self.made_bodies)
        self.secret: tuple[str, str] | None = None  # (parameter, action) of the hidden effect compiled now

    def _readers(self, hidden: Mapping[str, str], bodies: Mapping[str, set[str]] | None = None) -> dict[str, str]:
        """The functions that read one of the `hidden` names, however deep: each with one it reads."""
        reads: dict[str, str] = {}
        changed = True
        while changed:  # functions calling functions: until nothing more is found
            changed = False
            for name, used in (self.bodies if bodies is None else bodies).items():
                if name in reads:
                    continue
                found = next((n if n in hidden else reads[n] for n in sorted(used) if n in hidden or n in reads), None)
                if found is not None:
                    reads[name] = found
                    changed = True
        return reads

    def hidden_read(self, name: str) -> str | None:
        """The hidden variable a name reads: itself, or one a function of that name reads."""
        return name if name in self.hidden else self.reads.get(name)

    def check_copy(self, bag: Any, variable: Any, value: Any, span: Any) -> None:
        """Warn where a `set` fills a variable every seat sees, holding cards, from a hidden zone."""
        if variable.visibility != "all" or "card" not in str(variable.type) or value is None:
            return
        names = _names(str(value))
        if self.secret is not None and self.secret[0] in names:
            param, action = self.secret
            bag.warning(
                f"'{variable.name}' is visible to every seat, and this value reads '{param}', the card"
                f" chosen for '{action}', whose effect puts it where not every seat sees it",
                span,
                f"if the card is not shown to everybody, give '{variable.name}' `visibility: owner` or `none`",
            )
            return
        for name in sorted(names):
            zone = name if name in self.hidden_zones else self.zone_reads.get(name)
            if zone is None or (self.hidden_zones[zone] == "down" and zone in self.revealed.get(id(value), ())):
                continue
            via = "" if zone == name else f" (through '{name}')"
            bag.warning(
                f"'{variable.name}' is visible to every seat, and this value reads the cards of '{zone}'{via},"
                f" which {_WHO_SEES[self.hidden_zones[zone]]}",
                span,
                f"if the card is not shown to everybody, give '{variable.name}' `visibility: owner` or `none`",
            )
            return

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

    def check_made(self, bag: Any, value: Any, templates: Mapping[str, tuple], span: Any, what: str) -> None:
        """Warn where a text every seat sees makes words of cards only some seats see: a placeholder
        that reads a hidden hand (not only how many cards it holds) and is not itself cards (cards
        are shown to each seat as it may see them; a rank, 'no pair' or a total made of them is not)."""
        if value is None or not self.closed_zones:
            return
        items = value.items() if isinstance(value, Mapping) else (("en", value),)
        for lang, text in items:
            parts = templates.get(str(lang)) or ()
            for expr, part in zip(placeholder_expressions(str(text)), parts[1::2]):
                if not isinstance(part, tuple) or part[1] in ("card", "list[card]", "set[card]"):
                    continue
                for name in sorted(_made_names(expr, self.visibility)):
                    zone = name if name in self.closed_zones else self.made_reads.get(name)
                    if zone is None or zone in self.revealed.get(id(value), ()):
                        continue
                    via = "" if zone == name else f" (through '{name}')"
                    bag.warning(
                        f"{what} is shown to every seat, and '{{{expr}}}' makes words of the cards of '{zone}'{via},"
                        f" which {_WHO_SEES[self.closed_zones[zone]]}: it tells every seat something of them",
                        span,
                        "tell it in an event to the seats that may know it (`to: [player]`); a card itself, or"
                        " how many a zone holds (`len(hand(s))`), may be shown",
                    )
                    return

    def chosen_in_sight(self, source: Any) -> bool:
        """Whether an action's `param.from` offers only cards every seat sees: it reads zones, and each
        is seen by everybody with no card face down (the discard pile a card is taken from)."""
        names = _names(str(source)) if source is not None else set()
        hidden = any(n in self.hidden_zones or n in self.zone_reads for n in names)
        return not hidden and any(n in self.visibility for n in names)

    def hides(self, steps: Any) -> bool:
        """Whether an effect may put the cards it moves out of some seat's sight: a move into a zone
        not everybody sees, or a move that may turn its cards face down."""
        for step in steps:
            if step.kind == "move" and isinstance(step.value, Mapping):
                zone = zone_name(step.value.get("to", ""))
                face = step.value.get("face")
                if self.visibility.get(zone, "all") != "all" or (face is not None and str(face) != "up"):
                    return True
            if any(self.hides(body) for body in step.bodies()):
                return True
        return False


def secret_effect(c: Any, action: Any, card_param: bool) -> None:
    """Compiling the effect of `action` (None: done): where it chooses cards (`card_param`) and may
    put them out of some seat's sight, `check_copy` warns of its parameter copied into a variable
    every seat sees."""
    texts = _of(c)
    hidden = action is not None and card_param and action.param_name and texts.hides(action.effect)
    if hidden and texts.chosen_in_sight(action.param_from):
        hidden = False  # (chosen among cards every seat sees: the move hides nothing it did not show)
    texts.secret = (str(action.param_name), action.name) if hidden else None


def _of(c: Any) -> PublicTexts:
    """The ruleset's look-up of what is hidden, kept by its compiler `c`."""
    found = getattr(c, "public_texts", None)
    if found is None:
        found = c.public_texts = PublicTexts(c.model)
    return found


def check_public(c: Any, value: Any, span: Any, what: str, whole: bool = False) -> None:
    """`PublicTexts.check` with the ruleset's compiler `c`."""
    _of(c).check(c.bag, value, span, what, whole)


def check_made(c: Any, value: Any, templates: Mapping[str, tuple], span: Any, what: str) -> None:
    """`PublicTexts.check_made` with the ruleset's compiler `c`."""
    _of(c).check_made(c.bag, value, templates, span, what)


def check_copy(c: Any, name: str, value: Any, span: Any) -> None:
    """`PublicTexts.check_copy` of the variable `name` with the ruleset's compiler `c`."""
    variable = next((v for v in c.model.variables if v.name == name), None)
    if variable is not None:
        _of(c).check_copy(c.bag, variable, value, span)
