"""Scoring and combinations: HM-37 .. HM-43, HM-A20 .. HM-A31, EX3 .. EX6, EX8, EX9, EX15."""

from __future__ import annotations

import pytest

from .helpers import TENKA, play_at, reach, script_deal, trick_results, variables

# ----- EX3 / EX4: Sun-Un and the strongest opposing trump -------------------------------------------------
EX3 = {4: "ouru-7", 5: "koppu-un", 6: "ouru-3", 7: "ouru-9", 0: "koppu-sun", 1: "guru-2", 2: "ouru-8", 3: "ouru-1"}


def test_ex3_hm40_sun_un_combination_moves_2(rs):
    deal, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=4, plays=EX3)
    assert variables(deal.st)["meri_done"] is False
    assert (res.trick, res.winner, res.card, res.combo) == (2, 0, "koppu-sun", 2)
    assert delta == (3, -2)


def test_ex4_hm_a23_hm39_partners_trump_is_ignored(rs):
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=4, plays={**EX3, 2: "koppu-un", 5: "koppu-sota"})
    assert (res.winner, res.card, res.combo) == (0, "koppu-sun", 0)
    assert delta == (1, 0)


def test_ex4b_hm_a24_no_opposing_trump_no_combination(rs):
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=4, plays={**EX3, 2: "koppu-un", 5: "ouru-2"})
    assert (res.winner, res.combo) == (0, 0)
    assert delta == (1, 0)


# ----- EX5: Tenka does not substitute -----------------------------------------------------------------------
EX5 = {0: "guru-4", 1: "guru-7", 2: "guru-9", 3: "ouru-sota", 4: "guru-2", 5: "isu-5", 6: TENKA, 7: "guru-6"}


def test_ex5_hm40_sota_tenka_is_no_combination(rs):
    _, res, delta = play_at(rs, indicator="ouru-6", trick=4, leader=0, plays=EX5)
    assert (res.winner, res.card, res.combo) == (3, "ouru-sota", 0)
    assert delta == (0, 1)


def test_ex5b_sota_robai_with_declared_robai_moves_2(rs):
    deal, res, delta = play_at(rs, indicator="ouru-6", trick=4, leader=0, plays={**EX5, 6: "ouru-robai"}, declarer=6)
    assert variables(deal.st)["declared"] is True and deal.taker == 6
    assert (res.winner, res.combo) == (3, 2)
    assert delta == (-2, 3)


def test_ex5c_sota_robai_with_hidden_robai_moves_5(rs):
    deal, res, delta = play_at(rs, indicator="ouru-6", trick=4, leader=0, plays={**EX5, 6: "ouru-robai"})
    assert variables(deal.st)["declared"] is False
    assert (res.winner, res.combo) == (3, 5)
    assert delta == (-5, 6)


# ----- EX6: undeclared Robai-Rei ----------------------------------------------------------------------------
EX6 = {1: "pao-2", 2: "guru-rei", 3: "pao-5", 4: "pao-sun", 5: "guru-robai", 6: "koppu-1", 7: "pao-9", 0: "isu-un"}


def test_ex6_hm41_hidden_robai_rei_moves_5(rs):
    deal, res, delta = play_at(rs, indicator="guru-6", trick=4, leader=1, plays=EX6)
    assert "guru-robai" in deal.hands[5]
    assert (res.winner, res.card, res.combo) == (5, "guru-robai", 5)
    assert delta == (-5, 6)


def test_ex6b_declared_robai_rei_moves_2(rs):
    _, res, delta = play_at(rs, indicator="guru-6", trick=4, leader=1, plays=EX6, declarer=5)
    assert (res.winner, res.combo) == (5, 2)
    assert delta == (-2, 3)


def test_ex6c_hm_a27_the_hiders_team_can_lose_5(rs):
    _, res, delta = play_at(rs, indicator="guru-6", trick=4, leader=1, plays={**EX6, 4: "guru-sota"})
    assert (res.winner, res.card, res.combo) == (4, "guru-sota", 5)
    assert delta == (6, -5)


