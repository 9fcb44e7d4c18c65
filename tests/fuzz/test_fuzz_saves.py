"""Saves and logs: damaged files are refused with a clear message and lose nothing.

Real files first: a save written by the prompt after a few random moves
(`Session` with scripted input), and a game log written by `cardrules
simulate --log-dir`.  Then they are damaged: truncated, bytes flipped, JSON
values edited (types, numbers, card ids, paths), keys deleted, a save or log
header taken from the other ruleset, the format version changed.

- `cardrules play --resume SAVE` either resumes (and plays on a little) or
  exits 1 with a message starting "cardrules:"; no traceback, no internal
  error, no usage error (the person typed no bad option), and a save that
  could not be resumed is left exactly as it was;
- a signed save changed in any byte is always refused (its digest); edited
  contents are also tried as an unsigned save of release 0.1.0, which is
  resumed only when its game is what its seed and moves give;
- `cardrules replay --check LOG` exits 0 or 1 with its problems or a
  "cardrules:" message, never a traceback.

Each example runs in a forked child with a time limit.
"""

from __future__ import annotations

import copy
import json
import math
import re
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event
from hypothesis import strategies as st

from . import DZ, HM, assert_cli_clean, cli, fuzz, isolated

GAMES = {"hachinin_meri": HM, "duzihu": DZ}
_FILES = tempfile.TemporaryDirectory(prefix="cardrules-fuzz-")
KEYS = {"CARDRULES_SAVE_DIR": _FILES.name}
PYTHON_WORDS = re.compile(
    r"(Type|Key|Attribute|Index|Name|Value|Recursion)Error|object has no attribute|NoneType"
)  # where the key that signs the real saves is kept


def save_doc(text: str) -> dict:
    """The contents of a signed save (its first line)."""
    return json.loads(text.split("\n", 1)[0])


def unsigned(doc: dict) -> bytes:
    """`doc` as a save of release 0.1.0 would hold it: one JSON object, no digest."""
    return json.dumps({**doc, "format": "cardrules-save/1"} if "format" in doc else doc).encode()


@cache
def ruleset(name: str) -> Any:
    import interpreter

    return interpreter.load(str(GAMES[name]))


@cache
def real_save(game: str, seed: int, moves: int) -> str:
    """The text of a save written by the prompt after `moves` of our moves (agents play the rest)."""
    rs = ruleset(game)
    script = ["1"] * moves
    path = Path(_FILES.name) / f"{game}-{seed}-{moves}.json"
    import os

    before, os.environ["CARDRULES_SAVE_DIR"] = os.environ.get("CARDRULES_SAVE_DIR"), _FILES.name
    try:
        _session(rs, game, seed, script, path)
    finally:
        if before is None:
            del os.environ["CARDRULES_SAVE_DIR"]
        else:
            os.environ["CARDRULES_SAVE_DIR"] = before
    return path.read_text(encoding="utf-8")


def _session(rs: Any, game: str, seed: int, script: list, path: Path) -> None:
    from interpreter.agents.spec import make_agents
    from interpreter.frontends.prompt import Session
    from interpreter.text.render import Renderer

    Session(
        rs=rs,
        ruleset_path=str(GAMES[game]),
        seat=0,
        agents=make_agents("random", rs, seed),
        agent_spec="random",
        seed=seed,
        options={},
        renderer=Renderer(rs),
        echo=lambda *a: None,
        read=lambda prompt: script.pop(0) if script else None,
        save_path=path,
    ).run()


@cache
def real_log(game: str, seed: int) -> str:
    """The text of a one-game log written by `cardrules simulate --log-dir`."""
    folder = Path(_FILES.name) / f"logs-{game}-{seed}"
    result = cli(
        ["simulate", GAMES[game], "-n", "1", "--seed", seed, "--log-dir", folder]
        + (["--option", "deals=1"] if game == "hachinin_meri" else [])
    )
    assert result.exit_code == 0, result.output
    (log,) = folder.iterdir()
    return log.read_text(encoding="utf-8")


# ----------------------------------------------------------------- damage


