"""Every message the code uses is in every shipped catalog, translated, with the same
placeholders (the messages are extracted with Babel's extractor, as the update does)."""

from __future__ import annotations

import pytest

from interpreter.base.i18n import available
from interpreter.frontends.catalogs import SHIPPED, problems, read, template


@pytest.fixture(scope="module")
def tmpl():
    return template()


def test_the_shipped_languages_are_the_catalogs_on_disk():
    assert available() == SHIPPED


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_used_in_code_is_translated(lang, tmpl):
    assert problems(lang, tmpl) == []


@pytest.mark.parametrize("lang", SHIPPED)
def test_no_catalog_keeps_messages_the_code_no_longer_uses(lang, tmpl):
    used = {m.id for m in tmpl if m.id}
    assert [m.id for m in read(lang) if m.id and m.id not in used] == []


def test_a_missing_translation_is_reported(tmpl, monkeypatch):
    from interpreter.frontends import catalogs

    real = catalogs.read

    def without_one(lang):
        cat = real(lang)
        first = next(m for m in cat if m.id)
        cat.delete(first.id, context=first.context)
        return cat

    monkeypatch.setattr(catalogs, "read", without_one)
    assert len(problems("ja", tmpl)) == 1 and "missing" in problems("ja", tmpl)[0]


def test_the_help_texts_of_the_commands_are_in_the_template(tmpl):
    ids = {m.id for m in tmpl}
    assert "The seat you play." in ids and "Show this message and exit." in ids
    assert any(isinstance(i, str) and i.startswith("Play RULESET (a file") for i in ids)


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_catalog_passes_the_checks_msgfmt_makes(lang):
    """Placeholders agree between each message and its translation (Babel's checks, as
    `msgfmt -c`): a `%` in plain text, such as "95% confidence", is marked no-python-format."""
    from babel.messages.pofile import read_po

    from interpreter.base.i18n import LOCALE_DIR

    with (LOCALE_DIR / lang / "LC_MESSAGES" / "cardrules.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    wrong = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check() if "no-python-format" not in m.flags]
    assert wrong == []  # (Babel finds "% c" in such a text whatever its flag says; msgfmt reads the flag)


@pytest.mark.parametrize("lang", [lang for lang in SHIPPED if lang != "en"])
def test_no_translation_carries_other_messages_in_english(lang):
    """(`simulate --help` in every language went on, after its own text, with the help of its
    options and of `validate`, English and translated in turn: a merge that glued entries.)"""
    catalog = read(lang)
    ids = [m.id for m in catalog if isinstance(m.id, str) and len(m.id) > 25]
    glued = [
        (m.id[:40], other[:40])
        for m in catalog
        if isinstance(m.id, str) and m.string
        for other in ids
        if other != m.id and other in m.string and other not in m.id
    ]
    assert glued == []
