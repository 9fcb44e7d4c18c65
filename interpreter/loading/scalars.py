"""Scalars as we read them: YAML 1.2 core, and the YAML 1.1 words that surprise authors."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

# ---------------------------------------------------------------- scalars


_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL_FLOATS = {
    f"{sign}.{word}": float(f"{sign}inf") for sign in ("", "+", "-") for word in ("inf", "Inf", "INF")
} | {f".{w}": math.nan for w in ("nan", "NaN", "NAN")}
_YAML11_BOOLS = frozenset({"yes", "no", "on", "off", "y", "n"})
_YAML11_INT = re.compile(r"[-+]?0[0-9_]+|[-+]?[0-9][0-9_]*_[0-9_]*")


def core_scalar(text: str) -> Any:
    """YAML 1.2 core schema for a plain scalar: None, bool, int, float, or the text itself."""
    if text in _NULLS:
        return None
    if text in _BOOLS:
        return _BOOLS[text]
    if len(text) > 64 and (_INT.fullmatch(text) or _FLOAT.fullmatch(text)):
        return text  # a number this long is a mistake: it stays text, and the schema says so
    try:
        if _INT.fullmatch(text):
            return int(text, 0) if text[:2] in ("0o", "0x") else int(text)
        if _FLOAT.fullmatch(text) and any(c in text for c in ".eE"):
            return float(text)
    except ValueError:  # more digits than Python converts; it stays text
        return text
    return _SPECIAL_FLOATS.get(text, text)


def yaml11_bool_word(value: object) -> bool:
    """True for words YAML 1.1 read as booleans but we keep as text (yes, no, on, off, y, n)."""
    return isinstance(value, str) and value.lower() in _YAML11_BOOLS


def yaml11_hint(value: object, wanted: Sequence[str] = ("boolean", "integer")) -> str | None:
    """A hint for a string that an older YAML reader would have taken as a boolean or number, where
    one of the `wanted` JSON Schema types was expected (a word like `n` is no hint for a number)."""
    if yaml11_bool_word(value) and "boolean" in wanted:
        return "write true or false: words like 'yes' and 'on' are text in the YAML we read"
    if isinstance(value, str) and _YAML11_INT.fullmatch(value) and ("integer" in wanted or "number" in wanted):
        digits = value.replace("_", "")
        return f"write {int(digits)}: a number with a leading zero or '_' is text in the YAML we read"
    return None
