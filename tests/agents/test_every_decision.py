"""Every agent at every decision point of random play of every shipped ruleset, without an error.

Random play reaches the points that matter here (claim windows with hidden
answers, face-down cards, voids, the ends of deals); at each one the agents
choose from the same state and must give a legal action without changing
it.  The default run hands each decision point to one agent in turn (every
agent plays every ruleset); `-m slow` asks every agent at every point.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import interpreter
from interpreter.agents.spec import make_agents

ROOT = Path(__file__).resolve().parent.parent.parent
RULESETS = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "rulesets" / "variants").glob("*.yaml"))
AGENTS = (
    "random",
    "greedy",
    "policy",
    "ismcts:iterations=3",
    "ismcts:iterations=3,playout=random",
    "easy:iterations=3",
    "normal:iterations=4,max_seconds=0",
    "hard:iterations=4,workers=1,max_seconds=0",
)
MOVES = 150  # decision points per game (random Gin Rummy goes on for thousands)


def _play(path: Path, seed: int, every_agent: bool) -> int:
    rs = interpreter.load(str(path))
    options = {"deals": 1} if "deals" in rs.options else {}
    st = rs.new_game(seed=seed, options=options)
    agents = {spec: make_agents(spec, rs, seed) for spec in AGENTS}
    rng = random.Random(seed)
    asked = 0
    for point in range(MOVES):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        seat = st.current_player()
        before = st.to_json()
        specs = AGENTS if every_agent else (AGENTS[point % len(AGENTS)],)
        for spec in specs:
            action = agents[spec][seat].choose(st)
            assert action in legal, (path.name, spec, point)
            asked += 1
        assert st.to_json() == before, (path.name, point)
        st.apply_action(rng.choice(legal))
    return asked


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_agents_answer_at_every_decision_point(path):
    assert _play(path, 1, every_agent=False) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_every_agent_answers_at_every_decision_point(path, seed):
    assert _play(path, seed, every_agent=True) > 0
