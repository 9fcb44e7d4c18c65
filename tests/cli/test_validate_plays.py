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


def test_the_short_game_runs_the_flat_program_and_writes_no_flow_out() -> None:
    """Writing the flow out as Python (engine/blocks.py) cost validate more than playing the short
    game (Hachinin Meri: 68 ms of compiling against 15 ms of play); the game runs the flat program,
    which is what the flow means, and reports the same failure at the same step."""
    from interpreter.compiling.counts import short_game
    from tests.engine.tiny import compile_text

    rs = compile_text(HIGH_CARD)
    written = [i for i, run in enumerate(rs.runs) if hasattr(run, "lines")]  # a segment's text, not compiled yet
    assert written and short_game(rs) is None
    assert all(hasattr(rs.runs[i], "lines") and rs.runs[i].fn is None for i in written)  # still none compiled
    failing = check_text(FAILS_AT_ONCE, "tiny.yaml").ruleset
    said = short_game(failing)
    deal_line = 1 + FAILS_AT_ONCE.split("\n").index(DEAL.replace("seats_from(0)", "seats_from(leader - 1)"))
    assert said is not None and "seat -1 does not exist" in said.message and said.span.line == deal_line


# found by writing Euchre from the docs: a message that always fails in play passed validate, whose
# game told nothing (`who` starts at -1, "nobody", and team_of(-1) has no answer)
MESSAGE_FAILS = HIGH_CARD.replace(
    "  - shuffle: deck\n",
    '  - shuffle: deck\n  - announce: "Seat {leader:seat} leads; seat {next_seat(leader - 1)}."\n',
).replace("  leader: {type: seat}\n", "  leader: {type: seat, initial: -1}\n  ok: {type: seat}\n")
STATUS_FAILS = HIGH_CARD + 'display:\n  status:\n    - "Points: {points[leader + 2]}"\n'


def test_validate_tells_the_short_game_so_a_message_that_fails_is_reported(tmp_path) -> None:
    assert MESSAGE_FAILS.count("announce") == 1
    path = tmp_path / "tiny.yaml"
    path.write_text(MESSAGE_FAILS.replace("  - set: {leader:", "  - set: {ok:"))
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "error: a game with random moves fails: seat -2 does not exist" in result.output
    assert f"tiny.yaml:{1 + MESSAGE_FAILS.split(chr(10)).index('  - shuffle: deck') + 1}:" in result.output


def test_validate_reads_the_status_lines_of_the_short_game(tmp_path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(STATUS_FAILS)
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "error: a game with random moves fails:" in result.output and "display.status line 1" in result.output


# found by writing a patience from the docs: a move that gives up ended validate's one game at
# once, and a bug later in the flow that `simulate` found at once passed validate
GIVES_UP = """
cardrules: 1
id: gives_up
name: Gives up
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  quit: {type: bool}
  top: {type: int}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
  give_up:
    effect:
      - set: {quit: "true"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - repeat:
      times: 4
      steps:
        - turn: {player: 0, actions: [play, give_up]}
        - end_game: quit
  - set: {top: "max([1 for c in hand(0)])"}
result:
  returns: "0"
"""


def test_validate_plays_on_in_another_game_when_a_game_ends_early(tmp_path) -> None:
    path = tmp_path / "gives_up.yaml"
    path.write_text(GIVES_UP)
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "a game with random moves fails: max() of an empty collection" in result.output


def test_a_game_log_writes_a_deals_result_before_the_next_deals_deck(tmp_path) -> None:
    # a held-out Rummy 500's logs had each deal's result line after the next deal's deck line
    import json

    logs = tmp_path / "logs"
    result = CliRunner().invoke(
        cli, ["simulate", "hearts", "-n", "1", "--seed", "3", "--agents", "random", "--log-dir", str(logs)]
    )
    assert result.exit_code == 0, result.output
    [log] = logs.glob("*.jsonl")
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    pairs = list(zip(kinds, kinds[1:]))
    assert ("result", "deck") in pairs and ("deck", "result") not in pairs
