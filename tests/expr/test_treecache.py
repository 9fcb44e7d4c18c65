"""Expression trees kept between runs per ruleset file (expr/treecache.py): a file compiled again
parses only the expressions that changed; a damaged, foreign or unwritable cache changes nothing
but the time."""

from __future__ import annotations

import pickle

import pytest

from interpreter.compiling.pipeline import check_file
from interpreter.expr import parse, treecache
from tests.engine.tiny import HIGH_CARD


@pytest.fixture
def cache(cache_home):
    return cache_home / "trees"


@pytest.fixture
def parses(monkeypatch):
    """The texts Lark parses from now on, each run starting as a new process would (nothing parsed)."""
    done: list[str] = []
    real = parse.expression_parser()

    class Counting:
        def parse(self, text):
            done.append(text)
            return real.parse(text)

    monkeypatch.setattr(parse, "expression_parser", lambda: Counting())
    monkeypatch.setattr(parse, "_parsed", {})
    return done


def _fresh_process() -> None:
    parse._parsed.clear()


def test_a_file_compiled_again_parses_only_what_changed(tmp_path, cache, parses) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    assert check_file(path).ok
    first = len(parses)
    assert first > 5 and len(list(cache.glob("*.pickle"))) == 1
    _fresh_process()
    parses.clear()
    assert check_file(path).ok
    assert parses == []  # every tree came from the cache
    _fresh_process()
    path.write_text(HIGH_CARD.replace('"e.card.value"', '"e.card.value + 0"'), encoding="utf-8")
    report = check_file(path)
    assert report.ok and parses == ["e.card.value + 0"]  # the changed expression alone


def test_a_damaged_or_foreign_cache_is_parsed_anew_and_written_again(tmp_path, cache, parses) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    assert check_file(path).ok
    kept = next(cache.glob("*.pickle"))
    for bad in (b"not a pickle", pickle.dumps(("another key", {"e.card.value": "not a tree"}))):
        kept.write_bytes(bad)
        _fresh_process()
        parses.clear()
        report = check_file(path)
        assert report.ok and "e.card.value" in parses
        assert treecache.load(path)  # written again, under today's key
    assert check_file(path).ruleset.new_game(seed=1).legal_actions()


def test_no_writable_cache_changes_nothing_but_the_time(tmp_path, monkeypatch, parses) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = tmp_path / "game.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    assert treecache.folder() is None
    assert check_file(path).ok and check_file(path).ok


def test_only_the_newest_files_are_kept(tmp_path, cache, monkeypatch) -> None:
    from interpreter.expr import Limits
    from interpreter.expr.source import PlainSource

    monkeypatch.setattr(treecache, "MAX_FILES", 3)
    tree = parse.parse(PlainSource("1 + 2"), Limits())[0]
    for i in range(5):
        treecache.save(tmp_path / f"game{i}.yaml", {"1 + 2": tree})
    assert len(list(cache.glob("*.pickle"))) == 3
    assert treecache.load(tmp_path / "game4.yaml")
