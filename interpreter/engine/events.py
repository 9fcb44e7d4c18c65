"""What happened, as structured events: the story every front end renders.

An event has a kind (`action`, `reveal`, `message`, `deal_end`, or a kind the
ruleset names in an `event` step, such as `trick`), an optional subject seat,
a text in each of its languages whose placeholders keep their values and
types (a card stays a card, so each front end writes it in its own language),
cards with the seats that placed them, and breakdown rows.

Hidden information: an event goes only to its audience (every seat, or the
seats in `to`), and for each seat of the audience every card in it is checked
at the moment the event happens: a seat is shown at most as many copies of a
face as it can see at that moment anywhere on the table; the others are
hidden (None).  A ruleset tells a seat what it drew, or what it passed, by
emitting the event while the seat can see those cards.  With copies of a
face (two packs) a face does not say which card it is: the event is taken to
name the copies that moved since the event before it (a seat sees such a
copy if it saw it where it was or sees it where it is), and a face none of
whose copies moved is shown to an audience of several seats only as often as
it lies face up.  What an event says in words about hidden cards (a hand's
total) is the ruleset's to keep to `to:`.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from interpreter.engine.cardmeta import BY_MASK, SEES_ALL, SEES_PLACED, card_visible, face_down_sight, meta_by

# A value in an event: (type name, value); card values are faces, masked per seat when shown.
Typed = tuple[str, Any]


class Event:
    """One thing that happened; plain data once made (states share events when cloned)."""

    __slots__ = (
        "kind",
        "seat",
        "text",
        "cards",
        "by",
        "rows",
        "to",
        "zone",
        "action",
        "refs",
        "groups",
        "shown",
        "sources",
    )

    def __init__(
        self,
        kind: str,
        seat: int = -1,
        text: dict[str, tuple] | None = None,
        cards: Sequence[int] = (),
        by: Sequence[int] = (),
        rows: Sequence[tuple] = (),
        to: frozenset[int] | None = None,
        zone: str | None = None,
        action: tuple[str, str] | None = None,
    ):
        self.kind, self.seat = kind, seat
        self.zone = zone  # the zone of a `reveal`
        self.action = action  # for kind `action`: (action name, how its value is written: 'card', 'cards', ...)
        self.text = text or {}  # lang -> parts: str, or a Typed value
        self.cards, self.by = tuple(cards), tuple(by)
        self.rows = tuple(rows)  # (label parts by lang, Typed value, cards)
        self.to = to
        # every card the event names, in a fixed order, and which list of the event each is part of
        self.refs, self.groups = _card_refs(self)
        self.shown: dict[int, tuple[bool, ...]] = {}  # seat -> which refs it may see (set by `seal`)
        # where the event's `cards` lie, when they are a zone's (its index and each card's meta): each
        # is then shown exactly as the seat sees it there, whatever other copies of its face did
        self.sources: tuple[int, tuple[int, ...]] | None = None

    def seal(self, st: Any, also: bool = False, since: int = 0) -> Event:
        """Decide, for each seat of the audience, which of the event's cards it may see now; with
        `also`, a seat keeps seeing what it could see when the event was sealed before (an action's
        card is seen by those who saw it in hand or see it where it went).  With copies of a face,
        the copies that moved since the decision began (`since` 1: since the last event told) are
        the ones named; where none moved, an event for several seats shows a face only as often as
        it lies face up (a seat's own hidden copy may not be the one named).  An event told (sealed
        with `also` or `since`) marks the place of every copy for the next one."""
        if not st.seals:  # (validate's short game: told, shown to nobody)
            return self
        refs = self.refs
        seats = range(st.rs.num_players) if self.to is None else sorted(self.to)
        if not refs:
            self.shown = {s: () for s in seats}
            return self
        before = self.shown if also else {}
        visible = _visible_counts(st, seats, frozenset(refs))
        marks = st.places  # (where the copies lay: None without copies or a story)
        now = places(st) if marks is not None else {}
        copied = st.rs.copied.intersection(refs) if marks is not None else frozenset()
        moved = _moved(copied, marks[since], now) if copied else {}
        named: Counter = Counter(zip(self.groups, refs)) if moved else Counter()  # copies of a face in each list
        once = not moved and len(set(zip(self.groups, refs))) == len(refs)  # no list names a face twice
        up = None
        if copied and len(seats) > 1:  # faces none of whose copies moved: as often as they lie face up
            up = {f: sum(1 for _, _, m in now.get(f, ()) if m & 1) for f in copied}
        for s in seats:
            seen = visible[s]
            if up is not None:
                seen = dict(seen)
                for f in copied:
                    if f not in moved:
                        seen[f] = up[f]
            if once:  # each list names a face once, none moved: shown when the seat sees a copy
                mask = [seen.get(face, 0) > 0 for face in refs]
                earlier = before.get(s)
                self.shown[s] = tuple(mask if earlier is None else map(operator.or_, mask, earlier))
                continue
            copies = {face: _moved_seen(st.rs, gone, came, s) for face, (gone, came) in moved.items()}
            mask = []
            group, left = -1, dict[int, int]()
            for face, g in zip(refs, self.groups):
                if g != group:  # each list of the event may show as many copies as the seat sees
                    group, left = g, {}  # (what differs from `seen` in this list: faces shown, moved copies)
                    for f, (m, m_seen, m_now) in copies.items():  # faces with copies, some moved
                        left[f] = _named_seen(named[(g, f)], m, m_seen, seen.get(f, 0) - m_now)
                n = left.get(face)
                if n is None:
                    n = seen.get(face, 0)
                ok = n > 0
                left[face] = n - 1 if ok else n
                mask.append(ok)
            earlier = before.get(s)
            if earlier is None:
                self.shown[s] = tuple(mask)
            else:  # (a moved copy was judged where it was before as well: what it saw of another copy does not count)
                self.shown[s] = tuple(a or (b and f not in moved) for a, b, f in zip(mask, earlier, refs))
        if self.sources is not None:
            self._as_they_lie(st.rs)
        if marks is not None and (also or since):
            st.places = (marks[0], now)
        return self

    def _as_they_lie(self, rs: Any) -> None:
        """The event's cards, where they are a zone's, as each seat sees them in that zone: counting
        copies cannot tell a face-down copy from one of its face dealt face up in the same step."""
        z, metas = self.sources  # type: ignore[misc]
        start = sum(len(_typed_cards(p)) for parts in self.text.values() for p in parts if p.__class__ is not str)
        for s, mask in self.shown.items():
            if mask:
                fixed = list(mask)
                fixed[start : start + len(metas)] = [card_visible(rs, z, m, s) for m in metas]
                self.shown[s] = tuple(fixed)

    def for_seat(self, rs: Any, seat: int) -> dict | None:
        """The event as `seat` may see it (plain data with card ids), or None when it is not for that seat."""
        mask = self.shown.get(seat)
        if mask is None:
            return None
        it = iter(mask)
        return self._data(rs, lambda: next(it, False))

    def for_all(self, rs: Any) -> dict:
        """The event with nothing hidden (for logs read by the all-seeing, and for tests)."""
        return self._data(rs, lambda: True)

    def _data(self, rs: Any, visible: Any) -> dict:
        ids = rs.cards.ids

        def card(face: int) -> str | None:
            return ids[face] if visible() else None

        out: dict[str, Any] = {"kind": self.kind}
        if self.seat >= 0:
            out["seat"] = self.seat
        if self.zone is not None:
            out["zone"] = self.zone
        if self.action is not None:
            out["action"] = self.action[0]
            if self.action[1] is not None:
                out["value"] = self.action[1]
        if self.text:
            out["text"] = {lang: _parts(rs, parts, card) for lang, parts in self.text.items()}
        if self.cards:
            out["cards"] = [card(c) for c in self.cards]
            if self.by:
                out["by"] = list(self.by)
        if self.rows:
            out["rows"] = [
                {
                    "label": {lang: _parts(rs, parts, card) for lang, parts in label.items()},
                    # (a row of cards alone has no value: none shown, not a "-")
                    **({"value": _value(rs, value, card)} if value != NO_VALUE else {}),
                    **({"cards": [card(c) for c in cards]} if cards else {}),
                }
                for label, value, cards in self.rows
            ]
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out


NO_VALUE = ("str", None)  # the value of a breakdown's row that gives none (its cards alone)


def typed_text(text: dict, fr: Any) -> dict[str, tuple]:
    """Templates evaluated on a frame: each placeholder becomes (type name, value)."""
    return {
        lang: tuple(p if p.__class__ is str else (p[1], _plain(p[0](fr))) for p in parts if p != "")
        for lang, parts in text.items()
    }


def _plain(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, frozenset, set)) else value


def _card_refs(ev: Event) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces an event names, in the order `_data` visits them, and the list each is part of."""
    out: list[int] = []
    groups: list[int] = []
    count = [0]

    def add(faces: Iterable[int]) -> None:
        count[0] += 1
        for f in faces:
            out.append(f)
            groups.append(count[0])

    for parts in ev.text.values():
        for p in parts:
            if p.__class__ is not str:
                add(_typed_cards(p))
    add(ev.cards)
    for label, value, cards in ev.rows:
        for parts in label.values():
            for p in parts:
                if p.__class__ is not str:
                    add(_typed_cards(p))
        add(_typed_cards(value))
        add(cards)
    return tuple(out), tuple(groups)


