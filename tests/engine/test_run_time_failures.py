"""Validated means it runs: a rule that fails while a game is played is a clean ruleset error that
names the rule, the place in the file and the game's seed (issue 20, F1), and every diagnostic
has a position."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.compiling.pipeline import check_file, check_text
from interpreter.engine.program import FlowError
from interpreter.frontends.cli import cli

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = (ROOT / "docs" / "tutorial" / "mini_whist.yaml").read_text(encoding="utf-8")
PLAY_TEXT = "    text: Play a card.\n"
MOVE = '      - move: {from: "hand(player)", to: trick, cards: card}\n'
DIVIDE = "len(hand(player)) // (len(hand(player)) - 6) >= 0"

# one broken rule per run-time slot the engine reads; each validates, and fails while playing
BROKEN = {
    "available_if": TUTORIAL.replace(PLAY_TEXT, PLAY_TEXT + f'    available_if: "{DIVIDE}"\n'),
    "legal_if": TUTORIAL.replace('when: "len(trick) > 0"', f'when: "{DIVIDE}"'),
    "effect": TUTORIAL.replace(MOVE, MOVE + '      - set: {leader: "1 // (len(trick) - 1)"}\n'),
    "message": TUTORIAL.replace('announce: "{leader:seat} wins the trick."', 'announce: "{1 // (leader - leader)}"'),
    "returns": TUTORIAL.replace('returns: "tricks[seat]"', 'returns: "tricks[seat] // (seat - seat)"'),
}


def ruleset(text: str):
    report = check_text(text, "mini.yaml")
    assert report.ok, report.diagnostics
    return report.ruleset


def play_out(rs, seed: int = 3) -> None:
    st = rs.new_game(seed=seed, story=True)  # messages are made only for a game someone watches
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    st.returns()


@pytest.mark.parametrize("slot", sorted(BROKEN))
def test_a_failing_rule_is_a_flow_error_with_rule_place_and_seed(slot):
    with pytest.raises(FlowError) as info:
        play_out(ruleset(BROKEN[slot]), seed=3)
    message = str(info.value)
    assert "division by zero" in message and "mini.yaml:" in message, message
    assert info.value.seed == 3
    assert "Error:" not in message and "Traceback" not in message
    if slot in ("available_if", "legal_if", "effect"):
        assert "'play' (MW-2)" in message, message


def test_simulate_reports_each_failing_game_and_goes_on(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(BROKEN["available_if"], encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(path), "-n", "3", "--log-dir", str(tmp_path / "logs")])
    assert result.exit_code == 1, result.output
    for game in range(3):
        assert f"game {game} (seed {game}, log " in result.output
    assert "3 of 3 games failed" in result.output and "Traceback" not in result.output
    last = (tmp_path / "logs").glob("*.jsonl")
    lines = [json.loads(line) for log in last for line in log.read_text().splitlines()]
    assert any(line["type"] == "failed" and "division by zero" in line["error"] for line in lines)


def test_simulate_counts_failures_beside_good_games(tmp_path):
    path = tmp_path / "mini.yaml"  # the restriction fails only in some deals
    path.write_text(BROKEN["legal_if"].replace(DIVIDE, "len(hand(player)) // (card.power - 9) >= 0"))
    result = CliRunner().invoke(cli, ["simulate", str(path), "-n", "6", "--json"])
    assert result.exit_code == 1
    summary = json.loads(result.output[result.output.index("{") : result.output.rindex("}") + 1])
    assert summary["failed"] + summary["games"] == 6 and summary["failed"] >= 1


def test_play_saves_the_game_before_the_failing_move(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(BROKEN["effect"], encoding="utf-8")
    result = CliRunner().invoke(
        cli,
        ["play", str(path), "--agents", "random", "--seed", "5"],
        input="1\n" * 6,
        env={"CARDRULES_SAVE_DIR": str(tmp_path / "saves")},
    )
    assert result.exit_code == 1, result.output
    assert "the ruleset failed during play: division by zero" in result.output and "(game seed 5)" in result.output
    assert "'play' (MW-2)" in result.output and "cardrules play --resume" in result.output
    assert "Traceback" not in result.output


# --------------------------------------------------------------- diagnostics always have a place


def first_error(text: str, name: str = "mini.yaml"):
    report = check_text(text, name)
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert errors
    return errors[0]


@pytest.mark.parametrize(
    "target, column",
    [('"tricks[leader]]"', 31), ('"tricks[1 +]"', 27)],
)
def test_an_error_in_a_set_target_key_points_into_the_key(target, column):
    diag = first_error(TUTORIAL.replace('{"tricks[leader]": 1}', "{%s: 1}" % target))
    assert (diag.span.file, diag.span.line, diag.span.col) == ("mini.yaml", 74, column)


def test_an_error_in_a_status_value_points_at_the_value():
    diag = first_error(TUTORIAL.replace("    Tricks: tricks", "    Tricks: 99999999999999999999999"))
    assert (diag.span.line, diag.span.col) == (84, 13)


def test_unknown_carry_and_missing_result_have_positions():
    diag = first_error(TUTORIAL.replace('  returns: "tricks[seat]"', '  returns: "tricks[seat]"\n  carry: [nosuch]'))
    assert "nosuch" in diag.message and (diag.span.line, diag.span.col) == (81, 11)
    diag = first_error(TUTORIAL.replace('result:\n  returns: "tricks[seat]"\n', ""))
    assert "no result" in diag.message and diag.span is not None and diag.span.file == "mini.yaml"


def test_a_file_too_large_names_itself_and_its_size_also_as_a_base(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(TUTORIAL + "#" + "x" * (2 * 1024 * 1024) + "\n")
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: big.yaml\nid: v\n")
    for path in (big, variant):
        diags = check_file(str(path)).diagnostics
        assert diags and all(d.span is not None for d in diags)
        assert diags[0].span.file.endswith("big.yaml") and "bytes" in diags[0].message


TEAMS = """
cardrules: 1
id: teams_told
name: Teams told
players: {count: 2, teams: [{id: a, seats: [0]}, {id: b, seats: [1]}]}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  score: {type: int, per: team}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect: [{move: {from: "hand(player)", to: pile, cards: card}}]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [1]}
  - turn: {player: 0, actions: [play]}
  - set: {"score[0]": "score[1] + 3"}
  - add: {"score['b']": 2}
  - STEP
