"""The tables a server holds: one game each, its seats (people with join tokens, or agents), saved
after every move in the prompt's save format.

A table is changed only under its lock, by the worker threads of the server (never on the event
loop): a move is tried on a copy and kept once it went through, then written as a save, so a
refused move, a failing ruleset or a crash between two moves leaves the game as it was.  What a
person may do is checked here: the seat's token, that the seat is to act, the move's legality,
and the version of the view the move was chosen from (a move chosen from an old view is stale).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from interpreter.base.i18n import N_
from interpreter.base.records import dataclass, field
from interpreter.engine.program import FlowError
from interpreter.engine.state import PICK_KIND, IllegalAction, fresh_state
from interpreter.frontends.locks import FileLock, write_atomic
from interpreter.frontends.savefile import ruleset_fields, write_save

SIDECAR = ".web"  # beside a save: the table's id and its seats' join tokens (mode 0600)
MAX_UNDO_REPLAY = 200_000  # decisions replayed by one undo


class Refused(Exception):
    """A request that changes nothing; `code` says which kind (token, turn, stale, illegal, bad)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def failed_in_play(exc: FlowError) -> Refused:
    """The refusal that tells a table its ruleset failed during play (the game stays as it was)."""
    return Refused("failed", f"the ruleset failed during play: {exc}")


def new_token() -> str:
    """An unguessable join token (128 random bits)."""
    return secrets.token_urlsafe(16)


