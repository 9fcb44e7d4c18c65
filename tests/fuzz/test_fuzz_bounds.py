"""Generators of the kinds the independent run of issue 20 used: rulesets that validate and fail only
while playing (in a legality rule, an effect, a message), chains of functions, and repeat and
announce bombs.

Every example runs in a forked child with a time and memory limit.  It must either be refused at
load time with a diagnostic, or play; a game may stop only with a FlowError that names the game's
seed and says what failed in words (never Python's), and always within the limits of
docs/language.md (so within the child's time and memory).
"""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import event
from hypothesis import strategies as st

from . import ROOT, assert_cli_clean, assert_report_sane, cli, fuzz, isolated

GAMES = ["oh_hell", "hachinin_meri", "duzihu", "gin_rummy"]
TUTORIAL = ROOT / "docs" / "tutorial" / "mini_whist.yaml"
PYTHON_WORDS = re.compile(r"(Type|Key|Attribute|Index|Name|Value|Recursion)Error|object has no attribute|NoneType")


@cache
def tree(name: str) -> dict:
    path = TUTORIAL if name == "mini_whist" else ROOT / "rulesets" / f"{name}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def run_text(text: str, moves: int = 400) -> str:
    """In the child: validate, then play random moves; returns a verdict."""
    import random

    from interpreter.compiling.pipeline import check_text
    from interpreter.engine.program import FlowError

    report = check_text(text, "fuzz.yaml")
    assert_report_sane(report, {"fuzz.yaml": text})
    if not report.ok:
        errors = [d for d in report.diagnostics if d.severity == "error"]
        assert errors and all(d.span is not None for d in errors), errors
        return "refused"
    rs = report.ruleset
    for seed in (0, 1):
        rng = random.Random(seed)
        try:
            state = rs.new_game(seed=seed, story=True)  # messages are evaluated (as at the prompt)
            for _ in range(moves):
                if state.is_terminal():
                    state.returns()
                    break
                state.observation(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
        except FlowError as exc:
            message = str(exc)
            assert exc.seed == seed, f"the error does not name the game's seed: {message}"
            assert message.strip() and not PYTHON_WORDS.search(message), message
            return "stopped"
    return "played"


def _isolated(text: str, what: str, seconds: float = 60) -> str:
    outcome = isolated(run_text, text, timeout=seconds, memory_mb=1500)
    assert outcome.kind == "ok", f"{what}\n{outcome}"
    event(outcome.value)
    return outcome.value


# ----------------------------------------------------------------- run-time failures in valid rulesets

FAILING = [
    "len(hand(player)) // (len(hand(player)) - {k}) >= 0",
    "[1, 2, 3][len(hand(player)) - {k}] > 0",
    "max([len(hand(s)) for s in seats if len(hand(player)) == {k}]) >= 0",
    "len(hand(player)) % (len(hand(player)) - {k}) >= 0",
    "2 ** (len(hand(player)) * {k}) > 0",
    "len(hand(player)) * 100000000000000000 * {k} > 0",
]


def broken_ruleset(data: Any) -> tuple[str, str]:
    name = data.draw(st.sampled_from(["mini_whist", *GAMES]))
    doc = copy.deepcopy(tree(name))
    action = data.draw(st.sampled_from(sorted(doc["actions"])))
    act = doc["actions"][action]
    expr = data.draw(st.sampled_from(FAILING)).format(k=data.draw(st.integers(0, 14)))
    where = data.draw(st.sampled_from(["available_if", "legal_if", "effect_set", "effect_announce"]))
    if where == "available_if":
        act["available_if"] = expr
    elif where == "legal_if":
        act.setdefault("legal_if", []).append({"id": "FZ-1", "text": "fuzz", "require": expr})
    elif where == "effect_set":
        doc.setdefault("variables", {})["fuzz_probe"] = {"type": "int"}
        int_expr = f"1 if {expr} else 0"
        act.setdefault("effect", []).append({"set": {"fuzz_probe": int_expr}})
    else:
        act.setdefault("effect", []).append({"announce": "{" + f"1 if {expr} else 0" + "}"})
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), f"{name}: {action}.{where}: {expr}"


