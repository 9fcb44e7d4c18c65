"""The sandbox (HS-6): escape attempts are refused at validation or stopped at run time.

Each row is one attempt to reach Python, the file system or unbounded time
and memory, placed in a minimal valid ruleset.  It must be refused with a
diagnostic whose message says why (or, for work that only explodes at run
time, stopped by a FlowError that says why), and nothing may be executed:
attempts that would create a marker file are checked for it.  Every row
runs in a forked child with a time and memory limit, and through the
`cardrules` command as well as the Python API.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from . import assert_cli_clean, assert_report_sane, cli, isolated, mini_ruleset


@dataclass(frozen=True)
class Attempt:
    """One escape attempt: a whole ruleset text (MARKER is replaced by the marker path)."""

    name: str
    text: str
    message: str  # a fragment of the diagnostic (or of the run-time error)
    at_run_time: bool = False
    seconds: int = 30  # the child's limit: far above what a refusal needs


def expr(name: str, source: str, message: str, at_run_time: bool = False) -> Attempt:
    return Attempt(name, mini_ruleset(source), message, at_run_time)


def cond(name: str, source: str, message: str, at_run_time: bool = False) -> Attempt:
    return Attempt(name, mini_ruleset(cond=source), message, at_run_time)


TAG_SYSTEM = "!!python/object/apply:os.system ['touch MARKER']"
RECURSION = '  f: {params: {n: int}, value: "g(n) + 1"}\n  g: {params: {n: int}, value: "f(n) + 1"}\n'
SELF_RECURSION = '  f: {params: {n: int}, value: "f(n - 1) if n > 0 else 0"}\n'
EXPONENTIAL = '  f0: {params: {n: int}, value: "n"}\n' + "".join(  # 2**40 calls, no recursion
    f'  f{i}: {{params: {{n: int}}, value: "f{i - 1}(n) + f{i - 1}(n)"}}\n' for i in range(1, 41)
)
TOO_LONG = "expression is too long"
UNDERSCORE = "names starting with '_' are not allowed"

ATTEMPTS = [
    expr("import", "__import__('os').system('touch MARKER')", "only functions can be called"),
    expr("import_bare", "__import__('os')", UNDERSCORE),
    expr("class_bases", "().__class__.__bases__", "expected an expression after '('"),
    expr("card_class", "hand[0].__class__", UNDERSCORE),
    expr("card_class_mro", "hand[0].suit.__class__.__mro__", UNDERSCORE),
    cond("card_class_in_legal_if", "card.__class__ == card", UNDERSCORE),
    cond("getattr_card_in_legal_if", "getattr(card, 'suit') == 'cups'", "unknown function 'getattr'"),
    expr("private_attr", "x._private", UNDERSCORE),
    expr("private_attr_of_card", "hand[0]._private", UNDERSCORE),
    expr("getattr", "getattr(hand[0], 'suit')", "unknown function 'getattr'"),
    expr("eval", "eval(\"open('MARKER', 'w')\")", "unknown function 'eval'"),
    expr("exec_bare", "exec", "unknown name 'exec'"),
    expr("exec_call", "exec(\"open('MARKER', 'w')\")", "unknown function 'exec'"),
    expr("open_passwd", "open('/etc/passwd')", "unknown function 'open'"),
    expr("open_write", "open('MARKER', 'w')", "unknown function 'open'"),
    expr("format_class", "'{0.__class__}'.format(hand[0])", "only functions can be called"),
    expr("method_call", "hand.__len__()", "only functions can be called"),
    expr("fstring", "f'{hand}'", "unexpected string"),
    expr("lambda", "lambda: 1", "':' is not allowed here"),
    expr("lambda_key", "sorted(hand, key=lambda c: 1)", "'lambda' is not part of the expression language"),
    expr("builtin_as_key", "max(hand, key=__import__)", "'key=' takes the name of a function"),
    expr("globals", "globals()", "unknown function 'globals'"),
    expr("builtins_name", "__builtins__", UNDERSCORE),
    expr("import_statement", "import os", "'import' is not part of the expression language"),
    expr("walrus", "(x := 1)", "':' is not allowed here"),
    expr("slice", "hand[0:1]", "':' is not allowed here"),
    expr("python_escape", "'\\x41'", "unknown escape in string"),
    # unbounded work and memory: refused when constant, stopped when computed at run time
    expr("range_comprehension", "[x for x in range(10**9)]", "range() would have 1,000,000,000 elements"),
    expr("range_huge", "range(10**12)", "range() would have 1,000,000,000,000 elements"),
    expr("power_tower", "2 ** 10 ** 10", "exponent 10000000000 is out of range"),
    expr("string_times_huge", "'a' * 10**9", "'*' needs two integers"),
    expr(
        "nested_comprehensions", "[[x for x in range(99999)] for y in range(99999)]", "too much work", at_run_time=True
    ),
    expr(
        "nested_generator_sum",
        "sum(x * y for x in range(99999) for y in range(99999))",
        "too much work",
        at_run_time=True,
    ),
    expr("range_at_run_time", "[x for x in range(big * big)]", "elements", at_run_time=True),
    expr("sum_of_range_at_run_time", "sum(range(big))", "elements", at_run_time=True),
    cond("power_at_run_time", "me ** (big * big) > 0", "exponent 1000000000000 is out of range", at_run_time=True),
    cond("product_at_run_time", "big * big * big * big > 0", "integer result is too large", at_run_time=True),
    Attempt("mutual_recursion", mini_ruleset("f(1)", functions=RECURSION), "recursion is not allowed: f -> g -> f"),
    Attempt("self_recursion", mini_ruleset("f(3)", functions=SELF_RECURSION), "recursion is not allowed: f -> f"),
    Attempt(
        "exponential_call_tree",
        mini_ruleset("f40(1)", functions=EXPONENTIAL),
        "too much work",
        at_run_time=True,
        seconds=10,
    ),
    expr("parentheses_10000", "(" * 10_000 + "1" + ")" * 10_000, TOO_LONG),
    expr("nesting_within_length", "not " * 900 + "true", "expression nests too deeply"),
    expr("brackets_within_length", "[" * 1000 + "1" + "]" * 1000, "expression nests too deeply"),
    Attempt("one_megabyte", mini_ruleset("1 + " * 250_000 + "1"), TOO_LONG, seconds=120),
    # YAML
    Attempt("yaml_apply", mini_ruleset() + f"x: {TAG_SYSTEM}\n", "YAML tags are not allowed"),
    Attempt(
        "yaml_apply_in_rule",
        mini_ruleset().replace('require: "true"', f"require: {TAG_SYSTEM}"),
        "YAML tags are not allowed",
    ),
    Attempt("yaml_name", mini_ruleset() + "x: !!python/name:os.system\n", "YAML tags are not allowed"),
    Attempt(
        "yaml_new", mini_ruleset() + "x: !!python/object/new:os.system ['touch MARKER']\n", "YAML tags are not allowed"
    ),
    Attempt("yaml_module", mini_ruleset() + "x: !!python/module:os\n", "YAML tags are not allowed"),
    Attempt(
        "yaml_tag_directive",
        "%TAG !p! tag:yaml.org,2002:python/object/apply:\n---\n"
        + mini_ruleset()
        + "x: !p!os.system ['touch MARKER']\n",
        "YAML tags are not allowed",
    ),
    Attempt(
        "yaml_alias_bomb",
        mini_ruleset()
        + "".join(f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9 if i else ['x'] * 9)}]\n" for i in range(10)),
        "YAML alias expansion exceeds",
    ),
    Attempt("extends_passwd", "extends: /etc/passwd\n" + mini_ruleset(), "must be a YAML mapping"),
    Attempt("extends_passwd_alone", "extends: /etc/passwd\nid: x\n", "must be a YAML mapping"),
    Attempt("extends_folder", "extends: /etc\nid: x\n", "cannot find the base ruleset '/etc'"),
    Attempt("extends_device", "extends: /dev/zero\nid: x\n", "cannot find the base ruleset"),
]


def _attempt(attempt: Attempt, folder: str) -> str:
    """In the child: validate through the API, then play what validates; returns a verdict."""
    from interpreter.compiling.pipeline import check_file
    from interpreter.engine.program import FlowError

    path = Path(folder) / "attempt.yaml"
    path.write_text(attempt.text.replace("MARKER", str(Path(folder) / "MARKER")), encoding="utf-8")
    report = check_file(path)
    assert_report_sane(report, {str(path): path.read_text(encoding="utf-8")})
    messages = [d.message for d in report.diagnostics if d.severity == "error"]
    if not attempt.at_run_time:
        assert messages, f"{attempt.name} was accepted"
        assert any(attempt.message in m for m in messages), messages
        return "refused"
    assert report.ok, messages
    with pytest.raises(FlowError) as stopped:
        state = report.ruleset.new_game(seed=1, story=True)
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
    assert attempt.message in str(stopped.value), str(stopped.value)
    return "stopped"


def _attempt_cli(attempt: Attempt, folder: str) -> str:
    """In the child: the same file through `cardrules validate` and, when it validates, `play`."""
    path = Path(folder) / "attempt.yaml"
    path.write_text(attempt.text.replace("MARKER", str(Path(folder) / "MARKER")), encoding="utf-8")
    result = cli(["validate", path])
    assert_cli_clean(result, (0, 1) if attempt.at_run_time else (1,))
    if not attempt.at_run_time:
        assert attempt.message in result.output, result.output
        return "refused"
    result = cli(
        ["play", path, "--agents", "random", "--seed", "1"], input="1\n1\n", env={"CARDRULES_SAVE_DIR": folder}
    )
    assert_cli_clean(result, (1,))
    assert "cardrules:" in result.output and attempt.message in result.output, result.output
    return "stopped"


@pytest.mark.parametrize("attempt", ATTEMPTS, ids=[a.name for a in ATTEMPTS])
def test_escape_attempt_is_refused(attempt: Attempt, tmp_path: Path) -> None:
    outcome = isolated(_attempt, attempt, str(tmp_path), timeout=attempt.seconds, memory_mb=1024)
    assert outcome.kind == "ok", str(outcome)
    assert not (tmp_path / "MARKER").exists(), "the attempt executed code"


COMMAND_ATTEMPTS = [a for a in ATTEMPTS if a.name != "one_megabyte"]  # as above, and slow to scan twice


@pytest.mark.parametrize("attempt", COMMAND_ATTEMPTS, ids=[a.name for a in COMMAND_ATTEMPTS])
def test_escape_attempt_is_refused_by_the_command(attempt: Attempt, tmp_path: Path) -> None:
    outcome = isolated(_attempt_cli, attempt, str(tmp_path), timeout=attempt.seconds, memory_mb=1024)
    assert outcome.kind == "ok", str(outcome)
    assert not (tmp_path / "MARKER").exists(), "the attempt executed code"


def test_markers_would_be_seen(tmp_path: Path) -> None:
    """The marker check is live: the same command, run by Python, does create the file."""
    import os

    os.system(f"touch {tmp_path / 'MARKER'}")
    assert (tmp_path / "MARKER").exists()


def test_only_whitelisted_names_resolve() -> None:
    """Every builtin the checker knows is a documented pure function, not a Python builtin."""
    from interpreter.expr import BUILTINS

    dangerous = {
        "eval",
        "exec",
        "open",
        "compile",
        "getattr",
        "setattr",
        "globals",
        "locals",
        "vars",
        "type",
        "__import__",
        "input",
        "print",
        "dir",
        "object",
        "super",
        "memoryview",
        "breakpoint",
    }
    assert not dangerous & set(BUILTINS)
