"""Where a game is saved: a place that cannot hold a save is refused before the game begins, what
is not a regular file is never replaced by one, and a save that fails when the game stops is
written in the saves folder instead, so nothing is lost."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends import prompt
from interpreter.frontends.cli import cli
from interpreter.frontends.locks import write_atomic
from interpreter.frontends.savefile import read_save

ROOT = Path(__file__).resolve().parents[2]
DZ = str(ROOT / "rulesets" / "duzihu.yaml")
INTERNALS = re.compile(r"Traceback|Errno|(Type|Key|Attribute|Index|Value)Error")


@pytest.fixture
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(folder))
    return folder


def play(*args: str, input: str = "quit\n"):
    return CliRunner().invoke(cli, ["play", DZ, "--agents", "random", "--seed", "3", *args], input=input)


def test_a_save_place_under_a_file_is_refused_before_the_game_begins(saves, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    result = play("--save", str(blocker / "game.json"))
    assert result.exit_code == 2, result.output
    assert f"cannot save the game to {blocker / 'game.json'}: {blocker} is not a folder" in result.output
    assert "Your hand" not in result.output and not INTERNALS.search(result.output)
    assert blocker.read_text() == "mine\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_a_folder_at_the_save_path_is_refused_and_left_as_it_was(saves, tmp_path):
    pipe, folder = tmp_path / "pipe", tmp_path / "folder"
    os.mkfifo(pipe)
    folder.mkdir()
    result = play("--save", str(pipe))
    assert result.exit_code == 2 and f"{pipe} is not a regular file" in result.output, result.output
    result = play("--save", str(folder))
    assert result.exit_code == 2 and "is a directory" in result.output, result.output
    assert stat.S_ISFIFO(pipe.stat().st_mode) and folder.is_dir() and not any(folder.iterdir())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_writing_a_whole_file_never_replaces_what_is_not_a_regular_file(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(OSError, match="is not a regular file"):
        write_atomic(pipe, "data")
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary file left


def test_a_save_that_fails_when_the_game_stops_is_written_in_the_saves_folder(saves, tmp_path, monkeypatch):
    wanted = tmp_path / "mine" / "game.json"
    real = prompt.write_save

    def disk_full(path, data):
        if Path(path) == wanted:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(prompt, "write_save", disk_full)
    result = play("--save", str(wanted), input="1\n1\nquit\n")
    assert f"could not save the game to {wanted}" in result.output and "quit: game saved" in result.output
    resumed = Path(re.search(r"--resume (\S+)", result.output).group(1).strip("'"))
    assert resumed.parent == saves and not wanted.exists()
    state = read_save(resumed).data["state"]
    assert len(state["history"]) >= 2  # the moves played are in it
    again = CliRunner().invoke(cli, ["play", "--resume", str(resumed)], input="quit\n")
    assert again.exit_code == 0 and "quit: game saved" in again.output, again.output


def test_a_saves_folder_that_cannot_be_made_is_said_before_the_game_and_nothing_crashes(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(blocker / "saves"))
    result = play(input="1\nquit\n")
    head = result.output.split("Your hand")[0]
    assert "note: this game cannot be saved in" in head, result.output[:600]
    assert "quit: could not save the game" in result.output and result.exit_code == 1
    assert "Traceback" not in result.output


# ----------------------------------------------------------------- files that are not regular files


def test_a_save_log_or_ruleset_that_never_ends_is_refused_not_read_into_memory():
    # a device that never ends (and never ends a line) used to be read whole: the command never came back
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    runner = CliRunner()
    locked_before = Path("/dev/zero.lock").exists()
    resume = runner.invoke(cli, ["play", "--resume", "/dev/zero"])
    assert resume.exit_code == 1 and "/dev/zero is not a regular file" in resume.output, resume.output
    assert locked_before or not Path("/dev/zero.lock").exists()  # no lock made beside a device
    replay = runner.invoke(cli, ["replay", "/dev/zero"])
    assert replay.exit_code == 1 and "a line longer than a cardrules log writes" in replay.output, replay.output
    validate = runner.invoke(cli, ["validate", "/dev/zero"])
    assert validate.exit_code == 1 and "file is too large" in validate.output
    assert not any(INTERNALS.search(r.output) for r in (resume, replay, validate))


@pytest.mark.skipif(not hasattr(os, "pipe"), reason="needs pipes")
def test_a_ruleset_read_from_a_pipe_is_validated_as_its_text(tmp_path):
    # `cardrules validate <(curl ...)`: the path names a pipe, which resolved to a name that does not exist
    if not Path("/dev/fd").is_dir():
        pytest.skip("no /dev/fd here")
    import subprocess
    import sys

    text = (ROOT / "rulesets" / "duzihu.yaml").read_bytes()
    read, write = os.pipe()
    code = "import sys; from interpreter.frontends.cli import cli; cli.main(sys.argv[1:])"
    child = subprocess.Popen(
        [sys.executable, "-c", code, "validate", f"/dev/fd/{read}"],
        pass_fds=(read,),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    os.close(read)
    with os.fdopen(write, "wb") as out:
        out.write(text)
    output = child.communicate(timeout=120)[0].decode()
    assert child.returncode == 0 and f"/dev/fd/{read}: ok" in output, output


def test_a_refused_save_leaves_no_lock_file_beside_it(saves, tmp_path):
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "cardrules-save/2"}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--resume", str(damaged)], input="quit\n")
    assert result.exit_code == 1 and "cardrules: " in result.output, result.output
    assert not (tmp_path / "damaged.json.lock").exists()
