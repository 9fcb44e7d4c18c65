"""Loader and validator fuzz: mutated shipped rulesets are diagnosed, never crash.

Each example takes rulesets/hachinin_meri.yaml or rulesets/duzihu.yaml and
damages it: in the tree (delete a key, swap a value's type, corrupt an
expression, huge numbers, deep nesting, copies of subtrees, renamed keys) and
in the text (duplicate lines, truncation, random or non-UTF-8 bytes spliced
in, alias bombs, stray YAML syntax).  Then:

- `check_text` / `check_file` return a Report of Diagnostic objects whose
  spans lie inside the file, and raise nothing;
- `cardrules validate` exits 0 or 1, with no traceback or internal error;
- a mutation that stays valid is playable for a few random moves, failing
  only with a FlowError that says why.

Validation runs in a forked child (`isolated`) so a hang or a memory bomb
fails one example with a clear verdict instead of stopping the suite.
"""

from __future__ import annotations

import copy
import json
import re
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import event
from hypothesis import strategies as st

from . import DZ, HM, assert_cli_clean, assert_report_sane, cli, fuzz, isolated

RULESETS = {"hachinin_meri.yaml": HM, "duzihu.yaml": DZ}
PROSE_KEYS = {"rules", "description", "name", "text", "source", "seat_names", "symbol", "color", "summary"}

# ----------------------------------------------------------------- the originals as plain trees


@cache
def original_text(name: str) -> str:
    return RULESETS[name].read_text(encoding="utf-8")


@cache
def original_tree(name: str) -> Any:
    """The shipped file read by our own loader (YAML 1.2 rules), as plain dicts, lists and scalars."""
    from interpreter.loading import parse_text

    return _plain(parse_text(original_text(name), name).root)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v)
    return str(v)


def dump(tree: Any) -> str:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(tree, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)


@cache
def warm() -> None:
    """Build the parser, schema and caches once in the parent, so every forked child starts warm."""
    from interpreter.compiling.pipeline import check_text

    for name in RULESETS:
        assert check_text(dump(original_tree(name)), name).ok


def paths(tree: Any, prefix: tuple = ()) -> list[tuple]:
    """Every node's path, the root excluded, in document order."""
    out = []
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        out.append(prefix + (k,))
        out.extend(paths(v, prefix + (k,)))
    return out


def expression_paths(tree: Any) -> list[tuple]:
    """Strings outside prose: expressions, ids and references."""
    return [p for p in paths(tree) if isinstance(get(tree, p), str) and not PROSE_KEYS & {str(k) for k in p}]


def get(tree: Any, path: tuple) -> Any:
    for k in path:
        tree = tree[k]
    return tree


def put(tree: Any, path: tuple, value: Any) -> None:
    get(tree, path[:-1])[path[-1]] = value


def delete(tree: Any, path: tuple) -> None:
    del get(tree, path[:-1])[path[-1]]


# ----------------------------------------------------------------- mutations


TOKENS = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ".",
    ":",
    "=",
    "==",
    "**",
    "//",
    "/",
    "-",
    "+",
    "'",
    '"',
    "\\",
    "if",
    "else",
    "for",
    "in",
    "not",
    "and",
    "or",
    "lambda",
    "is",
    "none",
    "true",
    "yes",
    "_x",
    "__class__",
    "__import__('os')",
    "x",
    "card",
    "hand",
    "player",
    "seat",
    "len(",
    "max(",
    "sum(",
    "range(10**9)",
    "10**18",
    "2 ** 64",
    "99999999999999999999999",
    "-1",
    "0",
    "1.5",
    "\x00",
    "\t",
    "\n",
    "\u2028",
    "\ufeff",
    "é",
    "\U0001d518",
    "#",
    "&a",
    "*a",
    "!!python/object:os.system",
    "%",
    "|",
    "@",
    "`",
    "{{",
    "}}",
    " " * 50,
    "(" * 70,
    ")" * 70,
]
SCALARS = [
    "x",
    "",
    "yes",
    "on",
    "010",
    "1_000",
    " ",
    "~",
    0,
    -1,
    1,
    7,
    10**6,
    10**18,
    10**19,
    -(10**30),
    2**63,
    2**64 + 1,
    10**400,
    1.5,
    float("inf"),
    True,
    False,
    None,
]
HUGE = [10**9, 10**18, 10**18 + 1, 2**63 - 1, 2**63, 2**64, 10**100, -(10**18), -(2**63) - 1, 10**4000]


def _scalar(data: Any) -> Any:
    return data.draw(st.sampled_from(SCALARS) | st.text(max_size=8) | st.integers())


