"""`cardrules validate` plays a short random game of a ruleset of one number of players too, as it
does of each of a ruleset's `players.choices` (found in a held-out Truco whose dealer variable
started at -1: every game failed at its first deal, and `validate` said the file was ok)."""

from __future__ import annotations

from click.testing import CliRunner

from interpreter.compiling.pipeline import check_text
from interpreter.frontends.cli import cli
from tests.engine.tiny import HIGH_CARD

DEAL = '  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}'
FAILS_AT_ONCE = HIGH_CARD.replace(DEAL, DEAL.replace("seats_from(0)", "seats_from(leader - 1)"))


def test_validate_reports_a_flow_that_fails_in_the_first_deal(tmp_path) -> None:
    assert FAILS_AT_ONCE != HIGH_CARD
    path = tmp_path / "tiny.yaml"
    path.write_text(FAILS_AT_ONCE)
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "error: a game with random moves fails: seat -1 does not exist (seats are 0 to 1)" in result.output
    assert "Traceback" not in result.output and "1 error in 1 file" in result.output


def test_a_ruleset_that_plays_still_validates(tmp_path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(HIGH_CARD)
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 0 and "tiny.yaml: ok" in result.output and "error" not in result.output


def test_checking_text_without_play_leaves_the_failure_to_play() -> None:
    assert check_text(FAILS_AT_ONCE, "tiny.yaml").ok  # (tests of run-time errors build such rulesets)
