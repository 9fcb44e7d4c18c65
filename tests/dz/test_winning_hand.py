"""R9 Winning hand: DZ-30 to DZ-33, DZ-A16, DZ-A19, DZ-A46."""

from tests.dz.helpers import Table, deck_order

RUNS7 = "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 S7 S8 S9 C5 C6 C7"  # seven runs, 21 cards


def dealer_table(hand, indicators, decl=None, **kw):
    t = Table(deck_order({0: hand}, indicators, **kw))
    t.prepare(decl or {})
    return t


def test_dz30_seven_groups_and_a_pair():
    assert "heavenly" in dealer_table(RUNS7 + " C9 C9", ("TH", "WF")).legal()
    # eight groups' worth without a pair is not a win
    assert "heavenly" not in dealer_table(RUNS7 + " C9 RF", ("TH", "WF")).legal()


def test_dz30_declared_groups_count_towards_the_seven():
    # opening quad M8 (one group, 3 slots) + six groups + pair in the 20 cards left
    hand = "M8*4 M1 M2 M3 S1 S2 S3 S4 S5 S6 S7 S8 S9 C5 C6 C7 TH TH TH C9"
    t = dealer_table(hand, ("M4", "WF"), {0: ["declare_quad M8"]}, back="C9")
    assert "heavenly" in t.legal()


def test_dz30_dz_a16_dz_a19_hezi_is_no_group_nor_pair_and_qinghu_stays_possible():
    # Indicators C4 C4; the dealer declares the hezi and draws C9 C9 -> seven runs + pair: Heavenly Qinghu.
    t = dealer_table("C4 C4 " + RUNS7, ("C4", "C4"), {0: ["declare_pair"]}, back="C9 C9")
    assert "heavenly" in t.legal()
    t.act(0, "heavenly")
    # hezi 16 x2 x2 = 64; Qinghu 100; x2 Heavenly = 328 -> 330
    assert t.totals == (330, 0, 0)
    assert t.net == (660, -330, -330)


def test_dz_a16_hezi_does_not_serve_as_the_pair():
    # seven runs + hezi + two odd replacements: not complete (the hezi is not the pair)
    t = dealer_table("C4 C4 " + RUNS7, ("C4", "C4"), {0: ["declare_pair"]}, back="C9 RF", avoid={0: ["C9", "RF"]})
    assert "heavenly" not in t.legal()


def test_dz31_runs_are_three_consecutive_ranks_of_one_suit():
    # M1 S2 C3 is no run
    assert "heavenly" not in dealer_table(RUNS7.replace("M1 M2 M3", "M1 S1 C3") + " C9 C9", ("TH", "WF")).legal()


def test_dz32_four_identical_cards_are_split_to_win():
    # M5 x4 as M5 x3 + M4-M5-M6
    hand = "M5 M5 M5 M4 M5 M6 M1 M2 M3 S1 S2 S3 S4 S5 S6 C5 C6 C7 TH TH TH C9 C9"
    t = dealer_table(hand, ("M9", "WF"))
    assert "heavenly" in t.legal()
    t.act(0, "heavenly")
    # M5 four in hand 12 + TH 4x2x2 = 16 -> 28; Tazihu 20 -> 48; x2 Heavenly = 96 -> 100
    assert t.totals == (100, 0, 0)


def test_dz32_four_honours_in_hand_cannot_be_used_unless_declared():
    # TH x4 + six runs + RF: not complete.  Declared as a concealed kong, the RF replacement pairs up.
    hand = "TH*4 M1 M2 M3 M4 M5 M6 S1 S2 S3 S4 S5 S6 C5 C6 C7 M7 M8 M9 RF"
    t = dealer_table(hand, ("C1", "S9"), back="RF")
    assert "heavenly" not in t.legal()
    t.act(0, "concealed_kong TH")
    assert "win" in t.legal()
    t.act(0, "win")
    # concealed kong TH 12 x2 (OG) x2 (S9 indicator) = 48; Tazihu 20, self 10, kong 10, pair 10 -> 98
    assert t.totals == (100, 0, 0)


def test_dz33_dz_a46_dz_a37_a_small_win_on_an_outer_end_is_allowed():
    # Seat 1 pongs M5, then wins on C8 completing C6-C7-C8 at its outer end: no position bonus.
    hand = "M5 M5 M1 M2 M3 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 S9 S9 C6 C7 TH"
    t = Table(deck_order({0: "M5", 1: hand}, ("M1", "C9"), front="C8", avoid={0: ["C5", "C8"], 2: ["C5", "C8"]}))
    t.prepare().act(0, "discard M5")
    t.act(1, "pong")
    t.act(1, "discard TH")
    assert t.new_cards(2) == ["coins-8"]
    t.act(2, "discard C8")
    t.act(1, "claim_win")
    # pong M5 2 + Tazihu 20 = 22 -> 30
    assert t.totals == (0, 30, 0)
    assert t.net == (-30, 60, -30)
