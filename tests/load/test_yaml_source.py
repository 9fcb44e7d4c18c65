"""Safe YAML loading: located tree, spans down to characters, and every trap as a diagnostic."""

from __future__ import annotations

import importlib
import math
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.base.diagnostics import RulesetError, render
from interpreter.loading import (
    Document,
    LocDict,
    LocList,
    LocStr,
    key_span_of,
    load_document,
    parse_bytes,
    parse_text,
    span_of,
    yaml11_bool_word,
    yaml11_hint,
)

# The loader module (interpreter.loading.document).
load = importlib.import_module("interpreter.loading.document")
yamlsource = importlib.import_module("interpreter.loading.yaml_tree")


@pytest.fixture(autouse=True)
def _fresh_cache():
    load._parse_file_cached.cache_clear()
    yield
    load._parse_file_cached.cache_clear()


def only_error(doc: Document) -> tuple[int, int, str, str | None]:
    """The single diagnostic of a document as (line, col, message, hint)."""
    assert len(doc.diagnostics) == 1, doc.diagnostics
    d = doc.diagnostics[0]
    return d.span.line, d.span.col, d.message, d.hint


def at(span) -> tuple[int, int, int, int]:
    return span.line, span.col, span.end_line, span.end_col


BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi")
)

# (text, line, col, message, hint or None); every trap with its exact place and words.
TRAPS = [
    ("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a' in this mapping", "first defined at line 1"),
    ("a:\n  x: 1\n  y: 2\n  'x': 3\n", 4, 3, "duplicate key 'x' in this mapping", "first defined at line 2"),
    ("1: a\n'1': b\n", 2, 1, "duplicate key '1' in this mapping", "first defined at line 1"),
    (
        "a: 1\n\tb: 2\n",
        2,
        1,
        "tab characters are not allowed for indentation; use spaces",
        "YAML indents and separates with spaces only",
    ),
    (
        "a:\n  -\tx\n",
        2,
        4,
        "a tab character is not allowed here; use spaces",
        "YAML indents and separates with spaces only",
    ),
    (
        "a: 1\t# note\n",
        1,
        5,
        "a tab character is not allowed here; use spaces",
        "YAML indents and separates with spaces only",
    ),
    (
        "run: !!python/object:os.system x\n",
        1,
        6,
        "YAML tags are not allowed: '!!python/object:os.system'",
        "a ruleset holds plain data only (text, numbers, true/false, null, lists, mappings)",
    ),
    (
        "a:\n  b: !custom {c: 1}\n",
        2,
        6,
        "YAML tags are not allowed: '!custom'",
        "a ruleset holds plain data only (text, numbers, true/false, null, lists, mappings)",
    ),
    (
        "a: &x !!python/name:os.system 1\n",
        1,
        7,
        "YAML tags are not allowed: '!!python/name:os.system'",
        "a ruleset holds plain data only (text, numbers, true/false, null, lists, mappings)",
    ),
    ("a: !!int ten\n", 1, 10, "'ten' is not a valid !!int value", None),
    ("a: !!seq {b: 1}\n", 1, 4, "the tag '!!seq' cannot be used on a mapping", "remove the tag"),
    ("base: &cards [1, 2]\nmore: *card\n", 2, 7, "unknown alias '*card'", "did you mean 'cards'?"),
    ("more: *cards\n", 1, 7, "unknown alias '*cards'", "define the anchor '&cards' on a value before using '*cards'"),
    (
        "a: &x [1, *x]\n",
        1,
        11,
        "alias '*x' refers to a value that contains it",
        "a ruleset is a tree: an alias cannot repeat a value it is inside of",
    ),
    ("a: &x 1\nb: &x 2\n", 2, 4, "the anchor '&x' is defined twice", "first defined at line 1"),
    (
        "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n",
        3,
        3,
        "merge keys ('<<') are not supported",
        "repeat the keys, or share the whole value with an anchor (&name) and an alias (*name)",
    ),
    ("? [a, b]\n: 1\n", 1, 3, "a mapping key must be a name or a value, not a list", None),
    (
        "a: 1\x07\n",
        1,
        5,
        "control character U+0007 is not allowed in YAML",
        "remove it, or write it as an escape (like \\t) in a double-quoted string",
    ),
    (
        "text: Note: this\n",
        1,
        11,
        "a ':' is not allowed here",
        "if the value contains ': ', put it in quotes; otherwise check this line's indentation",
    ),
    (
        "a:\n  b: 1\n c: 2\n",
        3,
        2,
        "bad indentation: a new key is not expected here",
        "keys of one mapping, and items of one list, start in the same column (this block starts at line 1)",
    ),
    ("a: 'open\nb: 2\n", 1, 4, "the file ends inside a quoted string", "close the string that starts at line 1"),
    (
        'a: "c:\\q"\n',
        1,
        8,
        "unknown escape '\\q' in a double-quoted string",
        "write \\\\ for a backslash, or use single quotes, where a backslash is plain text",
    ),
    (
        'a: "\\UFFFFFFFF"\n',
        1,
        5,
        "the escape '\\UFFFFFFFF' is beyond the last Unicode character",
        "the largest is \\U0010FFFF",
    ),
    ('a: "\\ud800"\n', 1, 4, "an escape gives half of a surrogate pair, which is not a character", None),
    ('a: "\\x4"\n', 1, 7, "this escape needs 2 hexadecimal digits", "for example \\x41, \\u00e9 or \\U0001F0A1"),
    (
        "a: [1, 2\nb: 1\n",
        2,
        2,
        "expected ',' or ']' in the list that starts at line 1",
        "found ':'; is a '[' missing its ']'?",
    ),
    (
        "a: 1\n---\nb: 2\n",
        2,
        1,
        "a ruleset file holds one YAML document",
        "remove this '---' and what follows it, or move it to a file of its own",
    ),
    ("a: @home\n", 1, 4, "'@' cannot start a value", "put the value in quotes"),
    (
        "a: |x\n  text\n",
        1,
        5,
        "after '|' or '>' only '-', '+' or a digit may follow",
        "start the text on the next line, indented",
    ),
    (
        "a: 1\n- b\n",
        2,
        1,
        "bad indentation: a list item is not expected here",
        "keys of one mapping, and items of one list, start in the same column (this block starts at line 1)",
    ),
    (
        'status:\n  - "Turn {n + "1"}: go"\n',
        2,
        17,
        "the quoted text ends here, but more of it follows on this line",
        'a double quote inside double-quoted text ends it: use single quotes inside it, or write \\"',
    ),
    (
        "name: 'it's'\n",
        1,
        11,
        "the quoted text ends here, but more of it follows on this line",
        "a single quote inside single-quoted text ends it: write it twice ('')",
    ),
    ("", 1, 1, "file is empty: a ruleset is a YAML mapping", "write the ruleset as 'key: value' lines"),
    (
        "# only a comment\n\n",
        1,
        1,
        "file is empty: a ruleset is a YAML mapping",
        "write the ruleset as 'key: value' lines",
    ),
    (
        "- a\n- b\n",
        1,
        1,
        "a ruleset must be a YAML mapping at the top level, not a list",
        "write the ruleset as 'key: value' lines",
    ),
    (
        "just words\n",
        1,
        1,
        "a ruleset must be a YAML mapping at the top level, not a string",
        "write the ruleset as 'key: value' lines",
    ),
    ("a: " + "[" * 150 + "]" * 150 + "\n", 1, 103, "values are nested more than 100 levels deep", None),
    (
        BOMB,
        6,
        8,
        "YAML alias expansion exceeds 100000 nodes",
        "each alias (*name) copies its whole anchored value; aliases inside anchored values multiply",
    ),
]


