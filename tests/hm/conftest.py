"""The compiled Hachinin Meri ruleset, loaded once per test session."""

import pytest

from .helpers import load_ruleset


@pytest.fixture(scope="session")
def rs():
    return load_ruleset()
