"""The decisions of a deal as one seat knows them: the script a sample replays (agents/determinize.py)."""

from __future__ import annotations

from typing import Any, NamedTuple

TURN, ANSWER, CLAIM, HIDDEN = range(4)  # what a scripted decision is, to the seat


class Step(NamedTuple):
    """One decision since the shuffle as the seat knows it.

    `view` is what the seat saw right after it, and `next` who decided next
    (None in a claim window).  For a HIDDEN decision `value` is unknown: `seen`
    holds the faces it moved that the seat saw at some point, `moved` how
    many cards it moved (every seat sees how many cards a zone holds), and
    `lost` the deck positions the seat had seen before it but not since, nor
    just before it: cards it may have moved for all the seat can tell (a card
    seen in a pile another seat took up, then played face down).
    """

    tag: int
    seat: int
    kind: int
    value: Any
    seen: tuple = ()
    view: Any = None
    moved: int = -1
    next: int | None = None
    lost: frozenset = frozenset()
