"""R5 Turn structure and kongs: DZ-16 to DZ-18, DZ-A26, DZ-A29 to DZ-A31, DZ-A35."""

import pytest

from tests.dz.helpers import IllegalAction, Table, deck_order, play_until, stock_left

# Seat waits on M5 only, as the middle of M4-M5-M6 (a rob always completes a run).
WAIT_M5 = "M4 M6 M1 M2 M3 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 S9 S9"
WAIT_M5_DEALER = "M4 M6 M1 M2 M3 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH TH"


def test_dz16_no_draw_after_a_pong():
    t = Table(deck_order({0: "M5", 1: "M5 M5"}, ("M1", "C9")))
    t.prepare().act(0, "discard M5")
    before = stock_left(t)
    t.act(1, "pong")
    assert t.to_act() == 1
    assert stock_left(t) == before
    assert t.new_cards(1) == []
    assert len(t.hand(1)) == 20 and t.melds(1) == ["myriads-5"] * 3


def test_dz17_no_self_drawn_win_right_after_a_pong():
    # Seat 1 is complete after ponging M5 (it could also have won on it: DZ-A28 below).
    hand = "M5 M5 M1 M2 M3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH TH TH RF RF"
    t = Table(deck_order({0: "M5", 1: hand}, ("M9", "C9")))
    t.prepare().act(0, "discard M5")
    assert set(t.legal()) == {"claim_win", "pong", "pass"}
    t.act(1, "pong")
    assert "win" not in t.legal()
    with pytest.raises(IllegalAction):
        t.st.apply_action("win")
    assert any(a.startswith("discard") for a in t.legal())


def test_dz17_several_kongs_then_a_discard():
    t = Table(deck_order({1: "M8*4 M7*4"}, ("M1", "C9"), front="S5", back="S1 S2", avoid={1: ["S1", "S2", "S5"]}))
    t.prepare().discard_single(0)
    t.act(1, "concealed_kong M8")
    assert t.new_cards(1) == ["strings-1", "strings-5"]
    t.act(1, "concealed_kong M7")
    assert t.new_cards(1) == ["strings-1", "strings-2", "strings-5"]
    assert stock_left(t) == 48
    assert t.melds(1) == ["myriads-8"] * 4 + ["myriads-7"] * 4
    t.act(1, "discard S5")
    assert "strings-5" not in t.hand(1) and t.zone("discards")[-1] == "strings-5"


def rob_table(p0_hand="M5", ready=False):
    hands = {0: p0_hand, 1: "M5*3 C9*3 S7*3", 2: WAIT_M5}
    t = Table(deck_order(hands, ("TH", "WF"), back="S8", avoid={1: ["S8"], 0: ["M4", "M6"]}))
    t.prepare({2: ["ready"]} if ready else {})
    t.act(0, "discard M5")
    # seat 1 may pong or kong; seat 2 could win (Earthly) but passes
    assert t.to_act() == 1 and set(t.legal()) == {"pong", "kong", "pass"}
    t.apply("pong")
    assert t.to_act() == 2 and set(t.legal()) == {"claim_win", "pass"}
    t.apply("pass")
    assert t.to_act() == 1 and t.melds(1) == ["myriads-5"] * 3
    t.act(1, "added_kong M5")
    return t


def test_dz18_dz_a15_robbed_added_kong_stays_a_pong():
    t = rob_table()
    assert t.to_act() == 2 and t.legal() == ["rob", "pass"]
    t.apply("rob")
    assert t.record["winner"] == 2 and t.record["win_type"] == "rob"
    assert t.melds(1) == ["myriads-5"] * 3
    assert t.zone("winning") == ["myriads-5"]
    # seat 1: pong M5 2 + C9x3 4 + S7x3 4 = 10 (a kong would give 16 -> 20).
    # seat 2: Qinghu 100 + middle card 10, no self-draw.
    assert t.totals == (0, 10, 110)
    assert t.net == (-120, -90, 210)


def test_dz18_unrobbed_added_kong_becomes_an_exposed_kong_with_a_back_replacement():
    t = rob_table()
    t.apply("pass")
    assert t.to_act() == 1
    assert t.melds(1) == ["myriads-5"] * 4
    assert t.new_cards(1) == ["strings-8"]
    t.act(1, "discard S8")
    t.exhaust()
    # exposed kong M5 8 + C9x3 4 + S7x3 4 = 16 -> 20
    assert t.totals == (0, 20, 0)
    assert t.net == (-20, 40, -20)


def test_dz_a25_ready_player_may_rob_a_kong():
    t = rob_table(ready=True)
    assert t.var("ready") == [False, False, True]
    t.act(2, "rob")
    # (Qinghu 100 + middle 10) x2 Ready
    assert t.totals == (0, 10, 220)
    assert t.net == (-230, -200, 430)