def json_paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(json_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(json_paths(v, prefix + (i,)))
    return out


def _get(value: Any, path: tuple) -> Any:
    for k in path:
        value = value[k]
    return value


SPECIAL = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    63,
    64,
    119,
    120,
    10**6,
    2**31,
    2**63,
    -(2**63),
    10**30,
    10**400,
    1.5,
    -0.0,
    math.inf,
    -math.inf,
    math.nan,
    "",
    "x",
    "1",
    "[]",
    "{}",
    "NaN",
    "../../etc/passwd",
    "/etc/passwd",
    "/",
    "/dev/zero",
    "random",
    "wizard",
    "ismcts:iterations=999999999",
    "cardrules-save/1",
    "cardrules-state/1",
    "cardrules-save/2",
    "cardrules-log/1",
    "cardrules-log/99",
    "\x00",
    "\udcff",
    [],
    [1],
    [[1, 2]],
    {},
    {"t": [1]},
    {"s": [1]},
    {"a": ["x", 1, "t"]},
    {"a": [1, 2]},
    {"x": 1},
]
JSON_VALUES = st.recursive(
    st.sampled_from(SPECIAL) | st.integers() | st.text(max_size=6) | st.floats(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def edit_json(data: Any, doc: Any, card_ids: list[str]) -> str:
    """One edit at a random place of a JSON document; returns a description."""
    paths = [p for p in json_paths(doc) if p]
    path = paths[data.draw(st.integers(0, len(paths) - 1))]
    parent = _get(doc, path[:-1])
    how = data.draw(st.sampled_from(["replace", "replace", "card", "number", "delete", "duplicate", "shuffle"]))
    if how == "replace":
        parent[path[-1]] = data.draw(JSON_VALUES)
    elif how == "card":
        parent[path[-1]] = data.draw(st.sampled_from(card_ids) | st.integers(-2, len(card_ids) + 2))
    elif how == "number":
        old = parent[path[-1]]
        delta = data.draw(st.sampled_from([1, -1, 2, 100, -100, 2**40]))
        parent[path[-1]] = old + delta if type(old) is int else delta
    elif how == "delete":
        del parent[path[-1]]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    elif how == "shuffle" and isinstance(parent[path[-1]], list):
        data.draw(st.randoms()).shuffle(parent[path[-1]])
    return f"{how} {path}"


def damage_text(data: Any, text: str) -> tuple[bytes, str]:
    raw = text.encode("utf-8")
    how = data.draw(st.sampled_from(["truncate", "flip", "splice", "non_utf8"]))
    i = data.draw(st.integers(0, max(0, len(raw) - 1)))
    if how == "truncate":
        return raw[:i], f"truncate at {i}"
    if how == "flip":
        flips = data.draw(
            st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(1, 255)), min_size=1, max_size=4)
        )
        out = bytearray(raw)
        for at, mask in flips:
            out[at] ^= mask
        return bytes(out), f"flip {flips}"
    if how == "splice":
        junk = data.draw(st.binary(min_size=1, max_size=10))
        return raw[:i] + junk + raw[i:], f"splice {junk!r} at {i}"
    return raw[:i] + b"\xff\xfe" + raw[i:], f"non-UTF-8 at {i}"


# ----------------------------------------------------------------- saves


def resume(save_bytes: bytes, folder: str) -> str:
    """In the child: resume a (damaged) save through the command; returns a verdict."""
    path = Path(folder) / "damaged.json"
    path.write_bytes(save_bytes)
    result = cli(["play", "--resume", path], input="log\nscore\n1\n2\n1\n1\nquit\n", env=KEYS)
    assert_cli_clean(result, (0, 1))
    if result.exit_code == 0:
        return "resumed"
    assert re.search(r"^cardrules: .+", result.output, re.M), result.output[-1500:]
    assert not PYTHON_WORDS.search(result.output), "a refusal in Python's words: " + result.output[-1500:]
    assert path.read_bytes() == save_bytes, "a save that could not be resumed was changed"
    return "refused"