@pytest.mark.parametrize(("text", "line", "col", "message", "hint"), TRAPS, ids=[t[3][:40] for t in TRAPS])
def test_trap_is_one_exact_diagnostic(text, line, col, message, hint):
    doc = parse_text(text, "rulesets/x.yaml")
    assert only_error(doc) == (line, col, message, hint)
    assert doc.diagnostics[0].span.file == "rulesets/x.yaml"


def test_duplicate_key_keeps_the_first_and_the_tree():
    doc = parse_text("a: 1\nb: {c: 1, c: 2}\na: 3\n", "x.yaml")
    assert [d.message for d in doc.diagnostics] == [
        "duplicate key 'c' in this mapping",
        "duplicate key 'a' in this mapping",
    ]
    assert doc.root == {"a": 1, "b": {"c": 1}}


def test_bomb_fails_before_building_anything(monkeypatch):
    built = []
    real = yamlsource._Builder.build
    monkeypatch.setattr(yamlsource._Builder, "build", lambda self, node: built.append(1) or real(self, node))
    doc = parse_text(BOMB, "bomb.yaml")
    assert doc.root is None and doc.has_errors
    assert built == []


def test_too_many_values_without_aliases(monkeypatch):
    monkeypatch.setattr(yamlsource, "MAX_NODES", 10)
    assert only_error(parse_text("a: [" + ", ".join("x" * 12) + "]\n", "x.yaml")) == (
        1,
        26,
        "the file has more than 10 values",
        None,
    )


