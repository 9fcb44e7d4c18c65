"""Repairs of search samples, and what they teach the samples after them.

A sample (agents/determinize.py) re-deals the cards a seat never saw and
replays the deal; when a recorded decision is illegal in it (a void that a
follow rule revealed, a declaration only the holder of a card may make),
`Repairs.repair` finds swaps of hidden cards that make it legal, and the
sample is replayed again.  What a repair shows is learned for the rest of
the search: a card the seat could not have held is kept out of its hand
(`avoid`), a card it must have held is dealt to it (`pins`), before each
later sample replays (`Repairs.teach`).  Every lesson comes from samples,
which know only what the seat saw, and the replay still checks every
sample, so a lesson makes samples cheaper, never less true.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from interpreter.engine.state import GameState


class Repairs:
    """The repairs of one search's samples (`free`: the deck positions of the deal's shuffle whose
    cards the seat never saw, the only ones a lesson moves; `later`: those of the deal's later
    shuffles, by position, with the shuffle's number: a repair swaps two cards of one shuffle;
    `late()`: the sampler's time is up, so a repair gives up)."""

    def __init__(
        self,
        rs: Any,
        rng: random.Random,
        free: list[int],
        later: dict[int, int] | None = None,
        late: Callable[[], bool] = lambda: False,
    ):
        self.rs, self.rng, self.late = rs, rng, late
        self.free, self.free_set = free, set(free)
        self.pool = dict.fromkeys(free, -1)  # a position's shuffle: -1 the deal's, k its k-th later one
        self.pool.update(later or {})
        # (deck positions, a face none of them may hold, the free positions outside them): a face a
        # seat's recorded decision showed it could not have held
        self.avoid: list[tuple[frozenset[int], int, list[int]]] = []
        # (deck positions, a face one of them must hold): a card a seat's recorded decision showed it
        # held (the one card it could not have made it without), brought in by a repair
        self.pins: list[tuple[tuple[int, ...], int]] = []
        self.climb = 40  # tries of `_closer` (the sampler's `nearer`)
        self.nobodys_first = False  # (`_first`: set where replays are careful)
        self.swapped: set[int] = set()  # the deck positions the sample's repairs swapped so far (`_first`)

    def teach(self, order: list) -> None:
        """A new deal (`order`: the faces by deck position) with what repairs learned applied."""
        self._pinned(order)
        self._avoided(order)

    def _avoided(self, order: list) -> None:
        """Move each face a repair showed a seat could not hold out of that seat's positions, to a
        free position outside them chosen at random: the deal stays uniform among those that keep
        the face out, and the replay need not fail on it again."""
        rng = self.rng
        for positions, face, outside in self.avoid:
            for p in positions:
                if order[p] == face:
                    q = outside[int(rng.random() * len(outside))]
                    order[p], order[q] = order[q], face

    def _pinned(self, order: list) -> None:
        """Bring each face a repair showed a seat held into one of that seat's positions (chosen at
        random) from wherever the deal put it among the free positions, when none of them has it."""
        rng, free = self.rng, self.free
        for positions, face in self.pins:
            if any(order[p] == face for p in positions):
                continue
            there = [q for q in free if order[q] == face]
            if there:
                p = positions[int(rng.random() * len(positions))]
                q = there[int(rng.random() * len(there))]
                order[p], order[q] = face, order[p]

    def _learn(
        self,
        world: GameState,
        test: Callable[[GameState], Any],
        at: tuple[int, int],
        via: tuple[int, int],
        others: list,
    ) -> None:
        """After a repair swapped the face at `at` (a seat's hidden card) for the one at `via`: if
        the seat's decision is also legal with each of three other hidden cards, drawn at random, in
        its place, the face that left was what made it illegal, so later samples keep it out of the
        seat's hidden positions (`avoid`); if it is legal with none of the other hidden faces, the
        face brought in is one the seat held, and later samples give it one (`pins`)."""
        z, i = at
        face, brought = world.zones[z][i], world.zones[via[0]][via[1]]
        thirds = [(z2, i2) for z2, i2 in others if world.zones[z2][i2] not in (face, brought)]
        if len(thirds) < 3:
            return

        def holds_with(third: tuple[int, int]) -> bool:
            trial = world.clone()
            trial.zones[z][i], trial.zones[third[0]][third[1]] = trial.zones[third[0]][third[1]], face
            return holds(trial, test)

        tried = [holds_with(t) for t in self.rng.sample(thirds, 3)]
        if all(tried):
            self._keep_out(world, z, face)
        elif not any(tried):
            by_face = {world.zones[z2][i2]: (z2, i2) for z2, i2 in thirds}
            if not any(holds_with(t) for t in by_face.values()):
                positions = tuple(m >> 8 for m in world.meta[z] if (m >> 8) in self.free_set)
                if len(self.pins) < 16 and positions and (positions, brought) not in self.pins:
                    self.pins.append((positions, brought))

    def _keep_out(self, world: GameState, z: int, face: int) -> None:
        """Later samples keep `face` out of the hidden positions zone `z` holds now (`avoid`)."""
        positions = frozenset(m >> 8 for m in world.meta[z] if (m >> 8) in self.free_set)
        if len(self.avoid) >= 64 or any(f == face and p == positions for p, f, _ in self.avoid):
            return
        outside = [p for p in self.free if p not in positions]
        if outside:
            self.avoid.append((positions, face, outside))

    def _first(self, world: GameState, places: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Places (zone, index) in the order a repair tries them: with `nobodys_first`, the cards an
        earlier repair of the sample moved (`swapped`) last, and before the others the cards in zones no
        seat owns (a stock), as they were: a card nobody held mattered to fewer of the decisions
        before (a seat's hand was asked for a rank; the stock only gave its top), and a repair that
        undoes an earlier one makes the sample go round in circles."""
        if not self.nobodys_first:
            return places
        meta = world.meta
        return sorted(places, key=lambda at: self._later(meta[at[0]][at[1]] >> 8, at[0]))

    def _later(self, p: int, z: int) -> tuple[bool, bool]:
        """How late a repair tries the card at deck position `p` in zone `z`: after the cards an earlier
        repair swapped, and after the cards of zones no seat owns (`_first`)."""
        return p in self.swapped, self.rs.zone_owner[z] >= 0

    def repair(
        self, world: GameState, seat: int, test: Callable[[GameState], Any], kind: int | None = None
    ) -> list[tuple[int, int]] | None:
        """Swaps of deck positions that let `seat` make its recorded decision (`test` holds), if any:
        first the cards the decision's rule offered instead (`_by_alternatives`), else one of
        the seat's hidden cards swapped with another hidden card."""
        rs = world.rs
        pool = self.pool
        mine: list[tuple[int, int]] = []
        others: list[tuple[int, int]] = []
        for z in range(rs.zone_count):
            owned = rs.zone_owner[z] == seat
            for i, m in enumerate(world.meta[z]):
                if (m >> 8) in pool:
                    (mine if owned else others).append((z, i))

        def same(a: tuple[int, int], b: tuple[int, int]) -> bool:  # two cards of one shuffle
            return pool[world.meta[a[0]][a[1]] >> 8] == pool[world.meta[b[0]][b[1]] >> 8]

        if kind is not None and kind >= 0:  # (a pick towards a choice of several has no alternatives here)
            swaps = self._by_alternatives(world, test, kind, mine, others, same)
            if swaps is not None:
                return swaps
        if not mine or not others:
            return None
        self.rng.shuffle(mine)
        # a card of the seat's that must go (each with a few others), then a card that must come
        # (each face among the others, with one of the seat's cards)
        mine = self._first(world, mine)
        tries = [(at, via) for at in mine for via in self._first(world, self.rng.sample(others, min(6, len(others))))]
        faces: dict[int, tuple[int, int]] = {}
        for via in self._first(world, self.rng.sample(others, len(others))):
            faces.setdefault(world.zones[via[0]][via[1]], via)
        tries += [(self.rng.choice(mine), via) for via in faces.values()]
        for (z, i), (z2, i2) in tries:
            if world.zones[z2][i2] == world.zones[z][i] or not same((z, i), (z2, i2)):
                continue
            if self.late():
                return None
            trial = world.clone()
            trial.zones[z][i], trial.zones[z2][i2] = trial.zones[z2][i2], trial.zones[z][i]
            if holds(trial, test):
                if pool[world.meta[z][i] >> 8] < 0:  # (lessons are of the deal's own cards)
                    self._learn(world, test, (z, i), (z2, i2), others)
                return [(world.meta[z][i] >> 8, world.meta[z2][i2] >> 8)]
        return None

    def _by_alternatives(
        self,
        world: GameState,
        test: Callable[[GameState], Any],
        kind: int,
        mine: list,
        others: list,
        same: Callable[[tuple[int, int], tuple[int, int]], bool],
    ) -> list[tuple[int, int]] | None:
        """A recorded card the rules refuse in the sample, where they offer the seat's other hidden
        cards instead (a follow rule: the seat showed it held none of them): swap every card offered
        out for another hidden card at random, and again (up to six rounds) for what the rules offer
        then, a card brought in among it (the seat could have played it instead) or a card the seat
        could play only holding nothing else; once the decision is legal, swap them back in one by
        one where it stays legal without them.  Each card that had to stay out is one the seat could
        not hold, which later samples keep out of its hand (`avoid`).  None when that does not make
        it legal.  A recorded decision that takes no card (a draw, allowed only to a seat that cannot
        play) is refused for the cards the rules offer in its other moves (every card it could play):
        those are swapped out the same way."""
        rs = self.rs
        same_kind = rs.actions[kind].param_kind == "card"
        trial = world.clone()
        given: dict[tuple[int, int], tuple[int, int]] = {}  # the seat's position -> the one swapped in
        taken: set[tuple[int, int]] = set()  # positions swapped in once (not again)
        refused: set = set()  # faces the rules offered instead of the recorded card

        def swap(a: tuple[int, int], b: tuple[int, int]) -> None:
            trial.zones[a[0]][a[1]], trial.zones[b[0]][b[1]] = trial.zones[b[0]][b[1]], trial.zones[a[0]][a[1]]

        for rounds in range(7):
            if holds(trial, test):
                break
            if rounds == 6 or self.late():
                return None
            try:
                legal = trial.legal_actions()
            except Exception:  # a sample in which the seat has no move (its hand swapped away): none
                return None
            offered = {
                a.value
                for a in legal
                if (a.kind == kind if same_kind else a.kind >= 0 and rs.card_valued[a.kind])
                and not isinstance(a.value, tuple)
            }
            refused |= offered
            culprits = [p for p in mine if trial.zones[p[0]][p[1]] in offered]
            if not culprits:
                return None
            spare = [q for q in others if q not in taken and world.zones[q[0]][q[1]] not in refused]
            if len(spare) < len(culprits):
                return None
            chosen = self.rng.sample(spare, len(culprits))
            if not all(map(same, culprits, chosen)):  # each with a card of its own shuffle instead
                self.rng.shuffle(spare)
                chosen = []
                for p in culprits:
                    q = next((q for q in spare if q not in chosen and same(p, q)), None)
                    if q is None:
                        return None
                    chosen.append(q)
            for p, q in zip(culprits, chosen):
                if p in given:
                    swap(p, given[p])  # the card brought in before goes back
                swap(p, q)
                given[p] = q
                taken.add(q)
        pairs = list(given.items())  # disjoint swaps: they commute
        self.rng.shuffle(pairs)
        kept = []
        for p, q in pairs:
            if self.late():  # no time to try it back in: it stays out, and nothing is learned from it
                kept.append((p, q))
                continue
            swap(p, q)  # back in
            if holds(trial, test):
                continue
            swap(p, q)  # out again
            kept.append((p, q))
            if self.pool[world.meta[p[0]][p[1]] >> 8] < 0:  # (lessons are of the deal's own cards)
                self._keep_out(world, p[0], world.zones[p[0]][p[1]])
        return [(world.meta[z][i] >> 8, world.meta[z2][i2] >> 8) for (z, i), (z2, i2) in kept]

    def match(self, world: GameState, judge: Callable[[GameState], Any]) -> list[tuple[int, int]] | None:
        """Swaps of unseen cards after which a decision replayed on `world` (a sample just before it)
        looks to the seat as it did in the real game, if any.  `judge(trial)` replays it on a copy of
        `trial` and says how far off it is, the cards to blame and the cards it moved, by deck
        position (`views.divergence`), or None when it cannot be made at all.  The cards to blame
        (the ones it showed the seat, an answer that gave away cards the real one did not) are swapped
        for other unseen cards at random, again for the cards to blame then (up to six rounds); with
        none to blame (a value said aloud that came out otherwise), swaps of the cards it moved are
        kept while it comes no further off (`_closer`).  Disjoint swaps are then undone one by one
        where it still looks the same without them, and a face that had to leave a zone and cannot
        stand at another place of it either is one that zone could not hold then: later samples keep
        it out (`avoid`)."""
        pool, rng = self.pool, self.rng
        where = {m >> 8: (z, i) for z, metas in enumerate(world.meta) for i, m in enumerate(metas) if (m >> 8) in pool}
        trial = world.clone()
        faces = trial.zones

        def swap(a: int, b: int) -> None:
            (z, i), (z2, i2) = where[a], where[b]
            faces[z][i], faces[z2][i2] = faces[z2][i2], faces[z][i]

        swaps: list[tuple[int, int]] = []
        refused: set = set()  # faces to blame once
        far = -1
        for rounds in range(7):
            if self.late():
                return None
            found = judged(trial, judge)
            if found is None:
                return None
            far, blamed, moved = found
            if not far:
                break
            blamed = [p for p in blamed if p in where]
            if not blamed:
                return self._closer(trial, judge, far, [p for p in moved if p in where] or list(where), swaps, swap)
            if rounds == 6:
                return None
            refused.update(faces[where[p][0]][where[p][1]] for p in blamed)
            used = {p for pair in swaps for p in pair}
            spare = [q for q in where if q not in used and faces[where[q][0]][where[q][1]] not in refused]
            rng.shuffle(spare)
            spare.sort(key=lambda q: self._later(q, where[q][0]))
            for p in blamed:
                q = next((q for q in spare if pool[q] == pool[p] and q not in blamed), None)
                if q is None:
                    return None
                spare.remove(q)
                swap(p, q)
                swaps.append((p, q))
        if len({p for pair in swaps for p in pair}) == 2 * len(swaps):  # disjoint: each may be undone alone
            kept = []
            for p, q in rng.sample(swaps, len(swaps)):
                if self.late():
                    kept.append((p, q))
                    continue
                swap(p, q)  # undone
                found = judged(trial, judge)
                if found is not None and not found[0]:
                    continue
                swap(p, q)
                kept.append((p, q))
                if pool[p] < 0 and not self.late():
                    self._learn_out(world, trial, judge, where, p, q)
            swaps = kept
        return swaps

    def _learn_out(self, world: GameState, trial: GameState, judge: Callable, where: dict, p: int, q: int) -> None:
        """The face that left deck position `p` (for the one at `q`) to make a decision look the same:
        if it cannot stand at another unseen place of the same zone either (the decision still looks
        otherwise with it there), later samples keep it out of that zone's unseen places (`avoid`)."""
        z, i = where[p]
        face = world.zones[z][i]
        others = [r for r, (z2, _) in where.items() if z2 == z and r != p and trial.zones[z][where[r][1]] != face]
        if not others:
            return
        r = others[int(self.rng.random() * len(others))]
        (zq, iq), ir = where[q], where[r][1]
        faces = trial.zones
        faces[z][ir], faces[zq][iq] = faces[zq][iq], faces[z][ir]  # the face, now at q, put at r
        found = judged(trial, judge)
        faces[z][ir], faces[zq][iq] = faces[zq][iq], faces[z][ir]
        if found is not None and found[0]:
            self._keep_out(world, z, face)

    def _closer(
        self,
        trial: GameState,
        judge: Callable[[GameState], Any],
        far: int,
        moved: list[int],
        swaps: list[tuple[int, int]],
        swap: Callable[[int, int], None],
    ) -> list[tuple[int, int]] | None:
        """Swaps of a card the decision moved with another unseen card, each kept while the decision
        comes no further off (a total said aloud comes nearer step by step), up to `climb` tries: the
        swaps (after `swaps`, already made) once it looks the same, else None."""
        rng, pool = self.rng, self.pool
        others = sorted(pool.keys() & {m >> 8 for metas in trial.meta for m in metas})
        for _ in range(self.climb):
            if self.late():
                return None
            a, b = rng.choice(moved), rng.choice(others)
            if a == b or pool[a] != pool[b]:
                continue
            swap(a, b)
            found = judged(trial, judge)
            if found is not None and found[0] <= far:
                far = found[0]
                swaps.append((a, b))
                if not far:
                    return swaps
            else:
                swap(a, b)
        return None


def judged(trial: GameState, judge: Callable[[GameState], Any]) -> Any:
    """`judge(trial)`, where a failure (the sample's flow refused the swapped cards) is None."""
    trial._legal = None
    try:
        return judge(trial)
    except Exception:
        return None


def holds(trial: GameState, test: Callable[[GameState], Any]) -> bool:
    """Whether `test` holds in `trial`, a sample whose cards were just swapped (a failing test: no)."""
    trial._legal = None
    try:
        return bool(test(trial))
    except Exception:
        return False
