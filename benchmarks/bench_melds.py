"""Throughput of the meld engine on a 30-face deck (3 ranked sequences of 9 plus 3 set-only faces).

Prints is_complete tests per second on random 23-card hands and on hands one
card away from complete, and completing_faces calls per second on hands that
wait for one card; each figure warm (the cross-call memo kept) and cold (the
memo cleared before every call). Every hand is fresh, generated before timing.

    python -m benchmarks.bench_melds [--hands N] [--seed S]    (from the checkout root)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a file too: this checkout's package

from benchmarks import _cli  # noqa: E402
from interpreter.engine.melds import MeldKind, MeldTable, counts_from_faces  # noqa: E402

NUM_FACES = 30
COPIES = 4
GROUPS, PAIRS = 7, 1
GROUP_KINDS, PAIR_KINDS = ("run", "triplet"), ("pair",)


def build_table() -> MeldTable:
    """The benchmark deck: faces 0..26 are three sequences of ranks 1..9, 27..29 form sets only."""
    seq_group = [face // 9 for face in range(27)] + [-1] * 3
    seq_pos = [face % 9 + 1 for face in range(27)] + [0] * 3
    kinds = [MeldKind("run", "run", 3), MeldKind("triplet", "set", 3), MeldKind("pair", "set", 2)]
    return MeldTable.build(NUM_FACES, kinds, seq_group, seq_pos)


def random_hand(rng: random.Random, size: int) -> list[int]:
    """Counts of `size` cards dealt from the 4-copy deck."""
    deck = [face for face in range(NUM_FACES) for _ in range(COPIES)]
    return counts_from_faces(rng.sample(deck, size), NUM_FACES)


def complete_hand(rng: random.Random, table: MeldTable) -> list[int]:
    """Counts of a random complete hand that respects the deck's copies."""
    while True:
        counts = [0] * NUM_FACES
        drawn = rng.choices(table.groups, k=40)
        groups = [g for g in drawn if g.kind in GROUP_KINDS][:GROUPS]
        pair = rng.choice([g for g in table.groups if g.kind in PAIR_KINDS])
        for face in (face for group in groups + [pair] for face in group.faces):
            counts[face] += 1
        if len(groups) == GROUPS and max(counts) <= COPIES:
            return counts


def waiting_hand(rng: random.Random, table: MeldTable) -> list[int]:
    """A complete hand with one card taken out: it waits for at least one face."""
    counts = complete_hand(rng, table)
    counts[rng.choice([f for f in range(NUM_FACES) if counts[f]])] -= 1
    return counts


def one_away(rng: random.Random, table: MeldTable) -> list[int]:
    """A complete hand with one card swapped for a face still in the deck (complete again at times)."""
    counts = waiting_hand(rng, table)
    counts[rng.choice([f for f in range(NUM_FACES) if counts[f] < COPIES])] += 1
    return counts


def rate(call: Callable[[list[int]], object], hands: Sequence[list[int]], before: Callable[[], None]) -> float:
    """Calls per second of `call` over `hands`, running `before` (untimed) ahead of each."""
    spent = 0.0
    for counts in hands:
        before()
        start = time.perf_counter()
        call(counts)
        spent += time.perf_counter() - start
    return len(hands) / spent


def main() -> None:
    """Generate the hands, time each workload warm and cold, print one line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=_cli.whole(5), default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table = build_table()
    shape = (GROUPS, PAIRS, GROUP_KINDS, PAIR_KINDS)
    workloads = {
        "is_complete, random 23-card hands": (
            [random_hand(rng, 23) for _ in range(args.hands)],
            lambda c: table.is_complete(c, *shape),
        ),
        "is_complete, one card from complete": (
            [one_away(rng, table) for _ in range(args.hands)],
            lambda c: table.is_complete(c, *shape),
        ),
        "completing_faces, 22-card waiting hands": (
            [waiting_hand(rng, table) for _ in range(args.hands // 5)],
            lambda c: table.completing_faces(c, *shape, available=[COPIES - n for n in c]),
        ),
    }
    for label, (hands, call) in workloads.items():
        table.clear_cache()
        warm = rate(call, hands, lambda: None)
        cold = rate(call, hands, table.clear_cache)
        print(f"{label:42s} warm {warm:10,.0f}/s   cold {cold:10,.0f}/s   ({len(hands):,} hands)")


if __name__ == "__main__":
    _cli.run(main)
