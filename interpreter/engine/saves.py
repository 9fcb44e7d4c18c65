"""Game state to JSON and back, with every field checked on the way in.

A saved state names its format version, the ruleset id and the ruleset
file's sha256; loading refuses anything damaged, truncated, edited into an
impossible state, or written for another ruleset, with a message that says
which.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from interpreter.engine.state import ANNOUNCE, Action, GameState

FORMAT = "cardrules-state/1"


class SaveError(ValueError):
    """A saved game that cannot be restored; the message says why."""


def _enc(v: Any) -> Any:
    if isinstance(v, tuple):
        return {"t": [_enc(x) for x in v]}
    if isinstance(v, frozenset):
        return {"s": sorted((_enc(x) for x in v), key=repr)}
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if isinstance(v, Action):
        return {"a": [v.kind, _enc(v.value), v.text]}
    if isinstance(v, dict):
        return {"d": {str(k): _enc(x) for k, x in v.items()}}
    return v


def _enc_record(record: dict) -> dict:
    return {str(k): _enc(v) for k, v in record.items()}


def _dec(v: Any) -> Any:
    if isinstance(v, dict):
        if set(v) == {"t"} and isinstance(v["t"], list):
            return tuple(_dec(x) for x in v["t"])
        if set(v) == {"s"} and isinstance(v["s"], list):
            return frozenset(_dec(x) for x in v["s"])
        if set(v) == {"d"} and isinstance(v["d"], dict):
            return {k: _dec(x) for k, x in v["d"].items()}
        if set(v) == {"a"} and isinstance(v["a"], list) and len(v["a"]) == 3:
            kind, value, text = v["a"]
            return Action(int(kind), _dec(value), str(text))
        raise SaveError("unknown value in the saved variables")
    if isinstance(v, list):
        return [_dec(x) for x in v]
    if v is None or isinstance(v, (bool, int, str)):
        return v
    raise SaveError(f"unexpected value {v!r} in the save")


def state_to_json(st: GameState) -> dict:
    rs = st.rs
    return {
        "format": FORMAT,
        "ruleset": rs.id,
        "sha256": rs.source_sha256,
        "zones": [z[:] for z in st.zones],
        "meta": [m[:] for m in st.meta],
        "groups": [None if g is None else [list(x) for x in g] for g in st.groups],
        "vars": _enc(st.vars),
        "pc": st.pc,
        "seed": st.seed,
        "counter": st.counter,
        "decider": st.decider,
        "window": _enc(st.window),
        "finished": st.finished,
        "history": [_enc(list(h)) for h in st.history],
        "records": [_enc_record(r) for r in st.records],
        "shuffles": [[z, list(order)] for z, order in st.shuffles],
        "deals": [_enc_record(d) for d in st.deals],
        "story": st.story,
        "selection": _enc(st.selection),
        "steps": st.steps,
        "decisions": st.decisions,
        "work": st.work,
        "carried": [[slot, _enc(value)] for slot, value in sorted(st.carried.items())],
        "snapshot": None,  # the deal's snapshot is remade from the moves when search asks for it
    }


def _words(exc: Exception) -> str:
    """What went wrong, in the program's own words: its own errors as they are, Python's described."""
    from interpreter.engine.program import FlowError
    from interpreter.engine.state import IllegalAction
    from interpreter.expr.runtime import failure_words

    return str(exc) if isinstance(exc, (SaveError, FlowError, IllegalAction)) else failure_words(exc)


def _bad_history() -> tuple:
    raise SaveError("the history in the save is damaged")


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(message)


def _int_list(v: Any, what: str) -> list[int]:
    _need(isinstance(v, list) and all(type(x) is int for x in v), f"{what} is damaged")
    return v


def state_from_json(rs: Any, data: Any, playable: bool = True) -> GameState:
    """Restore a state; raises SaveError naming the first problem found."""
    try:
        return _restore(rs, data, playable)
    except SaveError:
        raise
    except Exception as exc:  # any other shape of damage
        raise SaveError(f"the saved game is damaged ({_words(exc)})") from None


def _restore(rs: Any, data: Any, playable: bool) -> GameState:
    _need(isinstance(data, dict), "a save file holds a JSON object")
    fmt = data.get("format")
    _need(fmt == FORMAT, f"this save has format {fmt!r}; this version of cardrules reads {FORMAT!r}")
    _need(data.get("ruleset") == rs.id, f"this save is for ruleset '{data.get('ruleset')}', not '{rs.id}'")
    if data.get("sha256") != rs.source_sha256:
        raise SaveError("the ruleset file changed since this game was saved (its sha256 differs)")
    zones = data.get("zones")
    _need(isinstance(zones, list) and len(zones) == rs.zone_count, "the zones in the save are damaged")
    zones = [_int_list(z, "a zone") for z in zones]
    meta = data.get("meta")
    _need(isinstance(meta, list) and len(meta) == rs.zone_count, "the card faces in the save are damaged")
    meta = [_int_list(m, "a zone's faces") for m in meta]
    _need(all(len(a) == len(b) for a, b in zip(zones, meta)), "the card faces do not match the zones")
    expected = Counter(rs.cards.initial_deck())
    _need(Counter(c for z in zones for c in z) == expected, "the save does not hold exactly the ruleset's cards")
    st = GameState(rs)
    st.zones, st.meta = zones, meta
    groups = data.get("groups")
    _need(isinstance(groups, list) and len(groups) == rs.zone_count, "the groups in the save are damaged")
    st.groups = [None if g is None else [tuple(x) for x in g] for g in groups]
    _need(all((g is None) == (not rs.zone_groups[i]) for i, g in enumerate(st.groups)), "the groups are damaged")
    vars_ = _dec(data.get("vars"))
    _need(isinstance(vars_, list) and len(vars_) == rs.slot_count, "the variables in the save are damaged")
    st.vars = vars_
    for key in ("pc", "seed", "counter", "decider", "steps", "decisions"):
        _need(type(data.get(key)) is int, f"'{key}' in the save is damaged")
    st.pc, st.seed, st.counter = data["pc"], data["seed"], data["counter"]
    _need(0 <= st.pc < len(rs.program), "the position in the flow is damaged")
    st.decider, st.steps, st.decisions = data["decider"], data["steps"], data["decisions"]
    st.work = data.get("work", 0)  # saves of 0.1.0 did not count it
    _need(type(st.work) is int and 0 <= st.work <= rs.limits.work_per_game, "the game's work count is damaged")
    st.finished = bool(data.get("finished"))
    st.window = _dec(data.get("window"))
    if st.window is not None:
        _need(isinstance(st.window, tuple) and len(st.window) == 4, "the claim window in the save is damaged")
        st.window = (st.window[0], tuple(st.window[1]), st.window[2], tuple(tuple(a) for a in st.window[3]))
    history = data.get("history")
    _need(isinstance(history, list), "the history in the save is damaged")
    st.history = [tuple(_dec(h)) if isinstance(h, list) else _bad_history() for h in history]
    _need(all(len(h) == 4 for h in st.history), "the history in the save is damaged")
    # messages were history entries in saves of 0.1; they are events now, which the replay makes again
    st.history = [h for h in st.history if h[1] != ANNOUNCE]
    records = data.get("records") or []
    _need(
        isinstance(records, list) and all(isinstance(r, dict) for r in records), "the results in the save are damaged"
    )
    st.records = [{k: _dec(v) for k, v in r.items()} for r in records]
    st.shuffles = [(z, tuple(o)) for z, o in data.get("shuffles") or []]
    deals = data.get("deals") or []
    _need(isinstance(deals, list) and all(isinstance(d, dict) for d in deals), "the deal results are damaged")
    st.deals = [{k: _dec(v) for k, v in d.items()} for d in deals]
    st.selection = _dec(data.get("selection"))
    if st.selection is not None:
        _need(
            isinstance(st.selection, tuple) and len(st.selection) == 2 and isinstance(st.selection[1], tuple),
            "the choice in progress in the save is damaged",
        )
    st.events, st.story, st.checks = [], data.get("story", True) is not False, False
    st.forced_orders = []
    st.last_move_public, st.moving = True, None
    st.snapshot = None
    st.carried = {}
    carried = data.get("carried") or []
    if isinstance(carried, list) and all(isinstance(c, list) and len(c) == 2 and type(c[0]) is int for c in carried):
        st.carried = {slot: _dec(value) for slot, value in carried}
    snap = data.get("snapshot")
    if snap is not None:
        _need(isinstance(snap, dict) and isinstance(snap.get("state"), dict), "the deal snapshot is damaged")
        _need(type(snap.get("history")) is int and type(snap.get("zone")) is int, "the deal snapshot is damaged")
        inner = dict(snap["state"], snapshot=None)
        st.snapshot = (_restore(rs, inner, playable=False), snap["history"], snap["zone"])
    if playable:
        _check_playable(st)
        return _replayed(rs, st, data)
    return st


def _replayed(rs: Any, st: GameState, data: dict) -> GameState:
    """The game its own history describes, played again; a save that disagrees was edited or damaged."""
    from interpreter.engine.state import CLAIMED, fresh_state

    carried = data.get("carried") or []
    _need(
        isinstance(carried, list)
        and all(
            isinstance(c, list) and len(c) == 2 and type(c[0]) is int and 0 <= c[0] < rs.slot_count for c in carried
        ),
        "the carried values in the save are damaged",
    )
    options = {name: st.vars[slot] for name, slot in rs.option_slots.items()}
    try:
        world = fresh_state(
            rs,
            st.seed,
            options,
            [list(order) for _, order in st.shuffles],
            {slot: _dec(value) for slot, value in carried},
            story=st.story,
        )
        for seat, kind, value, flag in st.history:
            if kind == ANNOUNCE or flag == CLAIMED:
                continue
            _need(world.decider == seat and world.is_legal(kind, value), "the moves in the save are not a game")
            world.force_action(kind, value)
    except SaveError:
        raise
    except Exception as exc:  # an illegal move, a flow error, an expression failing on edited values
        raise SaveError(f"the save does not replay: {_words(exc)}") from None
    mine, saved = state_to_json(world), state_to_json(st)
    for key in (
        "zones",
        "meta",
        "groups",
        "vars",
        "pc",
        "counter",
        "decider",
        "window",
        "finished",
        "history",
        "records",
        "deals",
        "selection",
    ):
        _need(_same(mine[key], saved[key]), f"the save was edited or damaged ('{key}' does not match its moves)")
    world.work = st.work  # replayed by force_action, which lists no legal moves: the count is the save's
    return world


def _same(a: Any, b: Any) -> bool:
    import json

    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _check_playable(st: GameState) -> None:
    """The restored state must answer the public API without failing."""
    if st.finished:
        return
    _need(0 <= st.decider < st.rs.num_players, "the seat to act is damaged")
    try:
        legal = st.legal_actions()
    except Exception as exc:  # a damaged state can break any expression
        raise SaveError(f"the saved position cannot be played: {_words(exc)}") from None
    _need(bool(legal), "the saved position has no legal move")
