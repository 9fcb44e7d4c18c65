"""Trick play and legality: HM-25 .. HM-33, HM-A7, HM-A10 .. HM-A19, HM-A37, HM-A38, EX7, EX14."""

from __future__ import annotations

import pytest

from interpreter.engine.state import IllegalAction

from .helpers import (
    SEATS,
    TENKA,
    finish_trick,
    in_order,
    is_trump,
    legal_cards,
    play_trick,
    reach,
    trick_results,
    variables,
    weakest_legal,
)

KOPPU = "koppu-6"  # EX14: T = Koppu, indicator K:6 (the taker is dealer 0 unless stated)


def _hand(st, seat):
    return set(st.observation(seat)["zones"]["hand"][seat])


def _lead_then(deal, leader, lead):
    """Lead `lead`; returns the state with seat leader + 1 to act."""
    play_trick(deal.st, [(leader, lead)])
    assert deal.st.current_player() == (leader + 1) % 8
    return deal.st


# ----- EX14: legality table (T = Koppu) ---------------------------------------------------------------------
# Each row is reached through play, so that the seat holds exactly the row's cards when it must play (seat 4
# after seat 3's lead in tricks 7 / 8).  Rows a and b are the trick-1 lead, when the taker holds nine cards:
# there the row's hand is completed with trumps only, which changes neither legal set.
def test_ex14a_hm27_trick_1_taker_must_lead_a_non_trump(rs):
    hand = ["koppu-sun", "koppu-4", TENKA, "ouru-2", "isu-7", "guru-9", KOPPU, "koppu-8", "koppu-9"]
    deal = reach(rs, indicator=KOPPU, trick=1, leader=0, final={0: hand})
    assert _hand(deal.st, 0) == set(hand)
    assert legal_cards(deal.st) == {"ouru-2", "isu-7", "guru-9"}
    with pytest.raises(IllegalAction, match=r"not allowed: .*first trick.*\(HM-27\)"):
        deal.st.apply_action("play koppu-sun")
    with pytest.raises(IllegalAction, match=r"\(HM-27\)"):
        deal.st.apply_action(f"play {TENKA}")


def test_ex14b_hm_a7_all_trumps_forced_meri_lead(rs):
    hand = ["koppu-sun", "koppu-4", TENKA, KOPPU, "koppu-1", "koppu-2", "koppu-3", "koppu-5", "koppu-7"]
    deal = reach(rs, indicator=KOPPU, trick=1, leader=0, final={0: hand})
    assert legal_cards(deal.st) == set(hand)
    deal.st.apply_action("play koppu-4")
    assert variables(deal.st)["meri"] is True


def test_ex14c_hm30_before_meri_any_card_follows_a_plain_lead(rs):
    deal = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["ouru-5"], 4: ["ouru-3", "koppu-2", "guru-1"]})
    assert variables(deal.st)["meri_done"] is False
    st = _lead_then(deal, 3, "ouru-5")
    assert legal_cards(st) == {"ouru-3", "koppu-2", "guru-1"}
    st.apply_action("play guru-1")


def test_ex14d1_hm28_trump_lead_must_be_followed_with_a_trump(rs):
    deal = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["koppu-7"], 4: ["koppu-3", "guru-5", "ouru-1"]})
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {"koppu-3"}
    with pytest.raises(
        IllegalAction, match=r"not allowed: a trump was led \(Meri\), so you must play a trump \(HM-28\)"
    ):
        st.apply_action("play guru-5")


def test_ex14d2_hm_a14_tenka_alone_must_follow_a_meri(rs):
    deal = reach(rs, indicator=KOPPU, trick=8, leader=3, final={3: ["koppu-7"], 4: [TENKA, "guru-5"]})
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {TENKA}
    with pytest.raises(IllegalAction, match=r"\(HM-28\)"):
        st.apply_action("play guru-5")


