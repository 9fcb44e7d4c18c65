"""Set up Duzihu positions through the public API and play them out.

A deal is fixed by its deck order: the dealer gets the first 23 cards, the
next seats 22 each (seat order from the dealer), then the two indicators,
then the 51-card stock (front = first, replacements from the back = last).
`deck_order` builds that order from the cards a test cares about and fills
the rest deterministically, giving each filled hand at most two copies of a
card type (singletons first), so no three-or-more identical set appears by
accident.  `Table` wraps a state with small helpers for the usual steps.
"""

from __future__ import annotations

import os
from collections import Counter
from functools import lru_cache
from pathlib import Path

import interpreter
from interpreter.engine.state import IllegalAction  # noqa: F401  (re-exported for the tests)

# DZ_RULESET points the tests at another copy of the file (used to check that they catch mutations)
RULESET = Path(os.environ.get("DZ_RULESET", Path(__file__).resolve().parents[2] / "rulesets" / "duzihu.yaml"))

SUITS = {"M": "myriads", "S": "strings", "C": "coins"}
HONOURS = {"TH": "thousand", "WF": "white-flower", "RF": "red-flower"}
SHORT = {v: k for k, v in HONOURS.items()}
TYPES = [f"{s}{r}" for s in "MSC" for r in range(1, 10)] + ["TH", "WF", "RF"]


@lru_cache(maxsize=1)
def rs():
    """The compiled ruleset, loaded once per test session."""
    return interpreter.load(str(RULESET))


def cid(x: str) -> str:
    """Short name (M3, S9, C1, TH, WF, RF) or full id -> card id."""
    if x in HONOURS:
        return HONOURS[x]
    if x[0] in SUITS and x[1:].isdigit():
        return f"{SUITS[x[0]]}-{x[1:]}"
    return x


def short(card_id: str) -> str:
    if card_id in SHORT:
        return SHORT[card_id]
    suit, rank = card_id.split("-")
    return {v: k for k, v in SUITS.items()}[suit] + rank


def cards(text) -> list[str]:
    """'M1 M2 TH*3' -> card ids; '*n' repeats a card."""
    if isinstance(text, (list, tuple)):
        return [cid(c) for c in text]
    out = []
    for tok in text.split():
        name, _, n = tok.partition("*")
        out += [cid(name)] * (int(n) if n else 1)
    return out


def seats_from(dealer: int) -> list[int]:
    return [(dealer + i) % 3 for i in range(3)]


def deck_order(
    hands: dict | None = None, indicators=("M1", "C9"), dealer: int = 0, front=(), back=(), avoid: dict | None = None
) -> list[str]:
    """A 120-card order giving `hands[seat]` (partial hands are filled).

    front: stock cards in the order they are drawn from the front.
    back:  replacement cards in the order they are drawn (back[0] is the last card).
    avoid: {seat: short names} card types never used to fill that seat's hand.
    """
    hands = {s: cards(h) for s, h in (hands or {}).items()}
    inds = cards(list(indicators))
    front, back = cards(front), cards(back)
    pool = Counter({cid(t): 4 for t in TYPES})
    for c in [c for h in hands.values() for c in h] + inds + front + back:
        pool[c] -= 1
        if pool[c] < 0:
            raise ValueError(f"more than 4 copies of {c} wanted")
    filled = {}
    for k, seat in enumerate(seats_from(dealer)):
        size = 23 if seat == dealer else 22
        hand = list(hands.get(seat, []))
        if len(hand) > size:
            raise ValueError(f"seat {seat} wanted {len(hand)} cards")
        banned = {cid(x) for x in (avoid or {}).get(seat, [])}
        # rotate the type list per seat so the seats do not all take the same singletons
        order = [cid(t) for t in TYPES]
        order = order[7 * k :] + order[: 7 * k]
        for limit in (1, 2):
            for c in order:
                while len(hand) < size and pool[c] > 0 and c not in banned and hand.count(c) < limit:
                    hand.append(c)
                    pool[c] -= 1
        if len(hand) < size:
            raise ValueError(f"cannot fill seat {seat}'s hand without a triplet")
        filled[seat] = hand
    # interleave the filler (round robin over the types) so consecutive stock cards differ
    rest = [cid(t) for n in range(1, 5) for t in TYPES if pool[cid(t)] >= n]
    order = [c for s in seats_from(dealer) for c in filled[s]] + inds + front + rest + back[::-1]
    assert len(order) == 120, len(order)
    assert Counter(order) == Counter({cid(t): 4 for t in TYPES})
    return order


