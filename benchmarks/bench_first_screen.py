"""How long a person waits for the prompt's first screen, with the default AI.

    python benchmarks/bench_first_screen.py [runs]

Starts `cardrules play RULESET --seat S --seed N` (default agents: the
`normal` level) in a fresh process for both shipped games, several seats
and seeds, and times from the start of the process to the first line that
shows the person's hand (the table).  Prints the median and maximum
wall-clock seconds per game, and how often the deal was opened by an AI
seat (then the table comes before any AI thinks).  Wall-clock, because that
is what the person waits for; run it on a quiet machine.
"""

from __future__ import annotations

import os
import selectors
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _cli  # noqa: E402

GAMES = {"hachinin_meri": 8, "duzihu": 3}


def first_screen(game: str, seat: int, seed: int, save: Path) -> tuple[float, bool]:
    """Seconds until the hand is shown, and whether an AI seat opened the deal."""
    cmd = [sys.executable, "-m", "interpreter", "play", game, "--seat", str(seat), "--seed", str(seed)]
    cmd += ["--save", str(save), "--lang", "en"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    os.set_blocking(proc.stdout.fileno(), False)
    picker = selectors.DefaultSelector()
    picker.register(proc.stdout, selectors.EVENT_READ)
    seen = b""
    try:
        while time.perf_counter() - start < 60:
            picker.select(timeout=0.01)
            seen += proc.stdout.read() or b""
            if b"Your hand (" in seen:
                return time.perf_counter() - start, b"plays next; the AI seats" in seen
            if proc.poll() is not None:
                break
        raise RuntimeError(f"{game}: no table within 60 s:\n{seen.decode(errors='replace')[-2000:]}")
    finally:
        proc.kill()
        proc.wait()


def main() -> None:
    ap = _cli.parser(__doc__)
    ap.add_argument("runs", nargs="?", type=_cli.whole(1), default=3, help="seeds per game and seat (default 3)")
    runs = ap.parse_args().runs
    save = Path(os.environ.get("TMPDIR", "/tmp")) / "cardrules-bench-first-screen.json"
    for game, seats in GAMES.items():
        times, opened = [], 0
        for seed in range(1, runs + 1):
            for seat in range(0, seats, max(1, seats // 3)):
                seconds, by_ai = first_screen(game, seat, seed, save)
                times.append(seconds)
                opened += by_ai
        print(
            f"{game:<15} first screen: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"over {len(times)} starts ({opened} opened by an AI seat)"
        )
    save.unlink(missing_ok=True)


if __name__ == "__main__":
    _cli.run(main)
