"""The worked scoring examples E1-E14 of the rules file, reached by play."""

from tests.dz.helpers import Table, deck_order, exhausted


def test_e1_dz35_in_hand_triplets_with_indicators_s2_m3():
    # Exhausted deal: P1 holds three M2 (4 x2 = 8), P2 three S2 (exact: 12 x2 = 24).
    t = exhausted({1: "M2*3", 2: "S2*3"}, ("S2", "M3"))
    assert t.record["winner"] == -1
    assert t.totals == (0, 10, 30)
    assert t.net == (-40, -10, 50)


def test_e2_dz12_heaven_and_earth_pair_scores_64():
    t = Table(deck_order({1: "C4 C4"}, ("C4", "C4"), back="M7 S7"))
    t.prepare({1: ["declare_pair"]})
    assert sorted(t.melds(1)) == ["coins-4", "coins-4"]
    # the two replacements came from the back of the stock, into the hand
    assert t.hand(1).count("myriads-7") >= 1 and t.hand(1).count("strings-7") >= 1
    t.exhaust()
    assert t.totals == (0, 70, 0)  # 16 x2 x2 = 64 -> 70
    assert t.net == (-70, 140, -70)


def test_e3_dz43_rounding_22_20_0():
    # P1: pong M7 (2) + C5x3 (4) + C6x3 (4) + M1x4 (12) = 22 -> 30.
    # P2: M4x3 (4) + S4x4 (12) + C8x3 (4) = 20 -> 20.  P0: 0.
    t = Table(deck_order({0: "M7", 1: "M7 M7 C5*3 C6*3 M1*4 S1", 2: "M4*3 S4*4 C8*3"}, ("S2", "M3")))
    t.prepare().run([(0, "discard M7"), (1, "pong"), (1, "discard S1")]).exhaust()
    assert t.totals == (0, 30, 20)
    assert t.net == (-50, 40, 10)


def test_e4_dz45_settlement_100_40_20():
    # P0: WF, TH, RF, S9 four in hand (24 each) + M5x3 (4) = 100.
    # P1: M6, M7, M8 four in hand (12 each) + C5x3 (4) = 40.  P2: C6x4 + C7x3 + C8x3 = 20.
    t = exhausted({0: "WF*4 TH*4 RF*4 S9*4 M5*3", 1: "M6*4 M7*4 M8*4 C5*3", 2: "C6*4 C7*3 C8*3"}, ("M1", "C1"))
    assert t.totals == (100, 40, 20)
    assert t.net == (140, -40, -100)


def e5_table():
    hands = {
        0: "S6 C9*3 WF*3 C3",
        1: "S6 S6 M1 M2 M3 M4 M5 M6 C2 C4 S7 S8 S9 M7 M7 M7 C6 C7 C8 RF RF M8",
        2: "M8 M8 C9",
    }
    t = Table(deck_order(hands, ("M5", "C8"), avoid={0: ["M8", "C3", "S6"], 2: ["C3", "S6"]}, back="S1"))
    t.prepare().run(
        [
            (0, "discard S6"),
            (1, "pong"),
            (1, "discard M8"),
            (2, "pong"),
            (2, "discard C9"),
            (0, "kong"),
            (0, "discard C3"),
        ]
    )
    return t


def test_e5_dz40_tazihu_on_a_discard_with_middle_card_bonus():
    t = e5_table()
    assert "claim_win" in t.legal() and t.to_act() == 1
    t.act(1, "claim_win")
    assert t.record["winner"] == 1 and t.record["win_type"] == "discard"
    assert t.totals == (20, 40, 10)
    assert t.net == (-10, 50, -40)


def test_e6_dz36_qinghu_two_wenqian_triplet_split_across_runs():
    hands = {
        0: "C1 C2 C3 C1 C2 C3 M2 M3 M4 M4 M5 M6 M4 M5 M6 S6 S7 S8 C7 C9 M9 M9 WF",
        1: "WF WF S5*3 RF",
        2: "RF*3",
    }
    t = Table(deck_order(hands, ("S5", "TH"), front="C8", back="M1", avoid={1: ["M1"], 2: ["M1", "C8"]}))
    t.prepare().run(
        [
            (0, "discard WF"),
            (1, "pong"),
            (1, "discard RF"),
            (2, "kong"),
            (2, "discard M1"),
        ]
    )
    t.act(0, "win")
    assert t.record["winner"] == 0 and t.record["win_type"] == "self"
    assert t.totals == (180, 40, 40)
    assert t.net == (280, -140, -140)


