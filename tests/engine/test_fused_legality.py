"""Fused legality (engine/fuse.py): one generated function lists an action's legal values.

It must give what the engine's own loop over the compiled restrictions gives, and when
anything fails inside it, the loop runs instead and reports the precise error.
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine.program import FlowError
from interpreter.expr import ExprRuntimeError
from tests.engine.tiny import HIGH_CARD, compile_text
from tests.engine.test_legality_cache import FOLLOW


def _without_fused(rs):
    for act in rs.actions:
        object.__setattr__(act, "fused", None)
    return rs


def _play(rs, seeds: range) -> list:
    seen = []
    for seed in seeds:
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            seen.append([(a.kind, a.value) for a in legal])
            st.apply_action(rng.choice(legal))
    return seen


@pytest.mark.parametrize("text", [HIGH_CARD, FOLLOW])
def test_fused_lists_agree_with_the_engine_loop(text: str) -> None:
    fused, plain = compile_text(text), _without_fused(compile_text(text))
    assert fused.actions[0].fused is not None
    assert _play(fused, range(60)) == _play(plain, range(60))


def test_an_action_without_restrictions_is_fused_too() -> None:
    rs = compile_text(HIGH_CARD)
    hide = rs.actions[1]
    assert hide.fused is not None and hide.restrictions == ()


BROKEN = HIGH_CARD.replace(
    '''        require: "card.value != 6 or len(hand(player)) == 1"''',
    '''        require: "card.value != 6 or len(hand(player)) == 1"
      - id: T-9
        text: a rule that fails for one card
        require: "[1, 2, 3, 4, 5][card.value - 1] > 0"''')


def test_a_failing_restriction_gives_the_engines_own_error() -> None:
    fused, plain = compile_text(BROKEN), _without_fused(compile_text(BROKEN))
    assert fused.actions[0].fused is not None
    errors = []
    for rs in (fused, plain):
        for seed in range(40):
            st = rs.new_game(seed=seed)
            try:
                while not st.is_terminal():
                    st.apply_action(st.legal_actions()[0])
            except (FlowError, ExprRuntimeError) as exc:
                errors.append((seed, type(exc).__name__, str(exc)))
                break
    assert len(errors) == 2 and errors[0] == errors[1]
    assert "index 5 is out of range for a list of 5" in errors[0][2] and "tiny.yaml:" in errors[0][2]
