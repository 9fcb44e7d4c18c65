"""hachinin_meri_hidden_robai: a hidden native Robai makes every combination of the deal worth 5 (HM-V2.1).

In the base game (HM-41) a hidden Robai raises only the combinations it is part
of (Sota-Robai, Robai-Rei); every other combination is 2, or 5 on trick 9.
"""

import random

import pytest

from tests.hm.helpers import play_at, trick_results
from tests.variants import load, rule_changes

BASE, VARIANT = "hachinin_meri", "variants/hachinin_meri_hidden_robai"

# EX3 of the rules: T = Koppu, trick 2, plain lead; K:Su (seat 0, A) beats the opposing K:Un (seat 5, B)
EX3 = {4: "ouru-7", 5: "koppu-un", 6: "ouru-3", 7: "ouru-9", 0: "koppu-sun", 1: "guru-2", 2: "ouru-8", 3: "ouru-1"}
# EX6c: T = Guru, trick 4; G:So (seat 4, A) beats the hidden G:Ro (seat 5, B): Sota-Robai
EX6C = {1: "pao-2", 2: "guru-rei", 3: "pao-5", 4: "guru-sota", 5: "guru-robai", 6: "koppu-1", 7: "pao-9", 0: "isu-un"}


def sun_un(name, declarer):
    """EX3 with the native Robai (K:Ro) dealt to seat 3, who passes (hidden) or declares."""
    deal, result, delta = play_at(
        load(name), indicator="koppu-6", trick=2, leader=4, plays=EX3, final={3: ["koppu-robai"]}, declarer=declarer
    )
    assert (result.trick, result.winner, result.card) == (2, 0, "koppu-sun")
    return result.combo, delta


def test_hm_v2_only_the_combination_value_changes():
    assert rule_changes(BASE, VARIANT) == {
        ("rules", "HM-41"),
        ("rules", "HM-V2.1"),
        ("functions", "combination_value", "id"),
        ("functions", "combination_value", "value"),
    }


def test_hm_v2_1_hidden_robai_raises_sun_un_to_5():
    assert sun_un(BASE, None) == (2, (3, -2))
    assert sun_un(VARIANT, None) == (5, (6, -5))


def test_hm_v2_1_declared_robai_leaves_sun_un_at_2():
    assert sun_un(BASE, 3) == (2, (3, -2))
    assert sun_un(VARIANT, 3) == (2, (3, -2))


def test_hm_v2_1_robai_out_of_play_leaves_sun_un_at_2():
    """The helpers put the native Robai among the two remaining cards when no seat is given it."""
    for name in (BASE, VARIANT):
        _, result, delta = play_at(load(name), indicator="koppu-6", trick=2, leader=4, plays=EX3)
        assert (result.combo, delta) == (2, (3, -2))


@pytest.mark.parametrize("declarer, value", [(None, 5), (5, 2)])
def test_hm_v2_1_robai_combinations_unchanged(declarer, value):
    """Sota-Robai with the Robai hidden is 5 in both games, and 2 in both once declared."""
    for name in (BASE, VARIANT):
        _, result, delta = play_at(load(name), indicator="guru-4", trick=4, leader=1, plays=EX6C, declarer=declarer)
        assert (result.winner, result.card, result.combo) == (4, "guru-sota", value)
        assert delta == (1 + value, -value)


def robai_hidden(st) -> bool:
    """HM-16 from public information at the end of a one-deal game."""
    v = st.observation(0)["variables"]
    robai = f"{v['trump']}-robai"
    return not v["declared"] and v["indicator_card"] != robai and robai not in st.observation(0)["zones"]["side"]


def test_hm_v2_1_random_deals_differ_only_by_raised_combinations():
    """Same seed, same actions: the same legal moves and trick winners; a combination differs
    exactly where the base gives 2 and the deal's Robai is hidden, and the variant gives 5."""
    seen = {"raised": 0, "hidden_equal": 0, "open_equal": 0}
    for seed in [*range(30), 50, 142, 201]:  # 50, 142 and 201 have a raised combination
        rng = random.Random(seed)
        base = load(BASE).new_game(seed=seed, options={"deals": 1}, story=True)
        var = load(VARIANT).new_game(seed=seed, options={"deals": 1}, story=True)
        while not base.is_terminal():
            legal = sorted(str(a) for a in base.legal_actions())
            assert sorted(str(a) for a in var.legal_actions()) == legal
            choice = rng.choice(legal)
            base.apply_action(choice)
            var.apply_action(choice)
        assert var.is_terminal()
        hidden = robai_hidden(base)
        b, v = trick_results(base), trick_results(var)
        assert [(t.trick, t.winner, t.card) for t in b] == [(t.trick, t.winner, t.card) for t in v]
        raised, shift = 0, 0
        for tb, tv in zip(b, v):
            assert tv.combo == (5 if hidden and tb.combo == 2 else tb.combo)
            if tb.combo != tv.combo:
                raised += 1
                shift += 3 if tb.winner % 2 == 0 else -3  # 3 more points move to the winner's team
        (ba, bb), (va, vb) = base.records[0]["deal_score"], var.records[0]["deal_score"]
        assert (va, vb) == (ba + shift, bb - shift)
        if raised:
            seen["raised"] += 1
        elif hidden:
            seen["hidden_equal"] += 1
        else:
            seen["open_equal"] += 1
    assert all(seen.values()), seen
