"""Hostile-input fuzzing: every bad input gets a clear message and loses nothing.

Shared helpers for the fuzz suites:

- `fuzz(fast, slow, *strategies)` turns one property body into two tests: a
  modest default run and a `@pytest.mark.slow` long run (`pytest -m slow`);
  `CARDRULES_FUZZ_SCALE=0.25` scales the long runs' example counts (to fit a
  time budget; `--hypothesis-show-statistics` prints what was tried);
- `assert_report_sane` checks a validation Report: Diagnostic objects whose
  spans lie inside the files they name;
- `cli` / `assert_cli_clean` run the `cardrules` command in-process and fail
  on a traceback or on what `main()` would print as an internal error;
- `isolated` runs untrusted work in a forked child with a time and memory
  limit, so a hang or a memory bomb fails one example instead of the suite.
"""

from __future__ import annotations

import os
import pickle
import resource
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings

ROOT = Path(__file__).resolve().parents[2]
HM = ROOT / "rulesets" / "hachinin_meri.yaml"
DZ = ROOT / "rulesets" / "duzihu.yaml"
SHIPPED = {"hachinin_meri": HM, "duzihu": DZ}

COMMON = dict(deadline=None, derandomize=False, suppress_health_check=list(HealthCheck))
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]


def fuzz(fast: int, slow: int, *strategies: Any) -> Callable:
    """`test_x, test_x_long = fuzz(50, 3000, strategy)(body)`: a default and a slow variant.

    The default variant does not shrink a failure (each example forks a child, and shrinking one
    failure can take hundreds of them): it reports the example as found, and the slow variant,
    which shares the example database, shrinks it.
    """

    slow = max(1, round(slow * float(os.environ.get("CARDRULES_FUZZ_SCALE", "1"))))

    def wrap(body: Callable) -> tuple[Callable, Callable]:
        quick = settings(max_examples=fast, phases=NO_SHRINK, **{**COMMON, "derandomize": True})(
            given(*strategies)(body)
        )  # the default suite is repeatable; the slow variant explores
        long = pytest.mark.slow(settings(max_examples=slow, **COMMON)(given(*strategies)(body)))
        return quick, long

    return wrap


# ----------------------------------------------------------------- diagnostics


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff").split("\n")


def assert_report_sane(report: Any, texts: dict[str, str]) -> None:
    """Diagnostics are Diagnostic objects; each span lies inside the file it names (or is absent)."""
    from interpreter.base.diagnostics import Diagnostic, render_all

    assert isinstance(report.diagnostics, list)
    for d in report.diagnostics:
        assert isinstance(d, Diagnostic), d
        assert isinstance(d.message, str) and d.message.strip(), d
        assert d.severity in ("error", "warning"), d
        if d.span is None:
            continue
        known = {**texts, **report.sources}
        assert d.span.file in known, f"diagnostic names an unknown file: {d}"
        lines = _lines(known[d.span.file])
        assert 1 <= d.span.line <= len(lines), f"line outside the file ({len(lines)} lines): {d}"
        width = len(lines[d.span.line - 1])
        assert 1 <= d.span.col <= width + 1, f"column outside line {d.span.line} ({width} chars): {d}"
    render_all(report.diagnostics, report.sources)  # rendering must not fail either
    if report.ok:
        assert report.ruleset is not None
    else:
        assert report.ruleset is None


# ----------------------------------------------------------------- the command line


def cli(args: list[str], input: Any = None, env: dict | None = None) -> Any:
    """Run `cardrules ARGS` in-process; exceptions are kept on the result, not raised."""
    from interpreter.frontends.cli import cli as command

    env = {"NO_COLOR": "1", **(env or {})}
    return CliRunner().invoke(command, [str(a) for a in args], input=input, env=env, catch_exceptions=True)


def assert_cli_clean(result: Any, codes: tuple[int, ...] = (0, 1)) -> None:
    """No traceback, no internal error (an exception main() would report with exit 3), a known exit code."""
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        raise AssertionError(
            f"cardrules: internal error: {type(exc).__name__}: {exc}\n{tb}\noutput:\n{result.output[-3000:]}"
        )
    assert "Traceback" not in result.output, result.output[-3000:]
    assert "internal error" not in result.output, result.output[-3000:]
    assert result.exit_code in codes, f"exit {result.exit_code}:\n{result.output[-3000:]}"


# ----------------------------------------------------------------- isolation


class Isolated:
    """What happened in the child: `kind` is 'ok', 'raised', 'timeout', 'memory' or 'died'."""

    def __init__(self, kind: str, value: Any = None, detail: str = "", seconds: float = 0.0):
        self.kind, self.value, self.detail, self.seconds = kind, value, detail, seconds

    def __repr__(self) -> str:
        return f"Isolated({self.kind}, {self.value!r}, {self.detail[-2000:]})"

    def __str__(self) -> str:
        value = self.value
        if isinstance(value, tuple) and len(value) == 2:
            value = f"{value[0].rpartition('.')[2]}: {value[1]}"
        return f"{self.kind}: {str(value)[:1500]}\n... {self.detail[-1500:]}"


# A child that waits is stopped after this many times its CPU time by the clock: far enough above 1 that a
# child that works gets its CPU time on a machine shared with other runs (three times was reached once, a
# spinning child on two cores shared with a whole test run and two simulations).
CLOCK_FACTOR = 10


