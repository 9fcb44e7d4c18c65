"""The server's tables and rulesets: the lobby's list of games, new tables, tables brought back
from their saves when the server starts, and saves of the prompt taken to the browser.

Every browser table is a save in the prompt's folder (`saves_folder()`), with a small file beside
it that holds the table's id and its seats' join tokens; a save without one is a game of the
prompt, which the lobby offers to resume.  The server holds each table's save with the prompt's
lock, so a table cannot be played at the prompt and in the browser at once.
"""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

from interpreter.base.i18n import N_
from interpreter.base.records import dataclass
from interpreter.frontends.locks import FileBusy
from interpreter.frontends.savefile import SaveFileError, default_save_path, saves_folder
from interpreter.frontends.web.tables import (
    Refused,
    Table,
    failed_in_play,
    new_token,
    read_sidecar,
    restore,
    sidecar_path,
)
from interpreter.frontends.web.view import image_ref

MAX_TABLES = 500  # tables one server holds
LEVELS = ("easy", "normal", "hard", "random", "greedy", "ismcts")  # offered when the agent specs know them


@dataclass
class Game:
    """A ruleset the lobby offers: a shipped one or a file named on the command line."""

    key: str
    path: str


def shipped_games() -> list[Game]:
    from interpreter.base.resources import data_dir

    try:
        base = data_dir("rulesets")
    except FileNotFoundError:
        return []
    found = sorted(base.glob("*.yaml")) + sorted((base / "variants").glob("*.yaml"))
    return [Game(p.relative_to(base).with_suffix("").as_posix(), str(p)) for p in found]


def level_specs() -> dict[str, str]:
    """The AI levels offered, by name, each with the agent spec a table saves (which `cardrules play
    --resume` reads again): the levels of the agents (easy, normal, hard), then the agents."""
    from interpreter.agents.spec import AgentSpecError, parse_agent_spec

    out: dict[str, str] = {}
    for name in LEVELS:
        try:
            parse_agent_spec(name)
        except AgentSpecError:
            continue
        out[name] = name
    return out


def levels() -> list[str]:
    """The AI levels this installation knows, in the order above."""
    return list(level_specs())