def test_nesting_through_aliases_is_limited(monkeypatch):
    monkeypatch.setattr(yamlsource, "MAX_DEPTH", 4)
    assert only_error(parse_text("a: &a [[1]]\nb: [[*a]]\n", "x.yaml")) == (
        1,
        8,
        "values are nested more than 4 levels deep",
        None,
    )


def test_aliases_within_the_limit_expand_to_copies():
    doc = parse_text("base: &b {x: [1, 2]}\ncopy: *b\n", "x.yaml")
    assert doc.diagnostics == []
    assert doc.root["copy"] == {"x": [1, 2]}
    assert doc.root["copy"] is not doc.root["base"]
    assert at(doc.root.value_spans["copy"]) == (2, 7, 2, 9)
    assert at(doc.root["copy"].span) == (1, 10, 1, 21)


# ---------------------------------------------------------------- which YAML we accept

SCALARS = [
    ("true", True),
    ("True", True),
    ("TRUE", True),
    ("false", False),
    ("False", False),
    ("FALSE", False),
    ("yes", "yes"),
    ("No", "No"),
    ("on", "on"),
    ("OFF", "OFF"),
    ("y", "y"),
    ("n", "n"),
    ("null", None),
    ("Null", None),
    ("NULL", None),
    ("~", None),
    ("", None),
    ("0", 0),
    ("-0", 0),
    ("+5", 5),
    ("42", 42),
    ("-17", -17),
    ("0o17", 15),
    ("0x1F", 31),
    ("010", "010"),
    ("-007", "-007"),
    ("1_000", "1_000"),
    ("1:30", "1:30"),
    ("0b101", "0b101"),
    ("1.5", 1.5),
    ("-.5", -0.5),
    ("1.", 1.0),
    ("1e3", 1000.0),
    ("2.5E-1", 0.25),
    (".inf", math.inf),
    ("-.Inf", -math.inf),
    ("2001-12-14", "2001-12-14"),
    ("'true'", "true"),
    ('"12"', "12"),
]


@pytest.mark.parametrize(("written", "value"), SCALARS, ids=[s[0] or "empty" for s in SCALARS])
def test_yaml_1_2_core_scalars(written, value):
    doc = parse_text(f"v: {written}\n", "x.yaml")
    assert doc.diagnostics == []
    assert doc.root["v"] == value and type(doc.root["v"]) in (type(value), LocStr)


