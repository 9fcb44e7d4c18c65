"""R12 Rounding and R13 settlement: DZ-43 to DZ-45, DZ-A49.

DZ-A43 is in test_bonuses; E3 and E4 are in test_examples.
"""

from tests.dz.helpers import Table, deck_order, exhausted, nets


def test_dz43_every_total_rounds_up_to_ten_and_zero_stays_zero():
    # seat 1: pong M7 2 -> 10; seat 2: M4x3 4 + S4x4 12 + C8x3 4 = 20 -> 20; dealer 0 -> 0
    t = Table(deck_order({0: "M7", 1: "M7 M7", 2: "M4*3 S4*4 C8*3"}, ("S2", "M3")))
    t.prepare().run([(0, "discard M7"), (1, "pong"), (1, "discard ?")]).exhaust()
    assert t.totals == (0, 10, 20)
    assert t.net == (-30, 0, 30)


def test_dz44_dz45_each_pair_of_players_settles_the_difference():
    t = exhausted({0: "WF*4 TH*4 RF*4 S9*4 M5*3", 1: "M6*4 M7*4 M8*4 C5*3", 2: "C6*4 C7*3 C8*3"}, ("M1", "C1"))
    totals = t.totals
    pairwise = tuple(sum(totals[i] - totals[j] for j in range(3) if j != i) for i in range(3))
    assert t.net == pairwise == nets(totals) == (140, -40, -100)
    assert sum(t.net) == 0
    assert t.st.returns() == [140, -40, -100]


def test_dz_a49_equal_highest_totals_need_no_tie_break():
    t = exhausted({0: "M4*4 M5*4 M6*4 M7*3", 1: "S4*4 S5*4 S6*4 S7*3"}, ("M1", "C9"))
    assert t.totals == (40, 40, 0)
    assert t.net == (40, 40, -80)
