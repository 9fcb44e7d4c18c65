"""A refused move lists the legal ones, and says so when there are more than it shows."""

from __future__ import annotations

import random

import interpreter
from tests.fuzz import DZ


def test_a_long_list_of_legal_moves_ends_with_an_ellipsis():
    rs = interpreter.load(DZ)
    st = rs.new_game(seed=7)
    rng = random.Random(7)
    while len([a for a in st.legal_actions() if a.text.startswith("discard ")]) <= 12:
        assert not st.is_terminal()
        st.apply_action(rng.choice(st.legal_actions()))
    legal = st.legal_actions()
    held = {a.text.split(" ", 1)[1] for a in legal if a.text.startswith("discard ")}
    absent = next(c for c in rs.cards.ids if c not in held)
    said = rs.explain(st, f"discard {absent}")
    assert "legal: " in said and said.endswith(", …"), said
    assert said.count(", ") == 12, said  # twelve moves shown, then the ellipsis


def test_a_short_list_of_legal_moves_is_whole():
    rs = interpreter.load(DZ)
    st = rs.new_game(seed=7)
    legal = st.legal_actions()
    assert len(legal) <= 12
    said = rs.explain(st, "discard nothing-such")
    assert "…" not in said, said