def _same_signed_content(raw: bytes, original: bytes) -> bool:
    """Whether a damaged save still holds the original body and digest, only the whitespace around the
    digest changed (its last newline cut, a space added): then resuming it is right."""
    body, _sep, rest = raw.partition(b"\n")
    first, _sep, digest = original.partition(b"\n")
    return body == first and rest.split() == digest.split()


def _damaged_save(data: Any) -> None:
    game = data.draw(st.sampled_from(sorted(GAMES)))
    text = real_save(game, data.draw(st.integers(0, 3)), data.draw(st.sampled_from([0, 1, 5])))
    doc = save_doc(text)
    other = save_doc(real_save("duzihu" if game == "hachinin_meri" else "hachinin_meri", 0, 1))
    how = data.draw(st.sampled_from(["json", "json", "json", "text", "other_state", "other_top", "format"]))
    if how == "json":
        edits = [edit_json(data, doc, list(ruleset(game).cards.ids)) for _ in range(data.draw(st.integers(1, 3)))]
        raw, what = unsigned(doc), f"{game}: {edits}"
    elif how == "text":
        raw, what = damage_text(data, text)
    elif how == "other_state":
        doc["state"] = other["state"]
        raw, what = unsigned(doc), "the other ruleset's state"
    elif how == "other_top":
        key = data.draw(st.sampled_from(sorted(other)))
        doc[key] = other[key]
        raw, what = unsigned(doc), f"the other ruleset's {key}"
    else:
        where = data.draw(st.sampled_from(["save", "state"]))
        value = data.draw(st.sampled_from(["cardrules-save/2", "cardrules-state/2", "cardrules-save/0", "", None, 1]))
        (doc if where == "save" else doc["state"])["format"] = value
        raw, what = json.dumps(doc).encode(), f"format of the {where} -> {value!r}"
    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(resume, raw, folder, timeout=120, memory_mb=1500)
    assert outcome.kind == "ok", f"{what}\n{outcome}"
    if how == "text" and not _same_signed_content(raw, text.encode()):
        assert outcome.value == "refused", f"a signed save changed by {what} was resumed"
    event(outcome.value)


test_damaged_saves_are_refused_or_resumed, test_damaged_saves_are_refused_or_resumed_long = fuzz(40, 3000, st.data())(
    _damaged_save
)


# ----------------------------------------------------------------- logs


def replay(log_bytes: bytes, folder: str) -> str:
    """In the child: replay a (damaged) log with --check; returns a verdict."""
    path = Path(folder) / "damaged.jsonl"
    path.write_bytes(log_bytes)
    result = cli(["replay", "--check", "-q", path])
    assert_cli_clean(result, (0, 1))
    if result.exit_code == 0:
        return "replayed"
    assert re.search(r"^cardrules: .+|^.*damaged\.jsonl(:\d+)?: .+", result.output, re.M), result.output[-1500:]
    return "refused"


def _damaged_log(data: Any) -> None:
    game = data.draw(st.sampled_from(sorted(GAMES)))
    text = real_log(game, data.draw(st.integers(0, 2)))
    lines = text.splitlines()
    how = data.draw(st.sampled_from(["json", "json", "json", "text", "lines", "cut", "other_header", "format"]))
    if how == "cut":  # at a line boundary: the log ends before its game did
        n = data.draw(st.integers(1, len(lines) - 1))
        with tempfile.TemporaryDirectory() as folder:
            outcome = isolated(replay, ("\n".join(lines[:n]) + "\n").encode(), folder, timeout=120)
        assert outcome.kind == "ok" and outcome.value == "refused", f"cut after line {n}: {outcome}"
        event("cut: refused")
        return
    if how == "json":
        edits = []
        for _ in range(data.draw(st.integers(1, 3))):
            n = data.draw(st.integers(0, len(lines) - 1))
            doc = json.loads(lines[n])
            edits.append(f"line {n + 1}: " + edit_json(data, doc, list(ruleset(game).cards.ids)))
            lines[n] = json.dumps(doc)
        raw, what = ("\n".join(lines) + "\n").encode(), f"{game}: {edits}"
    elif how == "text":
        raw, what = damage_text(data, text)
    elif how == "lines":
        n, m = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap"]))
        if op == "delete":
            del lines[n]
        elif op == "duplicate":
            lines.insert(n, lines[m])
        else:
            lines[n], lines[m] = lines[m], lines[n]
        raw, what = ("\n".join(lines) + "\n").encode(), f"{op} lines {n + 1}, {m + 1}"
    elif how == "other_header":
        other = real_log("duzihu" if game == "hachinin_meri" else "hachinin_meri", 0).splitlines()
        lines[0] = other[0]
        raw, what = ("\n".join(lines) + "\n").encode(), "the other ruleset's header"
    else:
        header = json.loads(lines[0])
        header["format"] = data.draw(st.sampled_from(["cardrules-log/2", "cardrules-log/0", "", None, 1]))
        lines[0] = json.dumps(header)
        raw, what = ("\n".join(lines) + "\n").encode(), f"format -> {header['format']!r}"
    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(replay, raw, folder, timeout=120, memory_mb=1500)
    assert outcome.kind == "ok", f"{what}\n{outcome}"
    event(outcome.value)


