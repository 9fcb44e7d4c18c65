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
from interpreter.base.i18n import _
from interpreter.frontends.locks import Guarded, write_atomic

FORMAT = "cardrules-log/1"


class LogError(ValueError):
    """A log that cannot be read or replayed; the message names the line."""


def _typed_options(rs: Any, options: dict) -> dict:
    """Options as the game used them: every option, its default where none was given (`deals=1`
    from the command line is the number 1)."""
    try:
        given = rs.check_options(options)
    except ValueError:  # the game itself refuses them; the header keeps what was given
        return dict(options)
    return {name: given.get(name, option.default) for name, option in rs.options.items()}


class LogWriter:
    """Appends one game's events to a JSONL stream as the game advances."""

    def __init__(
        self,
        stream: IO[str] | Guarded,
        rs: Any,
        ruleset_path: str,
        seed: int,
        agents: list[str],
        options: dict | None = None,
        carried: dict | None = None,
    ):
        """`carried`: the values a game took from the one before (`next` at the prompt), by variable
        name, so that its replay starts where it started."""
        self.stream, self.rs = stream, rs
        self._shuffles = 0
        self._records = 0
        self.ended = False
        head = {
            "type": "header",
            "format": FORMAT,
            "version": __version__,
            "ruleset": ruleset_path,
            "ruleset_id": rs.id,
            "sha256": rs.source_sha256,
            "players": rs.num_players,
            "seed": seed,
            "agents": agents,
            "options": _typed_options(rs, options or {}),
        }
        if carried:
            head["carried"] = carried
        self._write(head)

    def _write(self, obj: dict) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.stream.flush()

    def sync(self, st: Any, before: int | None = None) -> None:
        """Write the results and deck orders the state produced since the last call, in the order
        they happened (a deal's result, then the next deal's deck: even when a deal passed without
        a decision); with `before`, only those made before decision number `before`."""
        ids = self.rs.cards.ids
        last = float("inf")
        items = [
            ((getattr(order, "at", last), i, 1), None, order)
            for i, order in enumerate(st.shuffles[self._shuffles :], self._shuffles)
        ] + [
            ((getattr(values, "at", last), getattr(values, "shuffles", last), 0), values, None)
            for values in st.records[self._records :]
        ]
        for key, values, order in sorted(items, key=lambda item: item[0]):
            if before is not None and key[0] >= before:
                break
            if order is not None:
                z, cards = order
                self._write({"type": "deck", "zone": self.rs.zone_label(z), "order": [ids[c] for c in cards]})
                self._shuffles += 1
            else:
                self._write({"type": "result", "values": values})
                self._records += 1

    def action(self, seat: int, text: str, st: Any) -> None:
        self._write({"type": "action", "seat": seat, "action": text})
        self.sync(st)

    def undo(self, st: Any) -> None:
        """Moves were taken back to the position `st` (known by its number of decisions); what the
        game does from there is written again (deck orders and results included)."""
        self._write({"type": "undo", "decisions": st.decisions})
        self._shuffles, self._records = len(st.shuffles), len(st.records)

    def end(self, st: Any) -> None:
        """The game's last line (written once, however often the end is shown)."""
        if self.ended:
            return
        self.sync(st)
        self._write({"type": "end", "returns": st.returns()})
        self.ended = True

    def replay_of(self, st: Any) -> None:
        """Every line of a game so far, from its state (a resumed game's log is written again from
        its save, so the log always holds exactly the saved game)."""
        from interpreter.engine.state import CLAIMED, PASS_KIND, PICK_KIND

        for k, (seat, kind, value, flag) in enumerate(st.history):
            self.sync(st, before=k + 1)  # the decks and results that came before this decision
            if seat < 0 or flag == CLAIMED:
                continue
            if kind == PICK_KIND:  # one value of a choice of several, as legal_actions() writes it
                text = self.rs.pick_text(value)
            else:
                text = "pass" if kind == PASS_KIND else self.rs.action_text(self.rs.actions[kind], value)
            self._write({"type": "action", "seat": seat, "action": text})
        self.sync(st)
        if st.is_terminal():
            self.end(st)

    def suspended(self, st: Any) -> None:
        """The game was saved before it ended: the log goes on (from its save) when it is resumed."""
        if not self.ended:
            self.sync(st)
            self._write({"type": "suspended"})

    def failed(self, message: str) -> None:
        """The game stopped because the ruleset failed (replay shows the same failure)."""
        self._write({"type": "failed", "error": message})


