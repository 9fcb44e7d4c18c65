"""Wheel build hook: compiles the translation catalogs (.po) into .mo files beside them.

The program reads a catalog's .mo when the wheel has one (the standard library reads it in
about a millisecond) and otherwise the .po itself with Babel (a source checkout: slower to
start, no step to forget).  Editable installs are left alone, so they always read the .po.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        self._out = Path(tempfile.mkdtemp(prefix="cardrules-mo-"))
        for po in sorted((root / "interpreter" / "base" / "locale").glob("*/LC_MESSAGES/*.po")):
            lang = po.parent.parent.name
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang)
            mo = self._out / f"{lang}.mo"
            with mo.open("wb") as f:
                write_mo(f, catalog)
            build_data["force_include"][str(mo)] = str(po.relative_to(root).with_suffix(".mo"))

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
