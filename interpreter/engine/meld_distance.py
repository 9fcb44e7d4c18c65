"""How far a hand is from a shape: the fewest cards it still lacks.

A hand lacks k cards when k added cards (any others being left over) would
let it form the asked groups and pairs, and no fewer would.  This is what a
draw-and-discard player counts ("two cards from a win"), and search agents
use it to judge hands long before they are complete.

The search mirrors the exact one in `melds.py`: a hand packed a byte per
face, components searched on their own and memoised on their packed counts.
At the lowest face left, either one copy is left over, or it starts a group
or pair of which only some members are in hand (the others are lacking).
Each component answers, for every number of groups and pairs, the most
cards of the hand those groups can use (a short list without dominated
entries); components are then added like knapsack items.  Groups with no
card in hand at all cost their whole size, so a hand can always be counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, islice
from operator import add
from typing import Any

from interpreter.engine.melds import BYTE, GUARD, MeldTable

Frontier = tuple[int, ...]  # per (pairs, groups) cell, the most cards of the hand they can use


def missing_cards(
    table: MeldTable,
    counts: Sequence[int],
    groups: int,
    pairs: int,
    group_kinds: Sequence[str],
    pair_kinds: Sequence[str],
) -> int:
    """The fewest cards to add to `counts` so that `groups` groups and `pairs` pairs can be formed."""
    return missing_packed(table, table.pack(counts), groups, pairs, group_kinds, pair_kinds)


def missing_packed(
    table: MeldTable,
    key: int,
    groups: int,
    pairs: int,
    group_kinds: Sequence[str],
    pair_kinds: Sequence[str],
) -> int:
    """`missing_cards` of a hand already packed (`MeldTable.pack`, or `pack_faces` of its faces)."""
    if groups < 0 or pairs < 0:
        raise ValueError(f"groups and pairs must not be negative (got {groups}, {pairs})")
    return _plan(table, tuple(group_kinds), tuple(pair_kinds), groups, pairs).lacking(key, table.cache_limit)


def useful_faces(
    table: MeldTable,
    counts: Sequence[int],
    groups: int,
    pairs: int,
    group_kinds: Sequence[str],
    pair_kinds: Sequence[str],
    available: Sequence[int] | None = None,
) -> list[int]:
    """The faces whose addition would leave the hand lacking one card fewer (skipping faces with none
    `available`): the draws that help."""
    plan = _plan(table, tuple(group_kinds), tuple(pair_kinds), groups, pairs)
    key = table.pack(counts, room=1)
    helps = plan.helps.get(key)
    if helps is None:
        helps = plan.useful(table, key)
        plan.remember(plan.helps, key, helps, table.cache_limit)
    if available is None:
        return list(helps)
    return [face for face in helps if available[face] > 0]


class _Plan:
    """The searches of one choice of kinds and totals, and what was found for whole hands.

    Besides each hand's answer it keeps, for each component, the best the
    *other* components of that hand can do, keyed by the hand without that
    component: a hand that differs in one component only (the same hand less
    one card, as when each possible discard is judged) then costs one
    component search and one pass over the cells.
    """

    __slots__ = ("searches", "cells", "full", "adding", "hands", "others", "helps", "joined", "_units")

    def __init__(self, searches: tuple, width: int, cells: int, full: int):
        self.searches, self.cells, self.full = searches, cells, full
        self.adding = _add_plan(width, cells)  # which cells `_add` combines, for this shape
        self.hands: dict[int, int] = {}
        self.others: dict[tuple[int, int], Frontier] = {}
        self.helps: dict[int, tuple[int, ...]] = {}  # packed hand: its useful faces
        # two frontiers: the frontier of both together (hands share most of their components' frontiers)
        self.joined: dict[tuple[Frontier, Frontier], Frontier] = {}
        self._units: tuple[tuple[int, int], ...] | None = None

    def lacking(self, key: int, limit: int) -> int:
        """How many cards the packed hand lacks, kept per hand."""
        found = self.hands.get(key)
        if found is None:
            found = self.full - self.most_used(key)
            self.remember(self.hands, key, found, limit)
        return found

    def units(self, table: MeldTable) -> tuple[tuple[int, int], ...]:
        """Each face's search unit, and one copy of the face in that unit's packed counts."""
        if self._units is None:
            order = [face for part in table.components for face in part]  # the packing order
            where = {face: i for i, face in enumerate(order)}
            found = []
            for face in range(table.num_faces):
                bit = 1 << (BYTE * where[face])
                index = next(i for i, (shift, mask, _) in enumerate(self.searches) if bit & (mask << shift))
                found.append((index, bit >> self.searches[index][0]))
            self._units = tuple(found)
        return self._units

    def useful(self, table: MeldTable, key: int) -> tuple[int, ...]:
        """The faces whose one more copy leaves the packed hand lacking one card fewer.

        The best the other units can do is found once per unit (kept in `others`, as `most_used`
        keeps it); each face then costs its own unit's search and one pass over the cells."""
        now = self.lacking(key, table.cache_limit)
        if now == 0:
            return ()
        searches, others = self.searches, self.others
        parts = [(key >> shift) & mask for shift, mask, _ in searches]
        kept = [others.get((index, key & ~(mask << shift))) for index, (shift, mask, _) in enumerate(searches)]
        rests: list[Frontier] = self._rests(key, parts) if None in kept else kept  # type: ignore[assignment]
        need = self.full - now  # a face helps when the hand with it can use more cards than this
        out = []
        for face, (index, bit) in enumerate(self.units(table)):
            if _best_total(searches[index][2](parts[index] + bit), rests[index]) > need:
                out.append(face)
        return tuple(out)

    def _rests(self, key: int, parts: list[int]) -> list[Frontier]:
        """Per unit, the frontier of all the other units of the hand (each also kept in `others`)."""
        found = [search(part) if part else None for part, (_, _, search) in zip(parts, self.searches)]
        limit = self.searches[0][2].limit
        before: list[Frontier | None] = [None]  # the units before k together (None: no cards)
        for f in found[:-1]:
            before.append(self._join(before[-1], f, limit))
        rests: list[Frontier] = []
        after: Frontier | None = None  # the units after k together
        for k in range(len(found) - 1, -1, -1):
            shift, mask, _ = self.searches[k]
            rest = self._join(before[k], after, limit) or _NOTHING[self.cells]
            rests.append(rest)
            self.remember(self.others, (k, key & ~(mask << shift)), rest, limit)
            if k:
                after = self._join(found[k], after, limit)
        return rests[::-1]

    def _join(self, first: Frontier | None, second: Frontier | None, limit: int) -> Frontier | None:
        """`_add` of two frontiers where None stands for no cards at all (adding it changes nothing),
        kept per pair of frontiers."""
        if first is None:
            return second
        if second is None:
            return first
        pair = (first, second)
        both = self.joined.get(pair)
        if both is None:
            both = _add(first, second, self.adding)
            self.remember(self.joined, pair, both, limit)
        return both

    def most_used(self, key: int) -> int:
        """The most cards of the packed hand that the asked groups and pairs can use."""
        parts = [
            (index, (key >> shift) & width, frontier) for index, (shift, width, frontier) in enumerate(self.searches)
        ]
        parts = [(index, part, frontier) for index, part, frontier in parts if part]
        if not parts:
            return 0
        others = self.others
        for index, part, frontier in parts:
            rest = others.get((index, key & ~(self.searches[index][1] << self.searches[index][0])))
            if rest is not None:
                return _best_total(frontier(part), rest)
        index, part, frontier = parts[0]
        rests = self._rests(key, [(key >> shift) & mask for shift, mask, _ in self.searches])
        return _best_total(frontier(part), rests[index])

    @staticmethod
    def remember(table: dict, key: Any, value: Any, limit: int) -> None:
        if len(table) >= limit:
            for old in list(islice(table, len(table) // 2)):
                del table[old]
        table[key] = value


class _Nothing(dict):
    """The frontier of no cards at all, per number of cells."""

    def __missing__(self, cells: int) -> Frontier:
        value = self[cells] = (0,) * cells
        return value


_NOTHING = _Nothing()


def _best_total(first: Frontier, second: Frontier) -> int:
    """The last cell of `_add(first, second)`: the best split of all the groups and pairs.

    Cell i = p * width + g of `first` goes with the cell of `second` holding the rest of the groups
    and pairs, (last_p - p) * width + (last_g - g) = cells - 1 - i: `second` read backwards."""
    return max(0, max(map(add, first, second[::-1])))


def _plan(
    table: MeldTable, group_kinds: tuple[str, ...], pair_kinds: tuple[str, ...], groups: int, pairs: int
) -> _Plan:
    """Per component: its shift, width mask and memoised search; built once per kinds and totals."""
    plans = table._distance_plans
    key = (group_kinds, pair_kinds, groups, pairs)
    plan = plans.get(key)
    if plan is None:
        known = {kind.name: kind.size for kind in table.kinds}
        unknown = sorted(set(group_kinds + pair_kinds) - set(known))
        if unknown:
            raise ValueError(f"unknown meld kinds {unknown}; declared: {sorted(known)}")
        group_size = min((known[k] for k in group_kinds), default=0)
        pair_size = min((known[k] for k in pair_kinds), default=0)
        if (groups and not group_kinds) or (pairs and not pair_kinds):
            raise ValueError("the shape asks for groups or pairs of no kind")
        width = groups + 1
        shift, searches = 0, []
        for component in _search_units(table.components):
            mask = (1 << (BYTE * len(component))) - 1
            search = _component_search(table, component, (group_kinds, pair_kinds), group_size, pair_size, width, pairs)
            searches.append((shift, mask, search))
            shift += BYTE * len(component)
        plan = plans[key] = _Plan(tuple(searches), width, width * (pairs + 1), groups * group_size + pairs * pair_size)
    return plan


def _search_units(components: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """Components searched together: neighbouring one-face components (faces that only make sets)
    share one search of up to 8 faces, so a hand costs fewer combinations; nothing links them, so
    the answer is the same."""
    units: list[tuple[int, ...]] = []
    singles = False  # whether the last unit holds one-face components only
    for component in components:
        if len(component) == 1 and singles and len(units[-1]) < 8:
            units[-1] = units[-1] + component
            continue
        units.append(component)
        singles = len(component) == 1
    return units


def _component_search(
    table: MeldTable,
    component: tuple[int, ...],
    kinds: tuple,
    group_size: int,
    pair_size: int,
    width: int,
    pairs: int,
) -> Any:
    """The memoised frontier function of one component's packed counts."""
    group_kinds, pair_kinds = kinds
    position = {face: i for i, face in enumerate(component)}
    best: dict[tuple[bool, int], int] = {}
    for group in table.groups:
        if group.faces[0] not in position:
            continue
        size = len(group.faces)
        places = [position[f] for f in group.faces]
        for low in set(places):
            later = sorted(p for p in places if p > low)
            for take_low in range(1, places.count(low) + 1):
                for n in range(len(later) + 1):
                    for chosen in set(combinations(later, n)):
                        mask = sum(1 << (BYTE * p) for p in chosen) + take_low * (1 << (BYTE * low))
                        lacking = size - take_low - n
                        for is_group, wanted, unit in ((True, group_kinds, group_size), (False, pair_kinds, pair_size)):
                            saving = unit - lacking
                            if group.kind in wanted and saving > 0 and best.get((is_group, mask), 0) < saving:
                                best[is_group, mask] = saving
    per_face = tuple(
        tuple((g, m, s) for (g, m), s in best.items() if ((m & -m).bit_length() - 1) >> 3 == low)
        for low in range(len(component))
    )
    low_bits = tuple(1 << (BYTE * low) for low in range(len(component)))
    guard = sum(GUARD << (BYTE * i) for i in range(len(component)))
    cells = width * (pairs + 1)
    empty: Frontier = (0,) * cells
    memo: dict[int, Frontier] = {0: empty}
    limit = table.cache_limit
    group_cells = [i for i in range(cells) if i % width]
    pair_cells = list(range(width, cells))

    def frontier(counts: int) -> Frontier:
        """Cell p * width + g: the most cards of `counts` that g groups and p pairs (or fewer) can use."""
        found = memo.get(counts)
        if found is not None:
            return found
        low = ((counts & -counts).bit_length() - 1) >> 3
        used = list(frontier(counts - low_bits[low]))  # one copy of the lowest face left over
        for is_group, mask, saving in per_face[low]:
            rest = (counts | guard) - mask
            if rest & guard != guard:
                continue
            before = frontier(rest ^ guard)
            step = 1 if is_group else width
            for i in group_cells if is_group else pair_cells:
                v = before[i - step] + saving
                if v > used[i]:
                    used[i] = v
        for i in range(1, cells):
            if i % width and used[i - 1] > used[i]:
                used[i] = used[i - 1]
            if i >= width and used[i - width] > used[i]:
                used[i] = used[i - width]
        found = tuple(used)
        if len(memo) >= limit:
            for old in list(islice(memo, len(memo) // 2)):
                del memo[old]
            memo[0] = empty
        memo[counts] = found
        return found

    frontier.limit = limit  # type: ignore[attr-defined]
    return frontier


def _add(first: Frontier, second: Frontier, adding: tuple) -> Frontier:
    """The frontier of two components together (each cell: the best split of its groups and pairs).

    Only the cells where `second` improves on a cell with fewer groups or
    pairs can matter: the others are beaten by spending fewer groups.  Which
    cells combine is worked out once per shape (`_add_plan`)."""
    out = list(first)
    for j, fewer_groups, fewer_pairs, pairs in adding:
        b = second[j]
        if (
            not b
            or (fewer_groups >= 0 and second[fewer_groups] >= b)
            or (fewer_pairs >= 0 and second[fewer_pairs] >= b)
        ):
            continue
        for i, k in pairs:
            v = first[i] + b
            if v > out[k]:
                out[k] = v
    return tuple(out)


def _add_plan(width: int, cells: int) -> tuple:
    """Per cell j of the second frontier: the cells with one group and one pair fewer (-1: none), and
    every (i, i + j) whose groups and pairs together stay within the shape."""
    plan = []
    for j in range(1, cells):
        jg = j % width
        pairs = tuple((i, i + j) for i in range(cells - (j - jg)) if i % width + jg < width)
        plan.append((j, j - 1 if jg else -1, j - width if j >= width else -1, pairs))
    return tuple(plan)