test_damaged_logs_are_refused_or_replayed, test_damaged_logs_are_refused_or_replayed_long = fuzz(40, 3000, st.data())(
    _damaged_log
)


def test_undamaged_files_work() -> None:
    """The baseline: the real save resumes and the real log replays cleanly."""
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            assert isolated(resume, real_save(game, 0, 1).encode(), folder).value == "resumed"
            assert isolated(resume, unsigned(save_doc(real_save(game, 0, 1))), folder).value == "resumed"
            assert isolated(replay, real_log(game, 0).encode(), folder).value == "replayed"


# ----------------------------------------------------------------- the cases found above, one by one


def _edited_save(game: str, edit: Any) -> bytes:
    doc = save_doc(real_save(game, 0, 1))
    edit(doc)
    return unsigned(doc)


def _at(path: tuple, value: Any) -> Any:
    def edit(doc: Any) -> None:
        _get(doc, path[:-1])[path[-1]] = value

    return edit


def _first_group_zone(doc: Any) -> int:
    return next(i for i, g in enumerate(doc["state"]["groups"]) if g is not None)


SAVE_EDITS = [
    ("shown_not_a_number", "duzihu", _at(("shown",), "x")),
    ("game_number_a_list", "duzihu", _at(("game_number",), [1])),
    ("lang_a_number", "duzihu", _at(("lang",), 5)),
    ("log_a_folder", "duzihu", _at(("log",), "/")),
    ("ruleset_path_empty", "duzihu", _at(("ruleset",), "")),
    ("agents_unknown", "duzihu", _at(("agents",), "wizard")),
    ("seat_out_of_range", "duzihu", _at(("seat",), 99)),
    ("options_unknown", "duzihu", _at(("options",), {"x": 1})),
    ("history_entry_empty", "duzihu", _at(("state", "history", 0), [])),
    ("shuffles_a_number", "duzihu", _at(("state", "shuffles"), 5)),
    ("shuffle_entry_short", "duzihu", _at(("state", "shuffles"), [[0]])),
    ("messages_a_number", "duzihu", _at(("state", "messages"), 5)),
    ("window_of_numbers", "duzihu", _at(("state", "window"), {"t": [1, 2, 3, 4]})),
    ("action_kind_not_a_number", "duzihu", _at(("state", "vars", 0), {"a": ["x", 1, "t"]})),
    ("decisions_at_the_limit", "duzihu", _at(("state", "decisions"), 10**9)),
    ("group_a_number", "duzihu", lambda doc: doc["state"]["groups"].__setitem__(_first_group_zone(doc), 5)),
    (
        "variables_of_the_wrong_type",
        "duzihu",
        lambda doc: doc["state"].__setitem__("vars", ["x" if type(v) is int else v for v in doc["state"]["vars"]]),
    ),
    ("deal_snapshot_history_entry", "hachinin_meri", _at(("state", "history"), [[0, 0, 0]])),
]