def _value(data: Any) -> Any:
    """A value of a random shape: a scalar, a list or a mapping."""
    shape = data.draw(st.sampled_from(["scalar", "list", "map", "empty_list", "empty_map"]))
    if shape == "scalar":
        return _scalar(data)
    if shape == "list":
        return [_scalar(data) for _ in range(data.draw(st.integers(1, 3)))]
    if shape == "map":
        return {data.draw(st.sampled_from(["a", "id", "type", "value", "count", "x"])): _scalar(data)}
    return [] if shape == "empty_list" else {}


def corrupt_string(data: Any, s: str) -> str:
    """Insert, delete or replace characters or tokens at random places."""
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(s)))
        how = data.draw(st.sampled_from(["insert_token", "insert_char", "delete", "replace", "swap_all"]))
        if how == "insert_token":
            s = s[:i] + data.draw(st.sampled_from(TOKENS)) + s[i:]
        elif how == "insert_char":
            s = s[:i] + data.draw(st.characters(codec="utf-8")) + s[i:]
        elif how == "delete":
            s = s[:i] + s[i + data.draw(st.integers(1, 6)) :]
        elif how == "replace":
            s = s[:i] + data.draw(st.sampled_from(TOKENS)) + s[i + data.draw(st.integers(1, 4)) :]
        else:
            s = data.draw(st.sampled_from(TOKENS)).join(s.split(" ")) if " " in s else s
    return s


def nested(depth: int, kind: str) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


SWAPS = [
    ("==", "!="),
    ("!=", "=="),
    ("<", ">"),
    (">", "<"),
    ("<=", ">="),
    (" and ", " or "),
    (" or ", " and "),
    ("+", "-"),
    ("-", "+"),
    ("max(", "min("),
    ("min(", "max("),
    ("any(", "all("),
    ("all(", "any("),
    ("true", "false"),
    ("false", "true"),
    ("0", "1"),
    ("1", "0"),
    ("2", "3"),
    ("not ", ""),
    ("[0]", "[-1]"),
    ("[-1]", "[0]"),
    ("len(", "-len("),
    ("player", "next_seat(player)"),
    ("next_seat(", "prev_seat("),
]


def tweak(data: Any, tree: Any) -> str:
    """A small change that often keeps the file valid: the engine, not the checker, meets it."""
    exprs = set(expression_paths(tree))
    candidates = [p for p in paths(tree) if type(get(tree, p)) is int or p in exprs]
    path = candidates[data.draw(st.integers(0, len(candidates) - 1))]
    old = get(tree, path)
    if type(old) is int:
        new: Any = data.draw(st.sampled_from([old + 1, old - 1, 0, 1, old * 2, -old]))
    else:
        found = [(a, b) for a, b in SWAPS if a in old] or [("", "")]
        a, b = data.draw(st.sampled_from(found))
        new = old.replace(a, b, 1) if a else old
    put(tree, path, new)
    return f"tweak {path}: {old!r} -> {new!r}"


def mutate_tree(data: Any, tree: Any) -> str:
    """One mutation of the tree in place; returns a description for the failure message."""
    op = data.draw(
        st.sampled_from(
            [
                "delete",
                "swap_type",
                "expression",
                "expression",
                "huge",
                "nest",
                "copy",
                "rename",
                "empty_list",
                "null",
                "tweak",
                "tweak",
                "tweak",
            ]
        )
    )
    if op == "tweak":
        return tweak(data, tree)
    if op == "expression":
        candidates = expression_paths(tree)
        path = candidates[data.draw(st.integers(0, len(candidates) - 1))]
        new = corrupt_string(data, get(tree, path))
        put(tree, path, new)
        return f"expression at {path}: {new!r}"
    all_paths = paths(tree)
    if data.draw(st.booleans()):  # half the time, spare the prose (rule texts, names) and hit the data
        all_paths = [p for p in all_paths if not PROSE_KEYS & {str(k) for k in p}] or all_paths
    path = all_paths[data.draw(st.integers(0, len(all_paths) - 1))]
    if op == "delete":
        delete(tree, path)
        return f"delete {path}"
    if op == "swap_type":
        new = _value(data)
        put(tree, path, new)
        return f"swap {path} -> {new!r}"
    if op == "huge":
        ints = [p for p in all_paths if type(get(tree, p)) is int] or [path]
        path = ints[data.draw(st.integers(0, len(ints) - 1))]
        new = data.draw(st.sampled_from(HUGE))
        put(tree, path, new)
        return f"huge {path} -> {new}"
    if op == "nest":
        depth = data.draw(st.sampled_from([5, 64, 99, 101, 150]))
        kind = data.draw(st.sampled_from(["list", "map"]))
        put(tree, path, nested(depth, kind))
        return f"nest {path} {kind} x{depth}"
    if op == "copy":
        other = all_paths[data.draw(st.integers(0, len(all_paths) - 1))]
        if other[: len(path)] != path:
            put(tree, path, copy.deepcopy(get(tree, other)))
        return f"copy {other} -> {path}"
    if op == "rename":
        parent = get(tree, path[:-1])
        if isinstance(parent, dict):
            new_key = data.draw(
                st.sampled_from(["x", "ID", "if_", "_", "1", "on", "extends", "cardrules"])
                | st.text(min_size=1, max_size=6)
            )
            items = [(new_key if k == path[-1] else k, v) for k, v in parent.items()]
            parent.clear()
            parent.update(items)
        return f"rename {path}"
    if op == "empty_list":
        put(tree, path, [])
        return f"empty {path}"
    put(tree, path, None)
    return f"null {path}"