def test_nan_and_explicit_standard_tags():
    doc = parse_text("n: .NaN\na: !!str 12\nb: !!float 1\nc: !!null ''\nd: !!int '7'\ne: !!bool true\n", "x.yaml")
    assert doc.diagnostics == []
    assert math.isnan(doc.root["n"])
    assert (doc.root["a"], doc.root["b"], doc.root["c"], doc.root["d"], doc.root["e"]) == ("12", 1.0, None, 7, True)


def test_keys_are_always_strings():
    doc = parse_text("on: 1\n2: b\ntrue: c\nnull: d\n", "x.yaml")
    assert list(doc.root) == ["on", "2", "true", "null"]


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N"])
def test_yaml11_bool_word(word):
    assert yaml11_bool_word(word)
    assert yaml11_hint(word) == "write true or false: words like 'yes' and 'on' are text in the YAML we read"


def test_yaml11_hints_for_numbers_and_plain_words():
    assert not yaml11_bool_word("true") and not yaml11_bool_word(1) and not yaml11_bool_word("yess")
    assert yaml11_hint("010") == "write 10: a number with a leading zero or '_' is text in the YAML we read"
    assert yaml11_hint("1_000") == "write 1000: a number with a leading zero or '_' is text in the YAML we read"
    assert yaml11_hint("hello") is None and yaml11_hint(3) is None


# ---------------------------------------------------------------- spans

NESTED = """\
id: demo
deck:
  suits: [a, b]
  size: 36
rules:
  - id: R-1
    text: first
  - text: "second"
    when: ~
empty:
"""


def test_spans_of_keys_values_and_items():
    root = parse_text(NESTED, "rulesets/demo.yaml").root
    assert isinstance(root, LocDict) and isinstance(root["rules"], LocList)
    assert at(root.span) == (1, 1, 10, 7)
    assert at(root.key_spans["deck"]) == (2, 1, 2, 5)
    assert at(root["deck"].value_spans["size"]) == (4, 9, 4, 11)
    assert at(root["deck"]["suits"].item_spans[1]) == (3, 14, 3, 15)
    assert at(root["rules"].item_spans[1]) == (8, 5, 9, 12)
    assert at(root["rules"][1]["text"].span) == (8, 11, 8, 19)
    assert at(root["rules"][1].value_spans["when"]) == (9, 11, 9, 12)
    assert root["empty"] is None and at(root.value_spans["empty"]) == (10, 7, 10, 7)
    assert root["id"].span.file == "rulesets/demo.yaml"


def test_span_of_follows_json_paths():
    root = parse_text(NESTED, "x.yaml").root
    assert at(span_of(root, ["rules", 0, "text"])) == (7, 11, 7, 16)
    assert at(span_of(root, ("deck", "suits", 0))) == (3, 11, 3, 12)
    assert at(span_of(root, ["rules", 1, "missing"])) == (8, 5, 9, 12)  # missing key: its mapping
    assert at(span_of(root, ["rules", 7])) == at(root.value_spans["rules"])  # no such item: the list
    assert at(span_of(root, ["deck", "size", "deeper"])) == (4, 9, 4, 11)
    assert span_of(root, []) == root.span
    assert at(key_span_of(root, ["deck", "size"])) == (4, 3, 4, 7)
    assert at(key_span_of(root, ["rules", 0])) == (6, 5, 7, 16)
    assert at(key_span_of(root, ["nope", "x"])) == at(root.span)


def chars(value: LocStr) -> list[tuple[str, int, int]]:
    """Each character of a string with the line and column span_at gives it."""
    return [(c, value.span_at(i, i + 1).line, value.span_at(i, i + 1).col) for i, c in enumerate(value)]


def test_span_at_plain_scalar():
    value = parse_text("legal_if: card in discrads\n", "x.yaml").root["legal_if"]
    assert at(value.span_at(8, 16)) == (1, 19, 1, 27)
    assert at(value.span_at(0, 0)) == (1, 11, 1, 11)
    assert at(value.span_at(-5, 99)) == (1, 11, 1, 27)


