"""The instructions that tell the table what happened: `announce`, `event` and `end_deal` steps,
and `reveal`, which turns cards face up.

They run like every instruction of the flat program (engine/program.py); what they tell is an
`Event` (engine/events.py), made only when the state keeps a story (never in a search playout),
except that `end_deal` always adds the deal's scores to the match table and checks invariants.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.events import NO_VALUE, Event, typed_text
from interpreter.engine.program import FlowError, Fn, Instr, zone_range


class Emit(Instr):
    """Tell the table what happened (`announce` and `event` steps): see engine/events.py.

    `text` maps a language to a template's parts (a string, or (fn, type name, src)); the other
    fields are compiled expressions or None, and `rows` the compiled rows of a breakdown.  Nothing
    is evaluated when the state keeps no story (a search playout).
    """

    __slots__ = ("kind", "text", "seat", "cards", "by", "to", "rows", "cards_zone")

    def __init__(self, kind: str, text: dict | None = None):
        self.kind, self.text = kind, text or {}
        self.seat = self.cards = self.by = self.to = None
        self.cards_zone: Fn | None = None  # where `cards` names a zone (`cards: table`): its index
        self.rows: tuple = ()

    def run(self, st: Any) -> int:
        if st.story:
            st.emit(self.event(st))
        return self.pc + 1

    def event(self, st: Any) -> Event:
        fr = st.fr
        n = st.rs.num_players
        to = self.to(fr) if self.to is not None else None
        if to is not None and (wrong := next((s for s in to if not -1 <= s < n), None)) is not None:
            raise FlowError(f"`to` names seat {wrong}, and the seats are 0 to {n - 1} (-1: nobody)")
        cards = tuple(self.cards(fr)) if self.cards is not None else ()
        by = tuple(self.by(fr)) if self.by is not None else ()
        if by and len(by) != len(cards):
            raise FlowError(f"`by` has {len(by)} entries for {len(cards)} cards: it needs one seat per card")
        event = Event(
            self.kind,
            self.seat(fr) if self.seat is not None else -1,
            typed_text(self.text, fr),
            cards,
            by,
            tuple(_rows(st, self.rows)),
            None if to is None else frozenset(s for s in to if s >= 0),
        )
        if self.cards_zone is not None:
            z = self.cards_zone(fr)
            if tuple(st.zones[z]) == cards:  # (a zone's cards: judged where they lie)
                event.sources = (z, tuple(st.meta[z]))
        return event


def _rows(st: Any, rows: tuple) -> Any:
    """The rows of a breakdown, each (label by language, typed value, cards)."""
    fr, vars_ = st.fr, st.vars
    for each, as_slot, condition, label, value, value_type, cards in rows:
        items = each(fr) if each is not None else (None,)
        for item in items:
            if as_slot is not None:
                vars_[as_slot] = item
            if condition is not None and not condition(fr):
                continue
            yield (
                typed_text(label, fr),
                (value_type, _plain(value(fr))) if value is not None else NO_VALUE,
                tuple(cards(fr)) if cards is not None else (),
            )


def _plain(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, frozenset, set)) else value


class Record(Instr):
    """`record`: named results kept with the game (its log, `replay --check`)."""

    __slots__ = ("items",)

    def __init__(self, items: tuple):
        self.items = items

    def run(self, st: Any) -> int:
        st.record({name: fn(st.fr) for name, fn in self.items}, self.where)
        return self.pc + 1


class EndDeal(Emit):
    """The deal is over: its scores join the match table (`st.deals`), its summary is told, and the
    ruleset's invariants are checked."""

    __slots__ = ("scores", "totals", "label")

    def __init__(self, kind: str = "deal_end", text: dict | None = None):
        super().__init__(kind, text)
        self.scores = self.totals = None
        self.label: dict[str, str] | None = None  # a row that is no deal (a bonus): its name by language

    def run(self, st: Any) -> int:
        fr = st.fr
        deal: dict[str, Any] = {
            "scores": tuple(self.scores(fr)) if self.scores is not None else (),
            "totals": tuple(self.totals(fr)) if self.totals is not None else (),
        }
        rs = st.rs
        sizes = (rs.num_players, len(rs.team_ids)) if rs.team_ids else (rs.num_players,)
        for name, values in deal.items():
            if values and len(values) not in sizes:
                each = f"{sizes[0]}, one per seat" + (f", or {sizes[1]}, one per team" if len(sizes) > 1 else "")
                raise FlowError(f"end_deal's `{name}` has {len(values)} entries; it needs {each}")
        # one match table: a column per seat, or one per team, in every deal
        now = {len(values) for values in deal.values() if values}
        if len(now) > 1:
            raise FlowError(
                f"end_deal's `scores` has {_per(len(deal['scores']), sizes)}, and its `totals` "
                f"{_per(len(deal['totals']), sizes)}: give both per seat or both per team"
            )
        before = {len(st.deals[-1][k]) for k in ("scores", "totals") if st.deals and st.deals[-1][k]}
        if now and before and now != before:
            raise FlowError(
                f"end_deal gives {_per(min(now), sizes)}, where the deal before gave {_per(min(before), sizes)}: "
                "the match table has the same columns in every deal"
            )
        if self.label is not None:
            deal["label"] = self.label
        st.deals.append(deal)
        if st.story:
            st.emit(self.event(st))
        st.rs.check_invariants(st, self.where)
        return self.pc + 1