def test_ex14d3_hm28_no_trump_any_card(rs):
    deal = reach(
        rs, indicator=KOPPU, trick=8, leader=3, final={3: ["koppu-7"], 4: ["guru-5", "ouru-1"]}, meri_before=True
    )
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {"guru-5", "ouru-1"}


def test_ex14e_hm29_sun_privilege_dealt_only_the_sun(rs):
    deal = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["koppu-7"], 4: ["koppu-sun", "ouru-4", "isu-2"]})
    assert not any(is_trump(c, "koppu") for c in deal.hands[4] if c != "koppu-sun")
    assert variables(deal.st, 4)["privileged"][4] is True
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {"koppu-sun", "ouru-4", "isu-2"}
    st.apply_action("play isu-2")


def test_ex14f_hm29_sun_privilege_needs_the_sun_as_the_only_dealt_trump(rs):
    deal = reach(
        rs,
        indicator=KOPPU,
        trick=8,
        leader=3,
        final={3: ["koppu-7"], 4: ["koppu-sun", "ouru-4"]},
        meri_before=True,
        burns={4: {7: "koppu-9"}},
    )
    assert {"koppu-sun", "koppu-9"} <= set(deal.hands[4])
    assert variables(deal.st, 4)["privileged"][4] is False
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {"koppu-sun"}
    with pytest.raises(IllegalAction, match=r"\(HM-28\)"):
        st.apply_action("play ouru-4")


def _g1(rs):
    """EX14 g1: dealer 4 (the taker) was dealt K:Su as its only trump and took the indicator K:6."""
    return reach(
        rs,
        indicator=KOPPU,
        dealer=4,
        trick=7,
        leader=3,
        final={3: ["koppu-un", "koppu-7"], 4: ["koppu-sun", KOPPU, "ouru-4"]},
    )


def test_ex14g1_hm_a15_taker_privileged_once_the_indicator_has_left(rs):
    deal = _g1(rs)
    assert deal.taker == 4 and [c for c in deal.hands[4] if is_trump(c, "koppu")] == ["koppu-sun"]
    assert variables(deal.st, 4)["privileged"][4] is True
    st = _lead_then(deal, 3, "koppu-un")
    assert legal_cards(st) == {"koppu-sun", KOPPU}
    with pytest.raises(IllegalAction, match=r"\(HM-28\)"):
        st.apply_action("play ouru-4")


def test_ex14g2_hm_a15_after_the_indicator_is_played_the_sun_is_excused(rs):
    deal = _g1(rs)
    st = _lead_then(deal, 3, "koppu-un")
    res = finish_trick(st, {4: KOPPU})
    assert (res.trick, res.winner) == (7, 3)
    st = _lead_then(deal, 3, "koppu-7")
    assert _hand(st, 4) == {"koppu-sun", "ouru-4"}
    assert legal_cards(st) == {"koppu-sun", "ouru-4"}


def test_ex14g3_hm_a15_dealer_taking_the_sun_indicator_is_not_privileged(rs):
    deal = reach(
        rs, indicator="koppu-sun", dealer=4, trick=8, leader=3, final={3: ["koppu-7"], 4: ["koppu-sun", "ouru-4"]}
    )
    assert not any(is_trump(c, "koppu") for c in deal.hands[4])
    assert variables(deal.st, 4)["privileged"][4] is False
    st = _lead_then(deal, 3, "koppu-7")
    assert legal_cards(st) == {"koppu-sun"}


def test_ex14h1_hm31_monchi_follow_suit_or_trump(rs):
    deal = reach(
        rs,
        indicator=KOPPU,
        trick=7,
        leader=3,
        meri_before=True,
        final={3: ["ouru-5"], 4: ["ouru-3", "koppu-2", "guru-1"]},
    )
    assert variables(deal.st)["meri_done"] is True
    st = _lead_then(deal, 3, "ouru-5")
    assert legal_cards(st) == {"ouru-3", "koppu-2"}
    with pytest.raises(
        IllegalAction,
        match=r"not allowed: after the first Meri \(Monchi\) you must follow the led suit or play a "
        r"trump \(HM-31\)",
    ):
        st.apply_action("play guru-1")


