"""The deal's snapshot (what search re-deals from) is remade from the moves only when asked for, and it
is the state right after the deal's shuffle: replaying the deal's decisions from it gives the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import interpreter
from interpreter.engine.state import CLAIMED

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["hachinin_meri", "duzihu", "oh_hell", "scopa"]


@pytest.mark.parametrize("name", GAMES)
def test_the_snapshot_replays_to_the_game(name):
    rs = interpreter.load(ROOT / "rulesets" / f"{name}.yaml")
    options = {"deals": 3} if "deals" in rs.options else {}
    for seed in range(4):
        st = rs.new_game(seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 200)):
            if st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        if st.is_terminal():
            continue
        snap, start, zone = st.snapshot
        assert snap.zones[zone] == list(st.shuffles[-1][1])  # right after the last shuffle
        world = snap.clone()
        world._run()  # from the shuffle on to the deal's first decision
        for _seat, kind, value, flag in st.history[start:]:
            if flag != CLAIMED:
                world.force_action(kind, value)
        assert world.zones == st.zones and world.vars == st.vars and world.pc == st.pc


def test_random_play_never_makes_a_snapshot(monkeypatch):
    from interpreter.engine import snapshots

    made = []
    real = snapshots.remake
    monkeypatch.setattr(snapshots, "remake", lambda st, mark: made.append(1) or real(st, mark))
    rs = interpreter.load(ROOT / "rulesets" / "hachinin_meri.yaml")
    st = rs.new_game(seed=1, options={"deals": 2})
    rng = random.Random(1)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    assert made == []
    st2 = rs.new_game(seed=1, options={"deals": 2})
    assert st2.snapshot is not None and made == [1]
    assert st2.snapshot is st2.snapshot  # made once, then kept