def test_span_at_multiline_plain_scalar():
    value = parse_text("a: one two\n  three\n\n  four\n", "x.yaml").root["a"]
    assert value == "one two three\nfour"
    assert chars(value)[8:] == [
        ("t", 2, 3),
        ("h", 2, 4),
        ("r", 2, 5),
        ("e", 2, 6),
        ("e", 2, 7),
        ("\n", 2, 8),
        ("f", 4, 3),
        ("o", 4, 4),
        ("u", 4, 5),
        ("r", 4, 6),
    ]


def test_span_at_single_quoted_with_escaped_quote():
    value = parse_text("a: 'it''s x'\n", "x.yaml").root["a"]
    assert value == "it's x"
    assert chars(value) == [("i", 1, 5), ("t", 1, 6), ("'", 1, 7), ("s", 1, 9), (" ", 1, 10), ("x", 1, 11)]
    assert at(value.span_at(2, 3)) == (1, 7, 1, 9)


def test_span_at_double_quoted_with_escapes():
    value = parse_text('a: "\\tx \\u00e9\\x41\\n\\"y\\\\"\n', "x.yaml").root["a"]
    assert value == '\tx éA\n"y\\'
    assert chars(value) == [
        ("\t", 1, 5),
        ("x", 1, 7),
        (" ", 1, 8),
        ("é", 1, 9),
        ("A", 1, 15),
        ("\n", 1, 19),
        ('"', 1, 21),
        ("y", 1, 23),
        ("\\", 1, 24),
    ]
    assert at(value.span_at(3, 5)) == (1, 9, 1, 19)


def test_span_at_double_quoted_over_lines():
    value = parse_text('a: "one\n  two\\\n   three"\n', "x.yaml").root["a"]
    assert value == "one twothree"
    assert chars(value)[3:8] == [(" ", 1, 8), ("t", 2, 3), ("w", 2, 4), ("o", 2, 5), ("t", 3, 4)]


def test_span_at_literal_block():
    text = "expr: |\n  a and\n    (b or c)\n\n  d\nnext: 1\n"
    value = parse_text(text, "x.yaml").root["expr"]
    assert value == "a and\n  (b or c)\n\nd\n"
    assert at(value.span_at(8, 9)) == (3, 5, 3, 6)
    assert at(value.span_at(17, 18)) == (4, 1, 5, 1)  # the empty line's break
    assert at(value.span_at(18, 19)) == (5, 3, 5, 4)
    assert at(value.span_at(6, 16)) == (3, 3, 3, 13)


def test_span_at_literal_block_with_indicators():
    value = parse_text("k:\n  - |2-\n       x\n      y\n", "x.yaml").root["k"][0]
    assert value == "   x\n  y"  # indentation 2 more than the list's, which is at column 3
    assert chars(value) == [
        (" ", 3, 5),
        (" ", 3, 6),
        (" ", 3, 7),
        ("x", 3, 8),
        ("\n", 3, 9),
        (" ", 4, 5),
        (" ", 4, 6),
        ("y", 4, 7),
    ]


def test_span_at_folded_block():
    value = parse_text("text: >\n  Follow suit\n  if you can.\n\n  Else trump.\n", "x.yaml").root["text"]
    assert value == "Follow suit if you can.\nElse trump.\n"
    assert chars(value)[11:13] == [(" ", 2, 14), ("i", 3, 3)]
    assert at(value.span_at(24, 28)) == (5, 3, 5, 7)


def test_span_at_after_anchor_and_tag():
    value = parse_text("a: &n !!str 'x y'\n", "x.yaml").root["a"]
    assert at(value.span) == (1, 13, 1, 18)
    assert at(value.span_at(2, 3)) == (1, 16, 1, 17)


def test_diagnostic_renders_with_the_source():
    doc = parse_text("a: 1\nb: 2\na: 3\n", "rulesets/x.yaml")
    text = render(doc.diagnostics[0], doc.sources["rulesets/x.yaml"])
    assert text == (
        "rulesets/x.yaml:3:1: error: duplicate key 'a' in this mapping\n"
        "    3 | a: 3\n"
        "      | ^\n"
        "  hint: first defined at line 1"
    )