ALIAS_BOMB = 'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]\n' + "".join(
    f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
    f"*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]\n"
    for i in range(1, 9)
)
TEXT_SNIPPETS = [
    "&a ",
    "*a",
    "*nope",
    "!!python/object/apply:os.system ['true']\n",
    "!!int ",
    "!!str ",
    "!custom ",
    "<<: *a\n",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "? ",
    ": ",
    "- ",
    "{",
    "}",
    "[",
    "]",
    "'",
    '"',
    "|",
    ">",
    "#",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\x00",
    "\x85",
    "\u2028",
    "\ufeff",
    "\x1b[31m",
    "é",
    "\U0001f0a1",
    "key: value\n",
    "extends: /etc/passwd\n",
    "extends: duzihu\n",
    "extends: hachinin_meri\n",
]
HUGE_LITERALS = [
    b"0x" + b"f" * 4000,
    b"0o" + b"7" * 5000,
    b"9" * 5000,
    b"-" + b"9" * 5000,
    b"1e999",
    b"-.inf",
    b".nan",
    b"!!int 0x" + b"f" * 4000,
    b"!!float 1e999",
    b"0x" + b"f" * 16,
    b"18446744073709551617",
]
NON_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"]


def mutate_bytes(data: Any, raw: bytes) -> tuple[bytes, str]:
    """One damage to the file's bytes; returns the bytes and a description."""
    op = data.draw(
        st.sampled_from(
            [
                "truncate",
                "duplicate_line",
                "splice_random",
                "splice_snippet",
                "non_utf8",
                "alias_bomb",
                "delete_range",
                "swap_lines",
                "indent",
                "huge_literal",
            ]
        )
    )
    i = data.draw(st.integers(0, len(raw)))
    lines = raw.split(b"\n")
    n = data.draw(st.integers(0, len(lines) - 1))
    if op == "truncate":
        return raw[:i], f"truncate at {i}"
    if op == "duplicate_line":
        return b"\n".join(lines[: n + 1] + lines[n:]), f"duplicate line {n + 1}"
    if op == "splice_random":
        junk = data.draw(st.binary(min_size=1, max_size=12))
        return raw[:i] + junk + raw[i:], f"splice {junk!r} at {i}"
    if op == "splice_snippet":
        snippet = data.draw(st.sampled_from(TEXT_SNIPPETS)).encode("utf-8")
        return raw[:i] + snippet + raw[i:], f"splice {snippet!r} at {i}"
    if op == "non_utf8":
        junk = data.draw(st.sampled_from(NON_UTF8))
        return raw[:i] + junk + raw[i:], f"non-UTF-8 {junk!r} at {i}"
    if op == "alias_bomb":
        return ALIAS_BOMB.encode() + raw, "alias bomb at the top"
    if op == "delete_range":
        j = data.draw(st.integers(i, min(len(raw), i + 200)))
        return raw[:i] + raw[j:], f"delete bytes {i}..{j}"
    if op == "swap_lines":
        m = data.draw(st.integers(0, len(lines) - 1))
        lines[n], lines[m] = lines[m], lines[n]
        return b"\n".join(lines), f"swap lines {n + 1} and {m + 1}"
    if op == "huge_literal":
        numbers = [m.span() for m in re.finditer(rb"(?<=[:\[,] )-?[0-9]+\b", raw)]
        start, end = numbers[data.draw(st.integers(0, len(numbers) - 1))] if numbers else (i, i)
        literal = data.draw(st.sampled_from(HUGE_LITERALS))
        return raw[:start] + literal + raw[end:], f"literal {literal[:12]!r}... at {start}"
    lines[n] = b" " * data.draw(st.integers(1, 3)) + lines[n]
    return b"\n".join(lines), f"indent line {n + 1}"


