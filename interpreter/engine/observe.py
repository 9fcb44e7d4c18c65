"""What one seat may see, derived from declared visibility (DESIGN principle 5).

A card is visible to a seat when its zone shows it to that seat and it lies
face up, or when the seat itself placed it face down.  Hidden cards appear
as None so their number stays public.  The prompt, the logs shown to a seat
and the AI's sampling all go through `observation`.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.cardmeta import BY_MASK, SEES_ALL, SEES_PLACED, face_down_sight, meta_by
from interpreter.engine.events import Event, typed_text
from interpreter.engine.program import Where
from interpreter.engine.state import ANNOUNCE, PASS_KIND, PICK_KIND, PICKED, PRIVATE, SECRET, GameState


def visible_cards(st: GameState, z: int, seat: int) -> list:
    """The zone's cards as faces, None where `seat` cannot see the card: `card_visible` of each card,
    with the zone's sight looked up once (search samples compare views often)."""
    cards, metas = st.zones[z], st.meta[z]
    sight = face_down_sight(st.rs, z, seat)
    if sight == SEES_ALL:
        return cards[:]
    if sight == SEES_PLACED:
        by = seat + 1
        return [c if m & 1 or ((m >> 1) & BY_MASK) == by else None for c, m in zip(cards, metas)]
    return [c if m & 1 else None for c, m in zip(cards, metas)]


def value_names(rs: Any, type_name: str, value: Any) -> Any:
    """A value with its named parts by id (cards, suits, teams...); lists as lists, sets as sorted lists."""
    if isinstance(value, (frozenset, set)):
        value = sorted(value)
    if isinstance(value, (tuple, list)):
        inner = type_name[type_name.index("[") + 1 : -1] if type_name.startswith(("list[", "set[")) else type_name
        return [value_names(rs, inner, v) for v in value]
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        return value
    tables = {
        "card": rs.cards.ids,
        "suit": rs.cards.suit_ids,
        "rank": rs.cards.rank_ids,
        "team": rs.team_ids,
        "kind": rs.kind_names,
    }
    table = tables.get(type_name)
    if table is not None and 0 <= value < len(table):
        return table[value]
    if type_name == "action":
        return "pass" if value == PASS_KIND else (rs.actions[value].name if 0 <= value < len(rs.actions) else None)
    return value


def _variables(st: GameState, seat: int) -> dict:
    rs = st.rs
    out = {}
    for v in rs.variables:
        if v.visibility == "none":
            continue
        value = st.vars[v.slot]
        if v.visibility == "owner":
            if v.per == "seat":
                value = tuple(x if i == seat else None for i, x in enumerate(value))
            elif v.per == "team":
                mine = rs.team_of_seat[seat]
                value = tuple(x if i == mine else None for i, x in enumerate(value))
            else:
                continue
        out[v.name] = value_names(rs, v.type_name, value)
    return out


def event_text(rs: Any, seat: int, kind: int, value: Any, secret: bool, viewer: int) -> Any:
    if kind == ANNOUNCE:
        return value
    if kind == PASS_KIND:
        return "pass"
    if kind == PICK_KIND:
        return rs.pick_text(value)
    act = rs.actions[kind]
    if value is None:
        return act.name
    if secret and seat != viewer:
        return f"{act.name} (hidden)"
    return rs.action_text(act, value)


def observation(st: GameState, seat: int) -> dict:
    """Everything `seat` may know now, as plain data (card ids, names)."""
    rs = st.rs
    if not 0 <= seat < rs.num_players:
        raise ValueError(f"seat {seat} does not exist")
    ids = rs.cards.ids
    zones: dict[str, Any] = {}
    for info in rs.zones:
        if info.per == "seat":
            zones[info.name] = {
                s: [ids[c] if c is not None else None for c in visible_cards(st, info.base + s, seat)]
                for s in range(rs.num_players)
            }
        else:
            zones[info.name] = [ids[c] if c is not None else None for c in visible_cards(st, info.base, seat)]
    groups: dict[str, Any] = {}
    for info in rs.zones:
        if not info.groups:
            continue
        if info.per == "seat":
            groups[info.name] = {s: _groups(st, info.base + s, zones[info.name][s]) for s in range(rs.num_players)}
        else:
            groups[info.name] = _groups(st, info.base, zones[info.name])
    placed = {
        info.name: [meta_by(m) for m in st.meta[info.base]]
        for info in rs.zones
        if info.per == "shared" and info.visibility == "all"
    }
    to_act = None if st.finished else st.decider
    obs: dict[str, Any] = {
        "seat": seat,
        "to_act": to_act if st.window is None or to_act == seat else None,
        "claim_window": st.window is not None,
        "terminal": st.finished,
        "zones": zones,
        "placed_by": placed,
        "groups": groups,
        "variables": _variables(st, seat),
        "history": [
            {"seat": s, "action": event_text(rs, s, k, v, flag == SECRET, seat)}
            for s, k, v, flag in st.history
            if (flag != PRIVATE and flag != PICKED) or s == seat
        ],
        "legal_actions": [a.text for a in st.legal_actions()] if to_act == seat else [],
        "events": [e for e in (ev.for_seat(rs, seat) for ev in st.events) if e is not None],
        "deals": [
            {
                "scores": list(d["scores"]),
                "totals": list(d["totals"]),
                **({"label": d["label"]} if "label" in d else {}),
            }
            for d in st.deals
        ],
        "phase": _phase(st),
        "status": _status(st, seat),
        "seat_lines": _seat_lines(st, seat),
        "decision": None if st.finished else _decision(st, seat),
        "choice": _choice(st) if to_act == seat and not st.finished else None,  # (only the chooser's)
    }
    if st.finished:
        obs["returns"] = st.returns()
        obs["winners"] = st.rs.winners(st)  # (result.won, or the sole best score)
        if rs.summary:  # `result.summary`, as this seat may see it
            told = Event("summary", text=typed_text(rs.summary, st.fr), to=frozenset((seat,))).seal(st)
            obs["summary"] = (told.for_seat(rs, seat) or {}).get("text", {})
    return obs


