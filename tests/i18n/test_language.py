"""Choosing the language (--lang, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG), translated help,
usage errors that list the languages, rules pages wholly in one language, and right-to-left
text with its embedded ids and numbers isolated."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.base.i18n import FSI, PDI, _, from_environment, language, ngettext, resolve, use_language
from interpreter.frontends.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), env=env or {}, catch_exceptions=False)


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LC_ALL": "fa_IR.UTF-8", "LANG": "en_US.UTF-8"}, "fa"),
        ({"LANGUAGE": "de:hu", "LANG": "de_DE.UTF-8"}, "hu"),
        ({"LANGUAGE": "ms", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE in the C locale
        ({"LC_MESSAGES": "ms_MY"}, "ms"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_picks_the_language(env, lang):
    assert from_environment(env) == lang


def test_codes_are_read_loosely():
    assert [resolve(c) for c in ("JA", "ja-JP", "fa_IR.UTF-8", "hu@euro", "xx", "")] == [
        "ja",
        "ja",
        "fa",
        "hu",
        None,
        None,
    ]


def test_an_unknown_language_is_a_usage_error_that_lists_the_languages():
    for args in (["--lang", "xx", "--help"], ["play", "--lang", "xx", "duzihu"], ["rules", "duzihu", "--lang", "xx"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, args
        assert "unknown language 'xx'" in result.output
        assert "ja (日本語)" in result.output and "fa (" in result.output and "hu (magyar)" in result.output


def test_help_in_japanese_from_the_option_and_from_the_environment():
    with use_language("ja"):
        usage, seat_help, summary = _("Usage:"), _("The seat you play."), _("Show this message and exit.")
    assert usage != "Usage:"
    top = run("--lang", "ja", "--help").output
    assert usage in top and summary in top and "Usage:" not in top
    with use_language("ja"):
        assert _("Commands") in top and _("Options") in top
    play = run("play", "--help", env={"LANG": "ja_JP.UTF-8"}).output
    assert usage in play and seat_help in play and "The seat you play." not in play
    late = run("play", "--help", "--lang", "ja").output  # --lang after --help works too
    assert seat_help in late
    assert "The seat you play." in run("play", "--help").output
    assert language() == "en"  # a command leaves the language as it found it


@pytest.mark.parametrize("lang", ["ja", "hu"])
def test_every_command_speaks_the_language_in_its_help_and_in_the_list_of_commands(lang):
    # simulate and balance were plain click commands: their help stayed English in every language
    from interpreter.frontends.clicktext import LocalizedCommand

    top = run("--lang", lang, "--help").output
    for name, command in sorted(cli.commands.items()):
        assert isinstance(command, LocalizedCommand), name
        english = command.help.strip().splitlines()[0]
        page = run("--lang", lang, name, "--help").output
        assert english not in page, (name, english)
        listed = next(line for line in top.splitlines() if line.strip().startswith(name + " "))
        assert english[:20] not in listed, (name, listed)


def test_the_help_option_speaks_the_language_of_each_help_in_one_process():
    # click keeps the --help option it makes first; its text was kept in that help's language, so the
    # English command pages (docs/cli.md, written in the test process) could say it in Japanese
    with use_language("ja"):
        japanese = _("Show this message and exit.")
    for lang, words in (("ja", japanese), ("en", "Show this message and exit."), ("ja", japanese)):
        lines = [line for line in run("--lang", lang, "validate", "--help").output.splitlines() if "--help" in line]
        assert len(lines) == 1 and lines[0].endswith(words), lines


def test_click_errors_are_translated():
    result = CliRunner().invoke(cli, ["--lang", "ja", "play", "--nosuch"])
    with use_language("ja"):
        assert _("Error: {message}", message="").strip() in result.output


def test_a_rules_page_in_japanese_has_no_english_headings():
    english = run("rules", "hachinin_meri").output
    page = run("rules", "hachinin_meri", "--lang", "ja").output
    headings = [line for line in page.splitlines() if line.startswith("#")]
    english_headings = [line for line in english.splitlines() if line.startswith("#")]
    assert len(headings) == len(english_headings) > 8
    for line in headings:
        words = re.sub(r"'[^']*'|「[^」]*」", "", line.lstrip("# "))  # phase names are the ruleset's ids
        assert not re.search(r"[A-Za-z]{3,}", words), line
    assert "Flow of play" not in page and "Where the cards are" not in page
    with use_language("ja"):
        assert _("Flow of play") in page and _("Card rankings and values") in page


@pytest.mark.parametrize("lang", ["ja", "ms", "fa", "hu"])
def test_rules_pages_in_every_language_use_its_words(lang):
    page = run("rules", "duzihu", "--lang", lang, "--format", "text").output
    with use_language(lang):
        assert _("Players").upper() in page and _("Moves").upper() in page


def test_plural_forms_follow_the_language():
    with use_language("en"):
        assert ngettext("{n} game", "{n} games", 1) == "1 game"
        assert ngettext("{n} game", "{n} games", 2) == "2 games"
    with use_language("ja"):
        assert ngettext("{n} game", "{n} games", 2) == "2 ゲーム"


def test_persian_isolates_filled_in_values_and_keeps_their_order():
    with use_language("fa"):
        line = _("seat {seat}: {action}", seat=3, action="play isu-9")
    assert f"{FSI}3{PDI}" in line and f"{FSI}play isu-9{PDI}" in line
    assert line.index("3") < line.index("play isu-9")  # logical order as written
    first_strong = next(c for c in line.replace(f"{FSI}3{PDI}", "") if unicodedata.bidirectional(c) in ("L", "R", "AL"))
    assert unicodedata.bidirectional(first_strong) in ("R", "AL")  # the paragraph reads right to left
    with use_language("ja"):
        assert FSI not in _("seat {seat}: {action}", seat=3, action="x")


def test_refusals_give_the_rule_in_the_language():
    import random

    import interpreter

    rs = interpreter.load(ROOT / "rulesets" / "hachinin_meri.yaml")
    st, rng = rs.new_game(seed=3), random.Random(3)
    for _step in range(400):
        legal = {a.text for a in st.legal_actions()}
        verbs = {t.split(" ")[0] for t in legal if " " in t}
        tried = [f"{v} {c}" for v in sorted(verbs) for c in rs.cards.ids if f"{v} {c}" not in legal]
        refused = next((t for t in tried if rs.explain(st, t).startswith("not allowed:")), None)
        if refused is not None:
            break
        st.apply_action(rng.choice(sorted(legal)))
    assert refused is not None
    english = rs.explain(st, refused)
    with use_language("ja"):
        japanese = rs.explain(st, refused)
        assert japanese.startswith(_("not allowed: {rule}", rule=""))
    rule = english.removeprefix("not allowed: ").rsplit(" (", 1)[0]
    assert rule not in japanese and not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", japanese), japanese


def test_a_language_only_the_ruleset_has_is_accepted_for_that_ruleset(tmp_path):
    ruleset = tmp_path / "tiny.yaml"
    text = (ROOT / "rulesets" / "duzihu.yaml").read_text(encoding="utf-8")
    ruleset.write_text(
        text.replace("name: {en: Duzihu,", "name: {it: Duzihu italiano, en: Duzihu,", 1), encoding="utf-8"
    )
    page = run("rules", str(ruleset), "--lang", "it").output
    assert "# Duzihu italiano" in page and "## Players" in page  # the program's words fall back to English
    refused = CliRunner().invoke(cli, ["rules", "duzihu", "--lang", "it"])
    assert refused.exit_code == 2 and "'it'" in refused.output and "ja" in refused.output


def test_japanese_help_is_wrapped_to_the_terminal_by_columns():
    import unicodedata

    def columns(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)

    out = CliRunner().invoke(cli, ["--lang", "ja", "play", "--help"], terminal_width=80).output
    lines = out.splitlines()
    assert max(columns(line) for line in lines) <= 80
    assert not any(line.rstrip().endswith("（") or line.lstrip().startswith("、") for line in lines)