def open_game_section(path: str | Path, offset: int | None) -> tuple[IO[str], int]:
    """The log opened for appending one game's lines at `offset` (where that game's header is;
    None: at the end; -1: at the last header), everything from there on dropped first.  A line left half
    written by a program that was stopped is dropped too.  Returns the stream and the offset."""
    path = Path(path)
    data = path.read_bytes() if path.is_file() else b""
    whole = data[: data.rfind(b"\n") + 1]
    if offset is None:
        offset = len(whole)
    elif offset < 0:
        at = whole.rfind(b'\n{"type": "header"')
        offset = at + 1 if at >= 0 else (0 if whole.startswith(b'{"type": "header"') else len(whole))
    if offset > len(whole) or not whole[offset:].startswith(b'{"type": "header"'):
        offset = len(whole)
    if len(whole[:offset]) != len(data):
        write_atomic(path, whole[:offset])
    return open(path, "a", encoding="utf-8"), offset


MAX_LINE_BYTES = 16 * 1024 * 1024  # far more than any line a game writes (a deck order, an action)


def _lines(path: Path) -> list[str]:
    """The log's lines, read one at a time, each at most MAX_LINE_BYTES (a device or pipe that never
    ends a line is refused, not read into memory)."""
    lines: list[str] = []
    with path.open("rb") as handle:
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return lines
            if len(raw) > MAX_LINE_BYTES:
                n = len(lines) + 1
                raise LogError(f"{path}:{n}: " + _("a line longer than a cardrules log writes (over 16 MiB)"))
            lines.append(raw.decode("utf-8").rstrip("\r\n"))


def read_log(path: str | Path) -> list[dict]:
    """The games of a log file, each {header, decks, actions, results, end}."""
    games: list[dict] = []
    try:
        lines = _lines(Path(path))
    except UnicodeDecodeError:
        raise LogError(_("cannot read log {path}: it is not UTF-8 text", path=path)) from None
    except FileNotFoundError:
        raise LogError(_("cannot read log {path}: no such file", path=path)) from None
    except IsADirectoryError:
        raise LogError(_("cannot read log {path}: it is a folder, not a file", path=path)) from None
    except OSError as exc:
        raise LogError(_("cannot read log {path}: {error}", path=path, error=exc.strerror or exc)) from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{n}: " + _("not a JSON line ({error})", error=exc.msg)) from None
        kind = obj.get("type") if isinstance(obj, dict) else None
        if kind == "header":
            if obj.get("format") != FORMAT:
                raise LogError(
                    f"{path}:{n}: "
                    + _(
                        "log format {found}, this version reads {format}",
                        found=repr(obj.get("format")),
                        format=repr(FORMAT),
                    )
                )
            games.append(
                {
                    "header": obj,
                    "decks": [],
                    "actions": [],
                    "results": [],
                    "undos": [],
                    "end": None,
                    "failed": None,
                    "suspended": None,
                    "line": n,
                }
            )
            continue
        if not games:
            raise LogError(f"{path}:{n}: " + _("the log does not start with a header line"))
        game = games[-1]
        last = next(((k, game[k][0]) for k in ("end", "failed", "suspended") if game[k] is not None), None)
        if last is not None:
            raise LogError(
                f"{path}:{n}: "
                + _(
                    "a {kind} line after the game's {last} line ({where})", kind=repr(kind), last=last[0], where=last[1]
                )
            )
        if kind == "suspended":
            game["suspended"] = (n,)
        elif kind == "failed":
            game["failed"] = (n, obj.get("error"))
        elif kind == "deck":
            game["decks"].append((n, obj.get("order")))
        elif kind == "action":
            game["actions"].append((n, obj.get("seat"), obj.get("action")))
        elif kind == "result":
            game["results"].append((n, obj.get("values")))
        elif kind == "undo":
            game["undos"].append((n, obj.get("decisions")))
        elif kind == "end":
            game["end"] = (n, obj.get("returns"))
        else:
            raise LogError(f"{path}:{n}: " + _("unknown line type {kind}", kind=repr(kind)))
    if not games:
        raise LogError(f"{path}: " + _("the log holds no game"))
    return games
