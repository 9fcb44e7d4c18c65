"""The ruleset's hints for the AI players (its `hints` section): what the Duzihu seats prefer.

The hints are not rules.  These tests pin the discard judgement that docs/agents.md measures,
over random play from every seat, against a count made here from what the seat sees: the
`deliberate` discard (the seat's own decision) weighs the cards the hand then lacks for a win
(DZ-30: seven groups and a pair), for a Qinghu (DZ-40: seven runs, nothing exposed) and for a
Piaohu (DZ-40: identical groups and Wenqian runs), then the unseen cards that would each bring it
closer to a win, then how well the card fits the hand.
"""

from __future__ import annotations

import random

import pytest

from interpreter.engine.hints import preferences
from interpreter.engine.meld_distance import missing_cards, useful_faces

from .helpers import rs as load_ruleset

SEEDS = range(12)


def _counts(rs, cards) -> list[int]:
    counts = [0] * rs.meld_table.num_faces
    for face in rs.faces(cards):
        counts[face] += 1
    return counts


def _lacking(rs, shape: str, hand: list[int], exposed: int) -> int:
    groups, pairs, group_kinds, pair_kinds = rs.shapes[shape]
    return missing_cards(rs.meld_table, hand, groups - exposed, pairs, group_kinds, pair_kinds)


def _judge(rs, st, seat: int, face: int, card: str) -> int:
    """The deliberate discard's score of `card` (of face `face`), counted from the seat's view."""
    seen = st.observation(seat)
    exposed = len([g for g in seen["groups"]["melds"][seat] if g["kind"] != "hezi"])
    zones = seen["zones"]
    held = list(zones["hand"][seat])
    hand = _counts(rs, held)
    assert rs.faces([card]) == [face]
    hand[face] -= 1
    visible = held + list(zones["indicators"]) + list(zones["discards"])
    visible += [c for s in zones["melds"] for c in zones["melds"][s]]
    unseen = [4 - n for n in _counts(rs, visible)]
    groups, pairs, group_kinds, pair_kinds = rs.shapes["win"]
    helps = useful_faces(rs.meld_table, hand, groups - exposed, pairs, group_kinds, pair_kinds)
    clean = _lacking(rs, "clean", hand, 0) if exposed == 0 else 8
    suit, _, number = card.partition("-")
    near = sum(
        1
        for x in held
        if x != card and number and x.partition("-")[0] == suit and abs(int(x.partition("-")[2]) - int(number)) <= 2
    )
    ties = 4 * held.count(card) + near
    return (
        -1000 * _lacking(rs, "win", hand, exposed)
        - 500 * clean
        - 500 * _lacking(rs, "floating", hand, exposed)
        + 10 * sum(unseen[f] for f in helps)
        - ties
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_dz30_dz40_deliberate_discards_weigh_the_win_the_forms_and_the_unseen_help(seed):
    rs = load_ruleset()
    st = rs.new_game(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        discards = [a for a in legal if rs.actions[a.kind].name == "discard"]
        if len(discards) > 1 and len(discards) == len(legal) and st.window is None:
            seat = st.current_player()
            scores = preferences(st, discards, deliberate=True)
            judged = [_judge(rs, st, seat, a.value, a.text.split()[-1]) for a in discards]
            assert scores == judged, (seed, [a.text for a in discards])
            checked += 1
        st.apply_action(rng.choice(legal))
    assert checked >= 3
