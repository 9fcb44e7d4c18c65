"""The flow and the action effects written as Python (engine/blocks.py) against the flat program.

The flat program, one instruction `run` at a time, is the reference: over random play of
every shipped ruleset (variants too), the state written as JSON after every action, the
legal actions and the events must be the same either way.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compiling.pipeline import load_ruleset
from interpreter.engine.saves import state_to_json

ROOT = Path(__file__).resolve().parents[2] / "rulesets"
SHIPPED = sorted(ROOT.glob("*.yaml")) + sorted((ROOT / "variants").glob("*.yaml"))
MOVES = 300  # per game: random Gin Rummy hands can go on for thousands of moves


def _reference(path: Path):
    rs = load_ruleset(path)
    rs.use_reference_flow()
    for act in rs.actions:
        object.__setattr__(act, "effect_run", None)
    return rs


def _trace(rs, seed: int) -> list:
    st = rs.new_game(seed=seed, story=True)
    rng = random.Random(seed)
    out = [state_to_json(st)]
    while not st.is_terminal() and len(out) <= MOVES:
        legal = st.legal_actions()
        action = rng.choice(legal)
        st.apply_action(action)
        out.append(([str(a) for a in legal], state_to_json(st), [e.kind for e in st.events]))
    return out


def test_shipped_rulesets_have_written_flows() -> None:
    rs = load_ruleset(ROOT / "hachinin_meri.yaml")
    assert rs.blocks is not None
    written = [pc for pc, run in enumerate(rs.runs) if getattr(run, "__self__", None) is not rs.program[pc]]
    assert written and all(rs.weights[pc] == 0 for pc in written), "no segment of the flow was written"
    assert any(a.effect_run is not None for a in rs.actions)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_written_flow_matches_the_flat_program(path: Path) -> None:
    written, flat = load_ruleset(path), _reference(path)
    for seed in range(3):
        assert _trace(written, seed) == _trace(flat, seed), f"{path.stem} seed {seed}"


def test_text_python_cannot_compile_runs_the_instructions_one_by_one(monkeypatch) -> None:
    from interpreter.engine import blocks

    monkeypatch.setattr(blocks.Lazy, "_compiled", lambda self: None)
    path = ROOT / "hachinin_meri.yaml"
    assert _trace(load_ruleset(path), 1) == _trace(_reference(path), 1)


def test_generated_code_is_named_by_rule_and_place() -> None:
    """Profilers show each generated function's file name: the rule id, the step and the line."""
    rs = load_ruleset(ROOT / "hachinin_meri.yaml")
    st = rs.new_game(seed=3, options={"deals": 1})
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    names = {getattr(run, "__code__", None) and run.__code__.co_filename for run in rs.runs}
    flows = sorted(n for n in names if n and n.startswith("<cardrules") and "flow from step" in n)
    assert flows and all("hachinin_meri.yaml:" in n for n in flows), flows
    assert any("HM-" in n for n in flows), flows
    legal = [a.fused.__code__.co_filename for a in rs.actions if a.fused is not None]
    assert legal and all(n.startswith("<cardrules") and "legal values of" in n for n in legal), legal


def test_a_ruleset_sent_to_a_worker_before_play_plays_the_same() -> None:
    """Ray sends rulesets with cloudpickle, before or after their generated code first ran."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "expr"))  # its helpers, run alone too
    from tests.expr.test_generated_code import _cloudpickle

    cloudpickle = _cloudpickle()
    path = ROOT / "hachinin_meri.yaml"
    rs = load_ruleset(path)
    fresh = cloudpickle.loads(cloudpickle.dumps(rs))
    assert _trace(fresh, 4) == _trace(_reference(path), 4)
    played = cloudpickle.loads(cloudpickle.dumps(rs))
    assert _trace(played, 5) == _trace(rs, 5)


def test_segment_names_never_collide_with_expression_names() -> None:
    """A segment's namespace holds its own names and its expressions' (`_k12`...): both must come
    from one counter, or a second ruleset compiled in the same process (a Ray worker, a counted
    copy for `balance`) binds one name to two objects and a step reads the wrong value."""
    from interpreter.engine import blocks
    from interpreter.expr import emit

    t = blocks._Text()
    first, (then, _), last = t.name(object(), "k"), emit.name_for(object(), "k"), t.name(object(), "k")
    assert [int(n[2:]) for n in (first, then, last)] == [int(first[2:]) + k for k in range(3)], "two counters"
    rs_a, rs_b = load_ruleset(ROOT / "hachinin_meri.yaml"), load_ruleset(ROOT / "hachinin_meri.yaml")
    assert _trace(rs_b, 2) == _trace(rs_a, 2) == _trace(_reference(ROOT / "hachinin_meri.yaml"), 2)


@pytest.mark.parametrize("name", ["hearts", "gin_rummy"])
def test_a_watched_state_plays_the_same_and_is_told_every_zone_cards_enter(name: str) -> None:
    """GameState.watch (search's study of the real deal): the watched game runs the flat program
    and its effects one instruction at a time, plays exactly as the written one, and hears of
    every zone a card entered (so a card seen only between two decisions is not missed)."""
    rs = load_ruleset(ROOT / f"{name}.yaml")
    plain, watched = rs.new_game(seed=3), rs.new_game(seed=3)
    told: list[int] = []
    watched.watch = lambda st, z: told.append(z)
    rng = random.Random(3)
    for _ in range(120):
        if plain.is_terminal():
            break
        before = [len(z) for z in watched.zones]
        told.clear()
        action = rng.choice(plain.legal_actions())
        plain.apply_action(action)
        watched.apply_action(str(action))
        assert state_to_json(watched) == state_to_json(plain)
        grew = {z for z, n in enumerate(before) if len(watched.zones[z]) > n}
        assert grew <= set(told), (action, grew, told)
    assert watched.clone().watch is None  # a copy is nobody's study


def test_a_move_by_the_acting_seat_reads_its_slot_in_the_generated_text() -> None:
    """The seat that moves a card in an action's effect is the `player` slot, read in the text
    itself (no call of a closure per card moved)."""
    from interpreter.compiling.stepfns import slot

    read = slot(3)
    assert read.slot == 3
    from tests.engine.tiny import HIGH_CARD, compile_text

    rs = compile_text(HIGH_CARD)
    effect = next(a.effect_run for a in rs.actions if a.effect_run is not None)
    assert any(f"_mv = V[{rs.player_slot}]" in line for line in effect.lines)
