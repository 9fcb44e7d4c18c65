"""R4 Preparation: DZ-10 to DZ-15, DZ-A20 to DZ-A24, DZ-A50."""

import random

import pytest

from tests.dz.helpers import IllegalAction, Table, deck_order, rs, slots, stock_left

# 22 cards one short of seven runs and a pair: waits on C9 only (the pair)
TENPAI = "M1 M2 M3 M4 M5 M6 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 C5 C6 C7 C9"


def test_dz10_preparation_goes_in_seat_order_from_the_dealer():
    t = Table(deck_order({}, ("M1", "C9"), dealer=1), dealer=1)
    order = []
    while "done" in t.legal():
        order.append(t.to_act())
        t.apply("done")
    assert order == [1, 2, 0]
    assert t.to_act() == 1  # then the dealer's first turn


def test_dz10_replacements_come_from_the_back_in_declaration_order():
    # seat 1 declares M8 then M7; seat 2 then declares C6.  Replacements: back[0], back[1], back[2].
    t = Table(
        deck_order(
            {1: "M8*4 M7*4", 2: "C6*4"},
            ("M1", "C9"),
            back="S1 S2 S3",
            avoid={1: ["S1", "S2", "S3"], 2: ["S1", "S2", "S3"]},
        )
    )
    t.apply("done")
    t.apply("declare_quad myriads-8")
    assert t.zone("fresh", 1)[1] == ["strings-1"]
    t.apply("declare_quad myriads-7")
    assert t.zone("fresh", 1)[1] == ["strings-1", "strings-2"]
    t.apply("done")
    t.apply("declare_quad coins-6")
    assert t.zone("fresh", 2)[2] == ["strings-3"]
    assert stock_left(t) == 48
    t.apply("done")
    # after preparation the replacements join the hands
    assert t.hand(1).count("strings-1") == 1 and t.hand(1).count("strings-2") == 1
    assert t.zone("fresh", 1)[1] == []


def test_dz10_fresh_replacements_are_hidden_from_the_other_seats():
    t = Table(deck_order({1: "M8*4"}, ("M1", "C9"), back="S1", avoid={1: ["S1"]}))
    t.apply("done")
    t.apply("declare_quad myriads-8")
    assert t.zone("fresh", 0)[1] == [None]
    assert t.zone("fresh", 2)[1] == [None]


def test_dz11_replacement_cards_never_qualify_for_declarations():
    # Seat 1 was dealt M7 x3 and S3 S3 (S3 is an indicator): the replacement for its M8 quad is M7,
    # the one for its C6 quad is S3.  Neither the M7 quad nor the S3 triplet may be declared.
    t = Table(deck_order({1: "M8*4 C6*4 M7*3 S3 S3"}, ("S3", "C9"), back="M7 S3"))
    t.apply("done")
    t.apply("declare_quad myriads-8")
    t.apply("declare_quad coins-6")
    assert sorted(t.zone("fresh", 1)[1]) == ["myriads-7", "strings-3"]
    assert "declare_quad myriads-7" not in t.legal()
    assert "declare_triplet strings-3" not in t.legal()
    with pytest.raises(IllegalAction):
        t.st.apply_action("declare_quad myriads-7")


def test_dz12_opening_quad_draws_one_triplet_none_hezi_two():
    t = Table(deck_order({0: "M8*4 C5*3", 1: "WF WF"}, ("C5", "WF"), dealer=0))
    # dealer: quad (draw 1) and indicator triplet (no draw) in one pass
    assert "declare_quad myriads-8" in t.legal() and "declare_triplet coins-5" in t.legal()
    t.apply("declare_quad myriads-8")
    assert stock_left(t) == 50
    t.apply("declare_triplet coins-5")
    assert stock_left(t) == 50
    assert t.melds(0).count("myriads-8") == 4 and t.melds(0).count("coins-5") == 3
    assert "declare_triplet coins-5" not in t.legal()  # each card in one declaration
    t.apply("done")
    # seat 1 holds the two WF left, but the indicators differ: no Heaven-and-Earth pair
    assert "declare_pair" not in t.legal()
    t.apply("done")
    t.apply("done")
    assert slots(t, 0) == 23


def test_dz12_heaven_and_earth_pair_draws_two():
    t = Table(deck_order({2: "WF WF"}, ("WF", "WF"), back="M3 M6"))
    t.apply("done")
    t.apply("done")
    assert "declare_pair" in t.legal()
    t.apply("declare_pair")
    assert stock_left(t) == 49
    assert sorted(t.zone("fresh", 2)[2]) == ["myriads-3", "myriads-6"]
    t.apply("done")
    assert slots(t, 2) == 22


def test_dz12_indicator_triplet_needs_an_exact_indicator_and_quad_needs_four():
    t = Table(deck_order({0: "M8*3 C5*3"}, ("C4", "S8")))
    assert not any(a.startswith("declare") for a in t.legal())
    with pytest.raises(IllegalAction):
        t.st.apply_action("declare_triplet myriads-8")


