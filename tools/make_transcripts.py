"""Write the golden transcripts of tests/transcripts/ again, after a reviewed change to what players see.

    python tools/make_transcripts.py

Then review `git diff tests/transcripts/` and commit the transcripts with the change.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden import write_all  # noqa: E402


def main() -> int:
    for path in write_all():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
