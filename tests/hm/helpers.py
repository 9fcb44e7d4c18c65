"""Helpers for the Hachinin Meri rule tests (docs/sources.md).

Everything here goes through the public API: a test fixes the hands by giving
`new_game` a deck order, plays the declaration, the discard and the tricks
with `apply_action`, and reads results from observations and records.

- `deck_order` turns wanted hands into the 75-card order d[0..74] (HM-12, HM-13).
- `script_deal` plays a deal whose first tricks are written out card by card
  (None = any plain filler), and `reach` plans those tricks itself so that a
  chosen seat leads a chosen trick holding chosen cards, with or without an
  earlier Meri.
- The oracle (`trump_order`, `plain_order`, `trick_winner`, `combination_value`)
  is an independent reading of HM-22 .. HM-41, used by the property tests.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# HM_RULESET runs the suite against another copy of the ruleset (for example a mutated one).
RULESET_PATH = Path(
    os.environ.get("HM_RULESET") or Path(__file__).resolve().parents[2] / "rulesets" / "hachinin_meri.yaml"
)


@functools.cache
def load_ruleset():
    """The compiled ruleset, loaded once per process."""
    import interpreter

    return interpreter.load(str(RULESET_PATH))


SUITS = ("pao", "isu", "koppu", "ouru", "guru")
LONG_SUITS = ("pao", "isu")
NUMBERS = tuple(str(n) for n in range(1, 10))
RANKS = NUMBERS + ("sun", "un", "rei", "kaba", "sota", "robai")
ALL_CARDS = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)
TENKA = "pao-robai"
SEATS = tuple(range(8))


# ----- cards and the oracle -------------------------------------------------
def suit_of(card: str) -> str:
    return card.split("-", 1)[0]


def rank_of(card: str) -> str:
    return card.split("-", 1)[1]


def is_trump(card: str, trump: str) -> bool:
    """HM-3: Tenka always, every other card when its printed suit is the trump suit."""
    return card == TENKA or suit_of(card) == trump


def native_robai(trump: str) -> str:
    """HM-15: the Robai of the printed trump suit (Tenka itself when Pao is trump)."""
    return f"{trump}-robai"


def team_of(seat: int) -> int:
    return seat % 2


def trump_order(trump: str) -> list[str]:
    """HM-22, strongest first."""
    numbers = NUMBERS[::-1] if trump in LONG_SUITS else NUMBERS
    order = [f"{trump}-sun", f"{trump}-un", f"{trump}-sota", TENKA]
    if trump != "pao":
        order.append(f"{trump}-robai")
    return order + [f"{trump}-rei", f"{trump}-kaba"] + [f"{trump}-{n}" for n in numbers]


def plain_order(suit: str) -> list[str]:
    """HM-23, strongest first (the plain Pao suit has no Robai)."""
    courts = ["sun", "un", "rei", "kaba", "sota"]
    if suit == "pao":
        ranks = courts + list(NUMBERS[::-1])
    elif suit == "isu":
        ranks = courts + list(NUMBERS[:0:-1]) + ["robai", "1"]
    else:
        ranks = courts + ["robai"] + list(NUMBERS)
    return [f"{suit}-{r}" for r in ranks]


def trick_winner(plays: Iterable[tuple[int, str]], trump: str, led_suit: str) -> tuple[int, str]:
    """HM-33 / HM-35: (seat, card) of the highest trump, else of the highest card of the led suit."""
    plays = list(plays)
    trumps = [p for p in plays if is_trump(p[1], trump)]
    if trumps:
        order = trump_order(trump)
        return min(trumps, key=lambda p: order.index(p[1]))
    order = plain_order(led_suit)
    return min((p for p in plays if suit_of(p[1]) == led_suit), key=lambda p: order.index(p[1]))


_PAIRS = {("sun", "un"), ("un", "sota"), ("sota", "robai"), ("robai", "rei")}


def _role(card: str, trump: str) -> str:
    if card == native_robai(trump):
        return "robai"
    return "tenka" if card == TENKA else rank_of(card)


def combination_value(
    plays: Iterable[tuple[int, str]], trump: str, led_suit: str, *, meri: bool, last_trick: bool, robai_hidden: bool
) -> int:
    """HM-38 .. HM-41: the points a trick's combination moves (0 for none)."""
    plays = list(plays)
    if meri:
        return 0
    seat, w = trick_winner(plays, trump, led_suit)
    if not is_trump(w, trump):
        return 0
    opposing = [c for s, c in plays if is_trump(c, trump) and team_of(s) != team_of(seat)]
    if not opposing:
        return 0
    order = trump_order(trump)
    o = min(opposing, key=order.index)
    pair = (_role(w, trump), _role(o, trump))
    long = trump in LONG_SUITS
    if not (pair in _PAIRS or (long and pair == ("2", "1")) or (not long and pair == ("8", "9"))):
        return 0
    return 5 if last_trick or (robai_hidden and "robai" in pair) else 2