def _legality_errors(data: Any) -> None:
    text, what = broken_ruleset(data)
    _isolated(text, what)


test_rules_failing_in_play_stop_cleanly, test_rules_failing_in_play_stop_cleanly_long = fuzz(8, 400, st.data())(
    _legality_errors
)


def _simulate_goes_on(text: str, folder: str) -> str:
    path = Path(folder) / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli(["simulate", path, "-n", "3", "--log-dir", Path(folder) / "logs"])
    assert_cli_clean(result, (0, 1))
    if "games failed" in result.output:
        assert re.search(r"game \d+ \(seed \d+, log .+\.jsonl\)", result.output), result.output[-1500:]
    return "failed" if result.exit_code else "ok"


def _simulate_reports(data: Any) -> None:
    import tempfile

    text, what = broken_ruleset(data)
    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(_simulate_goes_on, text, folder, timeout=120, memory_mb=1500)
    assert outcome.kind == "ok", f"{what}\n{outcome}"


test_simulate_reports_failing_games, test_simulate_reports_failing_games_long = fuzz(4, 200, st.data())(
    _simulate_reports
)


# ----------------------------------------------------------------- function chains

BODIES = [
    "g{k}(x) + 1",
    "g{k}(x) * 2 // 2",
    "g{k}(x + len(trick)) + g{k}(x)",
    "g{k}(x) if x > {m} else x // (x - {m})",
    "g{k}(x) + len([c for c in hand(0) if c == x])",
]


def _function_chain(data: Any) -> None:
    n = data.draw(st.sampled_from([1, 2, 10, 50, 99, 100, 101, 150, 500]))
    body = data.draw(st.sampled_from(BODIES))
    m = data.draw(st.integers(0, 3))
    functions = '  g0:\n    params: {x: int}\n    value: "x"\n'
    for k in range(1, n):
        functions += f'  g{k}:\n    params: {{x: int}}\n    value: "{body.format(k=k - 1, m=m)}"\n'
    call = data.draw(st.sampled_from(["0", "len(trick)", "len(hand(0))"]))
    text = TUTORIAL.read_text(encoding="utf-8").replace("functions:\n", "functions:\n" + functions)
    text = text.replace("variables:\n", "variables:\n  probe: {type: int, initial: 0}\n")
    text = text.replace("        - announce:", f'        - set: {{probe: "g{n - 1}({call})"}}\n        - announce:')
    _isolated(text, f"{n} functions of {body!r}, called with {call}")


test_function_chains_are_bounded, test_function_chains_are_bounded_long = fuzz(8, 300, st.data())(_function_chain)


# ----------------------------------------------------------------- repeat and announce bombs

BOMB_STEPS = [
    'announce: "{big()}"',
    'announce: "{len(big())}"',
    'set: {probe: "len(big())"}',
    "add: {probe: 1000000000000000}",
    'record: {n: "len(big())"}',
    'announce: "{[c for c in hand(0)]}"',
]


def _bomb(data: Any) -> None:
    size = data.draw(st.sampled_from([10, 1000, 50000, 99000]))
    times = data.draw(st.sampled_from([1, 10, 1000, 100000]))
    step = data.draw(st.sampled_from(BOMB_STEPS))
    inner = f"repeat: {{times: {times}, steps: [{step}]}}"
    if data.draw(st.booleans()):
        inner = f"repeat: {{times: {data.draw(st.sampled_from([2, 100, 1000]))}, steps: [{inner}]}}"
    text = TUTORIAL.read_text(encoding="utf-8")
    text = text.replace("functions:\n", f'functions:\n  big:\n    value: "range({size} + len(trick))"\n')
    text = text.replace("variables:\n", "variables:\n  probe: {type: int, initial: 0}\n")
    where = data.draw(st.sampled_from(["start", "each trick"]))
    if where == "start":
        text = text.replace("  - shuffle: deck\n", f"  - {inner}\n  - shuffle: deck\n")
    else:
        text = text.replace("        - announce:", f"        - {inner}\n        - announce:")
    _isolated(text, f"{inner} at {where} (big: {size})", seconds=90)


test_repeat_bombs_stop_within_the_limits, test_repeat_bombs_stop_within_the_limits_long = fuzz(8, 300, st.data())(_bomb)
