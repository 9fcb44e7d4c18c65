"""Deck, suits and ranking: HM-1 .. HM-4, HM-22 .. HM-24, HM-A12, EX1, EX1b, EX2, EX18."""

from __future__ import annotations

import pytest

from interpreter.engine.state import IllegalAction

from .helpers import (
    ALL_CARDS,
    LONG_SUITS,
    SUITS,
    TENKA,
    deck_order,
    legal_cards,
    new_deal,
    plain_order,
    play_at,
    rank_of,
    script_deal,
    suit_of,
    trick_results,
    trump_order,
    variables,
)


# ----- HM-1: the 75 cards ------------------------------------------------------
def test_hm1_deck_is_75_distinct_cards(rs):
    deck = deck_order(0, {}, "guru-5")
    assert len(ALL_CARDS) == 75 == len(set(ALL_CARDS))
    st = new_deal(rs, deck, 0)  # the engine accepts exactly these 75 ids as its deck
    seen = set()
    for seat in range(8):
        hand = st.observation(seat)["zones"]["hand"][seat]
        assert len(hand) == 9 and None not in hand
        seen |= set(hand)
    obs = st.observation(0)
    assert obs["zones"]["indicator"] == ["guru-5"]
    assert len(obs["zones"]["side"]) == 2
    assert len(seen) == 72 and "guru-5" not in seen and seen <= set(ALL_CARDS)
    assert sum(len(z) for z in st.to_json()["zones"]) == 75


def test_hm1_deck_order_missing_a_card_is_refused(rs):
    deck = deck_order(0, {}, "guru-5")
    with pytest.raises(Exception, match="deck order"):
        new_deal(rs, deck[:-1] + [deck[0]], 0)  # 74 distinct cards and a duplicate
    with pytest.raises(ValueError, match="unknown card"):
        new_deal(rs, deck[:-1] + ["pao-10"], 0)


# ----- HM-3 / HM-4: which cards are trumps -------------------------------------------
def _engine_trumps(rs, indicator: str) -> set[str]:
    """Classify every card by HM-27: at trick 1 the taker may lead exactly its non-trumps.

    The taker (dealer 0, nobody declares) holds the indicator and 8 other cards
    with at least one plain card, so the lead is never forced.
    """
    trump = suit_of(indicator)
    others = [c for c in ALL_CARDS if c != indicator]
    trumps = [c for c in others if c == TENKA or suit_of(c) == trump]
    plains = [c for c in others if c not in trumps]
    chunks = [[] for _ in range(10)]
    for i, c in enumerate(trumps):
        chunks[i % 10].append(c)
    for c in plains:
        min((ch for ch in chunks if len(ch) < 8), key=len).append(c)
    found = {indicator}
    for chunk in chunks:
        hand = chunk + [indicator]
        spare = [c for c in plains if c not in chunk][: 8 - len(chunk)] if len(chunk) < 8 else []
        hand += spare
        deal = script_deal(rs, indicator=indicator, rest={0: hand})
        leads = legal_cards(deal.st)
        assert leads, "the taker must have a legal lead"
        found |= {c for c in chunk if c not in leads}
    return found


@pytest.mark.parametrize("trump", ["guru", "isu"])
def test_hm3_hm4_trump_suit_has_16_cards_and_tenka_is_always_trump(rs, trump):
    found = _engine_trumps(rs, f"{trump}-5")
    assert found == {f"{trump}-{r}" for r in map(rank_of, ALL_CARDS[:15])} | {TENKA}
    assert len(found) == 16


def test_hm4_hm_a12_pao_trump_suit_has_15_cards(rs):
    found = _engine_trumps(rs, "pao-5")
    assert found == {c for c in ALL_CARDS if suit_of(c) == "pao"}
    assert len(found) == 15


def test_ex18_plain_pao_has_14_cards_when_guru_is_trump(rs):
    found = _engine_trumps(rs, "guru-5")
    plain_pao = {c for c in ALL_CARDS if suit_of(c) == "pao"} - found
    assert len(plain_pao) == 14 and TENKA not in plain_pao
    assert len(plain_order("pao")) == 14


# ----- HM-22: trump ranking, adjacent pairs ---------------------------------------
def _trump_pairs():
    for trump in SUITS:
        order = trump_order(trump)
        for hi, lo in zip(order, order[1:]):
            yield pytest.param(
                trump,
                hi,
                lo,
                id=f"{trump}:{rank_of(hi) if hi != TENKA else 'tenka'}>{rank_of(lo) if lo != TENKA else 'tenka'}",
            )


def _indicator_for(trump: str, avoid: set[str]) -> str:
    return next(f"{trump}-{r}" for r in ("3", "4", "5", "6") if f"{trump}-{r}" not in avoid)


