"""The bounded load test (benchmarks/web_load.py): tables with AI seats playing at once on the
loopback address, with no error message and no lost move (every move made is in the save)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import web_load  # noqa: E402


def test_a_few_tables_at_once_lose_no_move():
    out = web_load.run(tables=3, seconds=5, level="random")
    assert out["moves"] > 0 and out["errors"] == [] and out["lost"] == []


@pytest.mark.slow
def test_twenty_tables_for_a_minute_lose_no_move():
    out = web_load.run(tables=20, seconds=60, level="easy")
    print(web_load.report(out))
    assert out["moves"] > 0 and out["errors"] == [] and out["lost"] == []