def test_dz12_refused_declaration_names_the_rule():
    # Two C4 where the indicator triplet needs three: the refusal quotes the rule's words and id.
    t = Table(deck_order({0: "C4 C4"}, ("C4", "S8")))
    with pytest.raises(IllegalAction, match=r"three dealt cards identical to an indicator \(DZ-12\)"):
        t.st.apply_action("declare_triplet coins-4")


def test_dz13_ready_needs_a_hand_one_card_from_winning():
    t = Table(deck_order({1: TENPAI, 2: "M1 M2 M4 M5 S7 S9 TH WF RF"}, ("TH", "WF")))
    t.apply("done")
    assert "ready" in t.legal()
    t.apply("ready")
    assert t.to_act() == 2
    assert "ready" not in t.legal()
    with pytest.raises(IllegalAction, match="DZ-13"):
        t.st.apply_action("ready")
    t.apply("done")
    assert t.var("ready") == [False, True, False]


def test_dz14_dealer_first_turn_has_no_draw():
    t = Table(deck_order({0: "M8*4"}, ("M1", "C9"), back="S1"))
    t.prepare({0: ["declare_quad M8"]})
    assert t.to_act() == 0
    assert stock_left(t) == 50
    assert len(t.hand(0)) == 20 and slots(t, 0) == 23
    assert "win" not in t.legal()
    assert any(a.startswith("discard") for a in t.legal())


def test_dz15_heavenly_win_offered_only_for_a_complete_hand():
    complete = "M1 M2 M3 M4 M5 M6 M7 M8 M9 C1 C2 C3 C4 C5 C6 S7 S8 S9 S1 S2 S3 C9 C9"
    t = Table(deck_order({0: complete}, ("TH", "WF")))
    t.prepare()
    assert "heavenly" in t.legal()
    t2 = Table(deck_order({0: complete.replace("C9 C9", "C9 C8")}, ("TH", "WF")))
    t2.prepare()
    assert "heavenly" not in t2.legal()
    with pytest.raises(IllegalAction, match="DZ-15"):
        t2.st.apply_action("heavenly")


def test_dz_a20_one_preparation_pass_declarations_then_ready():
    t = Table(deck_order({1: "M8*4"}, ("TH", "WF"), back="S1"))
    t.apply("done")
    seats = [t.to_act()]
    t.apply("declare_quad myriads-8")
    seats.append(t.to_act())
    t.apply("done")
    seats.append(t.to_act())
    t.apply("done")
    assert seats == [1, 1, 2]
    assert "done" not in t.legal()  # nobody is asked a second time


def test_dz_a20_ready_ends_the_seat_preparation():
    t = Table(deck_order({1: TENPAI}, ("TH", "WF")))
    t.apply("done")
    t.apply("ready")
    assert t.to_act() == 2


def test_dz_a21_the_dealer_may_not_declare_ready():
    t = Table(deck_order({0: TENPAI + " TH"}, ("M5", "WF")))
    assert "ready" not in t.legal()
    with pytest.raises(IllegalAction, match="DZ-A21"):
        t.st.apply_action("ready")


def test_dz_a22_ready_only_during_preparation():
    t = Table(deck_order({1: TENPAI}, ("TH", "WF")))
    t.prepare()
    t.discard_single()
    while t.in_window():
        t.apply("pass")
    assert t.to_act() == 1
    assert "ready" not in t.legal()
    with pytest.raises(IllegalAction):
        t.st.apply_action("ready")


def test_dz_a23_ready_needs_a_live_wait():
    # Seat 1 waits only on M5 (the pair).  With M5 M5 as indicators both other copies are its own:
    # the wait is dead, so no Ready.  With one M5 indicator one copy is left: Ready is allowed.
    hand = "M4 M5 M6 M5 TH*3 WF*3 RF*3 C1 C2 C3 C7 C8 C9 S1 S2 S3"
    dead = Table(deck_order({1: hand}, ("M5", "M5")))
    dead.apply("done")
    assert "ready" not in dead.legal()
    live = Table(deck_order({1: hand}, ("M5", "C9")))
    live.apply("done")
    assert "ready" in live.legal()


def test_dz_a24_ready_doubles_the_winner_total_once():
    # Seat 1 declares Ready on a Qinghu hand waiting on C9, then draws C9.
    t = Table(deck_order({1: TENPAI}, ("TH", "WF"), front="C9", avoid={0: ["C9"], 2: ["C9"]}))
    t.prepare({1: ["ready"]})
    t.discard_single(0)
    t.act(1, "win")
    # (0 + Qinghu 100 + self-draw 10 + pair 10) x2 (Ready) = 240
    assert t.totals == (0, 240, 0)
    assert t.net == (-240, 480, -240)


def test_dz_a50_non_dealers_hold_22_slots_and_never_a_heavenly_win():
    r = random.Random(4)
    for seed in range(12):
        t = Table(state=rs().new_game(seed=seed))
        dealer = t.var("dealer")
        while "done" in t.legal():
            t.apply(r.choice(t.legal()))
        for s in range(3):
            assert slots(t, s) == (23 if s == dealer else 22)
        for _ in range(30):
            if t.st.is_terminal():
                break
            if t.to_act() != dealer:
                assert "heavenly" not in t.legal()
            t.apply(r.choice([a for a in t.legal() if a not in ("win", "claim_win", "rob", "heavenly")] or t.legal()))
