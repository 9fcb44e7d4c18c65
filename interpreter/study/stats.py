"""Running statistics that merge across workers, and the tests a balance report makes.

Everything here folds values one at a time (Welford), so a run of a million games needs
no more memory than one of a thousand; merging two parts gives what one pass would,
up to floating-point rounding, and the runner merges parts in range order, so the
rounding too is the same however the games were spread over workers.
"""

from __future__ import annotations

import math
from collections import Counter

from interpreter.base.records import dataclass, field

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution


@dataclass
class Running:
    """Count, mean and spread of a stream of numbers (Welford), mergeable across workers."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def merge(self, other: Running) -> None:
        if other.n == 0:
            return
        n = self.n + other.n
        delta = other.mean - self.mean
        self.mean += delta * other.n / n
        self.m2 += other.m2 + delta * delta * self.n * other.n / n
        self.n = n

    @property
    def sd(self) -> float:
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def as_dict(self) -> dict:
        half = 1.96 * self.sd / math.sqrt(self.n) if self.n > 1 else 0.0
        return {
            "mean": round(self.mean, 4),
            "sd": round(self.sd, 4),
            "ci95": [round(self.mean - half, 4), round(self.mean + half, 4)],
            "n": self.n,
        }


def paired(diffs: Running) -> dict:
    """A paired test of a variant against the base from the per-game differences (variant - base):
    the mean difference, its 95% CI and a two-sided p value (z test: the runs are large; on 0/1
    outcomes it is McNemar's test without continuity correction)."""
    n, mean, sd = diffs.n, diffs.mean, diffs.sd
    if n < 2:
        return {"n": n, "diff": round(mean, 4), "ci95": [None, None], "p": None}
    se = sd / math.sqrt(n)
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = math.erfc(abs(mean / se) / math.sqrt(2))
    return {"n": n, "diff": round(mean, 4), "ci95": [round(mean - Z95 * se, 4), round(mean + Z95 * se, 4)], "p": p}


def holm(pvalues: list[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of a family of p values (None stays None)."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    m = len(order)
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def wilson(successes: int, n: int) -> list[float]:
    """The Wilson 95% interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


@dataclass
class Histogram:
    """How often each value occurred (scores and lengths are integers with few distinct values)."""

    counts: Counter = field(default_factory=Counter)

    def add(self, x: float) -> None:
        self.counts[x] += 1

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    def quantiles(self, qs: tuple[float, ...] = (0.05, 0.25, 0.5, 0.75, 0.95)) -> list[float]:
        total = sum(self.counts.values())
        if not total:
            return []
        out, seen, items = [], 0, sorted(self.counts.items())
        targets = iter(qs)
        q = next(targets, None)
        for value, count in items:
            seen += count
            while q is not None and seen >= q * total:
                out.append(value)
                q = next(targets, None)
        return out

    def as_dict(self) -> dict:
        return {"values": {str(k): v for k, v in sorted(self.counts.items())}, "quantiles": self.quantiles()}
