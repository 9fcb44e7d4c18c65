"""Meld engine: legal groups, completeness, waits, partitions and placements.

The test deck has three ranked sequences a, b, c of ranks 1..9 (faces 0..26)
and three set-only faces h1..h3 (27..29). Hands are written as a suit letter
followed by ranks: "a123 b55 h11". A naive reference search over tuples
checks the packed, memoised engine.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine.melds import Group, MeldKind, MeldTable, Partition, counts_from_faces, make_partition

NUM_FACES = 30
SUIT_BASE = {"a": 0, "b": 9, "c": 18, "h": 27}
GROUP_KINDS, PAIR_KINDS = ("run", "triplet"), ("pair",)
RUN, TRIPLET, PAIR = MeldKind("run", "run", 3), MeldKind("triplet", "set", 3), MeldKind("pair", "set", 2)
SEQ_GROUP = [face // 9 for face in range(27)] + [-1] * 3
SEQ_POS = [face % 9 + 1 for face in range(27)] + [0] * 3


def table_of(*kinds: MeldKind, cache_limit: int = 100_000) -> MeldTable:
    """A table over the test deck with the given kinds (run, triplet, pair by default)."""
    return MeldTable.build(NUM_FACES, kinds or (RUN, TRIPLET, PAIR), SEQ_GROUP, SEQ_POS, cache_limit=cache_limit)


TABLE = table_of()


def faces(text: str) -> list[int]:
    """Faces of a hand written as 'a123 h11'."""
    return [SUIT_BASE[word[0]] + int(rank) - 1 for word in text.split() for rank in word[1:]]


def hand(text: str) -> list[int]:
    """Counts of a hand written as 'a123 h11'."""
    return counts_from_faces(faces(text), NUM_FACES)


def group(kind: str, text: str) -> Group:
    """A group of `kind` over the faces written in `text`."""
    return Group(kind, tuple(faces(text)))


def complete(text: str, groups: int, pairs: int = 1, table: MeldTable = TABLE) -> bool:
    """Whether the written hand is complete with runs and triplets as groups."""
    return table.is_complete(hand(text), groups, pairs, GROUP_KINDS, PAIR_KINDS)


def waits(text: str, groups: int, pairs: int = 1, available: Sequence[int] | None = None) -> list[int]:
    """Completing faces of the written hand."""
    return TABLE.completing_faces(hand(text), groups, pairs, GROUP_KINDS, PAIR_KINDS, available)


def naive_partitions(
    table: MeldTable,
    counts: Sequence[int],
    groups: int,
    pairs: int,
    group_kinds: Sequence[str] = GROUP_KINDS,
    pair_kinds: Sequence[str] = PAIR_KINDS,
) -> set[Partition]:
    """Every partition, by plain recursion over tuples of counts (the reference)."""
    found: set[Partition] = set()

    def search(rest: tuple[int, ...], need_groups: int, need_pairs: int, used: list[Group]) -> None:
        """Cover the lowest face left by every group that contains it."""
        if not any(rest):
            if need_groups == need_pairs == 0:
                found.add(make_partition(used))
            return
        low = next(face for face, count in enumerate(rest) if count)
        for candidate in table.groups:
            if low not in candidate.faces:
                continue
            left = list(rest)
            for face in candidate.faces:
                left[face] -= 1
            if min(left) < 0:
                continue
            if candidate.kind in group_kinds and need_groups:
                search(tuple(left), need_groups - 1, need_pairs, used + [candidate])
            if candidate.kind in pair_kinds and need_pairs:
                search(tuple(left), need_groups, need_pairs - 1, used + [candidate])

    search(tuple(counts), groups, pairs, [])
    return found


def test_build_lists_every_legal_group() -> None:
    """Seven runs per sequence, a triplet and a pair of every face, none across sequences."""
    kinds = [g.kind for g in TABLE.groups]
    assert (kinds.count("run"), kinds.count("triplet"), kinds.count("pair")) == (21, 30, 30)
    assert group("run", "a789") in TABLE.groups
    assert all(g.faces[0] // 9 == g.faces[-1] // 9 for g in TABLE.groups if g.kind == "run")
    assert TABLE.groups_by_low_face[faces("b4")[0]] == (
        group("run", "b456"),
        group("triplet", "b444"),
        group("pair", "b44"),
    )


def test_components_are_the_sequences_and_each_set_only_face() -> None:
    """No group links two sequences, so each is searched on its own."""
    assert TABLE.components == (tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27)), (27,), (28,), (29,))


@pytest.mark.parametrize(
    ("text", "groups", "pairs", "expected"),
    [
        ("a123 a456 a789 b111 c234 c567 h222 h33", 7, 1, True),
        ("a123 a456 a789 b111 c234 c567 h222 h3 c9", 7, 1, False),
        ("a123 h11", 1, 1, True),
        ("a124 h11", 1, 1, False),
        ("a11", 0, 1, True),
        ("a123 b456 c789 h111 a55", 4, 1, True),
        ("a123 b456 c789 h111 a55", 3, 1, False),
        ("a123 b456 c789 h111 a55", 4, 0, False),
        ("a112233 b55", 2, 1, True),
        ("a11122233 b55", 3, 1, False),
        ("", 0, 0, True),
        ("", 1, 0, False),
    ],
)
def test_is_complete_simple_hands(text: str, groups: int, pairs: int, expected: bool) -> None:
    """Every card is used exactly once, in exactly the asked numbers of groups and pairs."""
    assert complete(text, groups, pairs) is expected


def test_three_identical_triples_make_triplets_or_runs() -> None:
    """a111 222 333 is three triplets or three identical runs: both partitions are found."""
    found = TABLE.partitions(hand("a111222333 h11"), 3, 1, GROUP_KINDS, PAIR_KINDS)
    assert found == [
        (group("triplet", "a111"), group("triplet", "a222"), group("triplet", "a333"), group("pair", "h11")),
        (group("run", "a123"),) * 3 + (group("pair", "h11"),),
    ]


def test_four_identical_cards_are_not_a_group_and_must_be_split() -> None:
    """Without a quad kind, four equal cards split into a triplet and a card of a run."""
    assert not complete("a1111 h222", 2, 0)
    assert TABLE.partitions(hand("a111123 h11"), 2, 1, GROUP_KINDS, PAIR_KINDS) == [
        (group("triplet", "a111"), group("run", "a123"), group("pair", "h11"))
    ]


def test_a_quad_kind_makes_four_equal_cards_one_group() -> None:
    """Declaring a set of size 4 as a group kind accepts the four cards whole."""
    table = table_of(RUN, TRIPLET, PAIR, MeldKind("quad", "set", 4))
    assert table.is_complete(hand("a1111 h222"), 2, 0, ("run", "triplet", "quad"), ())
    assert not table.is_complete(hand("a1111 h222"), 2, 0, GROUP_KINDS, ())


def test_set_only_faces_never_form_runs() -> None:
    """h1 h2 h3 have no sequence group, so they never make a run."""
    assert not complete("h123", 1, 0)
    assert complete("h111", 1, 0)
    assert all(g.kind != "run" for g in TABLE.groups if set(g.faces) & {27, 28, 29})


def test_allow_if_keeps_rank_eight_out_of_runs_except_six_seven_eight() -> None:
    """A filter over a run's faces forbids a7-8-9 but keeps a6-7-8 and triplets of a8."""
    eight = faces("a8")[0]
    only_678 = MeldKind("run", "run", 3, allow_if=lambda fs: eight not in fs or fs == tuple(faces("a678")))
    table = table_of(only_678, TRIPLET, PAIR)
    assert group("run", "a789") not in table.groups and group("run", "a678") in table.groups
    assert group("run", "b789") in table.groups
    assert not complete("a789 h11", 1, table=table)
    assert complete("a678 h11", 1, table=table)
    assert complete("a888 h11", 1, table=table)


