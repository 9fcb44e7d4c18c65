"""players.choices: a ruleset compiled for the number of players a game is started with, and
validated for every number it offers."""

from __future__ import annotations

import pytest

import interpreter
from interpreter.compiling import assemble, pipeline
from interpreter.compiling.pipeline import PlayerCountError, check_file, load_ruleset
from interpreter.text.rules_page import render_rules
from tests.engine.tiny import CHOICES, HIGH_CARD


@pytest.fixture
def choices(tmp_path):
    path = tmp_path / "choices.yaml"
    path.write_text(CHOICES, encoding="utf-8")
    return path


def _play_out(rs, seed=3):
    st = rs.new_game(seed=seed)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return st


@pytest.mark.parametrize("players", [None, 2, 3, 4])
def test_a_ruleset_is_compiled_for_the_number_of_players_asked(choices, players):
    rs = load_ruleset(choices, players=players)
    n = players or 3
    assert rs.num_players == n and rs.model.players.count == n
    assert rs.model.players.choices == (2, 3, 4) and rs.model.players.default == 3
    assert len(_play_out(rs).returns()) == n
    assert interpreter.load(choices, players=players).num_players == n  # the Python API


def test_a_number_not_offered_is_a_clear_error(choices, tmp_path):
    with pytest.raises(
        PlayerCountError, match=r"'choices' is played by 2, 3, 4 players \(its players.choices\), not 5"
    ):
        load_ruleset(choices, players=5)
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(HIGH_CARD, encoding="utf-8")
    assert load_ruleset(fixed, players=2).num_players == 2  # its count: accepted
    with pytest.raises(PlayerCountError, match=r"played by 2 players \(its players.count\), not 3"):
        load_ruleset(fixed, players=3)
    with pytest.raises(ValueError):  # (PlayerCountError is one)
        interpreter.load(fixed, players=0)


def test_validate_compiles_every_choice_and_a_fixed_count_once(choices, tmp_path, monkeypatch):
    compiled = []
    real = assemble.compile_ruleset

    def counting(model, *args, **kwargs):
        compiled.append(model.players.count)
        return real(model, *args, **kwargs)

    monkeypatch.setattr(assemble, "compile_ruleset", counting)
    monkeypatch.setattr(pipeline, "compile_ruleset", counting, raising=False)
    assert check_file(choices).ok
    assert sorted(compiled) == [2, 3, 4]
    compiled.clear()
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(HIGH_CARD, encoding="utf-8")
    assert check_file(fixed).ok
    assert compiled == [2]  # no second compile without choices
    compiled.clear()
    load_ruleset(choices, players=4)
    assert compiled == [4]  # loading compiles the number asked for only


def test_validate_says_for_which_numbers_of_players_a_problem_happens(tmp_path):
    path = tmp_path / "listed.yaml"
    path.write_text(CHOICES.replace("  - shuffle: deck\n", '  - shuffle: deck\n  - set: {played: "[0, 0, 0]"}\n'))
    messages = [d.message for d in check_file(path).diagnostics]
    assert messages == [
        "with 2 players: 'played' holds one value per seat (2), and this list has 3",
        "with 4 players: 'played' holds one value per seat (4), and this list has 3",
    ]
    with pytest.raises(interpreter.RulesetError):
        load_ruleset(path, players=2)
    assert load_ruleset(path).num_players == 3  # its default count is right


def test_validate_plays_a_short_game_of_each_number_of_players(tmp_path):
    path = tmp_path / "deal.yaml"
    path.write_text(CHOICES.replace("counts: 3}", "counts: 5}"))  # 12 cards: enough for two players only
    [found] = check_file(path).diagnostics
    assert (
        found.message == "with 3 or 4 players: a game with random moves fails: cannot deal 5 cards: only 2 left in deck"
    )
    assert found.span.line == 23 and "each one must work" in found.hint
    assert load_ruleset(path, players=2).num_players == 2  # (loading plays no game)


def test_a_legality_rule_that_fails_with_some_counts_is_reported_at_its_expression(tmp_path):
    # (found by the long fuzz run: a rule of legality names no step, so the report had no place)
    path = tmp_path / "legal.yaml"
    broken = '    param: {name: c, from: "hand(player)"}\n    available_if: "3 // (len(pile) + 4 - len(seats)) >= 0"\n'
    path.write_text(CHOICES.replace('    param: {name: c, from: "hand(player)"}\n', broken))
    [found] = check_file(path).diagnostics
    assert found.message.startswith("with 4 players: a game with random moves fails: division by zero")
    assert "the legality of 'play'" in found.message
    assert (found.span.line, found.span.col) == (18, 22)  # the `//`, as the message says
    assert f"legal.yaml:{found.span.line}:{found.span.col}" in found.message


def test_the_rules_page_lists_the_numbers_of_players(choices):
    rs = load_ruleset(choices)
    page = render_rules(rs.model, ruleset=rs)
    assert "2, 3, 4 players (chosen when a game starts; 3 unless another number is chosen)." in page
