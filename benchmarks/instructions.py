"""Instructions per random deal, counted by valgrind's callgrind: a figure that does not depend on
what else the machine is doing (the same binary and inputs give the same count).

    python benchmarks/instructions.py [rulesets/hachinin_meri.yaml ... | handwritten] [--deals N]

Runs the same random play (seeds 0..N-1, uniformly random legal actions) for N and 2N
deals under callgrind and prints (count(2N) - count(N)) / N: loading, compiling and
start-up cancel out.  `handwritten` counts benchmarks/meri_handwritten.py's deals.
Needs `valgrind` on the PATH (Debian: apt-get install valgrind).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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


def count(path: str, deals: int) -> int:
    if path == "handwritten":
        code = HANDWRITTEN.format(here=str(ROOT / "benchmarks"), deals=deals)
    else:
        code = PLAY.format(root=str(ROOT), path=path, deals=deals)
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    args = sys.argv[1:]
    deals = 20
    if "--deals" in args:
        at = args.index("--deals")
        deals = int(args[at + 1])
        del args[at : at + 2]
    paths = args or [str(ROOT / "rulesets" / "hachinin_meri.yaml"), str(ROOT / "rulesets" / "duzihu.yaml")]
    for path in paths:
        per_deal = (count(path, 2 * deals) - count(path, deals)) / deals
        print(f"{Path(path).stem}: {per_deal / 1e6:.2f} M instructions per random deal ({deals} deals)")


if __name__ == "__main__":
    main()