# ----- EX8 / EX9: the number combinations -------------------------------------------------------------------
def test_ex8_long_suit_2_1(rs):
    plays = {
        2: "koppu-3",
        3: "pao-2",
        4: "pao-1",
        5: "koppu-7",
        6: "koppu-sota",
        7: "ouru-4",
        0: "koppu-1",
        1: "guru-8",
    }
    _, res, delta = play_at(rs, indicator="pao-6", trick=3, leader=2, plays=plays)
    assert (res.winner, res.card, res.combo) == (3, "pao-2", 2)
    assert delta == (-2, 3)


def test_ex9_round_suit_8_9(rs):
    plays = {5: "isu-5", 6: "ouru-8", 7: "isu-7", 0: "isu-2", 1: "ouru-9", 2: "guru-3", 3: "isu-kaba", 4: "koppu-6"}
    deal, res, delta = play_at(rs, indicator="ouru-6", trick=6, leader=5, plays=plays)
    assert variables(deal.st)["meri_done"] is False
    assert (res.winner, res.card, res.combo) == (6, "ouru-8", 2)
    assert delta == (3, -2)


def test_ex9b_hm_a29_long_suit_9_8_is_no_combination(rs):
    plays = {
        5: "koppu-5",
        6: "isu-8",
        7: "koppu-7",
        0: "koppu-2",
        1: "isu-9",
        2: "guru-3",
        3: "koppu-kaba",
        4: "ouru-6",
    }
    _, res, delta = play_at(rs, indicator="isu-6", trick=6, leader=5, plays=plays)
    assert (res.winner, res.card, res.combo) == (1, "isu-9", 0)
    assert delta == (0, 1)


def test_hm_a29_hm_a25_round_suit_1_over_2_is_no_combination(rs):
    """With a round trump suit the 1 beats the 2: the pair (1, 2) is not the long-suit 2-1."""
    plays = {2: "ouru-7", 3: "koppu-2", 4: "koppu-1", 5: "ouru-2", 6: "ouru-3", 7: "ouru-4", 0: "ouru-5", 1: "ouru-6"}
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays=plays)
    assert (res.winner, res.card, res.combo) == (4, "koppu-1", 0)
    assert delta == (1, 0)


# ----- HM-40: every listed pair, and pairs that are not combinations ----------------------------------------
# Trick 2, led by seat 2 (A) with O:7; seat 4 (A) plays W and seat 5 (B) plays O; the others follow Ouru.
COMBINATIONS = [
    ("koppu", "koppu-sun", "koppu-un", None, 2),
    ("koppu", "koppu-un", "koppu-sota", None, 2),
    ("koppu", "koppu-sota", "koppu-robai", None, 5),  # the Robai was dealt to seat 5, who passed
    ("koppu", "koppu-sota", "koppu-robai", 5, 2),  # seat 5 declared it
    ("koppu", "koppu-robai", "koppu-rei", None, 5),
    ("koppu", "koppu-robai", "koppu-rei", 4, 2),
    ("pao", "pao-sota", TENKA, 5, 2),  # HM-A12: the Pao Robai is the native Robai
    ("pao", TENKA, "pao-rei", None, 5),
    ("isu", "isu-2", "isu-1", None, 2),
    ("guru", "guru-8", "guru-9", None, 2),
    ("koppu", "koppu-sota", TENKA, None, 0),
    ("koppu", TENKA, "koppu-robai", None, 0),
    ("koppu", TENKA, "koppu-rei", None, 0),
    ("koppu", "koppu-rei", "koppu-kaba", None, 0),
    ("koppu", "koppu-sun", "koppu-sota", None, 0),
    ("koppu", "koppu-kaba", "koppu-1", None, 0),
]


@pytest.mark.parametrize(
    "trump, w, o, declarer, value",
    COMBINATIONS,
    ids=[f"{t}:{w}-{o}{'-declared' if d is not None else ''}" for t, w, o, d, _ in COMBINATIONS],
)
def test_hm40_hm41_hm42_combination_pairs(rs, trump, w, o, declarer, value):
    plays = {2: "ouru-7", 3: "ouru-2", 4: w, 5: o, 6: "ouru-3", 7: "ouru-4", 0: "ouru-5", 1: "ouru-6"}
    deal, res, delta = play_at(rs, indicator=f"{trump}-5", trick=2, leader=2, plays=plays, declarer=declarer)
    assert variables(deal.st)["declared"] is (declarer is not None)
    assert (res.winner, res.card, res.combo) == (4, w, value)
    assert delta == (1 + value, -value)  # HM-42: from the losing team to the winner's


