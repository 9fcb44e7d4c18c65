"""The prompt end to end in every shipped language: a scripted session per language (help,
a few moves, score, quit) whose fixed words all come from that language's catalog; the
Japanese and Persian sessions are read closely (no English sentence of the program's own,
and in Persian every card name and number filled into a line isolated, in order)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from interpreter.base.i18n import FSI, PDI, _, use_language
from interpreter.frontends.cli import cli
from interpreter.frontends.commands import HELP

SCRIPT = "help\n1\n1\nscore\nquit\n"


def session(lang: str, tmp_path, game: str = "duzihu") -> str:
    result = CliRunner().invoke(
        cli,
        ["play", game, "--agents", "random", "--seed", "4", "--lang", lang],
        input=SCRIPT,
        env={"CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"},
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "ja", "ms", "fa", "hu"])
def test_a_scripted_session_speaks_the_language(lang, tmp_path):
    out = session(lang, tmp_path)
    with use_language(lang):
        help_text = _(HELP)
    assert help_text.splitlines()[0] in out
    if lang != "en":
        assert HELP.splitlines()[0] not in out
        assert "game saved" not in out and "Resume it with" not in out


ENGLISH_SENTENCE = re.compile(r"\b(?:the|you|your|is|are|to|of|and|with|not)\b [a-z]{3,}", re.IGNORECASE)


def _own_words(out: str) -> list[str]:
    """Lines with an English sentence in them, leaving out commands, file paths and card ids."""
    lines = []
    for line in out.splitlines():
        bare = re.sub(r"cardrules [^\n]*|/\S+|\b[a-z]+(?:-[a-z0-9]+)+\b", "", line)
        if ENGLISH_SENTENCE.search(bare):
            lines.append(line)
    return lines


@pytest.mark.parametrize("game", ["duzihu", "hachinin_meri"])
def test_japanese_sessions_show_no_english_sentence(game, tmp_path):
    out = session("ja", tmp_path, game)
    assert _own_words(out) == []


def test_persian_sessions_isolate_what_they_fill_in(tmp_path):
    out = session("fa", tmp_path)
    assert _own_words(out) == []
    assert FSI in out and PDI in out
    assert out.count(FSI) == out.count(PDI)
    for line in out.splitlines():
        depth = 0
        for c in line:  # isolates open and close in order on every line
            depth += (c == FSI) - (c == PDI)
            assert depth >= 0, line
        assert depth == 0, line


def test_a_text_the_ruleset_has_only_in_english_names_its_seats_in_english_too():
    # (Hearts, English only, read "Three cards from te to 1. hely" at the Hungarian prompt)
    from interpreter.base.i18n import use_language
    from interpreter.text.render import Renderer
    from tests.engine.tiny import HIGH_CARD, compile_text

    rs = compile_text(HIGH_CARD)
    text = {"en": ["Three cards from ", {"seat": 0}, " to ", {"seat": 1}]}
    for lang in ("hu", "ja", "fa", "ms"):
        with use_language(lang):  # (the prompt speaks the reader's language)
            assert Renderer(rs, lang, viewer=0).fill(text) == "Three cards from you to Seat 1", lang
    both = {"en": ["To ", {"seat": 1}], "hu": ["Neki: ", {"seat": 1}]}
    with use_language("hu"):
        assert Renderer(rs, "hu", viewer=0).fill(both) == "Neki: 1. hely"  # (its own language: its own words)
