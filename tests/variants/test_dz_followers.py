"""duzihu_followers: an ordinary indicator doubles its 1-4-7 / 2-5-8 / 3-6-9 family (跟随将, DZ-V1.1).

In the base game (DZ-A1) an ordinary indicator doubles its own rank only.
Each deal below is played out to exhaustion (every drawn card discarded, every
claim passed), so each seat's total is its dealt hand's base hu, rounded (DZ-46).
"""

import random

import pytest

from tests.dz.helpers import Table, deck_order
from tests.variants import actions, load, rule_changes

BASE, VARIANT = "duzihu", "variants/duzihu_followers"


def totals(name: str, seat1: str, indicators) -> tuple:
    """Seat 1 holds `seat1` (the other hands have no set of three); the deal is played out."""
    order = deck_order({1: seat1}, indicators)
    t = Table(order, state=load(name).new_game(seed=1, options={"first_dealer": 0}, deck_orders=[order]))
    t.prepare().exhaust()
    assert t.record["winner"] == -1
    return t.totals


def test_dz_v1_only_the_indicator_doubling_changes():
    assert rule_changes(BASE, VARIANT) == {
        ("rules", "DZ-35"),
        ("rules", "DZ-A1"),
        ("rules", "DZ-V1.1"),
        ("rules", "DZ-V1.2"),
        ("functions", "doubles", "id"),
        ("functions", "doubles", "value"),
        ("functions", "unit", "id"),
    }


@pytest.mark.parametrize(
    "indicators, seat1, base, variant",
    [
        # S2 doubles M5 (2-5-8); M3 does not double M1: base 4 + 4 = 8, variant 8 + 4 = 12
        (("S2", "M3"), "M5*3 M1*3", 10, 20),
        # M1 and C4 are both of the family 1-4-7: S7 is doubled twice (4 x 2 x 2); M2, M3 not at all
        (("M1", "C4"), "S7*3 M2*3 M3*3", 20, 30),
        # S3 doubles M6 (3-6-9) but never the Old General S9; C8 doubles M2 (2-5-8)
        (("S3", "C8"), "S9*3 M6*3 M2*3", 20, 30),
    ],
)
def test_dz_v1_1_indicator_doubles_its_family(indicators, seat1, base, variant):
    assert totals(BASE, seat1, indicators) == (0, base, 0)
    assert totals(VARIANT, seat1, indicators) == (0, variant, 0)


@pytest.mark.parametrize(
    "indicators, seat1, value",
    [
        # the indicator's own rank, an exact match, Old Generals: M2 8 + M3 (exact) 24 + S9 8 + TH 8 = 48
        (("S2", "M3"), "M2*3 M3*3 S9*3 TH*3", 50),
        # ranks outside both families (1-4-7 when the indicators are S2 and M3): 3 x 4 = 12
        (("S2", "M3"), "M1*3 M4*3 C7*3", 20),
        # a Strings 9 indicator doubles Old Generals only (WF 4 x 2 x 2 = 16), never M9 or M3 (4 each)
        (("S9", "C1"), "WF*3 M9*3 M3*3", 30),
    ],
)
def test_dz_v1_1_same_values_outside_the_families(indicators, seat1, value):
    assert totals(BASE, seat1, indicators) == totals(VARIANT, seat1, indicators) == (0, value, 0)


def follower_sets(st, seat: int) -> set[str]:
    """Cards of the seat's scoring units (three or four in hand, melds) that only a follower
    rule doubles: ordinary, of an indicator's family, but not of an ordinary indicator's rank."""
    obs = st.observation(seat)
    hand = obs["zones"]["hand"][seat]
    cards = {c for c in hand if hand.count(c) >= 3} | set(obs["zones"]["melds"][seat])
    ranks = [ordinary_rank(i) for i in obs["zones"]["indicators"] if ordinary_rank(i)]
    return {
        c
        for c in cards
        if ordinary_rank(c) and ordinary_rank(c) not in ranks and any(ordinary_rank(c) % 3 == r % 3 for r in ranks)
    }


def ordinary_rank(card: str) -> int:
    """The rank of an ordinary card (a suited card other than Strings 9), else 0."""
    suit, _, rank = card.partition("-")
    return int(rank) if suit in ("myriads", "strings", "coins") and card != "strings-9" else 0


def test_dz_v1_1_random_deals_differ_only_by_follower_sets():
    """Same seed, same actions: the same legal moves and the same winner; a seat's total is the
    same in both games unless it holds a set that only the follower rule doubles, and then it
    is never lower in the variant."""
    differ = same = 0
    for seed in range(16):
        rng = random.Random(seed)
        base = load(BASE).new_game(seed=seed)
        var = load(VARIANT).new_game(seed=seed)
        while not base.is_terminal():
            legal = actions(base)
            assert actions(var) == legal
            choice = rng.choice(legal)
            base.apply_action(choice)
            var.apply_action(choice)
        b, v = base.records[0], var.records[0]
        assert (b["winner"], b["win_type"]) == (v["winner"], v["win_type"])
        for seat in range(3):
            if follower_sets(base, seat):
                assert v["totals"][seat] >= b["totals"][seat]
                differ += v["totals"][seat] > b["totals"][seat]
            else:
                assert v["totals"][seat] == b["totals"][seat]
                same += 1
    assert differ and same