def test_raise_if_errors_carries_sources():
    doc = parse_text("a: 1\na: 2\n", "x.yaml")
    with pytest.raises(RulesetError) as caught:
        doc.raise_if_errors()
    assert "x.yaml:2:1" in caught.value.render()
    parse_text("a: 1\n", "x.yaml").raise_if_errors()


# ---------------------------------------------------------------- files


def test_load_document_uses_the_name_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("rulesets").mkdir()
    Path("rulesets/x.yaml").write_text("a: 1\na: 2\n", encoding="utf-8")
    doc = load_document("rulesets/x.yaml")
    assert doc.diagnostics[0].span.file == "rulesets/x.yaml"
    assert doc.files == ["rulesets/x.yaml"] and doc.sources == {"rulesets/x.yaml": "a: 1\na: 2\n"}


def test_missing_file(tmp_path):
    doc = load_document(tmp_path / "nope.yaml")
    assert doc.root is None
    assert [(d.message, d.span) for d in doc.diagnostics] == [
        (f"cannot read '{tmp_path / 'nope.yaml'}': no such file", None)
    ]


def test_folder_given_as_file(tmp_path):
    doc = load_document(tmp_path)
    assert [d.message for d in doc.diagnostics] == [f"cannot read '{tmp_path}': it is a folder, not a file"]


def test_unreadable_file(tmp_path, monkeypatch):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(load, "open", refuse, raising=False)
    assert [d.message for d in load_document(path).diagnostics] == [f"cannot read '{path}': Permission denied"]


def test_file_too_large(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 200 + "\n")
    message = f"file is too large: '{path}' has 204 bytes; the limit is 100"
    assert [d.message for d in load_document(path).diagnostics] == [message]
    assert [d.message for d in parse_text(path.read_text(), str(path)).diagnostics] == [message]


def test_default_size_limit_is_two_mib():
    assert load.MAX_FILE_BYTES == 2 * 1024 * 1024


