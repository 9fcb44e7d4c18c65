"""The ruleset's hints for the AI players (its `hints` section): what the Duzihu seats prefer.

The hints are not rules.  These tests pin the discard judgement that docs/agents.md measures,
over random play from every seat, against a count made here from what the seat sees: the
`deliberate` discard (the seat's own decision) leaves the hand lacking as few cards as any
discard can (DZ-30: seven groups and a pair), and of those the one that leaves the most unseen
cards that would each bring it closer.
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


def _judge(rs, st, seat: int, face: int) -> tuple[int, int]:
    """(cards lacking after discarding `face`, unseen cards that would each help then), from the seat's view."""
    seen = st.observation(seat)
    groups, pairs, group_kinds, pair_kinds = rs.shapes["win"]
    exposed = len(seen["groups"]["melds"][seat])
    hand = _counts(rs, seen["zones"]["hand"][seat])
    hand[face] -= 1
    zones = seen["zones"]
    visible = list(zones["hand"][seat]) + list(zones["indicators"]) + list(zones["discards"])
    visible += [c for s in zones["melds"] for c in zones["melds"][s]]
    unseen = [4 - n for n in _counts(rs, visible)]
    lacking = missing_cards(rs.meld_table, hand, groups - exposed, pairs, group_kinds, pair_kinds)
    helps = useful_faces(rs.meld_table, hand, groups - exposed, pairs, group_kinds, pair_kinds)
    return lacking, sum(unseen[f] for f in helps)


@pytest.mark.parametrize("seed", SEEDS)
def test_dz30_deliberate_discards_keep_the_hand_closest_with_the_most_unseen_help(seed):
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
            chosen = discards[scores.index(max(scores))]
            judged = {a.value: _judge(rs, st, seat, a.value) for a in discards}
            best_lacking = min(j[0] for j in judged.values())
            most_help = max(j[1] for j in judged.values() if j[0] == best_lacking)
            assert judged[chosen.value] == (best_lacking, most_help), (seed, chosen.text, judged)
            checked += 1
        st.apply_action(rng.choice(legal))
    assert checked >= 3
