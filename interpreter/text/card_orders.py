"""Card rankings on the rules page: an order of the cards by a number each has (an attribute, a
ruleset function of one card), highest first, written by ranks, or by suits where each suit has
one value."""

from __future__ import annotations

from typing import Any


def value_words(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)  # as written in YAML


def read_words(w: Any, cards: Any, value: Any, kind: str) -> str:
    """A value a ranking was evaluated with: a suit or rank by its name."""
    if kind == "suit":
        return w.t(cards.suit_names[value])
    if kind == "rank":
        return w.t(cards.rank_names[value])
    return value_words(value)


def card_order(w: Any, cards: Any, values: tuple, lowest_first: bool = False) -> str:
    """`A [14] > K [13] > ... > 9 (red, blue) = 1 (green) [9] > ...`: highest first, equals joined (with
    `lowest_first`, a place where 1 is the best: `J [1] > A [2] > ...`, the lowest value first)."""
    by_value: dict[Any, list[int]] = {}
    for face, v in enumerate(values):
        by_value.setdefault(v, []).append(face)
    rank_faces: dict[int, set[int]] = {}
    for face, r in enumerate(cards.rank_of):
        if r >= 0:
            rank_faces.setdefault(r, set()).add(face)
    by_suit = _whole_suits(w, cards, by_value, rank_faces, lowest_first)
    if by_suit is not None:  # a value of each suit (a Skat suit's base value): the suits, highest first
        return " > ".join(" = ".join(names) + f" [{value_words(v)}]" for v, names in by_suit)
    groups = []
    for v in sorted(by_value, reverse=not lowest_first):
        faces = by_value[v]
        words, done = [], set()
        for face in faces:
            r = cards.rank_of[face]
            if face in done:
                continue
            if r < 0:
                words.append(w.t(cards.names[face]))
                done.add(face)
                continue
            same = [f for f in faces if cards.rank_of[f] == r]
            done.update(same)
            rank = w.t(cards.rank_names[r])
            if set(same) == rank_faces[r]:
                words.append(rank)
            else:
                suits = ", ".join(
                    w.t(cards.suit_names[cards.suit_of[f]]) if cards.suit_of[f] >= 0 else w.t(cards.names[f])
                    for f in same
                )
                words.append(f"{rank} ({suits})")
        groups.append(" = ".join(words) + f" [{value_words(v)}]")
    return " > ".join(groups)


def _whole_suits(w: Any, cards: Any, by_value: dict, rank_faces: dict, lowest_first: bool) -> list | None:
    """(value, suit names) highest first, where each value's cards are whole suits and not whole
    ranks (else None: the order is written by ranks)."""
    suit_faces: dict[int, set[int]] = {}
    for face, su in enumerate(cards.suit_of):
        suit_faces.setdefault(su, set()).add(face)
    out, by_ranks = [], True
    for v in sorted(by_value, reverse=not lowest_first):
        faces = set(by_value[v])
        suits = sorted({cards.suit_of[f] for f in faces})
        if -1 in suits or set().union(*(suit_faces[su] for su in suits)) != faces:
            return None
        ranks = {cards.rank_of[f] for f in faces}
        by_ranks = by_ranks and -1 not in ranks and set().union(*(rank_faces[r] for r in ranks)) == faces
        out.append((v, [w.t(cards.suit_names[su]) for su in suits]))
    return None if by_ranks else out
