"""The golden transcripts (tests/golden.py): what players see is a reviewed change."""

from __future__ import annotations

import difflib

import pytest

from tests.golden import GAMES, expected_path, transcript


@pytest.mark.parametrize("name", list(GAMES))
def test_the_prompt_shows_what_the_golden_transcript_shows(name):
    path = expected_path(name)
    assert path.is_file(), f"{path} is missing: run python tools/make_transcripts.py"
    got, want = transcript(name), path.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now"))[:80])
        pytest.fail(f"the prompt shows something else now; review and run python tools/make_transcripts.py\n{diff}")


def test_every_shipped_ruleset_has_a_transcript():
    from interpreter.base.resources import shipped_names

    assert sorted(GAMES) == sorted(shipped_names())
