"""Files a command writes beside its play (game logs, results, a report): a place that cannot hold
them is refused before the run, and a write that fails during it (a full disk) is said in words
while the run, or the game, goes on; never an internal error."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends import locks
from interpreter.frontends.cli import cli
from interpreter.frontends.savefile import read_save

ROOT = Path(__file__).resolve().parents[2]
DZ = str(ROOT / "rulesets" / "duzihu.yaml")
MINI = str(ROOT / "docs" / "tutorial" / "mini_whist.yaml")
INTERNALS = re.compile(r"Traceback|internal error|Errno|(Type|Key|Attribute|Index|Value)Error")


@pytest.fixture
def blocker(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    return path


@pytest.fixture
def full_disk(monkeypatch):
    """Every stream a Guarded wraps fails its writes from the `after`-th on, as a full disk does."""
    state = {"after": 0}

    class Full:
        def __init__(self, stream):
            self.stream, self.writes = stream, 0

        def write(self, text):
            self.writes += 1
            if self.writes > state["after"]:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.stream.write(text)

        def flush(self):
            self.stream.flush()

        def close(self):
            self.stream.close()

    original = locks.Guarded.__init__

    def init(self, stream):
        original(self, Full(stream))

    monkeypatch.setattr(locks.Guarded, "__init__", init)
    return state


def run(*args: str, input: str = ""):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", DZ, "-n", "2", "--agents", "random", "--results", "{blocked}"),
        ("simulate", DZ, "-n", "2", "--agents", "random", "--log-dir", "{blocked}"),
        ("balance", MINI, MINI, "-n", "2", "--report", "{blocked}"),
    ],
)
def test_a_place_under_a_file_is_refused_before_any_game(blocker, args):
    place = str(blocker / "out")
    result = run(*(a.replace("{blocked}", place) for a in args))
    assert result.exit_code == 2, result.output
    assert place in result.output and "games/s" not in result.output and not INTERNALS.search(result.output)


def test_game_logs_that_cannot_be_written_are_counted_and_the_figures_still_shown(tmp_path, full_disk):
    result = run("simulate", DZ, "-n", "4", "--agents", "random", "--workers", "1", "--log-dir", str(tmp_path))
    assert "the logs of 4 games could not be written in" in result.output, result.output
    assert "No space left on device" in result.output and "mean" in result.output
    assert result.exit_code == 1 and not INTERNALS.search(result.output)


def test_results_that_cannot_all_be_written_are_said_and_the_figures_still_shown(tmp_path, full_disk):
    full_disk["after"] = 2
    out = tmp_path / "rows.jsonl"
    result = run("simulate", DZ, "-n", "5", "--agents", "random", "--workers", "1", "--results", str(out))
    assert f"the results could not all be written to {out}" in result.output and "mean" in result.output
    assert result.exit_code == 1 and not INTERNALS.search(result.output)
    assert len(out.read_text().splitlines()) == 2


def test_a_game_log_that_fills_the_disk_is_said_once_and_the_game_goes_on(tmp_path, full_disk, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path / "saves"))
    full_disk["after"] = 3
    log = tmp_path / "game.jsonl"
    result = run("play", DZ, "--agents", "random", "--seed", "4", "--log", str(log), input="1\n" * 6 + "quit\n")
    assert result.output.count(f"cannot write the log {log} (No space left on device)") == 1, result.output[-2000:]
    assert "quit: game saved" in result.output and not INTERNALS.search(result.output)
    save = Path(re.search(r"--resume (\S+)", result.output).group(1).strip("'"))
    assert read_save(save).data["log"] is None  # the save no longer promises a log
