"""`cardrules balance` and `simulate` at the command line: bad input is one clear line, Ctrl-C
keeps what finished, progress goes to standard error, the report is one self-contained file."""

from __future__ import annotations

import io
import json
import re

import pytest

from interpreter.frontends.cli import main
from interpreter.frontends.progress import Progress
from interpreter.study import runner
from tests.study.conftest import DUZIHU, MERI


def command(args: list[str], capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "en", *args])
    out, err = capsys.readouterr()
    return stop.value.code, out, err


@pytest.mark.parametrize(
    "args, message",
    [
        (["balance", "nosuch"], "no ruleset file or shipped ruleset named 'nosuch'"),
        (["balance", "duzihu", "variants/hachinin_meri_short"], "'hachinin_meri_short' is not a variant of 'duzihu'"),
        (["balance", "duzihu", "hachinin_meri"], "'hachinin_meri' is not a variant of 'duzihu'"),
        (["balance", "duzihu", "-n", "0"], "0 is not in the range"),
        (["balance", "duzihu", "--agents", "randm"], "unknown agent 'randm'"),
        (["balance", "duzihu", "--skill", "ismcts:bogus=1"], "bogus"),
        (["balance", "duzihu", "--option", "nosuch=1"], "no ruleset has the option 'nosuch'"),
        (["balance", "duzihu", "--cluster", "spark"], "--cluster takes ray or ray:ADDRESS, not 'spark'"),
        (["balance", "duzihu", "--format", "xml"], "'xml' is not one of"),
        (["simulate", "duzihu", "-n", "0"], "0 is not in the range"),
        (["simulate", "duzihu", "--cluster", "ray:"], "--cluster takes ray or ray:ADDRESS"),
    ],
)
def test_bad_input_is_a_usage_error_in_one_clear_line(args, message, capsys):
    code, out, err = command(args, capsys)
    assert code == 2 and message in err, err
    assert "Traceback" not in out + err


def test_without_ray_the_cluster_option_says_how_to_install_it(monkeypatch, capsys):
    import builtins

    real = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    code, _out, err = command(["simulate", "duzihu", "-n", "2", "--cluster", "ray"], capsys)
    assert code == 2 and "pip install 'cardrules[ray]'" in err


class Interrupting(runner.InProcess):
    """Plays `after` ranges, then Ctrl-C arrives."""

    after = 3

    def next_done(self):
        if self.after == 0:
            raise KeyboardInterrupt
        type(self).after -= 1
        return super().next_done()


@pytest.fixture
def ctrl_c(monkeypatch):
    monkeypatch.setattr(Interrupting, "after", 3)
    monkeypatch.setattr("interpreter.study.executors.InProcess", Interrupting)


def test_ctrl_c_in_simulate_summarises_what_finished_and_exits_130(ctrl_c, capsys):
    code, out, err = command(["simulate", DUZIHU, "-n", "1000", "--json"], capsys)
    assert code == 130 and "Traceback" not in err
    assert "interrupted: 15 of 1,000 games finished" in err  # three ranges of five
    summary = json.loads(out)
    assert summary["games"] == 15 and summary["interrupted"] and summary["finished"] == 15


def test_ctrl_c_in_balance_still_writes_the_report(ctrl_c, capsys, tmp_path, minis):
    pytest.importorskip("matplotlib")  # --report needs the `report` extra, which the test extra leaves out
    report = tmp_path / "report.html"
    args = ["balance", minis["base"], minis["head_start"], "-n", "1000", "--report", str(report), "--format", "json"]
    code, out, err = command(args, capsys)
    assert code == 130 and "interrupted: 15 of 1,000 games finished" in err
    assert json.loads(out)["rulesets"][0]["games"] == 15
    assert "Interrupted:" in report.read_text(encoding="utf-8")


def test_the_html_report_is_one_file_that_needs_nothing_else(capsys, tmp_path, minis):
    pytest.importorskip("matplotlib")
    report = tmp_path / "report.html"
    code, out, _err = command(
        ["balance", minis["base"], minis["head_start"], minis["dead_rule"], "-n", "20", "--report", str(report)],
        capsys,
    )
    assert code == 0 and "What the paired tests found" in out
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    images = re.findall(r"<img [^>]*src='([^']*)'", page)
    assert len(images) >= 6 and all(src.startswith("data:image/png;base64,") for src in images)
    assert "<script" not in page and "<link" not in page
    assert not re.search(r"(src|href)=['\"]?(https?:|//)", page)  # nothing fetched from elsewhere
    assert "mini_head_start against mini_whist" in page and "MW-9" in page


