"""R11 Winner bonuses, forms and multipliers: DZ-39 to DZ-42, DZ-A36 to DZ-A45, DZ-A47."""

import pytest

from tests.dz.helpers import Table, deck_order


def heavenly(hand, indicators, decl=None, **kw):
    t = Table(deck_order({0: hand}, indicators, **kw))
    t.prepare(decl or {})
    assert "heavenly" in t.legal()
    t.act(0, "heavenly")
    return t


def test_dz40_dz_a39_dz_a40_four_wenqian_in_a_heavenly_closed_piaohu():
    # C1 C2 C3 x4 as four Wenqian runs + M9, S1, TH triplets + RF pair.
    t = heavenly("C1*4 C2*4 C3*4 M9*3 S1*3 TH*3 RF RF", ("M5", "S6"))
    # base: C1, C2, C3 four in hand 12 each + M9 4 + S1 4 + TH 8 = 52; Piaohu 50 + Wenqian x4 200 = 302;
    # no self-draw or position (Heavenly); x2 Piaohu x2 closed x2 Heavenly = 2416 -> 2420 (no cap, DZ-A46)
    assert t.totals == (2420, 0, 0)
    assert t.net == (4840, -2420, -2420)


def test_dz41_three_elders_doubles_and_dz_a44_with_an_old_general_indicator():
    t = heavenly("TH*3 WF*3 RF*3 M1 M2 M3 M4 M5 M6 S1 S2 S3 S4 S5 S6 C9 C9", ("TH", "C5"))
    # TH x3 exact 12x2x2 = 48, WF 16, RF 16 = 80; Tazihu 20 = 100; x2 Three Elders x2 Heavenly = 400
    assert t.totals == (400, 0, 0)


def test_dz_a44_strings_9_is_not_an_elder():
    t = heavenly("TH*3 WF*3 S9*3 M1 M2 M3 M4 M5 M6 S1 S2 S3 S4 S5 S6 C9 C9", ("TH", "C5"))
    # TH 48 + WF 16 + S9 16 = 80; Tazihu 20 = 100; x2 Heavenly only
    assert t.totals == (200, 0, 0)


def test_dz41_hezi_does_not_count_for_three_elders():
    # Indicators WF WF; the dealer's WF hezi, TH and RF triplets: no Three Elders.
    hand = "WF WF TH*3 RF*3 M1 M2 M3 M4 M5 M6 S1 S2 S3 S4 S5 S6 C2 C3 C4"
    t = heavenly(hand, ("WF", "WF"), {0: ["declare_pair"]}, back="C9 C9")
    # hezi WF 128 + TH 32 + RF 32 = 192; Tazihu 20 = 212; x2 Heavenly = 424 -> 430
    assert t.totals == (430, 0, 0)


@pytest.mark.parametrize("claim", ["kong", "pong+added"])
def test_dz_a41_kong_claimed_or_added_keeps_closed_floating(claim):
    # Seat 1 takes the dealer's M5 as a kong (or pongs it and adds the fourth), later self-draws RF.
    hand = "M5*3 TH*3 WF*3 S1*3 C7*3 M9*3 S4*3 RF"
    t = Table(
        deck_order(
            {0: "M5", 1: hand}, ("M6", "C8"), front="M2 S2 RF", back="C2", avoid={0: ["RF", "C2"], 2: ["RF", "C2"]}
        )
    )
    t.prepare().act(0, "discard M5")
    if claim == "kong":
        t.act(1, "kong")
    else:
        t.act(1, "pong")
        t.act(1, "added_kong M5")
    assert t.new_cards(1) == ["coins-2"]
    t.act(1, "discard C2")
    t.discard_drawn(2)
    t.discard_drawn(0)
    assert t.new_cards(1) == ["red-flower"]
    t.act(1, "win")
    # exposed kong M5 8 + TH 8 + WF 8 + S1 4 + C7 4 + M9 4 + S4 4 = 40; Piaohu 50, self 10, pair 10 = 110;
    # x2 Piaohu x2 closed = 440
    assert t.totals == (0, 440, 0)
    assert t.net == (-440, 880, -440)


@pytest.mark.parametrize("wait,draw", [("M1 M2", "M3"), ("M8 M9", "M7")])
def test_dz40_dz_a37_the_3_of_1_2_3_and_the_7_of_7_8_9_earn_the_position_bonus(wait, draw):
    hand = f"{wait} S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 TH*3 WF*3 RF RF"
    t = Table(deck_order({1: hand}, ("C9", "M5"), front=draw))
    t.prepare().discard_single(0)
    t.act(1, "win")
    # TH 8 + WF 8 = 16; Tazihu 20, self-draw 10, position 10 = 56 -> 60
    assert t.totals == (0, 60, 0)


