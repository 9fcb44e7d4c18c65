"""hachinin_meri_short: a four-deal match (HM-V1.1) instead of eight (HM-7)."""

import random

import pytest

from tests.variants import load, lockstep, random_game, rule_changes

BASE, VARIANT = "hachinin_meri", "variants/hachinin_meri_short"


def test_hm_v1_only_the_match_length_changes():
    assert rule_changes(BASE, VARIANT) == {
        ("rules", "HM-7", "text"),
        ("rules", "HM-V1.1"),
        ("options", "deals", "default"),
        ("options", "deals", "id"),
        ("options", "deals", "text"),
    }
    assert load(BASE).options["deals"].default == 8
    assert load(VARIANT).options["deals"].default == 4


@pytest.mark.parametrize("seed", [1, 2])
def test_hm_v1_1_match_is_four_deals(seed):
    base = random_game(load(BASE), seed)
    short = random_game(load(VARIANT), seed)
    assert len(base.records) == 8
    assert len(short.records) == 4
    # HM-7 (now only the rotation) still holds: the deal passes one seat to the left
    first = short.records[0]["dealer"]
    assert [r["dealer"] for r in short.records] == [(first + k) % 8 for k in range(4)]
    # the totals are the sums of the four deal scores
    a = sum(r["deal_score"][0] for r in short.records)
    b = sum(r["deal_score"][1] for r in short.records)
    assert short.returns() == [a, b] * 4
    assert a + b == 36


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hm_v1_1_first_four_deals_are_the_base_games(seed):
    """Same seed, same actions: the short match is the base match stopped after deal 4."""
    base = load(BASE).new_game(seed=seed, story=True)
    short = load(VARIANT).new_game(seed=seed, story=True)
    rng = random.Random(seed)
    while not short.is_terminal():
        legal = sorted(str(a) for a in short.legal_actions())
        assert sorted(str(a) for a in base.legal_actions()) == legal
        choice = rng.choice(legal)
        short.apply_action(choice)
        base.apply_action(choice)
    assert not base.is_terminal()
    assert len(base.records) == 4
    assert base.records == short.records


@pytest.mark.parametrize("seed", [4, 5])
def test_hm_v1_1_same_deal_count_same_game(seed):
    """Given the same number of deals, the variant and the base are the same game."""
    base = load(BASE).new_game(seed=seed, options={"deals": 4}, story=True)
    short = load(VARIANT).new_game(seed=seed, story=True)
    lockstep(short, base, seed)
    assert short.records == base.records
    assert short.returns() == base.returns()
    eight = load(VARIANT).new_game(seed=seed, options={"deals": 8}, story=True)
    base8 = load(BASE).new_game(seed=seed, story=True)
    lockstep(eight, base8, seed)
    assert eight.records == base8.records and len(eight.records) == 8
