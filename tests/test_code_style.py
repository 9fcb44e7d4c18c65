"""The tree is lint-clean, formatted and type-checked: the checks CI runs, run by the test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_passes():
    out = _run("ruff", "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_check_passes():
    out = _run("ruff", "format", "--check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_passes_on_the_package():
    out = _run("mypy")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr
