"""OpenSpiel's own checks on every shipped ruleset, through the adapter.

`pyspiel.random_sim_test` with serialization (the C++ API checks: legal actions sorted and empty for
other seats, unique action strings, clones equal, serialize/deserialize, tensor sizes, returns in
range), and what open_spiel/python/tests/games_sim_test.py checks on its Python games (pickling the
game, its type and states, clones that stay equal, terminal states); then the resampling check that
OpenSpiel's ResampleInfostateTest makes, and ISMCTSBot and MCTSBot playing a few moves.
"""

from __future__ import annotations

import pickle
import random

import pytest

from tests.openspiel.helpers import adapter, game, pyspiel, random_game

NAMES = adapter.SHIPPED


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_with_serialization(name):
    pyspiel.random_sim_test(game(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_as_shipped(name):
    pyspiel.random_sim_test(game(name, quick=False), num_sims=3, serialize=True, verbose=False)


def _serialized(g, state):
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    assert str(new_game) == str(g) and str(new_state) == str(state)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()


@pytest.mark.parametrize("name", NAMES)
def test_python_game_checks(name):
    """games_sim_test.sim_game, as OpenSpiel runs it on its own Python games."""
    g = game(name)
    assert g.min_utility() < g.max_utility()
    assert str(pickle.loads(pickle.dumps(g))) == str(g)
    assert pickle.loads(pickle.dumps(g.get_type())) == g.get_type()
    rng = random.Random(1)
    state = g.new_initial_state()
    moves, next_check = 0, 1
    while not state.is_terminal():
        moves += 1
        if moves >= next_check:
            _serialized(g, state)
            next_check *= 2
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(rng.choice(actions))
            continue
        action = rng.choice(state.legal_actions(state.current_player()))
        copy = state.clone()
        assert str(copy) == str(state) and copy.history() == state.history()
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state) and copy.history() == state.history()
    assert state.legal_actions() == []
    returns = state.returns()
    for p in range(g.num_players()):
        assert state.legal_actions(p) == []
        assert state.player_return(p) == returns[p]
        assert g.min_utility() <= returns[p] <= g.max_utility()
    assert state.rewards() == returns


@pytest.mark.parametrize("name", NAMES)
def test_resampled_states_look_the_same_to_the_seat(name):
    """ResampleInfostateTest: a sample has the seat's information state (string and tensor)."""
    g = game(name)
    rng = random.Random(3)
    seen = []

    def visit(state):
        if rng.random() < 0.1 and len(seen) < 12:
            p = state.current_player()
            sample = state.resample_from_infostate(p, rng.random)
            assert sample.current_player() == p
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert sample.information_state_tensor(p) == state.information_state_tensor(p)
            assert sample.legal_actions() == state.legal_actions()
            seen.append(p)

    random_game(g, 5, visit)
    assert seen


def test_open_spiel_bots_play_through_the_adapter():
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    g = game("cardrules_duzihu")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(g, evaluator, 20.0, 4, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(g, 20.0, 4, evaluator, random_state=np.random.RandomState(2)),
    ]
    state = g.state_for_seed(11)
    for _ in range(6):
        bot = bots[state.current_player() % 2]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_load_game_by_name_and_path(root):
    by_name = adapter.load_game("duzihu")
    assert by_name.get_type().short_name == "cardrules_duzihu"
    assert adapter.load_game(root / "rulesets" / "duzihu.yaml").get_type() == by_name.get_type()
    tutorial = adapter.load_game(root / "docs" / "tutorial" / "mini_whist.yaml")
    assert tutorial.num_players() == 2
    pyspiel.random_sim_test(tutorial, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="no shipped ruleset"):
        adapter.load_game("no_such_game")


def test_game_type_is_honest():
    t = game("cardrules_duzihu").get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", NAMES)
def test_parameters_are_the_options(name):
    """The parameters registered from the YAML file are those of the compiled ruleset."""
    from interpreter.openspiel.rulesets import entry_from_ruleset

    g = pyspiel.load_game(name)
    assert entry_from_ruleset(g.data.rs).params == adapter.REGISTERED[name].params