@pytest.mark.parametrize("game,edit", [e[1:] for e in SAVE_EDITS], ids=[e[0] for e in SAVE_EDITS])
def test_edited_save_is_refused_or_resumed(game: str, edit: Any, tmp_path: Path) -> None:
    outcome = isolated(resume, _edited_save(game, edit), str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def test_save_log_field_cannot_name_a_file_descriptor(tmp_path: Path) -> None:
    """`"log": 1` in a save must not make cardrules write its log to (and then close) stdout."""
    outcome = isolated(_resume_with_fd_log, _edited_save("duzihu", _at(("log",), 1)), str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def _resume_with_fd_log(save: bytes, folder: str) -> str:
    import os

    capture = os.open(Path(folder) / "fd1.txt", os.O_RDWR | os.O_CREAT)
    os.dup2(capture, 1)
    verdict = resume(save, folder)
    os.fstat(1)  # still open
    written = (Path(folder) / "fd1.txt").read_text(encoding="utf-8", errors="replace")
    assert '"type": "header"' not in written, "the game log went to file descriptor 1: " + written[:300]
    return verdict


def _edited_log(game: str, line: int, **changes: Any) -> bytes:
    lines = real_log(game, 0).splitlines()
    doc = json.loads(lines[line])
    doc.update(changes)
    lines[line] = json.dumps(doc)
    return ("\n".join(lines) + "\n").encode()


def _deck_line(game: str) -> int:
    return next(i for i, line in enumerate(real_log(game, 0).splitlines()) if '"deck"' in line)


LOG_EDITS = [
    ("seed_infinite", lambda: _edited_log("duzihu", 0, seed=math.inf)),
    ("options_a_list", lambda: _edited_log("duzihu", 0, options=[1])),
    ("options_a_string", lambda: _edited_log("duzihu", 0, options="deals=1")),
    ("ruleset_a_number", lambda: _edited_log("duzihu", 0, ruleset=5)),
    ("ruleset_not_a_ruleset", lambda: _edited_log("duzihu", 0, ruleset="/etc/passwd", ruleset_id="")),
    ("ruleset_id_climbs_out", lambda: _edited_log("duzihu", 0, ruleset="nope", ruleset_id="../../../../etc/passwd")),
    ("deck_order_with_an_unknown_face", lambda: _edited_log("duzihu", _deck_line("duzihu"), order=[10**30])),
    ("deck_order_short", lambda: _edited_log("hachinin_meri", _deck_line("hachinin_meri"), order=["pao-1"])),
]


@pytest.mark.parametrize("make", [e[1] for e in LOG_EDITS], ids=[e[0] for e in LOG_EDITS])
def test_edited_log_is_refused_or_replayed(make: Any, tmp_path: Path) -> None:
    outcome = isolated(replay, make(), str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


# ----------------------------------------------------------------- two processes at once


def _concurrent_simulations(runs: int, games: list[int], folder: str) -> str:
    import os
    import subprocess
    import sys

    logs = Path(folder) / "logs"
    env = {**os.environ, "CARDRULES_SAVE_DIR": folder}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "interpreter",
                "simulate",
                str(DZ),
                "-n",
                str(n),
                "--seed",
                str(i),
                "--log-dir",
                logs,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        for i, n in enumerate(games[:runs])
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err[-1500:]
    files = sorted(logs.glob("*.jsonl"))
    assert len(files) == sum(games[:runs]), [f.name for f in files]
    result = cli(["replay", "--check", "-q", *files])
    assert_cli_clean(result, (0,))
    return "kept"


def _two_runs(data: Any) -> None:
    runs = data.draw(st.integers(2, 3))
    games = data.draw(st.lists(st.integers(1, 4), min_size=3, max_size=3))
    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(_concurrent_simulations, runs, games, folder, timeout=600, memory_mb=2000)
    assert outcome.kind == "ok", f"{runs} runs of {games}\n{outcome}"


test_concurrent_runs_keep_their_logs, test_concurrent_runs_keep_their_logs_long = fuzz(1, 20, st.data())(_two_runs)
