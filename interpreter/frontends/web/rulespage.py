"""A game's rules page as HTML: the page `cardrules rules` writes (Markdown), in the reader's
language, turned into HTML by the little Markdown it uses (headings, paragraphs, nested lists,
`code` and **strong**)."""

from __future__ import annotations

import html
import re
from typing import Any

from interpreter.base.i18n import is_rtl, use_language

_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*")


def inline(text: str) -> str:
    out, at = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[at : m.start()]))
        out.append(
            f"<code>{html.escape(m.group(1))}</code>" if m.group(1) else f"<strong>{html.escape(m.group(2))}</strong>"
        )
        at = m.end()
    out.append(html.escape(text[at:]))
    return "".join(out)


def markdown(text: str) -> str:
    """The Markdown of a rules page as HTML."""
    out: list[str] = []
    depth: list[int] = []  # indents of the open lists
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(indent: int = -1) -> None:
        while depth and depth[-1] > indent:
            depth.pop()
            out.append("</li></ul>")

    for line in text.splitlines():
        stripped = line.strip()
        item = re.match(r"(\s*)[-*] (.*)", line)
        if not stripped:
            flush()
            continue
        if stripped.startswith("#"):
            flush()
            close_lists()
            level = min(len(stripped) - len(stripped.lstrip("#")), 4)
            out.append(f"<h{level}>{inline(stripped.lstrip('#').strip())}</h{level}>")
        elif item:
            flush()
            indent = len(item.group(1))
            if depth and indent == depth[-1]:
                out.append("</li><li>")
            elif not depth or indent > depth[-1]:
                depth.append(indent)
                out.append("<ul><li>")
            else:
                close_lists(indent)
                out.append("</li><li>" if depth else "<ul><li>")
                if not depth:
                    depth.append(indent)
            out.append(inline(item.group(2)))
        elif depth:
            out.append(" " + inline(stripped))
        else:
            para.append(stripped)
    flush()
    close_lists()
    return "\n".join(out)


def rules_html(rs: Any, lang: str) -> str:
    from interpreter.text.rules_page import render_rules

    with use_language(lang):
        body = markdown(render_rules(rs.model, lang, "md", rs))
        direction = "rtl" if is_rtl() else "ltr"
    title = html.escape(rs.name.get(lang) if hasattr(rs.name, "get") else str(rs.name))
    return (
        f'<!doctype html><html lang="{html.escape(lang)}" dir="{direction}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title}</title><link rel="stylesheet" href="/static/table.css"></head>'
        f'<body class="rules-page"><main class="rules">{body}</main></body></html>'
    )
