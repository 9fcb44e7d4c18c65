"""Logs and saves written by release 0.1.0 still load, replay and play on.

The fixtures in `tests/fixtures/release_0_1_0/` were written by the 0.1.0
release with its own rulesets (copied beside them, so a later change to a
shipped ruleset does not invalidate them): game logs of every shipped game
from `simulate --log-dir` and `play --log`, and two mid-game saves from the
prompt.  A change to the engine, the log format or the save format that
cannot read them fails here.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import interpreter
from interpreter.frontends.replay import replay_log

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "release_0_1_0"
LOGS = sorted((FIXTURES / "logs").glob("*.jsonl"))
SAVES = sorted((FIXTURES / "saves").glob("*.json"))


def test_fixtures_are_present():
    assert len(LOGS) >= 10 and len(SAVES) == 2


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_release_log_replays_with_equal_results(log):
    report = replay_log(log, check=True)
    assert report.games >= 1 and report.actions > 0
    if log.stem.endswith("_play"):  # stopped at the prompt mid-game: 0.1.0 did not mark that in the log
        assert len(report.problems) == 1 and "ends before its game ended" in report.problems[0], report.problems
        return
    assert report.ok, report.problems


@pytest.mark.parametrize("save", SAVES, ids=[p.stem for p in SAVES])
def test_release_save_resumes_and_plays_to_the_end(save):
    data = json.loads(save.read_text(encoding="utf-8"))
    rs = interpreter.load(save.parent / data["ruleset"])
    state = rs.state_from_json(data["state"])
    assert not state.is_terminal()
    now, then = state.to_json(), data["state"]
    for key in ("zones", "meta", "groups", "vars", "pc", "seed", "counter", "decider", "window", "records"):
        assert now[key] == then[key], key
    decisions = [h for h in then["history"] if h[1] != -3]  # 0.1 kept messages in the history
    assert now["history"] == decisions
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == rs.num_players


@pytest.mark.parametrize("save", SAVES, ids=[p.stem for p in SAVES])
def test_release_save_resumes_at_the_prompt(save, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from interpreter.frontends.cli import cli

    shutil.copytree(FIXTURES, tmp_path / "release")
    monkeypatch.chdir(tmp_path / "release" / "saves")
    result = CliRunner().invoke(cli, ["play", "--resume", save.name], input="quit\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "game saved" in result.output