class Table:
    """A game plus the bookkeeping the tests need (whose hand grew by which card)."""

    def __init__(self, order=None, dealer: int = 0, seed: int = 1, state=None, **kw):
        if state is None:
            if order is None:
                order = deck_order(dealer=dealer, **kw)
            state = rs().new_game(seed=seed, options={"first_dealer": dealer}, deck_orders=[order])
        self.st = state
        self.order = order
        self.snap = self.hands()

    # ----- looking -----------------------------------------------------------
    def hand(self, seat: int) -> list[str]:
        return self.st.observation(seat)["zones"]["hand"][seat]

    def hands(self) -> dict:
        return {s: Counter(self.hand(s)) for s in range(3)}

    def melds(self, seat: int) -> list[str]:
        return self.st.observation(seat)["zones"]["melds"][seat]

    def zone(self, name: str, seat: int = 0):
        return self.st.observation(seat)["zones"][name]

    def var(self, name: str):
        return self.st.observation(0)["variables"][name]

    def legal(self) -> list[str]:
        return [str(a) for a in self.st.legal_actions()]

    def to_act(self) -> int:
        return self.st.current_player()

    def new_cards(self, seat: int) -> list[str]:
        """Cards the seat's hand gained since our last action (a draw or replacement)."""
        return sorted((Counter(self.hand(seat)) - self.snap[seat]).elements())

    def in_window(self) -> bool:
        return "pass" in self.legal()

    @property
    def record(self) -> dict:
        return self.st.records[-1]

    @property
    def totals(self) -> tuple:
        return tuple(self.record["totals"])

    @property
    def net(self) -> tuple:
        return tuple(self.record["net"])

    # ----- acting ------------------------------------------------------------
    def apply(self, action: str) -> None:
        """Play for the seat to act; remember its hand so later draws show as new cards.

        Only a discard or a pong resets the seat's snapshot; after a pass (which
        may be followed by the seat's own draw) or a kong (with its
        replacement) the cards drawn stay "new".  Preparation ends with every hand
        taken as its starting point.
        """
        seat = self.to_act()
        before = Counter(self.hand(seat))
        self.st.apply_action(action)
        after = Counter(self.hand(seat))
        if action.split()[0] in ("discard", "pong"):
            self.snap[seat] = after
        else:  # a pass (maybe followed by our own draw), a kong (and its replacement)
            self.snap[seat] = self.snap[seat] - (before - after)
        if action in ("done", "ready") and "done" not in self.legal():
            self.snap = self.hands()

    def act(self, seat: int, action: str) -> None:
        """Pass claim windows (also the seat's own, unless `action` answers it) until `seat` can play `action`."""
        action = expand(action)
        for _ in range(20):
            if self.st.is_terminal():
                raise AssertionError(f"the deal ended before seat {seat} could '{action}'")
            if self.to_act() == seat and (not self.in_window() or action in self.legal() or action == "pass"):
                break
            if not self.in_window():
                raise AssertionError(f"seat {self.to_act()} must act (legal {self.legal()}), wanted seat {seat}")
            self.apply("pass")
        else:
            raise AssertionError("too many passes")
        if action == "discard ?":  # any filler card
            hand = self.hand(seat)
            action = f"discard {[c for c in hand if hand.count(c) == 1][-1]}"
        if action not in self.legal():
            raise AssertionError(f"seat {seat}: '{action}' not legal; legal: {self.legal()}")
        self.apply(action)

    def run(self, script) -> Table:
        """Play (seat, action) pairs with `act`."""
        for seat, action in script:
            self.act(seat, action)
        return self

    def prepare(self, decl: dict | None = None) -> Table:
        """Preparation: each seat (from the dealer) plays its listed actions, then 'done'."""
        decl = decl or {}
        while "done" in self.legal():
            seat = self.to_act()
            todo = [expand(a) for a in decl.pop(seat, [])]
            for a in todo:
                assert a in self.legal(), f"seat {seat}: '{a}' not legal; legal: {self.legal()}"
                self.apply(a)
                if a == "ready":
                    break
            else:
                self.apply("done")
        assert not decl, f"seats never asked in preparation: {decl}"
        return self

    def discard_drawn(self, seat: int | None = None) -> str:
        """On a turn with one new card, discard it (keeps the hand as dealt)."""
        seat = self.to_act() if seat is None else seat
        self.settle()
        new = self.new_cards(seat)
        assert len(new) == 1, f"seat {seat} gained {new}"
        self.act(seat, f"discard {new[0]}")
        return new[0]

    def settle(self) -> Table:
        """Pass every open claim window."""
        while not self.st.is_terminal() and self.in_window():
            self.apply("pass")
        return self

    def discard_single(self, seat: int | None = None) -> None:
        """Discard the seat's last card that it holds only one copy of (a filler card)."""
        self.act(self.to_act() if seat is None else seat, "discard ?")

    def play_until(self, done, max_steps: int = 2000) -> Table:
        """Pass every claim and discard every drawn card until `done(self)` holds or the deal ends.

        A turn without a new card (the dealer's first turn, a turn after a pong)
        discards a filler card.
        """
        for _ in range(max_steps):
            if self.st.is_terminal() or done(self):
                return self
            if self.in_window():
                self.apply("pass")
            elif len(self.new_cards(self.to_act())) == 1:
                self.discard_drawn()
            else:
                self.discard_single()
        raise AssertionError("the position was never reached")

    def exhaust(self) -> Table:
        """Play to the end of the deal the same way (so hands stay as dealt)."""
        self.play_until(lambda t: False)
        assert self.st.is_terminal()
        return self