def test_may_join_keeps_a_face_out_of_one_kind_only() -> None:
    """A face flagged off for runs still makes triplets."""
    flags = tuple(face != faces("a5")[0] for face in range(NUM_FACES))
    table = table_of(MeldKind("run", "run", 3, flags), TRIPLET, PAIR)
    assert not complete("a456 h11", 1, table=table)
    assert not complete("a345 h11", 1, table=table)
    assert complete("a555 a789 h11", 2, table=table)


def test_runs_may_choose_between_faces_at_one_position() -> None:
    """Two faces at the same sequence position give a run through either of them."""
    table = MeldTable.build(4, [MeldKind("run", "run", 3)], [0, 0, 0, 0], [1, 2, 3, 2])
    assert [g.faces for g in table.groups] == [(0, 1, 2), (0, 3, 2)]


@pytest.mark.parametrize(
    ("text", "groups", "expected"),
    [
        ("a123 a456 a789 b111 h1", 4, "h1"),
        ("a12 b456 b789 c111 h11", 4, "a3"),
        ("a89 b456 b789 c111 h11", 4, "a7"),
        ("a13 b456 b789 c111 h11", 4, "a2"),
        ("a23 b456 b789 c111 h11", 4, "a1 a4"),
        ("a11 b11 b456 b789 c111", 4, "a1 b1"),
        ("a1112345678999", 4, "a123456789"),
        ("a2345 h111", 2, "a2 a5"),
        ("a123 b55 h1", 2, ""),
    ],
)
def test_completing_faces_of_one_away_hands(text: str, groups: int, expected: str) -> None:
    """Pair waits, edge, middle and two-sided waits, and the nine-sided wait."""
    assert waits(text, groups) == faces(expected)


