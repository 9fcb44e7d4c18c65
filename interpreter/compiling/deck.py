"""Cards as small integers: the deck's faces and their attribute tables.

Every distinct card face gets an int (0..F-1) in declaration order: grid
cards (each suit with each rank, id `suit-rank`) and then listed cards.
Identical copies share a face.  Attributes become tuples indexed by face, so
`card.suit` at run time is one tuple lookup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag, did_you_mean
from interpreter.base.records import dataclass, field
from interpreter.model import Deck, Text

_TYPES = {"int": int, "bool": bool, "str": str}


def _fits(value: Any, type_name: str) -> bool:
    """Whether a YAML value has a declared attribute type (the loader's strings are a `str`
    subclass that keeps their place in the file; a bool is never an int)."""
    if type_name == "str":
        return isinstance(value, str)
    return type(value) is _TYPES[type_name]


def _plain(value: Any) -> Any:
    """The value as the attribute tables hold it: plain `str`, not the located string."""
    return str(value) if isinstance(value, str) else value


@dataclass(frozen=True, slots=True)
class Cards:
    """The compiled deck: ids, names and attribute tables indexed by face."""

    ids: tuple[str, ...]
    names: tuple[Text, ...]
    suit_of: tuple[int, ...]  # index into suit_ids, -1 when the card has no suit
    rank_of: tuple[int, ...]  # index into rank_ids, -1 when the card has no rank
    copies: tuple[int, ...]
    suit_ids: tuple[str, ...]
    suit_names: tuple[Text, ...]
    suit_symbols: tuple[str | None, ...]
    suit_colors: tuple[str | None, ...]
    rank_ids: tuple[str, ...]
    rank_names: tuple[Text, ...]
    attrs: Mapping[str, tuple]  # attribute name -> value per face
    attr_types: Mapping[str, str]
    deck_order: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck_order", tuple(face for face, n in enumerate(self.copies) for _ in range(n)))

    @property
    def count(self) -> int:
        return len(self.ids)

    @property
    def total(self) -> int:
        return sum(self.copies)

    def index(self) -> dict[str, int]:
        return {cid: i for i, cid in enumerate(self.ids)}

    def initial_deck(self) -> list[int]:
        """Every physical card, as faces, in a fixed order (before any shuffle)."""
        return list(self.deck_order)


def _check_attrs(attrs: Mapping[str, Any], types: Mapping[str, str], where: Any, bag: DiagnosticBag) -> None:
    keys = getattr(attrs, "key_spans", {}) or {}
    values = getattr(attrs, "value_spans", {}) or {}
    fallback = getattr(where, "span", None)
    for name, value in attrs.items():
        if name not in types:
            bag.error(
                f"unknown card attribute '{name}'",
                keys.get(name, fallback),
                did_you_mean(name, types) or "declare it under deck.attributes first",
            )
        elif not _fits(value, types[name]):
            bag.error(
                f"attribute '{name}' is declared {types[name]}, but this value is {value!r}", values.get(name, fallback)
            )


def _typed(value: Any, type_name: str, default: Any) -> Any:
    return _plain(value) if _fits(value, type_name) else default


def _exclude_span(deck: Deck, cid: str) -> Any:
    """The span of an `exclude` entry (located strings carry their own)."""
    found = next((c for c in deck.exclude if c == cid), None)
    return getattr(found, "span", None) or deck.span


def _value_span(node: Any, key: str, fallback: Any) -> Any:
    spans = getattr(node, "value_spans", None) or {}
    return spans.get(key, fallback)


def build_cards(deck: Deck, bag: DiagnosticBag) -> Cards:
    """Compile the deck section; problems (unknown ids, attributes) go into `bag`."""
    types = {a.name: a.type for a in deck.attributes}
    for a in deck.attributes:
        if not _fits(a.default, a.type):
            bag.error(f"default of attribute '{a.name}' must be {a.type}, not {a.default!r}", a.default_span or a.span)
    suits, ranks = deck.suits, deck.ranks
    for entry in (*suits, *ranks, *deck.cards):
        _check_attrs(entry.attrs, types, entry, bag)
    suit_index = {s.id: i for i, s in enumerate(suits)}
    rank_index = {r.id: i for i, r in enumerate(ranks)}
    ids: list[str] = []
    names: list[Text] = []
    suit_of: list[int] = []
    rank_of: list[int] = []
    copies: list[int] = []
    values: list[dict[str, Any]] = []
    excluded = set(deck.exclude)
    whole_grid = {f"{s.id}-{r.id}" for s in suits for r in ranks}
    for cid in deck.exclude:
        if cid not in whole_grid:
            bag.error(f"exclude names unknown card '{cid}'", _exclude_span(deck, cid), did_you_mean(cid, whole_grid))
    for s in suits if ranks else ():
        for r in ranks:
            cid = f"{s.id}-{r.id}"
            if cid in excluded:
                continue
            ids.append(cid)
            names.append(_grid_name(s.name, r.name))
            suit_of.append(suit_index[s.id])
            rank_of.append(rank_index[r.id])
            copies.append(deck.copies)
            values.append({**s.attrs, **r.attrs})
    grid = set(ids)
    for c in deck.cards:
        if c.id in grid:
            bag.error(f"card id '{c.id}' is already a grid card (suit-rank)", c.span)
            continue
        for what, value, index in (("suit", c.suit, suit_index), ("rank", c.rank, rank_index)):
            if value is not None and value not in index:
                bag.error(
                    f"card '{c.id}' names unknown {what} '{value}'",
                    _value_span(c.node, what, c.span),
                    did_you_mean(value, index),
                )
        ids.append(c.id)
        suit, rank = suit_index.get(c.suit or "", -1), rank_index.get(c.rank or "", -1)
        if "name" not in (c.node or {}) and suit >= 0 and rank >= 0:
            names.append(_grid_name(suits[suit].name, ranks[rank].name))  # named as a grid card is (Clubs Ace)
        else:
            names.append(c.name)
        suit_of.append(suit)
        rank_of.append(rank)
        copies.append(c.copies or deck.copies)
        base = {
            **(suits[suit_index[c.suit]].attrs if c.suit in suit_index else {}),
            **(ranks[rank_index[c.rank]].attrs if c.rank in rank_index else {}),
        }
        values.append({**base, **c.attrs})
    index = {cid: i for i, cid in enumerate(ids)}
    for cid, attrs in deck.card_attrs.items():
        if cid not in index:
            bag.error(
                f"card_attrs names unknown card '{cid}'", getattr(attrs, "span", deck.span), did_you_mean(cid, index)
            )
            continue
        _check_attrs(attrs, types, attrs, bag)
        values[index[cid]].update(attrs)
    if not ids:
        bag.error("the deck has no cards", deck.span, "declare suits and ranks, or list cards")
    # Values of the wrong type were reported above; the tables hold well-typed values only, so that later
    # stages (ranking tables, meld tables) can go on and report their own problems.
    defaults = {a.name: _plain(a.default) if _fits(a.default, a.type) else _TYPES[a.type]() for a in deck.attributes}
    tables = {a.name: tuple(_typed(v.get(a.name), a.type, defaults[a.name]) for v in values) for a in deck.attributes}
    return Cards(
        ids=tuple(ids),
        names=tuple(names),
        suit_of=tuple(suit_of),
        rank_of=tuple(rank_of),
        copies=tuple(copies),
        suit_ids=tuple(s.id for s in suits),
        suit_names=tuple(s.name for s in suits),
        suit_symbols=tuple(s.symbol for s in suits),
        suit_colors=tuple(s.color for s in suits),
        rank_ids=tuple(r.id for r in ranks),
        rank_names=tuple(r.name for r in ranks),
        attrs=tables,
        attr_types=types,
    )


def _grid_name(suit: Text, rank: Text) -> Text:
    langs = set(suit.values) | set(rank.values)
    return Text({lang: f"{suit.get(lang)} {rank.get(lang)}" for lang in sorted(langs)})


def shared_values(table: Any, of: Any, count: int) -> tuple | None:
    """For each of `count` suits (ranks), the value of the attribute `table` its cards all share, or
    None when the cards of one differ (or one has no card)."""
    found: dict[int, Any] = {}
    for card, value in enumerate(table):
        group = of[card]
        if group < 0:
            continue
        if found.setdefault(group, value) != value:
            return None
    return tuple(found[g] for g in range(count)) if len(found) == count else None