@pytest.mark.parametrize("trump, hi, lo", list(_trump_pairs()))
def test_hm22_trump_ranking_adjacent_pairs(rs, trump, hi, lo):
    """On a plain lead, of two trumps played face down the higher wins, in either order of play."""
    indicator = _indicator_for(trump, {hi, lo})
    lead_suit = next(s for s in ("guru", "ouru", "koppu") if s != trump)
    lead = f"{lead_suit}-9"
    for first, second, winner in ((lo, hi, 2), (hi, lo, 1)):
        deal = script_deal(rs, indicator=indicator, tricks=[{0: lead, 1: first, 2: second}], avoid_suits={lead_suit})
        res = trick_results(deal.st)[-1]
        assert (res.winner, res.card) == (winner, hi), f"{hi} should beat {lo} with {trump} trumps"


def test_hm22_pao_robai_ranks_once_between_sota_and_rei_when_pao_is_trump(rs):
    order = trump_order("pao")
    assert order.index(TENKA) == order.index("pao-sota") + 1 == order.index("pao-rei") - 1
    assert len(order) == 15


# ----- HM-23 / HM-2: plain ranking, adjacent pairs -----------------------------------
def _plain_pairs():
    for suit in SUITS:
        order = plain_order(suit)
        for hi, lo in zip(order, order[1:]):
            yield pytest.param(suit, hi, lo, id=f"{suit}:{rank_of(hi)}>{rank_of(lo)}")


@pytest.mark.parametrize("suit, hi, lo", list(_plain_pairs()))
def test_hm23_hm2_plain_ranking_adjacent_pairs(rs, suit, hi, lo):
    """Led suit only, no trumps: the higher of two cards of the led suit wins, whichever was led."""
    trump = next(s for s in ("koppu", "ouru", "guru") if s != suit)
    for first, second, winner in ((lo, hi, 1), (hi, lo, 0)):
        deal = script_deal(rs, indicator=f"{trump}-5", tricks=[{0: first, 1: second}], avoid_suits={suit})
        res = trick_results(deal.st)[-1]
        assert (res.winner, res.card) == (winner, hi), f"{hi} should beat {lo} when {suit} is led"


def test_hm2_long_suits_run_9_high_and_round_suits_1_high(rs):
    assert [rank_of(c) for c in plain_order("isu")[-4:]] == ["3", "2", "robai", "1"]
    assert [rank_of(c) for c in plain_order("pao")[-3:]] == ["3", "2", "1"]
    assert [rank_of(c) for c in plain_order("ouru")[6:9]] == ["1", "2", "3"]
    assert set(LONG_SUITS) == {"pao", "isu"}
    # EX1b in play: K:1 beats K:2 .. K:9 (round suit); EX9b shows 9 above 8 in a long trump suit.
    _, res, _ = play_at(
        rs,
        indicator="guru-5",
        trick=2,
        leader=0,
        plays={0: "koppu-9", 1: "koppu-1", 2: "koppu-2", 3: "isu-2", 4: "isu-9", 5: "isu-1", 6: "ouru-3", 7: "ouru-4"},
    )
    assert (res.winner, res.card) == (1, "koppu-1")
    _, res, _ = play_at(
        rs,
        indicator="guru-5",
        trick=2,
        leader=0,
        plays={0: "isu-1", 1: "isu-9", 2: "isu-8", 3: "koppu-2", 4: "koppu-1", 5: "pao-1", 6: "ouru-3", 7: "ouru-4"},
    )
    assert (res.winner, res.card) == (1, "isu-9")


# ----- HM-24: different plain suits never compete -----------------------------------------
def test_hm24_other_plain_suits_never_win(rs):
    plays = {
        0: "koppu-9",
        1: "isu-sun",
        2: "ouru-sun",
        3: "pao-sun",
        4: "isu-rei",
        5: "isu-un",
        6: "ouru-un",
        7: "pao-un",
    }
    _, res, delta = play_at(rs, indicator="guru-5", trick=2, leader=0, plays=plays)
    assert (res.winner, res.card) == (0, "koppu-9")
    assert delta == (1, 0)


# ----- EX1, EX1b, EX2 ------------------------------------------------------------------------------
EX1 = {2: "koppu-5", 3: "koppu-9", 4: "koppu-1", 5: "ouru-1", 6: "koppu-kaba", 7: "isu-9", 0: "koppu-2", 1: "pao-3"}


def test_ex1_plain_trick_kaba_above_numbers(rs):
    deal, res, delta = play_at(rs, indicator="guru-5", trick=3, leader=2, plays=EX1)
    assert variables(deal.st)["meri_done"] is False
    assert (res.trick, res.winner, res.card, res.combo) == (3, 6, "koppu-kaba", 0)
    assert delta == (1, 0)
    assert deal.st.current_player() == 6  # the winner leads next (HM-33)