def test_ex14h2_hm_a11_monchi_void_in_the_led_suit_any_card(rs):
    deal = reach(
        rs, indicator=KOPPU, trick=8, leader=3, meri_before=True, final={3: ["ouru-5"], 4: ["koppu-2", "guru-1"]}
    )
    st = _lead_then(deal, 3, "ouru-5")
    assert legal_cards(st) == {"koppu-2", "guru-1"}


def test_ex14h3_hm_a11_monchi_led_suit_or_any_trump(rs):
    deal = reach(
        rs, indicator=KOPPU, trick=7, leader=3, meri_before=True, final={3: ["ouru-5"], 4: [TENKA, "guru-1", "ouru-9"]}
    )
    st = _lead_then(deal, 3, "ouru-5")
    assert legal_cards(st) == {"ouru-9", TENKA}


def test_ex14i_hm_a13_tenka_is_not_a_pao_card(rs):
    deal = reach(
        rs, indicator=KOPPU, trick=7, leader=3, meri_before=True, final={3: ["pao-4"], 4: [TENKA, "guru-1", "guru-2"]}
    )
    st = _lead_then(deal, 3, "pao-4")
    assert legal_cards(st) == {TENKA, "guru-1", "guru-2"}


# ----- the other trick-play rules ---------------------------------------------------------------------------
def test_hm25_hm6_leader_then_the_others_clockwise(rs):
    deal = reach(rs, indicator="guru-5", trick=3, leader=5)
    order = []
    for _ in range(8):
        order.append(deal.st.current_player())
        deal.st.apply_action(f"play {weakest_legal(deal.st)}")
    assert order == [5, 6, 7, 0, 1, 2, 3, 4]
    assert trick_results(deal.st)[-1].trick == 3


def test_hm26_a_trump_lead_is_a_meri_and_after_meri_starts_when_it_is_complete(rs):
    deal = reach(rs, indicator="guru-5", trick=4, leader=2, final={2: ["guru-9", "isu-3"], 3: ["isu-4"]})
    st = deal.st
    assert variables(st)["meri"] is False and variables(st)["meri_done"] is False
    st.apply_action("play guru-9")
    assert variables(st)["meri"] is True and variables(st)["meri_done"] is False
    res = finish_trick(st)
    assert res.trick == 4 and variables(st)["meri_done"] is True
    plain = sorted(c for c in legal_cards(st) if not is_trump(c, "guru"))
    st.apply_action(f"play {plain[0]}")
    assert variables(st)["meri"] is False and variables(st)["meri_done"] is True


def test_hm_a14_tenka_lead_is_a_meri(rs):
    deal = reach(rs, indicator=KOPPU, trick=3, leader=2, final={2: [TENKA], 3: ["koppu-9", "pao-5", "pao-6"]})
    st = _lead_then(deal, 2, TENKA)
    assert variables(st)["meri"] is True
    assert "koppu-9" in legal_cards(st) and not legal_cards(st) & {"pao-5", "pao-6"}


def test_hm_a16_sun_privilege_does_not_excuse_monchi(rs):
    """Seat 4 was dealt only K:Su: it may discard anything to the Meri, but must follow a plain lead after it."""
    deal = reach(
        rs,
        indicator=KOPPU,
        trick=7,
        leader=3,
        meri_before=True,
        burns={4: {6: "isu-9"}},
        final={3: ["ouru-5"], 4: ["koppu-sun", "ouru-3", "guru-1"]},
    )
    assert variables(deal.st, 4)["privileged"][4] is True
    history = deal.st.observation(4)["history"]
    assert {"seat": 4, "action": "play isu-9"} in history  # excused in the trick-6 Meri
    st = _lead_then(deal, 3, "ouru-5")
    assert legal_cards(st) == {"ouru-3", "koppu-sun"}


