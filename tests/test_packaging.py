"""The built wheel carries grammar/, rulesets/ and the translation catalogs, and works outside
the checkout (in Japanese too, with no compile step).

Slow (builds a wheel and a virtual environment): run with `pytest -m slow`.
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_finds_its_data(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(ROOT)], check=True, capture_output=True
    )
    wheel = next(dist.glob("cardrules-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--force-reinstall", str(wheel)], check=True, capture_output=True
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    exe = env_dir / "bin" / "cardrules"
    out = subprocess.run([str(exe), "schema"], cwd=work, capture_output=True, text=True)
    assert out.returncode == 0 and '"title": "cardrules ruleset"' in out.stdout
    where = subprocess.run(
        [
            str(py),
            "-c",
            "import interpreter, interpreter.base.resources as r; "
            "print(interpreter.__file__); print(r.data_dir('rulesets'))",
        ],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(ROOT) not in where, where
    played = subprocess.run(
        [str(exe), "play", "duzihu", "--agents", "random", "--seed", "1"],
        cwd=work,
        input="",
        capture_output=True,
        text=True,
        env={"CARDRULES_SAVE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert played.returncode == 0, played.stderr
    assert "game saved" in played.stdout
    with_catalogs = subprocess.run(
        [str(py), "-m", "zipfile", "-l", str(wheel)], capture_output=True, text=True, check=True
    ).stdout
    assert "interpreter/base/locale/ja/LC_MESSAGES/cardrules.po" in with_catalogs
    assert "interpreter/base/locale/ja/LC_MESSAGES/cardrules.mo" in with_catalogs  # compiled when built
    japanese = subprocess.run(
        [str(exe), "play", "hachinin_meri", "--lang", "ja", "--agents", "random", "--seed", "1"],
        cwd=work,
        input="",
        capture_output=True,
        text=True,
        env={"CARDRULES_SAVE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"},
    )
    assert japanese.returncode == 0, japanese.stderr
    assert "八人メリ" in japanese.stdout
    helped = subprocess.run(
        [str(exe), "play", "--help"],
        cwd=work,
        capture_output=True,
        text=True,
        env={"LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"},
    )
    assert helped.returncode == 0 and "使い方:" in helped.stdout, helped.stderr
