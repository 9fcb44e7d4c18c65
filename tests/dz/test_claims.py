"""R6 Claims and R8 Ready: DZ-19 to DZ-22, DZ-26 to DZ-29, DZ-A25, DZ-A27, DZ-A28, DZ-A32."""

import pytest

from tests.dz.helpers import IllegalAction, Table, deck_order, stock_left

# 22 cards waiting on C9 only (the pair); seven runs: Qinghu.
TENPAI = "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 C9"
WAIT_M5 = "M4 M6 M1 M2 M3 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 S9 S9"


def test_dz19_pong_needs_two_kong_three_and_runs_are_never_claimed():
    # seat 1 holds M4 M6 (a run needs M5) and one M5; seat 2 holds two M5: only seat 2 is asked.
    t = Table(deck_order({0: "M5", 1: "M4 M6 C5", 2: "M5 M5"}, ("M1", "C9"), avoid={1: ["M5"]}))
    t.prepare().act(0, "discard M5")
    assert t.to_act() == 2 and t.legal() == ["pong", "pass"]
    t2 = Table(deck_order({0: "M5", 2: "M5*3"}, ("M1", "C9")))
    t2.prepare().act(0, "discard M5")
    assert t2.to_act() == 2 and set(t2.legal()) == {"pong", "kong", "pass"}


def test_dz19_kong_claim_takes_a_replacement_from_the_back():
    t = Table(deck_order({0: "M5", 2: "M5*3"}, ("M1", "C9"), back="S8", avoid={2: ["S8"]}))
    t.prepare().act(0, "discard M5")
    t.act(2, "kong")
    assert t.to_act() == 2 and t.melds(2) == ["myriads-5"] * 4
    assert t.new_cards(2) == ["strings-8"]
    assert stock_left(t) == 50


def test_dz20_win_beats_pong():
    # seat 1 (asked first) pongs C9, seat 2 wins on it: the win is applied.
    t = Table(deck_order({0: "C9", 1: "C9 C9", 2: TENPAI}, ("TH", "WF")))
    t.prepare().act(0, "discard C9")
    assert t.to_act() == 1
    t.apply("pong")
    assert t.to_act() == 2
    t.apply("claim_win")
    assert t.record["winner"] == 2 and t.record["win_type"] == "discard"
    assert t.melds(1) == []


def test_dz20_equal_claims_go_in_seat_order_after_the_discarder():
    # seats 1 and 2 both wait on C9 and both claim the dealer's C9: seat 1 wins.
    t = Table(deck_order({0: "C9", 1: TENPAI, 2: TENPAI}, ("M5", "WF")))
    t.prepare().act(0, "discard C9")
    assert t.to_act() == 1
    t.apply("claim_win")
    assert t.to_act() == 2
    t.apply("claim_win")
    assert t.record["winner"] == 1


def test_dz20_seat_after_the_discarder_wins_a_tie_when_seat_1_discards():
    # dealer 1 discards: seats 2 and 0 both win on C9; seat 2 comes first.
    hands = {1: "C9", 2: TENPAI, 0: TENPAI}
    t = Table(deck_order(hands, ("TH", "WF"), dealer=1), dealer=1)
    t.prepare().act(1, "discard C9")
    assert t.to_act() == 2
    t.apply("claim_win")
    assert t.to_act() == 0
    t.apply("claim_win")
    assert t.record["winner"] == 2


def test_dz21_claims_are_blind_and_seats_without_a_claim_pass_automatically():
    t = Table(deck_order({0: "C9", 1: "C9 C9", 2: TENPAI}, ("TH", "WF")))
    t.prepare().act(0, "discard C9")
    assert t.to_act() == 1
    seen_by_2 = t.st.observation(2)
    t.apply("pong")
    # seat 2 decides without seeing seat 1's answer
    obs = t.st.observation(2)
    assert obs["history"] == seen_by_2["history"]
    assert obs["to_act"] == 2 and obs["claim_window"]
    assert t.st.observation(0)["to_act"] is None
    t.apply("pass")
    assert t.melds(1) == ["coins-9"] * 3


def test_dz21_unclaimed_discard_passes_the_turn_to_the_next_seat():
    t = Table(deck_order({}, ("M1", "C9")))
    t.prepare().discard_single(0)
    while t.in_window():
        t.apply("pass")
    assert t.to_act() == 1 and len(t.new_cards(1)) == 1


def test_dz22_no_lock_out_after_passing_a_win():
    # seat 1 passes a win on the dealer's C9, then wins by drawing the next C9
    t = Table(deck_order({0: "C9", 1: TENPAI}, ("TH", "WF"), front="C9", avoid={2: ["C9"]}))
    t.prepare().act(0, "discard C9")
    assert t.to_act() == 1 and "claim_win" in t.legal()
    t.apply("pass")
    assert t.new_cards(1) == ["coins-9"]
    assert "win" in t.legal()
    t.act(1, "win")
    assert t.record["winner"] == 1


def test_dz22_no_lock_out_after_passing_a_pong():
    t = Table(deck_order({0: "M5 M5", 2: "M5 M5"}, ("M1", "C9")))
    t.prepare().act(0, "discard M5")
    assert t.to_act() == 2
    t.apply("pass")
    t.discard_drawn(1)
    t.discard_drawn(2)
    t.act(0, "discard M5")
    assert t.to_act() == 2 and t.legal() == ["pong", "pass"]
    t.apply("pong")
    assert t.melds(2) == ["myriads-5"] * 3


