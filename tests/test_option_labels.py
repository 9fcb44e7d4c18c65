"""Options' labels: read from a ruleset (one language or several), and given by every shipped
option in every language its ruleset writes its words in."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.base.resources import shipped_names, shipped_ruleset
from interpreter.compiling.pipeline import check_file, check_text
from interpreter.model import Model, Text
from tests.engine.tiny import HIGH_CARD

SHIPPED = [shipped_ruleset(name) for name in shipped_names()]

OPTIONS = HIGH_CARD.replace(
    "variables:",
    """options:
  bonus: {type: int, default: 2, label: {en: Round bonus, ja: ラウンドボーナス}}
  short: {type: bool, default: false, label: Short game}
  plain: {type: int, default: 0}
variables:""",
)


def _options(text: str) -> dict:
    report = check_text(text, "options.yaml")
    assert report.ok, [d.message for d in report.diagnostics]
    return {o.name: o for o in report.ruleset.model.options}


def test_a_label_is_read_in_several_languages_or_one_and_falls_back_to_the_name() -> None:
    options = _options(OPTIONS)
    assert options["bonus"].label == Text({"en": "Round bonus", "ja": "ラウンドボーナス"})
    assert options["bonus"].shown_name("ja") == "ラウンドボーナス"
    assert options["bonus"].shown_name("fa") == "Round bonus"  # English when the language is missing
    assert options["short"].label == Text({"en": "Short game"})  # a plain string is English
    assert options["plain"].label.values == {}
    assert options["plain"].shown_name("ja") == "plain"  # no label: the option's name


@pytest.mark.parametrize("label", ["[Round, bonus]", "{en: Round bonus, ja: 5}", "{}", "7", "true"])
def test_a_label_that_is_not_text_is_refused_where_it_is_written(label: str) -> None:
    entry = f"  bonus: {{type: int, default: 2, label: {label}}}"
    text = HIGH_CARD.replace("variables:", f"options:\n{entry}\nvariables:")
    report = check_text(text, "options.yaml")
    assert not report.ok and report.ruleset is None
    [problem] = [d for d in report.diagnostics if d.severity == "error"]
    assert problem.message == "'label' must be text, or a mapping from language codes to text"
    assert problem.span.file == "options.yaml"
    assert (problem.span.line, problem.span.col) == (text.splitlines().index(entry) + 1, entry.index(label) + 1)


def _languages(model: Model) -> set[str]:
    """The languages a ruleset writes its words in: its description, rules, zones, actions, meld
    kinds and options (not the names of the game, its cards and teams, which some give in more)."""
    texts: list[Text] = [model.description, *(r.text for r in model.all_rules or model.rules)]
    texts += [t for z in model.zones for t in (z.label, z.description)]
    texts += [a.label for a in model.actions] + [k.label for k in model.meld_kinds]
    texts += [t for o in model.options for t in (o.description, o.rule.text if o.rule else Text({}))]
    return {lang for t in texts for lang in t.values}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_option_has_a_short_label_in_every_language_of_its_ruleset(path: Path) -> None:
    report = check_file(str(path))
    assert report.ruleset is not None
    model = report.ruleset.model
    languages = _languages(model)
    assert "en" in languages
    for o in model.options:
        missing = languages - set(o.label.values)
        assert not missing, f"{path.name}: option '{o.name}' has no label in {sorted(missing)}"
        for lang, words in o.label.values.items():
            assert words.strip() and "\n" not in words and len(words) <= 40, (o.name, lang, words)
            assert words != o.name, (o.name, lang)  # a label for people, not the name again


def test_a_status_line_with_a_key_it_does_not_take_names_the_key():
    """A held-out poker game wrote a status line for each seat with `for:`: the message said the line
    must be text, naming neither the key nor where a line per seat is written."""
    text = HIGH_CARD + 'display:\n  status:\n    - {for: seats, as: t, text: "{t:seat}"}\n'
    report = check_text(text, "status.yaml")
    [problem] = [d for d in report.diagnostics if d.severity == "error"]
    assert "has an unknown key 'for'" in problem.message and "text, if" in problem.message
    assert "display.seats" in (problem.hint or "")


def test_player_in_the_flow_is_explained_not_taken_for_num_players():
    text = HIGH_CARD.replace("  - shuffle: deck\n", '  - shuffle: deck\n  - set: {rounds: "len(hand(player))"}\n', 1)
    report = check_text(text, "flow.yaml")
    [problem] = [d for d in report.diagnostics if d.severity == "error"]
    assert problem.message == "unknown name 'player'"
    assert "'player' is the seat acting, in an action's expressions only" in (problem.hint or "")
