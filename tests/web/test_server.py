"""The server over HTTP and WebSockets: hostile input never crashes it or changes a game; a
restart brings every table back; a browser table goes on at the prompt and the other way round."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")
websockets_exceptions = pytest.importorskip("websockets.exceptions")

from tests.engine.tiny import HIGH_CARD  # noqa: E402
from tests.web.conftest import LiveServer  # noqa: E402


def post(live, path: str, body: bytes | dict, headers: dict | None = None) -> tuple[int, dict]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(
        live.url + path, data=data, headers={"Content-Type": "application/json", **(headers or {})}, method="POST"
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def get(live, path: str) -> int:
    try:
        with urllib.request.urlopen(live.url + path, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


SEAT_0_FIRST = 1  # a Hachinin Meri deal in which seat 0 decides before seat 1, however the AI seats play


def new_table(live, game: str = "duzihu", seats: list[str] | None = None, seed: int | None = None) -> dict:
    players = {"duzihu": 3, "hachinin_meri": 8}[game]
    seats = seats or ["me"] + ["ai"] * (players - 1)
    asked = {"ruleset": game, "seats": seats, "level": "random"}
    if seed is not None:
        asked["seed"] = seed
    status, made = post(live, "/api/tables", asked)
    assert status == 201, made
    return made


class Seat:
    """One browser's socket, read message by message."""

    def __init__(self, live, link: str):
        url = live.url.replace("http", "ws") + link.replace("/t/", "/ws/")
        self.ws = websockets_sync.connect(url).__enter__()  # held open across calls, closed by close()
        self.view: dict = {}
        self.version = 0
        self.until(lambda m: m["type"] == "view")

    def recv(self) -> dict:
        message = json.loads(self.ws.recv(timeout=30))
        if message["type"] == "view":
            self.view, self.version = message["view"], message["version"]
        return message

    def until(self, test) -> dict:
        while True:
            message = self.recv()
            if test(message):
                return message

    def my_turn(self) -> None:
        while not (self.view.get("moves") or self.view.get("terminal")):
            self.recv()

    def send(self, message: dict | str) -> dict:
        """The server's answer: its error (or other reply), else the last view before the echo it asks for
        (the server answers one socket's messages in order)."""
        self.ws.send(message if isinstance(message, str) else json.dumps(message))
        self.ws.send(json.dumps({"op": "echo"}))
        replies, view = [], {}
        while (m := self.recv())["type"] != "echo":
            if m["type"] == "view":
                view = m
            else:
                replies.append(m)
        return replies[0] if replies else view

    def close(self) -> None:
        self.ws.close()


def snapshot(live, table_id: str) -> dict:
    return live.store.tables[table_id].state.to_json()


