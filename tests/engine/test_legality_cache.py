"""Legality checks reuse the parts of a restriction that do not read the action's parameter
(Frame.epoch, expr.runtime.cached) and memoised ruleset functions; `is_legal`, which checks one
candidate without either, must agree with `legal_actions` at every decision of random play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load
from interpreter.engine.state import PASS_KIND
from tests.engine.tiny import HIGH_CARD, compile_text

ROOT = Path(__file__).resolve().parents[2]

# A restriction whose parameter-free part is costly and shared by every candidate.
FOLLOW = HIGH_CARD.replace(
    '''        require: "card.value != 6 or len(hand(player)) == 1"''',
    """        require: "card.value != 6 or len(hand(player)) == 1"
      - id: T-4
        text: follow a higher card when you can
        when: "len(table) > 0"
        require: >-
          strength_of(card) > max([strength_of(e.card) for e in entries('table')])
          or not any(strength_of(c) > max([strength_of(e.card) for e in entries('table')]) for c in hand(player))""",
).replace(
    """functions:
  strength:""",
    """functions:
  strength_of:
    params: {c: card}
    value: "c.value + (10 if c.value == rounds else 0)"
  strength:""",
)


def _agree(rs, seeds: range) -> int:
    checked = 0
    for seed in seeds:
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            fresh = st.clone()  # taken before listing, so is_legal checks each candidate itself
            legal = st.legal_actions()
            ins = rs.program[st.pc]
            kinds = list(getattr(ins, "actions", ()))
            want = {(a.kind, a.value) for a in legal if a.kind != PASS_KIND}
            found = {(k, v) for k in kinds for v in [None, *range(rs.cards.count)] if fresh.is_legal(k, v)}
            assert found == want, (seed, len(st.history))
            checked += 1
            st.apply_action(rng.choice(legal))
    return checked


def test_cached_parts_agree_with_one_candidate_checks() -> None:
    rs = compile_text(FOLLOW)
    assert rs.actions[0].restrictions[1].require is not None
    assert _agree(rs, range(40)) > 200


@pytest.mark.parametrize("name", ["hachinin_meri", "oh_hell"])
def test_shipped_trick_games_agree(name: str) -> None:
    rs = load(ROOT / "rulesets" / f"{name}.yaml")
    assert _agree(rs, range(3)) > 50
