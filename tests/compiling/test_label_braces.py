"""`validate` warns about an action label written as a template: labels are shown as written,
the move's value after them (found by an outside author writing Euchre: `lay {card} down`)."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.compiling.test_unreached import GAME


def _warnings(text: str) -> list[str]:
    report = check_text(text)
    assert report.ok
    return [d.message for d in report.diagnostics if d.severity == "warning"]


def test_a_label_with_braces_is_warned_about():
    text = GAME.replace("  play:\n", "  play:\n    label: {en: lay down, ja: '{card}を出す'}\n", 1)
    assert _warnings(text) == ["the label of 'play' is shown as written, braces and all: '{card}を出す'"]


def test_a_plain_label_is_not():
    assert _warnings(GAME.replace("  play:\n", "  play:\n    label: {en: lay down}\n", 1)) == []
