"""`cardrules balance`: paired seeds, the figures and their tests, rules that never fired, skill,
the same report from one process and two, and every bad input a clear message."""

from __future__ import annotations

import json

import pytest

from interpreter.study.summary import run_balance

SKILL = ("greedy",)


def balance(paths: list[str], games: int = 30, workers: int = 1, cluster: str | None = None, **kwargs) -> dict:
    summary, _outcome = run_balance(
        paths,
        games,
        3,
        kwargs.pop("agents", "random"),
        [{} for _ in paths],
        (workers, cluster, None),
        kwargs.pop("skill", SKILL),
        kwargs.pop("skill_games", 10),
        **kwargs,
    )
    return summary


def without_run(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "run"}


@pytest.fixture(scope="module")
def study(minis):
    return balance([minis["base"], minis["head_start"], minis["dead_rule"]])


def paired_tests(summary: dict, variant: int) -> dict[str, dict]:
    return {t["metric"]: t for t in summary["paired"][variant]["tests"]}


def test_every_ruleset_plays_the_same_games_and_a_copy_differs_in_nothing(study):
    """The dead-rule variant plays exactly Mini Whist's games (its extra step never runs): the
    same seeds give the same deals, so every paired difference is exactly 0."""
    base, _head, dead = study["rulesets"]
    assert base["games"] == dead["games"] == 30 and study["games"] == 30
    assert base["game_scores"] == dead["game_scores"] and base["sides"] == dead["sides"]
    for t in study["paired"][1]["tests"]:
        assert t["diff"] == 0 and not t["significant"], t


def test_the_paired_tests_find_a_known_difference(study):
    tests = paired_tests(study, 0)
    assert tests["score: seat 0"]["diff"] == 3 and tests["score: seat 0"]["significant"]
    assert tests["win: seat 0"]["diff"] > 0 and tests["win: seat 0"]["significant"]
    assert not tests["score: seat 1"]["significant"]  # seat 1's own tricks did not change
    assert tests["decisions"]["diff"] == 0


def test_each_side_has_a_win_rate_and_a_mean_with_95_percent_intervals(study):
    base = study["rulesets"][0]
    for side in base["sides"]:
        low, high = side["win_ci95"]
        assert low <= side["win_rate"] <= high
        assert side["score"]["ci95"][0] <= side["score"]["mean"] <= side["score"]["ci95"][1]
    wins = sum(s["wins"] for s in base["sides"])
    assert wins + base["draws"]["games"] == base["games"]
    assert set(base["measures"]) >= {"decisions", "lead changes", "decided at", "drama", "deal margin"}
    assert base["decisions"]["values"] == {"12": 30}  # six tricks of two cards


def test_a_rule_that_never_fires_is_listed_and_the_others_are_counted(study):
    base, _head, dead = study["rulesets"]
    assert [r["id"] for r in dead["rules"]["never_fired"]] == ["MW-9"]
    assert base["rules"]["never_fired"] == []
    fired = {r["id"]: r for r in base["rules"]["fired"]}
    assert fired["MW-1"]["times"] == 30 and fired["MW-1"]["games"] == 30  # one deal a game
    assert fired["MW-4"]["times"] == 6 * 30  # a point per trick
    assert fired["MW-2"]["times"] >= 12 * 30  # the action, played twelve times a game, and refusals


def test_the_skill_runs_measure_a_search_agent_against_the_others(study):
    base = study["rulesets"][0]
    greedy = base["skill"]["greedy"]
    assert greedy["games"] == 10 and greedy["even_win_rate"] == 0.5
    assert greedy["edge"]["ci95"][0] <= greedy["edge"]["mean"] <= greedy["edge"]["ci95"][1]
    assert study["paired"][0]["skill"]["greedy"]["n"] == 10


def test_a_counted_copy_plays_the_games_the_plain_ruleset_plays():
    from interpreter.compiling.pipeline import load_ruleset
    from interpreter.study.balance import play
    from interpreter.study.firing import instrument
    from tests.study.conftest import DUZIHU, MERI

    for path, games in ((DUZIHU, 4), (MERI, 1)):
        plain, counted = load_ruleset(path), instrument(load_ruleset(path))
        for seed in range(games):
            a, _ = play(plain, "random", seed, {})
            b, _ = play(counted, "random", seed, {})
            assert (a.returns(), a.decisions, a.deals) == (b.returns(), b.decisions, b.deals)
        assert sum(counted.firing.hits.values()) > 0


def test_two_worker_processes_give_the_same_report(study, minis):
    again = balance([minis["base"], minis["head_start"], minis["dead_rule"]], workers=2)
    assert without_run(again) == without_run(study)
    assert again["run"]["where"] == "local, 2 processes"


def test_ray_gives_the_same_report(study, minis, ray_runtime):
    on_ray = balance([minis["base"], minis["head_start"], minis["dead_rule"]], cluster="ray")
    assert without_run(on_ray) == without_run(study)
    assert on_ray["run"]["where"].startswith("Ray")


def test_the_json_is_what_the_report_shows(study):
    from interpreter.study.report import render

    page = render(study, [])
    assert json.loads(json.dumps(study)) == study  # plain data
    for r in study["rulesets"]:
        assert r["id"] in page
    assert "MW-9" in page and "Never fired" in page


def test_a_skill_game_the_ruleset_fails_in_is_counted_and_told(minis, monkeypatch):
    from interpreter.engine.program import FlowError
    from interpreter.study import balance as module

    real = module.play

    def failing_skill_runs(rs, spec, seed, options):
        if not isinstance(spec, str) and seed == 5:  # the skill runs pass one spec per seat
            raise FlowError("no such card")
        return real(rs, spec, seed, options)

    monkeypatch.setattr(module, "play", failing_skill_runs)
    summary = balance([minis["base"], minis["head_start"]], games=10, skill_games=10)
    base = summary["rulesets"][0]
    assert base["skill"]["greedy"]["failed"] == 1 and base["skill"]["greedy"]["games"] == 9
    assert any("skill run of greedy, game 2 (seed 5): no such card" in m for m in base["failures"])
    assert summary["paired"][0]["skill"]["greedy"]["n"] == 9