# ----- HM-A20 / HM-A21: Meri tricks never, later plain tricks always ----------------------------------------
def test_hm_a20_no_combination_on_a_meri(rs):
    plays = {
        2: "koppu-7",
        3: "koppu-un",
        4: "koppu-sun",
        5: "koppu-9",
        6: "koppu-8",
        7: "koppu-4",
        0: "koppu-2",
        1: "koppu-3",
    }
    deal, res, delta = play_at(rs, indicator="koppu-6", trick=3, leader=2, plays=plays)
    assert (res.winner, res.card, res.combo) == (4, "koppu-sun", 0)
    assert delta == (1, 0)
    assert variables(deal.st)["meri_done"] is True


def test_hm_a21_combinations_count_on_plain_tricks_after_meri(rs):
    plays = {
        3: "ouru-7",
        4: "koppu-sun",
        5: "koppu-un",
        6: "ouru-3",
        7: "ouru-9",
        0: "ouru-2",
        1: "ouru-4",
        2: "ouru-8",
    }
    deal, res, delta = play_at(rs, indicator="koppu-6", trick=7, leader=3, plays=plays, meri_before=True)
    assert (res.winner, res.card, res.combo) == (4, "koppu-sun", 2)
    assert delta == (3, -2)


def test_hm38_checks_only_when_a_trump_wins_against_an_opposing_trump(rs):
    # the winning card is plain: nothing to check
    plays = {2: "ouru-sun", 3: "ouru-un", 4: "ouru-2", 5: "ouru-3", 6: "ouru-4", 7: "ouru-5", 0: "ouru-6", 1: "ouru-8"}
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays=plays)
    assert (res.winner, res.combo, delta) == (2, 0, (1, 0))
    # a trump wins but only its own team trumped
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays={**plays, 4: "koppu-sun", 6: "koppu-un"})
    assert (res.winner, res.combo, delta) == (4, 0, (1, 0))


# ----- HM-A26: Sota-Robai when Tenka lies between -----------------------------------------------------------
A26 = {2: "ouru-7", 3: "ouru-2", 4: "koppu-sota", 5: "koppu-robai", 6: "ouru-3", 7: "ouru-4", 0: "ouru-5", 1: "ouru-6"}


def test_hm_a26_losing_team_played_robai_but_not_tenka(rs):
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays=A26)
    assert (res.winner, res.combo) == (4, 5)
    assert delta == (6, -5)


def test_hm_a26_losing_team_played_tenka_too_no_combination(rs):
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays={**A26, 7: TENKA})
    assert (res.winner, res.combo) == (4, 0)
    assert delta == (1, 0)


def test_hm_a26_tenka_of_the_winners_partner_does_not_matter(rs):
    _, res, delta = play_at(rs, indicator="koppu-6", trick=2, leader=2, plays={**A26, 6: TENKA})
    assert (res.winner, res.combo) == (4, 5)
    assert delta == (6, -5)


# ----- EX15 / HM-43 / HM-A30 / HM-A31: a whole deal ---------------------------------------------------------
# EX15 as printed needs the one trump Un twice (Sun-Un in trick 2 and Un-Sota in trick 9), which no deal
# can play; trick 2's 2-point combination is played as the round-suit 8-9 instead (the same value).
EX15_TRICKS = [
    {0: "guru-9", 2: "koppu-kaba", 4: "koppu-1", 6: "koppu-2"},  # 1: A (K:Ka, only A trumped)
    {2: "ouru-9", 4: "koppu-8", 5: "koppu-9"},  # 2: A, 8-9 -> +2
    {4: "guru-sun"},  # 3: A
    {4: "guru-8", 5: "guru-un"},  # 4: B
    {5: "ouru-8", 6: "ouru-sun"},  # 5: A
    {6: "ouru-7", 5: "koppu-robai", 0: "koppu-rei"},  # 6: B, hidden Robai-Rei -> +5
    {5: "isu-sun", 7: "koppu-3", 1: "koppu-4"},  # 7: B
    {7: "isu-un", 1: "koppu-5", 3: "koppu-6"},  # 8: B
]
EX15_LAST = {0: ["koppu-7"], 2: ["koppu-un"], 1: ["koppu-sota"]}  # 9: A, Un-Sota on trick 9 -> +5