# ----- deck orders ----------------------------------------------------------
def deck_order(dealer: int, hands: dict[int, list[str]], indicator: str, remaining: Iterable[str] = ()) -> list[str]:
    """d[0..74] dealing `hands` by HM-12, with d[72] the indicator and d[73..74] the remaining cards.

    Hands may be partial: the missing cards come from the unused ones, plain
    cards first (trumps of the indicator's suit go to the two remaining cards
    first), always in the same order.
    """
    trump = suit_of(indicator)
    wanted = [indicator, *remaining] + [c for h in hands.values() for c in h]
    assert len(set(wanted)) == len(wanted), f"a card is wanted twice: {sorted(wanted)}"
    unknown = set(wanted) - set(ALL_CARDS)
    assert not unknown, f"unknown cards {unknown}"
    rest = sorted((c for c in ALL_CARDS if c not in wanted), key=lambda c: is_trump(c, trump))
    remaining = list(remaining)
    while len(remaining) < 2:
        remaining.append(rest.pop())
    full = {}
    for seat in SEATS:
        hand = list(hands.get(seat, ()))
        assert len(hand) <= 9, f"seat {seat} is given {len(hand)} cards"
        while len(hand) < 9:
            hand.append(rest.pop(0))
        full[seat] = hand
    deck: list[str] = [""] * 75
    for r in range(3):
        for k in range(8):
            seat = (dealer + 1 + k) % 8
            deck[24 * r + 3 * k : 24 * r + 3 * k + 3] = full[seat][3 * r : 3 * r + 3]
    deck[72:75] = [indicator, *remaining[:2]]
    assert sorted(deck) == sorted(ALL_CARDS)
    return deck


def dealt_by_rule(deck: list[str], dealer: int) -> dict[int, list[str]]:
    """HM-12 read literally: round r, k-th recipient (dealer + 1 + k) gets d[24r + 3k .. 24r + 3k + 2]."""
    out: dict[int, list[str]] = {s: [] for s in SEATS}
    for r in range(3):
        for k in range(8):
            out[(dealer + 1 + k) % 8] += deck[24 * r + 3 * k : 24 * r + 3 * k + 3]
    return out


# ----- playing through the API -----------------------------------------------
def new_deal(rs, deck: list[str], dealer: int, *, deals: int = 1, seed: int = 0, options: dict | None = None):
    """A game whose first deal uses `deck`, with a fixed first dealer."""
    opts = {"first_dealer": dealer, "deals": deals, **(options or {})}
    return rs.new_game(seed=seed, options=opts, deck_orders=[deck], story=True)


def declaration(st, dealer: int, declarer: int | None = None) -> int:
    """Play the declaration (HM-14): everyone passes except `declarer`; returns the taker."""
    for k in range(8):
        seat = (dealer + 1 + k) % 8
        assert st.current_player() == seat, f"declaration turn {k}: seat {st.current_player()} acts, not {seat}"
        if seat == declarer:
            st.apply_action("declare")
            return seat
        st.apply_action("pass")
    return dealer


def discard(st, taker: int, card: str) -> None:
    assert st.current_player() == taker, f"seat {st.current_player()} discards, not the taker {taker}"
    st.apply_action(f"discard {card}")