def test_hm_a16_sun_privilege_is_optional(rs):
    deal = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["koppu-7"], 4: ["koppu-sun", "ouru-4", "isu-2"]})
    st = _lead_then(deal, 3, "koppu-7")
    st.apply_action("play koppu-sun")
    assert st.observation(0)["zones"]["trick"] == ["koppu-7", "koppu-sun"]


def test_hm_a17_trump_follow_on_every_trump_lead_monchi_only_after_the_first_meri(rs):
    # a second Meri after the first: trumps must still follow
    deal = reach(
        rs,
        indicator=KOPPU,
        trick=7,
        leader=3,
        meri_before=True,
        final={3: ["koppu-8"], 4: ["koppu-3", "ouru-3", "guru-1"]},
    )
    st = _lead_then(deal, 3, "koppu-8")
    assert legal_cards(st) == {"koppu-3"}
    # a plain lead in the first Meri's absence is free; after a completed Meri it is Monchi
    free = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["ouru-5"], 4: ["ouru-3", "isu-2", "guru-1"]})
    assert legal_cards(_lead_then(free, 3, "ouru-5")) == {"ouru-3", "isu-2", "guru-1"}
    bound = reach(
        rs,
        indicator=KOPPU,
        trick=7,
        leader=3,
        meri_before=True,
        final={3: ["ouru-5"], 4: ["ouru-3", "isu-2", "guru-1"]},
    )
    assert legal_cards(_lead_then(bound, 3, "ouru-5")) == {"ouru-3"}


def test_hm_a18_no_duty_to_beat_the_trumps_played(rs):
    deal = reach(rs, indicator=KOPPU, trick=7, leader=3, final={3: ["koppu-1"], 4: ["koppu-sun", "koppu-9", "guru-5"]})
    st = _lead_then(deal, 3, "koppu-1")
    assert legal_cards(st) == {"koppu-sun", "koppu-9"}
    st.apply_action("play koppu-9")  # K:9 does not beat the led K:1


def test_hm_a10_hm_a37_trumps_may_follow_a_plain_lead_even_in_trick_1(rs):
    deal = reach(
        rs,
        indicator=KOPPU,
        trick=1,
        leader=0,
        final={0: ["guru-9", KOPPU], 1: ["koppu-2", "isu-3", "ouru-4", "guru-1"]},
    )
    st = _lead_then(deal, 0, "guru-9")
    assert {"koppu-2", "isu-3", "ouru-4", "guru-1"} <= legal_cards(st) == _hand(st, 1)
    st.apply_action("play koppu-2")
    assert st.observation(2)["zones"]["trick"] == ["guru-9", None]


def test_hm_a38_a_meri_may_be_led_in_trick_2_before_any_meri(rs):
    deal = reach(rs, indicator=KOPPU, trick=2, leader=5, final={5: ["koppu-5", "isu-3"]})
    assert {"koppu-5", "isu-3"} <= legal_cards(deal.st)
    deal.st.apply_action("play koppu-5")
    assert variables(deal.st)["meri"] is True


# ----- HM-32 / HM-A19: face-down trumps ---------------------------------------------------------------------
def test_hm32_hm_a19_trumps_on_a_plain_lead_are_face_down_until_the_eighth_card(rs):
    plays = {
        2: "ouru-7",
        3: "koppu-un",
        4: "ouru-3",
        5: "ouru-9",
        6: "koppu-sun",
        7: "guru-2",
        0: "ouru-8",
        1: "ouru-1",
    }
    deal = reach(rs, indicator=KOPPU, trick=2, leader=2, final={s: [c] for s, c in plays.items()})
    st = deal.st
    for _seat, card in in_order(2, plays)[:7]:
        st.apply_action(f"play {card}")
    expected_public = ["ouru-7", None, "ouru-3", "ouru-9", None, "guru-2", "ouru-8"]
    assert st.observation(1)["zones"]["trick"] == expected_public
    assert st.observation(3)["zones"]["trick"][1] == "koppu-un"  # its owner sees it
    assert st.observation(3)["zones"]["trick"][4] is None
    assert st.observation(6)["zones"]["trick"][4] == "koppu-sun"
    assert st.observation(1)["placed_by"]["trick"] == [2, 3, 4, 5, 6, 7, 0]
    assert {"seat": 3, "action": "play (hidden)"} in st.observation(1)["history"]
    st.apply_action("play ouru-1")
    res = trick_results(st)[-1]
    assert (res.winner, res.card) == (6, "koppu-sun")
    for seat in SEATS:
        won = st.observation(seat)["zones"]["won"]
        assert {"koppu-un", "koppu-sun"} <= set(won) and None not in won