result:
  returns: "score[team_of(seat)]"
"""


def test_a_per_team_variable_is_written_by_a_team_s_number_as_it_is_read():
    """`score[1]` could be read, but `set: {"score[0]": ...}` was refused: this expression must be team."""
    rs = check_text(TEAMS.replace("  - STEP\n", ""), "teams.yaml").ruleset
    st = rs.new_game(seed=1)
    st.apply_action(st.legal_actions()[0])
    assert st.is_terminal() and st.returns() == [3, 2]


@pytest.mark.parametrize(
    "step, message",
    [
        (  # (a list computed in play: one written out is counted when the file loads)
            '- end_deal: {scores: "[x for x in [1, 2, 3]]"}',
            "end_deal's `scores` has 3 entries; it needs 2, one per seat, or 2, one",
        ),
        ('- event: {kind: x, text: hi, cards: pile, by: "[]" }', None),  # no `by` at all: fine
        ('- event: {kind: x, text: hi, cards: "pile + hand(1)", by: "[0]"}', "`by` has 1 entries for 2 cards"),
        ('- event: {kind: x, text: hi, to: "[5]"}', "`to` names seat 5, and the seats are 0 to 1"),
        ('- event: {kind: x, text: hi, to: "[-1]"}', None),  # nobody
    ],
)
def test_what_an_event_or_a_deal_s_end_names_is_checked_when_it_is_told(step, message):
    """Three scores for two seats made a match table of three columns headed 0 1 2; a `by` shorter
    than the cards dropped cards from the story; `to` a seat that does not exist told nobody."""
    rs = check_text(TEAMS.replace("- STEP", step), "teams.yaml").ruleset
    st = rs.new_game(seed=1, story=True)
    if message is None:
        st.apply_action(st.legal_actions()[0])
        assert st.is_terminal()
        return
    with pytest.raises(FlowError, match=re.escape(message)):
        st.apply_action(st.legal_actions()[0])


NO_MOVE = """
cardrules: 1
id: no_move
name: No move
players: {count: 2}
deck:
  suits: [{id: s}, {id: t}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    legal_if:
      - {id: N-1, text: follow the suit led, when: "len(table) > 0", require: "card.suit == first(table).suit"}
      - {id: N-2, text: never a 3, require: "card.rank != '3'"}
      - {require: "card.rank != '2'"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
  pass:
    available_if: "len(table) > 5"
    effect: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [3]}
  - repeat: {times: 3, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play, pass]}}]}}]}
result:
  returns: "0"