def _typed_cards(typed: Typed) -> list[int]:
    kind, value = typed
    if kind == "card":
        return [] if value is None else [value]
    if kind.startswith(("list[", "set[")) and kind[kind.index("[") + 1 : -1] == "card":
        return [v for v in value if v is not None]
    return []


def _parts(rs: Any, parts: Iterable[Any], card: Any) -> list:
    return [p if p.__class__ is str else _value(rs, p, card) for p in parts]


def _value(rs: Any, typed: Typed, card: Any) -> dict:
    """A typed value as plain data: {"card": id}, {"suit": id}, {"seat": 2}, {"list": [...]}, {"int": 5} ..."""
    kind, value = typed
    if value is None:  # (no card is not a hidden one, {"card": None}: it is told as none, "-")
        return {"none": None} if kind == "card" else {kind: None}
    if kind == "card":
        return {"card": card(value)}
    if kind.startswith(("list[", "set[")):
        inner = kind[kind.index("[") + 1 : -1]
        if inner.startswith(("list[", "set[")) or inner == "card":  # (cards are shown one by one, in order)
            return {"list": [_value(rs, (inner, v), card) for v in value]}
        one = _scalar(rs, inner)  # the same conversion for every element: found once
        return {"list": [{inner: None} if v is None else {inner: one(v)} for v in value]}
    return {kind: _scalar(rs, kind)(value)}


