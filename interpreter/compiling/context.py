"""What one compilation shares: the card names and types, slots, options, variables, zones.

Compiling resolves every name a ruleset uses (variables, zones, functions,
actions, card ids), compiles every expression once, and turns the flow of
play into the flat instruction list the engine runs (flow.py).  `Compiler`
holds the sections read so far; everything found wrong goes into the
DiagnosticBag, and nothing raises.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag, Span, did_you_mean
from interpreter.base.records import dataclass
from interpreter.compiling.deck import Cards, build_cards, shared_values
from interpreter.compiling.names import CONTEXT_WORDS
from interpreter.engine.tables import VarInfo, ZoneInfo
from interpreter.expr import (
    ANY,
    BOOL,
    DEFAULT_LIMITS,
    ERROR,
    INT,
    STR,
    Const,
    EnumT,
    Field,
    Function,
    ListT,
    Param,
    RecordT,
    SetT,
    Type,
    TypeNameError,
    Value,
    builtin_functions,
    parse_type,
)
from interpreter.loading.scalars import yaml11_hint
from interpreter.model import Model, Text


class Src:
    """An expression's text with a way back to its place in the YAML file."""

    __slots__ = ("text", "_located", "_span")

    def __init__(self, value: Any, span: Span | None):
        self.text = _as_text(value)
        self._located = value if hasattr(value, "span_at") else None
        self._span = getattr(value, "span", None) or span

    def span_at(self, start: int, end: int) -> Span:
        if self._located is not None:
            return self._located.span_at(start, end)
        s = self._span or Span("<ruleset>", 1, 1)
        return Span(s.file, s.line, s.col, s.end_line, s.end_col)

    @property
    def span(self) -> Span | None:
        return self._span


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


@dataclass
class OptionInfo:
    name: str
    type: Type
    default: Any
    choices: tuple | None
    minimum: int | None
    maximum: int | None
    description: Text

    def convert(self, value: Any) -> Any:
        """A value given on the command line or in code, checked against the option."""
        if isinstance(self.type, (ListT, SetT)) and isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            item = OptionInfo(self.name, self.type.elem, None, None, None, None, self.description)
            items = [item.convert(p) for p in parts]
            return tuple(items) if isinstance(self.type, ListT) else frozenset(items)
        if isinstance(self.type, (ListT, SetT)):
            if not isinstance(value, (list, tuple, set, frozenset)):
                raise ValueError(f"option '{self.name}' needs a list, not {value!r}")
            return convert_value(list(value), self.type, f"option '{self.name}'")
        if self.type is INT:
            try:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError(value)
                value = int(value)
            except (TypeError, ValueError, OverflowError):  # (a web request's 1e400 is infinity)
                raise ValueError(f"option '{self.name}' needs a whole number, not {value!r}") from None
            check_int(value, f"option '{self.name}'")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option '{self.name}' must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option '{self.name}' must be at most {self.maximum}")
        elif self.type is BOOL:
            if isinstance(value, str) and value.lower() in ("true", "false"):
                value = value.lower() == "true"
            elif not isinstance(value, bool):  # 2 would stay 2: true to `if`, not equal to true
                raise ValueError(f"option '{self.name}' needs true or false, not {value!r}")
        elif isinstance(self.type, EnumT):
            if isinstance(value, str) and value in self.type.values:
                value = self.type.values[value]
            elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(self.type.values):
                raise ValueError(f"option '{self.name}' cannot be {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option '{self.name}' must be one of {list(self.choices)}")
        return value


