"""How many cards a hand lacks (engine/meld_distance.py), against a plain reference.

Uses the test deck of test_melds.py: sequences a, b, c of ranks 1..9 and
set-only faces h1..h3.  The reference tries every multiset of groups and
pairs and keeps the one sharing the most cards with the hand.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine.meld_distance import missing_cards
from interpreter.engine.melds import MeldKind
from tests.engine.test_melds import GROUP_KINDS, NUM_FACES, PAIR_KINDS, TABLE, hand, table_of


def missing(text: str, groups: int, pairs: int = 1) -> int:
    return missing_cards(TABLE, hand(text), groups, pairs, GROUP_KINDS, PAIR_KINDS)


def reference(counts: list[int], groups: int, pairs: int) -> int:
    """Size of the target minus the most cards any target shares with the hand."""
    group_list = [g for g in TABLE.groups if g.kind in GROUP_KINDS]
    pair_list = [g for g in TABLE.groups if g.kind in PAIR_KINDS]
    have = Counter({f: c for f, c in enumerate(counts) if c})
    best = 0
    for gs in combinations_with_replacement(group_list, groups):
        for ps in combinations_with_replacement(pair_list, pairs):
            need = Counter(f for g in gs + ps for f in g.faces)
            best = max(best, sum((need & have).values()))
    return 3 * groups + 2 * pairs - best


@pytest.mark.parametrize(
    ("text", "groups", "expected"),
    [
        ("a123 a456 a789 b111 c234 c567 h222 h33", 7, 0),
        ("a123 a456 a789 b111 c234 c567 h222 h3", 7, 1),
        ("a123 a456 a789 b111 c234 c567 h222 h3 c9", 7, 1),
        ("a13 b456 b789 c111 h11", 4, 1),
        ("a1 b5 c9", 1, 3),
        ("", 7, 23),
        ("a1111", 1, 1),
        ("a1111", 2, 4),
    ],
)
def test_missing_counts_cards_still_to_draw(text: str, groups: int, expected: int) -> None:
    """A complete hand lacks nothing; one card from a win lacks one; spare cards cost nothing."""
    assert missing(text, groups) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 11), min_size=0, max_size=7).map(lambda fs: [f if f < 9 else 18 + f for f in fs]),
    st.integers(0, 2),
    st.integers(0, 1),
)
def test_missing_matches_the_reference(faces: list[int], groups: int, pairs: int) -> None:
    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] = min(4, counts[f] + 1)
    assert missing_cards(TABLE, counts, groups, pairs, GROUP_KINDS, PAIR_KINDS) == reference(counts, groups, pairs)


def test_a_larger_group_kind_lacks_one_card_more() -> None:
    """With quads as the only group kind, a triplet lacks one card."""
    table = table_of(MeldKind("quad", "set", 4), MeldKind("pair", "set", 2))
    assert missing_cards(table, hand("a111 b22"), 1, 1, ("quad",), ("pair",)) == 1
    assert missing_cards(table, hand("a11 b22"), 1, 1, ("quad",), ("pair",)) == 2


def test_missing_refuses_unknown_kinds_and_negative_totals() -> None:
    with pytest.raises(ValueError, match="unknown meld kinds"):
        missing_cards(TABLE, hand("a1"), 1, 0, ("nosuch",), ())
    with pytest.raises(ValueError, match="must not be negative"):
        missing_cards(TABLE, hand("a1"), -1, 0, GROUP_KINDS, PAIR_KINDS)


@pytest.mark.parametrize(
    ("text", "groups", "expected"),
    [
        ("a123 a456 a789 b111 h1", 4, "h1"),
        ("a13 b456 b789 c111 h11", 4, "a2"),
        ("a1 b9", 1, "a1 a2 a3 b7 b8 b9"),
        ("a123 h11", 1, ""),
    ],
)
def test_useful_cards_are_the_draws_that_bring_a_hand_closer(text: str, groups: int, expected: str) -> None:
    """One card from a win: the useful cards are its waits; a complete hand needs nothing."""
    from interpreter.engine.meld_distance import useful_faces
    from tests.engine.test_melds import faces

    found = useful_faces(TABLE, hand(text), groups, 1, GROUP_KINDS, PAIR_KINDS)
    assert found == sorted(faces(expected))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=1, max_size=7).map(lambda fs: [f if f < 9 else 18 + f for f in fs]))
def test_hands_less_one_card_agree_with_fresh_counts(faces: list[int]) -> None:
    """The answers kept for a hand less one of its components serve its neighbours exactly."""
    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] = min(4, counts[f] + 1)
    fresh = table_of()
    for f in {f for f in faces}:
        less = list(counts)
        less[f] -= 1
        missing_cards(TABLE, counts, 2, 1, GROUP_KINDS, PAIR_KINDS)
        assert missing_cards(TABLE, less, 2, 1, GROUP_KINDS, PAIR_KINDS) == missing_cards(
            fresh, less, 2, 1, GROUP_KINDS, PAIR_KINDS
        )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, NUM_FACES - 1), min_size=0, max_size=14),
    st.integers(1, 4),
    st.integers(0, 1),
)
def test_useful_faces_are_exactly_the_faces_that_lower_missing(faces: list[int], groups: int, pairs: int) -> None:
    """Each face is useful exactly when the hand with one more copy lacks fewer cards (counted afresh)."""
    from interpreter.engine.meld_distance import useful_faces

    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] = min(4, counts[f] + 1)
    now = missing_cards(table_of(), counts, groups, pairs, GROUP_KINDS, PAIR_KINDS)
    expected = []
    for f in range(NUM_FACES):
        more = list(counts)
        more[f] += 1
        if missing_cards(table_of(), more, groups, pairs, GROUP_KINDS, PAIR_KINDS) < now:
            expected.append(f)
    assert useful_faces(TABLE, counts, groups, pairs, GROUP_KINDS, PAIR_KINDS) == expected
    assert useful_faces(TABLE, counts, groups, pairs, GROUP_KINDS, PAIR_KINDS) == expected  # kept, the same