def test_completing_faces_skip_faces_none_are_left_of() -> None:
    """A face with none available is no wait, however well it fits."""
    available = [4] * NUM_FACES
    available[faces("a1")[0]] = 0
    assert waits("a23 b456 b789 c111 h11", 4, available=available) == faces("a4")


def test_exposed_groups_reduce_the_groups_asked_for() -> None:
    """With two groups exposed, a 7-group shape asks the concealed part for five."""
    concealed = hand("a123 a456 b789 c111 h222 h33")
    assert TABLE.is_complete(concealed, 7 - 2, 1, GROUP_KINDS, PAIR_KINDS)
    assert not TABLE.is_complete(concealed, 7, 1, GROUP_KINDS, PAIR_KINDS)
    assert TABLE.partitions(concealed, 5, 1, GROUP_KINDS, PAIR_KINDS) == [
        make_partition(
            [
                group("run", "a123"),
                group("run", "a456"),
                group("run", "b789"),
                group("triplet", "c111"),
                group("triplet", "h222"),
                group("pair", "h33"),
            ]
        )
    ]


def test_partitions_are_sorted_distinct_and_capped() -> None:
    """Every distinct partition once, in sorted order, at most `limit` of them."""
    counts = hand("a111222333444 h11")
    found = TABLE.partitions(counts, 4, 1, GROUP_KINDS, PAIR_KINDS)
    assert found == sorted(found) and len(found) == len(set(found)) == 3
    assert set(found) == naive_partitions(TABLE, counts, 4, 1)
    capped = TABLE.partitions(counts, 4, 1, GROUP_KINDS, PAIR_KINDS, limit=2)
    assert len(capped) == 2 and set(capped) < set(found)
    assert capped == TABLE.partitions(counts, 4, 1, GROUP_KINDS, PAIR_KINDS, limit=2)
    assert TABLE.partitions(hand("a124 h11"), 1, 1, GROUP_KINDS, PAIR_KINDS) == []


