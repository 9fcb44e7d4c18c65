"""R1 Deck: DZ-1 to DZ-3."""

from collections import Counter

import pytest

from tests.dz.helpers import TYPES, IllegalAction, Table, cards, cid, deck_order, exhausted, rs


def all_cards(st) -> Counter:
    ids = rs().cards.ids
    return Counter(ids[c] for z in st.to_json()["zones"] for c in z)


def test_dz1_deck_has_120_cards_four_of_each_of_30_faces():
    st = rs().new_game(seed=5, options={"first_dealer": 0})
    counts = all_cards(st)
    assert sum(counts.values()) == 120
    assert counts == Counter({cid(t): 4 for t in TYPES})
    assert len(TYPES) == 30


def test_dz1_no_auspicious_cards_in_the_pack():
    ids = set(rs().cards.ids)
    assert ids == {cid(t) for t in TYPES}
    for word in ("fortune", "prosperity", "longevity", "joy", "wealth", "fu", "lu", "shou", "xi", "cai"):
        assert word not in ids


def test_dz2_same_rank_other_suit_is_not_identical_for_a_pong():
    # The dealer discards M5: seat 1 holds S5 S5 C5 C5 (same rank, other suits) and is not asked;
    # seat 2 holds M5 M5 and may pong.
    t = Table(deck_order({0: "M5", 1: "S5 S5 C5 C5", 2: "M5 M5"}, ("M1", "C9"), avoid={1: ["M5"]}))
    t.prepare()
    t.act(0, "discard M5")
    assert t.to_act() == 2
    assert t.legal() == ["pong", "pass"]


def test_dz2_mixed_suits_of_one_rank_score_nothing():
    # Three rank-5 cards of different suits, twice over, are no identical sets: 0 hu.
    t = exhausted({1: "M5 M5 S5 S5 C5 C5 TH WF RF"}, ("M1", "C9"))
    assert t.totals[1] == 0


def heavenly_offered(hand: str, indicators=("M5", "C5")) -> bool:
    t = Table(deck_order({0: hand}, indicators))
    t.prepare()
    return "heavenly" in t.legal()


COMPLETE = "M1 M2 M3 M4 M5 M6 M7 M8 M9 C1 C2 C3 C4 C5 C6 S7 S8 S9 S1 S2 S3 C9 C9"


def test_dz3_strings_9_runs_in_7_8_9():
    assert heavenly_offered(COMPLETE, ("TH", "WF"))


def test_dz3_honours_make_no_run():
    # TH WF RF in place of S1 S2 S3: three honours are no group.
    assert not heavenly_offered(COMPLETE.replace("S1 S2 S3", "TH WF RF"), ("M4", "C7"))


def test_dz3_runs_do_not_wrap_around_9_to_1():
    # S8 S9 S1 in place of S7 S8 S9 (with S7 elsewhere as a spare): no wrap-around run.
    hand = COMPLETE.replace("S7 S8 S9 S1 S2 S3", "S8 S9 S1 S2 S3 S4")
    assert not heavenly_offered(hand, ("TH", "WF"))


def test_dz3_honours_do_form_identical_groups():
    assert heavenly_offered(COMPLETE.replace("S1 S2 S3", "TH TH TH"), ("M4", "C7"))


def test_dz1_card_ids_are_the_design_names():
    assert cards("M3 S9 C1 TH WF RF") == ["myriads-3", "strings-9", "coins-1", "thousand", "white-flower", "red-flower"]
    with pytest.raises(ValueError):
        rs().new_game(seed=1, deck_orders=[["fortune"] + cards("M1") * 119])


def test_dz2_illegal_pong_is_refused_with_a_reason():
    t = Table(deck_order({0: "M5", 1: "S5 S5", 2: "M5"}, ("M1", "C9"), avoid={1: ["M5"], 2: ["M5"]}))
    t.prepare()
    t.act(0, "discard M5")
    with pytest.raises(IllegalAction):
        t.st.apply_action("pong")