def _per(n: int, sizes: tuple[int, ...]) -> str:
    return f"{n} entries, one per seat" if n == sizes[0] else f"{n} entries, one per team"


class Reveal(Instr):
    """Turn cards face up where they lie: the whole zone, the `cards` named (a face-down copy of
    each first), `count` cards from one end, or the cards `at` these indexes (0: the front)."""

    __slots__ = ("zone", "cards", "count", "front", "at")

    def __init__(
        self, zone: Fn, cards: Fn | None = None, count: Fn | None = None, front: bool = True, at: Fn | None = None
    ):
        self.zone, self.cards, self.count, self.front, self.at = zone, cards, count, front, at

    def run(self, st: Any) -> int:
        z = self.zone(st.fr)
        zone_range(st, z, self.where)
        metas = st.meta[z]
        if self.cards is None and self.count is None and self.at is None:
            turned = [i for i, m in enumerate(metas) if not m & 1] if st.story else None
            st.meta[z] = [m | 1 for m in metas]
            if turned and st.rs.zone_owner[z] >= 0:
                turned = list(range(len(metas)))  # a seat's zone shown whole: its face-up cards too
        else:
            turned = [i for i in self._places(st, z) if not metas[i] & 1]
            metas = st.meta[z] = metas[:]
            for i in turned:
                metas[i] |= 1
        if turned and st.story:
            st.note_reveal(z, turned)
        if st.watch is not None:
            st.watch(st, z)
        return self.pc + 1

    def _places(self, st: Any, z: int) -> list[int]:
        """The places in zone z of the cards to turn up."""
        cards, metas, fr = st.zones[z], st.meta[z], st.fr
        if self.at is not None:
            at = self.at(fr)
            indexes = sorted({at} if at.__class__ is int else set(at))
            if indexes and not (0 <= indexes[0] and indexes[-1] < len(cards)):
                bad = indexes[0] if indexes[0] < 0 else indexes[-1]
                raise FlowError(
                    f"no card at index {bad} of {st.rs.zone_label(z)}, which holds {len(cards)}", self.where
                )
            return indexes
        if self.count is not None:
            n = self.count(fr)
            if not 0 <= n <= len(cards):
                raise FlowError(f"cannot turn up {n} cards: {st.rs.zone_label(z)} holds {len(cards)}", self.where)
            return list(range(n) if self.front else range(len(cards) - n, len(cards)))
        wanted = self.cards(fr)  # type: ignore[misc]  # (cards or count: run checks)
        places: list[int] = []
        for face in (wanted,) if wanted.__class__ is int else wanted:
            spots = [i for i, c in enumerate(cards) if c == face and i not in places]
            if not spots:
                name = st.rs.cards.ids[face] if 0 <= face < len(st.rs.cards.ids) else face
                raise FlowError(f"cannot turn up {name}: it is not in {st.rs.zone_label(z)}", self.where)
            places.append(next((i for i in spots if not metas[i] & 1), spots[0]))  # a face-down copy first
        return places
