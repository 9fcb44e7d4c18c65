"""The small run-time functions compiled steps are made of: a slot's read, constants, and checked
or converted values (a whole per-seat variable set at once, a recorded value, `move.by`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.diagnostics import Span
from interpreter.compiling.context import vspan
from interpreter.engine import program as P
from interpreter.expr import ExprRuntimeError, Limits
from interpreter.expr.ast import Call, ListLit, Name
from interpreter.expr.parse import parse
from interpreter.expr.source import PlainSource


def slot(slot: int) -> Callable[[Any], Any]:
    """A read of one variable slot (which one is its `slot`)."""

    def read(fr: Any) -> Any:
        return fr.env.vars[slot]

    read.slot = slot  # type: ignore[attr-defined]
    return read


def parsed(text: Any) -> Any:
    """An expression's syntax tree, to see what it is written as; None where it does not parse (its
    errors are the compiler's to report)."""
    try:
        source: Any = PlainSource(str(text))  # (typed Any as the other plain sources are: parse reads it only)
        return parse(source, Limits())[0]
    except Exception:
        return None


def written_length(text: Any, seats: int) -> int | None:
    """How many values an expression gives, where the text says it whatever the state: a list written
    out (`[1, 2, 3]`), `seats` or `seats_from(s)` (one per seat), `others_from(s)` (one fewer); else
    None.  (These are engine names a ruleset cannot declare again.)"""
    tree = parsed(text)
    if isinstance(tree, ListLit):
        return len(tree.items)
    if isinstance(tree, Name) and tree.id == "seats":
        return seats
    if isinstance(tree, Call) and isinstance(tree.func, Name) and len(tree.args) == 1:
        return {"seats_from": seats, "others_from": seats - 1}.get(tree.func.id)
    return None


def one_each(fn: Callable, name: str, per: str, size: int, span: Span | None, compiled: Any = None, bag: Any = None):
    """A whole per-seat or per-team variable set at once must get one value for each: a list written
    out (`[0, 0, 0]`) is counted when the file loads (an error in `bag`), anything else when it runs."""
    tree = None if compiled is None else parse(compiled.source, Limits())[0]
    if isinstance(tree, ListLit) and len(tree.items) != size and bag is not None:
        n = len(tree.items)
        bag.error(f"'{name}' holds one value per {per} ({size}), and this list has {n}", span)

    def checked(fr: Any) -> Any:
        value = fn(fr)
        if len(value) != size:
            raise ExprRuntimeError(f"'{name}' holds one value per {per} ({size}), and this gives {len(value)}", span)
        return value

    return checked


def converted(fn: Callable, convert: Callable) -> Callable:
    """A recorded value as plain data, copied when it is written (compiling/plain.py)."""
    return lambda fr: convert(fn(fr))


def as_tuple(fn: Callable) -> Callable:
    """List values are stored as tuples, so copies of a state never share them."""
    return lambda fr: tuple(fn(fr))


def true(fr: Any) -> bool:
    return True


def const(value: Any) -> Callable:
    return lambda fr: value


def false(fr: Any) -> bool:
    return False


def zero(fr: Any) -> int:
    return 0


def one(fr: Any) -> int:
    return 1


def placer(by: Callable, seats: int) -> Callable:
    """`move.by`: its seat, checked (a number that is no seat stops the game with the step named)."""

    def placer(f: Any) -> int:
        seat = by(f)
        if not 0 <= seat < seats:
            raise P.FlowError(f"move 'by' gives {seat}, which is no seat (seats are 0 to {seats - 1})")
        return seat

    return placer


def zone_value(fn: Callable, names: tuple, bases: tuple, per_seat: tuple) -> Callable:
    """A zone given by an expression (a variable, parameter or function of type `zone`): the shared
    zone it names; none, or a zone that is one per seat, stops the game with the step named."""

    def zone(fr: Any) -> int:
        z = fn(fr)
        if z is None:
            raise P.FlowError("the zone expression gives none, not a zone")
        if per_seat[z]:
            raise P.FlowError(f"the zone expression gives '{names[z]}', which is one per seat: write {names[z]}(seat)")
        return bases[z]

    return zone


def face_default(dst: Callable, by_zone: tuple) -> Callable:
    """A move's face when the move does not say it and its destination is an expression: face up into
    a zone everybody sees, face down into one nobody sees, else kept (None)."""
    return lambda fr: by_zone[dst(fr)]


def deal_fits_the_deck(bag: Any, v: Any, packets: tuple | None, players: int, deck: int, span: Span | None) -> None:
    """A deal of packets written out to seats the text counts (`seats`, `seats_from(d)`) that needs
    more cards than the whole deck holds fails in every game: said when the file loads."""
    dealt = written_length(v["seats"], players)
    if packets is None or dealt is None or not all(isinstance(p, int) for p in packets):
        return
    total = sum(packets) * dealt
    if total > deck:
        bag.error(
            f"this deal gives {total} cards ({sum(packets)} to each of {dealt} seats), and the deck has {deck}",
            vspan(v, "packets", span),
        )


def no_choice_in_claims(bag: Any, actions: Any, offered: Any, span: Span | None) -> None:
    """A claim window's answers are single moves: an action choosing several values is refused, with
    the way to offer such a move (a bomb out of turn: one card naming the cards the effect moves)."""
    for k in offered:
        if actions[k].param_count is not None:
            bag.error(
                f"a claim window cannot offer '{actions[k].name}', a choice of several values",
                span,
                "offer one value that names the cards (a bomb by its highest card, or by its rank) and move the"
                ' rest in the effect (`cards: "[c for c in hand(player) if c.rank == card.rank]"`)',
            )
