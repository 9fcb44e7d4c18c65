"""`suits` and `ranks`: every suit and every rank of the deck, as engine names a ruleset may shadow."""

from __future__ import annotations

import random

from tests.engine.tiny import HIGH_CARD, compile_text

TWO_SUITS = (
    HIGH_CARD.replace("suits: [{id: s}]", "suits: [{id: s}, {id: h}]")
    .replace("packets: [3]", "packets: [6]")
    .replace("times: 3", "times: 6")
)


def _play(rs):
    st = rs.new_game(seed=1)
    rng = random.Random(1)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def test_suits_and_ranks_list_the_decks_in_its_order():
    """A ruleset could not name every suit (to let a player call one) without a constant list of its own."""
    rs = compile_text(
        TWO_SUITS.replace(
            'returns: "points[seat]"', "returns: \"index_of(suits, 'h') * 100 + len(ranks) * 10 + len(suits)\""
        )
    )
    assert _play(rs).returns() == [162, 162]


def test_a_ruleset_name_suits_or_ranks_is_its_own():
    """Rulesets written before these names existed keep their own `suits` (no error, no change)."""
    text = TWO_SUITS.replace("variables:\n", 'constants:\n  suits: {type: "list[suit]", value: [h]}\nvariables:\n')
    rs = compile_text(text.replace('returns: "points[seat]"', 'returns: "len(suits) * 10 + len(ranks)"'))
    assert _play(rs).returns() == [16, 16]
