"""The instructions that tell the table what happened: `announce`, `event` and `end_deal` steps.

They run like every instruction of the flat program (engine/program.py); what they tell is an
`Event` (engine/events.py), made only when the state keeps a story (never in a search playout),
except that `end_deal` always adds the deal's scores to the match table and checks invariants.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.events import Event, typed_text
from interpreter.engine.program import Instr


class Emit(Instr):
    """Tell the table what happened (`announce` and `event` steps): see engine/events.py.

    `text` maps a language to a template's parts (a string, or (fn, type name, src)); the other
    fields are compiled expressions or None, and `rows` the compiled rows of a breakdown.  Nothing
    is evaluated when the state keeps no story (a search playout).
    """

    __slots__ = ("kind", "text", "seat", "cards", "by", "to", "rows")

    def __init__(self, kind: str, text: dict | None = None):
        self.kind, self.text = kind, text or {}
        self.seat = self.cards = self.by = self.to = None
        self.rows: tuple = ()

    def run(self, st: Any) -> int:
        if st.story:
            st.emit(self.event(st))
        return self.pc + 1

    def event(self, st: Any) -> Event:
        fr = st.fr
        to = self.to(fr) if self.to is not None else None
        return Event(
            self.kind,
            self.seat(fr) if self.seat is not None else -1,
            typed_text(self.text, fr),
            tuple(self.cards(fr)) if self.cards is not None else (),
            tuple(self.by(fr)) if self.by is not None else (),
            tuple(_rows(st, self.rows)),
            None if to is None else frozenset(s for s in to if 0 <= s < st.rs.num_players),
        )


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
                (value_type, _plain(value(fr))) if value is not None else ("str", None),
                tuple(cards(fr)) if cards is not None else (),
            )


def _plain(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, frozenset, set)) else value


class EndDeal(Emit):
    """The deal is over: its scores join the match table (`st.deals`), its summary is told, and the
    ruleset's invariants are checked."""

    __slots__ = ("scores", "totals")

    def __init__(self, kind: str = "deal_end", text: dict | None = None):
        super().__init__(kind, text)
        self.scores = self.totals = None

    def run(self, st: Any) -> int:
        fr = st.fr
        deal = {
            "scores": tuple(self.scores(fr)) if self.scores is not None else (),
            "totals": tuple(self.totals(fr)) if self.totals is not None else (),
        }
        st.deals.append(deal)
        if st.story:
            st.emit(self.event(st))
        st.rs.check_invariants(st, self.where)
        return self.pc + 1