def expand(action: str) -> str:
    """'discard M3' -> 'discard myriads-3' (short names in scripts)."""
    parts = action.split()
    return " ".join(parts[:1] + [cid(p) for p in parts[1:]])


def slots(t: Table, seat: int) -> int:
    """Hand slots: concealed cards plus melds, a four-card group counting 3, a hezi (2 cards) 0.

    Derived from the public melds: a seat's melds of one card type are one group
    (3 or 4 cards), or a hezi (2 cards).
    """
    melds = Counter(t.melds(seat))
    return len(t.hand(seat)) + sum(3 for n in melds.values() if n >= 3)


def round_up(x: int) -> int:
    """DZ-43, for expected values computed in the tests."""
    return -(-x // 10) * 10


def nets(totals) -> tuple:
    s = sum(totals)
    return tuple(3 * t - s for t in totals)


def exhausted(hands, indicators, dealer=0, script=(), decl=None, **kw) -> Table:
    """Deal, prepare, play `script`, then play the deal out to exhaustion."""
    t = Table(deck_order(hands, indicators, dealer=dealer, **kw), dealer=dealer)
    t.prepare(dict(decl or {}))
    t.run(script)
    return t.exhaust()


# ----- one scoring unit per seat, played to an exhausted deal -------------------
KIND_CARDS = {"hand3": 3, "hand4": 4, "pong": 2, "xkong": 3, "ckong": 4, "quad": 4, "otrip": 3, "hezi": 2}
CLAIMED = ("pong", "xkong")


def plain_types(indicators) -> list[str]:
    """Card types no indicator doubles: ordinary cards of the other ranks."""
    ranks = {i[1:] for i in indicators if i[0] in "MSC" and i != "S9"}
    return [t for t in TYPES if t[0] in "MSC" and t != "S9" and t[1:] not in ranks and t not in indicators]


def companion(value: int, extra: int, types: list[str]) -> tuple[str, int]:
    """Plain in-hand sets (4 or 12 hu each) worth c, so value + c ends in 0; `extra` more on top."""
    c = next(c for c in (0, 4, 8, 12, 16) if (value + c) % 10 == 0) + extra
    total = value + c
    parts = []
    while c >= 12:
        parts.append(f"{types.pop(0)}*4")
        c -= 12
    while c >= 4:
        parts.append(f"{types.pop(0)}*3")
        c -= 4
    assert c == 0
    return " ".join(parts), total


def unit_deal(indicators, units: dict, values: dict, extra: int = 0) -> tuple[Table, tuple]:
    """Seat s holds units[s] = (kind, card) worth values[s] hu plus a plain companion.

    Claimed units: the dealer (seat 0) discards the card for seat 1's claim,
    seat 1 discards the card for seat 2's.  Concealed kongs are declared at the
    seat's first decision point, opening units in preparation.  Replacements
    come from spare card types nobody holds.  The deal is then played out.
    Returns the table and the expected totals (each rounded up).
    """
    used = {short(cid(c)) for _, c in units.values()} | set(indicators)
    plain = [t for t in plain_types(indicators) if t not in used]
    spares = plain[-6:]
    plain = plain[:-6]
    hands, decl, expected = {0: [], 1: [], 2: []}, {}, [0, 0, 0]
    for s in range(3):
        if s in units:
            kind, card = units[s]
            assert not (s == 0 and kind in CLAIMED), "the dealer claims nothing here"
            hands[s] += [card] * KIND_CARDS[kind]
            if kind == "quad":
                decl[s] = [f"declare_quad {card}"]
            elif kind == "otrip":
                decl[s] = [f"declare_triplet {card}"]
            elif kind == "hezi":
                decl[s] = ["declare_pair"]
        comp, total = companion(values.get(s, 0), extra if s in units else 0, plain)
        hands[s] += comp.split()
        expected[s] = round_up(total)
    chain = [s for s in (1, 2) if s in units and units[s][0] in CLAIMED]
    script, discarder = [], 0
    ckongs = {s: units[s][1] for s in units if units[s][0] == "ckong"}
    if 0 in ckongs:
        script.append((0, f"concealed_kong {ckongs.pop(0)}"))
    for s in chain:
        card = units[s][1]
        hands[discarder].append(card)
        script.append((discarder, f"discard {card}"))
        script.append((s, "pong" if units[s][0] == "pong" else "kong"))
        discarder = s
    script.append((discarder, "discard ?"))
    avoid = {s: spares for s in range(3)}
    t = Table(deck_order({s: " ".join(h) for s, h in hands.items()}, indicators, back=" ".join(spares), avoid=avoid))
    t.prepare(decl)
    t.run(script)
    # concealed kongs of seats 1 and 2 on their first drawn turn; keep the replacement
    while ckongs and not t.st.is_terminal():
        if t.in_window():
            t.apply("pass")
            continue
        s = t.to_act()
        if s in ckongs:
            drawn = t.new_cards(s)
            t.act(s, f"concealed_kong {ckongs.pop(s)}")
            t.act(s, f"discard {drawn[0]}")
        else:
            t.discard_drawn() if len(t.new_cards(s)) == 1 else t.discard_single()
    t.exhaust()
    return t, tuple(expected)


def play_until(t: Table, done, max_steps: int = 2000) -> Table:
    return t.play_until(done, max_steps)


def stock_left(t: Table) -> int:
    return len(t.zone("stock"))
