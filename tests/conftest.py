"""Shared fixtures: the shipped rulesets, loaded once per session."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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