def test_hm32_cards_of_a_meri_are_face_up(rs):
    deal = reach(rs, indicator=KOPPU, trick=3, leader=2, final={2: ["koppu-5"], 3: ["koppu-9"], 4: ["koppu-2"]})
    st = deal.st
    play_trick(st, [(2, "koppu-5"), (3, "koppu-9"), (4, "koppu-2")])
    assert st.observation(7)["zones"]["trick"] == ["koppu-5", "koppu-9", "koppu-2"]


def test_hm33_the_highest_trump_wins_and_the_winner_leads(rs):
    plays = {4: "isu-3", 5: "koppu-9", 6: "isu-sun", 7: "koppu-8", 0: "isu-4", 1: "isu-5", 2: "isu-6", 3: "isu-7"}
    deal = reach(rs, indicator=KOPPU, trick=3, leader=4, final={s: [c] for s, c in plays.items()})
    res = play_trick(deal.st, in_order(4, plays))
    assert (res.winner, res.card) == (7, "koppu-8")
    assert deal.st.current_player() == 7
    assert variables(deal.st)["leader"] == 7


# ----- EX7: the first Meri ----------------------------------------------------------------------------------
EX7 = {0: "isu-sun", 1: "isu-un", 2: "isu-3", 3: "koppu-4", 4: "isu-kaba", 5: "guru-1", 6: TENKA, 7: "isu-9"}


def test_ex7_meri_trick_forced_follows_and_no_combination(rs):
    final = {s: [c] for s, c in EX7.items()}
    final[0].append("ouru-5")
    final[1] += ["ouru-3", "guru-2"]
    deal = reach(rs, indicator="isu-5", trick=5, leader=0, final=final, plain_fill=(3, 5, 6))
    st = deal.st
    before = tuple(variables(st)["deal_score"])
    st.apply_action("play isu-sun")
    assert variables(st)["meri"] is True
    assert legal_cards(st) == {c for c in _hand(st, 1) if is_trump(c, "isu")} and "isu-un" in legal_cards(st)
    st.apply_action("play isu-un")
    st.apply_action("play isu-3")
    assert legal_cards(st) == _hand(st, 3)  # no trumps: anything
    st.apply_action("play koppu-4")
    st.apply_action("play isu-kaba")
    assert legal_cards(st) == _hand(st, 5)
    st.apply_action("play guru-1")
    assert legal_cards(st) == {TENKA}
    st.apply_action(f"play {TENKA}")
    st.apply_action("play isu-9")
    res = trick_results(st)[-1]
    assert (res.trick, res.winner, res.card, res.combo) == (5, 0, "isu-sun", 0)
    after = tuple(variables(st)["deal_score"])
    assert (after[0] - before[0], after[1] - before[1]) == (1, 0)
    assert variables(st)["meri_done"] is True
    # Monchi from trick 6: seat 1 holds Ouru, so G:2 may not follow an Ouru lead
    play_trick(st, [(0, "ouru-5")])
    assert "ouru-3" in legal_cards(st) and "guru-2" not in legal_cards(st)
    with pytest.raises(IllegalAction, match=r"\(HM-31\)"):
        st.apply_action("play guru-2")