def test_placements_say_where_the_winning_card_sits() -> None:
    """a3 ends the run a123 or starts the run a345; position_of tells which."""
    (only,) = TABLE.partitions(hand("a123345 h11"), 2, 1, GROUP_KINDS, PAIR_KINDS)
    three = faces("a3")[0]
    spots = TABLE.placements(only, three)
    assert [only[i] for i in spots] == [group("run", "a123"), group("run", "a345")]
    assert [only[i].position_of(three) for i in spots] == [2, 0]
    assert TABLE.placements(only, faces("h1")[0]) == [2]


def test_pair_and_group_kinds_are_the_callers_choice() -> None:
    """A kind counts as a group or a pair as the caller says: here two pairs and no groups."""
    assert TABLE.is_complete(hand("a11 b22"), 0, 2, (), ("pair",))
    assert not TABLE.is_complete(hand("a11 b22"), 2, 0, (), ("pair",))
    assert TABLE.is_complete(hand("a11 b22"), 2, 0, ("pair",), ())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: TABLE.is_complete([0] * 29, 1, 1, GROUP_KINDS, PAIR_KINDS), "30 faces"),
        (lambda: TABLE.is_complete(hand("a1"), 1, 1, ("runs",), PAIR_KINDS), "unknown meld kinds"),
        (lambda: TABLE.is_complete(hand("a1"), -1, 1, GROUP_KINDS, PAIR_KINDS), "negative"),
        (lambda: TABLE.is_complete([64] + [0] * 29, 1, 1, GROUP_KINDS, PAIR_KINDS), "at most 63"),
        (lambda: TABLE.is_complete([-1, 2] + [0] * 28, 1, 1, GROUP_KINDS, PAIR_KINDS), "whole numbers"),
        (lambda: MeldKind("x", "line", 3), "shape"),
        (lambda: MeldKind("x", "set", 0), "size"),
        (lambda: MeldTable.build(30, [RUN, RUN], SEQ_GROUP, SEQ_POS), "distinct"),
        (lambda: MeldTable.build(30, [MeldKind("r", "run", 3, (True,))], SEQ_GROUP, SEQ_POS), "may_join"),
    ],
)
def test_mistakes_are_reported_clearly(call, message: str) -> None:  # type: ignore[no-untyped-def]
    """Misuse raises ValueError naming what is wrong."""
    with pytest.raises(ValueError, match=message):
        call()


def test_results_survive_a_cleared_cache() -> None:
    """Clearing the cross-call memo changes speed only."""
    counts = hand("a1112345678999 h1")
    before = TABLE.completing_faces(counts, 4, 1, GROUP_KINDS, PAIR_KINDS)
    TABLE.clear_cache()
    assert TABLE.completing_faces(counts, 4, 1, GROUP_KINDS, PAIR_KINDS) == before


# --- properties -------------------------------------------------------------------------------

TINY_CACHE = table_of(cache_limit=8)
LEGAL_GROUPS = [g for g in TABLE.groups if g.kind in GROUP_KINDS]
LEGAL_PAIRS = [g for g in TABLE.groups if g.kind in PAIR_KINDS]


@st.composite
def built_hands(draw: st.DrawFn, max_groups: int = 7) -> tuple[list[int], int, Partition]:
    """A hand made of random legal groups and one pair, with its generating partition."""
    chosen = draw(st.lists(st.sampled_from(LEGAL_GROUPS), min_size=0, max_size=max_groups))
    pair = draw(st.sampled_from(LEGAL_PAIRS))
    counts = counts_from_faces([f for g in chosen + [pair] for f in g.faces], NUM_FACES)
    return counts, len(chosen), make_partition(chosen + [pair])


def dealt_hands(size: int, faces_from: int = 0, faces_to: int = NUM_FACES) -> st.SearchStrategy[list[int]]:
    """Counts of `size` cards dealt from four copies of faces in a range."""
    deck = [face for face in range(faces_from, faces_to) for _ in range(4)]
    return st.lists(st.sampled_from(range(len(deck))), min_size=size, max_size=size, unique=True).map(
        lambda picks: counts_from_faces([deck[i] for i in picks], NUM_FACES)
    )