def play_trick(st, plays: Iterable[tuple[int, str]]) -> TrickResult | None:
    """Play (seat, card) pairs, asserting the seat to act each time; returns the last finished trick."""
    for seat, card in plays:
        assert st.current_player() == seat, f"seat {st.current_player()} is to act, expected {seat} ({card})"
        st.apply_action(f"play {card}")
    results = trick_results(st)
    return results[-1] if results else None


def in_order(leader: int, cards: dict[int, str]) -> list[tuple[int, str]]:
    """The plays of `cards` (seat -> card) from the leader round the table."""
    return [((leader + i) % 8, cards[(leader + i) % 8]) for i in range(8)]


def legal_cards(st) -> set[str]:
    """The card ids of the legal actions (play / discard)."""
    return {str(a).split(" ", 1)[1] for a in st.legal_actions() if " " in str(a)}


def variables(st, seat: int = 0) -> dict:
    return st.observation(seat)["variables"]


def deal_score(st) -> tuple[int, int]:
    return tuple(variables(st)["deal_score"])


@dataclass(frozen=True)
class TrickResult:
    trick: int
    winner: int
    card: str
    combo: int


def _said(event: dict) -> list:
    """The typed parts of an event's English text."""
    return event.get("text", {}).get("en", [])


def trick_results(st, seat: int = 0) -> list[TrickResult]:
    """The finished tricks of the current deal, read from the `trick` and `combination` events."""
    out: list[TrickResult] = []
    for event in st.observation(seat)["events"]:
        if event["kind"] == "trick":
            values = [p for p in _said(event) if isinstance(p, dict)]
            trick = next(p["int"] for p in values if "int" in p)
            if trick == 1:
                out = []
            out.append(TrickResult(trick, event["seat"], next(p["card"] for p in values if "card" in p), 0))
        elif event["kind"] == "combination" and out:
            points = next(p["int"] for p in _said(event) if isinstance(p, dict) and "int" in p)
            last = out[-1]
            out[-1] = TrickResult(last.trick, last.winner, last.card, points)
    return out


def weakest_legal(st) -> str:
    """A legal card least likely to win: a plain card off the led suit, else the lowest trump."""
    v = variables(st, st.current_player())
    trump, led = v["trump"], v["led_suit"]
    cards = sorted(legal_cards(st))
    order = trump_order(trump)

    def weight(c: str) -> tuple:
        if is_trump(c, trump):
            return (2, -order.index(c))
        return (1, -plain_order(led).index(c)) if suit_of(c) == led else (0, 0)

    return min(cards, key=weight)


def finish_trick(st, given: dict[int, str] | None = None) -> TrickResult | None:
    """Play out the current trick: `given` seats play their card, the others their weakest legal card."""
    given = given or {}
    start = len(trick_results(st))
    while len(trick_results(st)) == start and not st.is_terminal():
        seat = st.current_player()
        st.apply_action(f"play {given.get(seat) or weakest_legal(st)}")
    return trick_results(st)[-1]


# ----- scripted deals ----------------------------------------------------------
@dataclass
class Deal:
    st: object
    deck: list[str]
    hands: dict[int, list[str]]  # the nine cards each seat was dealt
    dealer: int
    taker: int
    trump: str
    discard: str


class _Cards:
    """Hands out unused cards, each once."""

    def __init__(self, trump: str, used: Iterable[str]):
        self.trump = trump
        self.free = [c for c in ALL_CARDS if c not in set(used)]

    def take(self, card: str) -> str:
        assert card in self.free, f"{card} is already placed"
        self.free.remove(card)
        return card

    def plain(self, avoid: Iterable[str] = ()) -> str:
        avoid = set(avoid)
        for pass_ in (0, 1):
            for c in self.free:
                if not is_trump(c, self.trump) and (pass_ or suit_of(c) not in avoid):
                    return self.take(c)
        raise AssertionError("the plan needs more plain cards than the deck has left")

    def any(self) -> str:
        return self.take(self.free[0])


