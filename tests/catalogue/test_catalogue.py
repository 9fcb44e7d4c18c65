"""The broken-ruleset catalogue (HS-13): every file in files/ and exactly what `validate` says.

Each file is validated through the Python API and the result must match its
row in `expected.EXPECTED` exactly: the same number of diagnostics, in file
order, at the same line and column, with the expected message (and hint, where
the table gives one). A subset also goes through the `cardrules` command, in
text and JSON form, to check exit codes, rendering and that nothing crashes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.compiling.pipeline import check_file
from interpreter.loading import document as documents

from .expected import EXPECTED, E

FILES = Path(__file__).parent / "files"
CLI_TIMEOUT = 120

# Files also checked through the command line: one or two of each stage.
CLI_SUBSET = [
    "ok_minimal.yaml",
    "yaml_tab_indentation.yaml",
    "yaml_empty.yaml",
    "yaml_not_utf8.yaml",
    "yaml_alias_bomb.yaml",
    "yaml_python_tag.yaml",
    "yaml_top_level_list.yaml",
    "schema_yes_for_bool.yaml",
    "schema_two_errors_in_order.yaml",
    "schema_does_not_hide_other_errors.yaml",
    "model_team_seat_out_of_range.yaml",
    "expr_syntax_error.yaml",
    "expr_unknown_card_id.yaml",
    "expr_recursion.yaml",
    "flow_phase_calls_itself.yaml",
    "flow_multiple_errors.yaml",
    "extends_cycle_a.yaml",
    "extends_broken_base.yaml",
]


@pytest.fixture(autouse=True)
def _in_files(monkeypatch):
    """Run in files/ so diagnostics (and extends chains) name files by their short names."""
    monkeypatch.chdir(FILES)
    _clear_parse_cache()
    yield
    _clear_parse_cache()


def _clear_parse_cache() -> None:
    cached = getattr(documents, "_parse_file_cached", None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()


def catalogue_files() -> list[str]:
    return sorted(p.name for p in FILES.iterdir())


# ---------------------------------------------------------------- matching


def describe(file: str | None, line, col, message: str, hint: str | None, end_col=None) -> str:
    end = f"-{end_col}" if end_col is not None else ""
    return f"{file}:{line}:{col}{end}: {message}" + (f"  [hint: {hint}]" if hint else "")


def row_problems(name: str, want: E, got: dict, check_end: bool = True) -> list[str]:
    """What differs between one expected row and one actual diagnostic (as JSON)."""
    problems = []
    want_file = want.file or name
    if got["file"] != want_file:
        problems.append(f"file {got['file']!r}, expected {want_file!r}")
    if (got["line"], got["column"]) != (want.line, want.col):
        problems.append(f"at {got['line']}:{got['column']}, expected {want.line}:{want.col}")
    if want.exact and got["message"] != want.message:
        problems.append(f"message {got['message']!r}, expected exactly {want.message!r}")
    if not want.exact and want.message not in got["message"]:
        problems.append(f"message {got['message']!r} does not contain {want.message!r}")
    if want.hint is not None and want.hint not in (got["hint"] or ""):
        problems.append(f"hint {got['hint']!r} does not contain {want.hint!r}")
    if check_end and want.end_col is not None and got["end_column"] != want.end_col:
        problems.append(f"span ends at column {got['end_column']}, expected {want.end_col}")
    if got["severity"] != want.severity:
        problems.append(f"severity {got['severity']!r}, expected {want.severity!r}")
    return problems


def assert_matches(name: str, got: list[dict], check_end: bool = True) -> None:
    """The diagnostics are exactly the table's rows: same count, same order, same places."""
    __tracebackhide__ = True
    want = EXPECTED[name]
    problems = []
    for i, (w, g) in enumerate(zip(want, got)):
        problems += [f"  #{i + 1}: {p}" for p in row_problems(name, w, g, check_end)]
    if len(got) != len(want):
        problems.append(f"  {len(got)} diagnostics, expected {len(want)}")
    if problems:
        actual = (
            "\n".join(
                "    " + describe(g["file"], g["line"], g["column"], g["message"], g["hint"], g["end_column"])
                for g in got
            )
            or "    (none)"
        )
        expected = (
            "\n".join("    " + describe(w.file or name, w.line, w.col, w.message, w.hint, w.end_col) for w in want)
            or "    (none)"
        )
        pytest.fail(f"{name}:\n" + "\n".join(problems) + f"\n  actual:\n{actual}\n  expected:\n{expected}")


# ---------------------------------------------------------------- the table and the folder


def test_every_file_is_in_the_table_and_every_row_has_a_file():
    files = set(catalogue_files())
    rows = set(EXPECTED)
    assert sorted(files - rows) == [], "files with no row in expected.EXPECTED"
    assert sorted(rows - files) == [], "rows in expected.EXPECTED with no file"


def test_the_catalogue_is_big_enough():
    broken = [n for n, rows in EXPECTED.items() if rows]
    assert len(broken) >= 40


def test_rows_are_in_file_order():
    for name, rows in EXPECTED.items():
        keys = [(r.file or name, r.line, r.col) for r in rows if (r.file or name) == name]
        assert keys == sorted(keys), name


# ---------------------------------------------------------------- the Python API


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_check_file_reports_exactly_the_expected_diagnostics(name):
    report = check_file(name)
    got = [d.as_json() for d in report.diagnostics]
    assert_matches(name, got)
    assert report.ok == (not [w for w in EXPECTED[name] if w.severity == "error"])
    if report.ok:
        assert report.ruleset is not None


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_diagnostics_are_in_file_order(name):
    report = check_file(name)
    own = [(d.span.line, d.span.col) for d in report.diagnostics if d.span and d.span.file == name]
    assert own == sorted(own)