class Store:
    """Every table of one server, and the rulesets it has compiled."""

    def __init__(self, games: list[Game], folder: Path | None = None):
        self.games = {g.key: g for g in games}
        self.folder = folder or saves_folder()
        self.tables: dict[str, Table] = {}
        self._rulesets: dict[tuple[str, int | None], Any] = {}  # (path, number of players) -> Ruleset
        self.images: dict[str, Any] = {}  # image_ref -> the CardImages of a loaded ruleset
        self._lock = threading.Lock()
        self.problems: list[str] = []  # tables that could not be brought back, and why

    # ----- rulesets ----------------------------------------------------------------------------
    def ruleset(self, path: str, players: int | None = None) -> Any:
        """The ruleset at `path` compiled for `players` seats (None: its players.count), compiled once."""
        import interpreter

        key = (path, players)
        with self._lock:
            rs = self._rulesets.get(key)
        if rs is None:
            rs = interpreter.load(path, players=players)
            with self._lock:
                rs = self._rulesets.setdefault(key, rs)
                if rs.images is not None:
                    self.images[image_ref(rs)] = rs.images
        return rs

    def image(self, ref: str, name: str) -> tuple[str, str] | None:
        """The file and content type an image address names (`{ref}/{n}.{type}`, view.image_urls):
        only files a loaded ruleset's display.images named; None for anything else."""
        images = self.images.get(ref) if isinstance(ref, str) else None
        stem, dot, suffix = name.partition(".") if isinstance(name, str) else ("", "", "")
        if images is None or not dot or not stem.isdigit() or len(stem) > 6 or int(stem) >= len(images.files):
            return None
        n = int(stem)
        if Path(images.files[n]).suffix.lower() != "." + suffix:
            return None
        return images.files[n], images.content_type(n)

    def game(self, key: str) -> tuple[Game, Any]:
        game = self.games.get(key) if isinstance(key, str) else None
        if game is None:
            raise Refused("bad", N_("there is no such game"))
        return game, self.ruleset(game.path)

    def key_of(self, path: str) -> str | None:
        """The lobby's name of a ruleset file (for its rules page)."""
        here = Path(path).resolve()
        return next((k for k, g in self.games.items() if Path(g.path).resolve() == here), None)

    # ----- tables ------------------------------------------------------------------------------
    def table(self, table_id: str, token: str) -> tuple[Table, int]:
        """The table and seat a join link opens; Refused('token') for anything else."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        seat = table.seat_of(token) if table is not None else None
        if table is None or seat is None:
            raise Refused("token", N_("this link does not open a seat at any table"))
        return table, seat

    def create(
        self, key: str, seats: list[str], level: str, options: dict, seed: int | None, lang: str
    ) -> tuple[Table, dict[int, str]]:
        """A new table: `seats` says, per seat, `me`, `person` (a friend) or `ai`."""
        from interpreter.agents.spec import AgentSpecError
        from interpreter.base.diagnostics import RulesetError
        from interpreter.engine.program import FlowError

        game, rs = self.game(key)
        if len(self.tables) >= MAX_TABLES:
            raise Refused("full", N_("this server holds as many tables as it can"))
        if (
            not isinstance(seats, list)
            or len(seats) not in (rs.model.players.choices or (rs.num_players,))
            or any(s not in ("me", "person", "ai") for s in seats)
        ):
            raise Refused("bad", N_("say for every seat who plays it"))
        if len(seats) != rs.num_players:  # another of the ruleset's players.choices
            try:
                rs = self.ruleset(game.path, len(seats))
            except RulesetError as exc:  # the file compiles for its players.count only
                raise Refused("bad", str(exc)) from None
        if seats.count("me") != 1:
            raise Refused("bad", N_("take exactly one seat yourself"))
        specs = level_specs()
        if not isinstance(level, str) or level not in specs:
            raise Refused("bad", N_("there is no such AI level"))
        try:
            values = rs.check_options(options)
        except (ValueError, TypeError) as exc:
            raise Refused("bad", str(exc)) from None
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        tokens = {s: new_token() for s, who in enumerate(seats) if who != "ai"}
        try:
            table = Table(
                id=secrets.token_urlsafe(9),
                rs=rs,
                ruleset_path=game.path,
                seed=seed,
                options={k: options[k] for k in options if k in values},
                agent_specs=[specs[level]] * rs.num_players,
                tokens=tokens,
                save_path=default_save_path(rs.id),
                lang=lang,
            )
        except AgentSpecError as exc:
            raise Refused("bad", str(exc)) from None
        except FlowError as exc:  # the ruleset fails dealing its first deal
            raise failed_in_play(exc) from None
        self._hold(table)
        table.save()
        self.tables[table.id] = table
        return table, {s: tokens[s] for s, who in enumerate(seats) if who != "ai"}

    def _hold(self, table: Table) -> None:
        from interpreter.frontends.locks import FileLock

        table.file_lock = FileLock(table.save_path).acquire()

    def restore_all(self) -> None:
        """Bring back every browser table saved in the folder (those open elsewhere are skipped)."""
        for save in sorted(self.folder.glob("*.json")):
            side = read_sidecar(save)
            if side is None or side["table"] in self.tables:
                continue
            try:
                table = restore(save, self.ruleset, side["tokens"], side["table"])
            except (SaveFileError, FileBusy, OSError, ValueError) as exc:
                self.problems.append(f"{save.name}: {exc}")
                continue
            except Exception as exc:  # a ruleset that no longer loads: the save stays for later
                self.problems.append(f"{save.name}: {exc.__class__.__name__}")
                continue
            self.tables[table.id] = table

    def prompt_saves(self) -> list[dict]:
        """Saves of the prompt (no table beside them), newest first: name, game, date."""
        import time

        out: list[tuple[float, dict]] = []
        for save in self.folder.glob("*.json"):
            if sidecar_path(save).exists() or any(t.save_path == save for t in self.tables.values()):
                continue
            try:
                stamp = save.stat().st_mtime
            except OSError:
                continue
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
            out.append((stamp, {"name": save.name, "game": save.name.split("-")[0], "date": when}))
        out.sort(key=lambda pair: -pair[0])
        return [entry for _stamp, entry in out[:50]]

    def resume(self, name: str) -> tuple[Table, str]:
        """A prompt's save taken to the browser: a table whose person is the save's seat."""
        if (
            not isinstance(name, str)
            or "/" in name
            or "\\" in name
            or not name.endswith(".json")
            or name.startswith(".")
        ):
            raise Refused("bad", N_("there is no such save"))
        save = self.folder / name
        try:
            found = save.is_file()
        except OSError:  # a name the file system refuses (too long, say)
            found = False
        if not found:
            raise Refused("bad", N_("there is no such save"))
        try:
            table = restore(save, self.ruleset)
        except (SaveFileError, FileBusy) as exc:
            raise Refused("bad", str(exc)) from None
        table.write_sidecar()
        self.tables[table.id] = table
        seat = min(table.tokens)
        return table, table.tokens[seat]

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
