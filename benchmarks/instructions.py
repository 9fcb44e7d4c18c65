"""Instructions per random deal, counted by valgrind's callgrind: a figure that does not depend on
what else the machine is doing (the same binary and inputs give the same count).

    python benchmarks/instructions.py [rulesets/hachinin_meri.yaml ... | handwritten] [--deals N]

Runs the same random play (seeds 0..N-1, uniformly random legal actions) for N and 2N
deals under callgrind and prints (count(2N) - count(N)) / N: loading, compiling and
start-up cancel out.  Strings hash alike in every run (PYTHONHASHSEED=0), so the count
repeats.  `handwritten` counts benchmarks/meri_handwritten.py's deals.
Needs `valgrind` on the PATH (Debian: apt-get install valgrind).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import _cli  # noqa: E402

PLAY = """
import random, sys
sys.path.insert(0, {root!r})
import interpreter
rs = interpreter.load({path!r})
options = {{"deals": 1}} if "deals" in rs.options else {{}}
for seed in range({deals}):
    st = rs.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[0] if len(legal) == 1 else rng.choice(legal))
"""


HANDWRITTEN = """
import sys
sys.path.insert(0, {here!r})
import meri_handwritten
meri_handwritten.random_deals({deals})
"""


class Failed(Exception):
    """The run under valgrind went wrong; the message says how, on one line."""


def count(path: str, deals: int) -> int:
    if path == "handwritten":
        code = HANDWRITTEN.format(here=str(ROOT / "benchmarks"), deals=deals)
    else:
        code = PLAY.format(root=str(ROOT), path=path, deals=deals)
    return callgrind([sys.executable, "-c", code], f"{deals} deals of {Path(path).stem}")


def callgrind(argv: list[str], what: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> int:
    """The instructions one run of `argv` executes under callgrind (string hashes fixed, so the
    count repeats run after run); raises Failed naming `what` and the reason."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**(os.environ if env is None else env), "PYTHONHASHSEED": "0"},
    )
    if out.returncode != 0:
        raise Failed(f"{what} under valgrind exited with status {out.returncode}: {tail(out.stderr)}")
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise Failed(f"callgrind printed no count: {tail(out.stderr)}")
    return int(found.group(1))


def tail(stderr: str) -> str:
    """The last line the child itself wrote (a Python error's last line), else valgrind's last one."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    own = [line for line in lines if not re.match(r"==\d+==", line)]
    return (own or lines or ["(nothing on stderr)"])[-1]


def main() -> int:
    ap = _cli.parser(__doc__)
    ap.add_argument(
        "rulesets",
        nargs="*",
        metavar="RULESET",
        help="ruleset files or shipped games, or `handwritten` (default: both games)",
    )
    ap.add_argument(
        "--deals", type=_cli.whole(1), default=20, metavar="N", help="deals N (and 2N) to count (default 20)"
    )
    args = ap.parse_intermixed_args()
    deals = args.deals
    paths = [p if p == "handwritten" else _cli.ruleset_path(ap, p) for p in args.rulesets]
    paths = paths or [str(ROOT / "rulesets" / "hachinin_meri.yaml"), str(ROOT / "rulesets" / "duzihu.yaml")]
    for path in paths:  # each must load here before it is counted under valgrind
        if path != "handwritten":
            _cli.load(path)
    if shutil.which("valgrind") is None:
        _cli.fail(ap, "valgrind is not on the PATH (Debian: apt-get install valgrind)")
    for path in paths:
        try:
            per_deal = (count(path, 2 * deals) - count(path, deals)) / deals
        except Failed as exc:
            _cli.fail(ap, str(exc))
        print(f"{Path(path).stem}: {per_deal / 1e6:.2f} M instructions per random deal ({deals} deals)")
    return 0


if __name__ == "__main__":
    _cli.run(main)
