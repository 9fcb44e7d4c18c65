"""The board a person sees before each decision, drawn from their seat's observation.

What is being decided and by whom (the phase title, the decision's prompt),
the ruleset's status lines, your seat and team, the zones (your cards sorted
and wrapped to the terminal, melds grouped with their kind, how many cards
the others hold), a legend for hidden cards, and the numbered moves.  It
reads only the observation (and the zones' sort keys, for the order cards
are shown in).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from interpreter.base.i18n import N_, _, ngettext
from interpreter.text.render import Renderer, width, wrap

# The words this module writes itself, marked for the catalogs and translated where shown.
WORDS = {
    "you_are": N_("You are {seat}"),
    "you": N_("you"),  # i18n: the viewer, before a card they placed (you Clubs 3)
    "team": N_("{team}, with {partners}"),
    "team_alone": "{team}",
    "your": N_("Your {zone}"),
    "of": N_("{zone} of {who}"),
    "counts": N_("Cards held ({zone}): "),  # (a count of a zone named by a plural, "hole cards", too)
    "pile": N_("{n} cards, the last: {cards}"),
    "claim": N_("A claim is possible:"),
    "choosing": N_("Choosing {what}: {chosen} picked so far ({count} in all); {more}"),
    "chosen_none": N_("none"),
    "may_finish": N_("you may stop here"),
    "pick_more": N_("pick another"),
    "empty": N_("{zone}: empty"),
    "top": N_("{card} on top ({size})"),  # i18n: a pile's top card, and how many cards the pile holds
}

SHOWN_WHOLE = 24  # a shared zone of more cards shows its size and its last four cards
MENU_COLUMNS_FROM = 9  # a longer list of moves is laid out in columns
RUN_FROM = 6  # so many moves or more of one action with whole numbers one apart are one entry


def number_runs(texts: list[str], at_least: int = RUN_FROM, numbers: Any = None) -> list[tuple[int, int]]:
    """(start, end) of each run of at least `at_least` moves that are one action with whole
    numbers one apart (`raise 4`, `raise 5`, ... `raise 100`), in menu order; `numbers`: the actions
    whose values are numbers (a rank "2" ... "10" is not: `wish for 5` is no amount)."""
    runs, i = [], 0
    while i < len(texts):
        verb, _sep, value = texts[i].rpartition(" ")
        j = i + 1
        if verb and value.lstrip("-").isdigit() and (numbers is None or verb in numbers):
            n = int(value)
            while j < len(texts) and texts[j] == f"{verb} {n + j - i}":
                j += 1
        if j - i >= at_least:
            runs.append((i, j))
        i = j
    return runs


def zones_moved_to(rs: Any, legal: Any) -> set[str]:
    """The shared zones the legal moves name as their value (a parameter of type zone)."""
    zone_params = {a.name for a in rs.actions if a.param_kind == "zone"}
    shared = {z.name for z in rs.zones if z.per != "seat"}
    named = set()
    for text in legal:
        verb, _sep, value = str(text).partition(" ")
        if verb in zone_params and value in shared:
            named.add(value)
    return named


class Screen:
    """Draws one seat's board as lines of text."""

    def __init__(self, rs: Any, renderer: Renderer, columns: int, sort: Callable[[str, list], list]):
        self.rs, self.r, self.columns, self.sort = rs, renderer, columns, sort

    def board(self, obs: Mapping, seat: int) -> list[str]:
        out: list[str] = [self.header(obs, seat)]
        out.extend(self.r.fill(line) for line in obs.get("status") or ())
        out.extend(self.seat_lines(obs, seat))
        named = zones_moved_to(self.rs, obs.get("legal_actions") or ())
        for info in self.rs.zones:
            lines = self.zone(info, obs, seat)
            if not lines and info.name in named:  # an empty zone a move names (a patience's free column)
                lines = [_(WORDS["empty"], zone=self.r.text(info.label))]
            out.extend(lines)
        return out

    def seat_lines(self, obs: Mapping, seat: int) -> list[str]:
        """`display.seats`: each seat's lines after its name, your seat first, then round the table:
        one line (`You: bid 3, tricks 1; Seat 1: bid 2, tricks 0`), or a line for each seat where
        that is too long."""
        lines = obs.get("seat_lines") or {}
        n = self.rs.num_players
        items = []
        for s in ((seat + k) % n for k in range(n)):
            texts = [t for t in (self.r.fill(line, glue=True) for line in lines.get(s) or ()) if t]
            if texts:
                name = self.r.player(s)
                items.append(name[:1].upper() + name[1:] + ": " + _(", ").join(texts))
        one = _("; ").join(items)
        if not items or width(one) <= self.columns:
            return [one] if items else []
        return [line for item in items for line in wrap(item.split(" "), self.columns, indent="    ", sep=" ")]

    def header(self, obs: Mapping, seat: int) -> str:
        phase = obs.get("phase") or {}
        title = _in_lang(phase.get("title") or {}, self.r.lang)
        you = _(WORDS["you_are"], seat=self._own_name(seat)) if self.rs.num_players > 1 else ""  # (a game for one)
        team = self.team_words(seat)
        parts = [self.r.text(self.rs.name)] + ([title] if title else [])
        return ("== " + " - ".join(parts) + " == " + _(", ").join(p for p in (you, team) if p)).rstrip()

    def _own_name(self, seat: int) -> str:
        viewer, self.r.viewer = self.r.viewer, None
        try:
            return self.r.seat(seat)
        finally:
            self.r.viewer = viewer

    def team_words(self, seat: int) -> str:
        rs = self.rs
        t = rs.team_of_seat[seat] if rs.team_ids else -1
        if t < 0:
            return ""
        name = self.r.team(rs.team_ids[t])
        partners = [s for s in range(rs.num_players) if rs.team_of_seat[s] == t and s != seat]
        if not partners:
            return _(WORDS["team_alone"], team=name)
        return _(WORDS["team"], team=name, partners=_(", ").join(self.r.seat(s) for s in partners))

    def decision(self, obs: Mapping) -> list[str]:
        """What is being decided, in the ruleset's words, and a choice of several cards in progress."""
        out = []
        told = obs.get("decision")
        if told:
            out.append(">> " + self.r.fill(told.get("text")))
        elif obs.get("claim_window"):
            out.append(_(WORDS["claim"]))
        choice = obs.get("choice")
        if choice and choice.get("chosen"):
            chosen = [self.r.action_value(choice["action"], c) for c in choice["chosen"]]
            out.append(
                _(
                    WORDS["choosing"],
                    what=self.r.action_label(choice["action"]),
                    chosen=_(", ").join(chosen) or _(WORDS["chosen_none"]),
                    count=choice["min"] if choice["min"] == choice["max"] else f"{choice['min']} to {choice['max']}",
                    more=_(WORDS["may_finish"]) if choice.get("complete") else _(WORDS["pick_more"]),
                )
            )
        return out

    def menu(self, texts: list[str]) -> list[str]:
        """The numbered moves; a long run of one action's whole numbers is one entry, numbered
        from its first to its last (`3-99) raise 4 … raise 100`), typed as any move is."""
        runs = dict(number_runs(texts, numbers={a.name for a in self.rs.actions if a.param_kind == "int"}))
        items, i = [], 0
        while i < len(texts):
            end = runs.get(i)
            if end is None:
                items.append(f"{i + 1:>2}) {self.r.action(texts[i])}")
                i += 1
                continue
            items.append(f"{i + 1:>2}-{end}) {self.r.action(texts[i])} … {self.r.action(texts[end - 1])}")
            i = end
        if len(items) < MENU_COLUMNS_FROM:
            return ["  " + item for item in items]
        cell = max(width(x) for x in items) + 3
        per_line = max(1, (self.columns - 2) // cell)
        rows = (len(items) + per_line - 1) // per_line
        out = []
        for row in range(rows):
            cells = [items[k] for k in range(row, len(items), rows)]
            out.append("  " + "".join(c + " " * (cell - width(c)) for c in cells).rstrip())
        return out

    # ----- zones --------------------------------------------------------------------------------
    def zone(self, info: Any, obs: Mapping, seat: int) -> list[str]:
        if info.show == "none":
            return []
        cards = obs["zones"][info.name]
        label = self.r.text(info.label)
        groups = (obs.get("groups") or {}).get(info.name)
        if info.per == "seat":
            return self._per_seat(info, label, cards, groups, seat)
        return self._shared(info, label, cards, groups, obs)

    def _per_seat(self, info: Any, label: str, cards: Mapping, groups: Any, seat: int) -> list[str]:
        out: list[str] = []
        counts = []
        for s, held in cards.items():
            if not held:
                continue
            if s != seat and info.visibility == "owner":
                seen = [c for c in held if c is not None]
                if not seen or info.show == "count":  # nothing of it face up: how many only
                    counts.append(f"{self.r.player(s)} {len(held)}")
                    continue
                # a hand turned face up (a dummy's): its cards, and how many of it stay face down
                shown = [self.r.card(c) for c in self.sort(info.name, seen)]
                if len(seen) < len(held):
                    hidden = len(held) - len(seen)
                    more = ngettext("and {n} face-down card", "and {n} face-down cards", hidden)
                    shown[-1] += " " + more  # (one space before it, not the two between cards)
                first = self._whose(label, s, seat) + f" ({len(held)}): "
                out.extend(wrap(shown, self.columns, first=first, indent="    "))
                continue
            if info.show == "count":
                head = self._whose(label, s, seat)
                out.append(head + ": " + ngettext("{n} card", "{n} cards", len(held)))
                continue
            head = self._whose(label, s, seat) + f" ({len(held)}): "
            if groups is not None and groups.get(s):
                out.extend(self._groups(head, groups[s]))
            else:
                shown = [self.r.card(c) for c in self.sort(info.name, held)]
                out.extend(wrap(shown, self.columns, first=head, indent="    "))
        if counts:
            out.extend(wrap(counts, self.columns, first=_(WORDS["counts"], zone=label), indent="    ", sep=_(", ")))
        return out

    def _whose(self, label: str, s: int, seat: int) -> str:
        if s == seat:
            return _(WORDS["your"], zone=label)
        return _(WORDS["of"], zone=label[:1].upper() + label[1:], who=self.r.player(s))

    def _groups(self, head: str, groups: list) -> list[str]:
        words = [f"[{self.r.kind(g['kind'])}: {self.r.card_group(g['cards'])}]" for g in groups]
        return wrap(words, self.columns, first=head, indent="    ", sep=" ")

    def _shared(self, info: Any, label: str, cards: list, groups: Any, obs: Mapping) -> list[str]:
        if not cards:
            return []
        if groups:
            return self._groups(f"{label}: ", groups)
        placed = obs.get("placed_by", {}).get(info.name)
        if info.show == "count" or info.visibility == "none":
            up = [c for c in cards if c is not None]  # (a card turned face up in it: the trump under a stock)
            if up and info.show != "count":
                said = ngettext(
                    "{n} card, face up: {cards}", "{n} cards, face up: {cards}", len(cards), cards=self.r.cards(up)
                )
                return [label + ": " + said]
            return [label + ": " + ngettext("{n} card", "{n} cards", len(cards))]
        if info.show == "top":  # its top card and how many (a discard pile, a foundation)
            top = self.r.card(cards[-1]) if cards[-1] is not None else None
            size = ngettext("{n} card", "{n} cards", len(cards))
            return [f"{label}: " + (_(WORDS["top"], card=top, size=size) if top else size)]
        if len(cards) > SHOWN_WHOLE:  # a long pile: how many, and the cards put on it last
            return [f"{label}: " + _(WORDS["pile"], n=len(cards), cards=self.r.cards(cards[-4:]))]
        if placed and self.r.rs.num_players > 1:  # who put each card there (a trick), in the zone's sort order
            # if it has one (alone at the table, every card is the player's or nobody's: said of none)
            pairs = list(zip(cards, placed))
            if None not in cards:
                order = self.sort(info.name, [pair[0] for pair in pairs])
                pairs = _follow(pairs, order)
            named = [f"{self._placer(p)} {self.r.card(c)}" if p >= 0 else self.r.card(c) for c, p in pairs]
            return wrap(named, self.columns, first=f"{label}: ", indent="    ", sep=_(", "))
        shown = cards if None in cards else self.sort(info.name, cards)
        return wrap([self.r.card(c) for c in shown], self.columns, first=f"{label}: ", indent="    ")

    def _placer(self, s: int) -> str:
        return _(WORDS["you"]) if s == self.r.viewer else self.r.seat(s)


def _follow(pairs: list, order: list) -> list:
    """The (card, placer) pairs in the order of `order` (a sorted copy of their cards)."""
    left = list(pairs)
    out = []
    for c in order:
        i = next(k for k, pair in enumerate(left) if pair[0] == c)
        out.append(left.pop(i))
    return out


def _in_lang(values: Mapping[str, str], lang: str) -> str:
    if not values:
        return ""
    return values.get(lang) or values.get(lang.split("-")[0]) or values.get("en") or next(iter(values.values()))
