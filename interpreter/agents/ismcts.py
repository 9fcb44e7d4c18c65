"""Information-set Monte Carlo tree search over the public game API.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration
samples a state consistent with the searching seat's observation
(`determinize.py`), walks a tree of actions shared by all samples using
UCB with availability counts, expands one action, and finishes with a random
playout to the end of the current deal.  Every seat's decisions are in the
tree, each chosen for its own reward.  Rewards are the change of the ruleset's
`result.returns` (or `result.evaluate`) per seat, scaled to about [-1, 1].
"""

from __future__ import annotations

import math
import time
from typing import Any

from interpreter.agents.base import Agent
from interpreter.agents.determinize import Determinizer

DEFAULT_ITERATIONS = 200


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int):
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players


class IsmctsAgent(Agent):
    """ISMCTS with an iteration budget (`iterations`) or a time budget (`seconds`)."""

    name = "ismcts"

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        reuse: int = 4,
        **options: Any,
    ):
        super().__init__(seat, seed, **options)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.iterations, self.seconds, self.c, self.reuse = iterations, seconds, float(c), max(1, int(reuse))
        self.last_stats: dict = {}

    def describe(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else f"seconds={self.seconds}"
        return f"ismcts:{budget}"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        rs = state.rs
        sampler = Determinizer(state, seat, self.rng)
        root = Node(rs.num_players)
        base = _values(state)
        scale = [1.0]
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        world = None
        done = 0
        simulations = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            if world is None or done % self.reuse == 0:
                world = sampler.sample()
            simulations += self._iterate(root, world.clone(), base, scale)
            done += 1
        self.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "samples": sampler.samples,
            "rejections": sampler.rejections,
            "fallbacks": sampler.fallbacks,
            "playout_steps": simulations,
        }
        by_key = {(a.kind, a.value): a for a in legal}
        ranked = sorted(
            ((child.visits, i, key) for i, (key, child) in enumerate(root.children.items()) if key in by_key),
            reverse=True,
        )
        return by_key[ranked[0][2]] if ranked else self.rng.choice(legal)

    def _iterate(self, root: Node, st: Any, base: list, scale: list) -> int:
        rng, c = self.rng, self.c
        node = root
        path: list[tuple[Node, int]] = []
        records = len(st.records)
        players = len(root.total)
        while not st.finished and len(st.records) == records:
            legal = st.legal_actions()
            mover = st.decider
            children = node.children
            untried = [a for a in legal if (a.kind, a.value) not in children]
            for a in legal:
                child = children.get((a.kind, a.value))
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = Node(players)
                child.avail = 1
                children[(action.kind, action.value)] = child
                st.apply_action(action)
                path.append((child, mover))
                break
            best: Any  # an action of `legal` (never empty here) once the loop has run
            best, best_score = None, -1e18
            for a in legal:
                child = children[(a.kind, a.value)]
                score = child.total[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[(best.kind, best.value)]
            st.apply_action(best)
            path.append((node, mover))
        steps = 0
        while not st.finished and len(st.records) == records:
            legal = st.legal_actions()
            st.apply_action(legal[0] if len(legal) == 1 else rng.choice(legal))
            steps += 1
        values = _values(st)
        gains = [v - b for v, b in zip(values, base)]
        biggest = max(abs(g) for g in gains)
        if biggest > scale[0]:
            scale[0] = biggest
        reward = [g / scale[0] for g in gains]
        for node, _ in path:
            node.visits += 1
            total = node.total
            for i in range(players):
                total[i] += reward[i]
        return steps


def _values(st: Any) -> list:
    rs = st.rs
    fn = getattr(rs, "evaluate_fn", None) or rs.returns_fn
    return [st.with_local("seat", s, fn) for s in range(rs.num_players)]
