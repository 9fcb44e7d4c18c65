"""Every message the server sends to a seat, over random play of every shipped ruleset, shows no
card that seat may not see, and no other seat's legal moves (DESIGN: hidden information is a view).

Every seat is a person with a socket of its own, so the game changes only when this test moves:
after each move every socket is read up to the answer of an echo, so each view read was made from
the state the test then holds.  What a seat may see is the engine's per-card visibility of that
state (`visible_cards`), read here from the raw state, not from the observation the server sends;
an event may also name a card the seat saw for a moment within a move (a trick's last card before
the trick is gathered face down), so every card a seat sees at any event or action is remembered.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from interpreter.engine.observe import visible_cards  # noqa: E402
from interpreter.engine.state import GameState  # noqa: E402
from tests.engine.test_events import _shown  # noqa: E402
from tests.web.test_server import post  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    p.relative_to(ROOT / "rulesets").with_suffix("").as_posix() for p in (ROOT / "rulesets").rglob("*.yaml")
)
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]+)?")  # a key of a text in several languages
MOVES = 120  # decisions of random play per ruleset (the slow test plays whole games)


class Socket:
    """One seat's socket and every message it was sent."""

    def __init__(self, live, link: str):
        url = live.url.replace("http", "ws") + link.replace("/t/", "/ws/")
        self.ws = websockets_sync.connect(url, max_size=1 << 24).__enter__()
        self.view: dict = {}
        self.version = 0

    def settle(self) -> list[dict]:
        """Every message up to the answer of an echo (the server answers a socket in order)."""
        self.ws.send(json.dumps({"op": "echo"}))
        got = []
        while (m := json.loads(self.ws.recv(timeout=60)))["type"] != "echo":
            got.append(m)
            if m["type"] == "view":
                self.view, self.version = m["view"], m["version"]
        return got


def card_strings(value, ids: set[str]) -> Counter:
    """Every card id a message names: as a value, or as a word of a move's text (`play isu-9`,
    `pass +clubs-3`); a text in several languages names its cards once."""
    found: Counter = Counter()
    if isinstance(value, str):
        for word in value.replace("+", " ").split():
            if word in ids:
                found[word] += 1
    elif isinstance(value, dict) and value and all(LANGUAGE.fullmatch(k) for k in value):  # one text, languages
        for v in value.values():
            found |= card_strings(v, ids)
    elif isinstance(value, dict):
        for v in value.values():
            found += card_strings(v, ids)
    elif isinstance(value, list):
        for v in value:
            found += card_strings(v, ids)
    return found


def visible(st, seat: int) -> Counter:
    ids = st.rs.cards.ids
    return Counter(ids[c] for z in range(st.rs.zone_count) for c in visible_cards(st, z, seat) if c is not None)


def check(messages: list[dict], st, seat: int, seen: Counter, ids: set[str], name: str) -> None:
    now = visible(st, seat)
    for m in messages:
        assert m["type"] in ("view", "hello"), (name, seat, m)
        if m["type"] == "hello":
            continue  # the ruleset's public data: the whole deck, named once
        view = m["view"]
        for key, value in view.items():
            if key not in ("deals", "summary"):
                named = card_strings(value, ids)
                if key == "moves":  # moves name a card each, one move per face however many copies
                    named = Counter(set(named))
                extra = named - now
                assert not extra, (name, seat, key, "shows", extra, st.decisions)
        if st.is_terminal() or st.current_player() != seat:
            assert view["moves"] == [], (name, seat, "is sent another seat's moves")
        for event in m["events"]:
            assert not (_shown(event) - seen), (name, seat, "an event shows", event)
        for record in (view["deals"], view["summary"]):
            assert set(card_strings(record, ids)) <= set(seen), (name, seat, "a deal's record shows", record)


@pytest.fixture
def moments(monkeypatch):
    """Every card each seat sees at each event and around each action, over the whole test."""
    seen: dict[int, Counter] = {}
    real_emit = GameState.emit

    def remember(st) -> None:
        for s in range(st.rs.num_players):
            seen[s] = seen.get(s, Counter()) | visible(st, s)

    def emit(st, event):
        remember(st)
        real_emit(st, event)
        remember(st)

    monkeypatch.setattr(GameState, "emit", emit)
    return seen


def play(live, name: str, moves: int, seed: int, moments: dict[int, Counter]) -> int:
    """Random play of `name` with every seat a person; returns the decisions made."""
    rs = live.store.ruleset(live.store.games[name].path)
    n = rs.num_players
    status, made = post(
        live, "/api/tables", {"ruleset": name, "seats": ["me"] + ["person"] * (n - 1), "level": "random", "seed": seed}
    )
    assert status == 201, made
    table = live.store.tables[made["table"]]
    ids = set(rs.cards.ids)
    sockets = {int(s): Socket(live, link) for s, link in made["links"].items()}
    seen = moments
    rng = random.Random(seed)
    made_moves = 0
    pending: dict[int, list[dict]] = {}  # the mover's messages, read until its move was made
    try:
        for _ in range(moves):
            st = table.state
            for s, sock in sockets.items():
                seen[s] = seen.get(s, Counter()) | visible(st, s)
                check(pending.pop(s, []) + sock.settle(), st, s, seen[s], ids, name)
            if st.is_terminal():
                break
            seat = st.current_player()
            to_move = sockets[seat]
            assert to_move.view["moves"], (name, seat, "is to act but was sent no moves")
            move = rng.choice(to_move.view["moves"])["text"]
            to_move.ws.send(json.dumps({"op": "act", "action": move, "version": to_move.version}))
            pending[seat] = to_move.settle()
            made_moves += 1
    finally:
        for sock in sockets.values():
            sock.ws.close()
    return made_moves


@pytest.mark.parametrize("name", SHIPPED)
def test_no_message_to_a_seat_shows_a_card_it_may_not_see(live, moments, name):
    assert play(live, name, MOVES, 11, moments) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_no_message_in_whole_random_games_shows_a_hidden_card(live, moments, name):
    for seed in (1, 2):
        moments.clear()
        play(live, name, 5000, seed, moments)
