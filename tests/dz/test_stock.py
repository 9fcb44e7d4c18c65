"""R7 Kong availability and stock exhaustion, R14 exhausted deal: DZ-23 to DZ-25, DZ-46, DZ-A33, DZ-A34."""

import pytest

from tests.dz.helpers import IllegalAction, Table, deck_order, exhausted, play_until, stock_left

TENPAI = "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 C9"


def test_dz23_dz_a33_dz_a34_no_kong_without_stock_pong_on_the_last_discard():
    t = Table(deck_order({0: "M5*4 C7", 1: "C7*3"}, ("M1", "C9")))
    t.prepare()
    assert "concealed_kong myriads-5" in t.legal()
    hand = t.hand(0)
    t.act(0, f"discard {[c for c in hand if hand.count(c) == 1 and c != 'coins-7'][-1]}")
    play_until(t, lambda t: stock_left(t) == 0 and t.to_act() == 0 and not t.in_window())
    assert not t.st.is_terminal()
    # the dealer drew the last card: no kong any more
    assert "concealed_kong myriads-5" not in t.legal()
    with pytest.raises(IllegalAction):
        t.st.apply_action("concealed_kong myriads-5")
    assert any(a.startswith("discard") for a in t.legal())


def test_dz24_dz_a34_last_discard_allows_pong_not_kong_then_another_round():
    t = Table(deck_order({0: "M5*4 C7", 1: "C7*3"}, ("M1", "C9")))
    t.prepare()
    hand = t.hand(0)
    t.act(0, f"discard {[c for c in hand if hand.count(c) == 1 and c != 'coins-7'][-1]}")
    play_until(t, lambda t: stock_left(t) == 0 and t.to_act() == 0 and not t.in_window())
    t.act(0, "discard C7")
    assert t.to_act() == 1 and t.legal() == ["pong", "pass"]
    t.apply("pong")
    assert t.to_act() == 1 and not t.st.is_terminal()
    t.act(1, "discard ?")
    while not t.st.is_terminal():
        assert t.in_window()
        t.apply("pass")
    assert t.record["winner"] == -1
    # dealer: M5 four in hand 12 -> 20; seat 1: pong C7 2 -> 10
    assert t.totals == (20, 10, 0)
    assert t.net == (30, 0, -30)


def test_dz25_self_drawing_the_final_stock_card_doubles():
    # The dealer waits on C9 (Qinghu) and draws the last stock card, a C9.
    t = Table(deck_order({0: TENPAI + " WF"}, ("TH", "M9"), back="C9"))
    t.prepare().act(0, "discard WF")
    play_until(t, lambda t: stock_left(t) == 0 and t.to_act() == 0 and not t.in_window())
    assert t.new_cards(0) == ["coins-9"]
    t.act(0, "win")
    # (Qinghu 100 + self-draw 10 + pair 10) x2 last card = 240
    assert t.totals == (240, 0, 0)
    assert t.net == (480, -240, -240)


def test_dz25_winning_on_the_last_discard_is_no_last_card_draw():
    # Seat 1 waits on C9, the dealer discards the last card drawn (a C9): no x2.
    t = Table(deck_order({1: TENPAI}, ("TH", "M9"), back="C9", avoid={0: ["C9"], 2: ["C9"]}))
    t.prepare().discard_single(0)
    play_until(t, lambda t: stock_left(t) == 0 and t.to_act() == 0 and not t.in_window())
    t.act(0, "discard C9")
    t.act(1, "claim_win")
    assert t.totals == (0, 110, 0)


def test_dz46_exhausted_deal_gives_no_winner_bonuses():
    # A Qinghu hand one card short earns nothing; in-hand sets earn their base hu only.
    t = exhausted({1: TENPAI}, ("TH", "WF"))
    assert t.record["winner"] == -1 and t.record["win_type"] == "" and t.record["form"] == ""
    assert t.totals == (0, 0, 0)
    t2 = exhausted({1: "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 C5*3 C9", 2: "TH*3"}, ("M2", "WF"))
    # seat 1: C5x3 4 -> 10; seat 2: TH x3 4 x2 x2 = 16 -> 20
    assert t2.totals == (0, 10, 20)
    assert t2.net == (-30, 0, 30)
