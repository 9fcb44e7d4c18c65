"""Saves and logs that cannot be forged silently, and two processes that cannot clobber each other
(issue 20: P4, the edited saves and logs, the concurrency cases)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli
from interpreter.frontends.savefile import DIGEST, SAVE_FORMAT, default_save_path, key_path, read_save, saves_folder

ROOT = Path(__file__).resolve().parents[2]
DZ = str(ROOT / "rulesets" / "duzihu.yaml")
MINI = str(ROOT / "docs" / "tutorial" / "mini_whist.yaml")
RELEASE = ROOT / "tests" / "fixtures" / "release_0_1_0"
INTERNALS = re.compile(r"Traceback|object has no attribute|(Type|Key|Attribute|Index|Value)Error|NoneType")


@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))
    return tmp_path


def play(args, input="", log=None):
    extra = ["--log", str(log)] if log else []
    return CliRunner().invoke(cli, ["play", *args, *extra], input=input, catch_exceptions=False)


def saved_path(output: str) -> Path:
    return Path(re.search(r"--resume (\S+)", output).group(1).strip("'"))


def a_save(args=(DZ, "--agents", "random", "--seed", "2"), input="1\n1\n", log=None) -> Path:
    result = play(list(args), input, log)
    assert "game saved" in result.output, result.output
    return saved_path(result.output)


def test_every_seed_play_accepts_is_one_a_save_keeps(saves):
    # (found by hand: `play --seed -1` started and saved a game that could not be resumed)
    from interpreter.frontends.savecheck import SEED_LIMIT

    for seed in (-1, SEED_LIMIT):
        result = CliRunner().invoke(cli, ["play", DZ, "--agents", "random", "--seed", str(seed)], input="")
        assert result.exit_code == 2 and f"{seed} is not in the range 0<=x<={SEED_LIMIT - 1}" in result.output
        assert not list(saves.rglob("*.json"))
    save = a_save((DZ, "--agents", "random", "--seed", str(SEED_LIMIT - 1)))
    resumed = play(["--resume", str(save)], "quit\n")
    assert "damaged" not in resumed.output and not INTERNALS.search(resumed.output), resumed.output


# ----------------------------------------------------------------- signing


def test_the_key_is_made_on_first_use_with_mode_0600(saves):
    assert not key_path().exists()
    save = a_save()
    assert key_path() == saves / "save-key"
    assert stat.S_IMODE(key_path().stat().st_mode) == 0o600
    assert read_save(save).data["format"] == SAVE_FORMAT and not read_save(save).legacy


def test_the_data_folder_follows_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDRULES_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert key_path() == tmp_path / "cardrules" / "save-key"
    assert saves_folder() == tmp_path / "cardrules" / "saves"


def test_default_save_names_are_unique_per_game(saves):
    assert len({default_save_path("duzihu") for _ in range(50)}) == 50


@pytest.mark.parametrize(
    "field, value",
    [("seat", 1), ("seed", 3), ("game_number", -1), ("agents", "ismcts:iterations=999999999"), ("lang", "ja"),
     ("log", "/tmp/elsewhere.jsonl"), ("state.seed", 12345), ("options", {"x": 1})],
)  # fmt: skip
def test_any_edit_of_a_signed_save_is_refused(saves, field, value):
    save = a_save()
    first, digest = save.read_text().splitlines()
    data = json.loads(first)
    if field == "state.seed":
        data["state"]["seed"] = value
    else:
        data[field] = value
    before = json.dumps(data, separators=(",", ":")) + "\n" + digest + "\n"
    save.write_text(before)
    result = play(["--resume", str(save)])
    assert result.exit_code == 1
    assert "changed after cardrules wrote it" in result.output and "start a new game" in result.output
    assert not INTERNALS.search(result.output), result.output
    assert save.read_text() == before


@pytest.mark.parametrize("byte", [b"\x80", b"\xff", "é".encode(), b"\x00"])
def test_a_digest_with_a_byte_that_is_not_ascii_is_refused_in_words(saves, byte):
    # (found by the long save fuzz: a non-ASCII byte spliced into the digest line stopped `play --resume`
    # with a Python TypeError from comparing the digests as text)
    save = a_save()
    raw = save.read_bytes()
    at = raw.index(f"{DIGEST} ".encode()) + len(DIGEST) + 11  # ten characters into the digest
    save.write_bytes(raw[:at] + byte + raw[at:])
    before = save.read_bytes()
    result = play(["--resume", str(save)])
    assert result.exit_code == 1, result.output
    assert "changed after cardrules wrote it" in result.output and "start a new game" in result.output
    assert not INTERNALS.search(result.output), result.output
    assert save.read_bytes() == before


def test_a_save_signed_with_another_key_is_refused_with_what_to_do(saves):
    save = a_save()
    key_path().unlink()
    result = play(["--resume", str(save)])
    assert result.exit_code == 1 and "copy the key file" in result.output


# ----------------------------------------------------------------- saves of release 0.1.0


def legacy_copy(tmp_path: Path, name: str = "dz_mid.json") -> Path:
    shutil.copytree(RELEASE, tmp_path / "release")
    return tmp_path / "release" / "saves" / name


def test_a_release_save_resumes_with_a_notice_and_is_signed_again(saves, monkeypatch):
    save = legacy_copy(saves)
    monkeypatch.chdir(save.parent)
    result = play(["--resume", save.name], "quit\n")
    assert result.exit_code == 0, result.output
    assert "from an older cardrules" in result.output and "unsigned" in result.output
    again = read_save(save)
    assert not again.legacy and again.data["format"] == SAVE_FORMAT


def _edit(data: dict, field: str, value) -> None:
    if field.startswith("state."):
        data["state"][field[6:]] = value
    else:
        data[field] = value


LEGACY_EDITS = [
    ("seed", 7),  # every later deal would change: the rebuilt game is not the saved one
    ("game_number", -1),
    ("game_number", 2),
    ("agents", "ismcts:iterations=999999999"),
    ("lang", "en; rm -rf /"),
    ("seat", 9),
    ("state.seed", 4),
    ("state.counter", 3),
    ("state.steps", 1),
    ("shown", "x"),
    ("extra", 1),
]


@pytest.mark.parametrize("field, value", LEGACY_EDITS, ids=[f"{f}={v}" for f, v in LEGACY_EDITS])
def test_an_edited_release_save_is_refused_in_words(saves, monkeypatch, field, value):
    save = legacy_copy(saves)
    data = json.loads(save.read_text())
    _edit(data, field, value)
    save.write_text(json.dumps(data))
    before = save.read_bytes()
    monkeypatch.chdir(save.parent)
    result = play(["--resume", save.name], "quit\n")
    assert result.exit_code == 1, result.output
    assert result.output.startswith("cardrules: ") and not INTERNALS.search(result.output), result.output
    assert save.read_bytes() == before


def test_a_saved_log_that_is_not_a_log_is_never_written(saves, monkeypatch):
    victim = saves / "notes.txt"
    victim.write_text("my own file\n")
    save = legacy_copy(saves)
    data = json.loads(save.read_text())
    data["log"] = str(victim)
    save.write_text(json.dumps(data))
    monkeypatch.chdir(save.parent)
    result = play(["--resume", save.name], "quit\n")
    assert "not a cardrules log" in result.output
    assert victim.read_text() == "my own file\n"


# ----------------------------------------------------------------- the end of a match, and logs


def test_quit_at_the_end_saves_the_finished_match_and_resume_shows_its_end(saves):
    log = saves / "mini.jsonl"
    result = play([MINI, "--agents", "random", "--seed", "1"], "1\n" * 12 + "quit\n", log)
    assert "next or quit?" in result.output and "quit: game saved" in result.output, result.output[-800:]
    save = saved_path(result.output)
    assert read_save(save).data["state"]["finished"] is True
    again = play(["--resume", str(save)], "quit\n")
    assert "final scores" in again.output.lower() and "next or quit?" in again.output
    check = CliRunner().invoke(cli, ["replay", "--check", "-q", str(log)])
    assert check.exit_code == 0, check.output
    assert log.read_text().count('"type": "end"') == 1


def test_a_resumed_game_writes_its_log_again_so_it_replays(saves):
    log = saves / "dz.jsonl"
    save = a_save(log=log)
    assert '"type": "suspended"' in log.read_text()
    play(["--resume", str(save)], "1\n1\n1\n")
    check = CliRunner().invoke(cli, ["replay", "--check", "-q", str(log)])
    assert check.exit_code == 0, check.output
    assert log.read_text().count('"type": "header"') == 1


def simulate_log(tmp_path: Path) -> list[str]:
    folder = tmp_path / "logs"
    CliRunner().invoke(cli, ["simulate", MINI, "-n", "1", "--seed", "4", "--log-dir", str(folder)])
    (log,) = folder.iterdir()
    return log.read_text().splitlines()


def check_lines(tmp_path: Path, lines: list[str]):
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    return CliRunner().invoke(cli, ["replay", "--check", "-q", str(path)])


@pytest.mark.parametrize("cut", [1, 2, 5, -1])
def test_a_log_cut_at_a_line_boundary_fails_the_check_naming_the_line(tmp_path, cut):
    lines = simulate_log(tmp_path)
    result = check_lines(tmp_path, lines[:cut])
    assert result.exit_code == 1
    assert re.search(r"edited\.jsonl:\d+: the log ends before its game ended", result.output), result.output


def test_extra_end_lines_fail_the_check(tmp_path):
    lines = simulate_log(tmp_path)
    result = check_lines(tmp_path, lines + [lines[-1]])
    assert result.exit_code == 1 and f"edited.jsonl:{len(lines) + 1}:" in result.output


@pytest.mark.parametrize(
    "field, value, words",
    [("version", "9.9.9", "version"), ("version", 1, "version"), ("agents", ["random"], "agents"),
     ("agents", ["wizard", "random"], "agent"), ("ruleset_id", "duzihu", "ruleset_id"), ("seed", 5, "seed")],
)  # fmt: skip
def test_an_edited_header_fails_the_check(tmp_path, field, value, words):
    lines = simulate_log(tmp_path)
    header = json.loads(lines[0])
    header[field] = value
    result = check_lines(tmp_path, [json.dumps(header)] + lines[1:])
    assert result.exit_code == 1, result.output
    assert words in result.output and re.search(r"edited\.jsonl:\d+:", result.output), result.output


# ----------------------------------------------------------------- two processes


def command(*args: str, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "interpreter", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )


def test_a_second_process_on_one_save_is_refused_with_the_first_ones_pid(saves):
    save = a_save()
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(saves), "NO_COLOR": "1"}
    first = command("play", "--resume", str(save), env=env)
    try:
        first.stdout.readline()  # it has begun: the save is its own
        second = subprocess.run(
            [sys.executable, "-m", "interpreter", "play", "--resume", str(save)],
            input="quit\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert second.returncode == 1
        assert f"this game is open in another cardrules (pid {first.pid})" in second.stdout + second.stderr
    finally:
        first.communicate("quit\n", timeout=60)
    assert first.returncode == 0
    again = play(["--resume", str(save)], "quit\n")  # free again once the first has stopped
    assert again.exit_code == 0, again.output


def test_two_simulate_runs_into_one_log_folder_keep_every_log(tmp_path):
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path)}
    folder = tmp_path / "logs"
    runs = [command("simulate", MINI, "-n", "6", "--log-dir", str(folder), env=env) for _ in range(2)]
    for run in runs:
        run.communicate(timeout=120)
        assert run.returncode == 0
    logs = sorted(folder.glob("*.jsonl"))
    assert len(logs) == 12
    result = CliRunner().invoke(cli, ["replay", "--check", "-q", *map(str, logs)])
    assert result.exit_code == 0, result.output


# ----------------------------------------------------------------- Ctrl-C


@pytest.mark.parametrize("delay", [0.05, 0.15, 0.4])
def test_ctrl_c_during_start_up_is_one_line_and_130(tmp_path, delay):
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"}
    proc = command("play", "hachinin_meri", "--agents", "random", "--seed", "1", env=env)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate("", timeout=60)
    if "Traceback" in out and "interpreter/frontends" not in out:
        return  # the signal came while Python itself was starting, before any line of cardrules ran
    if proc.returncode == -signal.SIGINT and not out:
        return  # earlier still, before Python had its own handler (a loaded machine): killed silently
    assert "Traceback" not in out and "Exception ignored" not in out, out
    assert proc.returncode in (130, 0), (proc.returncode, out)  # 0: it had already read the end of input


@pytest.mark.parametrize("what", [["simulate", "hachinin_meri", "-n", "100000"], ["simulate", "duzihu", "-n", "100000",
                                  "--workers", "2"]])  # fmt: skip
def test_ctrl_c_ends_simulate_with_130(tmp_path, what):
    proc = command(*what, env={**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path)})
    time.sleep(2.0)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, out[-1500:]
    assert "Traceback" not in out and "interrupted" in out, out[-1500:]


def test_ctrl_c_at_the_prompt_saves_the_game_and_exits_130(tmp_path):
    """Waiting for the person's move (stdin open, nothing typed), a Ctrl-C saves and exits 130."""
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    proc = command("play", "duzihu", "--agents", "random", "--seed", "1", env=env)
    assert proc.stdout is not None
    seen = ""
    while "1) discard" not in seen:  # the first decision's moves: the prompt comes next
        line = proc.stdout.readline()
        assert line, seen
        seen += line
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, seen + out
    assert "game saved" in out and "Traceback" not in out, out
    assert list(tmp_path.glob("duzihu-*.json"))


