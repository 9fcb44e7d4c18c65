"""The command line in the player's language: `--lang`, click's help and messages through our catalogs.

click builds its commands when `cli.py` is imported, long before `--lang` is read, so the
help texts stay English message ids on the commands and options, and are translated when
help is written (`LocalizedGroup`, `LocalizedCommand`).  click's own words ("Usage:",
"Error: ...", "Missing argument") go through its module-level `_` and `ngettext`, which
`install` points at our catalogs; the texts we translate are listed in `CLICK_TEXTS`.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from interpreter.base.i18n import (
    N_,
    _,
    available,
    display_name,
    from_environment,
    gettext,
    language_code,
    language_list,
    ngettext_raw,
    resolve,
    set_language,
    use_language,
)
from interpreter.model.nodes import text_languages

# click's words that our commands can show; the catalogs translate them.
CLICK_TEXTS = [
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Aborted!"),
    N_("Missing command."),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("default: {default}"),
    N_("%(prog)s, version %(version)s"),
    N_("Show the version and exit."),
    N_("Did you mean {possibility}?"),
    N_("(Did you mean one of: {possibilities}?)"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Option {name!r} requires an argument."),
    N_("Option {name!r} requires {nargs} arguments."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("{value!r} is not {choice}."),
    N_("{value!r} is not one of {choices}."),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"),
]

HELP_TEXT = N_("Show this message and exit.")  # the text click gives --help, as its message id

_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")


def install() -> None:
    """Send click's own messages through our catalogs (it looks `_` up in each module), and wrap
    help in wide scripts by columns."""
    from click import formatting

    if not getattr(formatting.wrap_text, "wide_aware", False):
        formatting.wrap_text = _wide_aware(formatting.wrap_text)
    for name in _CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # a click without that module
            continue
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext_raw  # type: ignore[attr-defined]


_NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;!?)]")


_NO_LINE_END = set("（「『【〔〈《(")


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def _units(text: str) -> list[str]:
    """Words, single wide characters (each may end a line) and spaces; closing marks stay with what they close."""
    out: list[str] = []
    for c in text:
        wide = unicodedata.east_asian_width(c) in "WF"
        if c.isspace():
            out.append(" ")
        elif out and out[-1] != " " and (c in _NO_LINE_START or out[-1][-1] in _NO_LINE_END):
            out[-1] += c
        elif wide or not out or out[-1] == " " or unicodedata.east_asian_width(out[-1][-1]) in "WF":
            out.append(c)
        else:
            out[-1] += c
    return out


def _wrap_wide(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    lines, line = [], initial_indent
    for unit in _units(" ".join(text.split())):
        if unit == " ":
            if line.strip():
                line += " "
            continue
        if _columns(line.rstrip() + unit) > width and line.strip():
            lines.append(line.rstrip())
            line = subsequent_indent
        line += unit
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines)


def _wide_aware(original: Callable[..., str]) -> Callable[..., str]:
    """click's wrap_text, which breaks lines only at spaces and counts characters, made to break
    Japanese (and any wide script) between characters and to count wide ones as two columns."""

    def wrap_text(
        text: str,
        width: int = 78,
        initial_indent: str = "",
        subsequent_indent: str = "",
        preserve_paragraphs: bool = False,
    ) -> str:
        if not any(unicodedata.east_asian_width(c) in "WF" for c in text):
            return original(text, width, initial_indent, subsequent_indent, preserve_paragraphs)
        paras = text.split("\n\n") if preserve_paragraphs else [text]
        return "\n\n".join(_wrap_wide(p, width, initial_indent, subsequent_indent) for p in paras)

    wrap_text.wide_aware = True  # type: ignore[attr-defined]
    return wrap_text


def _key(text: str) -> str:
    """A help text as its message id: indentation of docstrings removed, as click shows it."""
    return inspect.cleandoc(text)


@contextmanager
def _translated(command: click.Command, ctx: click.Context | None = None) -> Iterator[None]:
    """The help of the command and its parameters (--help too) in the current language, while inside."""
    parts: list[Any] = [command, *(command.get_params(ctx) if ctx is not None else command.params)]
    saved = [(obj, obj.help) for obj in parts if getattr(obj, "help", None)]
    for obj, text in saved:
        obj.help = gettext(_key(text))
    try:
        yield
    finally:
        for obj, text in saved:
            obj.help = text


def _first_sentence(text: str) -> str:
    """The first paragraph, cut after the first sentence where the language ends one with '。'."""
    para = _key(text).split("\n\n")[0]
    return para[: para.index("。") + 1] if "。" in para else para


class LocalizedCommand(click.Command):
    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click keeps the --help option it makes first, its text in the language of that moment: its
        text is set back to the message id here, to be said in the language help is written in."""
        made = getattr(self, "_help_option", False) is None  # (a click that keeps it, about to make it)
        option = super().get_help_option(ctx)
        if made and option is not None:
            option.help = HELP_TEXT
        return option

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated(self, ctx):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated(self):
            if self.help:
                self.help = _first_sentence(self.help)
            return super().get_short_help_str(limit)


class LocalizedGroup(LocalizedCommand, click.Group):
    command_class = LocalizedCommand


def requested_language(args: list[str]) -> str | None:
    """The shipped language that `--lang X` or `--lang=X` asks for anywhere on the command line."""
    for i, word in enumerate(args):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(args):
            return resolve(args[i + 1])
        if word.startswith("--lang="):
            return resolve(word.partition("=")[2])
    return None


def lang_option(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Checks `--lang` and speaks it from now on; an unknown code is a usage error."""
    if value is None:
        return None
    code = language_code(value)
    if code is None:
        raise click.BadParameter(
            _("unknown language '{code}'; available: {languages}", code=value, languages=language_list()),
            ctx=ctx,
            param=param,
        )
    set_language(code)
    return code


def check_language(rs: Any, code: str) -> None:
    """A language the program has no catalog for is fine when the ruleset has texts in it."""
    theirs = set(rs.model.name.values) | set(rs.model.description.values)
    if code not in available() and code not in theirs:
        languages = ", ".join(sorted(set(available()) | theirs))
        raise click.UsageError(
            _(
                "neither the program nor this ruleset has texts in '{code}'; available: {languages}",
                code=code,
                languages=languages,
            )
        )


def language_note(rs: Any, code: str) -> str | None:
    """A word for the person where none of the game's own texts is in their language (the program's words
    are, the game's are shown as written), else None."""
    written = text_languages(rs.model)
    if code == "en" or written[code] or not written:
        return None
    names = _(", ").join(display_name(lang, code) for lang, _n in written.most_common())
    return _("This game's own texts are written only in {languages}; they are shown as written.", languages=names)


LANG_HELP = N_(
    "The language of the program and of the game's texts: en, fa, hu, ja or ms "
    "(default: from LANGUAGE, LC_ALL or LANG)."
)


class CardrulesGroup(LocalizedGroup):
    """The command group: speaks the language asked for before anything is written."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        """Speaks the language asked for before anything (help, errors) is written."""
        argv = list(sys.argv[1:] if args is None else args)
        with use_language(requested_language(argv) or from_environment()):
            return super().main(argv, *rest, **kwargs)


def help_messages(group: click.Group) -> Iterator[tuple[str, str]]:
    """(where, message id) of every help text of `group` and its commands, for the catalogs."""
    commands: list[tuple[str, Any]] = [("cardrules", group)]
    commands += [(f"cardrules {name}", group.commands[name]) for name in sorted(group.commands)]
    for where, cmd in commands:
        for obj in (cmd, *cmd.params):
            text = getattr(obj, "help", None)
            if text:
                yield where, _key(text)
