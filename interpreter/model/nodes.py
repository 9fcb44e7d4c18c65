"""The model's node types: frozen dataclasses that keep their source spans.

Expressions stay as located strings; the compiler parses and checks them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.base.records import dataclass, field

STEP_KINDS = (
    "shuffle",
    "deal",
    "move",
    "collect",
    "reveal",
    "set",
    "add",
    "pick",
    "if",
    "for_each",
    "repeat",
    "turn",
    "claim",
    "phase",
    "break",
    "end_game",
    "record",
    "announce",
    "event",
    "end_deal",
)


@dataclass(frozen=True, slots=True)
class Text:
    """Words in one or more languages; `get` falls back to English, then any."""

    values: Mapping[str, str]

    def get(self, lang: str = "en") -> str:
        if lang in self.values:
            return self.values[lang]
        base = lang.split("-")[0]
        return self.values.get(base) or self.values.get("en") or next(iter(self.values.values()), "")

    @staticmethod
    def of(raw: Any) -> Text:
        if raw is None:
            return Text({})
        if isinstance(raw, Mapping):  # located strings keep their place in the file
            return Text({str(k): v if isinstance(v, str) else str(v) for k, v in raw.items()})
        return Text({"en": raw if isinstance(raw, str) else str(raw)})


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule id and its one line of text, attached to whatever implements it."""

    id: str | None
    text: Text
    span: Span | None = None

    def describe(self, lang: str = "en") -> str:
        words = self.text.get(lang)
        return f"{words} ({self.id})" if self.id and words else (words or self.id or "")


@dataclass(frozen=True, kw_only=True, slots=True)
class AttrDecl:
    name: str
    type: str
    default: Any
    span: Span | None
    default_span: Span | None = None
    description: Text = Text({})
    order: str = "highest_first"  # how the rules page ranks the cards by it (`lowest_first`, `none`: not a ranking)


@dataclass(frozen=True, kw_only=True, slots=True)
class DeckEntry:
    """A suit, a rank, or an explicitly listed card."""

    id: str
    name: Text
    attrs: Mapping[str, Any]
    span: Span | None
    symbol: str | None = None
    color: str | None = None
    suit: str | None = None
    rank: str | None = None
    copies: int | None = None
    node: Any = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Deck:
    attributes: tuple[AttrDecl, ...]
    suits: tuple[DeckEntry, ...]
    ranks: tuple[DeckEntry, ...]
    cards: tuple[DeckEntry, ...]
    card_attrs: Mapping[str, Mapping[str, Any]]
    copies: int
    exclude: tuple[str, ...]
    zone: str
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Team:
    id: str
    name: Text
    seats: tuple[int, ...]
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Players:
    count: int  # the seats of this compiled game: players.count, or the choice it was loaded for
    order: str
    teams: tuple[Team, ...]
    seat_names: tuple[Text, ...]
    choices: tuple[int, ...] = ()  # players.choices, in increasing order (empty: the count is fixed)
    default: int = 0  # players.count as written (the count a game has unless another is chosen)


@dataclass(frozen=True, kw_only=True, slots=True)
class Zone:
    name: str
    per: str
    visibility: str
    groups: bool
    label: Text
    description: Text
    sort: Any
    show: str
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Variable:
    node: Any = None
    name: str
    type: str
    per: str
    initial: Any
    visibility: str
    description: Text
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Constant:
    node: Any = None
    name: str
    type: str | None
    value: Any
    rule: Rule | None
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Option:
    node: Any = None
    name: str
    type: str
    default: Any
    choices: tuple | None
    minimum: int | None
    maximum: int | None
    description: Text
    rule: Rule | None
    span: Span | None
    label: Text = Text({})  # empty when the ruleset gives none: `shown_name` falls back to the name

    def shown_name(self, lang: str = "en") -> str:
        """The option's label in `lang` (English, then any, as other texts), else its name."""
        return self.label.get(lang) or self.name


@dataclass(frozen=True, kw_only=True, slots=True)
class Function:
    name: str
    params: tuple[tuple[str, str, Span | None], ...]
    value: Any
    returns: Any = None  # the declared type of the value (a located string), or None: worked out from it
    rule: Rule | None
    span: Span | None
    order: str = "highest_first"  # a card function's ranking on the rules page (`lowest_first`: a place; `none`)