class Names:
    """Every enum and record type a ruleset declares, by type name."""

    def __init__(self, cards: Cards, model: Model):
        self.suit = EnumT(
            "suit", {s: i for i, s in enumerate(cards.suit_ids)}, aliases=_named(cards.suit_ids, cards.suit_names)
        )
        self.rank = EnumT(
            "rank", {r: i for i, r in enumerate(cards.rank_ids)}, aliases=_named(cards.rank_ids, cards.rank_names)
        )
        self.card = EnumT("card", cards.index())
        self.team = EnumT("team", {t.id: i for i, t in enumerate(model.players.teams)})
        self.zone = EnumT("zone", {z.name: i for i, z in enumerate(model.zones)})
        action_names = [a.name for a in model.actions]
        values = {n: i for i, n in enumerate(action_names)}
        values.setdefault("pass", -1)
        self.action = EnumT("action", values)
        self.kind = EnumT("kind", {k.name: i for i, k in enumerate(model.meld_kinds)})
        self.shape = EnumT("shape", {s.name: i for i, s in enumerate(model.shapes)})
        self.entry = RecordT(
            "entry",
            {"card": _item(self.card, 0), "by": _item(INT, 1), "face_up": _item(BOOL, 2), "index": _item(INT, 3)},
        )
        self.group = RecordT(
            "group", {"kind": _item(self.kind, 0), "cards": _item(ListT(self.card), 1), "index": _item(INT, 2)}
        )
        self._card_attrs(cards)

    def _card_attrs(self, cards: Cards) -> None:
        attrs = self.card.attrs
        suit_of, rank_of, ids = cards.suit_of, cards.rank_of, cards.ids
        attrs["suit"] = Field(self.suit, tuple(_none_if_negative(v) for v in suit_of).__getitem__)
        attrs["rank"] = Field(self.rank, tuple(_none_if_negative(v) for v in rank_of).__getitem__)
        attrs["id"] = Field(STR, ids.__getitem__)
        attrs["suit_order"] = Field(INT, suit_of.__getitem__)
        attrs["rank_order"] = Field(INT, rank_of.__getitem__)
        prim = {"int": INT, "bool": BOOL, "str": STR}
        for name, table in cards.attrs.items():
            attrs[name] = Field(prim[cards.attr_types[name]], table.__getitem__)
        # a suit (rank) reads its place in the deck's order, and each card attribute all of its cards
        # share (`trump.base` in Skat, a wished rank's `power`): where they differ, read it from a card
        for enum, of, order in ((self.suit, suit_of, "suit_order"), (self.rank, rank_of, "rank_order")):
            count = len(enum.values)
            enum.attrs[order] = Field(INT, tuple(range(count)).__getitem__)
            for name, table in cards.attrs.items():
                shared = shared_values(table, of, count)
                if shared is not None:
                    enum.attrs.setdefault(name, Field(prim[cards.attr_types[name]], shared.__getitem__))

    def types(self) -> dict[str, Type]:
        return {
            "card": self.card,
            "suit": self.suit,
            "rank": self.rank,
            "team": self.team,
            "zone": self.zone,
            "action": self.action,
            "kind": self.kind,
            "shape": self.shape,
            "seat": INT,
            "entry": self.entry,
            "group": self.group,
        }


def _item(t: Type, i: int) -> Field:
    """A field of a record kept as a tuple (entries and groups)."""
    return Field(t, operator.itemgetter(i), i)


def _none_if_negative(v: int) -> int | None:
    return None if v < 0 else v


class Slots:
    """Allocates variable slots in the state's `vars` list."""

    def __init__(self) -> None:
        self.count = 0
        self.hidden: dict[str, int] = {}

    def new(self) -> int:
        self.count += 1
        return self.count - 1

    def named(self, name: str) -> int:
        if name not in self.hidden:
            self.hidden[name] = self.new()
        return self.hidden[name]


def convert_value(value: Any, t: Type, where: str) -> Any:
    """A YAML value as the run-time value of type `t`; raises ValueError with a reason."""
    if t is ANY or t is ERROR:
        return value
    if isinstance(t, EnumT):
        if value is None:
            return None
        if not isinstance(value, str) or value not in t.values:
            hint = did_you_mean(str(value), t.values)
            if isinstance(value, str) and len(value) > 2 and value[0] == value[-1] and value[0] in "'\"":
                if value[1:-1] in t.values:  # quoted as in an expression: a value here is a plain name
                    hint = f"a value here is not an expression: write {value[1:-1]} without quotes"
            raise ValueError(f"{where}: unknown {t.name} {value!r}" + (f" ({hint})" if hint else ""))
        return t.values[value]
    if isinstance(t, (ListT, SetT)):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, not {value!r}")
        items = [convert_value(v, t.elem, where) for v in value]
        return tuple(items) if isinstance(t, ListT) else frozenset(items)
    if t is STR:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text, not {value!r}")
        return str(value)
    python_types: dict[Type, type] = {INT: int, BOOL: bool}
    expected = python_types.get(t)
    if expected is not None and (type(value) is not expected):
        hint = yaml11_hint(value, ("boolean",) if t is BOOL else ("integer",)) if isinstance(value, str) else None
        raise ValueError(f"{where}: expected {t}, not {value!r}" + (f" ({hint})" if hint else ""))
    if t is INT:
        check_int(value, where)
    return value


def check_int(value: int, where: str) -> None:
    """Integers given in the file or on the command line have the bound of computed ones."""
    top = DEFAULT_LIMITS.max_int
    if not -top <= value <= top:
        raise ValueError(f"{where}: {value} is too large (the limit is {top:,})")