@settings(max_examples=300, deadline=None)
@given(built_hands())
def test_built_hands_are_complete_and_their_partition_is_found(case: tuple[list[int], int, Partition]) -> None:
    """A hand made of legal groups and a pair is complete, by the partition that made it among others."""
    counts, groups, partition = case
    assert TABLE.is_complete(counts, groups, 1, GROUP_KINDS, PAIR_KINDS)
    assert partition in TABLE.partitions(counts, groups, 1, GROUP_KINDS, PAIR_KINDS)


@settings(max_examples=150, deadline=None)
@given(built_hands(max_groups=4))
def test_partitions_match_the_naive_search_on_built_hands(case: tuple[list[int], int, Partition]) -> None:
    """The engine finds exactly the partitions a plain recursion finds."""
    counts, groups, _ = case
    found = TABLE.partitions(counts, groups, 1, GROUP_KINDS, PAIR_KINDS)
    assert len(found) == len(set(found)) and set(found) == naive_partitions(TABLE, counts, groups, 1)


@st.composite
def shaped_hands(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """A dealt or a perturbed built hand, with groups and pairs that fit its number of cards."""
    pairs = draw(st.integers(0, 2))
    if draw(st.booleans()):
        counts, groups, _ = draw(built_hands(max_groups=5))
        counts[draw(st.sampled_from([face for face, count in enumerate(counts) if count]))] -= 1
        counts[draw(st.integers(0, NUM_FACES - 1))] += 1
        return counts, groups, 1
    groups = draw(st.integers(0, 4))
    low = draw(st.sampled_from([0, 9, 18, 24]))
    high = min(NUM_FACES, low + draw(st.integers(4, 12)))
    return draw(dealt_hands(3 * groups + 2 * pairs, low, high)), groups, pairs


@settings(max_examples=400, deadline=None)
@given(shaped_hands())
def test_is_complete_agrees_with_partitions(case: tuple[list[int], int, int]) -> None:
    """A hand is complete exactly when it has a partition, and the small cache changes nothing."""
    counts, groups, pairs = case
    expected = naive_partitions(TABLE, counts, groups, pairs)
    assert TABLE.is_complete(counts, groups, pairs, GROUP_KINDS, PAIR_KINDS) == bool(expected)
    assert TINY_CACHE.is_complete(counts, groups, pairs, GROUP_KINDS, PAIR_KINDS) == bool(expected)
    assert set(TABLE.partitions(counts, groups, pairs, GROUP_KINDS, PAIR_KINDS)) == expected


@st.composite
def waiting_hands(draw: st.DrawFn) -> list[int]:
    """A built hand with one of its cards taken out."""
    counts = draw(built_hands())[0]
    counts[draw(st.sampled_from([face for face, count in enumerate(counts) if count]))] -= 1
    return counts


@settings(max_examples=200, deadline=None)
@given(st.one_of(dealt_hands(13, 0, 9), dealt_hands(13, 0, 18), dealt_hands(13), waiting_hands()))
def test_completing_faces_agree_with_trying_every_face(counts: list[int]) -> None:
    """A face is a wait exactly when adding it makes the hand complete."""
    groups = (sum(counts) + 1 - 2) // 3
    available = [max(0, 4 - count) for count in counts]
    expected = []
    for face in range(NUM_FACES):
        grown = counts[:]
        grown[face] += 1
        if available[face] and naive_partitions(TABLE, grown, groups, 1):
            expected.append(face)
    assert TABLE.completing_faces(counts, groups, 1, GROUP_KINDS, PAIR_KINDS, available) == expected
    assert TINY_CACHE.completing_faces(counts, groups, 1, GROUP_KINDS, PAIR_KINDS, available) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, NUM_FACES - 1), max_size=40))
