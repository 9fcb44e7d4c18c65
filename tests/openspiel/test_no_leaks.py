"""No string or tensor handed to a seat holds a card that seat may not see.

At random points of random games of every shipped ruleset, for every seat: the cards that seat cannot
see are dealt again among their places (the state is otherwise unchanged), and its observation and
information-state strings and tensors must stay exactly the same.  A string or tensor that depended on
any hidden card would change with the deal.
"""

from __future__ import annotations

import random

import pytest

from interpreter.engine.cardmeta import card_visible
from tests.openspiel.helpers import adapter, game, random_game

NAMES = adapter.SHIPPED


def _views(state, seat):
    return (
        state.observation_string(seat),
        state.information_state_string(seat),
        state.observation_tensor(seat),
        state.information_state_tensor(seat),
    )


def _redeal_hidden(st, seat, rng) -> int:
    rs = st.rs
    places = [
        (z, i) for z in range(rs.zone_count) for i, m in enumerate(st.meta[z]) if not card_visible(rs, z, m, seat)
    ]
    faces = [st.zones[z][i] for z, i in places]
    rng.shuffle(faces)
    for (z, i), f in zip(places, faces):
        st.zones[z][i] = f
    st._legal = None
    return len(set(faces))


@pytest.mark.parametrize("name", NAMES)
def test_hidden_cards_never_reach_a_seat(name):
    g = game(name)
    rng = random.Random(7)
    checked = []

    def visit(state):
        if rng.random() > 0.15:
            return
        for seat in range(g.num_players()):
            before = _views(state, seat)
            other = state.clone()
            if _redeal_hidden(other.engine_state(), seat, rng) > 1:
                assert _views(other, seat) == before, f"seat {seat} sees a hidden card"
                checked.append(seat)

    for n in range(2):
        random_game(g, n, visit)
    assert len(set(checked)) == g.num_players()