def _scalar(rs: Any, kind: str) -> Any:
    """How a value of a kind other than a card or a list is shown: a name from its table, else itself."""
    table = _tables(rs).get(kind)
    if table is not None:
        return lambda v: table[v] if 0 <= v < len(table) else None
    if kind == "action":
        return lambda v: "pass" if v < 0 else rs.actions[v].name
    return _same


def _same(value: Any) -> Any:
    return value


def _tables(rs: Any) -> dict[str, Sequence[str]]:
    return {"suit": rs.cards.suit_ids, "rank": rs.cards.rank_ids, "team": rs.team_ids, "kind": rs.kind_names}


def _visible_counts(st: Any, seats: Iterable[int], wanted: frozenset[int]) -> dict[int, dict[int, int]]:
    """For each seat, how many copies of each wanted face it can see now, anywhere (one pass over
    the table, whatever the number of seats; who sees a face-down card is `face_down_sight`'s);
    a face it sees no copy of is left out."""
    rs = st.rs
    found: dict[int, dict[int, int]] = {s: {} for s in seats}
    for z, cards in enumerate(st.zones):
        if not cards or wanted.isdisjoint(cards):
            continue
        sights = [(counts, face_down_sight(rs, z, s), s + 1) for s, counts in found.items()]
        for c, m in zip(cards, st.meta[z]):
            if c in wanted:
                for counts, sight, by in sights:
                    if m & 1 or sight == SEES_ALL or (sight == SEES_PLACED and (m >> 1) & BY_MASK == by):
                        counts[c] = counts.get(c, 0) + 1
    return found