# ----------------------------------------------------------------- checks (run in the child)


def _check_bytes(raw: bytes, path: Path) -> Any:
    """Write `raw` to `path`, validate the file and check that the report is sane."""
    from interpreter.compiling.pipeline import check_file

    path.write_bytes(raw)
    report = check_file(path)
    try:
        texts = {str(path): raw.decode("utf-8")}
    except UnicodeDecodeError:
        texts = {}
    assert_report_sane(report, texts)
    return report


def validate_and_play(text: str | None, raw: bytes | None, filename: str, folder: str, moves: int = 300) -> str:
    """Validate (text or file bytes), check the report, and play a valid result; returns the verdict."""
    from interpreter.compiling.pipeline import check_text

    if raw is None:
        report = check_text(text, filename)
        assert_report_sane(report, {filename: text})
    else:
        report = _check_bytes(raw, Path(folder) / filename)
    if not report.ok:
        return "invalid: " + report.diagnostics[0].message[:200]
    play_random(report.ruleset, moves)
    return "valid"


def play_random(rs: Any, moves: int, seed: int = 0) -> None:
    """A few random moves; only a FlowError with a message may stop them."""
    from interpreter.agents.spec import make_agents
    from interpreter.engine.program import FlowError

    try:
        state = rs.new_game(seed=seed, story=True)
        agents = make_agents("random", rs, seed)
        for _ in range(moves):
            if state.is_terminal():
                state.returns()
                break
            seat = state.current_player()
            state.observation(seat)
            state.apply_action(agents[seat].choose(state))
        clone = state.clone()
        rs.state_from_json(json.loads(json.dumps(state.to_json())))
        assert clone.to_json() == state.to_json()
    except FlowError as exc:
        assert str(exc).strip(), "a FlowError without a message"


def _run(text: str | None, raw: bytes | None, filename: str, folder: str, what: str) -> str:
    warm()
    outcome = isolated(validate_and_play, text, raw, filename, folder, timeout=30, memory_mb=1500)
    assert outcome.kind == "ok", f"{what}\n{outcome}"
    event(outcome.value.split(":")[0])
    return outcome.value


# ----------------------------------------------------------------- properties


def _tree_mutations(data: Any) -> None:
    name = data.draw(st.sampled_from(sorted(RULESETS)))
    tree = copy.deepcopy(original_tree(name))
    done = [mutate_tree(data, tree) for _ in range(data.draw(st.integers(1, 3)))]
    text = dump(tree)
    _run(text, None, name, "", f"{name}: {done}")


test_tree_mutations_are_diagnosed, test_tree_mutations_are_diagnosed_long = fuzz(30, 3000, st.data())(_tree_mutations)


def _byte_mutations(data: Any) -> None:
    name = data.draw(st.sampled_from(sorted(RULESETS)))
    raw = original_text(name).encode("utf-8")
    done = []
    for _ in range(data.draw(st.integers(1, 2))):
        raw, what = mutate_bytes(data, raw)
        done.append(what)
    with tempfile.TemporaryDirectory() as folder:
        _run(None, raw, name, folder, f"{name}: {done}")


test_byte_mutations_are_diagnosed, test_byte_mutations_are_diagnosed_long = fuzz(30, 3000, st.data())(_byte_mutations)


def _cli_validate(data: Any) -> None:
    name = data.draw(st.sampled_from(sorted(RULESETS)))
    if data.draw(st.booleans()):
        tree = copy.deepcopy(original_tree(name))
        what = mutate_tree(data, tree)
        raw = dump(tree).encode("utf-8")
    else:
        raw, what = mutate_bytes(data, original_text(name).encode("utf-8"))
    fmt = data.draw(st.sampled_from(["text", "json"]))
    warm()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(raw)
        outcome = isolated(_cli_in_child, str(path), fmt, timeout=30, memory_mb=1500)
    assert outcome.kind == "ok", f"{name}: {what}\n{outcome}"


def _cli_in_child(path: str, fmt: str) -> str:
    result = cli(["validate", "--format", fmt, path])
    assert_cli_clean(result, (0, 1))
    if fmt == "json":
        for d in json.loads(result.stdout):
            assert d["message"] and d["severity"] in ("error", "warning")
    elif result.exit_code == 1:
        assert re.search(r"error: ", result.output), result.output
    return f"exit {result.exit_code}"


