"""`--players N`: play, simulate and balance a ruleset with players.choices for N players; saves and
logs say N, so that `play --resume` and `replay --check` load the ruleset for as many."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli
from interpreter.frontends.savefile import read_save, write_save
from tests.engine.tiny import CHOICES, HIGH_CARD


def run(args, input=None, env=None):
    return CliRunner().invoke(cli, args, input=input, env=env, catch_exceptions=False)


@pytest.fixture
def choices(tmp_path):
    path = tmp_path / "choices.yaml"
    path.write_text(CHOICES, encoding="utf-8")
    return str(path)


@pytest.fixture
def fixed(tmp_path):
    path = tmp_path / "fixed.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    return str(path)


def play(args, input, tmp_path):
    return run(["play", *args], input=input, env={"CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"})


def test_play_for_a_chosen_number_of_players_saves_it_and_resumes_with_it(choices, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    first = play([choices, "--players", "2", "--agents", "random", "--seed", "4"], "1\n", tmp_path)
    assert first.exit_code == 0, first.output
    assert "Seat 2" not in first.output  # two seats, 0 and 1
    save = re.search(r"--resume (\S+)", first.output).group(1)
    data = read_save(save).data
    assert data["players"] == 2
    second = play(["--resume", save], "quit\n", tmp_path)
    assert second.exit_code == 0, second.output
    assert "Seat 2" not in second.output and read_save(save).data["players"] == 2
    assert read_save(save).data["state"] == data["state"]


def test_a_save_without_a_number_of_players_resumes_with_players_count(choices, tmp_path, monkeypatch):
    """Saves written before players.choices have no `players`: their ruleset's count is theirs."""
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    first = play([choices, "--agents", "random", "--seed", "4"], "1\n", tmp_path)
    save = re.search(r"--resume (\S+)", first.output).group(1)
    data = read_save(save).data
    assert data["players"] == 3
    del data["players"]
    write_save(Path(save), data)
    second = play(["--resume", save], "quit\n", tmp_path)
    assert second.exit_code == 0, second.output
    assert read_save(save).data["players"] == 3


@pytest.mark.parametrize("players", ["0", "5", "-1"])
def test_a_number_of_players_the_ruleset_does_not_offer_is_a_usage_error(choices, players, tmp_path):
    result = play([choices, "--players", players, "--agents", "random"], "", tmp_path)
    assert result.exit_code == 2, result.output
    assert f"'choices' is played by 2, 3, 4 players (its players.choices), not {players}" in result.output
    assert "Traceback" not in result.output


def test_players_for_a_ruleset_without_choices_must_be_its_count(fixed, tmp_path):
    refused = run(["simulate", fixed, "-n", "2", "--players", "3", "--no-progress"])
    assert refused.exit_code == 2
    assert "'high_card' is played by 2 players (its players.count), not 3" in refused.output
    accepted = run(["simulate", fixed, "-n", "2", "--players", "2", "--no-progress"])
    assert accepted.exit_code == 0, accepted.output


def test_resume_keeps_its_number_of_players(choices, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    first = play([choices, "--players", "4", "--agents", "random", "--seed", "1"], "1\n", tmp_path)
    save = re.search(r"--resume (\S+)", first.output).group(1)
    result = play(["--resume", save, "--players", "2"], "", tmp_path)
    assert result.exit_code == 2 and "keeps its number of players" in result.output


def test_a_save_for_a_number_the_ruleset_no_longer_offers_is_refused_saying_why(choices, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    first = play([choices, "--players", "4", "--agents", "random", "--seed", "1"], "1\n", tmp_path)
    save = re.search(r"--resume (\S+)", first.output).group(1)
    Path(choices).write_text(CHOICES.replace("[2, 3, 4]", "[2, 3]"), encoding="utf-8")
    result = play(["--resume", save], "", tmp_path)
    assert result.exit_code == 1, result.output
    assert "cannot resume" in result.output and "not 4" in result.output
    assert "Traceback" not in result.output


def test_simulate_logs_the_number_of_players_and_replay_checks_them(choices, tmp_path):
    logs = tmp_path / "logs"
    result = run(["simulate", choices, "-n", "3", "--players", "4", "--log-dir", str(logs), "--no-progress", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)["seats"]) == 4
    files = sorted(logs.glob("*.jsonl"))
    header = json.loads(files[0].read_text().splitlines()[0])
    assert header["players"] == 4 and len(header["agents"]) == 4
    replayed = run(["replay", "--check", "-q", *map(str, files)])
    assert replayed.exit_code == 0, replayed.output
    # a log written before players.choices has no number: its ruleset's players.count is its
    lines = files[0].read_text().splitlines()
    del header["players"]
    files[0].write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    again = run(["replay", "--check", "-q", str(files[0])])
    assert again.exit_code == 1 and "agents are not one agent per seat (3)" in again.output


def test_balance_plays_every_ruleset_for_the_number_asked(choices):
    result = run(
        ["balance", choices, "-n", "4", "--players", "2", "--skill-games", "0", "--format", "json", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)["rulesets"][0]
    assert summary["players"] == 2 and len(summary["sides"]) == 2


def test_rules_and_help_say_it(choices):
    assert "2, 3, 4 players" in run(["rules", choices]).output
    for command in ("play", "simulate", "balance"):
        assert "--players" in run([command, "--help"]).output
