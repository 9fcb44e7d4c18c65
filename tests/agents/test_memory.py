"""What an agent keeps of its samples from one decision to the next (agents/memory.py).

The study of the deal goes on from the last decision instead of being made
again, and must be the study made afresh; samples kept from earlier
decisions (once the deal is long) must be samples of what the seat knows now,
and must not let the agent tell apart two games its seat cannot.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import interpreter
from interpreter.agents import determinize
from interpreter.agents.determinize import Determinizer
from interpreter.agents.memory import Memory
from interpreter.agents.spec import make_agents
from interpreter.agents.views import seen_positions, view_of

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = [
    ROOT / "rulesets" / "hachinin_meri.yaml",
    ROOT / "rulesets" / "duzihu.yaml",
    ROOT / "rulesets" / "hearts.yaml",
    ROOT / "rulesets" / "scopa.yaml",
    ROOT / "tests" / "fixtures" / "crazy_eights.yaml",  # (the pile made the new stock: no memory kept)
]


def _game(path: Path, seed: int):
    rs = interpreter.load(str(path))
    return rs, rs.new_game(seed=seed, options={"deals": 1} if "deals" in rs.options else {})


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_study_gone_on_from_the_last_decision_is_the_study_made_afresh(path):
    rs, st = _game(path, 3)
    rng = random.Random(3)
    memories = [Memory() for _ in range(rs.num_players)]
    compared = 0
    for _ in range(90):
        if st.is_terminal():
            break
        mover = st.current_player()
        for seat in {mover, (mover + 1) % rs.num_players}:
            kept = Determinizer(st, seat, random.Random(0), memory=memories[seat])
            fresh = Determinizer(st, seat, random.Random(0))
            if fresh.snapshot is None:
                continue
            assert kept.script == fresh.script
            assert kept.free == fresh.free and kept.lost == fresh.lost
            assert kept.opening == fresh.opening
            compared += 1
        st.apply_action(rng.choice(st.legal_actions()))
    assert compared > 20


@pytest.mark.parametrize("path", GAMES[:3], ids=lambda p: p.stem)
def test_samples_kept_from_earlier_decisions_look_to_the_seat_as_the_real_game(path, monkeypatch):
    monkeypatch.setattr(determinize, "LONG", 1)  # keep samples from the first decision on
    rs, st = _game(path, 5)
    rng = random.Random(5)
    memories = [Memory() for _ in range(rs.num_players)]
    carried = 0
    for _ in range(70):
        if st.is_terminal():
            break
        seat = st.current_player()
        if seat < 0:
            st.apply_action(rng.choice(st.legal_actions()))
            continue
        det = Determinizer(st, seat, random.Random(7), memory=memories[seat])
        waiting = len(memories[seat].particles)
        real_moves = {(a.kind, a.value) for a in st.legal_actions()}
        for _ in range(3):
            world = det.sample()
            if det.resort:
                continue
            assert view_of(world, seat) == view_of(st, seat)
            assert {(a.kind, a.value) for a in world.legal_actions()} == real_moves
        carried += min(waiting, det.pool_at)
        st.apply_action(rng.choice(st.legal_actions()))
    assert carried > 0  # (some samples were played on from an earlier decision)


def _twins(path: Path, seed: int, seat: int, moves: int):
    """Two games that look the same to `seat` after the same `moves` random moves: two cards it never
    sees swapped in the deal."""
    rs, first = _game(path, seed)
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if first.is_terminal():
            break
        action = rng.choice(first.legal_actions())
        played.append(action.text)
        first.apply_action(action)
    snap, _, zone = first.snapshot
    order = list(snap.zones[zone])
    seen = seen_positions(first, seat)
    unseen = [p for p in range(len(order)) if p not in seen]
    options = {"deals": 1} if "deals" in rs.options else {}
    for a in unseen:
        for b in unseen:
            if order[a] == order[b]:
                continue
            swapped = order[:]
            swapped[a], swapped[b] = swapped[b], swapped[a]
            second = rs.new_game(seed=seed, options=options, deck_orders=[swapped])
            try:
                for text in played:
                    second.apply_action(text)
            except Exception:
                continue
            if second.observation(seat) == first.observation(seat) and second.to_json() != first.to_json():
                return rs, played, swapped
    return None


@pytest.mark.parametrize("path", GAMES[:1] + GAMES[2:3], ids=lambda p: p.stem)
def test_an_agent_keeping_samples_chooses_alike_in_two_games_its_seat_cannot_tell_apart(path, monkeypatch):
    monkeypatch.setattr(determinize, "LONG", 1)
    seat = 1
    for seed in range(8):
        twins = _twins(path, seed, seat, 40)
        if twins is None:
            continue
        rs, played, swapped = twins
        options = {"deals": 1} if "deals" in rs.options else {}
        games = [
            rs.new_game(seed=seed, options=options),
            rs.new_game(seed=seed, options=options, deck_orders=[swapped]),
        ]
        for spec in ("policy", "normal:iterations=8,max_seconds=0"):
            agents = [make_agents(spec, rs, 5)[seat] for _ in games]
            one, two = [g.clone() for g in games]
            asked = 0
            for text in played:
                if one.current_player() == seat and len(one.legal_actions()) > 1:
                    assert agents[0].choose(one) == agents[1].choose(two), (spec, seed, asked)
                    asked += 1
                one.apply_action(text)
                two.apply_action(text)
            assert asked > 0
        return
    pytest.skip("no pair of games the seat cannot tell apart")
