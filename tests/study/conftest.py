"""Small rulesets for the studies: the tutorial's Mini Whist and variants of it written per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.study.runner import CRASH_HOOK

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "docs" / "tutorial" / "mini_whist.yaml"
MERI = str(ROOT / "rulesets" / "hachinin_meri.yaml")
DUZIHU = str(ROOT / "rulesets" / "duzihu.yaml")

# Seat 0 gets three points more: a difference every paired test must find.
HEAD_START = """
id: mini_head_start
result:
  returns: "tricks[seat] + (3 if seat == 0 else 0)"
"""

# A rule whose step can never run (six tricks at most): it must be listed as never fired.
DEAD_RULE = """
id: mini_dead_rule
rules:
  - {id: MW-9, text: "Seven tricks win a bonus."}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [6]}
    id: MW-1
  - repeat:
      times: 6
      steps:
        - for_each:
            in: "seats_from(leader)"
            as: s
            steps:
              - turn: {player: s, actions: [play]}
        - set: {leader: "max(entries('trick'), key=strength).by"}
          id: MW-3
        - add: {"tricks[leader]": 1}
          id: MW-4
        - move: {from: trick, to: "won(leader)", all: true}
  - if: "tricks[0] > 6"
    then:
      - add: {"tricks[0]": 1}
    id: MW-9
"""


def variant(folder: Path, text: str) -> str:
    """A variant of Mini Whist written into `folder`; its path."""
    name = text.split("id: ", 1)[1].split("\n", 1)[0]
    path = folder / f"{name}.yaml"
    path.write_text(f"cardrules: 1\nextends: {MINI}\n{text.lstrip()}", encoding="utf-8")
    return str(path)


@pytest.fixture(scope="session")
def minis(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("minis")
    return {"base": str(MINI), "head_start": variant(folder, HEAD_START), "dead_rule": variant(folder, DEAD_RULE)}


@pytest.fixture(scope="session")
def ray_runtime(tmp_path_factory):
    """A Ray runtime on this machine (two CPUs), shared by every Ray test."""
    ray = pytest.importorskip("ray")
    crashes = tmp_path_factory.mktemp("crashes")
    os.environ[CRASH_HOOK] = str(crashes)  # before Ray starts: its workers inherit it
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning")
    yield crashes
    ray.shutdown()
    del os.environ[CRASH_HOOK]