def isolated(fn: Callable[..., Any], *args: Any, timeout: float = 10.0, memory_mb: int = 1024) -> Isolated:
    """Run fn(*args) in a forked child limited to `timeout` seconds of CPU time and `memory_mb` more
    memory.  CPU time, not the clock: the bounds under test are on work, and a machine busy with
    other runs must not turn a child that stops in time into a timeout (a child that waits instead of
    working is stopped too, after CLOCK_FACTOR times `timeout` by the clock)."""
    warm_caches()
    read_end, write_end = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        os.close(read_end)
        try:
            _limit_child(timeout, memory_mb)
            try:
                out = ("ok", fn(*args), "")
            except MemoryError:
                out = ("memory", None, traceback.format_exc())
            except _Timeout:
                out = ("timeout", None, traceback.format_exc())
            except BaseException as exc:  # reported to the parent, which decides
                out = ("raised", _describe(exc), traceback.format_exc())
            data = pickle.dumps(out)
        except BaseException:
            data = pickle.dumps(("died", None, "could not pickle the result"))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    seconds = time.monotonic() - start
    if not data:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        kind = "timeout" if sig in (signal.SIGALRM, signal.SIGPROF, signal.SIGKILL, signal.SIGXCPU) else "died"
        return Isolated(kind, None, f"child ended with status {status} (signal {sig})", seconds)
    kind, value, detail = pickle.loads(data)
    return Isolated(kind, value, detail, seconds)


_warm: list[bool] = []


def warm_caches() -> None:
    """Build the expression parser and schema validator once in the parent, so children start warm."""
    if not _warm:
        from interpreter.compiling.pipeline import check_text

        assert check_text(mini_ruleset(), "warm.yaml").ok
        _warm.append(True)


class _Timeout(BaseException):
    """Raised in the child by SIGPROF or SIGALRM; a BaseException so `except Exception` cannot swallow it."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Timeout(signal.Signals(signum).name)  # SIGPROF: out of CPU time; SIGALRM: the clock


def _limit_child(timeout: float, memory_mb: int) -> None:
    signal.signal(signal.SIGPROF, _on_alarm)
    signal.setitimer(signal.ITIMER_PROF, timeout)  # the child's CPU time
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, CLOCK_FACTOR * timeout)  # a child that waits
    # A hard stop too, for C code that never returns to the interpreter (a huge power, a huge string).
    resource.setrlimit(resource.RLIMIT_CPU, (int(timeout) + 5, int(timeout) + 5))
    used = _virtual_memory()
    if used:
        limit = used + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))


def _virtual_memory() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _describe(exc: BaseException) -> tuple[str, str]:
    return (type(exc).__module__ + "." + type(exc).__qualname__, str(exc)[:2000])


# ----------------------------------------------------------------- a minimal ruleset for expressions

MINI = """\
cardrules: 1
id: exprfuzz
name: {{en: Expression fuzz}}
players: {{count: 3}}
deck:
  attributes: {{number: {{type: int, default: 0}}}}
  suits: [{{id: cups}}, {{id: coins}}, {{id: swords}}]
  ranks: [{{id: "1", attrs: {{number: 1}}}}, {{id: "2", attrs: {{number: 2}}}}, {{id: "3", attrs: {{number: 3}}}}]
constants:
  ten: {{type: int, value: 10}}
  limit: {{type: int, value: 10}}
  bonus_ranks: {{type: "list[rank]", value: ["3"]}}
zones:
  deck: {{visibility: none}}
  hands: {{per: seat, visibility: owner}}
  table: {{visibility: all}}
variables:
  me: {{type: int, initial: 2}}
  zero: {{type: int}}
  big: {{type: int, initial: 1000000}}
  trump: {{type: suit, initial: swords}}
  nobody: {{type: card}}
  hand: {{type: "list[card]"}}
  out: {{type: bool}}
functions:
  is_trump: {{params: {{c: card}}, value: "c.suit == trump or c == 'cups-1'"}}
  strength: {{params: {{c: card}}, value: "c.number + (10 if is_trump(c) else 0)"}}
  value_of: {{params: {{p: entry}}, value: "strength(p.card) * (2 if p.face_up else 1)"}}
  hand_of: {{params: {{s: int}}, value: "hands(s)"}}
  double: {{params: {{x: int}}, value: "2 * x"}}
  pair_sum: {{params: {{a: int, b: int}}, value: "a + b"}}
{functions}actions:
  play:
    param: {{name: card, from: "hands(player)"}}
    legal_if:
      - {{id: F-1, text: the fuzzed condition, require: {cond}}}
    effect:
      - move: {{from: "hands(player)", to: table, cards: card}}
flow:
  - shuffle: deck
  - deal: {{from: deck, to: hands, seats: seats, packets: [3]}}
  - set: {{hand: "hands(0)"}}
  - move: {{from: "hands(1)", to: table, count: 1}}
  - record: {{r: {expr}}}
  - if: {cond}
    then:
      - set: {{out: true}}
  - repeat:
      times: 2
      steps:
        - turn: {{player: 0, actions: [play]}}
result:
  returns: "len(hands(seat))"
"""
MINI_NAMES = [
    "me",
    "ten",
    "zero",
    "big",
    "limit",
    "trump",
    "nobody",
    "hand",
    "bonus_ranks",
    "out",
    "entries('table')",
    "hands(1)",
    "table",
    "deck",
    "num_players",
    "seats",
]
MINI_FUNCTIONS = ["is_trump", "strength", "value_of", "hand_of", "double", "pair_sum"]


def mini_ruleset(expr: str = "1", cond: str = "true", functions: str = "") -> str:
    """The minimal valid ruleset with `expr` recorded, `cond` as an `if` and a legal_if (JSON-quoted)."""
    import json

    return MINI.format(expr=json.dumps(expr), cond=json.dumps(cond), functions=functions)
