"""Exchange and the opening lead: HM-18 .. HM-21, HM-A5 .. HM-A9, HM-A41."""

from __future__ import annotations

import pytest

from interpreter.engine.state import IllegalAction

from .helpers import (
    SEATS,
    TENKA,
    deck_order,
    declaration,
    discard,
    legal_cards,
    new_deal,
    play_trick,
    trick_results,
    variables,
)

# Taker = dealer 0 with a mixed hand: K:Su, K:2, Tenka (trumps), five plain cards, the indicator K:6.
MIXED = ["koppu-sun", "koppu-2", TENKA, "ouru-2", "isu-7", "guru-9", "guru-sun", "pao-3", "ouru-sota"]


def _taker_with(rs, hand, indicator="koppu-6", dealer=0, remaining=("koppu-robai",)):
    st = new_deal(rs, deck_order(dealer, {dealer: hand}, indicator, list(remaining)), dealer)
    declaration(st, dealer)
    return st


def test_hm18_taker_adds_the_indicator_to_ten_cards(rs):
    st = _taker_with(rs, MIXED)
    hand = st.observation(0)["zones"]["hand"][0]
    assert sorted(hand) == sorted(MIXED + ["koppu-6"])
    assert st.observation(3)["zones"]["indicator"] == []


def test_hm19_discard_one_non_trump(rs):
    st = _taker_with(rs, MIXED)
    assert legal_cards(st) == {"ouru-2", "isu-7", "guru-9", "guru-sun", "pao-3", "ouru-sota"}
    with pytest.raises(IllegalAction, match=r"not allowed: .*\(HM-19\)"):
        st.apply_action("discard koppu-2")
    with pytest.raises(IllegalAction, match=r"\(HM-19\)"):
        st.apply_action(f"discard {TENKA}")
    discard(st, 0, "pao-3")
    hand = st.observation(0)["zones"]["hand"][0]
    assert len(hand) == 9 and "pao-3" not in hand
    assert st.observation(0)["zones"]["side"][-1] == "pao-3"


def test_hm_a5_the_indicator_may_not_be_discarded(rs):
    st = _taker_with(rs, MIXED)
    with pytest.raises(IllegalAction, match=r"not allowed: the indicator may not be discarded \(HM-A5\)"):
        st.apply_action("discard koppu-6")


ALL_TRUMPS = ["koppu-sun", "koppu-un", "koppu-sota", TENKA, "koppu-rei", "koppu-kaba", "koppu-1", "koppu-2", "koppu-3"]


def test_hm_a6_all_trump_taker_discards_any_card_but_the_indicator(rs):
    st = _taker_with(rs, ALL_TRUMPS)
    assert legal_cards(st) == set(ALL_TRUMPS)
    with pytest.raises(IllegalAction, match=r"\(HM-A5\)"):
        st.apply_action("discard koppu-6")
    discard(st, 0, "koppu-sun")


def test_hm_a7_all_trump_taker_leads_a_trump_and_trick_1_is_a_meri(rs):
    st = _taker_with(rs, ALL_TRUMPS)
    discard(st, 0, "koppu-3")
    assert legal_cards(st) == set(ALL_TRUMPS + ["koppu-6"]) - {"koppu-3"}
    st.apply_action("play koppu-2")
    assert variables(st)["meri"] is True and variables(st)["meri_done"] is False
    assert st.observation(5)["zones"]["trick"] == ["koppu-2"]  # a Meri lead is face up
    for _ in range(7):
        st.apply_action(sorted(st.legal_actions(), key=str)[0])
    assert trick_results(st)[-1].trick == 1
    assert variables(st)["meri_done"] is True


def test_hm20_hm_a8_the_declarer_leads_trick_1(rs):
    deck = deck_order(2, {6: ["guru-robai"]}, "guru-4")
    st = new_deal(rs, deck, 2)
    assert declaration(st, 2, declarer=6) == 6
    discard(st, 6, sorted(legal_cards(st))[0])
    assert st.current_player() == 6  # not the dealer (2), not its left (3)
    assert variables(st)["leader"] == 6


def test_hm20_hm_a8_the_dealer_leads_when_all_pass(rs):
    st = _taker_with(rs, MIXED, dealer=0)
    discard(st, 0, "pao-3")
    assert st.current_player() == 0


def test_hm21_hm_a9_side_cards_are_shown_with_the_opening_lead(rs):
    st = _taker_with(rs, MIXED, remaining=("koppu-robai", "isu-1"))
    discard(st, 0, "pao-3")
    assert st.observation(0)["zones"]["side"] == [None, None, "pao-3"]  # only the taker sees its discard
    for seat in range(1, 8):
        assert st.observation(seat)["zones"]["side"] == [None, None, None]
        assert {"seat": 0, "action": "discard (hidden)"} in st.observation(seat)["history"]
    st.apply_action("play guru-sun")
    for seat in SEATS:
        assert st.observation(seat)["zones"]["side"] == ["koppu-robai", "isu-1", "pao-3"]


def test_hm21_side_cards_belong_to_no_trick(rs):
    st = _taker_with(rs, MIXED, remaining=("koppu-robai", "isu-1"))
    discard(st, 0, "pao-3")
    while not st.is_terminal():
        st.apply_action(sorted(st.legal_actions(), key=str)[0])
    obs = st.observation(0)
    assert sorted(obs["zones"]["side"]) == ["isu-1", "koppu-robai", "pao-3"]
    assert len(obs["zones"]["won"]) == 72
    assert not {"isu-1", "koppu-robai", "pao-3"} & set(obs["zones"]["won"])
    assert sum(st.records[0]["deal_score"]) == 9


def test_hm_a41_any_non_trump_even_a_court_may_open(rs):
    st = _taker_with(rs, MIXED)
    discard(st, 0, "pao-3")
    assert legal_cards(st) == {"ouru-2", "isu-7", "guru-9", "guru-sun", "ouru-sota"}
    play_trick(st, [(0, "guru-sun")])
    assert st.observation(4)["zones"]["trick"] == ["guru-sun"]
