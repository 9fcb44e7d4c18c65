"""The story steps: messages, events, the end of a deal, and the words of decisions.

Texts are templates (compiling/messages.py), one per language.
`StoryCompiler` is a mixin of `FlowCompiler`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from interpreter.base.diagnostics import Span
from interpreter.compiling.context import SubSource, vspan
from interpreter.compiling.messages import template
from interpreter.compiling.public import check_made, check_public
from interpreter.compiling.stepfns import written_length
from interpreter.compiling.zonerefs import one_zone
from interpreter.engine import telling as T
from interpreter.expr import ANY, BOOL, INT, ListT, SetT, Type
from interpreter.model import Step, Text


class FlowCompiler(Protocol):
    """What the story steps use of compiling/flow.py's FlowCompiler (which mixes StoryCompiler in)."""

    c: Any
    bag: Any
    locals: list[dict[str, Any]]

    def expr(
        self, value: Any, span: Span | None, expected: Type | None = None, varying: frozenset[str] | None = None
    ) -> Callable | None: ...

    def typed(
        self, value: Any, span: Span | None, expected: Type | None = None, varying: frozenset[str] | None = None
    ) -> Any: ...

    def bind_local(self, name: str, t: Type, span: Span | None) -> int: ...

    def zone_ref(self, text: Any, span: Span | None, per_seat_only: bool = False) -> Callable | None: ...

    def emit(self, out: list, ins: Any, s: Step, what: str) -> Any: ...

    def _event(self, s: Step, ins: Any, summary: bool = False) -> Any: ...

    def _list_of_ints(self, v: Mapping, key: str, s: Step) -> Callable | None: ...

    def _row(self, row: Mapping, s: Step) -> tuple: ...

    def prompt(self, v: Mapping, s: Step) -> dict[str, tuple]: ...


def texts(fc: FlowCompiler, value: Any, span: Span | None) -> dict[str, tuple]:
    """A text (one string, or a language -> string mapping) as a template per language."""
    if value is None:
        return {}
    items = value.items() if isinstance(value, Mapping) else (("en", value),)
    known: dict[str, Any] = {}  # a placeholder written alike in several languages is compiled once
    return {str(lang): template(fc, SubSource(text, 0, str(text)), span, known) for lang, text in items}


# The kinds of event the engine makes itself (engine/events.py), which front ends draw their own way.
ENGINE_KINDS = {
    "action": ("a seat's decision", "choose a name of your own, such as 'played'"),
    "claim": ("the claim a claim window applied", "choose a name of your own, such as 'claimed'"),
    "reveal": ("cards turned face up by a reveal step", "choose a name of your own, such as 'shown'"),
    "deal_end": ("the end of a deal", "an end_deal step ends a deal; choose another name for this event"),
    "bonus": ("a row of the match table that is no deal", "an end_deal with a label tells it; choose another name"),
}


