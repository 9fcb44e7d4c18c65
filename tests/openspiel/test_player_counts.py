"""A ruleset with players.choices as an OpenSpiel game: the parameter `players`, as OpenSpiel's own
games have it, chooses the number of players (by default players.count)."""

from __future__ import annotations

import pytest

from tests.engine.tiny import CHOICES, HIGH_CARD
from tests.openspiel.helpers import adapter, pyspiel, random_game


def test_the_parameter_players_chooses_the_number_of_players(tmp_path):
    path = tmp_path / "choices.yaml"
    path.write_text(CHOICES, encoding="utf-8")
    g = adapter.load_game(path)
    t = g.get_type()
    assert (t.min_num_players, t.max_num_players) == (2, 4)
    assert g.num_players() == 3 and g.get_parameters() == {"players": 3}
    for n in (2, 4):
        chosen = pyspiel.load_game("cardrules_choices", {"players": n})
        assert chosen.num_players() == n and chosen.get_parameters() == {"players": n}
        assert len(random_game(chosen, seed=n).returns()) == n
        pyspiel.random_sim_test(chosen, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(ValueError, match=r"played by 2, 3, 4 players \(its players.choices\), not 5"):
        pyspiel.load_game("cardrules_choices", {"players": 5})


def test_a_fixed_number_of_players_has_no_such_parameter(tmp_path):
    path = tmp_path / "fixed.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    g = adapter.load_game(path)
    t = g.get_type()
    assert (t.min_num_players, t.max_num_players) == (2, 2) and "players" not in g.get_parameters()


def test_oh_hell_is_registered_for_three_to_seven_players():
    t = pyspiel.load_game("cardrules_oh_hell").get_type()
    assert (t.min_num_players, t.max_num_players) == (3, 7)
    seven = pyspiel.load_game("cardrules_oh_hell", {"players": 7, "deals": 1, "fixed_size": True})
    assert seven.num_players() == 7 and len(random_game(seven, seed=1).returns()) == 7