def test_ex1b_round_suit_one_is_highest_number(rs):
    _, res, delta = play_at(rs, indicator="guru-5", trick=3, leader=2, plays={**EX1, 6: "ouru-5"})
    assert (res.winner, res.card) == (4, "koppu-1")
    assert delta == (1, 0)


def test_ex2_plain_isu_robai_between_2_and_1(rs):
    plays = {1: "isu-3", 2: "isu-robai", 3: "isu-2", 4: "isu-1", 5: "koppu-sun", 6: "pao-9", 7: "isu-4", 0: "guru-1"}
    _, res, delta = play_at(rs, indicator="ouru-5", trick=2, leader=1, plays=plays)
    assert (res.trick, res.winner, res.card) == (2, 7, "isu-4")
    assert delta == (0, 1)


def test_ex2_isu_robai_beats_only_isu_1(rs):
    """I:Ro led against I:1 wins; against I:2 loses (HM-23)."""
    plays = {
        1: "isu-robai",
        2: "isu-1",
        3: "koppu-2",
        4: "koppu-3",
        5: "koppu-sun",
        6: "pao-9",
        7: "pao-4",
        0: "guru-1",
    }
    _, res, _ = play_at(rs, indicator="ouru-5", trick=2, leader=1, plays=plays)
    assert (res.winner, res.card) == (1, "isu-robai")
    _, res, _ = play_at(rs, indicator="ouru-5", trick=2, leader=1, plays={**plays, 2: "isu-2"})
    assert (res.winner, res.card) == (2, "isu-2")


# ----- EX18 -----------------------------------------------------------------------------------------
def test_ex18_koppu_trump_tenka_beats_robai_beats_rei(rs):
    base = {0: "guru-9", 1: "isu-2", 2: "isu-3", 3: "isu-4", 4: "isu-5", 5: "ouru-2", 6: "ouru-3", 7: "ouru-4"}
    _, res, _ = play_at(rs, indicator="koppu-5", trick=2, leader=0, plays={**base, 1: TENKA, 4: "koppu-robai"})
    assert (res.winner, res.card) == (1, TENKA)
    _, res, _ = play_at(rs, indicator="koppu-5", trick=2, leader=0, plays={**base, 3: "koppu-rei", 6: "koppu-robai"})
    assert (res.winner, res.card) == (6, "koppu-robai")


def test_ex18_isu_trump_robai_beats_rei_and_9(rs):
    base = {0: "guru-9", 1: "koppu-2", 2: "koppu-3", 3: "koppu-4", 4: "koppu-5", 5: "ouru-2", 6: "ouru-3", 7: "ouru-4"}
    _, res, _ = play_at(
        rs, indicator="isu-5", trick=2, leader=0, plays={**base, 1: "isu-rei", 2: "isu-robai", 3: "isu-9"}
    )
    assert (res.winner, res.card) == (2, "isu-robai")


def test_hm_a12_pao_robai_is_the_native_robai_when_pao_is_trump(rs):
    """T = Pao: the Pao Robai holder may declare, and it ranks in the Tenka slot (above Rei, below Sota)."""
    deck = deck_order(0, {3: [TENKA]}, "pao-5")
    st = new_deal(rs, deck, 0)
    for _seat in (1, 2):
        assert [str(a) for a in st.legal_actions()] == ["pass"]
        st.apply_action("pass")
    assert {str(a) for a in st.legal_actions()} == {"declare", "pass"}
    st.apply_action("declare")
    v = variables(st)
    assert (v["declared"], v["taker"], v["trump"]) == (True, 3, "pao")
    base = {0: "guru-9", 1: "koppu-2", 2: "koppu-3", 3: "koppu-4", 4: "koppu-5", 5: "ouru-2", 6: "ouru-3", 7: "ouru-4"}
    _, res, _ = play_at(rs, indicator="pao-5", trick=2, leader=0, plays={**base, 1: "pao-rei", 2: TENKA})
    assert (res.winner, res.card) == (2, TENKA)
    _, res, _ = play_at(rs, indicator="pao-5", trick=2, leader=0, plays={**base, 1: "pao-sota", 2: TENKA})
    assert (res.winner, res.card) == (1, "pao-sota")


def test_hm_a12_declaring_without_the_pao_robai_is_refused_when_pao_is_trump(rs):
    deck = deck_order(0, {3: [TENKA]}, "pao-5")
    st = new_deal(rs, deck, 0)
    with pytest.raises(IllegalAction, match=r"HM-15"):
        st.apply_action("declare")
