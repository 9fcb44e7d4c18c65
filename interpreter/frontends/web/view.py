"""What one browser is sent: its seat's observation, shaped for the table page, and the ruleset's
public data (cards, zones, seats, teams, texts in every language it has, the addresses of the
ruleset's own card pictures).

Everything in a seat's view comes from `observation(seat)`: the engine has already hidden every
card that seat may not see, and lists legal moves only for the seat to act.  The view leaves out
what the page does not need (the variables, the raw history), so nothing else reaches the page.
A zone shown only by its size is sent as its size.  The only things computed here besides are
the display order of the seat's own visible cards and which card each of its moves names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.engine.state import PICK_KIND
from interpreter.text.story import hand_zone


def texts(value: Any) -> dict[str, str]:
    """A ruleset Text as {lang: text} (a plain string as English)."""
    if value is None:
        return {}
    if hasattr(value, "values") and isinstance(value.values, dict):
        return dict(value.values)
    return {"en": str(value)}


def ruleset_data(rs: Any) -> dict:
    """The ruleset's public data the page draws with: cards, suits, ranks, zones, seats, actions."""
    c = rs.cards
    teams = {t.id: texts(t.name) for t in rs.model.players.teams}
    kinds = {k.name: texts(getattr(k, "label", None)) for k in rs.model.meld_kinds}
    faces, back = image_urls(rs)
    return {
        "id": rs.id,
        "name": texts(rs.name),
        "players": rs.num_players,
        "order": rs.order,
        "cards": [
            {"id": cid, "name": texts(c.names[f]), "suit": c.suit_of[f], "rank": c.rank_of[f], "image": faces[f]}
            for f, cid in enumerate(c.ids)
        ],
        "back_image": back,
        "suits": [
            {"id": sid, "name": texts(c.suit_names[i]), "color": c.suit_colors[i], "symbol": c.suit_symbols[i]}
            for i, sid in enumerate(c.suit_ids)
        ],
        "ranks": [{"id": rid, "name": texts(c.rank_names[i])} for i, rid in enumerate(c.rank_ids)],
        "zones": [
            {
                "name": z.name,
                "label": texts(z.label),
                "per": z.per,
                "visibility": z.visibility,
                "show": z.show,
                "groups": bool(z.groups),
            }
            for z in rs.zones
        ],
        "teams": [{"id": tid, "name": teams.get(tid, {"en": tid})} for tid in rs.team_ids],
        "team_of_seat": list(rs.team_of_seat),
        "seat_names": [texts(n) for n in rs.model.players.seat_names],
        "deal_word": texts(rs.model.deal_word),  # display.deal ({} : the page's own word)
        "actions": {
            a.name: {
                "label": texts(a.label),
                "param": a.param_kind,
                "told": texts(m.told),
                "several": m.param_count is not None,
            }
            for a, m in zip(rs.actions, rs.model.actions)
        },
        "kinds": kinds,
    }


def image_ref(rs: Any) -> str:
    """The part of a ruleset's image addresses that names the ruleset (its file and text)."""
    import hashlib

    return hashlib.sha256(f"{Path(rs.path).resolve()}\0{rs.source_sha256}".encode()).hexdigest()[:20]


def image_urls(rs: Any) -> tuple[list[str | None], str | None]:
    """The address of each card face's image and of the back (display.images), None where the page
    draws the card.  Sent only with the deck (which names every card anyway); a card the seat may
    not see is sent as null, never by its picture."""
    images = rs.images
    if images is None:
        return [None] * len(rs.cards.ids), None
    ref = image_ref(rs)

    def url(n: int) -> str | None:  # image file n, None for -1 (drawn)
        return None if n < 0 else f"/card-images/{ref}/{n}{Path(images.files[n]).suffix.lower()}"

    return [url(n) for n in images.faces], url(images.back)


