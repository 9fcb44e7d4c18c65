"""The story of a game in words: events, breakdowns and the match table, for one seat.

Everything here reads the plain data of an observation (`events`, `deals`):
the engine has already hidden every card the seat may not see, so what these
functions write is what that seat may know.  The prompt prints them; a log
reader or any other front end can print the same lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from interpreter.base.i18n import N_, _
from interpreter.text.render import Renderer, pad, width, wrap, you_agree

# The words this module writes itself, marked for the catalogs and translated where shown.
WORDS = {
    "row": N_("{label}: {value}"),  # i18n: a breakdown's row of one value, beside rows of columns
    "claimed": N_("{who} claimed: {what}"),
    "answered": N_("{who} answered: {what}"),
    "turned_up": N_("Turned face up ({zone}): "),
    "shown_of": N_("{zone} of {who}, turned face up: "),
    "shown_yours": N_("Your {zone}, turned face up: "),
    "deal": N_("Deal"),
    "earlier": N_("before"),
    "total": N_("Total"),
    "match": N_("Match table:"),
    "legend": N_("{hidden} is a card lying face down, which you cannot see."),
}

Sorter = Callable[[str, list], list]  # (zone name, card ids) -> the ids in the zone's display order


class StoryWriter:
    """Writes events as lines for the seat a Renderer speaks to."""

    def __init__(self, renderer: Renderer, columns: int = 100, sort: Sorter | None = None):
        self.r, self.columns = renderer, columns
        self.sort = sort or (lambda zone, cards: cards)

    # ----- one event ----------------------------------------------------------------------------
    def lines(self, event: Mapping) -> list[str]:
        kind = event.get("kind")
        if kind in ("action", "claim"):
            return [self._decision(event)]
        if kind == "reveal":
            return self._reveal(event)
        out: list[str] = []
        text = self.r.fill(event.get("text"), empty="", glue=True)  # (a card's name is not split)
        if text:
            lines = wrap(text.split(" "), self.columns, indent="    ", sep=" ")
            out.extend(line.replace("\u00a0", " ") for line in lines)
        cards = event.get("cards") or []
        if event.get("by"):
            out.extend(wrap(self._placed(cards, event["by"]), self.columns, first="    ", indent="    ", sep=_(", ")))
        elif cards and not _names_cards(event.get("text")):
            out.extend(wrap([self.r.card(c) for c in cards], self.columns, first="    ", indent="    "))
        if event.get("rows"):
            out.extend(self.table(event["rows"]))
        return out

    def _decision(self, event: Mapping) -> str:
        r = self.r
        value = event.get("value")  # its cards, suit or rank by name, as the menu writes moves
        action = str(event.get("action", "?"))
        if value is not None and " " in str(value):  # a choice of several cards: in the hand's order
            value = " ".join(self._in_hand_order(str(value).split(" ")))
        words = [r.action(action + ("" if value is None else f" {value}"), told=True)]
        if event.get("seat") == r.viewer and r.tells_in_english(action):  # "You: take the skat", told "takes"
            words[0] = you_agree(" " + words[0])[1:]
        cards = [r.card(c) for c in event.get("cards") or ()]
        if len(cards) > 1 and any(" " in c for c in cards):  # names of several words: "Clubs 2, Clubs 3"
            cards = [_(", ").join(cards)]
        what = " ".join([*words, *cards])
        who = r.player(event.get("seat", -1))
        if event.get("kind") == "claim":
            return "  " + _(WORDS["claimed"], who=who, what=what)
        return f"  {who}: {what}"

    def _in_hand_order(self, ids: list[str]) -> list[str]:
        """Cards of a choice of several (ids) as the seat's own zone shows them (a straight in order)."""
        index = self.r.index
        if not all(i in index for i in ids):
            return ids
        own = hand_zone(self.r.rs)
        return list(self.sort(own.name, ids)) if own is not None else ids

    def _reveal(self, event: Mapping) -> list[str]:
        zone = event.get("zone") or ""
        cards = list(event.get("cards") or ())
        by = list(event.get("by") or [-1] * len(cards))
        owners = {b for b in by if b >= 0}
        info = next((z for z in self.r.rs.zones if z.name == zone), None)
        own = info is not None and info.per == "seat"
        placed_by_one = len(owners) == 1 and all(b >= 0 for b in by)
        if own and (placed_by_one or (not owners and event.get("seat", -1) >= 0)):
            # one seat's cards (a hand shown; a card of a grid the flow dealt): in its order
            seat = owners.pop() if placed_by_one else event["seat"]
            label = self._zone_label(zone)
            if seat == self.r.viewer:
                head = _(WORDS["shown_yours"], zone=label)
            else:
                head = _(WORDS["shown_of"], zone=label[:1].upper() + label[1:], who=self.r.player(seat))
            return wrap([self.r.card(c) for c in self.sort(zone, cards)], self.columns, first=head, indent="    ")
        pairs = self._placed(cards, by)
        head = _(WORDS["turned_up"], zone=self._zone_label(zone))
        return wrap(pairs, self.columns, first=head, indent="    ", sep=_(", "))

    def _placed(self, cards: list, by: list) -> list[str]:
        """Cards with the seat that placed each ("Seat 2 Red 5"; a card the flow placed stands alone)."""
        return [f"{self.r.seat_in_text(b)} {self.r.card(c)}" if b >= 0 else self.r.card(c) for c, b in zip(cards, by)]

    def _zone_label(self, name: str) -> str:
        info = next((z for z in self.r.rs.zones if z.name == name), None)
        return self.r.text(info.label) if info is not None else name

    # ----- breakdowns ---------------------------------------------------------------------------
    def table(self, rows: Sequence[Mapping]) -> list[str]:
        """Rows of a breakdown: a label, a value (one column per team or seat for lists), cards."""
        columns = self._columns(rows)
        labels = [self.r.fill(row.get("label")) for row in rows]
        label_width = min(max((width(x) for x in labels), default=0), 40)
        out: list[str] = []
        header_done = False
        for row, label in zip(rows, labels):
            value = row.get("value")
            items = value.get("list") if isinstance(value, Mapping) else None
            items = self._by_seat(items, len(columns))
            if items is not None and columns and len(items) == len(columns):
                names = [n for n in columns]
                cells = [self.r.typed(x) for x in items]
                widths = [max(width(n), width(c), 5) for n, c in zip(names, cells)]
                if not header_done:
                    out.append("    " + pad("", label_width) + _cells(names, widths))
                    header_done = True
                out.append("    " + pad(label, label_width) + _cells(cells, widths))
                continue
            shown = self.r.typed(value) if value is not None else ""
            cards = row.get("cards") or []
            if columns and shown:  # one value in a table of columns: said, not put under the first column
                line = "    " + _(WORDS["row"], label=label, value=shown)
            else:
                line = "    " + pad(label, label_width) + "  " + pad(shown, 6, True)
            if cards:
                line += "   " + self.r.card_group(cards)
            out.append(line.rstrip())
        return out

    def _by_seat(self, items: Sequence | None, columns: int) -> Sequence | None:
        """A row of one value per team in a table of seats: each seat shows its team's value."""
        rs = self.r.rs
        if items is None or columns != rs.num_players or len(items) == columns or len(items) != len(rs.team_ids):
            return items
        return [items[t] for t in rs.team_of_seat]

    def _columns(self, rows: Sequence[Mapping]) -> list[str]:
        """The names of a breakdown's columns: teams when the lists have one value per team, else seats."""
        sizes = {len(v["list"]) for v in (row.get("value") for row in rows) if isinstance(v, Mapping) and "list" in v}
        return self.heads(max(sizes)) if sizes else []

    def heads(self, n: int) -> list[str]:
        rs = self.r.rs
        if rs.team_ids and n == len(rs.team_ids) and n != rs.num_players:
            return [self.r.team(t) for t in rs.team_ids]
        if n == rs.num_players:
            return [self.r.seat(s) for s in range(n)]
        return [str(i) for i in range(n)]

    # ----- the match table ----------------------------------------------------------------------
    def _label(self, label: Mapping[str, str]) -> str:
        """A bonus row's name (`end_deal`'s `label`, by language) in the reader's language."""
        lang = self.r.lang
        return label.get(lang) or label.get(lang.split("-")[0]) or label.get("en") or next(iter(label.values()), "")

    def match_table(self, deals: Sequence[Mapping], earlier: Sequence[Mapping] = ()) -> list[str]:
        """One row per finished deal (earlier games of the match first), and the totals."""
        every = [*earlier, *deals]
        if not every:
            return []
        n = max(len(d.get("scores") or ()) for d in every)
        if n == 0:
            return []
        heads = self.heads(n)
        widths = [max(width(h), 6) for h in heads]
        deal = self.r.text(self.r.rs.model.deal_word) if self.r.rs.model.deal_word.values else _(WORDS["deal"])
        labels = [width(self._label(d["label"])) for d in every if "label" in d]
        first = max(width(deal) + 4, width(_(WORDS["total"])), width(_(WORDS["earlier"])), *labels)
        out = [_(WORDS["match"]), "  " + pad(deal, first) + _cells(heads, widths)]
        carried = _carried(every[0])
        if carried:
            out.append("  " + pad(_(WORDS["earlier"]), first) + _cells(carried, widths))
        number = 0
        for d in every:  # a row with a label is no deal (a bonus): named, not numbered
            number += "label" not in d
            name = self._label(d["label"]) if "label" in d else str(number)
            out.append("  " + pad(name, first) + _cells(list(d.get("scores") or ()), widths))
        totals = list(every[-1].get("totals") or ()) or [
            sum(list(d.get("scores") or ())[k] for d in every) + (carried[k] if carried else 0) for k in range(n)
        ]
        out.append("  " + pad(_(WORDS["total"]), first) + _cells(totals, widths))
        return out