def test_dz_a38_position_bonus_counts_once_when_the_card_is_middle_and_pair():
    # M4 M5 M6 M5 waiting on M5: it completes the pair and is the middle of M4-M5-M6.
    hand = "M4 M5 M6 M5 S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 TH*3 WF*3"
    t = Table(deck_order({1: hand}, ("C9", "M1"), front="M5"))
    t.prepare().discard_single(0)
    t.act(1, "win")
    # M5 x3 in hand 4 + TH 8 + WF 8 = 20; Tazihu 20, self 10, position 10 once = 60
    assert t.totals == (0, 60, 0)


def test_dz42_dz_a45_non_winners_score_base_hu_only():
    # Seat 2 is Ready with TH, WF, RF triplets (Three Elders shape); the dealer wins Heavenly.
    p2 = "TH*3 WF*3 RF*3 M1 M2 M3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C9"
    p0 = "M4 M5 M6 M7 M8 M9 S7 S8 S9 C5 C6 C7 C6 C7 C8 M4 M5 M6 M1 M2 M3 C1 C1"
    t = Table(deck_order({0: p0, 2: p2}, ("M9", "C5")))
    t.prepare({2: ["ready"]})
    t.act(0, "heavenly")
    # seat 2: TH 8 + WF 8 + RF 8 = 24 -> 30 (no Ready, no Three Elders);
    # dealer: Qinghu 100, x2 Heavenly = 200
    assert t.var("ready") == [False, False, True]
    assert t.totals == (200, 0, 30)
    assert t.net == (370, -230, -140)


def test_dz_a42_multipliers_apply_after_the_bonuses():
    # Heavenly Qinghu with a plain base: (0 + 100) x2 = 200, not 0 x2 + 100.
    t = heavenly("M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 S7 S8 S9 C5 C6 C7 C9 C9", ("TH", "WF"))
    assert t.totals == (200, 0, 0)


def test_dz_a43_rounding_once_on_the_final_total():
    # Earthly win: M9 x3 4 + Tazihu 20 + middle 10 = 34, x2 = 68 -> 70 (rounding 34 first would give 80).
    hand = "M4 M6 M1 M2 M3 S1 S2 S3 S4 S5 S6 C2 C3 C4 C6 C7 C8 M9*3 S9 S9"
    t = Table(deck_order({0: "M5", 1: hand}, ("C1", "S7")))
    t.prepare().act(0, "discard M5")
    t.act(1, "claim_win")
    assert t.totals == (0, 70, 0)
    assert t.net == (-70, 140, -70)


def test_dz_a47_heavenly_win_is_optional():
    hand = "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 S7 S8 S9 C5 C6 C7 C9 C9"
    t = Table(deck_order({0: hand}, ("TH", "WF")))
    t.prepare()
    assert "heavenly" in t.legal()
    t.act(0, "discard C9")
    assert not t.st.is_terminal()
    assert "heavenly" not in t.legal()


@pytest.mark.parametrize("draw,total", [("M4", 60), ("M1", 50)])
def test_dz39_dz_a36_best_placement_of_the_winning_card(draw, total):
    # M2 M3 M4 M4 waits on M1 or M4.  A drawn M4 may sit in M2-M3-M4 (outer end) or in the pair M4 M4:
    # the pair placement earns the position bonus.  M1 is an outer end only.
    hand = "M2 M3 M4 M4 S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 TH*3 WF*3"
    t = Table(deck_order({1: hand}, ("C9", "S8"), front=draw))
    t.prepare().discard_single(0)
    t.act(1, "win")
    # TH 8 + WF 8 = 16; Tazihu 20; self-draw 10; (+10 pair) -> 56 -> 60, or 46 -> 50
    assert t.totals == (0, total, 0)


def test_dz40_the_deal_record_names_the_winning_form():
    # The deal's record (balance studies count its fields) names the form the best partition has.
    piaohu = heavenly("C1*4 C2*4 C3*4 M9*3 S1*3 TH*3 RF RF", ("M5", "S6"))
    qinghu = heavenly("M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 S7 S8 S9 C5 C6 C7 C9 C9", ("TH", "WF"))
    tazihu = heavenly("TH*3 WF*3 RF*3 M1 M2 M3 M4 M5 M6 S1 S2 S3 S4 S5 S6 C9 C9", ("TH", "C5"))
    assert [t.record["form"] for t in (piaohu, qinghu, tazihu)] == ["piaohu", "qinghu", "tazihu"]
    assert qinghu.record["winner"] == 0 and qinghu.record["win_type"] == "heavenly"