def test_e7_dz37_piaohu_won_on_a_discard_completing_a_triplet():
    hands = {
        0: "M6 S4 WF*3",
        1: "C6 C6 TH",
        2: "M6 M6 TH*3 C6 C1 C2 C3 S9 S9 S9 M2 M2 M2 C7 C7 C7 C5 C5 S4 S4",
    }
    t = Table(deck_order(hands, ("RF", "M6"), back="M1", avoid={1: ["S4", "M1"], 0: ["M1"]}))
    t.prepare().run(
        [
            (0, "discard M6"),
            (2, "pong"),
            (2, "discard C6"),
            (1, "pong"),
            (1, "discard TH"),
            (2, "kong"),
            (2, "discard M1"),
        ]
    )
    drawn = t.new_cards(0)
    assert len(drawn) == 1
    t.act(0, "discard S4")
    t.act(2, "claim_win")
    assert t.record["winner"] == 2
    assert t.totals == (20, 10, 280)
    assert t.net == (-250, -280, 530)


def test_e8_dz41_closed_floating_kong_replacement_win_on_pair():
    hands = {
        0: "S3 S3 TH*3 M1 M4",
        1: "M8*4 C3*3 S3 WF*3 M2*3 S7*3 C9*3 M5 RF",
    }
    t = Table(deck_order(hands, ("C2", "S3"), front="M5 C3", back="M5 RF", avoid={0: ["M5", "C3"], 2: ["M1", "M4"]}))
    t.prepare({1: ["declare_quad M8"]})
    t.run([(0, "discard M1")])
    assert t.new_cards(1) == ["myriads-5"]
    t.run([(1, "discard S3"), (0, "pong"), (0, "discard M4"), (1, "concealed_kong C3")])
    assert t.new_cards(1) == ["red-flower"]
    t.act(1, "win")
    assert t.record["win_type"] == "self"
    assert t.totals == (20, 600, 0)
    assert t.net == (-560, 1180, -620)


def test_e10_dz15_heavenly_win_with_opening_indicator_triplet():
    hands = {0: "C5*3 M1 M2 M3 M4 M5 M6 S2 S3 S4 C1 C2 C3 C7 C8 C9 M8*3 S6 S6", 2: "S8*3"}
    t = Table(deck_order(hands, ("C5", "S8")))
    t.prepare({0: ["declare_triplet C5"]})
    t.act(0, "heavenly")
    assert t.record["win_type"] == "heavenly"
    assert t.totals == (160, 0, 30)
    assert t.net == (290, -190, -100)


def test_e12_dz46_exhausted_deal_base_hu_only():
    hands = {
        0: "S9 TH TH M3*3 M9",
        1: "S9 S9 C3*4 TH",
        2: "M9*3 RF*4",
    }
    t = Table(deck_order(hands, ("M3", "S9"), back="C6 C7", avoid={1: ["C6", "C7"], 2: ["C6", "C7"]}))
    t.prepare()
    t.run(
        [
            (0, "discard S9"),
            (1, "pong"),
            (1, "discard TH"),
            (0, "pong"),
            (0, "discard M9"),
            (2, "kong"),
            (2, "discard C6"),
        ]
    )
    # P0 draws and discards; P1 draws, declares the concealed kong, keeps its draw
    t.discard_drawn(0)
    drawn = t.new_cards(1)
    assert len(drawn) == 1
    t.act(1, "concealed_kong C3")
    assert t.new_cards(1) == sorted(drawn + ["coins-7"])
    t.act(1, f"discard {drawn[0]}")
    t.exhaust()
    assert t.record["winner"] == -1
    assert t.totals == (40, 40, 60)
    assert t.net == (-20, -20, 40)


def test_e14_dz39_best_partition_closed_floating_three_wenqian():
    hands = {0: "C1*3 C2*3 C3*3 M9*3 S1*3 TH*3 C7*3 RF M2", 1: "M2 M2"}
    t = Table(deck_order(hands, ("M2", "S6"), front="M7 RF", avoid={1: ["M7"]}))
    t.prepare().run([(0, "discard M2"), (1, "pong"), (1, "discard ?")])
    t.discard_drawn(2)
    t.act(0, "win")
    assert t.totals == (830, 10, 0)
    assert t.net == (1650, -810, -840)
