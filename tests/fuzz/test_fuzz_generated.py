"""Generated rulesets: a file that validates never reaches a Python error in play (issue 15, bug 4).

Each example writes a new, well-formed but arbitrary ruleset (tests/fuzz/generated.py: every section
and step kind, every slot the engine reads filled with an expression of its type), validates it and,
when it is valid, plays random legal moves in a forked child.  Play may stop only with a ruleset
error (FlowError) whose message is the ruleset's fault in plain words: never a Python exception's
name or text.  Observations, records (as JSON), saves and a replay of the game log are exercised too.
"""

from __future__ import annotations

import io
import json
import random
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

from . import assert_report_sane, fuzz, isolated
from .generated import ruleset

PYTHON_WORDS = re.compile(
    r"\b(TypeError|KeyError|IndexError|AttributeError|ValueError|ZeroDivisionError|RecursionError|"
    r"OverflowError|NameError|UnboundLocalError|AssertionError|StopIteration|unhashable|NoneType|"
    r"not supported between|object is not|Traceback)\b"
)


def play_generated(text: str, moves: int = 200) -> str:
    """In the child: validate `text`; when valid, play it; returns a verdict."""
    from interpreter.compiling.pipeline import load_ruleset
    from interpreter.engine.program import FlowError
    from interpreter.frontends.gamelog import LogWriter
    from interpreter.frontends.replay import replay_log

    folder = Path(tempfile.mkdtemp())
    path = folder / "generated.yaml"
    path.write_text(text, encoding="utf-8")
    from interpreter.compiling.pipeline import check_file

    report = check_file(path)
    assert_report_sane(report, {str(path): text})
    if not report.ok:
        return "invalid: " + report.diagnostics[0].message[:60]
    rs = load_ruleset(path)
    log = io.StringIO()
    rng = random.Random(len(text))
    try:
        seed = rng.randrange(1000)
        st = rs.new_game(seed=seed, story=True)
        writer = LogWriter(log, rs, str(path), seed, ["random"] * rs.num_players)  # the header tells the seed
        writer.sync(st)
        for _ in range(moves):
            if st.is_terminal():
                st.returns()
                break
            for seat in range(rs.num_players):
                st.observation(seat)
            seat, action = st.current_player(), rng.choice(st.legal_actions())
            st.apply_action(action)
            writer.action(seat, action.text, st)
        json.dumps(st.records)
        assert rs.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()
        if not st.is_terminal():
            return "played"
        writer.end(st)
    except FlowError as exc:
        message = str(exc)
        assert message.strip() and not PYTHON_WORDS.search(message), message
        return "stopped"
    log_file = folder / "game.jsonl"
    log_file.write_text(log.getvalue(), encoding="utf-8")
    report = replay_log(log_file, check=True)
    assert report.ok, report.problems
    return "finished"


def _generated(data: Any, sizes: tuple[int, int]) -> None:
    text = ruleset(data, data.draw(st.integers(*sizes)))
    outcome = isolated(play_generated, text, timeout=60, memory_mb=1500)
    assert outcome.kind == "ok", f"{outcome}\n--- the ruleset:\n{text}"
    event(outcome.value.split(":")[0])


def _small(data: Any) -> None:
    _generated(data, (1, 3))


def _large(data: Any) -> None:
    _generated(data, (2, 5))


test_generated_rulesets_play_or_stop_cleanly, _ = fuzz(40, 1, st.data())(_small)
_, test_larger_generated_rulesets_play_or_stop_cleanly_long = fuzz(1, 1500, st.data())(_large)
