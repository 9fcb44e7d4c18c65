"""A deal's later shuffles, as search's samples make them again.

A deal starts at a shuffle (the engine's `GameState.starts_deal`); a later
shuffle of the same deal (the discard pile made the new stock while the
hands are held) numbers its cards on from the last deck position used.
The sampler (agents/determinize.py) replays the real deal once with the
real orders, to learn the faces the seat saw come off each later shuffle
(`real`, `study`), then has every sample make each later shuffle from its
own cards: those faces at their places, the rest in random order (`make`),
an order a repair may change by swapping two of its unseen cards (`swap`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable


class LaterShuffles:
    """The later shuffles of one deal, for the samples of one search (`orders`: the real ones)."""

    def __init__(self, rng: random.Random, orders: list[list[int]], face_at: dict[int, int]):
        self.rng, self.orders = rng, orders
        self.face_at = face_at  # every deck position's real face: the later ones are added here
        self.bases: list[int] = []  # each shuffle's first position, once studied
        self.placed: list[dict[int, int]] = []  # each shuffle's faces the seat saw, by place in it
        self.made: dict[int, list[int]] = {}  # the sample's orders as made (and repaired) so far

    def __len__(self) -> int:
        return len(self.orders)

    def real(self) -> list[Callable[[list, int], list]]:
        """The real orders, for the study of what the seat saw: each notes its first position."""

        def order(k: int) -> Callable[[list, int], list]:
            def made(cards: list, base: int) -> list:
                self.bases.append(base)
                self.face_at.update((base + i, f) for i, f in enumerate(self.orders[k]))
                return self.orders[k]

            return made

        return [order(k) for k in range(len(self.orders))]

    def study(self, seen: set[int]) -> dict[int, int]:
        """Note the faces the seat saw (`seen`: positions) at each shuffle's places; returns the
        unseen positions of every later shuffle, each with its shuffle's number."""
        self.placed = [
            {i: f for i, f in enumerate(real) if base + i in seen} for base, real in zip(self.bases, self.orders)
        ]
        return {
            base + i: k
            for k, (base, placed) in enumerate(zip(self.bases, self.placed))
            for i in range(len(self.orders[k]))
            if i not in placed
        }

    def reset(self) -> None:
        """A new sample: its later shuffles are made anew."""
        self.made = {}

    def make(self) -> list[Callable[[list, int], list]]:
        """The sample's later shuffles, for one replay (the engine calls each with the zone's cards)."""
        return [self._order(k) for k in range(len(self.orders))]

    def _order(self, k: int) -> Callable[[list, int], list]:
        """The k-th: as this sample made it before (repaired since), else the faces the seat saw at
        their places and the sample's other cards of the zone at random; a sample whose zone lacks a
        face the seat saw there fails."""

        def order(cards: list, base: int) -> list:
            made = self.made.get(k)
            if made is not None and sorted(made) == sorted(cards):
                return made[:]
            placed = self.placed[k] if k < len(self.placed) else {}
            rest = Counter(cards)
            rest.subtract(placed.values())
            if len(cards) != len(self.orders[k]) or min(rest.values(), default=0) < 0:
                raise ValueError("the sample's shuffled zone lacks a card the seat saw there")
            pool = sorted(rest.elements())
            self.rng.shuffle(pool)
            free = iter(pool)
            made = self.made[k] = [placed[i] if i in placed else next(free) for i in range(len(cards))]
            return made[:]

        return order

    def swap(self, k: int, a: int, b: int) -> None:
        """Swap the cards at deck positions a and b of the k-th shuffle in the sample's next making."""
        made, base = self.made[k], self.bases[k]
        made[a - base], made[b - base] = made[b - base], made[a - base]