def test_a_folder_given_as_a_file_is_one_clear_error():
    report = check_file(str(FILES))
    assert [d.severity for d in report.diagnostics] == ["error"]
    message = report.diagnostics[0].message
    assert "folder" in message and str(FILES) in message


def test_a_missing_file_is_one_clear_error():
    report = check_file("no_such_ruleset.yaml")
    assert [d.severity for d in report.diagnostics] == ["error"]
    assert "no_such_ruleset.yaml" in report.diagnostics[0].message


# ---------------------------------------------------------------- the command line


def cardrules_command() -> list[str]:
    """The installed console script beside this Python, else on PATH, else `python -m interpreter`."""
    beside = Path(sys.executable).with_name("cardrules")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("cardrules")
    return [found] if found else [sys.executable, "-m", "interpreter"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*cardrules_command(), *args],
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
        env=_no_color_env(),
        cwd=FILES,
    )


def _no_color_env() -> dict:
    import os

    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    return env


def assert_no_crash(proc: subprocess.CompletedProcess) -> None:
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out
    assert "internal error" not in out, out


HEADER = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning): (?P<msg>.*)$")


def parse_text_output(stderr: str) -> list[dict]:
    """The diagnostics of `validate` text output, each with the caret column it draws."""
    lines = stderr.splitlines()
    out = []
    for i, text in enumerate(lines):
        m = HEADER.match(text)
        if not m:
            continue
        caret_col = None
        if i + 2 < len(lines) and lines[i + 1].lstrip().startswith(f"{m['line']} | "):
            caret_line = lines[i + 2]
            bar = caret_line.index("| ")
            caret_col = caret_line.index("^") - bar - 1
        hint = None
        for follow in lines[i + 1 : i + 4]:
            if follow.startswith("  hint: "):
                hint = follow[len("  hint: ") :]
                break
            if HEADER.match(follow):
                break
        out.append(
            {
                "file": m["file"],
                "line": int(m["line"]),
                "column": int(m["col"]),
                "end_column": None,
                "severity": m["sev"],
                "message": m["msg"],
                "hint": hint,
                "caret": caret_col,
            }
        )
    return out


@pytest.mark.parametrize("name", CLI_SUBSET)
def test_cli_text_output(name):
    proc = run("validate", name)
    assert_no_crash(proc)
    want = EXPECTED[name]
    assert proc.returncode == (1 if want else 0), proc.stderr
    got = parse_text_output(proc.stderr)
    assert_matches(name, got, check_end=False)  # text output shows no end column
    for g in got:
        if g["caret"] is not None:
            assert g["caret"] == g["column"], f"caret drawn at column {g['caret']} for {g}"
    if want:
        n = len(want)
        assert proc.stderr.rstrip().endswith(f"{n} error{'s' * (n != 1)} in 1 file")
    else:
        assert proc.stdout.strip() == f"{name}: ok"


@pytest.mark.parametrize("name", CLI_SUBSET)
def test_cli_json_output(name):
    proc = run("validate", "--format", "json", name)
    assert_no_crash(proc)
    assert proc.returncode == (1 if EXPECTED[name] else 0), proc.stderr
    got = json.loads(proc.stdout)
    assert isinstance(got, list)
    for d in got:
        assert set(d) == {"file", "line", "column", "end_line", "end_column", "severity", "message", "hint"}
    assert_matches(name, got)


MIXED = ["ok_minimal.yaml", "flow_multiple_errors.yaml", "yaml_empty.yaml", "schema_two_errors_in_order.yaml"]


def test_cli_several_files_reports_all_of_them_in_order():
    proc = run("validate", "--format", "json", *MIXED)
    assert_no_crash(proc)
    assert proc.returncode == 1
    got = json.loads(proc.stdout)
    files = [d["file"] for d in got]
    assert files == [n for n in MIXED for _ in EXPECTED[n]]
    for name in MIXED:
        assert_matches(name, [d for d in got if d["file"] == name])


def test_cli_several_files_text():
    proc = run("validate", *MIXED)
    assert_no_crash(proc)
    assert proc.returncode == 1
    assert proc.stdout.strip() == "ok_minimal.yaml: ok"
    got = parse_text_output(proc.stderr)
    assert [(g["file"], g["line"]) for g in got] == [(w.file or n, w.line) for n in MIXED for w in EXPECTED[n]]
    total = sum(len(EXPECTED[n]) for n in MIXED)
    assert proc.stderr.rstrip().endswith(f"{total} errors in 3 files")


def test_cli_exit_0_when_every_file_is_valid():
    proc = run("validate", "ok_minimal.yaml", "ok_variant.yaml")
    assert_no_crash(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["ok_minimal.yaml:", "ok", "ok_variant.yaml:", "ok"]


def test_cli_one_bad_file_among_good_ones_exits_1():
    proc = run("validate", "ok_minimal.yaml", "yaml_tab_indentation.yaml", "ok_variant.yaml")
    assert_no_crash(proc)
    assert proc.returncode == 1


def test_cli_folder_and_missing_file():
    proc = run("validate", str(FILES), "no_such_ruleset.yaml")
    assert_no_crash(proc)
    assert proc.returncode == 1
    assert "folder" in proc.stderr and "no_such_ruleset.yaml" in proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["validate"],
        ["validate", "--format", "xml", "ok_minimal.yaml"],
        ["validate", "--no-such-option", "ok_minimal.yaml"],
    ],
)
def test_cli_usage_errors_exit_2(args):
    proc = run(*args)
    assert_no_crash(proc)
    assert proc.returncode == 2