def script_deal(
    rs,
    *,
    indicator: str,
    dealer: int = 0,
    tricks: Iterable[dict[int, str | None]] = (),
    rest: dict[int, list[str]] | None = None,
    side: Iterable[str] = (),
    declarer: int | None = None,
    discard_card: str | None = None,
    plain_fill: Iterable[int] = (),
    leaders: Iterable[int] | None = None,
    avoid_suits: Iterable[str] = (),
    options: dict | None = None,
    seed: int = 0,
) -> Deal:
    """Deal and play a game's first tricks exactly as written.

    `tricks[i]` maps every seat to its card in trick i + 1 (None: a plain
    filler); `rest` holds cards kept for the later tricks (filled up to 9 with
    unused cards, plain only for `plain_fill` seats).  The taker holds the
    indicator (added to its rest if the plan does not place it).  With
    `leaders`, each trick's leader is asserted.  The native Robai goes to the
    two remaining cards unless the plan places it.  Trick fillers avoid the
    `avoid_suits` while other plain cards are left.
    """
    trump = suit_of(indicator)
    tricks = [dict(t) for t in tricks]
    rest = {s: list((rest or {}).get(s, ())) for s in SEATS}
    side = list(side)
    taker = dealer if declarer is None else declarer
    planned = [c for t in tricks for c in t.values() if c] + [c for h in rest.values() for c in h]
    if indicator not in planned:
        rest[taker].append(indicator)
        planned.append(indicator)
    used = [*side, *planned] + ([discard_card] if discard_card else [])
    assert len(set(used)) == len(used), f"a card is planned twice: {sorted(used)}"
    cards = _Cards(trump, used)
    if native_robai(trump) not in used and len(side) < 2:
        side.append(cards.take(native_robai(trump)))
    discard_card = discard_card or cards.plain()
    for t in tricks:
        for s in SEATS:
            if t.get(s) is None:
                t[s] = cards.plain(avoid_suits)
    size = 9 - len(tricks)
    for s in plain_fill:
        while len(rest[s]) < size:
            rest[s].append(cards.plain())
    while len(side) < 2:
        side.append(cards.take(cards.free[-1]))
    for s in SEATS:
        while len(rest[s]) < size:
            rest[s].append(cards.any())
    assert not cards.free, f"cards left over: {cards.free}"
    hands = {s: [t[s] for t in tricks] + rest[s] for s in SEATS}
    assert indicator in hands[taker], f"the plan gives the indicator to another seat than the taker {taker}"
    hands[taker].remove(indicator)
    hands[taker].append(discard_card)
    for s in SEATS:
        assert len(hands[s]) == 9, f"seat {s} would be dealt {len(hands[s])} cards: {hands[s]}"
    deck = deck_order(dealer, hands, indicator, side)
    st = new_deal(rs, deck, dealer, options=options, seed=seed)
    assert declaration(st, dealer, declarer) == taker
    discard(st, taker, discard_card)
    leaders = list(leaders) if leaders is not None else None
    for i, t in enumerate(tricks):
        leader = st.current_player()
        if leaders is not None:
            assert leader == leaders[i], f"trick {i + 1} is led by seat {leader}, not {leaders[i]}"
        play_trick(st, in_order(leader, t))
    return Deal(st, deck, hands, dealer, taker, trump, discard_card)