def reveal_event(st: Any, z: int, turned: list[int]) -> Event:
    """The event of cards of zone z, at these places, just turned face up: the cards, who placed
    each, and whose zone it is (its `seat`; -1 for a shared zone)."""
    rs, cards, metas = st.rs, st.zones[z], st.meta[z]
    return Event(
        "reveal",
        rs.zone_owner[z],
        cards=[cards[i] for i in turned],
        by=[meta_by(metas[i]) for i in turned],
        zone=rs.zones[rs.zone_index[z]].name,
    )


def places(st: Any) -> dict[int, list[tuple[int, int, int]]]:
    """Where each copy of every face with copies lies now: face -> [(zone, deck position, meta)].
    Kept when a decision begins and after each event (GameState.places), so an event can tell
    which copy it names."""
    copied = st.rs.copied
    out: dict[int, list[tuple[int, int, int]]] = {}
    for z, cards in enumerate(st.zones):
        if cards and not copied.isdisjoint(cards):
            for c, m in zip(cards, st.meta[z]):
                if c in copied:
                    out.setdefault(c, []).append((z, m >> 8, m))
    return out


def _moved(faces: Iterable[int], before_all: dict, now_all: dict) -> dict[int, tuple[list, list]]:
    """For each of these faces (with copies), the copies that moved between two `places`: (where
    they were, where they are), each as [(zone, deck position, meta)]; faces none of whose copies
    moved are left out."""
    out: dict[int, tuple[list, list]] = {}
    for face in faces:
        before, now = before_all.get(face, []), now_all.get(face, [])
        stayed = Counter((z, p) for z, p, _ in before) & Counter((z, p) for z, p, _ in now)
        gone, came = _left_over(before, stayed), _left_over(now, stayed)
        if gone or came:
            out[face] = (gone, came)
    return out


def _left_over(copies: list, stayed: Counter) -> list:
    left, out = stayed.copy(), []
    for z, p, m in copies:
        if left[(z, p)] > 0:
            left[(z, p)] -= 1
        else:
            out.append((z, p, m))
    return out


def _moved_seen(rs: Any, gone: list, came: list, seat: int) -> tuple[int, int, int]:
    """Of the moved copies of a face: how many moved, how many `seat` saw where they were or sees
    where they are, and how many it sees where they are.  A copy is
    followed by its deck position where the positions tell the copies apart; else (copies never
    shuffled share position 0) the larger of the two counts, which never overcounts."""

    def seen(copies: list) -> list[int]:
        return [p for z, p, m in copies if card_visible(rs, z, m, seat)]

    before, after = seen(gone), seen(came)
    positions = [p for _, p, _ in gone]
    if len(set(positions)) == len(positions) and {p for _, p, _ in came} <= set(positions):
        both = len(set(before) | set(after))
    else:
        both = max(len(before), len(after))
    return max(len(gone), len(came)), both, len(after)


def _named_seen(k: int, moved: int, moved_seen: int, others_seen: int) -> int:
    """How many of k named copies of a face a seat may be shown: the event names the copies that
    moved first (all of them when it names as many; else any k of them, so only as many as the seat
    saw beyond those it did not: a copy dealt face up does not show its twin dealt face down), then
    copies that stayed where they were, of which it sees `others_seen`."""
    if moved <= k:
        return moved_seen + min(k - moved, others_seen)
    return max(k - (moved - moved_seen), 0)


def event_size(event: Event) -> int:
    """How much an event holds: characters of its texts, elements of the values in them, its rows."""
    size = len(event.rows)
    for parts in event.text.values():
        for p in parts:
            if p.__class__ is str:
                size += len(p)
            else:
                value = p[1]
                size += len(value) if isinstance(value, (tuple, str)) else 1
    return size
