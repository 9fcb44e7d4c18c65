"""duzihu_min22: a win needs 22 hu in the hand (DZ-V2.1); the base game has no minimum (DZ-33).

What is compared is the winner's base hu as the settlement counts it with the
winning card (DZ-34 to DZ-38), before bonuses, multipliers and rounding.  The
winner's full total cannot be the measure: it is never below 22 (a Tazihu is 20
plus at least one set worth 2 or more), so that reading would change nothing.
`test_dz_v2_1_total_of_22_is_not_enough` is the case that separates the two.
"""

import random

import pytest

from tests.dz.helpers import IllegalAction, Table, deck_order
from tests.variants import actions, load, lockstep, rule_changes

BASE, VARIANT = "duzihu", "variants/duzihu_min22"

RUNS6 = "M1 M2 M3 S1 S2 S3 S4 S5 S6 C4 C5 C6 S7 S8 S9 C7 C8 C9"
LOW = RUNS6 + " M7 M7 RF RF"  # 22 cards waiting on M7 or RF; no set: 0 hu
HIGH = "TH*3 WF*3 M7*3 S5*3 M1 M2 M3 S1 S2 S3 C5 C5 C7 C8"  # 24 hu, waiting on C6 or C9
INDICATORS = ("M9", "S4")  # double nothing in these hands


def table(name: str, hands: dict, dealer: int = 0, **kw) -> Table:
    order = deck_order(hands, INDICATORS, dealer=dealer, **kw)
    return Table(order, state=load(name).new_game(seed=1, options={"first_dealer": dealer}, deck_orders=[order]))


def dealer_discards_later(name: str, seat1: str, card: str) -> Table:
    """Seat 1 holds `seat1`; the dealer discards C5, seats 1 and 2 discard what they draw, then
    the dealer draws and discards `card` (not its first discard: no Earthly win)."""
    t = table(
        name,
        {0: f"{card} C2", 1: seat1},
        front="S6 M4 C3",
        avoid={0: ["M7", "RF", "C6", "C9"], 2: ["M7", "RF", "C6", "C9"]},
    )
    t.prepare()
    t.act(0, "discard C2")
    t.discard_drawn()
    t.discard_drawn()
    t.act(0, f"discard {card}")
    assert t.to_act() == 1
    return t


def test_dz_v2_changes():
    assert rule_changes(BASE, VARIANT) == {
        ("rules", "DZ-33"),
        ("rules", "DZ-A46"),
        ("rules", "DZ-V2.1"),
        ("rules", "DZ-V2.2"),
        ("rules", "DZ-V2.3"),
        ("options", "min_hu"),
        ("functions", "hand_hu"),
        ("functions", "base_hu", "value"),
        ("functions", "can_ready", "id"),
        ("functions", "can_ready", "value"),
        ("actions", "heavenly", "legal_if", "DZ-V2.1"),
        ("actions", "win", "legal_if", "DZ-V2.1"),
        ("actions", "rob", "legal_if"),
        ("actions", "claim_win", "legal_if"),
    }


def test_dz_v2_1_total_of_22_is_not_enough():
    """A Tazihu won on a discard with one recorded pong (M7, 2 hu): total 20 + 2 = 22 -> 30 in
    the base game; the variant refuses the win (2 hu in the hand), leaving only the pong."""
    base = dealer_discards_later(BASE, LOW, "M7")
    assert base.legal() == ["claim_win", "pong", "pass"]
    base.apply("claim_win")
    assert base.record["winner"] == 1 and base.totals == (0, 30, 0) and base.net == (-30, 60, -30)
    var = dealer_discards_later(VARIANT, LOW, "M7")
    assert var.legal() == ["pong", "pass"]
    with pytest.raises(IllegalAction, match=r"minimum hu.*DZ-V2\.1"):
        var.st.apply_action("claim_win")


def test_dz_v2_1_enough_hu_wins_alike():
    """24 hu in the hand (TH, WF 8 each, M7, S5 4 each): the same win and settlement in both."""
    results = []
    for name in (BASE, VARIANT):
        t = dealer_discards_later(name, HIGH, "C9")
        assert t.legal() == ["claim_win", "pass"]
        t.apply("claim_win")
        results.append((t.record["winner"], t.totals, t.net))
    assert results[0] == results[1] == (1, (0, 50, 0), (-50, 100, -50))  # 24 + Tazihu 20 = 44 -> 50


