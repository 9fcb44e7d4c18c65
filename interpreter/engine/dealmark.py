"""Where a deal's snapshot would be taken (GameState.snapshot): remade when search asks for it."""

from __future__ import annotations


def deals_played(deals: list) -> int:
    """How many rows of a match table (`GameState.deals`, or an observation's) are deals: a row with
    a `label` is none (a bonus counted when the game ends, `end_deal: {label: ...}`)."""
    return sum(1 for d in deals if "label" not in d)


class Mark:
    """Where the deal's snapshot would be taken: enough to remake it by replaying the game."""

    __slots__ = ("history", "zone", "shuffles", "seed")

    def __init__(self, history: int, zone: int, shuffles: int, seed: int):
        self.history, self.zone, self.shuffles, self.seed = history, zone, shuffles, seed


class Shuffle(tuple):
    """A shuffle of the game (zone, order), knowing how many decisions came before it (`at`): game
    logs write it between the right moves."""

    at: int

    def __new__(cls, zone: int, order: tuple[int, ...], at: int) -> Shuffle:
        made = super().__new__(cls, (zone, order))
        made.at = at
        return made

    def __reduce__(self) -> tuple:  # (copied and pickled whole: a search's worker gets states so)
        return (Shuffle, (self[0], self[1], self.at))


class Record(dict):
    """A `record` step's values, knowing how many decisions and shuffles came before it (`at`,
    `shuffles`): game logs write a deal's result before the next deal's deck, even when a deal
    passes without any decision."""

    __slots__ = ("at", "shuffles")

    def __init__(self, values: dict, at: int, shuffles: int):
        super().__init__(values)
        self.at, self.shuffles = at, shuffles
