"""The program's own words in the player's language: gettext catalogs kept as `.po` files.

    from interpreter.base.i18n import _, ngettext
    _("{who} wins", who=name)                    # translated, then filled in
    ngettext("{n} card", "{n} cards", n)         # n is also a placeholder
    N_("Options")                                # marks a text translated later, where it is shown

Catalogs live in `locale/<lang>/LC_MESSAGES/cardrules.po` beside this module, one per
language, and are read directly with Babel (no compile step to forget); a wheel also
carries them compiled (.mo, made when it is built), which start faster.  The English
catalog is complete too: the message ids are the code's keys, its `msgstr`s are the
English shown.  `python -m interpreter.frontends.catalogs` extracts the messages with
Babel's extractor and brings every catalog up to date; `tests/i18n/` fails when one
lacks a message the code uses.

The language is per context (a `ContextVar`), so a server may speak a different language
to each request: `use_language("ja")` for a block, `set_language` for the rest of the
program.  In a right-to-left language every value filled into a message is wrapped in
Unicode isolates (FSI ... PDI), so card ids, numbers and commands keep their order inside
the sentence, and the sentence's direction comes from its own words.
"""

from __future__ import annotations

import gettext as _gettext
import hashlib
import os
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "cardrules"
DEFAULT = "en"
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate and its end

_current: ContextVar[str] = ContextVar("cardrules_language", default=DEFAULT)


@cache
def available() -> tuple[str, ...]:
    """The languages with a catalog, as codes (`en`, `ja`, ...), sorted."""
    if not LOCALE_DIR.is_dir():
        return (DEFAULT,)
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return tuple(sorted(found | {DEFAULT}))


def resolve(code: str | None) -> str | None:
    """A shipped language for `code` (`ja`, `JA`, `ja_JP.UTF-8`, `ja-JP`), or None."""
    if not code:
        return None
    word = code.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    for candidate in (word, word.split("_")[0]):
        if candidate in available():
            return candidate
    return None


def language_code(code: str | None) -> str | None:
    """A shipped language for `code`, else the code of any language CLDR knows (`it`), else None.

    A ruleset may have texts in languages the program has no catalog for; in those the
    program's own words are English."""
    shipped = resolve(code)
    if shipped or not code:
        return shipped
    word = code.strip().split(".")[0].split("@")[0].replace("-", "_").lower().split("_")[0]
    from babel.core import Locale, UnknownLocaleError

    try:
        Locale.parse(word)
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return word


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: LANGUAGE (a list, unless the
    locale is C), then LC_ALL, LC_MESSAGES, LANG; English when none names a shipped language."""
    env = os.environ if environ is None else environ
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    wanted = [] if locale.split(".")[0] in ("C", "POSIX") else env.get("LANGUAGE", "").split(":")
    for code in [*wanted, locale]:
        found = resolve(code)
        if found:
            return found
    return DEFAULT


def language() -> str:
    """The language of this context."""
    return _current.get()


def set_language(code: str) -> None:
    """Speak `code` from now on in this context (a language without a catalog speaks English,
    with the ruleset's texts in `code` where it has them)."""
    _current.set(language_code(code) or DEFAULT)


@contextmanager
def use_language(code: str) -> Iterator[None]:
    """Speak `code` inside the block (rules pages, a request), then the language before."""
    token = _current.set(language_code(code) or DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


@cache
def _locale(code: str):  # a babel Locale; imported lazily, as Babel costs ~20 ms to import
    from babel.core import Locale

    return Locale.parse(code)


def display_name(code: str, in_language: str | None = None) -> str:
    """The language's name in itself (`日本語`, `فارسی`, `magyar`), or in `in_language` (`英語`)."""
    try:
        return _locale(code).get_display_name(in_language or code) or code
    except Exception:  # (a code Babel does not know, from a ruleset's texts: named by its code)
        return code


def is_rtl(code: str | None = None) -> bool:
    """Whether the language (by default this context's) is written right to left."""
    code = code or language()
    return code != DEFAULT and _locale(code).text_direction == "rtl"


def language_list() -> str:
    """`en (English), fa (فارسی), ...`: the shipped languages for messages and help."""
    return ", ".join(f"{c} ({isolated(display_name(c))})" for c in available())


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The catalog of `code`, falling back to the English one, then to the message id."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.is_file():
        return _gettext.NullTranslations() if code == DEFAULT else translations(DEFAULT)
    compiled = path.with_suffix(".mo")  # written into wheels at build time (tools/hatch_build.py)
    if compiled.is_file() and compiled.stat().st_mtime >= path.stat().st_mtime:
        with compiled.open("rb") as f:
            out = _gettext.GNUTranslations(f)
    else:
        out = _gettext.GNUTranslations(_cached(path, code))
    if code != DEFAULT:
        out.add_fallback(translations(DEFAULT))
    return out


def _cached(path: Path, code: str) -> BytesIO:
    """The .po file compiled, from the user's cache when this very text was compiled before (a
    checkout or an editable install ships no .mo files: compiling them costs a start-up ~0.1 s)."""
    data = path.read_bytes()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    kept = Path(base) / "cardrules" / "locale" / f"{code}-{hashlib.sha256(data).hexdigest()[:20]}.mo"
    try:
        return BytesIO(kept.read_bytes())
    except OSError:
        pass
    buf = _compiled(path, code)
    try:  # written whole under another name, then renamed: a reader never sees half a file
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
        part.write_bytes(buf.getvalue())
        os.replace(part, kept)
    except OSError:  # no cache (read-only home): compiled in memory each time, as before
        pass
    return buf


def _compiled(path: Path, code: str) -> BytesIO:
    """The .po file compiled in memory with Babel (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buf = BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return buf


def gettext(message: str) -> str:
    """`message` translated, nothing filled in (for texts that others format, like click's)."""
    return translations(language()).gettext(message) if message else message


def ngettext_raw(singular: str, plural: str, n: int) -> str:
    return translations(language()).ngettext(singular, plural, n)


def isolated(text: str) -> str:
    """`text` as one unit inside a right-to-left sentence (unchanged in left-to-right languages)."""
    return f"{FSI}{text}{PDI}" if text and is_rtl() else text


class _Filler(string.Formatter):
    """str.format, each value isolated in a right-to-left language."""

    def format_field(self, value: object, format_spec: str) -> str:
        return isolated(format(value, format_spec))


_FILL = _Filler()


def fill(template: str, values: Mapping[str, object]) -> str:
    if not values:
        return template
    if not is_rtl():
        return template.format_map(values)
    return _FILL.vformat(template, (), values)


def _(message: str, /, **values: object) -> str:
    """`message` in this context's language, with `{name}` placeholders filled from `values`."""
    return fill(gettext(message), values)


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural form for `n` (as the language counts), filled; `{n}` is `n`."""
    return fill(ngettext_raw(singular, plural, n), {"n": n, **values})


def N_(message: str) -> str:
    """Marks `message` for the catalogs; it is translated where it is shown (`_(text)`)."""
    return message
