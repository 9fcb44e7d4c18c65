"""A person who asks for a language the game's own texts are not written in is told so once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import interpreter
from interpreter.base.i18n import use_language
from interpreter.frontends.clicktext import language_note
from interpreter.model.nodes import text_languages
from tests.engine.tiny import HIGH_CARD, compile_text

ROOT = Path(__file__).resolve().parents[2]


def test_an_english_only_game_in_japanese_says_its_texts_are_shown_as_written():
    # a held-out author's English-only game at `--lang ja` mixed the two languages and nothing said why
    rs = compile_text(HIGH_CARD)
    assert set(text_languages(rs.model)) == {"en"}
    with use_language("ja"):
        assert language_note(rs, "ja") == "このゲーム自体の文章は英語でしか書かれていないため、そのまま表示します。"
    with use_language("hu"):
        assert "angol" in language_note(rs, "hu")
    assert language_note(rs, "en") is None


def test_a_game_with_texts_in_the_language_asked_for_says_nothing():
    rs = interpreter.load(str(ROOT / "rulesets" / "hearts.yaml"))
    assert text_languages(rs.model)["ja"] > 50
    assert language_note(rs, "ja") is None


def test_rules_tells_the_note_on_stderr_and_keeps_the_page_clean(tmp_path):
    path = tmp_path / "high.yaml"
    path.write_text(HIGH_CARD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "interpreter", "--lang", "ms", "rules", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "bahasa Inggeris" in done.stderr and "sahaja" in done.stderr
    assert "ditunjukkan seperti yang ditulis" not in done.stdout
