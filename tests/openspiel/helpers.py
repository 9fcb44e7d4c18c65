"""Shared by the OpenSpiel adapter's tests: the shipped games and random play through the adapter."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs open_spiel (the extra [openspiel])")

import interpreter.openspiel as adapter  # noqa: E402

# Options that keep the default run short; the slow runs play the rulesets as shipped.
QUICK = {"cardrules_gin_rummy": {"target": 0}, "cardrules_oh_hell": {"deals": 2}}
MERI_LIKE = {name for name in adapter.SHIPPED if "deals" in dict(adapter.REGISTERED[name].params)}


def quick_options(name: str) -> dict:
    if name in QUICK:
        return QUICK[name]
    return {"deals": 1} if name in MERI_LIKE else {}


def game(name: str, quick: bool = True):
    return pyspiel.load_game(name, quick_options(name) if quick else {})


def random_game(g, seed: int, visit=None):
    """Play one game at random through the adapter; `visit(state)` is called before each decision."""
    rng = random.Random(seed)
    state = g.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        if visit is not None:
            visit(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state
