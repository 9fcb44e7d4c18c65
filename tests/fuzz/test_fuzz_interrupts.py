"""Real Ctrl-C, once or twice a few milliseconds apart, at random moments of a real `cardrules play`.

Whatever the moment: no traceback and no "Exception ignored"; exit 130 (or 0 when the game
had already stopped on its own); once the game has begun, the save is written and the command
that resumes it is printed, and the save resumes.  Found by the independent run of issue 20
(P1-P3): tracebacks at start-up and exit, and 6 of 101 double interrupts that lost the game.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

BANNER = "Type 'help' for commands."


def one_run(folder: Path, rng: random.Random) -> str:
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(folder), "NO_COLOR": "1"}
    game = rng.choice(["duzihu", "hachinin_meri"])
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "play", game, "--agents", "random", "--seed", str(rng.randrange(99))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    try:
        proc.stdin.write("1\n" * rng.choice([0, 3, 40]))
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    time.sleep(rng.uniform(0.03, 0.8))
    proc.send_signal(signal.SIGINT)
    if rng.random() < 0.7:
        time.sleep(rng.uniform(0, 0.005))
        try:
            proc.send_signal(signal.SIGINT)
        except ProcessLookupError:
            pass
    out, _ = proc.communicate(timeout=60)
    if "Traceback" in out and "interpreter/frontends" not in out:  # before our first line ran: Python's own start
        return "while Python itself started"
    if proc.returncode == -signal.SIGINT and not out:  # before Python had its own handler (a loaded machine)
        return "while Python itself started"
    assert "Traceback" not in out and "Exception ignored" not in out, out[-2000:]
    assert proc.returncode in (0, 130), (proc.returncode, out[-800:])
    if BANNER not in out:
        return "before the game"
    assert "game saved" in out and "cardrules play --resume" in out, out[-800:]
    save = re.search(r"--resume (\S+)", out).group(1).strip("'")
    again = subprocess.run(
        [sys.executable, "-m", "interpreter", "play", "--resume", save],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert again.returncode == 0, again.stdout[-800:] + again.stderr[-800:]
    return "saved"


def _runs(tmp_path: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(n):
        folder = tmp_path / f"run{i}"
        folder.mkdir()
        one_run(folder, rng)


def test_double_interrupts_at_random_moments_lose_nothing(tmp_path: Path) -> None:
    _runs(tmp_path, 6, 20)


@pytest.mark.slow
def test_double_interrupts_at_random_moments_lose_nothing_long(tmp_path: Path) -> None:
    _runs(tmp_path, 100, 21)