def _cells(values: Sequence, widths: Sequence[int]) -> str:
    """Values right-aligned in columns of these widths, two spaces apart."""
    return "".join("  " + pad(str(v), w, True) for v, w in zip(values, widths))


def _carried(deal: Mapping) -> list[int] | None:
    """What the match had before its first listed deal (totals carried from earlier games)."""
    scores, totals = list(deal.get("scores") or ()), list(deal.get("totals") or ())
    if not totals or len(totals) != len(scores):
        return None
    before = [t - s for s, t in zip(scores, totals)]
    return before if any(before) else None


def _names_cards(texts: Mapping | None) -> bool:
    """Whether an event's text already names cards (then its card list is not repeated)."""
    if not texts:
        return False
    parts = texts.get("en") or next(iter(texts.values()))
    # (a card placeholder holding no card, {"none": None}, still names the event's card)
    return any(isinstance(p, Mapping) and ("card" in p or "none" in p or _list_of_cards(p)) for p in parts)


def _list_of_cards(p: Mapping) -> bool:
    items = p.get("list") or []
    return bool(items) and all(isinstance(x, Mapping) and "card" in x for x in items)


def hand_zone(rs: Any) -> Any:
    """The zone whose order a choice of several cards is told in: the first per-seat zone with a
    `sort` (a hand), or None."""
    return next((z for z in rs.zones if z.per == "seat" and z.name in rs.zone_sort), None)


def told_again(event: dict, before: list, seat: int) -> bool:
    """The claim applied is the seat's own claim-window answer, told already (`before`: the events
    before it): the seat is told its answer once, when it makes it, and not again as the claim."""
    if event["kind"] != "claim" or event.get("seat") != seat:
        return False
    for e in reversed(before):
        if e["kind"] == "claim":
            return False  # (an answer of an earlier window)
        if e["kind"] == "action" and e.get("to") == [seat]:
            return e.get("action") == event.get("action")
    return False


__all__ = ["WORDS", "StoryWriter", "hand_zone", "told_again"]
