"""Gin Rummy (rulesets/gin_rummy.yaml) through the public API.

Hands are fixed with `deck_orders`: the deal gives one card at a time,
non-dealer first (GR-4), so card 2i goes to the non-dealer and 2i + 1 to the
dealer; card 20 is the upcard and the stock is drawn from card 21 on (GR-5).
Every test fixes the first dealer to seat 1, so seat 0 is the non-dealer.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import interpreter
from interpreter.compiling.pipeline import check_file

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "gin_rummy.yaml"
SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
DECK = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)


@pytest.fixture(scope="module")
def gr():
    return interpreter.load(str(PATH))


# ----- an independent oracle (GR-6 .. GR-12) ---------------------------------
def number(card: str) -> int:
    return RANKS.index(card.split("-", 1)[1]) + 1


def points(card: str) -> int:
    return min(number(card), 10)


def oracle_melds(cards: list[str]) -> list[frozenset]:
    found = []
    by_rank: dict[int, list[str]] = {}
    for c in cards:
        by_rank.setdefault(number(c), []).append(c)
    for same in by_rank.values():
        for size in (3, 4):
            found += [frozenset(x) for x in itertools.combinations(same, size)]
    for suit in SUITS:
        have = {number(c) for c in cards if c.startswith(suit + "-")}
        for low in range(1, 14):
            for high in range(low + 2, 14):
                if all(n in have for n in range(low, high + 1)):
                    found.append(frozenset(f"{suit}-{RANKS[n - 1]}" for n in range(low, high + 1)))
    return found


def oracle_deadwood(cards: list[str]) -> int:
    melds = oracle_melds(cards)
    best = 0

    def search(start: int, used: frozenset, value: int) -> None:
        nonlocal best
        best = max(best, value)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                search(i + 1, used | melds[i], value + sum(points(c) for c in melds[i]))

    search(0, frozenset(), 0)
    return sum(points(c) for c in cards) - best


# ----- helpers ----------------------------------------------------------------
def deck_order(non_dealer: list[str], dealer: list[str], upcard: str, stock: list[str] = ()) -> list[str]:
    assert len(non_dealer) == len(dealer) == 10
    order = [c for pair in zip(non_dealer, dealer) for c in pair] + [upcard] + list(stock)
    rest = [c for c in DECK if c not in order]
    assert len(set(order)) == len(order)
    return order + rest


def new(gr, non_dealer, dealer, upcard, stock=(), **options):
    options = {"target": 0, "first_dealer": 1, **options}
    return gr.new_game(seed=1, options=options, deck_orders=[deck_order(non_dealer, dealer, upcard, stock)])


def legal(st) -> set[str]:
    return {a.text for a in st.legal_actions()}


def play(st, *moves: str) -> None:
    for m in moves:
        st.apply_action(m)


KNOCKER = [
    "spades-a",
    "spades-2",
    "spades-3",
    "hearts-4",
    "hearts-5",
    "hearts-6",
    "clubs-9",
    "diamonds-9",
    "spades-9",
    "clubs-k",
]


# ----- tests --------------------------------------------------------------------
def test_validates_cleanly():
    report = check_file(str(PATH))
    assert report.ok, [d.message for d in report.diagnostics]
    assert not report.diagnostics


def test_upcard_offer_then_forced_stock_draw(gr):
    st = new(
        gr,
        KNOCKER,
        [
            "clubs-2",
            "clubs-3",
            "clubs-4",
            "diamonds-k",
            "diamonds-q",
            "hearts-j",
            "hearts-10",
            "diamonds-5",
            "diamonds-6",
            "spades-7",
        ],
        "hearts-8",
        ["hearts-k"],
    )
    # GR-9: the non-dealer (seat 0) and then the dealer may only take or refuse the upcard.
    assert st.current_player() == 0 and legal(st) == {"take", "pass"}
    play(st, "pass")
    assert st.current_player() == 1 and legal(st) == {"take", "pass"}
    play(st, "pass")
    # GR-10: both refused: the non-dealer must draw from the stock.
    assert st.current_player() == 0 and legal(st) == {"draw"}
    play(st, "draw")
    assert "hearts-k" in st.observation(0)["zones"]["hand"][0]
    # after drawing, any card may be discarded (the upcard was not taken)
    assert {a for a in legal(st) if a.startswith("discard")} == {f"discard {c}" for c in KNOCKER + ["hearts-k"]}


def test_taken_card_cannot_be_discarded_and_gin_scores(gr):
    dealer = [
        "diamonds-2",
        "diamonds-3",
        "diamonds-4",
        "clubs-5",
        "clubs-6",
        "spades-8",
        "hearts-10",
        "clubs-j",
        "diamonds-q",
        "spades-k",
    ]
    st = new(gr, KNOCKER, dealer, "hearts-9")
    play(st, "take")
    moves = legal(st)
    assert "discard hearts-9" not in moves and "knock hearts-9" not in moves  # GR-14
    # GR-15: discarding the king leaves no deadwood (A23 spades, 456 hearts, four 9s);
    # discarding one of the other 9s leaves the king (10), still within the limit.
    assert {m for m in moves if m.startswith("knock")} == {
        "knock clubs-k",
        "knock clubs-9",
        "knock diamonds-9",
        "knock spades-9",
    }
    play(st, "knock clubs-k")
    assert st.is_terminal()  # GR-24: no lay-off after gin
    rec = st.records[-1]
    assert rec["gin"] is True and rec["knocker"] == 0
    assert list(rec["deadwood"]) == [0, 59]  # dealer: 5 + 6 + 8 + 10 + 10 + 10 + 10
    assert list(rec["points"]) == [59 + 25, 0]
    assert st.returns() == [84, 0]


def test_knock_lay_offs_chain_and_score(gr):
    dealer = [
        "hearts-7",
        "hearts-3",
        "hearts-9",
        "spades-4",
        "spades-5",
        "diamonds-k",
        "clubs-q",
        "hearts-j",
        "clubs-2",
        "clubs-3",
    ]
    st = new(gr, KNOCKER, dealer, "diamonds-2")
    play(st, "take", "knock clubs-k")  # deadwood: diamonds-2 = 2
    assert not st.is_terminal() and st.current_player() == 1
    # GR-19: the 7 and 3 of hearts extend 4-5-6, the 9 of hearts joins the three 9s,
    # the 4 of spades extends A-2-3; the 5 of spades fits only after the 4.
    lay = {m for m in legal(st) if m.startswith("lay_off")}
    assert lay == {"lay_off hearts-7", "lay_off hearts-3", "lay_off hearts-9", "lay_off spades-4"}
    assert "done" in legal(st)
    play(st, "lay_off spades-4")
    assert "lay_off spades-5" in legal(st)
    play(st, "lay_off spades-5", "lay_off hearts-7", "lay_off hearts-3", "lay_off hearts-9")
    assert st.is_terminal()  # nothing left to lay off: the defender is done
    rec = st.records[-1]
    assert rec["laid_off"] == 5 and rec["gin"] is False
    assert list(rec["deadwood"]) == [2, 35]  # K, Q, J, 2, 3 (clubs 2-3 are no meld)
    assert list(rec["points"]) == [33, 0]  # GR-22
    melds0 = st.observation(1)["zones"]["melds"][0]
    assert sorted(melds0) == sorted(KNOCKER[:9] + ["spades-4", "spades-5", "hearts-7", "hearts-3", "hearts-9"])


def test_undercut(gr):
    knocker = [
        "spades-a",
        "spades-2",
        "spades-3",
        "hearts-4",
        "hearts-5",
        "hearts-6",
        "clubs-9",
        "diamonds-9",
        "spades-9",
        "clubs-k",
    ]
    dealer = [
        "diamonds-a",
        "diamonds-2",
        "diamonds-3",
        "clubs-4",
        "clubs-5",
        "clubs-6",
        "hearts-q",
        "spades-q",
        "clubs-q",
        "hearts-2",
    ]
    st = new(gr, knocker, dealer, "diamonds-10")
    play(st, "take", "knock clubs-k")  # knocker deadwood: diamonds-10 = 10
    # the defender has nothing to lay off (hearts-2 fits no meld): no decision is asked
    assert st.is_terminal()
    rec = st.records[-1]
    assert list(rec["deadwood"]) == [10, 2]
    assert list(rec["points"]) == [0, 8 + 25]  # GR-23: difference + undercut bonus
    assert st.returns() == [0, 33]


def test_deadwood_prefers_best_arrangement(gr):
    # 7-8-9 of hearts crossed with three 7s: either the run or the set, never both (GR-8, GR-12).
    knocker = [
        "hearts-7",
        "hearts-8",
        "hearts-9",
        "spades-7",
        "clubs-7",
        "diamonds-a",
        "diamonds-2",
        "diamonds-3",
        "clubs-k",
        "spades-k",
    ]
    dealer = [
        "diamonds-5",
        "diamonds-6",
        "spades-2",
        "spades-3",
        "spades-4",
        "clubs-10",
        "clubs-j",
        "hearts-q",
        "hearts-k",
        "hearts-a",
    ]
    st = new(gr, knocker, dealer, "diamonds-7")
    play(st, "take")
    # with diamonds-7: 7s set of four + hearts 8-9 dead (17)? or run 7-8-9 hearts + 7s set of three (0 dead)
    knocks = {m for m in legal(st) if m.startswith("knock")}
    hand = knocker + ["diamonds-7"]
    expect = {f"knock {c}" for c in hand if c != "diamonds-7" and oracle_deadwood([d for d in hand if d != c]) <= 10}
    assert knocks == expect and "knock clubs-k" in knocks
    play(st, "knock clubs-k")
    assert st.records[-1]["deadwood"][0] == 10 == oracle_deadwood([c for c in hand if c != "clubs-k"])


def test_cancelled_hand_when_two_cards_remain(gr):
    st = gr.new_game(seed=3, options={"target": 100, "first_dealer": 1})
    rng = random.Random(3)
    while not st.records:
        moves = [a for a in st.legal_actions() if not a.text.startswith("knock") and a.text != "take"]
        st.apply_action(rng.choice(moves))
    rec = st.records[0]
    assert rec["cancelled"] is True and list(rec["points"]) == [0, 0]  # GR-25
    obs = st.observation(0)
    assert obs["variables"]["dealer"] == 1 and obs["variables"]["deal_number"] == 2  # GR-3: same dealer


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_random_single_hands_match_the_deadwood_oracle(gr, seed):
    """Random play of single hands; every offered knock is checked against the oracle."""
    rng = random.Random(seed)
    st = gr.new_game(seed=seed, options={"target": 0})
    checked = 0
    while not st.is_terminal():
        moves = st.legal_actions()
        if any(a.text.startswith("discard") for a in moves):
            seat = st.current_player()
            hand = st.observation(seat)["zones"]["hand"][seat]
            taken = st.observation(seat)["variables"]["taken"]
            expect = {f"knock {c}" for c in hand if c != taken and oracle_deadwood([d for d in hand if d != c]) <= 10}
            assert {a.text for a in moves if a.text.startswith("knock")} == expect
            checked += 1
        knocks = [a for a in moves if a.text.startswith("knock")]
        st.apply_action(rng.choice(knocks) if knocks and rng.random() < 0.5 else rng.choice(moves))
    assert checked > 0
    rec = st.records[-1]
    assert sum(rec["points"]) >= 0 and (rec["cancelled"] or rec["knocker"] in (0, 1))


def test_random_matches_to_100_finish(gr):
    """Whole games to the target with agents that knock whenever they can."""
    for seed in (11, 12):
        rng = random.Random(seed)
        st = gr.new_game(seed=seed)
        while not st.is_terminal():
            moves = st.legal_actions()
            knocks = [a for a in moves if a.text.startswith("knock")]
            st.apply_action(knocks[0] if knocks else rng.choice(moves))
        final = st.records[-1]
        assert max(final["final"]) >= 100 + 100  # GR-26/27: target reached, game bonus
        assert final["game_winner"] in (0, 1)
        assert st.returns() == list(final["final"])


def meld_rich_hand(rng: random.Random) -> list[str]:
    """Eleven cards built from a few random runs and sets plus low fillers, so knocks are common."""
    cards: list[str] = []
    while len(cards) < 8:
        if rng.random() < 0.5:
            rank = rng.choice(RANKS)
            group = [f"{s}-{rank}" for s in rng.sample(SUITS, rng.choice((3, 4)))]
        else:
            suit, low = rng.choice(SUITS), rng.randrange(0, 10)
            group = [f"{suit}-{RANKS[n]}" for n in range(low, min(13, low + rng.choice((3, 4, 5))))]
        cards += [c for c in group if c not in cards]
    cards = cards[:11]
    fillers = [c for c in DECK if c not in cards and number(c) <= 6]
    return cards + rng.sample(fillers, 11 - len(cards))


def test_meld_rich_hands_match_the_deadwood_oracle(gr):
    """GR-12 on 120 constructed hands: offered knocks and both laid-down deadwoods."""
    rng = random.Random(7)
    knocked = 0
    for _ in range(120):
        hand = meld_rich_hand(rng)
        rng.shuffle(hand)
        rest = [c for c in DECK if c not in hand]
        rng.shuffle(rest)
        dealer = rest[:10]
        st = new(gr, hand[:10], dealer, hand[10], rest[10:])
        play(st, "take")
        knocks = {a.text for a in st.legal_actions() if a.text.startswith("knock")}
        expect = {f"knock {c}" for c in hand[:10] if oracle_deadwood([d for d in hand if d != c]) <= 10}
        assert knocks == expect, hand
        if knocks:
            knocked += 1
            card = sorted(knocks)[0].split(" ", 1)[1]
            st.apply_action(f"knock {card}")
            if not st.is_terminal():
                st.apply_action("done")  # the defender lays nothing off
            rec = st.records[-1]
            assert rec["deadwood"][0] == oracle_deadwood([d for d in hand if d != card])
            assert rec["deadwood"][1] == oracle_deadwood(dealer)
    assert knocked >= 30
