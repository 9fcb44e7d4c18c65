"""Games played at random through the adapter give the results of the same games played through our API."""

from __future__ import annotations

import pytest

from tests.openspiel.helpers import adapter, game, random_game

NAMES = adapter.SHIPPED


def _check(name: str, games: int, quick: bool) -> None:
    g = game(name, quick)
    rs, index = g.data.rs, g.data.index
    for n in range(games):
        state = random_game(g, n)
        history = state.history()
        seed = int.from_bytes(bytes(history[:8]), "big")
        ours = rs.new_game(seed=seed, options=g.options)
        for ident in history[8:]:
            by_id = {index.id(a): a for a in ours.legal_actions()}
            ours.apply_action(by_id[ident])
        assert ours.is_terminal()
        assert [float(r) for r in ours.returns()] == state.returns()
        assert ours.to_json() == state.engine_state().to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_few_random_games_match_our_api(name):
    _check(name, 3, quick=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_200_random_games_match_our_api(name):
    _check(name, 200, quick=False)


def test_every_action_id_is_unique_and_names_its_action():
    for name in NAMES:
        g = game(name)
        index = g.data.index

        def visit(state, index=index):
            legal = state.engine_state().legal_actions()
            ids = [index.id(a) for a in legal]
            assert len(set(ids)) == len(ids) and all(0 <= i < index.size for i in ids)
            for a, i in zip(legal, ids):
                kind, value, what = index.describe(i)
                assert kind == a.kind and (what == "whole" or value == a.value)

        random_game(g, 1, visit)