test_cli_validate_on_mutations, test_cli_validate_on_mutations_long = fuzz(10, 1000, st.data())(_cli_validate)


# ----------------------------------------------------------------- single hostile files

LOADER_CASES = [
    ("empty", b"", "file is empty"),
    ("whitespace", b"   \n\n  ", "file is empty"),
    ("nul_bytes", b"\x00" * 64, "U+0000"),
    ("next_line_break", "cardrules: 1\nid: x\x85name: y\n".encode(), "line separator U+0085"),
    ("unicode_line_separator", "cardrules: 1\nid: x\u2028name: y\n".encode("utf-8"), "line separator U+2028"),
    ("not_utf8_first_byte", b"\xff\xfecardrules: 1\n", "not valid UTF-8"),
    ("utf16", "cardrules: 1\nid: x\n".encode("utf-16"), "not valid UTF-8"),
    ("too_large", b"# " + b"x" * (2 * 1024 * 1024) + b"\n", "file is too large"),
    ("hex_4000_digits", b"cardrules: 0x" + b"f" * 4000 + b"\n", "cardrules"),
    ("hex_4000_digits_as_count", b"cardrules: 1\nid: x\nplayers: {count: 0x" + b"f" * 4000 + b"}\n", "count"),
    ("octal_5000_digits", b"cardrules: 0o" + b"7" * 5000 + b"\n", "cardrules"),
    ("decimal_5000_digits", b"cardrules: " + b"9" * 5000 + b"\n", "cardrules"),
    ("flow_nesting_10000", b"x: " + b"[" * 10_000 + b"]" * 10_000 + b"\n", "nested more than 100 levels"),
    ("block_nesting_400", b"x:\n" + b"".join(b" " * i + b"- \n" for i in range(1, 400)), "nested more than 100"),
    ("billion_laughs", ALIAS_BOMB.encode(), "YAML alias expansion exceeds"),
    ("recursive_alias", b"cardrules: 1\nx: &a [*a]\n", "contains it"),
    ("python_tag", b"cardrules: !!python/object/apply:os.system ['true']\n", "YAML tags are not allowed"),
    ("two_documents", b"cardrules: 1\n---\ncardrules: 1\n", "document"),
    ("top_level_list", b"- cardrules: 1\n", "must be a YAML mapping"),
    ("top_level_number", b"0x" + b"f" * 4000 + b"\n", "must be a YAML mapping"),
    ("key_1mb", b"k" * 1_000_000 + b": 1\n", ""),
]


def _loader_case(raw: bytes, folder: str) -> list[str]:
    path = Path(folder) / "case.yaml"
    report = _check_bytes(raw, path)
    assert not report.ok
    result = cli(["validate", path])
    assert_cli_clean(result, (1,))
    return [d.message for d in report.diagnostics]


@pytest.mark.parametrize("raw,fragment", [c[1:] for c in LOADER_CASES], ids=[c[0] for c in LOADER_CASES])
def test_hostile_file_is_diagnosed(raw: bytes, fragment: str, tmp_path: Path) -> None:
    outcome = isolated(_loader_case, raw, str(tmp_path), timeout=60, memory_mb=1500)
    assert outcome.kind == "ok", str(outcome)
    assert any(fragment in m for m in outcome.value), outcome.value


# ----------------------------------------------------------------- one bad value in a shipped ruleset

ONE_BAD_VALUE = [
    (
        "rank_number_text",
        "duzihu.yaml",
        '{id: "1", name: "1", attrs: {number: 1}}',
        '{id: "1", name: "1", attrs: {number: x}}',
        "attribute 'number'",
    ),
    (
        "rank_number_huge_hex",
        "duzihu.yaml",
        '{id: "1", name: "1", attrs: {number: 1}}',
        '{id: "1", name: "1", attrs: {number: 0x' + "f" * 4000 + "}}",
        "attribute 'number'",
    ),
]


@pytest.mark.parametrize("name,old,new,fragment", [c[1:] for c in ONE_BAD_VALUE], ids=[c[0] for c in ONE_BAD_VALUE])
def test_one_bad_value_is_diagnosed(name: str, old: str, new: str, fragment: str, tmp_path: Path) -> None:
    text = original_text(name)
    assert old in text
    outcome = isolated(_loader_case, text.replace(old, new, 1).encode("utf-8"), str(tmp_path), timeout=60)
    assert outcome.kind == "ok", str(outcome)
    assert any(fragment in m for m in outcome.value), outcome.value