def seat_view(table: Any, seat: int) -> dict:
    """The table as `seat` sees it now (plain data, JSON-ready)."""
    st = table.state
    obs = st.observation(seat)
    to_act = obs["to_act"]
    view: dict[str, Any] = {
        "seat": seat,
        "to_act": to_act,
        "claim_window": obs["claim_window"],
        "terminal": obs["terminal"],
        "zones": _zones(table, obs, seat),
        "groups": obs.get("groups") or {},
        "moves": _moves(table, obs["legal_actions"]),
        "choice": obs.get("choice"),
        "decision": (obs.get("decision") or {}).get("text"),
        "decision_cards": [c for c in _cards_in((obs.get("decision") or {}).get("text"))],
        "phase": (obs.get("phase") or {}).get("title") or {},
        "status": obs.get("status") or [],
        "seat_lines": {str(s): lines for s, lines in (obs.get("seat_lines") or {}).items()},
        "events": _in_hand_order(table, obs["events"]),
        "deals": obs["deals"],
        "returns": obs.get("returns"),
        "winners": obs.get("winners"),
        "summary": obs.get("summary"),
        "people": sorted(table.tokens),
        "game": table.game_number,
        # who is thinking: an agent's seat when it is to act; "table" while a claim window waits
        # for others (to_act is then hidden, so nobody learns who could claim)
        "thinking": _thinking(table, to_act, obs),
        # an AI seat that could not move here: why (the table waits; nobody is thinking)
        "stuck": table.stuck_reason(),
    }
    return view


def _thinking(table: Any, to_act: int | None, obs: dict) -> Any:
    if obs["terminal"] or table.stuck_reason() is not None:
        return None
    if to_act is None:
        return "table"
    return to_act if not table.is_person(to_act) else None


def _zones(table: Any, obs: dict, seat: int) -> dict:
    """Each zone's cards as the seat sees them; zones shown by size only as their sizes, hidden
    zones left out."""
    rs = table.rs
    out: dict[str, Any] = {}
    for info in rs.zones:
        cards = obs["zones"][info.name]
        if info.show == "none":
            continue
        if info.per == "seat":
            per: dict[str, Any] = {}
            for s, shown in cards.items():
                if info.show == "count":
                    per[str(s)] = len(shown)
                else:
                    per[str(s)] = _sorted(table, info, shown) if s == seat else shown
            out[info.name] = per
        elif info.show == "top":  # its top card, if the seat sees it, on a pile of them
            top = cards[-1:] if cards and cards[-1] is not None else []
            out[info.name] = {"count": len(cards), "up": top} if top else len(cards)
        elif info.show == "count" and cards and all(c is not None for c in cards):
            out[info.name] = {"count": len(cards), "open": True}  # its cards lie face up: no card back
        elif info.show == "count" or info.visibility == "none":
            up = [c for c in cards if c is not None] if info.show != "count" else []
            # a card turned face up in it (the trump under a stock): the size and that card
            out[info.name] = {"count": len(cards), "up": up} if up else len(cards)
        else:
            placed = obs["placed_by"].get(info.name)
            order = _order(table, info, cards)  # (a field the ruleset sorts, as the prompt shows it)
            if order is not None:
                cards = [cards[i] for i in order]
                placed = [placed[i] for i in order] if placed is not None else None
            out[info.name] = {"cards": cards, "by": placed} if placed is not None else {"cards": cards}
    return out


def _in_hand_order(table: Any, events: list) -> list:
    """The events, a choice of several cards told in the order the seat's hand shows them (a straight
    in order, as the prompt tells it: text/story.py)."""
    hand = hand_zone(table.rs)
    if hand is None:
        return events
    index = table.rs.cards.index()
    out = []
    for e in events:
        value = e.get("value") if e.get("kind") in ("action", "claim") else None
        ids = str(value).split(" ") if value is not None else []
        if len(ids) > 1 and all(i in index for i in ids):
            e = dict(e, value=" ".join(_sorted(table, hand, ids)))
        out.append(e)
    return out


