"""The translation catalogs kept up to date with the code (Babel's extractor).

    python -m interpreter.frontends.catalogs          # extract, then update every .po file
    python -m interpreter.frontends.catalogs --check  # exit 1 when a catalog lacks a message

Messages are the first arguments of `_`, `N_` and `ngettext` anywhere under `interpreter/`
(Babel's Python extractor), and the help texts of the `cardrules` commands and options
(read from the click commands themselves, as they are looked up when help is written).
The template is `locale/cardrules.pot` beside `base/i18n.py`; updating a catalog adds new
messages untranslated (English: the message id itself) and drops those the code no longer
uses.  `problems(lang)` says what a catalog lacks; the tests require none.
"""

from __future__ import annotations

import copy
import re
import sys
from datetime import datetime, timezone
from io import BytesIO
from pathlib import Path
from typing import Any

from interpreter import __version__
from interpreter.base.i18n import DEFAULT, DOMAIN, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parents[1]
SHIPPED = ("en", "fa", "hu", "ja", "ms")
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2)}
_FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)  # headers do not change on every update
_HEADER = (
    "# The messages of cardrules in '{language}'.\n"
    "# Updated by `python -m interpreter.frontends.catalogs`; translations are written here by hand.\n"
    "# This file is distributed under the same license as the cardrules project (MIT)."
)
_FIELD = re.compile(r"(?<!\{)\{([^{}!:]*)[^{}]*\}(?!\})|%\((\w+)\)s")


def template() -> Any:
    """The catalog of every message the code uses, with where each is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    from interpreter.frontends.cli import cli
    from interpreter.frontends.clicktext import help_messages

    catalog = Catalog(project="cardrules", version=__version__, domain=DOMAIN, creation_date=_FIXED_DATE)
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = f"interpreter/{filename}"
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for where, message in help_messages(cli):
        catalog.add(message, None, [(where, 0)])
    return catalog


def _path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Any:
    from babel.messages.pofile import read_po

    path = _path(lang)
    if not path.is_file():
        from babel.messages.catalog import Catalog

        return Catalog(locale=lang, domain=DOMAIN, project="cardrules", creation_date=_FIXED_DATE)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _text(catalog: Any, **kwargs: Any) -> bytes:
    from babel.messages.pofile import write_po

    buf = BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, ignore_obsolete=True, sort_output=False, **kwargs)
    return buf.getvalue()


def updated(lang: str, tmpl: Any) -> Any:
    """The catalog of `lang` brought up to `tmpl` (English filled in with the message ids)."""
    catalog = read(lang)
    catalog.fuzzy = False  # a fuzzy header would be left out of the compiled catalog, plural forms with it
    catalog.header_comment = _HEADER.format(language=lang)
    catalog.version = __version__
    catalog.msgid_bugs_address = "the cardrules issue tracker"
    catalog.last_translator = catalog.language_team = "cardrules"
    catalog.creation_date = _FIXED_DATE
    catalog.revision_date = _FIXED_DATE
    catalog.update(copy.deepcopy(tmpl), no_fuzzy_matching=True, update_header_comment=False)
    if lang == DEFAULT:
        for message in catalog:
            if message.id and not _translated(message):
                message.string = message.id
    return catalog


def _translated(message: Any) -> bool:
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return bool(strings) and all(strings)


def _fields(text: str) -> set[str]:
    return {a or b for a, b in _FIELD.findall(text)}


def problems(lang: str, tmpl: Any = None) -> list[str]:
    """What the shipped catalog of `lang` lacks: messages missing, untranslated or fuzzy, and
    translations whose placeholders differ from the message's."""
    tmpl = template() if tmpl is None else tmpl
    catalog = read(lang)
    out = []
    for wanted in tmpl:
        if not wanted.id:
            continue
        got = catalog.get(wanted.id, context=wanted.context)
        key = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
        if got is None:
            out.append(f"{lang}: missing: {key!r}")
        elif got.fuzzy or not _translated(got):
            out.append(f"{lang}: not translated: {key!r}")
        else:
            ids = wanted.id if isinstance(wanted.id, tuple) else (wanted.id,)
            strings = got.string if isinstance(got.string, tuple) else (got.string,)
            expected = _fields(ids[-1])
            for s in strings:
                if _fields(s) - _fields(ids[0]) - expected or (len(ids) == 1 and _fields(s) != expected):
                    out.append(f"{lang}: placeholders differ: {key!r} -> {s!r}")
    return out


def main(argv: list[str]) -> int:
    tmpl = template()
    if "--check" in argv:
        found = [p for lang in SHIPPED for p in problems(lang, tmpl)]
        for p in found:
            print(p)
        return 1 if found else 0
    pot = LOCALE_DIR / f"{DOMAIN}.pot"
    pot.parent.mkdir(parents=True, exist_ok=True)
    pot.write_bytes(_text(tmpl))
    for lang in SHIPPED:
        path = _path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_text(updated(lang, tmpl)))
        left = problems(lang, tmpl)
        print(f"{lang}: {len(left)} message(s) to translate" if left else f"{lang}: complete")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
