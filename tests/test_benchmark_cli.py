"""The benchmark scripts on the command line: `--help` answers with a usage text and runs nothing,
bad input (an unknown game, a broken ruleset, a word for a number) gives a short message and a
non-zero status, and Ctrl-C stops a run with one line; never a Python traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HELPERS = {"_cli.py", "_player.py"}  # imported by the scripts, not run
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name not in HELPERS)


def run(script: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_every_script_is_checked():
    assert {"tournament.py", "soak.py", "instructions.py", "sparring.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_prints_the_usage_and_runs_nothing(script):
    out = run(script, "--help", timeout=30)
    assert out.returncode == 0, out.stderr
    assert "usage" in out.stdout.lower()
    assert "Traceback" not in out.stderr and out.stderr == ""


BROKEN = "id: x\nfoo: 1\n"

BAD = [
    ("tournament.py", [], 2, "RULESET"),
    ("tournament.py", ["no_such_game", "1", "random"], 2, "no ruleset file or shipped ruleset named 'no_such_game'"),
    ("tournament.py", ["duzihu", "many", "random"], 2, "not a whole number: 'many'"),
    ("tournament.py", ["duzihu", "1", "no_such_agent"], 2, "unknown agent 'no_such_agent'"),
    ("tournament.py", ["duzihu", "1", "normal:no_such_option=1"], 2, "takes no option"),
    ("tournament.py", ["hachinin_meri", "1", "random"], 2, "a team game takes two specs"),
    ("tournament.py", ["hearts", "1", "random", "--option", "target"], 2, "--option needs NAME=VALUE"),
    ("tournament.py", ["hearts", "1", "random", "--option", "targte=0"], 2, "unknown option 'targte'"),
    ("tournament.py", ["--summary", "{tmp}/missing.jsonl"], 1, "cannot read"),
    ("tournament.py", ["duzihu", "1", "random", "--paired", "{tmp}/b.jsonl"], 2, "--paired OTHER goes with --summary"),
    ("tournament.py", ["{broken}", "1", "random"], 1, "unknown key 'foo'"),
    ("soak.py", ["duzihu", "lots"], 2, "not a whole number: 'lots'"),
    ("soak.py", ["duzihu", "5", "--agents", "no_such_agent"], 2, "unknown agent"),
    ("bench_levels.py", ["no_such_game"], 2, "no ruleset file or shipped ruleset"),
    ("bench_levels.py", ["duzihu", "--levels", "easy,expert"], 2, "unknown level 'expert'"),
    ("instructions.py", ["no_such_game"], 2, "no ruleset file or shipped ruleset"),
    ("instructions.py", ["{broken}"], 1, "unknown key 'foo'"),
    ("bench_ismcts.py", ["{broken}"], 1, "unknown key 'foo'"),
    ("bench_ismcts.py", ["duzihu", "many"], 2, "not a whole number"),
    ("bench_random_deals.py", ["no_such_game"], 2, "no ruleset file or shipped ruleset"),
    ("hint_regret.py", ["no_such_game"], 2, "no ruleset file or shipped ruleset"),
    ("bench_first_screen.py", ["three"], 2, "not a whole number"),
    ("bench_startup.py", ["seven"], 2, "not a whole number"),
    ("meri_handwritten.py", ["check", "many"], 2, "not a whole number"),
    ("bench_side_by_side.py", ["--rounds", "many"], 2, "not a whole number"),
    ("openspiel_bots.py", ["--meri", "many"], 2, "not a whole number"),
    ("web_load.py", ["--seconds", "long"], 2, "not a number"),
    ("bench_expr.py", ["--seconds", "0"], 2, "must be above 0"),
    ("bench_melds.py", ["--hands", "many"], 2, "not a whole number"),
    ("anchors.py", ["extra"], 2, "unrecognized arguments"),
]


@pytest.mark.parametrize(("script", "args", "status", "said"), BAD, ids=[f"{s} {' '.join(a)}" for s, a, _, _ in BAD])
def test_bad_input_gives_a_message_not_a_traceback(tmp_path, script, args, status, said):
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    out = run(script, *(a.format(tmp=tmp_path, broken=broken) for a in args), timeout=30)
    assert out.returncode == status, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert said in out.stderr


@pytest.mark.skipif(os.name != "posix", reason="Ctrl-C is sent as SIGINT to the process group")
def test_ctrl_c_stops_a_tournament_with_one_line_and_keeps_its_deals(tmp_path):
    out = tmp_path / "run.jsonl"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "tournament.py"), "duzihu", "500", "greedy", "random"]
        + ["--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group, as a terminal's Ctrl-C reaches a whole group
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # not ignored, as in a terminal
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and len(out.read_text(encoding="utf-8").splitlines()) >= 3:  # settings and 2 deals
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stdout + stderr
    assert "Traceback" not in stderr
    last = stderr.strip().splitlines()[-1]
    assert "stopped after" in last and f"--summary {out}" in last
    summary = run("tournament.py", "--summary", str(out))
    assert summary.returncode == 0 and "duzihu:" in summary.stdout and "greedy" in summary.stdout


def test_a_tournament_plays_one_hand_of_hearts_with_an_option_against_the_hearts_sparring_player():
    """`--option target=0` plays a single hand; `hearts_rules` is a sparring player the agents never use."""
    out = run("tournament.py", "hearts", "2", "random", "hearts_rules", "--option", "target=0")
    assert out.returncode == 0, out.stderr
    assert "hearts: 2 deals" in out.stdout and "hearts_rules" in out.stdout


def test_dz40_a_hint_variant_is_compared_with_the_game_on_the_same_deals_and_its_wins_tallied(tmp_path):
    """A ruleset that extends the game and changes a hint, played on the same seeds as the game itself:
    `--summary A --paired B` gives each spec's paired difference, `--tally form` how its deals were won."""
    variant = tmp_path / "dz_hint.yaml"
    variant.write_text(
        'extends: duzihu\nid: dz_hint\nhints:\n  deliberate:\n    discard: "0 - ties(player, card)"\n',
        encoding="utf-8",
    )
    runs = {}
    for name, ruleset in (("game", "duzihu"), ("variant", str(variant))):
        runs[name] = tmp_path / f"{name}.jsonl"
        args = [ruleset, "2", "policy", "greedy", "greedy", "--duplicate", "--seed", "7", "--out", str(runs[name])]
        played = run("tournament.py", *args, "--tally", "form", timeout=240)
        assert played.returncode == 0, played.stderr
        assert "[form of those won: " in played.stdout
    out = run("tournament.py", "--summary", str(runs["variant"]), "--paired", str(runs["game"]), "--tally", "form")
    assert out.returncode == 0, out.stderr
    paired = [line for line in out.stdout.splitlines() if "paired with game.jsonl" in line]
    assert len(paired) == 2 and all("(n=2 seeds)" in line for line in paired), out.stdout
    same = run("tournament.py", "--summary", str(runs["game"]), "--paired", str(runs["game"]))
    assert "+0.00 ± 0.00 per deal, paired with game.jsonl" in same.stdout  # a run against itself: no difference


def test_startup_instructions_without_valgrind_says_what_to_install(tmp_path):
    """`bench_startup.py --instructions` needs valgrind: without it on the PATH, one line saying so,
    before anything is timed."""
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "python").symlink_to(sys.executable)
    out = subprocess.run(
        [str(bare / "python"), str(ROOT / "benchmarks" / "bench_startup.py"), "1", "--instructions"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PATH": str(bare)},
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr and "valgrind is not on the PATH" in out.stderr
    assert "median" not in out.stdout  # nothing timed
