"""`extends:` variants: chain resolution, the merge rules of docs/extends.md, and their errors."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from interpreter.base import resources
from interpreter.loading import LocDict, LocList, load_document, parse_text
from interpreter.loading.extends import merge_trees

load = importlib.import_module("interpreter.loading.document")  # the module, not the package's `load` function
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def _in_fixtures(monkeypatch):
    """Run in the fixtures folder so base files are shown as short relative paths."""
    monkeypatch.chdir(FIXTURES)
    load._parse_file_cached.cache_clear()
    yield
    load._parse_file_cached.cache_clear()


def messages(doc) -> list[tuple[str, int, int, str, str | None]]:
    return [(d.span.file, d.span.line, d.span.col, d.message, d.hint) for d in doc.diagnostics]


def ids(items) -> list[str]:
    return [item["id"] for item in items]


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


# ---------------------------------------------------------------- the fixture chain


def test_variant_merges_into_its_base():
    doc = load_document("variant.yaml")
    assert doc.diagnostics == []
    root = doc.root
    assert "extends" not in root
    assert root["id"] == "variant"
    assert root["name"] == {"en": "Short variant"}  # top-level name replaces, it does not merge
    assert root["players"] == 3
    assert root["deck"] == {"suits": ["a", "b", "c"], "ranks": 8}
    assert root["scoring"] == {"win": 10, "lose": -10}
    assert ids(root["rules"]) == ["R-0", "R-1", "R-2", "R-9"]
    assert root["rules"][2] == {
        "id": "R-2",
        "text": "Follow suit, or play a trump.",
        "legal_if": "card.suit == led.suit",
    }
    assert root["rules"][0] == {"id": "R-0", "text": "Choose a dealer."}  # `before` is gone
    assert root["flow"]["steps"] == [{"id": "deal", "do": "deal"}, {"id": "play", "do": "trick"}]


def test_base_keys_keep_their_order_and_new_keys_come_last(tmp_path):
    write(tmp_path, {"b.yaml": "x: 1\ny: 2\nz: 3\n", "v.yaml": "extends: b.yaml\nnew: 0\ny: 20\n"})
    assert list(load_document(tmp_path / "v.yaml").root.items()) == [("x", 1), ("y", 20), ("z", 3), ("new", 0)]


def test_spans_point_into_the_file_each_value_came_from():
    root = load_document("variant.yaml").root
    assert (root.value_spans["players"].file, root.value_spans["players"].line) == ("variant.yaml", 4)
    assert (root["deck"].value_spans["suits"].file, root["deck"].value_spans["suits"].line) == ("base.yaml", 6)
    rule = root["rules"][2]
    assert (rule.value_spans["text"].file, rule.value_spans["text"].line) == ("variant.yaml", 11)
    assert (
        rule["legal_if"].span_at(5, 9).file,
        rule["legal_if"].span_at(5, 9).line,
        rule["legal_if"].span_at(5, 9).col,
    ) == ("base.yaml", 17, 21)
    assert root["rules"].item_spans[1].file == "base.yaml"
    assert root["rules"].item_spans[0].file == "variant.yaml"


def test_document_lists_the_chain_and_every_source():
    doc = load_document("variants/grand.yaml")
    assert doc.files == ["variants/grand.yaml", "variant.yaml", "base.yaml"]
    assert set(doc.sources) == {"variants/grand.yaml", "variant.yaml", "base.yaml"}
    assert doc.sources["base.yaml"] == (FIXTURES / "base.yaml").read_text(encoding="utf-8")


def test_multi_level_chain_merges_from_the_bottom_up():
    doc = load_document("variants/grand.yaml")
    assert doc.diagnostics == []
    root = doc.root
    assert root["id"] == "grand" and root["name"] == {"en": "Short variant"} and root["players"] == 3
    assert ids(root["rules"]) == ["R-0", "R-2", "R-1", "R-9"]  # R-1 moved after R-2
    assert root["rules"][2] == {"id": "R-1", "text": "Deal eight cards each."}
    assert root["rules"].item_spans[2].file == "variants/grand.yaml"


def test_a_cached_base_is_never_changed():
    base_before = load_document("base.yaml").root
    load_document("variant.yaml").root["deck"]["ranks"] = 1
    load_document("variants/grand.yaml")
    assert load_document("base.yaml").root == base_before
    assert ids(load_document("base.yaml").root["rules"]) == ["R-1", "R-2", "R-3"]


# ---------------------------------------------------------------- merge rules, one by one

BASE = """\
id: b
name: {en: Base, fr: Base}
options: {a: 1, b: {c: 2, d: 3}}
tags: [x, y]
items:
  - {id: one, n: 1, sub: {p: 1, q: 2}}
  - {id: two, n: 2}
  - {id: three, n: 3}
