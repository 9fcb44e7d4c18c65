"""PyYAML's errors in plain words, at the problem's position."""

from __future__ import annotations

import re

from yaml.error import MarkedYAMLError

from interpreter.base.diagnostics import Diagnostic, did_you_mean
from interpreter.loading.located import BREAKS, SourceText

# ---------------------------------------------------------------- PyYAML errors in plain words

_TOKENS = {
    "<block mapping start>": "a new key",
    "<block sequence start>": "a list item",
    "-": "a list item",
    "<scalar>": "a value",
    "<block end>": "the end of a block",
    "<anchor>": "an anchor",
    "<alias>": "an alias",
    "<tag>": "a tag",
    "<stream end>": "the end of the file",
    "<document start>": "'---'",
    "<document end>": "'...'",
    "<directive>": "a '%' directive",
}

# (PyYAML's problem, our message, our hint); {0}.. are the pattern's groups, {line} the context's line.
_WORDS: list[tuple[str, str, str | None]] = [
    (r"found character '(.)' that cannot start any token", "'{0}' cannot start a value", "put the value in quotes"),
    (
        r"mapping values are not allowed here",
        "a ':' is not allowed here",
        "if the value contains ': ', put it in quotes; otherwise check this line's indentation",
    ),
    (
        r"could not find expected ':'",
        "expected ':' after the key on line {line}",
        "a key is written 'name: value'; text that goes on over several lines must be indented or quoted",
    ),
    (
        r"expected <block end>, but found '(.+)'",
        "bad indentation: {t0} is not expected here",
        "keys of one mapping, and items of one list, start in the same column (this block starts at line {line})",
    ),
    (
        r"sequence entries are not allowed here",
        "a list item ('- ') is not allowed here",
        "start the list on its own line, indented under its key",
    ),
    (r"mapping keys are not allowed here", "a key is not allowed here", "check this line's indentation"),
    (r"found duplicate anchor '(.+)'", "the anchor '&{0}' is defined twice", "first defined at line {line}"),
    (
        r"found unknown escape character '(.+)'",
        "unknown escape '\\{0}' in a double-quoted string",
        "write \\\\ for a backslash, or use single quotes, where a backslash is plain text",
    ),
    (
        r"found unexpected end of stream",
        "the file ends inside a quoted string",
        "close the string that starts at line {line}",
    ),
    (
        r"found unexpected document separator",
        "a line '---' or '...' is inside a quoted string",
        "close the string that starts at line {line} before it",
    ),
    (
        r"but found another document",
        "a ruleset file holds one YAML document",
        "remove this '---' and what follows it, or move it to a file of its own",
    ),
    (
        r"expected ',' or '\]', but got '(.+)'",
        "expected ',' or ']' in the list that starts at line {line}",
        "found {t0}; is a '[' missing its ']'?",
    ),
    (
        r"expected ',' or '\}', but got '(.+)'",
        "expected ',' or '}}' in the mapping that starts at line {line}",
        "found {t0}; is a '{{' missing its '}}'?",
    ),
    (r"expected the node content, but found '(.+)'", "expected a value here, but found {t0}", None),
    (
        r"expected alphabetic or numeric character, but found",
        "an anchor or alias name must be letters, digits, '-' or '_'",
        None,
    ),
    (
        r"expected escape sequence of (\d+) hexadecimal numbers",
        "this escape needs {0} hexadecimal digits",
        "for example \\x41, \\u00e9 or \\U0001F0A1",
    ),
    (r"found undefined tag handle '(.+)'", "YAML tags are not allowed: '{0}'", None),
    (
        r"expected a comment or a line break, but found",
        "only a comment may follow '|' or '>' on its line",
        "start the text on the next line, indented",
    ),
    (
        r"expected chomping or indentation indicators",
        "after '|' or '>' only '-', '+' or a digit may follow",
        "start the text on the next line, indented",
    ),
    (r"found incompatible YAML document", "this %YAML version is not supported", "remove the %YAML line"),
]


def _braced_text(text: str, at: int) -> tuple[str, str] | None:
    """(the key with its ': ', the value) when the error is text after a closing '}' or ']' of a
    value that began with '{' or '[' on the same line (`prompt: {cur:seat} to move`)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : len(text) if end < 0 else end]
    before = text[start:at].rstrip()
    if not before.endswith(("}", "]")) or at >= len(text) or text[at].isspace() or text[at] in "#,}]":
        return None
    found = re.match(r"(\s*(?:- )?[^\s:#'\"{}\[\]]+: )([{\[].*)$", line)
    if found is None:
        return None
    return found.group(1).lstrip(), found.group(2).split(" #")[0].rstrip()


def translate_error(err: MarkedYAMLError, source: SourceText, anchors: list[str]) -> Diagnostic:
    """A PyYAML error as a diagnostic in plain words, at the problem's position."""
    mark = err.problem_mark or err.context_mark
    problem = err.problem or err.context or "invalid YAML"
    if problem.startswith("found unexpected end of stream") and err.context_mark is not None:
        mark = err.context_mark  # point at the opening quote, not past the end of the file
    span = source.span(min(mark.index, len(source.text))) if mark else None
    line = err.context_mark.line + 1 if err.context_mark else None
    if problem == "found character '\\t' that cannot start any token" and mark:
        return Diagnostic(_tab_message(source.text, mark.index), span, "YAML indents and separates with spaces only")
    undefined = re.fullmatch(r"found undefined alias '(.+)'", problem)
    if undefined:
        name = undefined.group(1)
        hint = did_you_mean(name, anchors) or f"define the anchor '&{name}' on a value before using '*{name}'"
        return Diagnostic(f"unknown alias '*{name}'", span, hint)
    said = f"{problem}\n{err.context or ''}"
    quote = source.text[mark.index - 1] if mark is not None and 0 < mark.index <= len(source.text) else ""
    if quote and quote in "\"'" and mark is not None and not source.text[mark.index : mark.index + 1].isspace():
        # "Turn {turn_no + "1"}": the inner quote closed the text, and the rest of it follows
        return Diagnostic(
            "the quoted text ends here, but more of it follows on this line",
            span,
            'a double quote inside double-quoted text ends it: use single quotes inside it, or write \\"'
            if quote == '"'
            else "a single quote inside single-quoted text ends it: write it twice ('')",
        )
    braced = _braced_text(source.text, mark.index) if mark is not None else None
    if braced is not None:  # prompt: {who:seat} to move: YAML read "{who:seat}" as a mapping
        key, value = braced
        return Diagnostic(
            f"a value that starts with '{value[0]}' is read as a YAML {'mapping' if value[0] == '{' else 'list'}, "
            "and more text follows it",
            span,
            f'put the whole text in quotes: {key}"{value}"',
        )
    for pattern, message, advice in _WORDS:
        found = re.search(pattern, said)
        if found:
            groups = found.groups()
            words = {"line": line, "t0": _TOKENS.get(groups[0], f"'{groups[0]}'") if groups else ""}
            return Diagnostic(message.format(*groups, **words), span, advice and advice.format(*groups, **words))
    context = f"{err.context} that starts at line {line}" if err.context and line else err.context
    return Diagnostic(problem, span, context)


def _tab_message(text: str, index: int) -> str:
    """Tabs are errors; say whether this one is indentation."""
    line_start = max(text.rfind(c, 0, index) for c in BREAKS) + 1
    if not text[line_start:index].strip(" \t"):
        return "tab characters are not allowed for indentation; use spaces"
    return "a tab character is not allowed here; use spaces"
