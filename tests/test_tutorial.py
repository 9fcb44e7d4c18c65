"""docs/tutorial.md, followed literally, ends with a game that validates and plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.frontends.cli import cli

DOCS = Path(__file__).resolve().parent.parent / "docs"
TEXT = (DOCS / "tutorial.md").read_text(encoding="utf-8")
YAML_BLOCKS = re.findall(r"```yaml\n(.*?)```", TEXT, re.S)
TEXT_BLOCKS = re.findall(r"```text\n(.*?)```", TEXT, re.S)


def cli_output(args, cwd: Path) -> str:
    """What the command prints when run in `cwd` (file names as a user would type them)."""
    import os

    runner = CliRunner()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = runner.invoke(cli, args, catch_exceptions=False, env={"NO_COLOR": "1"})
    finally:
        os.chdir(old)
    return result.output


def shown_output(command: str) -> str:
    for block in TEXT_BLOCKS:
        lines = block.splitlines()
        if lines and lines[0] == f"$ {command}":
            return "\n".join(lines[1:]).strip()
    raise AssertionError(f"no block for {command}")


def test_the_blocks_make_the_shipped_example():
    assert "".join(YAML_BLOCKS) == (DOCS / "tutorial" / "mini_whist.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("steps", [1, 2])
def test_early_steps_say_everything_that_is_missing(tmp_path, steps):
    (tmp_path / "mini_whist.yaml").write_text("".join(YAML_BLOCKS[:steps]))
    out = cli_output(["validate", "mini_whist.yaml"], tmp_path).strip()
    assert out == TEXT_BLOCKS[steps - 1].split("\n", 1)[1].strip()


def test_the_finished_game_validates_and_plays(tmp_path):
    (tmp_path / "mini_whist.yaml").write_text("".join(YAML_BLOCKS))
    assert cli_output(["validate", "mini_whist.yaml"], tmp_path).strip() == "mini_whist.yaml: ok"
    out = (
        CliRunner()
        .invoke(
            cli,
            ["play", str(tmp_path / "mini_whist.yaml"), "--agents", "random", "--seed", "3"],
            input="1\n" * 8 + "quit\n",
            env={"CARDRULES_SAVE_DIR": str(tmp_path)},
        )
        .output
    )
    assert "final scores" in out.lower() or "game saved" in out


def test_the_shown_mistakes_are_what_the_validator_says(tmp_path):
    text = "".join(YAML_BLOCKS)
    (tmp_path / "mini_whist.yaml").write_text(text.replace("led_suit() or not", "led_siut() or not"))
    shown = [b for b in TEXT_BLOCKS if "led_siut" in b][0].split("\n", 1)[1].strip()
    assert cli_output(["validate", "mini_whist.yaml"], tmp_path).strip() == shown
    (tmp_path / "mini_whist.yaml").write_text(text.replace("times: 6", "times: 7"))
    out = cli_output(["simulate", "mini_whist.yaml", "-n", "1"], tmp_path).strip()
    assert out == shown_output("cardrules simulate mini_whist.yaml -n 1")