@dataclass(eq=False)
class Table:
    """One game at one table, with its seats."""

    id: str
    rs: Any
    ruleset_path: str
    seed: int
    options: dict
    agent_specs: list[str]  # one per seat; a person's seat keeps one for `cardrules play --resume`
    tokens: dict[int, str]  # the seats people take -> their join tokens
    save_path: Path
    lang: str = "en"
    game_number: int = 1
    state: Any = None
    agents: list = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    file_lock: FileLock | None = None
    moves: int = 0  # whole moves applied since the server took the table (the load test counts them)
    thinking: int | None = None  # the agent seat choosing now, if any
    stuck: tuple[int, str] | None = None  # (decisions, reason): an agent could not move there

    def mark_stuck(self, exc: Exception) -> None:
        """An agent failed to move at the current position: the view says why until the game changes."""
        with self.lock:
            reason = str(exc) if isinstance(exc, Refused) else N_("internal error")
            self.stuck = (self.state.decisions, reason)

    def stuck_reason(self) -> str | None:
        """Why the agent to act could not move, while the game is still where it failed."""
        stuck = self.stuck
        return stuck[1] if stuck is not None and stuck[0] == self.state.decisions else None

    def __post_init__(self) -> None:
        from interpreter.agents.spec import make_agents

        if not self.agents:
            self.agents = make_agents("/".join(self.agent_specs), self.rs, self.seed)
        if self.state is None:
            self.state = self.rs.new_game(seed=self.game_seed, options=self.options, story=True)

    # ----- who is who --------------------------------------------------------------------------
    @property
    def game_seed(self) -> int:
        return (self.seed + self.game_number - 1) & ((1 << 64) - 1)

    def seat_of(self, token: str) -> int | None:
        """The seat a join token opens, None for any other text (compared in constant time)."""
        found = None
        for seat, known in self.tokens.items():
            if isinstance(token, str) and secrets.compare_digest(known.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found

    def is_person(self, seat: int) -> bool:
        return seat in self.tokens

    def agent_to_act(self) -> int | None:
        """The seat an agent must play now (None when a person decides or the game is over)."""
        st = self.state
        if st.is_terminal():
            return None
        seat = st.current_player()
        return None if seat < 0 or self.is_person(seat) else seat

    # ----- changes (under the lock, in a worker thread) ----------------------------------------
    def act(self, seat: int, text: str, position: int | None = None) -> None:
        """A person's move for `seat`, or Refused saying why not (`position`: the decision count of
        the game the move was chosen in; another one makes the move stale)."""
        with self.lock:
            st = self.state
            if position is not None and st.decisions != position:
                raise Refused("stale", N_("the table has changed since; look again"))
            if st.is_terminal():
                raise Refused("over", N_("the game is over"))
            if st.current_player() != seat:
                raise Refused("turn", N_("it is not your turn"))
            self._apply(text)

    def agent_move(self, seat: int, position: int) -> bool:
        """Let the agent of `seat` choose and play, if the game is still at `position` (decisions);
        False when it moved on meanwhile (an undo) and nothing was played."""
        with self.lock:
            if self.state.decisions != position or self.agent_to_act() != seat:
                return False
            copy = self.state.clone()
        try:
            action = self.agents[seat].choose(copy)  # outside the lock: people may read the table meanwhile
        except FlowError as exc:  # the ruleset's hints failing, say: the game stays as it was
            raise failed_in_play(exc) from None
        with self.lock:
            if self.state.decisions != position or self.agent_to_act() != seat:
                return False
            self._apply(action)
            return True

    def _apply(self, action: Any) -> None:
        after = self.state.clone()
        try:
            after.apply_action(action)
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        except FlowError as exc:
            raise failed_in_play(exc) from None
        self.state, self.stuck = after, None
        self.moves += 1
        self.save()

    def undo(self, seat: int, position: int | None = None) -> None:
        """Take back `seat`'s last decision and the agents' moves after it (never a person's)."""
        from interpreter.engine.saves import _dec
        from interpreter.frontends.savecheck import decisions

        with self.lock:
            if position is not None and self.state.decisions != position:
                raise Refused("stale", N_("the table has changed since; look again"))
            saved = self.state.to_json()
            moves = decisions(saved.get("history") or ())
            mine = [i for i, (s, _k, _v) in enumerate(moves) if s == seat]
            if not mine:
                raise Refused("undo", N_("there is nothing of yours to take back"))
            last = mine[-1]
            if any(self.is_person(s) for s, _k, _v in moves[last + 1 :]):
                raise Refused("undo", N_("another person has moved since; it cannot be taken back"))
            while last and moves[last - 1][0] == seat and moves[last - 1][1] == PICK_KIND:
                last -= 1  # a choice of several cards goes back whole, to before its first pick
            carried = {int(slot): _dec(value) for slot, value in saved.get("carried") or ()}
            st = fresh_state(self.rs, self.game_seed, self.rs.check_options(self.options), None, carried, story=True)
            for _s, kind, value in moves[: min(last, MAX_UNDO_REPLAY)]:
                action = next(a for a in st.legal_actions() if a.kind == kind and a.value == value)
                st.apply_action(action)
            self.state, self.stuck = st, None
            self.moves += 1
            self.save()

    def next_game(self) -> None:
        """The next game of the match, the scores carried (as the prompt's `next`)."""
        with self.lock:
            if not self.state.is_terminal():
                raise Refused("turn", N_("the game is not over yet"))
            self.game_number += 1
            try:
                self.state = self.rs.new_game(
                    seed=self.game_seed, options=self.options, carry_from=self.state, story=True
                )
            except FlowError as exc:  # the ruleset fails dealing the next game: this one stays
                self.game_number -= 1
                raise failed_in_play(exc) from None
            self.stuck = None
            self.moves += 1
            self.save()

    # ----- saves ----------------------------------------------------------------------------------
    def save_data(self) -> dict:
        """The save as `cardrules play` writes it (the first person's seat is the prompt's)."""
        seat = min(self.tokens) if self.tokens else 0
        shown = len(self.state.observation(seat)["history"])
        return {
            **ruleset_fields(self.ruleset_path, self.rs),
            "seat": seat,
            "agents": "/".join(self.agent_specs),
            "seed": self.seed,
            "options": self.options,
            "lang": self.lang,
            "game_number": self.game_number,
            "log": None,
            "log_offset": None,
            "shown": shown,
            "state": self.state.to_json(),
        }

    def save(self) -> None:
        write_save(self.save_path, self.save_data())
        self.write_sidecar()

    def write_sidecar(self) -> None:
        data = {"table": self.id, "tokens": {str(s): t for s, t in sorted(self.tokens.items())}}
        write_atomic(sidecar_path(self.save_path), json.dumps(data) + "\n", mode=0o600)

    def close(self) -> None:
        if self.file_lock is not None:
            self.file_lock.release()
            self.file_lock = None


def sidecar_path(save: Path) -> Path:
    return save.with_name(save.name + SIDECAR)


def read_sidecar(save: Path) -> dict | None:
    """A table's id and tokens from beside its save, None when it has none or it is damaged."""
    try:
        data = json.loads(sidecar_path(save).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("table"), str) or not isinstance(data.get("tokens"), dict):
        return None
    tokens = {}
    for seat, token in data["tokens"].items():
        if not (isinstance(seat, str) and seat.isdigit() and isinstance(token, str) and len(token) >= 16):
            return None
        tokens[int(seat)] = token
    return {"table": data["table"], "tokens": tokens}


Loader = Callable[[str, Any], Any]  # a ruleset path, a number of players -> a compiled Ruleset (cached by the server)


def restore(save: Path, load: Loader, tokens: dict[int, str] | None = None, table_id: str | None = None) -> Table:
    """A table from a save (a browser table's, or one the prompt wrote), checked as `cardrules play
    --resume` checks it and held with the same lock; raises SaveFileError or FileBusy."""
    from interpreter.compiling.pipeline import PlayerCountError
    from interpreter.frontends.savecheck import check_against, check_fields, rebuild
    from interpreter.frontends.savefile import SaveFileError, read_save

    lock = FileLock(save).acquire()
    try:
        saved = read_save(save)
        check_fields(save, saved.data)
        data = saved.data
        if not Path(data["ruleset"]).is_file():
            raise SaveFileError(f"its ruleset file {data['ruleset']!r} does not exist")
        try:
            rs = load(data["ruleset"], data.get("players"))  # (older saves: no number, its players.count)
        except PlayerCountError as exc:  # the ruleset no longer offers the save's number of players
            raise SaveFileError(str(exc)) from None
        check_against(save, data, rs)
        state = rebuild(save, data, rs)
        from interpreter.agents.spec import seat_specs

        specs = seat_specs(data["agents"], rs.num_players, rs.team_ids, rs.team_of_seat)
        table = Table(
            id=table_id or secrets.token_urlsafe(9),
            rs=rs,
            ruleset_path=data["ruleset"],
            seed=data["seed"],
            options=data.get("options") or {},
            agent_specs=specs,
            tokens=tokens if tokens is not None else {data["seat"]: new_token()},
            save_path=save,
            lang=data.get("lang") or "en",
            game_number=data.get("game_number", 1),
            state=state,
            file_lock=lock,
        )
    except BaseException:
        lock.release()
        raise
    return table