def _sorted(table: Any, info: Any, cards: list) -> list:
    """A seat's own cards in the zone's display order (as they lie when it has none, or when one
    of them is hidden)."""
    order = _order(table, info, cards)
    return cards if order is None else [cards[i] for i in order]


def _order(table: Any, info: Any, cards: list) -> list[int] | None:
    """The places of the cards in the zone's display order (`sort`), or None: as they lie (no
    `sort`, or a card of them hidden)."""
    fn = table.rs.zone_sort.get(info.name)
    if fn is None or any(c is None for c in cards):
        return None
    index = table.rs.cards.index()
    st = table.state
    return sorted(range(len(cards)), key=lambda i: st.with_local("card", index[cards[i]], fn))


def _moves(table: Any, legal: list[str]) -> list[dict]:
    """The seat's legal moves: each with its action's name and the card it names, if one."""
    rs = table.rs
    index = rs.cards.index()
    out = []
    for text in legal:
        verb, _sep, rest = text.partition(" ")
        move: dict[str, Any] = {"text": text, "action": verb}
        if rest.startswith("+") and rest[1:] in index:
            move["pick"] = rest[1:]
        elif rest in index:
            move["card"] = rest
        elif rest:
            move["value"] = rest
        out.append(move)
    return out


def _cards_in(text: Any) -> list:
    """The cards a decision's text names (its first language is enough: all name the same)."""
    if not text:
        return []
    parts: list = next(iter(text.values()), [])
    found: list = []
    for p in parts:
        if isinstance(p, dict):
            if "card" in p and p["card"] is not None:
                found.append(p["card"])
            for inner in p.get("list") or ():
                if isinstance(inner, dict) and inner.get("card"):
                    found.append(inner["card"])
    return found


def choice_offer(table: Any, seat: int, action: str, chosen: list[str]) -> dict:
    """Which cards may still join a choice of several, after `chosen` (tried on a copy)."""
    from interpreter.base.i18n import N_
    from interpreter.frontends.web.tables import Refused

    with table.lock:
        st = table.state.clone()
    if st.is_terminal() or st.current_player() != seat:
        raise Refused("turn", N_("it is not your turn"))
    act = next((a for a in table.rs.actions if a.name == action), None)
    if act is None or act.count is None:  # not an action that chooses several cards
        raise Refused("illegal", N_("there is no choice of cards by that name now"))
    for card in chosen:
        pick = next((a for a in st.legal_actions() if a.kind == PICK_KIND and a.text == f"{action} +{card}"), None)
        if pick is None:
            raise Refused("illegal", N_("this card cannot be chosen with the cards chosen before it"))
        st.apply_action(pick)
    choice = st.observation(seat).get("choice")
    if choice is None or choice["action"] != action:
        raise Refused("illegal", N_("there is no choice of cards by that name now"))
    return {"chosen": chosen, "offer": choice.get("offer", []), "complete": bool(choice.get("complete"))}


def seat_words(rs: Any, seat: int, lang: str) -> dict:
    """The seats' names as the prompt writes them for `seat` ("You", "Seat 3 (Team B)"), in `lang`
    (the current catalog language must be `lang`)."""
    from interpreter.text.render import Renderer

    r = Renderer(rs, lang=lang, viewer=seat)
    n = rs.num_players
    return {
        "seat": [r.seat(s) for s in range(n)],
        "player": [r.player(s) for s in range(n)],
        "team": [r.team_of(s) or "" for s in range(n)],
    }


def story_lines(rs: Any, seat: int, lang: str, events: list) -> list[str]:
    """Each event as the prompt's story tells it to `seat` (for screen readers), one string each."""
    from interpreter.text.render import Renderer
    from interpreter.text.story import StoryWriter

    writer = StoryWriter(Renderer(rs, lang=lang, viewer=seat), columns=10_000)
    return [" ".join(line.strip() for line in writer.lines(e)) for e in events]
