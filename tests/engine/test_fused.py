"""Generated engine functions (engine/fuse.py): an action's legal values, a message's text.

They must give what the engine's own loop over the compiled restrictions (and its own
template filling) gives, and when anything fails inside them, the engine's way runs
instead and reports the precise error.
"""

from __future__ import annotations

import random

import pytest

from interpreter.base.resources import shipped_names, shipped_ruleset
from interpreter.engine.program import FlowError
from interpreter.expr import ExprRuntimeError
from tests.engine.test_legality_cache import FOLLOW
from tests.engine.tiny import HIGH_CARD, compile_text


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


@pytest.mark.parametrize("name", shipped_names())
def test_every_action_shape_is_fused_and_agrees_with_the_engine_loop(name: str) -> None:
    """Parameterless actions, `available_if`, requirements that do not read the parameter and claim
    windows are fused too (a choice of several values is listed pick by pick instead); over random
    play every list of legal actions, claim windows included, is the engine loop's."""
    from interpreter import load

    fused, plain = load(shipped_ruleset(name)), _without_fused(load(shipped_ruleset(name)))
    assert all(a.fused is not None for a in fused.actions if a.count is None)
    options = {"deals": 1} if "deals" in fused.options else {}
    for seed in range(4):
        lists = []
        for rs in (fused, plain):
            st, rng, seen = rs.new_game(seed=seed, options=options), random.Random(seed), []
            while not st.is_terminal() and st.decisions < 800:
                legal = st.legal_actions()
                seen.append((st.window is not None, [(a.kind, a.value) for a in legal]))
                st.apply_action(rng.choice(legal))
            lists.append(seen)
        assert lists[0] == lists[1]


def test_an_action_without_restrictions_is_fused_too() -> None:
    rs = compile_text(HIGH_CARD)
    hide = rs.actions[1]
    assert hide.fused is not None and hide.restrictions == ()


BROKEN = HIGH_CARD.replace(
    '''        require: "card.value != 6 or len(hand(player)) == 1"''',
    '''        require: "card.value != 6 or len(hand(player)) == 1"
      - id: T-9
        text: a rule that fails for one card
        require: "[1, 2, 3, 4, 5][card.value - 1] > 0"''',
)


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


SHIPPED = [
    "hachinin_meri",
    "duzihu",
    "oh_hell",
    "gin_rummy",
    "variants/duzihu_followers",
    "variants/hachinin_meri_hidden_robai",
]


@pytest.mark.parametrize("name", SHIPPED)
def test_generated_code_never_gives_up_in_shipped_games(name: str) -> None:
    """Generated functions fall back to the closures only to report an error; in random play of
    the shipped rulesets nothing fails, so nothing may fall back (a slow path hidden behind a
    right answer is a bug: it was once a missing builtin)."""
    from pathlib import Path

    from interpreter import load
    from interpreter.expr import emit

    rs = load(Path(__file__).resolve().parents[2] / "rulesets" / f"{name}.yaml")
    before = emit.FELL_BACK[0]
    for seed in range(3):
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal() and st.decisions < 600:
            st.apply_action(rng.choice(st.legal_actions()))
        st.returns()
    assert emit.FELL_BACK[0] == before


def test_candidates_without_a_test_that_applies_now_are_listed_at_once() -> None:
    """Where every test of a candidate has a condition that does not read it and does not hold (no
    card led yet: the first card's rule), the generated function lists the distinct candidates in
    one step instead of its loop, and the lists are still the engine loop's."""
    fused, plain = compile_text(HIGH_CARD), _without_fused(compile_text(HIGH_CARD))
    play = fused.actions[0]
    shortcuts = []

    def distinct(xs):
        shortcuts.append(len(xs))
        return dict.fromkeys(xs)

    fused.new_game(seed=0).legal_actions()  # the function is compiled on its first call
    play.fused.__globals__["_distinct"] = distinct
    assert _play(fused, range(30)) == _play(plain, range(30))
    assert shortcuts and max(shortcuts) > 1