def _groups(st: GameState, z: int, shown: list) -> list[dict]:
    """A zone of groups (melds) as {kind, cards} in order, its cards as the seat sees them."""
    names, out, start = st.rs.kind_names, [], 0
    for kind, size in st.groups[z] or ():
        name = names[kind] if isinstance(kind, int) and 0 <= kind < len(names) else None
        out.append({"kind": name, "cards": shown[start : start + size]})
        start += size
    return out


def texts(st: GameState, seat: int) -> tuple[list[dict], dict | None]:
    """The status lines and the decision's prompt as `seat` reads them now: what `observation` says
    in words, without the rest (`simulate --check-invariants` makes them at every decision)."""
    _seat_lines(st, seat)  # (made to be checked, as the prompt and the browser make them)
    return _status(st, seat), None if st.finished else _decision(st, seat)


def _status(st: GameState, seat: int) -> list[dict]:
    """The ruleset's status lines that hold now, as texts by language (cards as `seat` sees them)."""
    rs, fr, out = st.rs, st.fr, []
    for line, (texts, condition) in enumerate(rs.status, 1):
        try:
            if condition is not None and not condition(fr):
                continue
            text = typed_text(texts, fr)
        except Exception as exc:  # the ruleset's line cannot be shown: its error, naming the line
            raise st.failed(exc, Where(f"display.status line {line}")) from None
        told = Event("status", text=text, to=frozenset((seat,))).seal(st)
        data = told.for_seat(rs, seat)
        out.append(data.get("text", {}) if data else {})
    return out


def _seat_lines(st: GameState, seat: int) -> dict[int, list[dict]]:
    """`display.seats`: each seat's lines that hold now (`seat` in them bound to that seat), as texts
    by language, as `seat` may see them; seats with none are left out."""
    rs, out = st.rs, {}
    for s in range(rs.num_players) if rs.seat_lines else ():
        lines = []
        for line, (texts, condition) in enumerate(rs.seat_lines, 1):
            try:
                if condition is not None and not st.with_local("seat", s, condition):
                    continue
                text = st.with_local("seat", s, lambda fr, texts=texts: typed_text(texts, fr))
            except Exception as exc:  # the ruleset's line cannot be shown: its error, naming the line
                raise st.failed(exc, Where(f"display.seats line {line}")) from None
            data = Event("status", text=text, to=frozenset((seat,))).seal(st).for_seat(rs, seat)
            lines.append(data.get("text", {}) if data else {})
        if lines:
            out[s] = lines
    return out


def _phase(st: GameState) -> dict | None:
    """The phase play is in: the innermost one with a title (its name and title in each language),
    else the innermost one."""
    phases = st.rs.program[st.pc].where.phases
    titled = [p for p in phases if p in st.rs.phase_titles]
    if not phases:
        return None
    name = titled[-1] if titled else phases[-1]
    title = st.rs.phase_titles.get(name)
    return {"name": name, "title": dict(title.values) if title is not None else {}}


def _decision(st: GameState, seat: int) -> dict | None:
    """What is being decided, in words (a turn's or a claim window's `prompt`), as `seat` may see it."""
    ins = st.rs.program[st.pc]
    prompt = getattr(ins, "prompt", None)
    if not prompt:
        return None
    told = Event("decision", text=typed_text(prompt, st.fr), to=frozenset((seat,))).seal(st)
    return told.for_seat(st.rs, seat)


def _choice(st: GameState) -> dict | None:
    """A choice of several values that the seat to act is making: what it picked, what it may pick."""
    rs = st.rs
    legal = st.legal_actions()
    picks = [a for a in legal if a.kind == PICK_KIND]
    wholes = [a for a in legal if a.kind >= 0 and rs.actions[a.kind].count is not None]
    if not picks and not wholes and st.selection is None:
        return None
    kind = st.selection[0] if st.selection is not None else (picks or wholes)[0].value[0] if picks else wholes[0].kind
    act = rs.actions[kind]
    low, high = act.count
    chosen = st.selection[1] if st.selection is not None else ()
    return {
        "action": act.name,
        "min": low,
        "max": high,
        "chosen": [rs.value_text(act, v) for v in chosen],
        "offer": [rs.value_text(act, a.value[1]) for a in picks if a.value[0] == kind],
        "complete": any(a.kind == kind for a in wholes),
    }


def describe(st: GameState) -> str:
    """A full, all-seeing text dump of the state (for debugging and tests)."""
    rs = st.rs
    ids = rs.cards.ids
    lines = [f"{rs.id}: pc={st.pc} to_act={st.current_player()} decisions={st.decisions}"]
    for z in range(rs.zone_count):
        if st.zones[z]:
            cards = " ".join(ids[c] + ("" if m & 1 else "*") for c, m in zip(st.zones[z], st.meta[z]))
            lines.append(f"  {rs.zone_label(z)}: {cards}")
    return "\n".join(lines)
