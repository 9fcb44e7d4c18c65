"""R2 Seats and dealer, R3 Deal and indicators: DZ-4 to DZ-9, DZ-47, DZ-A48."""

from collections import Counter

from tests.dz.helpers import Table, deck_order, rs, stock_left


def test_dz4_turn_passes_0_1_2_0():
    t = Table(deck_order({}, ("M1", "C9")), dealer=0)
    t.prepare()
    seen = []
    for _ in range(4):
        seen.append(t.to_act())
        if seen[-1] == 0 and len(seen) == 1:
            t.discard_single()
        else:
            t.discard_drawn()
        while not t.st.is_terminal() and t.in_window():
            t.apply("pass")
    assert seen == [0, 1, 2, 0]


def test_dz4_the_seat_after_dealer_2_is_seat_0():
    t = Table(deck_order({}, ("M1", "C9"), dealer=2), dealer=2)
    assert t.to_act() == 2  # preparation starts with the dealer
    t.prepare()
    assert t.to_act() == 2
    t.discard_single()
    while t.in_window():
        t.apply("pass")
    assert t.to_act() == 0


def dealer_of(st) -> int:
    return st.observation(0)["variables"]["dealer"]


def test_dz5_first_dealer_is_random_over_seeds():
    counts = Counter(dealer_of(rs().new_game(seed=s)) for s in range(90))
    assert set(counts) == {0, 1, 2}
    assert min(counts.values()) >= 15  # roughly uniform (30 expected each)


def test_dz5_first_dealer_option_fixes_the_dealer():
    for d in range(3):
        assert dealer_of(rs().new_game(seed=1, options={"first_dealer": d})) == d


def finish_heavenly_deal(dealer: int):
    hand = "M1 M2 M3 M4 M5 M6 M7 M8 M9 C1 C2 C3 C4 C5 C6 S7 S8 S9 S1 S2 S3 C9 C9"
    t = Table(deck_order({dealer: hand}, ("TH", "WF"), dealer=dealer), dealer=dealer)
    t.prepare()
    t.act(dealer, "heavenly")
    return t


def test_dz5_dealer_passes_to_the_next_seat_after_a_win():
    t = finish_heavenly_deal(1)
    assert t.st.is_terminal()
    nxt = rs().new_game(seed=3, carry_from=t.st)
    assert dealer_of(nxt) == 2
    assert rs().new_game(seed=3, carry_from=finish_heavenly_deal(2).st).observation(0)["variables"]["dealer"] == 0


def test_dz47_dz_a48_dealer_rotates_after_an_exhausted_deal():
    t = Table(deck_order({}, ("M1", "C9"), dealer=2), dealer=2)
    t.prepare().exhaust()
    assert t.record["winner"] == -1
    nxt = rs().new_game(seed=3, carry_from=t.st)
    assert dealer_of(nxt) == 0


def test_dz5_restart_without_carry_draws_a_new_random_dealer():
    firsts = {dealer_of(rs().new_game(seed=s, options={"first_dealer": -1})) for s in range(30)}
    assert firsts == {0, 1, 2}


def test_dz6_each_deal_is_scored_and_settled_on_its_own():
    first = finish_heavenly_deal(0)
    assert len(first.st.records) == 1
    nxt = Table(state=rs().new_game(seed=3, carry_from=first.st, deck_orders=[deck_order({}, ("M1", "C9"), dealer=1)]))
    assert nxt.st.records == []
    nxt.prepare().exhaust()
    assert len(nxt.st.records) == 1
    assert nxt.totals == (0, 0, 0)
    assert nxt.st.returns() == [0, 0, 0]  # nothing carried over from the first deal's +


def test_dz7_dealer_gets_the_first_23_then_22_each_in_seat_order():
    order = deck_order({}, ("M1", "C9"), dealer=1)
    t = Table(order, dealer=1)
    assert Counter(t.hand(1)) == Counter(order[:23])
    assert Counter(t.hand(2)) == Counter(order[23:45])
    assert Counter(t.hand(0)) == Counter(order[45:67])


def outside_indicators(t) -> Counter:
    ids = rs().cards.ids
    names = [z.name for z in rs().zones]
    skip = names.index("indicators")
    return Counter(ids[c] for i, z in enumerate(t.st.to_json()["zones"]) for c in z if i != skip)


def test_dz8_two_indicators_face_up_out_of_play():
    t = Table(deck_order({}, ("S4", "TH")))
    for seat in range(3):
        assert t.zone("indicators", seat) == ["strings-4", "thousand"]
    # only 3 copies of each indicator's card are anywhere else
    assert outside_indicators(t)["strings-4"] == 3 and outside_indicators(t)["thousand"] == 3
    t.prepare().exhaust()
    assert t.zone("indicators") == ["strings-4", "thousand"]
    assert outside_indicators(t)["strings-4"] == 3


def test_dz8_equal_indicators_leave_two_copies_in_play():
    t = Table(deck_order({}, ("C4", "C4")))
    assert t.zone("indicators") == ["coins-4", "coins-4"]
    assert outside_indicators(t)["coins-4"] == 2


def test_dz9_stock_holds_51_and_draws_come_from_the_front():
    order = deck_order({}, ("M1", "C9"), front="M4 S6")
    t = Table(order)
    assert stock_left(t) == 51
    t.prepare()
    t.discard_single()
    while t.in_window():
        t.apply("pass")
    assert t.new_cards(1) == ["myriads-4"]
    assert stock_left(t) == 50
    t.discard_drawn()
    while t.in_window():
        t.apply("pass")
    assert t.new_cards(2) == ["strings-6"]
