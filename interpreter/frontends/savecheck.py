"""Every field of a save checked, and its game rebuilt from its seed and moves.

The state in a save is never trusted as it stands: the game is played again from the save's
seed, options and carried values with the moves of its history, and must come out exactly as
saved (so an edited seed, deck, score or position is refused).  What the replay cannot derive
(the seat, the agents, the language, the log, the counters of the prompt) is checked against
what the program itself would write.  Messages say what is wrong in words, never Python's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from interpreter.base.i18n import N_, _
from interpreter.frontends.savefile import LEGACY_FORMAT, SAVE_FORMAT, SEED_LIMIT, SaveFileError

FIELDS = {
    "format",
    "ruleset",
    "ruleset_id",
    "sha256",
    "players",
    "seat",
    "agents",
    "seed",
    "options",
    "lang",
    "game_number",
    "log",
    "log_offset",
    "shown",
    "state",
}
MAX_GAMES = 1_000_000  # games in one session (next / restart)
AGENT_CAPS = {"iterations": 100_000, "seconds": 60}  # what a save may ask of a search agent
LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")


def check_fields(path: str | Path, data: dict) -> None:
    """The fields a resume reads, each of the type and range the program writes; SaveFileError."""

    def bad(key: str, why: str = N_("is missing or wrong")) -> SaveFileError:
        return SaveFileError(
            _("{path} is damaged: '{key}' {why}; it cannot be resumed", path=path, key=key, why=_(why))
        )

    extra = sorted(set(data) - FIELDS)
    if extra:
        raise bad(extra[0], _("is not a field of a save"))
    if data.get("format") not in (SAVE_FORMAT, LEGACY_FORMAT):
        raise bad("format")
    for key in ("ruleset", "agents"):
        if not isinstance(data.get(key), str) or not data[key] or len(data[key]) > 4096:
            raise bad(key)
    for key in ("ruleset_id", "sha256"):
        if key in data and not isinstance(data[key], str):
            raise bad(key)
    if not _int(data.get("seed")) or not 0 <= data["seed"] < SEED_LIMIT:
        raise bad("seed")
    if not _int(data.get("seat")) or not 0 <= data["seat"] < 256:
        raise bad("seat")
    if "players" in data and (not _int(data["players"]) or not 1 <= data["players"] <= 16):  # (older saves: none)
        raise bad("players")
    if not _int(data.get("game_number", 1)) or not 1 <= data.get("game_number", 1) <= MAX_GAMES:
        raise bad("game_number")
    if not _int(data.get("shown", 0)) or data.get("shown", 0) < 0:
        raise bad("shown")
    offset = data.get("log_offset")
    if offset is not None and (not _int(offset) or offset < 0):
        raise bad("log_offset")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, (str, int, bool)) for v in options.values()):
        raise bad("options")
    lang = data.get("lang")
    if lang is not None and (not isinstance(lang, str) or not LANG.fullmatch(lang)):
        raise bad("lang")
    log = data.get("log")
    if log is not None and (not isinstance(log, str) or not log or "\0" in log or len(log) > 4096):
        raise bad("log")
    if not isinstance(data.get("state"), dict):
        raise bad("state")


def _int(value: Any) -> bool:
    return type(value) is int


def check_against(path: str | Path, data: dict, rs: Any) -> None:
    """The fields that depend on the ruleset: its id, the seat, the options, the agents."""
    if data.get("ruleset_id", rs.id) != rs.id:
        raise SaveFileError(
            _(
                "{path} is damaged: it is a game of '{ruleset_id}', not of '{id}'",
                path=path,
                ruleset_id=data["ruleset_id"],
                id=rs.id,
            )
        )
    if not 0 <= data["seat"] < rs.num_players:
        raise SaveFileError(
            _("{path} is damaged: seat {seat} does not exist in {id}", path=path, seat=data["seat"], id=rs.id)
        )
    try:
        rs.check_options(data.get("options") or {})
    except (ValueError, TypeError) as exc:
        raise SaveFileError(
            _("{path} is damaged: its options do not fit the ruleset ({exc})", path=path, exc=exc)
        ) from None
    check_agents(path, data["agents"], rs)


def check_agents(path: str | Path, spec: str, rs: Any) -> None:
    """An agent spec the program accepts, asking no more of a search than AGENT_CAPS."""
    from interpreter.agents.spec import AgentSpecError, parse_agent_spec, seat_specs

    try:
        for one in seat_specs(spec, rs.num_players, rs.team_ids, rs.team_of_seat):
            _name, options = parse_agent_spec(one)
            for key, value in options.items():
                cap = AGENT_CAPS.get(key)
                if cap is not None and not (isinstance(value, (int, float)) and 0 < value <= cap):
                    raise AgentSpecError(
                        _("'{key}={value}' is out of range (at most {cap})", key=key, value=value, cap=cap)
                    )
    except AgentSpecError as exc:
        raise SaveFileError(
            _("{path} is damaged: its agents '{value}' are not valid ({exc})", path=path, value=spec[:80], exc=exc)
        ) from None


def decisions(history: Any) -> list[tuple[int, int, Any]]:
    """The decisions in a saved history: (seat, kind, value) of every entry a seat chose."""
    from interpreter.engine.saves import _dec
    from interpreter.engine.state import CLAIMED

    out = []
    for entry in history:
        entry = _dec(entry)
        seat, kind, value, flag = entry
        if type(seat) is int and seat >= 0 and flag != CLAIMED:
            out.append((seat, kind, value))
    return out


def rebuild(path: str | Path, data: dict, rs: Any) -> Any:
    """The saved game played again from its seed and moves; SaveFileError unless it is the saved one."""
    from interpreter.engine.state import fresh_state

    saved = data["state"]
    seed = (data["seed"] + data.get("game_number", 1) - 1) & ((1 << 64) - 1)
    try:
        rs.state_from_json(saved)  # its own checks first: they say best what is wrong with it
        carried = {int(slot): value for slot, value in _carried(saved)}
        story = saved.get("story", True) is not False
        st = fresh_state(rs, seed, rs.check_options(data.get("options") or {}), None, carried, story=story)
        for n, (seat, kind, value) in enumerate(decisions(saved.get("history") or ())):
            if st.is_terminal() or st.current_player() != seat or not st.is_legal(kind, value):
                raise SaveFileError(
                    _("{path} is damaged: move {value} of its game is not possible there", path=path, value=n + 1)
                )
            st.apply_action(next(a for a in st.legal_actions() if a.kind == kind and a.value == value))
    except SaveFileError:
        raise
    except Exception as exc:  # SaveError, FlowError, or any shape of damage: said in words
        detail = str(exc) if exc.__class__.__name__ in ("SaveError", "FlowError") else _("its game is damaged")
        raise SaveFileError(_("{path} cannot be resumed: {detail}", path=path, detail=detail)) from None
    rebuilt, kept = _normal(st.to_json()), _normal(saved)
    if data["format"] == LEGACY_FORMAT:  # what 0.1.0 saved, as this version would have saved it
        rebuilt, kept = _common(rebuilt, kept), _common(kept, rebuilt)
    if rebuilt != kept:
        field = next((k for k in kept if kept.get(k) != rebuilt.get(k)), "state")
        raise SaveFileError(
            _(
                "{path} is damaged: its game is not what its seed and moves give (the saved '{field}' differs); "
                "it cannot be resumed",
                path=path,
                field=field,
            )
        )
    return st


def _common(state: dict, other: dict) -> dict:
    """The fields of `state` that `other` has too, its messages left out (0.1.0 kept them in the
    history; they are events now, which the replay makes again)."""
    out = {k: v for k, v in state.items() if k in other and k != "snapshot"}  # remade from the moves
    if isinstance(out.get("history"), list):
        out["history"] = [h for h in out["history"] if not (isinstance(h, list) and len(h) > 1 and h[1] == -3)]
    return out


def _carried(saved: dict) -> list:
    from interpreter.engine.saves import _dec

    return [(slot, _dec(value)) for slot, value in saved.get("carried") or ()]


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))