def test_ex15_whole_deal_settlement(rs):
    deal = script_deal(
        rs,
        indicator="koppu-7",
        dealer=0,
        tricks=EX15_TRICKS,
        rest=EX15_LAST,
        side=["koppu-sun", TENKA],
        leaders=[0, 2, 4, 4, 5, 6, 5, 7],
    )
    st = deal.st
    assert st.is_terminal()
    results = trick_results(st)
    assert [r.winner % 2 for r in results] == [0, 0, 0, 1, 0, 1, 1, 1, 0]
    assert [r.combo for r in results] == [0, 2, 0, 0, 0, 5, 0, 0, 5]
    assert st.records[0]["deal_score"] == (7, 2)
    assert sum(st.records[0]["deal_score"]) == 9
    assert st.returns() == [7, 2] * 4


def test_ex15_negative_deal_score_hm43(rs):
    tricks = [
        {1: "guru-sun"},  # 1: B
        {1: "ouru-9", 3: "koppu-sun", 0: "koppu-un"},  # 2: B, Sun-Un -> +2
        {3: "ouru-8", 5: "koppu-8", 2: "koppu-9"},  # 3: B, 8-9 -> +2
        {5: "ouru-7", 3: "koppu-robai", 4: "koppu-rei"},  # 4: B, hidden Robai-Rei -> +5
        {3: "isu-sun", 5: "koppu-4", 1: "koppu-7"},  # 5: B (K:4 beats the indicator K:7)
        {5: "isu-un", 7: "koppu-5", 1: "koppu-6"},  # 6: B
        {7: "guru-un"},  # 7: B
        {7: "pao-sun"},  # 8: B
    ]
    last = {0: ["koppu-sota"], 2: ["koppu-1"], 4: ["koppu-2"], 6: ["koppu-3"]}  # 9: A, no opposing trump
    deal = script_deal(
        rs,
        indicator="koppu-7",
        dealer=1,
        tricks=tricks,
        rest=last,
        side=["koppu-kaba", TENKA],
        leaders=[1, 1, 3, 5, 3, 5, 7, 7],
    )
    st = deal.st
    results = trick_results(st)
    assert [r.winner % 2 for r in results] == [1] * 8 + [0]
    assert [r.combo for r in results] == [0, 2, 2, 5, 0, 0, 0, 0, 0]
    assert st.records[0]["deal_score"] == (-8, 17)
    assert st.returns() == [-8, 17] * 4


def test_hm37_hm43_hm_a31_deal_score_is_tricks_plus_transfers_only(rs):
    """The taker's team gets no bonus: each team scores its tricks plus its net transfers."""
    deal = script_deal(rs, indicator="koppu-7", dealer=0, tricks=EX15_TRICKS, rest=EX15_LAST, side=["koppu-sun", TENKA])
    results = trick_results(deal.st)
    tricks = [sum(r.winner % 2 == t for r in results) for t in (0, 1)]
    score = list(tricks)
    for r in results:
        score[r.winner % 2] += r.combo
        score[1 - r.winner % 2] -= r.combo
    assert deal.taker == 0 and tricks == [5, 4]
    assert tuple(score) == deal.st.records[0]["deal_score"] == (7, 2)


def test_hm_a30_deal_scores_sum_to_9_through_a_deal(rs):
    deal = reach(rs, indicator="koppu-6", trick=2, leader=4)
    st = deal.st
    while not st.is_terminal():
        assert sum(variables(st)["deal_score"]) == len(trick_results(st))
        st.apply_action(st.legal_actions()[0])
    assert sum(st.records[0]["deal_score"]) == 9
