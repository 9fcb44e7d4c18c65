"""A hand-written Hachinin Meri deal in plain Python: the speed anchor for the engine.

Written as a good programmer would write one game for speed, with nothing
generic: cards are ints 0..74 (suit * 15 + rank, the order of the ruleset's
deck), per-trump-suit tables are computed once, a deal is a few lists.  It
follows the rules of docs/sources.md (HM-11 to HM-43) for one deal, and is
checked against `rulesets/hachinin_meri.yaml` by `check()` (the same deck
order and the same choices must give the same legal moves at every decision
and the same deal scores):

    python benchmarks/meri_handwritten.py check 2000     # compare with the ruleset
    python benchmarks/meri_handwritten.py bench 3000     # random deals per second

`benchmarks/bench_side_by_side.py` runs it beside the engine in one process.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

PAO, ISU, KOPPU, OURU, GURU = range(5)
SUN, UN, REI, KABA, SOTA, ROBAI = 9, 10, 11, 12, 13, 14  # rank index in the ruleset's order 1..9 sun ...
TENKA = PAO * 15 + ROBAI
LONG = (True, True, False, False, False)


def _suit(c: int) -> int:
    return c // 15


def _rank(c: int) -> int:
    return c % 15


def _number_power(c: int) -> int:
    n = _rank(c) + 1  # ranks 0..8 are the numbers 1..9
    return n if LONG[_suit(c)] else 10 - n


def _trump_power(c: int) -> int:
    r = _rank(c)
    if r == SUN:
        return 20
    if r == UN:
        return 19
    if r == SOTA:
        return 18
    if c == TENKA:
        return 17
    if r == ROBAI:
        return 16
    if r == REI:
        return 15
    if r == KABA:
        return 14
    return _number_power(c)


def _plain_power(c: int) -> int:
    r = _rank(c)
    return {SUN: 30, UN: 29, REI: 28, KABA: 27, SOTA: 26}.get(r) or (
        (3 if LONG[_suit(c)] else 25) if r == ROBAI else 2 * _number_power(c)
    )


class Tables:
    """Everything that depends only on the trump suit, made once per suit."""

    __slots__ = ("trump", "tpower", "power", "native", "combo_pairs", "sun")

    def __init__(self, t: int):
        self.trump = [c == TENKA or _suit(c) == t for c in range(75)]
        self.tpower = [_trump_power(c) for c in range(75)]
        # power[led][c]: what a card is worth in a trick led in suit `led` (HM-33)
        self.power = [
            [100 + self.tpower[c] if self.trump[c] else _plain_power(c) if _suit(c) == led else 0 for c in range(75)]
            for led in range(5)
        ]
        self.native = t * 15 + ROBAI
        self.sun = t * 15 + SUN
        pairs = {(t * 15 + SUN, t * 15 + UN), (t * 15 + UN, t * 15 + SOTA)}
        pairs |= {(t * 15 + SOTA, self.native), (self.native, t * 15 + REI)}
        pairs.add((t * 15 + 1, t * 15 + 0) if LONG[t] else (t * 15 + 7, t * 15 + 8))  # 2-1 or 8-9
        self.combo_pairs = pairs


TABLES = [Tables(t) for t in range(5)]


def play_deal(order: list[int], dealer: int, choose, check=None) -> tuple[int, int]:
    """One deal from a deck order; `choose(legal)` picks a card from a list (or None for declare/pass).

    Returns the two teams' deal scores.  `check(legal)` (if given) sees every decision's legal
    moves: a list of cards, or ['declare', 'pass'] / ['pass'] in the declaration round.
    """
    hands: list[list[int]] = [[] for _ in range(8)]
    for r in range(3):
        for k in range(8):
            seat = (dealer + 1 + k) % 8
            base = 24 * r + 3 * k
            hands[seat] += order[base : base + 3]
    indicator = order[72]
    t = _suit(indicator)
    tb = TABLES[t]
    trump, native = tb.trump, tb.native
    privileged = [[c for c in h if trump[c]] == [tb.sun] for h in hands]
    taker, declared = dealer, False
    for k in range(8):  # HM-14: every seat asked, from the dealer's left
        seat = (dealer + 1 + k) % 8
        legal = ["declare", "pass"] if native in hands[seat] else ["pass"]
        if check:
            check(legal)
        if choose(legal) == "declare":
            taker, declared = seat, True
            break
    hidden = not declared and any(native in h for h in hands)  # HM-16
    hand = hands[taker]
    hand.append(indicator)
    all_trumps = all(trump[c] for c in hand)
    legal = [c for c in hand if c != indicator and (all_trumps or not trump[c])]
    if check:
        check(sorted(legal))
    hand.remove(choose(legal))
    score = [0, 0]
    leader, meri_done = taker, False
    for trick_no in range(1, 9):
        plays: list[tuple[int, int]] = []
        meri, led = False, -1
        for k in range(8):
            seat = (leader + k) & 7
            hand = hands[seat]
            if k == 0:
                if trick_no == 1 and not all(trump[c] for c in hand):
                    legal = [c for c in hand if not trump[c]]
                else:
                    legal = hand[:]
            elif meri:
                trumps = [c for c in hand if trump[c]]
                if trumps and not (privileged[seat] and trumps == [tb.sun]):
                    legal = trumps
                else:
                    legal = hand[:]
            elif meri_done:
                follow = [c for c in hand if not trump[c] and _suit(c) == led]
                legal = follow + [c for c in hand if trump[c]] if follow else hand[:]
            else:
                legal = hand[:]
            if check:
                check(sorted(legal))
            card = choose(legal)
            hand.remove(card)
            if k == 0:
                meri, led = trump[card], _suit(card)
            plays.append((seat, card))
        leader = score_trick(plays, meri, led, trick_no, tb, hidden, score)
        meri_done = meri_done or meri
    last = [(s, hands[s][0]) for s in ((dealer + 1 + k) % 8 for k in range(8))]  # HM-34
    score_trick(last, False, _suit(hands[dealer][0]), 9, tb, hidden, score)
    return score[0], score[1]


def score_trick(plays, meri, led, trick_no, tb, hidden, score) -> int:
    """Score a finished trick into `score`; returns its winner."""
    power = tb.power[led]
    winner, win, best = -1, -1, -1
    for s, c in plays:
        if power[c] > best:
            winner, win, best = s, c, power[c]
    team = winner % 2
    combo = 0
    if not meri and tb.trump[win]:  # HM-38 to HM-42
        opposing = [c for s, c in plays if s % 2 != team and tb.trump[c]]
        if opposing:
            other = max(opposing, key=lambda c: tb.tpower[c])
            if (win, other) in tb.combo_pairs:
                combo = 5 if trick_no == 9 or (hidden and tb.native in (win, other)) else 2
    score[team] += 1 + combo
    score[1 - team] -= combo
    return winner


# ----------------------------------------------------------------- checking and timing


def check(deals: int) -> None:
    """The same deck orders and choices through the ruleset and through this file: equal legal moves
    at every decision and equal deal scores, or an AssertionError naming the deal."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import interpreter

    rs = interpreter.load(Path(__file__).resolve().parent.parent / "rulesets" / "hachinin_meri.yaml")
    ids = rs.cards.ids
    for deal in range(deals):
        rng = random.Random(deal)
        order = list(range(75))
        rng.shuffle(order)
        dealer = deal % 8
        st = rs.new_game(seed=deal, options={"deals": 1, "first_dealer": dealer}, deck_orders=[[ids[c] for c in order]])
        seen: list[list] = []
        picks: list[int] = []

        def note(legal: list, seen: list = seen) -> None:
            seen.append([x if isinstance(x, str) else f"play {ids[x]}" for x in legal])

        def choose(legal: list, rng: random.Random = rng, picks: list = picks):
            i = rng.randrange(len(legal))
            picks.append(i)
            return legal[i] if isinstance(legal[0], str) else sorted(legal)[i]

        mine = play_deal(order, dealer, choose, note)
        engine_legal: list[list] = []
        step = 0
        while not st.is_terminal():
            legal = sorted(st.legal_actions(), key=lambda a: (a.kind, a.value if a.value is not None else -1))
            texts = [a.text for a in legal]
            engine_legal.append(texts)
            st.apply_action(legal[picks[step]])
            step += 1
        for a, b in zip(seen, engine_legal):
            a = [x.replace("play ", "discard ") if b and b[0].startswith("discard") else x for x in a]
            assert a == b, f"deal {deal}: legal moves differ: {a} != {b}"
        theirs = tuple(st.records[-1]["deal_score"])
        assert mine == theirs, f"deal {deal}: scores {mine} != {theirs}"
    print(f"{deals} deals: the same legal moves at every decision and the same deal scores")


def random_deals(n: int, seed: int = 0) -> float:
    """Seconds of CPU time for `n` random deals with uniformly random legal moves."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for deal in range(n):
        order = list(range(75))
        rng.shuffle(order)
        play_deal(order, deal % 8, lambda legal: legal[0] if len(legal) == 1 else choice(legal))
    return time.process_time() - start


def main() -> None:
    from benchmarks import _cli

    ap = _cli.parser(__doc__)
    ap.add_argument("what", nargs="?", choices=("check", "bench"), default="bench", help="check or bench (default)")
    ap.add_argument("deals", nargs="?", type=_cli.whole(1), default=2000, help="how many deals (default 2000)")
    args = ap.parse_args()
    what, n = args.what, args.deals
    if what == "check":
        check(n)
    else:
        cpu = random_deals(n)
        print(f"hand-written Hachinin Meri: {n} random deals in {cpu:.2f} s CPU: {n / cpu:.0f} deals/s")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import _cli

    _cli.run(main)