def reach(
    rs,
    *,
    indicator: str,
    trick: int,
    leader: int,
    final: dict[int, list[str]] | None = None,
    burns: dict[int, dict[int, str]] | None = None,
    meri_before: bool = False,
    dealer: int = 0,
    declarer: int | None = None,
    side: Iterable[str] = (),
    plain_fill: Iterable[int] = (),
    burn_suit: str | None = None,
    options: dict | None = None,
) -> Deal:
    """A deal standing at the start of `trick`, which `leader` is to lead.

    `final[seat]` are cards the seat still holds then (filled up to 10 - trick).
    Tricks 1 .. trick - 1 are plain tricks won by `leader` with the top cards
    of one plain suit, nobody trumping; with `meri_before` the last of them is
    instead a Meri led by `leader` with a trump that every other seat follows
    with a lower trump while any is left.  `burns[seat][t]` overrides a card.
    """
    trump = suit_of(indicator)
    taker = dealer if declarer is None else declarer
    final = {s: list((final or {}).get(s, ())) for s in SEATS}
    burns = {s: dict((burns or {}).get(s, {})) for s in SEATS}
    side = list(side)
    if trick == 1:
        assert leader == taker, "the taker leads trick 1 (HM-20)"
    placed = [c for h in final.values() for c in h] + [c for b in burns.values() for c in b.values()]
    if indicator not in placed:
        final[taker].append(indicator)
    used = set(placed) | {indicator, *side}
    if native_robai(trump) not in used and len(side) < 2:
        side.append(native_robai(trump))
        used.add(native_robai(trump))
    plan: list[dict[int, str | None]] = [{s: burns[s].get(t) for s in SEATS} for t in range(1, trick)]
    meri_t = trick - 1 if meri_before else None
    assert meri_t is None or meri_t >= 2, "an earlier Meri needs trick >= 3 (trick 1 may not be a Meri)"
    suit = burn_suit or max(
        (s for s in ("guru", "ouru", "koppu", "isu", "pao") if s != trump),
        key=lambda s: sum(c not in used for c in plain_order(s)),
    )
    tops = [c for c in plain_order(suit) if c not in used]

    def place(t: int, seat: int, pick) -> None:
        if plan[t - 1][seat] is None:
            plan[t - 1][seat] = pick()
            used.add(plan[t - 1][seat])

    for t in range(1, trick):
        if t == meri_t:
            continue
        if t == 1 and taker != leader:
            place(1, taker, lambda: tops.pop())
        place(t, leader, lambda: tops.pop(0))
    if meri_t is not None:
        order = trump_order(trump)
        free = [c for c in order if c not in used]
        place(meri_t, leader, lambda: free.pop(0))
        lead_at = order.index(plan[meri_t - 1][leader])
        holders = sorted(SEATS, key=lambda s: not any(is_trump(c, trump) for c in final[s]))
        for s in holders:
            if s == leader or plan[meri_t - 1][s] is not None:
                continue
            lower = [c for c in free if order.index(c) > lead_at]
            if lower:
                free.remove(lower[-1])
                place(meri_t, s, lambda c=lower[-1]: c)
            else:
                assert not any(is_trump(c, trump) for c in final[s]), f"seat {s} would hold a trump in the Meri"
                plain_fill = [*plain_fill, s]
    deal = script_deal(
        rs,
        indicator=indicator,
        dealer=dealer,
        tricks=plan,
        rest=final,
        side=side,
        declarer=declarer,
        plain_fill=plain_fill,
        options=options,
        leaders=[taker] + [leader] * (trick - 2) if trick > 1 else [],
    )
    assert deal.st.current_player() == leader, f"seat {deal.st.current_player()} leads trick {trick}, not {leader}"
    return deal


def play_at(rs, *, indicator: str, trick: int, leader: int, plays: dict[int, str], final=None, **kw):
    """Reach `trick` (see `reach`) holding the cards of `plays`, play them from the leader.

    Returns (deal, result of the trick, change of the deal score (A, B)).
    """
    merged = {s: list((final or {}).get(s, ())) for s in SEATS}
    for s, c in plays.items():
        if c not in merged[s]:
            merged[s].append(c)
    deal = reach(rs, indicator=indicator, trick=trick, leader=leader, final=merged, **kw)
    before = deal_score(deal.st)
    result = play_trick(deal.st, in_order(leader, plays))
    after = deal_score(deal.st)
    return deal, result, (after[0] - before[0], after[1] - before[1])


# ----- random play ---------------------------------------------------------------
def random_deal(rs, seed: int, *, dealer: int | None = None, deals: int = 1):
    """Play a whole game with uniformly random legal actions (seeded)."""
    rng = random.Random(seed)
    opts = {"deals": deals}
    if dealer is not None:
        opts["first_dealer"] = dealer
    st = rs.new_game(seed=seed, options=opts, story=True)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st
