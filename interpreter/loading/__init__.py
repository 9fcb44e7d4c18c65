"""Loading: a ruleset file -> a located tree (YAML with positions), `extends` merged.

May import: base.
"""

from __future__ import annotations

from interpreter.loading.document import Document, load_document, parse_bytes, parse_text
from interpreter.loading.located import LocDict, LocList, LocStr, SourceText, key_span_of, span_of
from interpreter.loading.scalars import yaml11_bool_word, yaml11_hint

__all__ = [
    "Document",
    "LocDict",
    "LocList",
    "LocStr",
    "SourceText",
    "key_span_of",
    "load_document",
    "parse_bytes",
    "parse_text",
    "span_of",
    "yaml11_bool_word",
    "yaml11_hint",
]