def test_hostile_http_requests_change_nothing_and_say_why(live):
    made = new_table(live)
    before = snapshot(live, made["table"])
    huge = b'{"ruleset": "' + b"x" * 100_000 + b'"}'
    cases = [
        b"not json",
        b"[1, 2]",
        b"{" * 10_000,
        b'{"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "name": "\\ud800"}',
        huge,
        {"ruleset": "nosuch", "seats": ["me"], "level": "random"},
        {"ruleset": "duzihu", "seats": ["me", "me", "ai"], "level": "random"},
        {"ruleset": "duzihu", "seats": ["me", "ai"], "level": "random"},
        {"ruleset": "duzihu", "seats": "me", "level": "random"},
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "godlike"},
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "seed": -1},
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "seed": "7"},
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "options": {"nosuch": 1}},
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "options": [1]},
        {"ruleset": ["duzihu"], "seats": ["me", "ai", "ai"], "level": "random"},
        b'{"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "options": {"first_dealer": 1e400}}',
        {"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random", "options": {"first_dealer": 1.5}},
    ]
    for body in cases:
        status, answer = post(live, "/api/tables", body)
        assert status == 400 and answer["message"], (body if isinstance(body, dict) else body[:40], answer)
    for name in ("../../etc/passwd", "x.json", ".hidden.json", "a/b.json", 7, "a" * 300 + ".json"):
        status, answer = post(live, "/api/resume", {"save": name})
        assert status == 400 and answer["message"]
    status, _ = post(live, "/api/tables", b"{}", headers={"Content-Length": "99999999"})
    assert status in (400, 413)
    # a body of another type (a form another site's page may post without asking) is not read
    asked = json.dumps({"ruleset": "duzihu", "seats": ["me", "ai", "ai"], "level": "random"}).encode()
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""):
        status, answer = post(live, "/api/tables?lang=ja", asked, headers={"Content-Type": kind})
        assert status == 415 and answer["message"] == "JSON ではないリクエスト (Content-Type: application/json)"
    status, answer = post(live, "/api/resume", {"save": "x.json"}, headers={"Content-Type": "text/plain"})
    assert status == 415 and "JSON" in answer["message"]
    assert get(live, f"/t/{made['table']}/not-a-token") == 404
    assert get(live, "/t/nosuch/nosuch") == 404
    assert get(live, "/rules/../../etc/passwd") == 404
    assert get(live, "/rules/duzihu") == 200
    assert snapshot(live, made["table"]) == before
    assert len(live.store.tables) == 1
    assert get(live, "/api/lobby") == 200
    status, _ = post(live, "/api/tables", asked, headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert status == 201


def test_the_lobby_names_the_seats_a_ruleset_names(save_dir, tmp_path):
    """A held-out Spades named its seats North, East...; the new-table form said "Seat 0" (its
    `seatLabel` uses the names the lobby gives)."""
    from interpreter.frontends.web.store import Game
    from tests.engine.tiny import HIGH_CARD

    path = tmp_path / "named.yaml"
    path.write_text(HIGH_CARD.replace("players: {count: 2}", "players: {count: 2, seat_names: [South, North]}"))
    live = LiveServer(save_dir, [Game("file:" + str(path), str(path))]).start()
    try:
        with urllib.request.urlopen(live.url + "/api/lobby", timeout=30) as r:
            [game] = json.loads(r.read())["games"]
        assert game["seat_names"] == [{"en": "South"}, {"en": "North"}]
    finally:
        live.stop()


def test_the_lobby_gives_every_option_its_label_in_each_language_beside_its_name(live):
    with urllib.request.urlopen(live.url + "/api/lobby", timeout=30) as r:
        games = {g["key"]: g for g in json.loads(r.read())["games"]}
    options = {o["name"]: o for o in games["hachinin_meri"]["options"]}
    assert options["deals"]["label"] == {
        "en": "Deals",
        "ja": "回数",
        "ms": "Bilangan agihan",
        "fa": "تعداد دورها",
        "hu": "Leosztások száma",
    }
    assert options["first_dealer"]["label"]["ja"] == "最初の親"
    assert options["deals"]["description"]["ja"] == "1試合の回数。"  # the description stays beside it
    assert {o["name"]: o["label"]["it"] for o in games["scopa"]["options"]} == {
        "target": "Punti per vincere",
        "first_dealer": "Primo mazziere",
    }
    assert all(o["label"].get("en") for g in games.values() for o in g["options"])


def test_an_option_without_a_label_has_an_empty_one_and_the_lobby_shows_its_name(tmp_path):
    from interpreter.frontends.web.app import _game_entry
    from interpreter.frontends.web.store import Game, Store

    mini = Path(__file__).resolve().parents[1] / "catalogue" / "files" / "ok_minimal.yaml"
    labelled = mini.with_name("ok_option_label.yaml")
    store = Store([Game("mini", str(mini)), Game("labelled", str(labelled))], tmp_path)
    [plain] = _game_entry(store, "mini")["options"]
    assert plain["name"] == "deals" and plain["label"] == {}
    [given] = _game_entry(store, "labelled")["options"]
    assert given["name"] == "deals" and given["label"] == {"en": "Deals", "ja": "回数"}


def test_hostile_socket_messages_change_nothing_and_say_why(live):
    # A fixed deal in which seat 0 is asked before seat 1 (the other person, who never moves here):
    # with a random one, seat 1 sometimes had to decide first and seat 0 waited for ever.
    made = new_table(live, "hachinin_meri", ["me", "person"] + ["ai"] * 6, seed=SEAT_0_FIRST)
    table = made["table"]
    refused = websockets_exceptions.InvalidStatus, websockets_exceptions.ConnectionClosed
    with pytest.raises(refused):  # a wrong token: the socket is closed at once (code 4403)
        Seat(live, f"/t/{table}/{'A' * 22}")
    with pytest.raises(refused):
        Seat(live, f"/t/nosuch/{made['links']['0'].rsplit('/', 1)[1]}")
    me = Seat(live, made["links"]["0"])
    other = Seat(live, made["links"]["1"])
    me.my_turn()
    before = snapshot(live, table)
    legal = me.view["moves"][0]["text"]
    bad = [
        "not json",
        "[]",
        '{"op": 5}',
        '{"op": "nosuch"}',
        json.dumps({"op": "act"}),
        json.dumps({"op": "act", "version": me.version}),
        json.dumps({"op": "act", "action": 7, "version": me.version}),
        json.dumps({"op": "act", "action": "x" * 3000, "version": me.version}),
        json.dumps({"op": "act", "action": "play nosuch-card", "version": me.version}),
        json.dumps({"op": "act", "action": legal, "version": me.version - 1}),  # stale
        json.dumps({"op": "act", "action": legal, "version": "1"}),
        json.dumps({"op": "offer", "action": "play", "chosen": "x"}),
        json.dumps({"op": "offer", "action": "play", "chosen": [1] * 100}),
        json.dumps({"op": "offer", "action": "nosuch", "chosen": []}),  # no such choice now
        json.dumps({"op": "offer", "action": "play", "chosen": ["x"]}),  # play takes one card
        '{"op": "act", "action": "play \\ud800", "version": 1}',  # a lone surrogate: no answer could quote it
        '{"op": "explain", "action": "\\udfff"}',
        json.dumps({"op": "explain", "action": "play \u0000"}),  # a control character: not echoed back
        json.dumps({"op": "undo", "version": me.version}),
        json.dumps({"op": "next"}),
        "[" * 3000,
        json.dumps({"op": "explain", "action": legal, "pad": "y" * 5000}),
    ]
    for raw in bad:
        answer = me.send(raw)
        assert answer["type"] == "error" and answer["message"], (raw[:60], answer)
        assert "\x00" not in answer["message"]
        assert snapshot(live, table) == before, raw[:60]
    assert me.send(json.dumps({"op": "act", "version": me.version - 3}))["code"] == "bad"  # malformed before stale
    for raw in (json.dumps({"op": "act", "action": legal, "version": other.version}), json.dumps({"op": "hint"})):
        answer = other.send(raw)  # seat 1 is not to act: refused, nothing shown of seat 0's moves
        assert answer["type"] == "error" and "moves" not in json.dumps(answer)
    answer = other.send(json.dumps({"op": "explain", "action": legal}))
    assert answer["type"] == "error"
    # why a card not in the hand cannot be played: the legal moves by card name, as the table writes them
    rs = live.store.tables[table].rs
    st = live.store.tables[table].state
    mine = {a.value for a in st.legal_actions()}
    foreign = next(c for c in range(rs.cards.count) if c not in mine and c not in st.zones[rs.zones[1].base])
    answer = me.send(json.dumps({"op": "explain", "action": f"play {rs.cards.ids[foreign]}"}))
    assert answer["type"] == "explain" and "legal: " in answer["message"], answer
    assert not any(f"play {rs.cards.ids[c]}" in answer["message"] for c in mine)
    assert snapshot(live, table) == before
    # a legal move with a stray field asking for another seat is only the sender's own move
    me.send(json.dumps({"op": "act", "action": legal, "version": me.version, "seat": 1}))
    assert live.store.tables[table].state.decisions > before["decisions"]
    me.ws.send(b"\x00\x01binary")  # a binary frame: answered as malformed, the socket stays open
    assert me.until(lambda m: m["type"] == "error")["code"] == "bad"
    me.ws.send(json.dumps({"op": "echo"}))
    assert me.until(lambda m: m["type"] in ("echo", "error"))["type"] == "echo"
    assert get(live, "/api/lobby") == 200
    other.close()
    me.close()


def test_a_restart_brings_every_table_back(save_dir):
    first = LiveServer(save_dir).start()
    made = new_table(first, "hachinin_meri")
    seat = Seat(first, made["links"]["0"])
    for _ in range(3):
        seat.my_turn()
        seat.send({"op": "act", "action": seat.view["moves"][0]["text"], "version": seat.version})
    seat.my_turn()
    seat.close()
    kept = first.store.tables[made["table"]].state.to_json()
    first.stop()
    assert first.errors == []
    second = LiveServer(save_dir).start()
    try:
        assert second.store.tables[made["table"]].state.to_json() == kept
        again = Seat(second, made["links"]["0"])
        assert again.view["moves"]
        again.close()
    finally:
        second.stop()
    assert second.errors == []


def _cardrules(args: list[str], stdin: str, env_dir) -> subprocess.CompletedProcess:
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(env_dir), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "interpreter", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_a_browser_table_goes_on_at_the_prompt_and_back(save_dir):
    server = LiveServer(save_dir).start()
    made = new_table(server, "duzihu")
    seat = Seat(server, made["links"]["0"])
    seat.my_turn()
    seat.close()
    table = server.store.tables[made["table"]]
    save, decisions = table.save_path, table.state.decisions
    server.stop()
    out = _cardrules(["play", "--resume", str(save)], "1\nquit\n", save_dir)
    assert out.returncode == 0, out.stdout + out.stderr
    server = LiveServer(save_dir).start()  # the browser's table again, with the move made at the prompt
    try:
        back = server.store.tables[made["table"]]
        assert back.state.decisions > decisions
    finally:
        server.stop()
    played = _cardrules(["play", "duzihu", "--seed", "3", "--agents", "random"], "quit\n", save_dir)
    assert played.returncode == 0, played.stderr
    server = LiveServer(save_dir).start()  # and a game of the prompt taken to the browser
    try:
        with urllib.request.urlopen(server.url + "/api/lobby") as r:
            saves = json.loads(r.read())["saves"]
        assert len(saves) == 1
        status, answer = post(server, "/api/resume", {"save": saves[0]["name"]})
        assert status == 201
        seat = Seat(server, answer["link"])
        assert seat.view["moves"] or seat.view["thinking"] is not None
        seat.close()
    finally:
        server.stop()
    assert server.errors == []


def test_seats_are_named_as_the_prompt_names_them_in_the_browsers_language(live):
    made = new_table(live, "hachinin_meri", ["person", "me"] + ["ai"] * 6)
    seat = Seat(live, made["links"]["1"])
    seat.ws.send(json.dumps({"op": "lang", "lang": "ja"}))
    full = seat.until(lambda m: m["type"] == "view" and m["events_from"] == 0)  # the lang's answer
    names = full["names"]
    assert names["seat"][1] == "あなた" and names["player"][1] == "あなた"
    assert names["player"][0].startswith("0 番席") and names["team"][0]
    seat.ws.send(json.dumps({"op": "lang", "lang": "en"}))
    again = seat.until(lambda m: m["type"] == "view" and m["events_from"] == 0)
    assert again["names"]["player"][2] == "Seat 2 (Team A)"
    assert len(again["said"]) == len(again["events"]) and all(isinstance(x, str) for x in again["said"])
    seat.close()


def test_the_help_of_serve_speaks_the_readers_language():
    import subprocess
    import sys

    # a process of its own: the language a command sets stays set for the rest of a process
    out = subprocess.run(
        [sys.executable, "-m", "interpreter", "--lang", "ja", "serve", "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0 and "待ち受けるポート。" in out.stdout and "The port to listen on." not in out.stdout


def test_serve_says_in_words_why_it_cannot_listen():
    # (found by hand: a port in use or a host that does not exist gave the server's log line, exit 3)
    import socket

    from click.testing import CliRunner

    from interpreter.frontends.cli import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert out.exit_code == 2, out.output
    assert f"port {port} is in use (by another program, or another cardrules serve); choose another" in out.output
    out = CliRunner().invoke(cli, ["serve", "--host", "999.1.1.1", "--port", "0"])
    assert out.exit_code == 2 and "there is no address '999.1.1.1' to listen on" in out.output, out.output
    assert "Errno" not in out.output


def test_serve_names_files_by_their_name_and_refuses_one_that_does_not_load(tmp_path):
    # (found by an outside author: the lobby told every browser `file:/tmp/...`, where the file lies on
    # the server; a file with a mistake was left out of the lobby without a word)
    from click.testing import CliRunner

    from interpreter.frontends.cli import cli
    from interpreter.frontends.web.command import own_keys

    keys = own_keys((str(tmp_path / "a" / "mygame.yaml"), str(tmp_path / "b" / "mygame.yaml"), "other.yml"))
    assert keys == [
        ("file:mygame", str(tmp_path / "a" / "mygame.yaml")),
        ("file:mygame-2", str(tmp_path / "b" / "mygame.yaml")),
        ("file:other", "other.yml"),
    ]
    broken = tmp_path / "broken.yaml"
    broken.write_text(HIGH_CARD.replace("players:", "players: [", 1), encoding="utf-8")
    out = CliRunner().invoke(cli, ["serve", "--port", "0", str(broken)])
    assert out.exit_code == 1, out.output
    assert "broken.yaml:" in out.output and "error:" in out.output and "Traceback" not in out.output


# the AI seat's hints fail (a division by zero) when it is to move (seat 0 leads, seat 1 follows)
FAILING_HINTS = (
    HIGH_CARD
    + """
hints:
  evaluate: "len(table) // (len(hand(seat)) - len(hand(seat)))"
"""
)


def test_an_ai_seat_whose_ruleset_fails_tells_the_table_and_changes_nothing(save_dir, tmp_path):
    from interpreter.frontends.web.store import Game

    path = tmp_path / "failing.yaml"
    path.write_text(FAILING_HINTS, encoding="utf-8")
    live = LiveServer(save_dir, [Game("file:" + str(path), str(path))]).start()
    try:
        asked = {"ruleset": "file:" + str(path), "seats": ["me", "ai"], "level": "greedy"}
        status, made = post(live, "/api/tables", asked)
        assert status == 201, made
        seat = Seat(live, made["links"]["0"])
        seat.my_turn()
        seat.ws.send(json.dumps({"op": "act", "action": seat.view["moves"][0]["text"], "version": seat.version}))
        told = seat.until(lambda m: m["type"] == "error")
        assert told["code"] == "failed" and "hints.evaluate" in told["message"], told
        before = snapshot(live, made["table"])
        assert before["decider"] == 1 and len(live.errors) == 1
        # the view says why the AI seat waits, and shows nobody thinking, until the game changes
        stuck = seat.until(lambda m: m["type"] == "view")["view"]
        assert stuck["thinking"] is None and "hints.evaluate" in stuck["stuck"], stuck
        seat.close()
    finally:
        live.stop()


def test_a_stock_with_a_card_turned_up_is_sent_as_its_size_and_that_card():
    """The view of a zone nobody sees holds its size only, unless a card lies face up in it (the
    trump under a stock): then that card too, and still nothing of the others."""
    from types import SimpleNamespace

    from interpreter.frontends.web.view import _zones
    from tests.engine.test_reveal_some import _grid

    rs = _grid()
    st = rs.new_game(seed=2)
    stock = st.zones[[rs.zone_label(z) for z in range(rs.zone_count)].index("stock")]
    zones = _zones(SimpleNamespace(rs=rs), st.observation(1), 1)
    assert zones["stock"] == {"count": len(stock), "up": [rs.cards.ids[stock[-1]]]}
    assert zones["grid"] == {"0": [None] * 4, "1": [None] * 4}


def test_a_zone_shown_by_its_size_whose_cards_lie_face_up_is_sent_open():
    """(a held-out Blackjack's discard tray, face-up cards counted, was drawn as a card back over
    the legend "a card shown by its back lies face down")"""
    from types import SimpleNamespace

    from interpreter.frontends.web.view import _zones
    from tests.engine.tiny import compile_text

    text = HIGH_CARD.replace("  table: {visibility: all}", "  table: {visibility: all, show: count}")
    assert text != HIGH_CARD
    rs = compile_text(text)
    st = rs.new_game(seed=1)
    assert _zones(SimpleNamespace(rs=rs), st.observation(1), 1)["table"] == 0
    st.apply_action(st.legal_actions()[0])
    assert _zones(SimpleNamespace(rs=rs), st.observation(1), 1)["table"] == {"count": 1, "open": True}
    deck = _zones(SimpleNamespace(rs=rs), st.observation(1), 1).get("deck")
    assert deck is None or isinstance(deck, int)  # (cards nobody sees: a number, a back)


def test_a_table_asked_for_without_a_level_plays_at_normal_as_the_lobby_does(live):
    """POST /api/tables without "level" was refused: "there is no such AI level" (a held-out user)."""
    status, made = post(live, "/api/tables", {"ruleset": "hachinin_meri", "seats": ["me"] + ["ai"] * 7})
    assert status == 201, made
    specs = live.store.tables[made["table"]].agent_specs
    assert specs[1:] == ["normal"] * 7, specs


@pytest.fixture
def served(save_dir):
    """`cardrules serve` in a process of its own, with the transport settings it really runs with."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        line = proc.stdout.readline()
        assert "http://" in line, line + proc.stderr.read()
        url = line.split("http://", 1)[1].split("/", 1)[0]
        yield type("Served", (), {"url": "http://" + url})()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_message_too_long_is_refused_and_the_seat_plays_on(served):
    """A message over 64 KiB closed the socket (code 1009) and the table seemed dead: now up to
    MAX_FRAME it is refused as too long, in the browser's language, and the seat still plays."""
    from interpreter.frontends.web.app import MAX_FRAME

    made = new_table(served, "hachinin_meri", ["me"] + ["ai"] * 7, seed=SEAT_0_FIRST)
    me = Seat(served, made["links"]["0"])
    me.ws.send(json.dumps({"op": "lang", "lang": "ja"}))
    me.my_turn()
    for size in (5_000, 70_000, MAX_FRAME - 100):
        answer = me.send(json.dumps({"op": "act", "action": "x" * size, "version": me.version}))
        assert answer["type"] == "error" and answer["message"] == "長すぎるメッセージ", (size, answer)
    me.ws.send(b"\x00" * 200_000)  # a long binary frame: malformed, the socket stays open
    assert me.until(lambda m: m["type"] == "error")["code"] == "bad"
    before = me.version
    moved = me.send({"op": "act", "action": me.view["moves"][0]["text"], "version": me.version})
    assert moved["type"] == "view" and me.version > before, moved
    # longer than the transport reads: that socket is closed (1009), and the seat opens a new one
    me.ws.send("y" * (MAX_FRAME + 1))
    with pytest.raises(websockets_exceptions.ConnectionClosed) as closed:
        while True:
            me.recv()
    assert closed.value.rcvd.code == 1009
    again = Seat(served, made["links"]["0"])
    again.ws.send(json.dumps({"op": "echo"}))
    again.until(lambda m: m["type"] == "echo")
    again.close()


# the flow fails (more cards asked for than the deck holds) in the game after LIMIT games
FAILS_LATER = """
cardrules: 1
id: fails_later
name: Fails later
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  games: {type: int}
actions:
  pass: {effect: []}
flow:
  - add: {games: 1}
  - if: "games > LIMIT"
    then:
      - move: {from: deck, to: "hand(0)", count: 99}
  - turn: {player: 0, actions: [pass]}
result:
  returns: "0"
  carry: [games]
"""


def test_a_ruleset_failing_to_deal_a_game_is_refused_saying_why_not_an_internal_error(save_dir, tmp_path):
    """A ruleset whose flow failed in its first deal answered POST /api/tables with a 500 and a
    traceback in the server's output; one failing in the next game of a match, an internal error."""
    from interpreter.frontends.web.store import Game

    games = []
    for limit in (0, 1):
        path = tmp_path / f"fails_{limit}.yaml"
        path.write_text(FAILS_LATER.replace("LIMIT", str(limit)), encoding="utf-8")
        games.append(Game("file:" + str(path), str(path)))
    live = LiveServer(save_dir, games).start()
    try:
        status, answer = post(live, "/api/tables", {"ruleset": games[0].key, "seats": ["me", "ai"], "level": "random"})
        assert status == 400 and answer["error"] == "failed", answer
        assert "cannot move 99 cards" in answer["message"] and not live.store.tables
        status, made = post(live, "/api/tables", {"ruleset": games[1].key, "seats": ["me", "ai"], "level": "random"})
        assert status == 201, made
        seat = Seat(live, made["links"]["0"])
        seat.my_turn()
        over = seat.send({"op": "act", "action": "pass", "version": seat.version})
        assert over["view"]["terminal"], over
        for _ in range(2):  # the game that ended stays, and the table answers again
            answer = seat.send({"op": "next"})
            assert answer["type"] == "error" and answer["code"] == "failed", answer
            assert "cannot move 99 cards" in answer["message"]
        assert live.store.tables[made["table"]].game_number == 1
        seat.close()
    finally:
        live.stop()
    assert live.errors == []


def test_a_shared_zone_the_ruleset_sorts_is_sent_in_that_order_with_who_placed_each_card():
    """The browser laid a Koi-Koi field in the order its cards came (the prompt sorts it, as the
    zone's `sort` says), so two cards of a month lay apart; each card keeps who placed it."""
    from types import SimpleNamespace

    from tests.engine.tiny import compile_text

    text = HIGH_CARD.replace("  table: {visibility: all}", '  table: {visibility: all, sort: "0 - card.value"}')
    text = text.replace("        - move: {from: table, to: deck, all: true}\n", "")  # (the cards stay on the table)
    rs = compile_text(text)
    st = rs.new_game(seed=2)
    while len(st.observation(0)["zones"]["table"]) < 4:
        st.apply_action(st.legal_actions()[-1])
    from interpreter.frontends.web.view import _zones

    obs = st.observation(0)
    zones = _zones(SimpleNamespace(rs=rs, state=st), obs, 0)
    values = [int(c.split("-")[1]) for c in zones["table"]["cards"]]
    assert values == sorted(values, reverse=True) and len(values) == 4
    assert [int(c.split("-")[1]) for c in obs["zones"]["table"]] != values  # (they came in another order)
    lying = list(zip(obs["zones"]["table"], obs["placed_by"]["table"]))
    assert sorted(lying) == sorted(zip(zones["table"]["cards"], zones["table"]["by"]))