def test_dz_a27_three_in_hand_choose_pong_and_keep_the_fourth():
    t = Table(deck_order({0: "M5", 1: "M5*3"}, ("M1", "C9")))
    t.prepare().act(0, "discard M5")
    assert set(t.legal()) == {"pong", "kong", "pass"}
    t.apply("pong")
    assert t.melds(1) == ["myriads-5"] * 3 and t.hand(1).count("myriads-5") == 1


def test_dz_a28_pass_the_win_and_pong_the_same_discard():
    hand = "M5 M5 M1 M2 M3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH TH TH RF RF"
    t = Table(deck_order({0: "M5", 1: hand}, ("M9", "C9")))
    t.prepare().act(0, "discard M5")
    assert set(t.legal()) == {"claim_win", "pong", "pass"}
    t.apply("pong")
    assert not t.st.is_terminal() and t.to_act() == 1
    assert t.melds(1) == ["myriads-5"] * 3


# ----- Ready -------------------------------------------------------------------------------
READY_SET = "M5*3 M1 M2 M3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH TH WF WF"  # waits TH or WF


def test_dz26_ready_player_is_not_asked_to_pong_or_kong():
    # the dealer discards the fourth M5; a Ready seat 1 (M5 x3) is not asked, a free one would be.
    t = Table(deck_order({0: "M5", 1: READY_SET}, ("M9", "C9")))
    t.prepare({1: ["ready"]}).act(0, "discard M5")
    assert t.to_act() == 1 and not t.in_window()
    free = Table(deck_order({0: "M5", 1: READY_SET}, ("M9", "C9")))
    free.prepare().act(0, "discard M5")
    assert free.to_act() == 1 and set(free.legal()) == {"pong", "kong", "pass"}


def test_dz26_dz27_ready_player_draws_the_fourth_copy_no_kong_must_discard_it():
    t = Table(deck_order({1: READY_SET}, ("M9", "C9"), front="M5", avoid={0: ["TH", "WF"]}))
    t.prepare({1: ["ready"]}).discard_single(0)
    assert t.new_cards(1) == ["myriads-5"]
    assert t.legal() == ["discard myriads-5"]
    with pytest.raises(IllegalAction, match="DZ-27"):
        t.st.apply_action("discard coins-2")
    with pytest.raises(IllegalAction):
        t.st.apply_action("concealed_kong myriads-5")


def test_dz28_ready_player_may_only_win_or_pass_on_a_discard():
    t = Table(deck_order({0: "TH", 1: READY_SET}, ("M9", "C9")))
    t.prepare({1: ["ready"]}).act(0, "discard TH")
    assert t.to_act() == 1 and t.legal() == ["claim_win", "pass"]
    free = Table(deck_order({0: "TH", 1: READY_SET}, ("M9", "C9")))
    free.prepare().act(0, "discard TH")
    assert set(free.legal()) == {"claim_win", "pong", "pass"}


def test_dz29_dz_a25_ready_and_earthly_stack_on_the_dealer_first_discard():
    t = Table(deck_order({0: "C9", 1: TENPAI}, ("TH", "WF")))
    t.prepare({1: ["ready"]}).act(0, "discard C9")
    t.act(1, "claim_win")
    # (Qinghu 100 + pair 10) x2 Earthly x2 Ready = 440
    assert t.totals == (0, 440, 0)
    assert t.net == (-440, 880, -440)


def test_dz41_earthly_win_without_ready_doubles_once():
    t = Table(deck_order({0: "C9", 1: TENPAI}, ("TH", "WF")))
    t.prepare().act(0, "discard C9")
    t.act(1, "claim_win")
    assert t.totals == (0, 220, 0)


def test_dz_a32_earthly_even_after_the_dealer_kongs_first():
    t = Table(deck_order({0: "C9 C8*4", 1: TENPAI}, ("TH", "WF"), back="S8", avoid={0: ["S8"]}))
    t.prepare()
    t.act(0, "concealed_kong C8")
    t.act(0, "discard C9")
    t.act(1, "claim_win")
    # seat 1: (100 + 10) x2 Earthly = 220; dealer: concealed kong C8 12 -> 20
    assert t.totals == (20, 220, 0)
    assert t.net == (-180, 420, -240)


def test_dz_a32_second_dealer_discard_is_not_earthly():
    t = Table(deck_order({0: "C9", 1: TENPAI}, ("TH", "WF"), avoid={2: ["C9"]}))
    t.prepare().discard_single(0)
    t.discard_drawn(1)
    t.discard_drawn(2)
    t.act(0, "discard C9")
    t.act(1, "claim_win")
    assert t.totals == (0, 110, 0)


def test_dz_a32_robbing_the_dealer_added_kong_is_not_earthly():
    # seat 1 discards M5, the dealer pongs it and adds its fourth M5; seat 2 robs.
    hands = {0: "M5*3", 1: "M5", 2: WAIT_M5}
    t = Table(deck_order(hands, ("TH", "WF"), avoid={1: ["M4", "M6"]}))
    t.prepare().discard_single(0)
    t.act(1, "discard M5")
    assert t.to_act() == 2
    t.apply("pass")  # seat 2 passes the win on the discard
    t.act(0, "pong")
    t.act(0, "added_kong M5")
    t.act(2, "rob")
    assert t.record["win_type"] == "rob"
    # Qinghu 100 + middle 10, no Earthly; dealer pong M5 2 -> 10
    assert t.totals == (10, 0, 110)
    assert t.net == (-90, -120, 210)