class StoryCompiler:
    """`announce`, `event` and `end_deal` steps, and the titles of decisions."""

    def step_announce(self: FlowCompiler, s: Step, out: list) -> None:
        check_public(self.c, s.value, s.span, "an announce text")
        made = texts(self, s.value, s.span)
        check_made(self.c, s.value, made, s.span, "an announce text")
        self.emit(out, T.Emit("message", made), s, "announce")

    def step_event(self: FlowCompiler, s: Step, out: list) -> None:
        kind = str(s.value["kind"])
        if kind in ENGINE_KINDS:
            what, hint = ENGINE_KINDS[kind]
            self.bag.error(
                f"event kind '{kind}' is the engine's own ({what}): front ends would show this event as one "
                "and leave out its text",
                vspan(s.value, "kind", s.span),
                hint,
            )
        self.emit(out, self._event(s, T.Emit(kind)), s, "event")

    def step_end_deal(self: FlowCompiler, s: Step, out: list) -> None:
        v = s.value if isinstance(s.value, Mapping) else {}
        ins = self._event(s, T.EndDeal("deal_end"), summary=True)
        ins.scores = self._list_of_ints(v, "scores", s)
        ins.totals = self._list_of_ints(v, "totals", s)
        if v.get("label") is not None:  # a row of the match table that is no deal (a bonus): told as one
            ins.label = {str(lang): str(words) for lang, words in Text.of(v["label"]).values.items()}
            ins.kind = "bonus"
        self.emit(out, ins, s, "end_deal")

    def _event(self: FlowCompiler, s: Step, ins: Any, summary: bool = False) -> Any:
        v = s.value if isinstance(s.value, Mapping) else {}
        # an event to every seat: its texts and rows are public (but not a deal's `summary`, which
        # tells what the deal was: partners, a widow, totals made with hidden cards)
        if "to" not in v and not summary:
            check_public(self.c, v.get("text"), vspan(v, "text", s.span), "an event's text")
            for row in v.get("rows") or ():
                if isinstance(row, Mapping):
                    check_public(self.c, row.get("label"), s.span, "a row's label")
                    check_public(self.c, row.get("value"), s.span, "a row's value", whole=True)
        ins.text = texts(self, v.get("text"), s.span)
        if "to" not in v and not summary:
            check_made(self.c, v.get("text"), ins.text, vspan(v, "text", s.span), "an event's text")
        ins.seat = self.expr(v["seat"], vspan(v, "seat", s.span), INT) if "seat" in v else None
        card_list = ListT(self.c.names.card)
        ins.cards = self.expr(v["cards"], vspan(v, "cards", s.span), card_list) if "cards" in v else None
        if ins.cards is not None and _names_a_zone(self, v["cards"]):  # (its cards judged where they lie)
            ins.cards_zone = self.zone_ref(v["cards"], vspan(v, "cards", s.span))
        ins.by = self.expr(v["by"], vspan(v, "by", s.span), ListT(INT)) if "by" in v else None
        ins.to = self.expr(v["to"], vspan(v, "to", s.span), ListT(INT)) if "to" in v else None
        ins.rows = tuple(self._row(row, s) for row in v.get("rows") or ())
        return ins

    def _list_of_ints(self: FlowCompiler, v: Mapping, key: str, s: Step) -> Callable | None:
        if key not in v:
            return None
        given, n, teams = written_length(v[key], self.c.n), self.c.n, len(self.c.model.players.teams)
        if given and given != n and not (teams and given == teams):  # counted now where written out (as in play)
            each = f"{n}, one per seat" + (f", or {teams}, one per team" if teams else "")
            self.bag.error(f"end_deal's `{key}` has {given} entries; it needs {each}", vspan(v, key, s.span))
        return self.expr(v[key], vspan(v, key, s.span), ListT(INT))

    def _row(self: FlowCompiler, row: Mapping, s: Step) -> tuple:
        """(for fn or None, as slot or None, if fn, label templates, value fn, value type, cards fn)."""
        each = as_slot = None
        self.locals.append({})
        if "for" in row:
            compiled = self.typed(row["for"], vspan(row, "for", s.span))
            if compiled is not None:
                elem = compiled.type.elem if isinstance(compiled.type, (ListT, SetT)) else ANY
                if not isinstance(compiled.type, (ListT, SetT)) and compiled.type is not ANY:
                    self.bag.error(
                        f"a row's 'for' needs a list, and this is {compiled.type}", vspan(row, "for", s.span)
                    )
                each = compiled.fn
                name = str(row.get("as") or "item")
                as_slot = self.bind_local(name, elem, vspan(row, "as", s.span))
        condition = self.expr(row["if"], vspan(row, "if", s.span), BOOL) if "if" in row else None
        label = texts(self, row.get("label"), s.span)
        value_fn, value_type = None, "int"
        if "value" in row:
            compiled = self.typed(row["value"], vspan(row, "value", s.span))
            if compiled is not None:
                value_fn, value_type = compiled.fn, str(compiled.type)
        cards = (
            self.expr(row["cards"], vspan(row, "cards", s.span), ListT(self.c.names.card)) if "cards" in row else None
        )
        self.locals.pop()
        return (each, as_slot, condition, label, value_fn, value_type, cards)

    def prompt(self: FlowCompiler, v: Mapping, s: Step) -> dict[str, tuple]:
        """A decision's title (`prompt:` of a turn or claim) as templates."""
        if "prompt" not in v:
            return {}
        check_public(self.c, v.get("prompt"), vspan(v, "prompt", s.span), "a decision's prompt")
        made = texts(self, v.get("prompt"), vspan(v, "prompt", s.span))
        check_made(self.c, v.get("prompt"), made, vspan(v, "prompt", s.span), "a decision's prompt")
        return made


def _names_a_zone(fc: Any, text: Any) -> bool:
    """Whether an event's `cards` is a zone by its name (`table`, `hand(player)`), not an expression
    (`hand(0) if a else hand(1)` is a list of cards, not one zone)."""
    raw = str(text).strip()
    name, paren, _rest = raw.partition("(")
    info = next((z for z in fc.c.zone_info if z.name == name.strip()), None)
    return info is not None and (info.per == "seat") == bool(paren) and one_zone(raw)