mixed: [{id: a}, plain]
"""


def merged(variant: str, tmp_path: Path) -> tuple[LocDict, list]:
    write(tmp_path, {"base.yaml": BASE, "v.yaml": "extends: base.yaml\n" + variant})
    doc = load_document(tmp_path / "v.yaml")
    return doc.root, doc.diagnostics


def test_mappings_merge_recursively(tmp_path):
    root, diags = merged("options: {b: {c: 20, e: 5}}\n", tmp_path)
    assert diags == [] and root["options"] == {"a": 1, "b": {"c": 20, "d": 3, "e": 5}}


def test_null_removes_a_key(tmp_path):
    root, diags = merged("options: {b: {d: null}}\ntags: null\n", tmp_path)
    assert diags == [] and root["options"] == {"a": 1, "b": {"c": 2}} and "tags" not in root


def test_removing_a_missing_key_is_a_warning(tmp_path):
    root, diags = merged("options:\n  bb: null\n", tmp_path)
    assert [(d.severity, d.span.line, d.span.col, d.message, d.hint) for d in diags] == [
        ("warning", 3, 3, "nothing to remove: the base has no key 'bb' in 'options'", "did you mean 'b'?")
    ]


def test_plain_lists_are_replaced_wholesale(tmp_path):
    root, _ = merged("tags: [z]\nmixed: [{id: b}]\n", tmp_path)
    assert root["tags"] == ["z"] and root["mixed"] == [{"id": "b"}]


def test_an_empty_list_replaces_an_id_list(tmp_path):
    root, _ = merged("items: []\n", tmp_path)
    assert root["items"] == []


def test_a_value_of_another_type_replaces(tmp_path):
    root, _ = merged("options: off\ntags: {x: 1}\n", tmp_path)
    assert root["options"] == "off" and root["tags"] == {"x": 1}


def test_top_level_id_and_name_replace(tmp_path):
    root, _ = merged("id: v\nname: {en: Variant}\n", tmp_path)
    assert root["id"] == "v" and root["name"] == {"en": "Variant"}


def test_a_variant_description_replaces_the_base_one_in_every_language(tmp_path):
    base = "cardrules: 1\nid: b\nname: B\ndescription: {en: The base., ja: 基本。}\n"
    (tmp_path / "base.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: base.yaml\nid: v\ndescription: {en: A variant.}\n", encoding="utf-8")
    root = load.load_document(tmp_path / "v.yaml").root
    assert root["description"] == {"en": "A variant."}


def test_id_and_name_are_inherited_when_not_given(tmp_path):
    root, _ = merged("tags: []\n", tmp_path)
    assert root["id"] == "b" and root["name"] == {"en": "Base", "fr": "Base"}


def test_nested_name_keys_merge_like_any_other(tmp_path):
    root, _ = merged("options: {name: {en: x}}\nitems: [{id: one, name: {en: y}}]\n", tmp_path)
    assert root["options"]["name"] == {"en": "x"} and root["items"][0]["name"] == {"en": "y"}


def test_same_id_merges_recursively(tmp_path):
    root, diags = merged("items:\n  - {id: one, n: 10, sub: {q: null, r: 3}}\n", tmp_path)
    assert diags == []
    assert root["items"][0] == {"id": "one", "n": 10, "sub": {"p": 1, "r": 3}}
    assert ids(root["items"]) == ["one", "two", "three"]


def test_new_ids_are_appended_in_order(tmp_path):
    root, _ = merged("items:\n  - {id: four}\n  - {id: five}\n", tmp_path)
    assert ids(root["items"]) == ["one", "two", "three", "four", "five"]


def test_before_and_after_place_new_items(tmp_path):
    root, diags = merged("items:\n  - {id: zero, before: one}\n  - {id: two-b, after: two}\n", tmp_path)
    assert diags == []
    assert ids(root["items"]) == ["zero", "one", "two", "two-b", "three"]
    assert root["items"][0] == {"id": "zero"} and root["items"][3] == {"id": "two-b"}


def test_before_and_after_move_existing_items(tmp_path):
    root, _ = merged("items:\n  - {id: three, before: one, n: 30}\n  - {id: one, after: two}\n", tmp_path)
    assert ids(root["items"]) == ["three", "two", "one"]
    assert root["items"][0] == {"id": "three", "n": 30}


def test_placement_can_name_an_item_added_earlier(tmp_path):
    root, _ = merged("items:\n  - {id: four}\n  - {id: three-b, before: four}\n", tmp_path)
    assert ids(root["items"]) == ["one", "two", "three", "three-b", "four"]


def test_remove_deletes_an_item(tmp_path):
    root, diags = merged("items:\n  - {id: two, remove: true}\n", tmp_path)
    assert diags == [] and ids(root["items"]) == ["one", "three"]
    assert [s.line for s in root["items"].item_spans] == [6, 8]


def test_remove_with_other_keys_is_plain_data(tmp_path):
    root, _ = merged("items:\n  - {id: two, remove: true, n: 5}\n", tmp_path)
    assert root["items"][1] == {"id": "two", "n": 5, "remove": True}


def test_unknown_ids_are_errors_with_did_you_mean():
    doc = load_document("bad_ids.yaml")
    assert messages(doc) == [
        ("bad_ids.yaml", 3, 9, "cannot remove 'R-4': no item has the id 'R-4' in 'rules'", "did you mean 'R-3'?"),
        (
            "bad_ids.yaml",
            7,
            12,
            "cannot place 'R-5' after 'R-22': no item has the id 'R-22' in 'rules'",
            "did you mean 'R-2'?",
        ),
        ("bad_ids.yaml", 11, 5, "use either 'before' or 'after', not both", None),
    ]
    assert ids(doc.root["rules"]) == ["R-1", "R-2", "R-3", "R-5", "R-6"]


# ---------------------------------------------------------------- chain errors


def test_cycle_is_named():
    doc = load_document("cycle_a.yaml")
    assert doc.root is None
    assert messages(doc) == [
        (
            "cycle_b.yaml",
            2,
            10,
            "extends cycle: cycle_a.yaml -> cycle_b.yaml -> cycle_a.yaml",
            "a ruleset cannot extend itself, directly or through its bases",
        )
    ]


def test_a_file_extending_itself(tmp_path):
    write(tmp_path, {"self.yaml": "extends: self.yaml\n"})
    doc = load_document(tmp_path / "self.yaml")
    assert doc.diagnostics[0].message == f"extends cycle: {tmp_path / 'self.yaml'} -> {tmp_path / 'self.yaml'}"


def test_missing_base_suggests_a_sibling():
    doc = load_document("missing_base.yaml")
    assert doc.root is None
    assert messages(doc) == [
        ("missing_base.yaml", 2, 10, "cannot find the base ruleset 'bsae.yaml'", "did you mean 'base.yaml'?")
    ]


def test_missing_base_suggests_a_shipped_ruleset(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    write(shipped, {"classic_game.yaml": "id: classic\n", "variants/short.yaml": "id: short\n"})
    monkeypatch.setattr(resources, "data_dir", lambda name: shipped)
    write(tmp_path, {"v.yaml": "extends: clasic_game\n"})
    assert messages(load_document(tmp_path / "v.yaml"))[0][3:] == (
        "cannot find the base ruleset 'clasic_game'",
        "did you mean 'classic_game'?",
    )


def test_missing_base_without_a_close_name(tmp_path):
    write(tmp_path, {"v.yaml": "extends: zzz\n"})
    assert messages(load_document(tmp_path / "v.yaml"))[0][3:] == (
        "cannot find the base ruleset 'zzz'",
        "give a path relative to this file's folder, or the name of a shipped ruleset",
    )


def test_shipped_ruleset_by_name(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    write(shipped, {"classic_game.yaml": "id: classic\nplayers: 4\n", "variants/short.yaml": "id: s\nx: 1\n"})
    monkeypatch.setattr(resources, "data_dir", lambda name: shipped)
    write(tmp_path / "mine", {"v.yaml": "extends: classic_game\nid: mine\n", "w.yaml": "extends: variants/short\n"})
    doc = load_document(tmp_path / "mine" / "v.yaml")
    assert doc.diagnostics == [] and doc.root == {"id": "mine", "players": 4}
    assert doc.files[1] == str(shipped / "classic_game.yaml")
    assert load_document(tmp_path / "mine" / "w.yaml").root == {"id": "s", "x": 1}


def test_a_sibling_file_wins_over_a_shipped_name(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    write(shipped, {"classic_game.yaml": "id: shipped\n"})
    monkeypatch.setattr(resources, "data_dir", lambda name: shipped)
    write(tmp_path, {"classic_game.yaml": "id: local\n", "v.yaml": "extends: classic_game\nx: 1\n"})
    assert load_document(tmp_path / "v.yaml").root == {"id": "local", "x": 1}


def test_base_with_errors_stops_the_variant():
    doc = load_document("extends_broken.yaml")
    assert doc.root is None
    assert messages(doc) == [
        ("broken_base.yaml", 3, 1, "duplicate key 'players' in this mapping", "first defined at line 2")
    ]
    assert doc.files == ["extends_broken.yaml", "broken_base.yaml"]


def test_base_that_is_not_yaml(tmp_path):
    write(tmp_path, {"v.yaml": "extends: b.yaml\n"})
    (tmp_path / "b.yaml").write_bytes(b"id: \xff\n")
    doc = load_document(tmp_path / "v.yaml")
    assert doc.root is None
    assert [(d.span.file, d.span.line, d.span.col, d.message) for d in doc.diagnostics] == [
        (str(tmp_path / "b.yaml"), 1, 5, "file is not valid UTF-8 (byte 0xff)")
    ]


def test_extends_must_be_a_name(tmp_path):
    write(tmp_path, {"v.yaml": "id: v\nextends: [a, b]\n"})
    assert messages(load_document(tmp_path / "v.yaml")) == [
        (
            str(tmp_path / "v.yaml"),
            2,
            10,
            "extends must name a base ruleset: a path relative to this file, or a shipped ruleset name",
            "for example: extends: ../base.yaml",
        )
    ]


def test_chain_depth_is_limited(tmp_path):
    depth = load.MAX_EXTENDS_DEPTH
    write(tmp_path, {f"f{i}.yaml": f"extends: f{i + 1}.yaml\nk{i}: {i}\n" for i in range(depth + 2)})
    write(tmp_path, {f"f{depth + 2}.yaml": "id: bottom\n"})
    doc = load_document(tmp_path / "f0.yaml")
    assert doc.root is None
    assert [(Path(d.span.file).name, d.message) for d in doc.diagnostics] == [
        (f"f{depth}.yaml", f"extends chain is deeper than {depth} files")
    ]
    ok = load_document(tmp_path / f"f{3}.yaml")
    assert ok.diagnostics == [] and ok.root["id"] == "bottom" and len(ok.files) == depth


def test_parse_text_resolves_extends_from_the_given_name():
    doc = parse_text("extends: base.yaml\nid: inline\n", str(FIXTURES / "inline.yaml"))
    assert doc.diagnostics == [] and doc.root["id"] == "inline" and doc.root["players"] == 4


def test_variant_with_its_own_errors_still_merges(tmp_path):
    write(tmp_path, {"b.yaml": "x: 1\n", "v.yaml": "extends: b.yaml\ny: 1\ny: 2\n"})
    doc = load_document(tmp_path / "v.yaml")
    assert [d.message for d in doc.diagnostics] == ["duplicate key 'y' in this mapping"]
    assert doc.root == {"x": 1, "y": 1}


def test_merge_trees_builds_new_containers():
    base = parse_text(BASE, "b.yaml").root
    variant = parse_text("tags: [q]\n", "v.yaml").root
    result = merge_trees(base, variant, [])
    assert isinstance(result, LocDict) and isinstance(result["items"], LocList)
    assert result["items"] is not base["items"] and result["options"] is not base["options"]
    assert base["tags"] == ["x", "y"]
