"""Meld engine: split a hand, given as counts per face, into declared groups and pairs.

A ruleset declares meld kinds (runs of consecutive faces, sets of equal
faces); `MeldTable.build` lists every legal group once, so play time is
integer arithmetic only. A hand is packed into one integer, a byte per face
whose top bit is a guard: subtracting a group's mask borrows from a guard
exactly when some count would go below zero. Faces that no group links form
independent components; each component answers which (groups, pairs) totals
it can make as an *outcome mask* (bit `groups * STRIDE + pairs`), memoised on
its packed counts and kept across calls (components of the same shape share
one memo), and the components' masks are added.

Wild faces are not handled yet. They fit this design as a wild count kept out
of the packed hand, options that fill some of a group's faces with wilds
(`Group` would then record which), and outcomes indexed by wilds used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import total_ordering
from itertools import combinations, islice, product
from operator import itemgetter
from typing import Literal, NamedTuple

from interpreter.base.records import dataclass, field

BYTE = 8
GUARD = 0x80
STRIDE = 64
MAX_HAND = STRIDE - 1
DEFAULT_CACHE_LIMIT = 32_768  # outcomes remembered per component shape; full within a few thousand deals

AllowIf = Callable[[tuple[int, ...]], bool]
Reach = Callable[[int], int]


@dataclass(frozen=True)
class MeldKind:
    """A declared meld kind: `size` consecutive faces of one sequence, or `size` equal faces; with
    `largest`, any size from `size` to `largest`; with `same`, a set is of distinct faces that share
    a value (one per face, -1 for none: a rank), not of copies of one face."""

    name: str
    shape: Literal["run", "set"]
    size: int
    may_join: tuple[bool, ...] | None = None
    allow_if: AllowIf | None = field(default=None, kw_only=True, compare=False)
    largest: int = field(default=0, kw_only=True)  # (0: `size` only)
    same: tuple[int, ...] | None = field(default=None, kw_only=True, compare=False)

    def __post_init__(self) -> None:
        """Reject shapes and sizes no hand could use."""
        if self.shape not in ("run", "set"):
            raise ValueError(f"meld kind {self.name!r}: shape must be 'run' or 'set', not {self.shape!r}")
        if not 1 <= self.size < GUARD:
            raise ValueError(f"meld kind {self.name!r}: size must be 1..{GUARD - 1}, not {self.size}")
        if self.largest and not self.size <= self.largest < GUARD:
            raise ValueError(f"meld kind {self.name!r}: its largest size must be {self.size}..{GUARD - 1}")

    @property
    def sizes(self) -> range:
        return range(self.size, max(self.size, self.largest) + 1)


@total_ordering
@dataclass(frozen=True)
class Group:
    """One meld in a partition: its kind's name and its faces (a run in sequence order)."""

    kind: str
    faces: tuple[int, ...]

    def position_of(self, face: int) -> int:
        """Index of `face` in this group (the first, for a set): a run's end, middle or start."""
        return self.faces.index(face)

    def __lt__(self, other: Group) -> bool:
        """Order by faces first, so a sorted partition reads from the lowest face up."""
        return (self.faces, self.kind) < (other.faces, other.kind)


Partition = tuple[Group, ...]


class _Option(NamedTuple):
    """One way to use the lowest face: a group counted as a group or as a pair."""

    is_group: bool
    mask: int
    group: Group


@dataclass(frozen=True, eq=False)
class _Search:
    """Memoised search over one component for one choice of group and pair kinds."""

    shift: int
    width_mask: int
    guard: int
    options: tuple[tuple[_Option, ...], ...]
    reach: Reach
    memo: dict[int, int]

    def counts_of(self, key: int) -> int:
        """This component's packed counts inside a whole packed hand."""
        return (key >> self.shift) & self.width_mask


def counts_from_faces(faces: Iterable[int], num_faces: int) -> list[int]:
    """Counts per face of a hand given as a list of faces."""
    counts = [0] * num_faces
    for face in faces:
        counts[face] += 1
    return counts