def test_the_text_lists_what_was_found_and_the_dead_rules(capsys, minis):
    code, out, _err = command(["balance", minis["base"], minis["head_start"], minis["dead_rule"], "-n", "20"], capsys)
    assert code == 0
    assert "mini_head_start: score: seat 0 +3.0000" in out
    assert "mini_dead_rule: no difference found" in out
    assert "mini_dead_rule: never fired in 20 games (possibly dead): MW-9" in out


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_off_a_terminal_is_a_plain_line_now_and_then():
    stream, clock = io.StringIO(), Clock()
    bar = Progress("games", stream, clock=clock)
    bar.update(10, 100)  # at once: nothing yet
    clock.now = 20.0
    bar.update(40, 100)
    clock.now = 21.0
    bar.update(50, 100)  # too soon after the last line
    bar.close()
    assert stream.getvalue().splitlines() == ["40 of 100 games (40%), 2.0 games/s, about 0:30 left"]


def test_a_short_run_off_a_terminal_writes_nothing():
    stream = io.StringIO()
    bar = Progress("games", stream, clock=Clock())
    bar.update(100, 100)
    bar.close()
    assert stream.getvalue() == ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_a_bar_with_rate_and_time_left():
    pytest.importorskip("tqdm")
    stream = Terminal()
    bar = Progress("games", stream)
    bar.update(30, 100)
    bar.update(60, 100)
    bar.bar.refresh()  # tqdm redraws at most ten times a second by itself
    shown = stream.getvalue()
    bar.close()
    assert "60/100" in shown and "games/s" in shown and "<" in shown  # tqdm's elapsed<left


def test_simulate_and_balance_print_no_progress_into_json(capsys):
    code, out, err = command(["simulate", MERI, "-n", "1", "--option", "deals=1", "--json"], capsys)
    assert code == 0 and json.loads(out)["games"] == 1


# nobody ever decides: the higher card dealt wins
NO_DECISIONS = """
cardrules: 1
id: no_decisions
name: No decisions
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: all}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [1], face: up}
result:
  returns: "1 if first(hand(seat)).rank_order > first(hand(1 - seat)).rank_order else -1"
"""


def test_balance_of_one_game_where_nobody_decides_says_so_and_no_empty_heading(capsys, tmp_path):
    """One ruleset has nothing to compare, and a game without decisions no skill to measure: the text
    printed a heading with nothing under it, and a search agent's 'edge' that was the seeds' noise."""
    path = tmp_path / "no_decisions.yaml"
    path.write_text(NO_DECISIONS, encoding="utf-8")
    code, out, err = command(["balance", str(path), "-n", "20", "--skill-games", "4", "--no-progress"], capsys)
    assert code == 0, err
    assert "paired tests" not in out
    assert "no_decisions: nobody decides anything in these games, so no agent can play better" in out
    assert "scores" not in out


# alone at the table: keep a card (its rank scores) or throw it and take the next one
PATIENCE = """
cardrules: 1
id: patience
name: Patience
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  kept: {visibility: all}
actions:
  keep: {}
  next:
    available_if: "len(deck) > 1"
    effect: [{move: {from: deck, to: kept, count: 1, face: down}}]
flow:
  - shuffle: deck
  - repeat: {times: 6, until: "last_action == 'keep'", steps: [{turn: {player: 0, actions: [keep, next]}}]}
result:
  returns: "first(deck).rank_order"
hints:
  prefer: {keep: "10 * first(deck).rank_order - 30", next: 0}
"""


def test_a_one_player_game_counts_no_wins_and_measures_skill_against_the_main_run(capsys, tmp_path):
    """Alone at the table the player 'won' every game in `balance` and none in `simulate`, and a
    skill agent's edge over 'the other sides' was always 0: it is now its result minus the main run's
    agents' on the same deal."""
    path = tmp_path / "patience.yaml"
    path.write_text(PATIENCE, encoding="utf-8")
    code, out, err = command(["balance", str(path), "-n", "40", "--skill-games", "20", "--no-progress"], capsys)
    assert code == 0, err
    rows = {
        line.split()[0] + (" " + line.split()[1] if line.split()[0] == "win" else ""): line
        for line in out.splitlines()
        if line.strip()
    }
    assert rows["win seat"].split()[-1] == "-" and rows["draw"].split()[-1] == "-", out
    line = next(x for x in out.splitlines() if "greedy scores" in x)
    assert "more than random on the same deals" in line and "+0.000" not in line, line
    code, out, err = command(["simulate", str(path), "-n", "5", "--no-progress"], capsys)
    assert code == 0 and out.splitlines()[-1].split()[:2] == ["0", "-"], out


@pytest.mark.parametrize(
    ("rate", "shown"), [(0.05, "0.05"), (0.004, "0.004"), (0.5, "0.5"), (2.345, "2.3"), (300.0, "300.0")]
)
def test_the_summary_writes_slow_rates_with_their_digits_not_as_zero(rate, shown):
    # a run of searching agents makes 0.05 games a second, which the summary wrote as "0.0 games/s"
    from interpreter.frontends.simulate import _per_second

    assert _per_second(rate) == shown