@dataclass(frozen=True, kw_only=True, slots=True)
class Branch:
    """An `elif` of an `if` step: its condition (a located string) and its steps."""

    condition: Any
    span: Span | None
    body: tuple[Step, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Step:
    """One flow step: its kind, its raw (located) arguments, and nested bodies (an `if` has `body`,
    its `elifs` in order, then `else_body`)."""

    kind: str
    value: Any
    rule: Rule | None
    span: Span | None
    value_span: Span | None = None
    body: tuple[Step, ...] = ()
    elifs: tuple[Branch, ...] = ()
    else_body: tuple[Step, ...] = ()

    def bodies(self) -> tuple[tuple[Step, ...], ...]:
        """Every nested step list, in order."""
        return (self.body, *(b.body for b in self.elifs), self.else_body)


@dataclass(frozen=True, kw_only=True, slots=True)
class Restriction:
    rule: Rule
    when: Any
    require: Any
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    name: str
    rule: Rule | None
    label: Text
    param_count: tuple[int, int] | None  # (min, max) for a choice of several values, else None
    partial_if: Any
    param_name: str | None
    param_from: Any
    available_if: Any
    legal_if: tuple[Restriction, ...]
    effect: tuple[Step, ...]
    span: Span | None
    told: Text = Text({})  # how the story tells the move, where not by its label


@dataclass(frozen=True, kw_only=True, slots=True)
class MeldKindDecl:
    name: str
    shape: str
    size: int  # the fewest cards
    largest: int | None  # the most (None: `size` only; 0: as many as may be)
    sequence: str | tuple[str, ...] | None
    same: str | None
    member_if: Any
    allowed_if: Any
    rule: Rule | None
    span: Span | None
    label: Text = Text({})


@dataclass(frozen=True, kw_only=True, slots=True)
class ShapeDecl:
    name: str
    groups: int
    pairs: int
    group_kinds: tuple[str, ...]
    pair_kinds: tuple[str, ...]
    rule: Rule | None
    span: Span | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Invariant:
    rule: Rule
    check: Any
    span: Span | None
    when: Any = None  # checked after every action at which it holds (with invariant checks on)


@dataclass(frozen=True, kw_only=True, slots=True)
class Model:
    """A whole ruleset, structurally checked, expressions not yet compiled."""

    id: str
    name: Text
    description: Text
    source: str | None
    players: Players
    deck: Deck
    rules: tuple[Rule, ...]
    constants: tuple[Constant, ...]
    options: tuple[Option, ...]
    zones: tuple[Zone, ...]
    variables: tuple[Variable, ...]
    functions: tuple[Function, ...]
    meld_kinds: tuple[MeldKindDecl, ...]
    shapes: tuple[ShapeDecl, ...]
    actions: tuple[Action, ...]
    phases: Mapping[str, tuple[Step, ...]]
    phase_spans: Mapping[str, Span | None]
    phase_titles: Mapping[str, Text]
    flow: tuple[Step, ...]
    returns: Any
    won: Any  # result.won: whether `seat` won (None: the sole best score wins)
    evaluate: Any  # hints.evaluate (or the older result.evaluate)
    prefer: Mapping[str, Any]  # hints.prefer: action name -> expression
    prefer_spans: Mapping[str, Span | None]
    deliberate: Mapping[str, Any]  # hints.deliberate: action name -> expression (an agent's own decision)
    deliberate_spans: Mapping[str, Span | None]
    hints_about: Text  # hints.about: the hints in plain words
    plausible: Any  # hints.plausible: how likely a seat's sampled cards are
    horizon: int  # hints.horizon: rounds of the table before playouts stop (0: the end of the deal)
    playouts: str  # hints.playouts: "prefer" (search plays out by the hints) or "random"
    summary: Text
    invariants: tuple[Invariant, ...]
    status: Any  # the located mapping (label -> expression) or list of lines ({text, if} or a text)
    carry: tuple[str, ...]
    seat_lines: Any = ()  # display.seats: lines ({text, if} or a text) about each seat, `seat` bound
    deal_word: Text = Text({})  # display.deal: what one deal is called (Hand, Board); empty: "Deal"
    images: Any = None  # display.images, the located mapping (face, back, cards)
    carry_spans: tuple[Span | None, ...] = ()
    span: Span | None = None  # the top-level mapping (where a missing section is reported)
    all_rules: tuple[Rule, ...] = field(default=())


_TEXT_KEYS = ("text", "label", "prompt", "title")  # where a step's own arguments hold words


def text_languages(node: Any) -> Counter:
    """How many of a model's texts (names, labels, rules, and the event texts and prompts in its steps)
    are written in each language: a text written once, without a language, counts as English."""
    found: Counter = Counter()

    def walk(x: Any, key: Any = None, raw: bool = False) -> None:
        if isinstance(x, Text):
            found.update(x.values.keys())
        elif isinstance(x, str):
            if raw and key in _TEXT_KEYS:
                found["en"] += 1
        elif isinstance(x, Mapping):  # a step's arguments as written (or a mapping of the model's)
            if raw and key in _TEXT_KEYS and x and all(isinstance(v, str) for v in x.values()):
                found.update(x.keys())  # a text in several languages
                return
            for k, v in x.items():
                walk(v, k, True)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v, key, raw)
        elif hasattr(x, "__dataclass_fields__"):  # (its own strings are names and ids, not words)
            for f in x.__dataclass_fields__:
                walk(getattr(x, f), f)

    walk(node)
    return found


def step_lists(model: Model) -> list:
    """Every top-level list of steps: the flow, each phase's, each action's effect."""
    return [model.flow, *model.phases.values(), *(action.effect for action in model.actions)]


def zone_name(ref: Any) -> str:
    """The zone a step names (`hand(player)` -> `hand`)."""
    return str(ref).split("(")[0].strip()


def turned_up_zones(model: Model) -> set[str]:
    """The zones the rules put cards into face up (a `move` or `deal` with `face: up`) or turn up
    (`reveal`): there a zone's visibility does not hide them."""
    found: set[str] = set()

    def walk(steps: Any) -> None:
        for step in steps:
            v = step.value
            if step.kind in ("move", "deal") and isinstance(v, Mapping) and str(v.get("face")) == "up":
                found.add(zone_name(v.get("to", "")))
            elif step.kind == "reveal":
                found.add(zone_name(v.get("zone", "") if isinstance(v, Mapping) else v))
            for body in step.bodies():
                walk(body)

    for steps in step_lists(model):
        walk(steps)
    return found
