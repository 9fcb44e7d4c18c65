"""A game's result depends only on its ruleset, options, game number and seed: one process, two
worker processes and Ray give the same results game for game, and the same summary."""

from __future__ import annotations

import io
import json

import pytest

from interpreter.frontends.simulate import simulate
from interpreter.study.runner import CRASH_HOOK
from tests.study.conftest import DUZIHU, MERI

TIMING = {"seconds", "games_per_second", "deals_per_second", "peak_memory_mb", "where"}


def run(path: str, games: int, **kwargs) -> tuple[list[dict], dict]:
    rows = io.StringIO()
    summary, _tally = simulate(path, games, 5, kwargs.pop("agents", "random"), {}, results=rows, **kwargs)
    figures = {k: v for k, v in summary.as_dict().items() if k not in TIMING}
    return [json.loads(line) for line in rows.getvalue().splitlines()], figures


@pytest.fixture(scope="module")
def one_process():
    return {path: run(path, 24) for path in (MERI, DUZIHU)}


@pytest.mark.parametrize("path", [MERI, DUZIHU], ids=["meri", "duzihu"])
def test_two_worker_processes_give_what_one_gives(path, one_process):
    rows, figures = run(path, 24, workers=2)
    assert rows == one_process[path][0]
    assert figures == one_process[path][1]
    assert [r["game"] for r in rows] == list(range(24)) and rows[3]["seed"] == 8


def test_a_game_is_the_same_whichever_range_it_is_played_in(one_process):
    """Game 20 played alone (its own range, first in its run) is game 20 of the longer run."""
    from interpreter.frontends.simulate import SimJob, play_range
    from interpreter.study.sources import RulesetSource

    tally = play_range(SimJob(RulesetSource(DUZIHU), "random", 5, {}, rows=True), range(20, 21))
    assert tally.rows == [one_process[DUZIHU][0][20]]


def test_a_worker_process_that_dies_is_replaced_and_its_games_played_again(tmp_path, monkeypatch, one_process):
    monkeypatch.setenv(CRASH_HOOK, str(tmp_path))
    (tmp_path / "crash-9").touch()
    rows = io.StringIO()
    summary, _tally = simulate(DUZIHU, 24, 5, "random", {}, workers=2, results=rows)
    assert not (tmp_path / "crash-9").exists()  # it did die
    assert [json.loads(line) for line in rows.getvalue().splitlines()] == one_process[DUZIHU][0]
    assert summary.outcome.retries and "worker process died" in summary.outcome.retries[0].reason


@pytest.mark.parametrize("path", [MERI, DUZIHU], ids=["meri", "duzihu"])
def test_ray_tasks_give_what_one_process_gives(path, one_process, ray_runtime):
    rows, figures = run(path, 24, cluster="ray")
    assert rows == one_process[path][0]
    assert figures == one_process[path][1]


def test_a_ray_worker_that_dies_is_retried_and_the_report_says_so(one_process, ray_runtime):
    (ray_runtime / "crash-13").touch()
    rows = io.StringIO()
    summary, _tally = simulate(MERI, 24, 5, "random", {}, cluster="ray", results=rows)
    assert not (ray_runtime / "crash-13").exists()
    assert [json.loads(line) for line in rows.getvalue().splitlines()] == one_process[MERI][0]
    (retry,) = summary.outcome.retries
    assert 13 in retry.games and "Ray worker died" in retry.reason
    assert summary.as_dict()["retries"] == [retry.describe()]


@pytest.mark.slow
def test_2000_meri_games_on_ray_are_the_games_of_one_process(ray_runtime):
    local_rows, local = run(MERI, 2_000)
    ray_rows, on_ray = run(MERI, 2_000, cluster="ray")
    assert ray_rows == local_rows and on_ray == local