"""


def test_a_decision_without_a_legal_action_says_what_kept_each_action_out():
    # a held-out Sheepshead's restrictions on the called ace left a seat nothing to play: the error
    # named the turn only
    rs = ruleset(NO_MOVE)
    st = rs.new_game(seed=0, deck_orders=[["s-1", "s-2", "s-3", "t-1", "t-2", "t-3"]])
    st.apply_action("play s-1")  # seat 1 holds t-1 t-2 t-3: none follows
    with pytest.raises(FlowError) as err:
        st.legal_actions()
    assert str(err.value).startswith(
        "seat 1 has no legal action (play: 3 values, each refused by the first rule it breaks: "
        "3 by N-1 (follow the suit led); pass: its available_if does not hold) in turn at mini.yaml:"
    )


def test_the_rules_refusing_values_are_named_by_id_or_by_their_place():
    rs = ruleset(NO_MOVE.replace('when: "len(table) > 0", ', 'when: "len(table) > 5", '))
    st = rs.new_game(seed=0, deck_orders=[["s-1", "t-1", "s-3", "s-2", "t-2", "t-3"]])
    st.apply_action("play s-1")  # seat 1 holds s-2 t-2 t-3: no 2 and no 3
    with pytest.raises(FlowError) as err:
        st.legal_actions()
    assert "(play: 3 values, each refused by the first rule it breaks: 2 by legal_if 3 of 'play', 1 by N-2" in str(
        err.value
    )


FOUR_SEATS = (
    TEAMS.replace(
        "players: {count: 2, teams: [{id: a, seats: [0]}, {id: b, seats: [1]}]}",
        "players: {count: 4, teams: [{id: a, seats: [0, 2]}, {id: b, seats: [1, 3]}]}",
    )
    .replace('ranks: [{id: "1"}, {id: "2"}]', 'ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]')
    .replace('  - set: {"score[0]": "score[1] + 3"}\n', "")
)


@pytest.mark.parametrize(
    "steps, message",
    [
        (
            '- end_deal: {scores: "[0, 0, 0, 0]", totals: score}',
            "end_deal's `scores` has 4 entries, one per seat, and its `totals` 2 entries, one per team: "
            "give both per seat or both per team",
        ),
        (
            '- end_deal: {scores: "[1, 2, 3, 4]"}\n  - end_deal: {scores: score}',
            "end_deal gives 2 entries, one per team, where the deal before gave 4 entries, one per seat: "
            "the match table has the same columns in every deal",
        ),
        ('- end_deal: {scores: "[1, 2, 3, 4]"}\n  - end_deal: {scores: "[0, 0, 0, 0]", totals: "[1, 2, 3, 4]"}', None),
    ],
)
def test_a_match_table_has_a_column_per_seat_or_per_team_in_every_deal(steps, message):
    """Scores per seat with totals per team made a table of four deal columns under a total row of
    two (found by writing Euchre from the docs)."""
    rs = check_text(FOUR_SEATS.replace("- STEP", steps), "teams.yaml").ruleset
    st = rs.new_game(seed=1, story=True)
    if message is None:
        st.apply_action(st.legal_actions()[0])
        assert st.is_terminal() and len(st.deals) == 2
        return
    with pytest.raises(FlowError, match=re.escape(message)):
        st.apply_action(st.legal_actions()[0])


@pytest.mark.parametrize("flat", [False, True])
@pytest.mark.parametrize("value, ok", [("next_seat(0) + 10", False), ("-2", False), ("-1", True), ("3", True)])
def test_a_seat_variable_set_to_no_seat_stops_at_the_set(flat, value, ok):
    """`set: {cur: 12}` for four seats was kept, and play stopped later, at the turn it reached
    (found by writing President from the docs): a variable of type seat holds -1 to seats - 1."""
    text = FOUR_SEATS.replace("variables:\n", "variables:\n  cur: {type: seat}\n").replace(
        "- STEP", f'- set: {{cur: "{value}"}}'
    )
    rs = check_text(text, "teams.yaml").ruleset
    if flat:
        rs.use_reference_flow()
    st = rs.new_game(seed=1)
    if ok:
        st.apply_action(st.legal_actions()[0])
        assert st.is_terminal()
        return
    with pytest.raises(FlowError, match=r"seat -?\d+ does not exist \(seats are 0 to 3, or -1 for no seat\) in set"):
        st.apply_action(st.legal_actions()[0])


NO_CHOICE = """
cardrules: 1
id: no_choice
name: No choice
players: {count: 2}
deck:
  suits: [{id: s, name: Stars}]
  ranks: [{id: "1", name: "1"}, {id: "2", name: "2"}, {id: "3", name: "3"}, {id: "4", name: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  melds: {visibility: all}
actions:
  meld:
    param: {name: cards, from: "hand(player)", count: {min: 2, max: 2}}
    legal_if:
      - {id: M-1, text: a meld of 1s, require: "all(c.rank == '1' for c in cards)"}
    effect: [{move: {from: "hand(player)", to: melds, cards: cards}}]
  discard:
    param: {name: card, from: "hand(player)"}
    legal_if:
      - {id: M-2, text: not the 1s or 2s, require: "card.rank_order > 1"}
    effect: [{move: {from: "hand(player)", to: melds, cards: card}}]
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [meld, discard]}
result:
  returns: "0"
"""


def test_a_decision_without_a_legal_action_says_what_kept_a_choice_of_several_out():
    """A choice of several that no whole choice could make said nothing (its values were judged one
    by one, which its rules cannot read), and took the other actions' reasons with it (a held-out
    Canasta: "seat 1 has no legal action in turn" and no more)."""
    st = ruleset(NO_CHOICE).new_game(seed=0)  # (no shuffle: seat 0 holds s-1 s-2)
    with pytest.raises(FlowError) as err:
        st.legal_actions()
    assert str(err.value).startswith(
        "seat 0 has no legal action (meld: no choice of 2 values keeps its restrictions (1 choice, refused "
        "by the first rule it breaks: 1 by M-1 (a meld of 1s)); discard: 2 values, each refused by the first "
        "rule it breaks: 2 by M-2 (not the 1s or 2s)) in turn at "
    ), str(err.value)