def test_dz_v2_1_self_drawn_win_refused_with_reason():
    """Seat 1 draws the third M7 (three in hand, 4 hu): base total 4 + 20 + 10 = 34 -> 40."""
    for name, expected in ((BASE, True), (VARIANT, False)):
        t = table(name, {0: "C2", 1: LOW}, front="M7", avoid={0: ["M7", "RF"], 2: ["M7", "RF"]})
        t.prepare()
        t.act(0, "discard C2")
        t.settle()
        assert t.to_act() == 1 and t.new_cards(1) == ["myriads-7"]
        assert ("win" in t.legal()) is expected
        if expected:
            t.apply("win")
            assert t.totals == (0, 40, 0)
        else:
            with pytest.raises(IllegalAction, match=r"DZ-V2\.1"):
                t.st.apply_action("win")


@pytest.mark.parametrize(
    "hand, base_only",
    [
        (RUNS6 + " M7*3 RF RF", True),  # 4 hu
        ("TH*3 WF*3 M7*3 S5*3 M1 M2 M3 S1 S2 S3 C4 C5 C6 C8 C8", False),  # 24 hu
    ],
)
def test_dz_v2_1_heavenly_win_needs_22(hand, base_only):
    for name in (BASE, VARIANT):
        t = table(name, {0: hand})
        t.prepare()
        assert ("heavenly" in t.legal()) is (name == BASE or not base_only)


def test_dz_v2_1_robbing_a_kong_needs_22():
    """Seat 1 discards M6, the dealer pongs it and later adds the drawn fourth M6: seat 1
    (M5 M7 waiting, no set, 0 hu) may rob it in the base game only."""
    seen = {}
    for name in (BASE, VARIANT):
        t = table(
            name,
            {0: "M6 M6", 1: "M6 " + RUNS6 + " M5 M7 RF"},
            front="RF C2 S6 M6",
            avoid={0: ["M6", "RF"], 2: ["M6", "RF"]},
        )
        t.prepare()
        t.act(0, "discard ?")
        t.act(1, "discard M6")  # seat 1 drew RF: M5 M7 now wait on M6
        t.act(0, "pong")
        t.act(0, "discard ?")
        t.discard_drawn()
        t.discard_drawn()
        assert t.to_act() == 0 and t.new_cards(0) == ["myriads-6"]
        t.apply("added_kong myriads-6")
        seen[name] = (t.to_act(), t.legal())
    assert seen[BASE] == (1, ["rob", "pass"])
    assert seen[VARIANT][0] == 0 and "discard myriads-6" not in seen[VARIANT][1]  # no window: the kong stands


@pytest.mark.parametrize("hand, base_only", [(LOW, True), (HIGH, False)])
def test_dz_v2_3_ready_needs_a_wait_worth_22(hand, base_only):
    """LOW waits on M7 (4 hu self-drawn) or RF (8): Ready only in the base game. HIGH: both."""
    for name in (BASE, VARIANT):
        t = table(name, {1: hand})
        t.apply("done")
        assert t.to_act() == 1
        assert ("ready" in t.legal()) is (name == BASE or not base_only)


@pytest.mark.parametrize("seed", range(6))
def test_dz_v2_1_min_hu_0_is_the_base_game(seed):
    base = load(BASE).new_game(seed=seed)
    var = load(VARIANT).new_game(seed=seed, options={"min_hu": 0})
    lockstep(base, var, seed)
    assert base.records == var.records


def test_dz_v2_1_random_deals_without_a_win_agree():
    """Same seed, same actions: while nobody is offered a win the two games are the same, and a
    deal that ends exhausted settles the same base hu (DZ-46)."""
    exhausted = 0
    for seed in range(20):
        rng = random.Random(seed)
        base = load(BASE).new_game(seed=seed)
        var = load(VARIANT).new_game(seed=seed)
        while not base.is_terminal():
            legal = [a for a in actions(base) if a not in ("win", "claim_win", "rob", "heavenly")]
            assert [a for a in actions(var) if a not in ("win", "claim_win", "rob", "heavenly")] == legal
            choice = rng.choice(legal)
            base.apply_action(choice)
            var.apply_action(choice)
        assert var.is_terminal()
        assert base.records == var.records
        exhausted += base.records[0]["winner"] == -1
    assert exhausted == 20
