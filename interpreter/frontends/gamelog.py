"""Game logs as JSON Lines: header, deck orders, actions, results (DESIGN, logs).

A log is written while a game is played or simulated and can be replayed
(`cardrules replay LOG --check`): the recorded deck orders are forced into a
new game, the recorded actions applied, and the recorded results compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from interpreter import __version__

FORMAT = "cardrules-log/1"


class LogError(ValueError):
    """A log that cannot be read or replayed; the message names the line."""


def _typed_options(rs: Any, options: dict) -> dict:
    """Options as the game used them (`deals=1` from the command line is the number 1)."""
    try:
        return rs.check_options(options)
    except ValueError:  # the game itself refuses them; the header keeps what was given
        return dict(options)


class LogWriter:
    """Appends one game's events to a JSONL stream as the game advances."""

    def __init__(
        self, stream: IO[str], rs: Any, ruleset_path: str, seed: int, agents: list[str], options: dict | None = None
    ):
        self.stream, self.rs = stream, rs
        self._shuffles = 0
        self._records = 0
        self._write(
            {
                "type": "header",
                "format": FORMAT,
                "version": __version__,
                "ruleset": ruleset_path,
                "ruleset_id": rs.id,
                "sha256": rs.source_sha256,
                "seed": seed,
                "agents": agents,
                "options": _typed_options(rs, options or {}),
            }
        )

    def _write(self, obj: dict) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.stream.flush()

    def sync(self, st: Any) -> None:
        """Write the deck orders and results the state produced since the last call."""
        ids = self.rs.cards.ids
        for z, order in st.shuffles[self._shuffles :]:
            self._write({"type": "deck", "zone": self.rs.zone_label(z), "order": [ids[c] for c in order]})
        self._shuffles = len(st.shuffles)
        for values in st.records[self._records :]:
            self._write({"type": "result", "values": values})
        self._records = len(st.records)

    def action(self, seat: int, text: str, st: Any) -> None:
        self._write({"type": "action", "seat": seat, "action": text})
        self.sync(st)

    def end(self, st: Any) -> None:
        self.sync(st)
        self._write({"type": "end", "returns": st.returns()})

    def failed(self, message: str) -> None:
        """The game stopped because the ruleset failed (replay shows the same failure)."""
        self._write({"type": "failed", "error": message})


def read_log(path: str | Path) -> list[dict]:
    """The games of a log file, each {header, decks, actions, results, end}."""
    games: list[dict] = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"cannot read log {path}: {exc}") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{n}: not a JSON line ({exc.msg})") from None
        kind = obj.get("type") if isinstance(obj, dict) else None
        if kind == "header":
            if obj.get("format") != FORMAT:
                raise LogError(f"{path}:{n}: log format {obj.get('format')!r}, this version reads {FORMAT!r}")
            games.append({"header": obj, "decks": [], "actions": [], "results": [], "end": None, "line": n})
            continue
        if not games:
            raise LogError(f"{path}:{n}: the log does not start with a header line")
        game = games[-1]
        if kind == "deck":
            game["decks"].append((n, obj.get("order")))
        elif kind == "action":
            game["actions"].append((n, obj.get("seat"), obj.get("action")))
        elif kind == "result":
            game["results"].append((n, obj.get("values")))
        elif kind == "end":
            game["end"] = (n, obj.get("returns"))
        else:
            raise LogError(f"{path}:{n}: unknown line type {kind!r}")
    if not games:
        raise LogError(f"{path}: the log holds no game")
    return games