def test_not_utf8_points_at_the_bad_byte(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a: 1\nb: \xc3\xa9 \xff c\n")
    assert only_error(load_document(path)) == (2, 6, "file is not valid UTF-8 (byte 0xff)", "save the file as UTF-8")


def test_bom_and_crlf_are_fine(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\r\nb: two\r\n")
    doc = load_document(path)
    assert doc.diagnostics == [] and doc.root == {"a": 1, "b": "two"}
    assert at(doc.root["b"].span) == (2, 4, 2, 7)


def test_file_is_reread_after_an_edit(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n")
    first = load_document(path).root
    first["a"] = 99  # a caller's change must not leak into the cache
    assert load_document(path).root == {"a": 1}
    path.write_text("a: 2\nb: 3\n")
    assert load_document(path).root == {"a": 2, "b": 3}


# ---------------------------------------------------------------- properties

VALID = """\
id: demo
name: {en: "Demo", ja: 'デモ'}
deck: &deck
  suits: [a, b, c]
  ranks: 10
copy: *deck
rules:
  - id: R-1
    text: >
      Follow suit
      if you can.
    legal_if: |
      card.suit == led.suit
  - {id: R-2, text: "tab\\there"}
"""


def walk(value):
    """Every value in a tree."""
    yield value
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        yield from walk(child)


def check_document(doc: Document, text: str) -> None:
    """What must hold of any document: a mapping or None, spans inside the text, no exceptions."""
    assert isinstance(doc, Document)
    assert doc.root is None or isinstance(doc.root, LocDict)
    lines = max(1, len(text.splitlines()) + 1)
    for d in doc.diagnostics:
        assert d.span is None or 1 <= d.span.line <= lines, d
    for value in walk(doc.root):
        if isinstance(value, LocStr):
            for i in range(0, len(value) + 1, max(1, len(value) // 4)):
                assert 1 <= value.span_at(i, i + 2).line <= lines


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_never_raise(data):
    doc = parse_bytes(data, "fuzz.yaml")
    check_document(doc, data.decode("utf-8", "replace"))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(VALID)),
            st.integers(0, 3),
            st.sampled_from(list(" \t\n:-#&*!|>'\"[]{},?%@`\\x0\ufeffé") + ["  ", "\n- ", ": "]),
        ),
        max_size=6,
    )
)
def test_mutations_of_valid_yaml_never_raise(edits):
    text = VALID
    for position, deleted, inserted in edits:
        text = text[:position] + inserted + text[position + deleted :]
    check_document(parse_text(text, "fuzz.yaml"), text)


def test_the_valid_sample_is_valid():
    doc = parse_text(VALID, "x.yaml")
    assert doc.diagnostics == []
    assert doc.root["copy"] == {"suits": ["a", "b", "c"], "ranks": 10}


STYLES = [None, "'", '"', "|", ">"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(st.sampled_from(list("ab :#'\"\\\té\n-x")), min_size=1, max_size=40),
    st.sampled_from(STYLES),
    st.integers(1, 30),
)
def test_span_at_points_at_the_source_of_each_character(value, style, width):
    text = yaml.safe_dump({"k": [value]}, default_style=style, allow_unicode=True, width=width)
    doc = parse_text(text, "x.yaml")
    parsed = doc.root["k"][0] if doc.root else None
    if not isinstance(parsed, LocStr) or parsed != value:
        return  # PyYAML's YAML 1.1 dumper may leave a 1.2 number unquoted, or a block it cannot round-trip
    lines = text.split("\n")
    for i, ch in enumerate(value):
        span = parsed.span_at(i, i + 1)
        source = lines[span.line - 1][span.col - 1 : span.col] or "\n"
        assert (
            source == ch or source in "\\'" or (ch in " \n" and source in " \n") or (ch == "\t" and source in "\\\t")
        ), (text, i, ch, span)


def test_yaml_module_is_never_asked_to_construct(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a PyYAML constructor ran")

    monkeypatch.setattr(yaml, "load", forbidden)
    monkeypatch.setattr(yaml, "safe_load", forbidden)
    monkeypatch.setattr(yaml.constructor.BaseConstructor, "construct_document", forbidden)
    assert parse_text(VALID, "x.yaml").diagnostics == []


@pytest.mark.skipif(os.name != "posix", reason="posix paths")
def test_parse_bytes_matches_parse_text():
    assert parse_bytes(VALID.encode(), "x.yaml").root == parse_text(VALID, "x.yaml").root


def test_char_map_of_a_scalar_written_as_it_reads_is_the_general_mapping():
    """A one-line scalar with nothing escaped maps each character to itself (a short cut taken
    when validating); on every string of the shipped rulesets it gives what the general
    character-by-character alignment gives."""
    from interpreter.loading.located import _align, _block_entries, _flow_entries, char_map

    def strings(node):
        if isinstance(node, LocStr):
            yield node
        elif isinstance(node, dict):
            for key, value in node.items():
                yield from strings(key)
                yield from strings(value)
        elif isinstance(node, list):
            for item in node:
                yield from strings(item)

    root = Path(__file__).resolve().parents[2] / "rulesets"
    short = 0
    for name in ("hachinin_meri.yaml", "duzihu.yaml"):
        tree = parse_text((root / name).read_text(encoding="utf-8"), name).root
        for s in strings(tree):
            source, start, end, style = s._where
            if source is None or not s:
                continue
            text = source.text
            entries = (
                _block_entries(text, start, end, str(s))
                if style in ("|", ">")
                else _flow_entries(text, start, end, style)
            )
            assert char_map(text, start, end, style, str(s)) == _align(str(s), entries, start), str(s)
            first = start + 1 if style in ("'", '"') else start
            short += text[first : first + len(s)] == str(s)
    assert short > 1000  # (the short cut is the common case)
