"""The command line: exit codes, output formats, the prompt, saves and logs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli
from interpreter.frontends.savefile import read_save

ROOT = Path(__file__).resolve().parents[2]
HM = str(ROOT / "rulesets" / "hachinin_meri.yaml")
DZ = str(ROOT / "rulesets" / "duzihu.yaml")


def run(args, input=None, env=None):
    return CliRunner().invoke(cli, args, input=input, env=env, catch_exceptions=False)


def test_help_lists_the_commands():
    out = run(["--help"]).output
    for command in ("validate", "schema", "play", "simulate", "replay"):
        assert command in out


def test_version():
    assert re.search(r"cardrules, version \d+\.\d+", run(["--version"]).output)


def test_validate_shipped_rulesets_exit_0():
    result = run(["validate", HM, DZ])
    assert result.exit_code == 0, result.output
    assert "ok" in result.output


def test_validate_broken_file_exit_1_with_location(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cardrules: 1\nid: x\nname: X\nplayers: {count: 2}\ndeck: {}\nflow: []\nzonez: {}\n")
    result = run(["validate", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:7:1: error: unknown key 'zonez'" in result.output
    assert "did you mean 'zones'?" in result.output
    assert "Traceback" not in result.output


def test_validate_json_format(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cardrules: 1\nid: x\n")
    result = run(["validate", "--format", "json", str(bad)])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert {"file", "line", "column", "severity", "message", "hint"} <= set(data[0])
    assert all(d["severity"] == "error" for d in data)


def test_validate_usage_errors_exit_2():
    assert run(["validate"]).exit_code == 2
    assert run(["validate", "--format", "xml", HM]).exit_code == 2


def test_validate_a_directory_is_a_clear_error(tmp_path):
    result = run(["validate", str(tmp_path)])
    assert result.exit_code == 1
    assert "directory" in result.output or "folder" in result.output


def test_schema_is_json():
    data = json.loads(run(["schema"]).output)
    assert data["title"] == "cardrules ruleset"


def play(args, input, tmp_path):
    return run(["play", *args], input=input, env={"CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"})


def test_play_survives_garbage_and_saves_on_end_of_input(tmp_path):
    junk = (
        "\n".join(
            ["", "xyzzy", "0", "999", "-3", "pao 10", "play nothing", "help", "score", "log", "rules", "\x00\x01", "1"]
        )
        + "\n"
    )
    result = play([HM, "--agents", "random", "--seed", "5"], junk, tmp_path)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "there is no move 999" in result.output
    assert "not a move or a command" in result.output
    assert "end of input: game saved" in result.output
    match = re.search(r"cardrules play --resume (\S+)", result.output)
    assert match and Path(match.group(1)).is_file()


def test_play_resume_continues_the_same_game(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(tmp_path))  # the key the saves are signed with
    first = play([HM, "--agents", "random", "--seed", "5"], "1\n", tmp_path)
    save = re.search(r"--resume (\S+)", first.output).group(1)
    state_before = read_save(save).data["state"]
    second = play(["--resume", save], "quit\n", tmp_path)
    assert second.exit_code == 0, second.output
    assert "quit: game saved" in second.output
    assert read_save(save).data["state"] == state_before


@pytest.mark.parametrize("damage", ["truncate", "garbage", "edit", "format"])
def test_damaged_save_gives_a_clear_error(tmp_path, damage):
    first = play([DZ, "--agents", "random", "--seed", "2"], "", tmp_path)
    save = Path(re.search(r"--resume (\S+)", first.output).group(1))
    text = save.read_text()
    if damage == "truncate":
        save.write_text(text[: len(text) // 2])
    elif damage == "garbage":
        save.write_bytes(b"\xff\xfe not json")
    elif damage == "edit":
        data = json.loads(text.splitlines()[0])
        data["state"]["zones"][0].append(0)
        save.write_text(json.dumps(data) + "\n" + text.splitlines()[1])
    else:
        data = json.loads(text.splitlines()[0])
        data["format"] = "cardrules-save/99"
        save.write_text(json.dumps(data))
    result = play(["--resume", str(save)], "", tmp_path)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "cardrules:" in result.output


def test_play_unknown_ruleset_is_a_usage_error(tmp_path):
    result = play(["hachinin_mery"], "", tmp_path)
    assert result.exit_code == 2
    assert "did you mean 'hachinin_meri'?" in result.output


def test_play_bad_agent_spec_is_a_usage_error(tmp_path):
    result = play([DZ, "--agents", "wizard"], "", tmp_path)
    assert result.exit_code == 2
    assert "unknown agent 'wizard'" in result.output


def test_play_illegal_card_is_explained_with_its_rule(tmp_path):
    from tests.engine.tiny import HIGH_CARD, compile_text

    path = tmp_path / "tiny.yaml"
    path.write_text(HIGH_CARD)
    rs = compile_text(HIGH_CARD)
    seed = next(s for s in range(100) if "s-6" in rs.new_game(seed=s).observation(0)["zones"]["hand"][0])
    result = play([str(path), "--agents", "random", "--seed", str(seed)], "s-6\n", tmp_path)
    assert "not allowed: the leader may not lead the 6 (T-2)" in result.output
    assert "Traceback" not in result.output


def test_simulate_and_replay_check(tmp_path):
    logs = tmp_path / "logs"
    result = run(["simulate", DZ, "-n", "3", "--seed", "4", "--log-dir", str(logs)])
    assert result.exit_code == 0, result.output
    assert "games" in result.output and "95% CI" in result.output
    for log in sorted(logs.iterdir()):
        checked = run(["replay", "--check", "-q", str(log)])
        assert checked.exit_code == 0, checked.output


def test_replay_check_fails_loudly_on_an_edited_log(tmp_path):
    logs = tmp_path / "logs"
    run(["simulate", DZ, "-n", "1", "--seed", "4", "--log-dir", str(logs)])
    log = next(logs.iterdir())
    lines = log.read_text().splitlines()
    edited = [json.dumps({**json.loads(x), "values": {"totals": [1, 2, 3]}}) if '"result"' in x else x for x in lines]
    log.write_text("\n".join(edited) + "\n")
    result = run(["replay", "--check", "-q", str(log)])
    assert result.exit_code == 1
    assert "result differs" in result.output


def test_simulate_json(tmp_path):
    result = run(["simulate", HM, "-n", "2", "--option", "deals=1", "--json"])
    data = json.loads(result.output)
    assert data["games"] == 2 and len(data["seats"]) == 8 and len(data["teams"]) == 2


def test_end_of_input_after_a_finished_game_saves_it(tmp_path):
    from tests.engine.tiny import HIGH_CARD

    path = tmp_path / "tiny.yaml"
    path.write_text(HIGH_CARD)
    result = play([str(path), "--agents", "random", "--seed", "1"], "1\n" * 6, tmp_path)
    assert "next or quit?" in result.output  # (high card carries nothing to a next game)
    assert "end of input: game saved" in result.output and "Traceback" not in result.output


def test_simulate_reports_peak_memory(tmp_path):
    from tests.engine.tiny import HIGH_CARD

    path = tmp_path / "tiny.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    result = run(["simulate", str(path), "-n", "5"])
    assert result.exit_code == 0, result.output
    assert re.search(r"peak memory \d+ MB", result.output.splitlines()[0])
    data = json.loads(run(["simulate", str(path), "-n", "5", "--json"]).output)
    assert data["peak_memory_mb"] > 0


def test_simulate_names_the_game_and_rule_of_a_broken_invariant(tmp_path):
    from tests.engine.tiny import HIGH_CARD

    path = tmp_path / "broken.yaml"
    path.write_text(
        HIGH_CARD.replace('check: "sum(points) == rounds"', 'check: "sum(points) == rounds + 1"'), encoding="utf-8"
    )
    result = CliRunner().invoke(
        cli, ["simulate", str(path), "-n", "3", "--seed", "7", "--log-dir", str(tmp_path / "logs")]
    )
    assert result.exit_code == 1
    assert "game 0 (seed 7, log " in result.output and "(T-3)" in result.output, result.output
    assert "Traceback" not in result.output


def test_replay_checks_many_logs_and_goes_on_past_an_unreadable_one(tmp_path):
    from tests.engine.tiny import HIGH_CARD

    path = tmp_path / "tiny.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    logs = tmp_path / "logs"
    assert run(["simulate", str(path), "-n", "3", "--log-dir", str(logs)]).exit_code == 0
    files = sorted(str(p) for p in logs.glob("*.jsonl"))
    result = run(["replay", "--check", "-q", *files])
    assert result.exit_code == 0, result.output
    assert "3 games from 3 logs" in result.output
    Path(files[1]).write_text("not json\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", "--check", "-q", *files])
    assert result.exit_code == 1
    assert "2 games from 2 logs" in result.output and "1 log could not be read" in result.output
    assert "Traceback" not in result.output


def test_a_log_that_cannot_be_read_is_said_in_words(tmp_path):
    # (found by hand: Python's words, "'utf-8' codec can't decode byte 0xff" and "[Errno 2] ...")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\x00\xff\xfe")
    result = CliRunner().invoke(cli, ["replay", str(binary), str(tmp_path / "gone.jsonl")])
    assert f"cannot read log {binary}: it is not UTF-8 text" in result.output, result.output
    assert "gone.jsonl: no such file" in result.output and "2 logs could not be read" in result.output
    assert "codec" not in result.output and "Errno" not in result.output


def test_the_help_of_saves_speaks_the_readers_language():
    import subprocess
    import sys

    # a process of its own: the language a command sets stays set for the rest of a process
    out = subprocess.run(
        [sys.executable, "-m", "interpreter", "--lang", "ja", "saves", "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0 and "プロンプトで保存したゲーム" in out.stdout


@pytest.mark.parametrize(
    "told",
    [
        "        - announce: \"{join('', ['x' for i in range(1500)])}\"\n",  # too long a message
        'display:\n  status:\n    - "{10 // (rounds - rounds)}"\n',  # a status line that fails
    ],
)
def test_simulate_check_invariants_tells_the_game_as_play_would(tmp_path, told):
    """A text that only the prompt makes (a message over the length limit, a status line that
    fails) stopped play at once but passed `simulate` (a held-out ruleset): with --check-invariants
    every game is told as the prompt tells it, and the same failure stops the run; `validate`
    tells its short game's first deal, and reports it too."""
    from tests.engine.tiny import HIGH_CARD

    text = HIGH_CARD.replace("        - record: {points: points}\n", "        - record: {points: points}\n" + told)
    if told.startswith("display"):
        text = HIGH_CARD + told
    path = tmp_path / "told.yaml"
    path.write_text(text, encoding="utf-8")
    checked = run(["validate", str(path)])
    assert checked.exit_code == 1 and "a game with random moves fails" in checked.output
    assert run(["simulate", str(path), "-n", "2"]).exit_code == 0  # nothing told: nothing fails
    result = CliRunner().invoke(cli, ["simulate", str(path), "-n", "2", "--check-invariants"])
    assert result.exit_code == 1, result.output
    assert "2 of 2 games failed" in result.output and "Traceback" not in result.output
    assert ("the limit is 1,000" if "announce" in told else "display.status") in result.output