def test_a_hand_packed_from_its_faces_is_the_hand_packed_from_its_counts(faces: list[int]) -> None:
    table = TABLE
    assert table.pack_faces(faces) == table.pack(counts_from_faces(faces, NUM_FACES))
    for groups, pairs in ((len(faces) // 3, len(faces) % 3 // 2), (1, 0), (0, 1)):
        if len(faces) == 3 * groups + 2 * pairs:
            counts = counts_from_faces(faces, NUM_FACES)
            by_counts = table.is_complete(counts, groups, pairs, ["run", "triplet"], ["pair"])
            assert table.is_complete_faces(faces, groups, pairs, ["run", "triplet"], ["pair"]) == by_counts
            # kinds as tuples (as compiled shapes give them) find the plan built for the lists
            assert table.is_complete_faces(faces, groups, pairs, ("run", "triplet"), ("pair",)) == by_counts


def test_a_hand_given_as_faces_is_refused_as_one_given_as_counts() -> None:
    for groups, pairs in ((-1, 1), (1, -1)):
        with pytest.raises(ValueError, match="must not be negative"):
            TABLE.is_complete_faces([0, 1, 2], groups, pairs, ("run",), ("pair",))
    with pytest.raises(ValueError, match="unknown meld kinds"):
        TABLE.is_complete_faces([0, 1, 2], 1, 0, ("sprint",), ("pair",))
    with pytest.raises(ValueError, match="at most"):
        TABLE.is_complete_faces([0] * 300, 1, 0, ("run",), ("pair",))


# ----- sizes in a range, sets of distinct cards sharing a value, a face at two places of its sequence ---
# (a held-out Rummy 500: "3 or more in a row", "3 or 4 of one rank", an ace high or low)


def test_a_kind_with_a_range_of_sizes_lists_every_length():
    runs = MeldKind("run", "run", 3, largest=5)
    table = table_of(runs)
    lengths = sorted({len(g.faces) for g in table.groups})
    assert lengths == [3, 4, 5]
    assert table.is_complete(hand("a1234 b56789"), 2, 0, ("run",), ())
    assert not table.is_complete(hand("a123456"), 1, 0, ("run",), ())  # (six is more than five)
    assert table.is_complete(hand("a123456"), 2, 0, ("run",), ())


def test_a_set_with_same_is_of_distinct_faces_sharing_the_value_not_of_copies():
    rank = tuple(SEQ_POS[f] if f < 27 else -1 for f in range(NUM_FACES))  # a1, b1 and c1 share rank 1
    sets = MeldKind("set", "set", 3, same=rank)
    table = table_of(sets)
    assert {g.faces for g in table.groups} == {(r, 9 + r, 18 + r) for r in range(9)}
    assert table.is_complete(hand("a1 b1 c1"), 1, 0, ("set",), ())
    assert not table.is_complete(hand("a111"), 1, 0, ("set",), ())  # copies of one face are no such set
    assert table_of(MeldKind("set", "set", 2, largest=3, same=rank)).is_complete(
        hand("a1 b1 a2 c2 b2"), 2, 0, ("set",), ()
    )


def test_a_face_at_two_places_of_its_sequence_makes_runs_at_either_end():
    high = [(p, 10) if p == 1 else p for p in SEQ_POS]  # a1 also after a9, as an ace is high or low
    table = MeldTable.build(NUM_FACES, (RUN,), SEQ_GROUP, high)
    assert table.is_complete(hand("a189"), 1, 0, ("run",), ())  # 8, 9, ace high
    assert table.is_complete(hand("a123"), 1, 0, ("run",), ())  # ace low, 2, 3
    assert not TABLE.is_complete(hand("a189"), 1, 0, ("run",), ())  # (without the second place)
    groups = [g.faces for g in table.groups]
    assert len(groups) == len(set(groups))  # (each run once)
    assert (7, 8, 0) in groups and (0, 1, 2) in groups and (8, 0, 1) not in groups  # (no way round the corner)
