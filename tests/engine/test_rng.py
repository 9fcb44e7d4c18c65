"""The seeded generator: the shuffle written out equals the documented draws."""

from __future__ import annotations

import random

from interpreter.engine import rng


def _reference_shuffle(items: list, seed: int, counter: int) -> int:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(seed, counter, i + 1)
        counter += 1
        items[i], items[j] = items[j], items[i]
    return counter


def test_shuffle_makes_the_draws_below_documents() -> None:
    draw = random.Random(20261130)
    for _ in range(500):
        seed, counter, n = draw.getrandbits(64), draw.randrange(10**9), draw.randrange(0, 140)
        fast, slow = list(range(n)), list(range(n))
        assert rng.shuffle(fast, seed, counter) == _reference_shuffle(slow, seed, counter) == counter + max(0, n - 1)
        assert fast == slow


def test_the_stream_is_fixed() -> None:
    """Saved games and logs name a seed, not a deck order: the stream may never change."""
    deck = list(range(10))
    assert rng.shuffle(deck, 7, 0) == 9
    assert deck == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]
    assert rng.mix(7, 0) == 0x63CBE1E459320DD7
