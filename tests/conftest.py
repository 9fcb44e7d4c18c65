"""Shared fixtures: the shipped rulesets, loaded once per session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# The default run is repeatable (the same examples every time, so CI cannot flake); set
# HYPOTHESIS_PROFILE=explore for fresh random examples, and `-m slow` for the long runs.
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

ROOT = Path(__file__).resolve().parent.parent

# Invariants that have a `when` are checked after every action in every test (and in the processes
# the tests start).
os.environ.setdefault("CARDRULES_CHECK_INVARIANTS", "1")


# The default run spreads the tests over the machine's cores (pytest-xdist, up to four workers:
# pyproject.toml); the tests that share one heavy session fixture run in one worker, so a run
# starts one Ray runtime and one Chromium, not one per worker.
_SHARED = {"ray_runtime": "ray", "chromium": "chromium"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        for fixture, group in _SHARED.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.xdist_group(group))
                break


@pytest.fixture(autouse=True, scope="session")
def _saves_stay_out_of_home(tmp_path_factory):
    """Saves and the key that signs them go to a folder of the test run, never the user's."""
    if "CARDRULES_SAVE_DIR" not in os.environ:
        os.environ["CARDRULES_SAVE_DIR"] = str(tmp_path_factory.mktemp("saves"))


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    """What cardrules keeps between runs (`$XDG_CACHE_HOME/cardrules`) goes to this test's folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "cardrules"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def hm():
    import interpreter

    return interpreter.load(str(ROOT / "rulesets" / "hachinin_meri.yaml"))


@pytest.fixture(scope="session")
def dz():
    import interpreter

    return interpreter.load(str(ROOT / "rulesets" / "duzihu.yaml"))
