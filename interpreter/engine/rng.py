"""A tiny counter-based random generator whose whole state is two ints.

The game state carries (seed, counter), so copying a state copies its
randomness for free and a saved game resumes the same stream.  SplitMix64 is
fast in pure Python and good enough for shuffling cards.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def mix(seed: int, counter: int) -> int:
    """The counter-th 64-bit output of the stream named by seed."""
    z = (seed + (counter + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(seed: int, counter: int, n: int) -> int:
    """A uniform int in [0, n) from one output (bias is below 2**-40 for card-sized n)."""
    return (mix(seed, counter) * n) >> 64


def shuffle(items: list, seed: int, counter: int) -> int:
    """Fisher-Yates shuffle in place; returns the advanced counter.  Draw k is
    `below(seed, counter + k, i + 1)`, written out here (one deal's shuffle is a
    few thousand integer operations, and calls would double its time)."""
    mask, gamma = _MASK, _GAMMA
    step = seed + (counter + 1) * gamma
    for i in range(len(items) - 1, 0, -1):
        z = step & mask
        step += gamma
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        counter += 1
        items[i], items[j] = items[j], items[i]
    return counter
