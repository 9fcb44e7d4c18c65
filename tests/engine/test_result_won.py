"""`result.won`: what winning is, where it is not having the highest score (each player against the
house, a patience of one player).  Asked by writing Blackjack from the docs: the prompt said "You
lose." to a player who ended with more chips than they started with, because another had more."""

from __future__ import annotations

import random

from click.testing import CliRunner

from interpreter.compiling.pipeline import check_text
from interpreter.frontends.cli import cli
from tests.engine.tiny import CHOICES, HIGH_CARD, compile_text

# three rounds of high card between two seats; a seat "beats the house" when it takes a round
AGAINST_THE_HOUSE = HIGH_CARD.replace(
    '  returns: "points[seat]"\n', '  returns: "points[seat]"\n  won: "points[seat] >= 1"\n'
)
ALONE = HIGH_CARD.replace("players: {count: 2}", "players: {count: 1}").replace(
    '  returns: "points[seat]"\n', '  returns: "points[seat]"\n  won: "points[seat] == 3"\n'
)


def _finished(text: str, seed: int):
    st = compile_text(text).new_game(seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def test_won_says_who_won_whatever_the_others_scored():
    assert AGAINST_THE_HOUSE.count("won:") == 1
    for seed in range(20):
        st = _finished(AGAINST_THE_HOUSE, seed)
        points = st.returns()
        assert st.rs.winners(st) == [s for s in range(2) if points[s] >= 1]
        assert st.observation(0)["winners"] == st.rs.winners(st)


def test_without_won_the_sole_best_score_wins_and_a_tie_is_no_win():
    for seed in range(20):
        st = _finished(HIGH_CARD, seed)
        points = st.returns()
        best = max(points)
        expected = [s for s in range(2) if points[s] == best] if points.count(best) == 1 else []
        assert st.rs.winners(st) == expected


def test_simulate_counts_the_wins_result_won_says(tmp_path):
    import json

    path, rows = tmp_path / "house.yaml", tmp_path / "rows.jsonl"
    path.write_text(AGAINST_THE_HOUSE)
    result = CliRunner().invoke(cli, ["simulate", str(path), "-n", "30", "--json", "--results", str(rows)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    seats = summary["seats"]
    wins = [row["wins"] for row in seats]
    games = [json.loads(line) for line in rows.read_text().splitlines()]
    assert wins == [sum(1 for g in games if g["returns"][s] >= 1) for s in range(2)]
    assert sum(wins) > 30  # both seats win the same game often: no ranking between them


def test_won_must_be_true_or_false():
    checked = check_text(AGAINST_THE_HOUSE.replace('won: "points[seat] >= 1"', 'won: "points[seat]"'), "h.yaml")
    assert not checked.ok
    assert any("bool" in d.message for d in checked.diagnostics), [d.message for d in checked.diagnostics]


def test_the_prompt_says_win_or_lose_as_result_won_does_even_alone(tmp_path):
    """A patience said nothing (no one to beat); with result.won it says whether you won."""
    for won, said in (("points[seat] == 3", "You win!"), ("points[seat] == 4", "You lose.")):
        path = tmp_path / "alone.yaml"
        path.write_text(ALONE.replace('won: "points[seat] == 3"', f'won: "{won}"'))
        result = CliRunner().invoke(
            cli,
            ["play", str(path), "--seed", "3"],
            input="1\n" * 6 + "quit\n",
            env={"CARDRULES_SAVE_DIR": str(tmp_path)},
        )
        assert "Final scores: You 3" in result.output and said in result.output, result.output[-600:]


def test_simulate_counts_no_win_for_a_tie_for_first(tmp_path):
    # it counted a win for every seat tied at the top (unless every seat was): 10 wins each of 10
    import json

    tied = tmp_path / "tied.yaml"
    tied.write_text(CHOICES.replace('  returns: "played[seat]"', '  returns: "1 if seat < 2 else 0"'))
    result = CliRunner().invoke(cli, ["simulate", str(tied), "-n", "10", "--json"])
    assert result.exit_code == 0, result.output
    assert [row["wins"] for row in json.loads(result.output)["seats"]] == [0, 0, 0]
