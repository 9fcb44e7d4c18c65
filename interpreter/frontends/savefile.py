"""Save files of games at the prompt: where they go, and reading one back with every field checked."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

SAVE_FORMAT = "cardrules-save/1"


class SaveFileError(ValueError):
    """A save file that cannot be resumed; the message says why."""


def default_save_path(ruleset_id: str) -> Path:
    base = os.environ.get("CARDRULES_SAVE_DIR")
    if base:
        folder = Path(base)
    else:
        folder = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "cardrules" / "saves"
    return folder / f"{ruleset_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def read_save(path: str | Path) -> dict:
    """The contents of a save file, checked for shape; raises SaveFileError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"no save file at {path}") from None
    except IsADirectoryError:
        raise SaveFileError(f"{path} is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is damaged or truncated (not valid JSON at line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        fmt = data.get("format") if isinstance(data, dict) else None
        raise SaveFileError(f"{path} is not a cardrules save of format {SAVE_FORMAT} (found {fmt!r})")
    for key, kind in (("ruleset", str), ("seat", int), ("agents", str), ("seed", int), ("state", dict)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveFileError(f"{path} is damaged: '{key}' is missing or wrong")
    if not isinstance(data.get("options", {}), dict):
        raise SaveFileError(f"{path} is damaged: 'options' is wrong")
    for key, kind in (("lang", str), ("game_number", int), ("shown", int), ("log", str)):
        value = data.get(key)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            raise SaveFileError(f"{path} is damaged: '{key}' is wrong")
    return data
