"""A ruleset file's located tree kept between runs (loading/document.py, base/diskcache.py): a file
read again is not parsed again while its text is the same, and gives the same document, spans
and problems; a changed, damaged, foreign or unwritable cache changes nothing but the time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.base import diskcache
from interpreter.compiling.pipeline import check_file
from interpreter.loading import document, yaml_tree

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


@pytest.fixture
def cache(cache_home):
    return cache_home / "documents"


@pytest.fixture
def reads(monkeypatch):
    """The files whose YAML is read from now on, each load starting as a new process would."""
    done: list[str] = []
    real = yaml_tree.read_tree

    def counting(source):
        done.append(source.file)
        return real(source)

    monkeypatch.setattr(yaml_tree, "read_tree", counting)
    document._parse_file_cached.cache_clear()
    yield done
    document._parse_file_cached.cache_clear()


def _load(path: Path):
    document._parse_file_cached.cache_clear()  # (a new process)
    return document.load_document(path)


def _spans(value, out=None):
    """Every span of a located tree, in order."""
    out = [] if out is None else out
    if isinstance(value, dict):
        out += [getattr(value, "span", None), *value.key_spans.items(), *value.value_spans.items()]
        for item in value.values():
            _spans(item, out)
    elif isinstance(value, list):
        out += [getattr(value, "span", None), *value.item_spans]
        for item in value:
            _spans(item, out)
    elif isinstance(value, str):
        out.append((getattr(value, "span", None), value.span_at(0, len(value)) if hasattr(value, "span_at") else None))
    return out


def test_a_file_read_again_is_not_parsed_again_and_gives_the_same_document(tmp_path, cache, reads):
    path = tmp_path / "duzihu.yaml"
    shutil.copy(RULESETS / "duzihu.yaml", path)
    first = _load(path)
    again = _load(path)
    assert reads == [str(path)]
    assert again.root == first.root and _spans(again.root) == _spans(first.root)
    assert again.diagnostics == first.diagnostics
    assert len(list(cache.glob("*.pickle"))) == 1
    assert check_file(path).ok


def test_a_changed_file_is_parsed_again(tmp_path, cache, reads):
    path = tmp_path / "meri.yaml"
    text = (RULESETS / "hachinin_meri.yaml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    _load(path)
    path.write_text(text.replace("name:", "name:", 1) + "\n# changed\n", encoding="utf-8")
    changed = _load(path)
    assert reads == [str(path), str(path)]
    assert changed.root is not None


def test_problems_are_kept_with_the_tree(tmp_path, cache, reads):
    """A file with a YAML problem reports the same problem, at the same place, when read again."""
    path = tmp_path / "broken.yaml"
    text = (RULESETS / "duzihu.yaml").read_text(encoding="utf-8")
    path.write_text(text + "\nbroken: [unclosed\n", encoding="utf-8")
    first = _load(path)
    again = _load(path)
    assert first.diagnostics and [(d.message, d.span) for d in again.diagnostics] == [
        (d.message, d.span) for d in first.diagnostics
    ]


def test_a_damaged_or_foreign_cache_file_is_ignored(tmp_path, cache, reads):
    path = tmp_path / "duzihu.yaml"
    shutil.copy(RULESETS / "duzihu.yaml", path)
    first = _load(path)
    (kept,) = cache.glob("*.pickle")
    kept.write_bytes(b"not a pickle")
    assert _load(path).root == first.root
    diskcache.write(kept, "another key", ("a tree", ()), 10)
    assert _load(path).root == first.root
    assert reads == [str(path)] * 3


def test_a_small_file_is_not_kept(tmp_path, cache, reads):
    path = tmp_path / "small.yaml"
    path.write_text("name: small\n", encoding="utf-8")
    _load(path)
    _load(path)
    assert reads == [str(path)] * 2
    assert not cache.exists() or not list(cache.glob("*.pickle"))


def test_nothing_is_kept_where_nothing_can_be_written(tmp_path, monkeypatch, reads):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = tmp_path / "duzihu.yaml"
    shutil.copy(RULESETS / "duzihu.yaml", path)
    assert _load(path).root == _load(path).root
    assert reads == [str(path)] * 2