def test_a_save_made_with_a_save_dir_resumes_as_printed_without_it(saves, tmp_path, monkeypatch):
    # a held-out author played with CARDRULES_SAVE_DIR set; the resume command printed at Ctrl-D, run in a
    # shell without it, said the save "was changed after cardrules wrote it" (another key was read)
    path = a_save()
    assert (path.parent / "save-key").is_file()
    monkeypatch.delenv("CARDRULES_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    play([DZ, "--agents", "random", "--seed", "3"], "1\n")  # (a key of its own in the default folder)
    assert key_path().is_file() and key_path().read_text() != (path.parent / "save-key").read_text()
    assert read_save(path).data["seed"] == 2
    edited = path.read_text().replace('"seed":2', '"seed":5')
    path.write_text(edited)
    with pytest.raises(Exception, match="digest does not match"):
        read_save(path)


def test_a_save_made_without_a_save_dir_resumes_with_one_set(tmp_path, monkeypatch):
    # a held-out author saved a game with the user's own key (no CARDRULES_SAVE_DIR) into a folder that
    # has a key of its own, then resumed it with CARDRULES_SAVE_DIR set to that folder: "was changed
    # after cardrules wrote it", where the user's own key signed it
    monkeypatch.delenv("CARDRULES_SAVE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    path = a_save()
    own = key_path().read_text()
    folder = tmp_path / "saves"
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(folder))
    play([DZ, "--agents", "random", "--seed", "3"], "1\n")  # (a key of its own in that folder)
    assert key_path() == folder / "save-key" and key_path().read_text() != own
    moved = folder / "mine.json"
    moved.write_bytes(path.read_bytes())
    assert read_save(moved).data["seed"] == 2
    moved.write_text(moved.read_text().replace('"seed":2', '"seed":5'))
    with pytest.raises(Exception, match="digest does not match"):
        read_save(moved)