def make_partition(groups: Iterable[Group]) -> Partition:
    """The canonical (sorted) form of a partition, as `MeldTable.partitions` returns it."""
    return tuple(sorted(groups))


def _add_outcomes(first: int, second: int) -> int:
    """Every sum of a total from `first` and a total from `second` (both outcome masks)."""
    result = 0
    while second:
        low = second & -second
        result |= first * low
        second ^= low
    return result


def _check_totals(groups: int, pairs: int) -> None:
    """Reject negative totals (more groups exposed than the shape has, say)."""
    if groups < 0 or pairs < 0:
        raise ValueError(f"groups and pairs must not be negative (got {groups}, {pairs})")


def _has_outcome(outcomes: int, groups: int, pairs: int) -> bool:
    """Whether the outcome mask contains exactly `groups` groups and `pairs` pairs."""
    return pairs < STRIDE and (outcomes >> (groups * STRIDE + pairs)) & 1 == 1


def _needed_outcomes(others: int, groups: int, pairs: int) -> int:
    """The outcome mask one component must meet so that, with `others`, the totals are exact."""
    needed = 0
    for bit in _bits(others):
        other_groups, other_pairs = divmod(bit, STRIDE)
        if other_groups <= groups and other_pairs <= pairs:
            needed |= 1 << ((groups - other_groups) * STRIDE + pairs - other_pairs)
    return needed