def default_value(t: Type) -> Any:
    if t is INT:
        return 0
    if t is BOOL:
        return False
    if t is STR:
        return ""
    if isinstance(t, ListT):
        return ()
    if isinstance(t, SetT):
        return frozenset()
    return None


def infer_const_type(value: Any, names: Names) -> Type:
    """The type of an untyped constant: int, bool, str, or a list of those or of one enum."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return STR
    if isinstance(value, list) and value:
        inner = {infer_const_type(v, names) for v in value}
        if len(inner) == 1:
            return ListT(inner.pop())
    return ListT(ANY) if isinstance(value, list) else ANY


class Compiler:
    """Holds what one compilation needs; `run` returns the Ruleset or None."""

    def __init__(self, model: Model, bag: DiagnosticBag, path: str, sources: Mapping[str, str]):
        self.model, self.bag, self.path, self.sources = model, bag, path, sources
        self.cards = build_cards(model.deck, bag)
        self.names = Names(self.cards, model)
        self.slots = Slots()
        self.global_names: dict[str, Any] = {}
        self.refused_names: set[str] = set()  # declarations refused for hiding a builtin
        self.declared_spans: dict[str, Span | None] = {}  # names the ruleset declared, and where
        self.zone_info: list[ZoneInfo] = []
        self.var_info: list[VarInfo] = []
        self.var_types: dict[str, tuple[Type, int, str]] = {}  # name -> (type, slot, per)
        self.options: dict[str, OptionInfo] = {}
        self.option_slots: dict[str, int] = {}
        self.n = model.players.count

    # ----- helpers -----------------------------------------------------------
    def parse_type(self, text: str, span: Span | None) -> Type:
        """A declared type; an unknown one is reported and becomes ERROR (which silences follow-ups)."""
        try:
            t = parse_type(str(text), self.names.types())
        except TypeNameError as exc:
            self.bag.error(exc.message, getattr(text, "span", None) or span, exc.hint)
            return ERROR
        if _mentions_any(t):  # every value a ruleset keeps has a type the checker knows
            self.bag.error(
                f"'{text}' is not a type a ruleset can declare: 'any' would let a value of one type reach "
                "a place that needs another",
                getattr(text, "span", None) or span,
                "name the type: int, bool, str, seat, card, suit, rank, team, zone, action, entry, or list[...] / "
                "set[...] of one of these",
            )
            return ERROR
        return t

    def declare(self, name: str, binding: Any, span: Span | None, what: str) -> None:
        if name in self.global_names:
            self.bag.error(
                f"'{name}' is already declared (as {self.global_names[name][1]})",
                span,
                "every constant, option, variable, zone and function needs its own name",
            )
            return
        builtin = builtin_functions().get(name)
        if builtin is not None:
            self.bag.error(
                f"{what} cannot be named '{name}': it would hide the builtin {name}() ({builtin.summary()})",
                span,
                "choose another name",
            )
            self.refused_names.add(name)  # its uses as a value are not reported again
            return  # the builtin stays visible, so its calls raise no follow-up errors
        if name in CONTEXT_WORDS:
            self.bag.error(
                f"{what} cannot be named '{name}': the engine's '{name}' is {CONTEXT_WORDS[name]}",
                span,
                "choose another name",
            )
        self.global_names[name] = (binding, what)
        self.declared_spans[name] = span

    def reserve(self, name: str, binding: Any, meaning: str) -> None:
        """Bind a name the engine defines; a ruleset declaration of it is an error that says what it means."""
        if name in self.declared_spans:
            what = self.global_names[name][1]
            self.bag.error(
                f"{what} cannot be named '{name}': the engine's '{name}' is {_lower_first(meaning)}",
                self.declared_spans.pop(name),
                "choose another name",
            )
        self.global_names[name] = (binding, "a built-in name")

    # ----- sections ----------------------------------------------------------
    def zones(self) -> None:
        base = 0
        per_seat_zone_of: list[int] = []
        for i, z in enumerate(self.model.zones):
            count = self.n if z.per == "seat" else 1
            if z.per != "seat" and z.visibility in ("owner", "others"):  # a shared zone has no owner
                self.bag.warning(
                    f"zone '{z.name}' is shared, so 'visibility: {z.visibility}' has no owner to go by: its face-down "
                    f"cards are seen by {'nobody' if z.visibility == 'owner' else 'everybody'}",
                    z.span,
                    "give it 'per: seat', or say 'visibility: none' or 'all'",
                )
            if z.show == "top" and z.per == "seat":
                self.bag.error(
                    f"zone '{z.name}' is per seat, and 'show: top' is for a shared zone (a discard pile)",
                    z.span,
                    "show its cards, or how many ('show: count')",
                )
            self.zone_info.append(
                ZoneInfo(
                    name=z.name,
                    per=z.per,
                    visibility=z.visibility,
                    groups=z.groups,
                    base=base,
                    label=z.label,
                    sort=None,
                    show=z.show,
                )
            )
            per_seat_zone_of += [i] * count
            if z.per == "seat":
                self.declare(z.name, self._seat_zone_fn(z.name, base), z.span, "a zone")
            else:
                self.declare(
                    z.name,
                    Value(ListT(self.names.card), _zone_loader(base), f"f.env.zones[{int(base)}]"),
                    z.span,
                    "a zone",
                )
            base += count
        self.zone_count = base
        self.zone_index = tuple(per_seat_zone_of)
        self.zone_owner = tuple(
            z - self.zone_info[i].base if self.zone_info[i].per == "seat" else -1
            for z, i in enumerate(per_seat_zone_of)
        )

    def _seat_zone_fn(self, name: str, base: int) -> Function:
        n = self.n

        def impl(fr: Any, seat: int) -> list:
            if not 0 <= seat < n:
                from interpreter.expr import BuiltinError

                raise BuiltinError(f"seat {seat} does not exist (seats are 0 to {n - 1})")
            return fr.env.zones[base + seat]

        return Function(
            name,
            [Param("seat", INT)],
            ListT(self.names.card),
            impl,
            needs_frame=True,
            doc=f"The cards in the seat's '{name}' zone.",
            uncalled=(f"zone '{name}' is per seat: write {name}(seat)", f"for example {name}(player)"),
            inline=f"(f.env.zones[{base} + {{0}}] if 0 <= {{0}} < {n} else {{i}}(f, {{0}}))",
        )

    def constants(self) -> None:
        types = self.names.types()
        for c in self.model.constants:
            t = self.parse_type(c.type, c.span) if c.type else infer_const_type(c.value, self.names)
            if c.type is None and isinstance(c.value, list) and c.value and all(isinstance(v, str) for v in c.value):
                t = _guess_enum_list(c.value, types) or t
            if c.type is None and c.value != [] and _mentions_any(t):  # an empty list fits any list
                self.bag.error(
                    f"constant '{c.name}' has values of different kinds, so it has no type",
                    c.span,
                    "give it one: {type: list[int], value: [...]}, with values of that type",
                )
                continue
            try:
                value = convert_value(c.value, t, f"constant '{c.name}'")
            except ValueError as exc:
                self.bag.error(str(exc), c.span)
                continue
            hint = yaml11_hint(c.value) if c.type is None and t is STR else None
            if hint is not None:  # max_deals: 0500 is the text '0500' in the YAML we read
                self.bag.warning(f"constant '{c.name}' is the text {c.value!r}", c.span, hint)
            self.declare(c.name, Const(t, value, _is_seat(c.type)), c.span, "a constant")

    def option_section(self) -> None:
        for o in self.model.options:
            t = self.parse_type(o.type, o.span)
            where = vspan(o.node, "default", o.span)
            slot = self.slots.new()
            default = default_value(t)
            try:
                default = convert_value(o.default, t, f"default of option '{o.name}'")
                _check_range(o, default)
            except ValueError as exc:
                self.bag.error(str(exc), where)
            self.options[o.name] = OptionInfo(o.name, t, default, o.choices, o.minimum, o.maximum, o.description)
            self.option_slots[o.name] = slot
            self.declare(o.name, var_value(t, slot), o.span, "an option")

    def variables(self) -> None:
        sizes = {"game": 0, "seat": self.n, "team": len(self.model.players.teams)}
        for v in self.model.variables:
            t = self.parse_type(v.type, vspan(v.node, "type", v.span))
            if v.per == "team" and not self.model.players.teams:
                self.bag.error(f"variable '{v.name}' is per team, but no teams are declared", v.span)
            slot = self.slots.new()
            one = default_value(t)
            if v.initial is not None:
                try:
                    one = self._initial(v, t)
                except ValueError as exc:
                    self.bag.error(str(exc), vspan(v.node, "initial", v.span))
            initial = one if v.per == "game" else (one,) * sizes[v.per]
            full_t = t if v.per == "game" else ListT(t)
            self.var_info.append(VarInfo(v.name, slot, v.per, v.visibility, str(v.type), initial))
            self.var_types[v.name] = (t, slot, v.per)
            index = None if v.per == "game" else INT if v.per == "seat" else self.names.team
            self.declare(v.name, var_value(full_t, slot, index, _is_seat(v.type)), v.span, "a variable")

    def _initial(self, v: Any, t: Type) -> Any:
        if _is_seat(v.type):
            if type(v.initial) is not int:
                raise ValueError(
                    f"variable '{v.name}': expected a seat number (0 to {self.n - 1}, or -1 for no seat), "
                    f"not {v.initial!r}"
                )
            if not -1 <= v.initial < self.n:
                raise ValueError(
                    f"variable '{v.name}': seat {v.initial} does not exist "
                    f"(seats are 0 to {self.n - 1}, or -1 for none)"
                )
            return v.initial
        return convert_value(v.initial, t, f"variable '{v.name}'")


def _mentions_any(t: Type) -> bool:
    while isinstance(t, (ListT, SetT)):
        t = t.elem
    return t is ANY


def _lower_first(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:]


def _check_range(o: Any, value: Any) -> None:
    if o.minimum is not None and isinstance(value, int) and value < o.minimum:
        raise ValueError(f"default of option '{o.name}' is {value}, below its minimum {o.minimum}")
    if o.maximum is not None and isinstance(value, int) and value > o.maximum:
        raise ValueError(f"default of option '{o.name}' is {value}, above its maximum {o.maximum}")
    if o.choices is not None and value not in o.choices:
        raise ValueError(f"default of option '{o.name}' is not one of its choices {list(o.choices)}")


def _guess_enum_list(values: list, types: Mapping[str, Type]) -> Type | None:
    for name in ("card", "rank", "suit", "team", "kind"):
        t = types[name]
        if isinstance(t, EnumT) and t.values and all(v in t.values for v in values):
            return ListT(t)
    return None


def _slot_loader(slot: int) -> Callable[[Any], Any]:
    def load(fr: Any) -> Any:
        return fr.env.vars[slot]

    load.slot = slot  # type: ignore[attr-defined]  # (which slot: the rules page evaluates rankings by it)
    return load


def _zone_loader(z: int) -> Callable[[Any], Any]:
    return lambda fr: fr.env.zones[z]


def var_value(t: Type, slot: int, index: Type | None = None, seat: bool = False) -> Value:
    """A name for a state variable slot, read as `fr.env.vars[slot]` (with its text, see expr/emit.py);
    `index`: what indexes a variable kept per seat (int) or per team (the team enum); `seat`: it
    is declared `type: seat`."""
    return Value(t, _slot_loader(slot), f"f.env.vars[{int(slot)}]", index, seat)


def _is_seat(declared: Any) -> bool:
    return declared is not None and str(declared).strip() == "seat"


class SubSource:
    """A piece of a located string (the seat inside `hand(...)`, the index in `x[...]`).

    A mapping key is a plain string: its `span` (the key's place) stands in for the string's own,
    `quoted` when the key is written in quotes (positions inside it then start one column on)."""

    def __init__(self, whole: Any, start: int, text: str, span: Span | None = None, quoted: bool = False):
        self.text = text
        self._whole, self._start = whole, start
        self._span, self._quoted = span, quoted

    def span_at(self, start: int, end: int) -> Span:
        if hasattr(self._whole, "span_at"):
            return self._whole.span_at(self._start + start, self._start + end)
        s = self._span or getattr(self._whole, "span", None)
        if s is None:
            return Span("<ruleset>", 1, 1)
        if self._span is None:
            return s
        col = s.col + int(self._quoted) + self._start
        return Span(s.file, s.line, col + start, s.line, col + max(end, start + 1))


def key_is_quoted(sources: Mapping[str, str], span: Span | None) -> bool:
    """Whether the mapping key at `span` is written in quotes."""
    if span is None or span.file not in sources:
        return False
    lines = sources[span.file].splitlines()
    line = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    return 0 < span.col <= len(line) and line[span.col - 1] in "\"'"


def _named(ids: Any, names: Any) -> dict[str, str]:
    """Each suit's or rank's names in every language, lower case, with its id (for the hint where a name
    is written for an id: 'ace' for 'a')."""
    return {n.lower(): i for i, text in zip(ids, names) for n in text.values.values() if n.lower() not in ids}


def vspan(node: Any, key: str, fallback: Span | None) -> Span | None:
    """The span of a mapping's value (ints and booleans carry none of their own)."""
    value = node.get(key) if isinstance(node, Mapping) else None
    spans = getattr(node, "value_spans", None) or {}
    return getattr(value, "span", None) or spans.get(key) or fallback


__all__ = ["Compiler", "Src", "SubSource", "convert_value", "default_value", "key_is_quoted", "var_value", "vspan"]