def test_dz_a29_robbing_claims_go_in_seat_order_after_the_declarer():
    # The dealer and seat 2 both wait on M5; seat 1 adds the kong: seat 2 is asked first and wins.
    t = rob_table(p0_hand="M5 " + WAIT_M5_DEALER)
    assert t.to_act() == 2
    t.apply("rob")
    assert t.to_act() == 0 and t.legal() == ["rob", "pass"]
    t.apply("rob")
    assert t.record["winner"] == 2


def test_dz_a29_dealer_robs_when_seat_2_passes():
    t = rob_table(p0_hand="M5 " + WAIT_M5_DEALER)
    t.apply("pass")
    t.act(0, "rob")
    assert t.record["winner"] == 0 and t.record["win_type"] == "rob"
    assert t.totals == (110, 10, 0)


def test_dz_a30_concealed_kong_cannot_be_robbed():
    t = Table(deck_order({1: "M5*4", 2: WAIT_M5}, ("TH", "WF"), back="S8", avoid={1: ["S8"]}))
    t.prepare().discard_single(0)
    t.act(1, "concealed_kong M5")
    assert t.to_act() == 1 and not t.in_window()
    assert "strings-8" in t.new_cards(1)
    assert t.melds(1) == ["myriads-5"] * 4


def test_dz_a26_kong_right_after_a_pong_before_discarding():
    t = Table(deck_order({0: "M5", 1: "M5 M5 C6*4"}, ("M1", "C9"), back="S8", avoid={1: ["S8"]}))
    t.prepare().act(0, "discard M5")
    t.act(1, "pong")
    assert "concealed_kong coins-6" in t.legal()
    t.act(1, "concealed_kong C6")
    assert t.new_cards(1) == ["strings-8"]
    assert t.melds(1) == ["myriads-5"] * 3 + ["coins-6"] * 4


def test_dz_a26_dz_a31_kong_on_the_dealer_first_turn_and_replacement_win_is_not_heavenly():
    hand = "M5*4 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH*3 WF*3 RF"
    t = Table(deck_order({0: hand}, ("M1", "C9"), back="RF"))
    t.prepare()
    assert "heavenly" not in t.legal()
    assert "concealed_kong myriads-5" in t.legal()
    t.act(0, "concealed_kong M5")
    assert "heavenly" not in t.legal() and "win" in t.legal()
    t.act(0, "win")
    assert t.record["win_type"] == "self"
    # ckong M5 12 + TH 8 + WF 8 = 28; Tazihu 20, self-draw 10, kong replacement 10, pair 10: 78 -> 80
    assert t.totals == (80, 0, 0)
    assert t.net == (160, -80, -80)


def test_dz_a35_last_card_as_a_kong_replacement_wins_with_every_bonus():
    hand = "M5*3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 TH*3 WF*3 RF"
    t = Table(deck_order({1: hand}, ("M1", "C9"), back="RF M5"))
    t.prepare().discard_single(0)
    play_until(t, lambda t: stock_left(t) == 1 and t.to_act() == 2 and not t.in_window())
    assert t.new_cards(2) == ["myriads-5"]
    t.discard_drawn()
    assert t.to_act() == 1 and "kong" in t.legal()
    t.apply("kong")
    assert stock_left(t) == 0 and "red-flower" in t.new_cards(1)
    t.act(1, "win")
    # xkong M5 8 + TH 8 + WF 8 = 24; Tazihu 20 + self 10 + kong 10 + pair 10 = 74; x2 last card = 148
    assert t.totals == (0, 150, 0)
    assert t.net == (-150, 300, -150)


def test_dz40_dz_a26_robber_gets_no_kong_replacement_bonus_after_the_declarer_replacement():
    # Seat 1 pongs M5, declares a concealed kong of C5 (replacement S8), then adds its fourth M5: the
    # robber wins with the declarer's kong_draw still fresh; it is not the robber's kong, so no +10.
    hands = {0: "M5", 1: "M5*3 C5*4 C9*3", 2: WAIT_M5}
    t = Table(deck_order(hands, ("TH", "WF"), back="S8", avoid={1: ["S8"], 0: ["M4", "M6"]}))
    t.prepare().act(0, "discard M5")
    t.act(1, "pong")
    t.act(1, "concealed_kong C5")
    assert t.new_cards(1) == ["strings-8"]
    t.act(1, "added_kong M5")
    t.act(2, "rob")
    # robber: Qinghu 100 + middle 10 = 110; seat 1: pong M5 2 + concealed kong C5 12 + C9x3 4 = 18 -> 20
    assert t.totals == (0, 20, 110)
    assert t.net == (-130, -70, 200)