def _make_reach(
    guard: int,
    group_masks: Sequence[tuple[int, ...]],
    pair_masks: Sequence[tuple[int, ...]],
    memo: dict[int, int],
    limit: int,
) -> Reach:
    """Build the memoised outcome function of one component (depth-first on its lowest face)."""

    def reach(counts: int) -> int:
        """Outcome mask of packed `counts`: which (groups, pairs) use every card exactly."""
        found = memo.get(counts)
        if found is not None:
            return found
        position = ((counts & -counts).bit_length() - 1) >> 3
        found = 0
        for mask in group_masks[position]:
            rest = (counts | guard) - mask
            if rest & guard == guard:
                found |= reach(rest ^ guard) << STRIDE
        for mask in pair_masks[position]:
            rest = (counts | guard) - mask
            if rest & guard == guard:
                found |= reach(rest ^ guard) << 1
        if len(memo) >= limit:  # forget the older half: memory stays flat, recent hands stay warm
            for key in list(islice(memo, len(memo) // 2)):
                del memo[key]
            memo[0] = 1
        memo[counts] = found
        return found

    return reach


Position = int | tuple[int, ...]  # a face's place in its sequence, or its places (an ace low and high)


def _legal_runs(kind: MeldKind, seq_group: Sequence[int], seq_pos: Sequence[Position]) -> Iterator[tuple[int, ...]]:
    """Every run of `kind`: faces of one sequence group at consecutive positions (a face with several
    positions may stand at any one of them)."""
    at: dict[tuple[int, int], list[int]] = {}
    for face, (group, position) in enumerate(zip(seq_group, seq_pos)):
        if group >= 0:
            for p in (position,) if isinstance(position, int) else position:
                at.setdefault((group, p), []).append(face)
    for group, start in sorted(at):
        for size in kind.sizes:
            slots = [at.get((group, start + step), []) for step in range(size)]
            yield from product(*slots)


def _legal_sets(kind: MeldKind, num_faces: int) -> Iterator[tuple[int, ...]]:
    """Every set of `kind`: copies of one face, or (`same`) distinct faces sharing a value."""
    if kind.same is None:
        for face in range(num_faces):
            for size in kind.sizes:
                yield (face,) * size
        return
    sharing: dict[int, list[int]] = {}
    for face, value in enumerate(kind.same):
        if value >= 0:
            sharing.setdefault(value, []).append(face)
    for faces in sharing.values():
        for size in kind.sizes:
            yield from combinations(faces, size)


def _legal_groups(kind: MeldKind, num_faces: int, seq_group: Sequence[int], seq_pos: Sequence[Position]) -> list[Group]:
    """Every group of `kind` that its `may_join` flags and `allow_if` filter accept (each once)."""
    candidates = _legal_runs(kind, seq_group, seq_pos) if kind.shape == "run" else _legal_sets(kind, num_faces)
    joins = kind.may_join or (True,) * num_faces
    if len(joins) != num_faces:
        raise ValueError(f"meld kind {kind.name!r}: may_join has {len(joins)} flags for {num_faces} faces")
    if kind.same is not None and len(kind.same) != num_faces:
        raise ValueError(f"meld kind {kind.name!r}: same has {len(kind.same)} values for {num_faces} faces")
    found = dict.fromkeys(
        faces
        for faces in candidates
        if all(joins[face] for face in faces) and (kind.allow_if is None or kind.allow_if(faces))
    )
    return [Group(kind.name, faces) for faces in found]


def _components(num_faces: int, groups: Sequence[Group]) -> list[list[int]]:
    """Faces linked by some group, as sorted lists ordered by their lowest face."""
    root = list(range(num_faces))

    def find(face: int) -> int:
        """The representative of `face`'s component (with path halving)."""
        while root[face] != face:
            root[face] = root[root[face]]
            face = root[face]
        return face

    for group in groups:
        for face in group.faces[1:]:
            root[find(face)] = find(group.faces[0])
    members: dict[int, list[int]] = {}
    for face in range(num_faces):
        members.setdefault(find(face), []).append(face)
    return sorted(members.values())


def _packer(order: Sequence[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A fast function that reorders a counts vector so each component is contiguous."""
    if len(order) == 1:
        return lambda counts: (counts[order[0]],)
    return itemgetter(*order)


@dataclass(frozen=True)
class MeldTable:
    """Every legal group of a ruleset's meld kinds, and the searches over hands built on them."""

    num_faces: int
    kinds: tuple[MeldKind, ...]
    groups: tuple[Group, ...]
    groups_by_low_face: tuple[tuple[Group, ...], ...]
    components: tuple[tuple[int, ...], ...]
    cache_limit: int = DEFAULT_CACHE_LIMIT
    _plans: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[_Search, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _distance_plans: dict = field(default_factory=dict, repr=False, compare=False)  # meld_distance.py
    _reorder: Callable[[Sequence[int]], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _component_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _place_of: tuple[int, ...] = field(init=False, repr=False, compare=False)  # a face's 1 in a packed hand
    _bit_of: tuple[int, ...] = field(init=False, repr=False, compare=False)

    @classmethod
    def build(
        cls,
        num_faces: int,
        kinds: Sequence[MeldKind],
        seq_group: Sequence[int],
        seq_pos: Sequence[Position],
        *,
        cache_limit: int = DEFAULT_CACHE_LIMIT,
    ) -> MeldTable:
        """List every legal group of `kinds` and the components they link."""
        if len(seq_group) != num_faces or len(seq_pos) != num_faces:
            raise ValueError(f"seq_group and seq_pos need one entry per face ({num_faces})")
        names = [kind.name for kind in kinds]
        if len(set(names)) != len(names):
            raise ValueError(f"meld kind names must be distinct: {names}")
        groups = [group for kind in kinds for group in _legal_groups(kind, num_faces, seq_group, seq_pos)]
        by_low: list[list[Group]] = [[] for _ in range(num_faces)]
        for group in groups:
            by_low[min(group.faces)].append(group)
        return cls(
            num_faces,
            tuple(kinds),
            tuple(groups),
            tuple(map(tuple, by_low)),
            tuple(map(tuple, _components(num_faces, groups))),
            cache_limit,
        )

    def __post_init__(self) -> None:
        """Derive the packing order and each face's component and bit within it."""
        component_of, bit_of = [0] * self.num_faces, [0] * self.num_faces
        place_of, offset = [0] * self.num_faces, 0
        for index, component in enumerate(self.components):
            for position, face in enumerate(component):
                component_of[face], bit_of[face] = index, 1 << (BYTE * position)
                place_of[face] = 1 << (BYTE * (offset + position))
            offset += len(component)
        object.__setattr__(self, "_place_of", tuple(place_of))
        object.__setattr__(self, "_reorder", _packer([face for part in self.components for face in part]))
        object.__setattr__(self, "_component_of", tuple(component_of))
        object.__setattr__(self, "_bit_of", tuple(bit_of))

    def clear_cache(self) -> None:
        """Forget every memoised outcome, keeping the compiled plans (for cold-start measurements)."""
        for searches in self._plans.values():
            for search in searches:
                search.memo.clear()
                search.memo[0] = 1

    def pack(self, counts: Sequence[int], room: int = 0) -> int:
        """The hand as one integer: a byte per face, components contiguous, `room` cards to spare."""
        if len(counts) != self.num_faces:
            raise ValueError(f"counts has {len(counts)} entries for {self.num_faces} faces")
        if sum(counts) + room > MAX_HAND:
            raise ValueError(f"a hand may hold at most {MAX_HAND} cards")
        try:
            return int.from_bytes(bytes(self._reorder(counts)), "little")
        except ValueError:
            raise ValueError(f"counts must be whole numbers 0..{MAX_HAND}: {list(counts)}") from None

    def is_complete(
        self, counts: Sequence[int], groups: int, pairs: int, group_kinds: Sequence[str], pair_kinds: Sequence[str]
    ) -> bool:
        """Whether the whole hand splits into exactly `groups` groups and `pairs` pairs."""
        return self._complete(self.pack(counts), groups, pairs, group_kinds, pair_kinds)

    def pack_faces(self, faces: Sequence[int]) -> int:
        """`pack` of the counts of a hand given as its faces, without building the counts: the sum of
        each face's place (a hand of at most MAX_HAND cards cannot carry from one face into the next)."""
        if len(faces) > MAX_HAND:
            raise ValueError(f"a hand may hold at most {MAX_HAND} cards")
        return sum(map(self._place_of.__getitem__, faces))

    def is_complete_faces(
        self, faces: Sequence[int], groups: int, pairs: int, group_kinds: Sequence[str], pair_kinds: Sequence[str]
    ) -> bool:
        """`is_complete` of a hand given as its faces."""
        return self._complete(self.pack_faces(faces), groups, pairs, group_kinds, pair_kinds)

    def _complete(
        self, key: int, groups: int, pairs: int, group_kinds: Sequence[str], pair_kinds: Sequence[str]
    ) -> bool:
        if groups < 0 or pairs < 0:
            _check_totals(groups, pairs)
        try:  # kinds given as tuples (as compiled shapes give them): the plan by one look-up
            searches = self._plans[group_kinds, pair_kinds]  # type: ignore[index]
        except (KeyError, TypeError):  # (first time, or kinds given as lists)
            searches = self._plan(group_kinds, pair_kinds)
        return _has_outcome(self._outcomes(searches, key), groups, pairs)

    def completing_faces(
        self,
        counts: Sequence[int],
        groups: int,
        pairs: int,
        group_kinds: Sequence[str],
        pair_kinds: Sequence[str],
        available: Sequence[int] | None = None,
    ) -> list[int]:
        """Faces whose addition completes the hand, skipping faces with none `available`."""
        _check_totals(groups, pairs)
        searches = self._plan(group_kinds, pair_kinds)
        key = self.pack(counts, room=1)
        parts = [search.counts_of(key) for search in searches]
        others = _outcomes_without_each([search.reach(part) for search, part in zip(searches, parts)])
        waits = []
        for index, (search, part) in enumerate(zip(searches, parts)):
            needed = _needed_outcomes(others[index], groups, pairs)
            if needed:
                waits += [
                    face
                    for face in self.components[index]
                    if (available is None or available[face] > 0) and search.reach(part + self._bit_of[face]) & needed
                ]
        return sorted(waits)

    def partitions(
        self,
        counts: Sequence[int],
        groups: int,
        pairs: int,
        group_kinds: Sequence[str],
        pair_kinds: Sequence[str],
        limit: int = 10_000,
    ) -> list[Partition]:
        """Every distinct partition into `groups` groups and `pairs` pairs, sorted, at most `limit`."""
        _check_totals(groups, pairs)
        searches = self._plan(group_kinds, pair_kinds)
        key = self.pack(counts)
        if not _has_outcome(self._outcomes(searches, key), groups, pairs):
            return []
        parts = [(search, search.counts_of(key)) for search in searches]
        found = islice(_combine(parts, groups, pairs), limit)
        return sorted({make_partition(groups_used) for groups_used in found})

    def least_left(self, faces: Sequence[int], weights: Sequence[int], group_kinds: Sequence[str]) -> list[int]:
        """The faces left over by the split of `faces` into any number of groups of `group_kinds` that
        leaves the least total weight (each face's weight from `weights`, one per face given), then the
        fewest cards: a Rummy hand's deadwood.  A search over the hand's sub-hands (a few thousand for
        thirteen cards), each memoised."""
        weight = dict(zip(faces, weights))
        kinds = set(group_kinds)
        counts = [0] * self.num_faces
        for face in faces:
            counts[face] += 1
        memo: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}

        def best(key: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
            found = memo.get(key)
            if found is not None:
                return found
            low = next((f for f, n in enumerate(key) if n), None)
            if low is None:
                return (0, 0, ())
            rest = list(key)
            rest[low] -= 1
            cost, n, left = best(tuple(rest))
            choice = (cost + weight[low], n + 1, (low, *left))
            for group in self.groups_by_low_face[low]:
                if group.kind not in kinds:
                    continue
                rest = list(key)
                for face in group.faces:
                    rest[face] -= 1
                if any(rest[face] < 0 for face in group.faces):
                    continue
                option = best(tuple(rest))
                if option[:2] < choice[:2]:
                    choice = option
            memo[key] = choice
            return choice

        return list(best(tuple(counts))[2])

    @staticmethod
    def placements(partition: Partition, face: int) -> list[int]:
        """Indices of the groups in `partition` that contain `face`: where the winning card may sit."""
        return [index for index, group in enumerate(partition) if face in group.faces]

    @staticmethod
    def _outcomes(searches: tuple[_Search, ...], key: int) -> int:
        """Outcome mask of a whole packed hand; 0 as soon as one component is hopeless."""
        total = 1
        for search in searches:
            counts = (key >> search.shift) & search.width_mask  # counts_of, inlined: the hot loop
            if counts:
                found = search.reach(counts)
                if not found:
                    return 0
                total = _add_outcomes(total, found)
        return total

    def _plan(self, group_kinds: Sequence[str], pair_kinds: Sequence[str]) -> tuple[_Search, ...]:
        """The component searches for this choice of group and pair kinds, built once."""
        plan_key = (tuple(group_kinds), tuple(pair_kinds))
        searches = self._plans.get(plan_key)
        if searches is None:
            searches = self._plans[plan_key] = self._build_plan(*plan_key)
        return searches

    def _build_plan(self, group_kinds: tuple[str, ...], pair_kinds: tuple[str, ...]) -> tuple[_Search, ...]:
        """Compile each component's options at each of its faces into masks."""
        known = {kind.name for kind in self.kinds}
        unknown = sorted(set(group_kinds + pair_kinds) - known)
        if unknown:
            raise ValueError(f"unknown meld kinds {unknown}; declared: {sorted(known)}")
        shift, searches = 0, []
        shared: dict[tuple[object, ...], tuple[Reach, dict[int, int]]] = {}
        for component in self.components:
            searches.append(self._build_search(component, shift, group_kinds, pair_kinds, shared))
            shift += BYTE * len(component)
        return tuple(searches)

    def _build_search(
        self,
        component: tuple[int, ...],
        shift: int,
        group_kinds: tuple[str, ...],
        pair_kinds: tuple[str, ...],
        shared: dict[tuple[object, ...], tuple[Reach, dict[int, int]]],
    ) -> _Search:
        """One component's options per face; components of the same shape share one memo."""
        options: list[list[_Option]] = [[] for _ in component]
        for position, face in enumerate(component):
            for group in self.groups_by_low_face[face]:
                mask = sum(self._bit_of[member] for member in group.faces)
                if group.kind in group_kinds:
                    options[position].append(_Option(True, mask, group))
                if group.kind in pair_kinds:
                    options[position].append(_Option(False, mask, group))
        guard = sum(GUARD << (BYTE * position) for position in range(len(component)))
        group_masks = tuple(tuple(dict.fromkeys(o.mask for o in opts if o.is_group)) for opts in options)
        pair_masks = tuple(tuple(dict.fromkeys(o.mask for o in opts if not o.is_group)) for opts in options)
        if (group_masks, pair_masks) not in shared:
            memo = {0: 1}
            shared[group_masks, pair_masks] = _make_reach(guard, group_masks, pair_masks, memo, self.cache_limit), memo
        reach, memo = shared[group_masks, pair_masks]
        return _Search(shift, (1 << (BYTE * len(component))) - 1, guard, tuple(map(tuple, options)), reach, memo)


def _outcomes_without_each(outcomes: list[int]) -> list[int]:
    """For each component, the outcome mask of all the other components together."""
    before, after = [1], [1]
    for found in outcomes:
        before.append(_add_outcomes(before[-1], found))
    for found in reversed(outcomes):
        after.append(_add_outcomes(after[-1], found))
    after.reverse()
    return [_add_outcomes(before[i], after[i + 1]) for i in range(len(outcomes))]


def _combine(parts: list[tuple[_Search, int]], groups: int, pairs: int) -> Iterator[list[Group]]:
    """Partitions of all components together, splitting the totals between them."""
    if not parts:
        if groups == pairs == 0:
            yield []
        return
    (search, counts), rest = parts[0], parts[1:]
    rest_outcomes = 1
    for other, other_counts in rest:
        rest_outcomes = _add_outcomes(rest_outcomes, other.reach(other_counts))
    found = search.reach(counts)
    for bit in _bits(found):
        here_groups, here_pairs = divmod(bit, STRIDE)
        if here_groups > groups or here_pairs > pairs:
            continue
        if not _has_outcome(rest_outcomes, groups - here_groups, pairs - here_pairs):
            continue
        for here in _component_partitions(search, counts, here_groups, here_pairs, -1, 0):
            for tail in _combine(rest, groups - here_groups, pairs - here_pairs):
                yield here + tail


def _component_partitions(
    search: _Search, counts: int, groups: int, pairs: int, last_position: int, first_option: int
) -> Iterator[list[Group]]:
    """Partitions of one component; options at a face are taken in order so each appears once."""
    if not counts:
        yield []
        return
    position = ((counts & -counts).bit_length() - 1) >> 3
    options = search.options[position]
    start = first_option if position == last_position else 0
    for index in range(start, len(options)):
        is_group, mask, group = options[index]
        need_groups, need_pairs = (groups - 1, pairs) if is_group else (groups, pairs - 1)
        rest = (counts | search.guard) - mask
        if need_groups < 0 or need_pairs < 0 or rest & search.guard != search.guard:
            continue
        rest ^= search.guard
        if not _has_outcome(search.reach(rest), need_groups, need_pairs):
            continue
        for tail in _component_partitions(search, rest, need_groups, need_pairs, position, index):
            yield [group] + tail


def _bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
