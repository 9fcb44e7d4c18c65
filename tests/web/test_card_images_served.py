"""A ruleset's own card pictures at the browser table (display.images, issue 16): the server serves
the files the ruleset named and nothing else, the page draws faces and backs with them, and no
message to a seat names the picture of a card it may not see.

The game is tests/fixtures/card_images (eight cards, each with a picture, and a back).
"""

from __future__ import annotations

import json
import os
import random
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from tests.web.conftest import LiveServer  # noqa: E402
from tests.web.test_no_leaks import Socket, check, moments, visible  # noqa: E402, F401 (moments: a fixture)
from tests.web.test_server import post  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "card_images"
GAME = "card_images"


@pytest.fixture
def live(save_dir, monkeypatch):
    """A server whose lobby offers the picture game only."""
    from interpreter.frontends.web import store

    monkeypatch.setattr(store, "shipped_games", lambda: [store.Game(GAME, str(FIXTURE / "images.yaml"))])
    server = LiveServer(save_dir).start()
    yield server
    server.stop()
    assert server.errors == []


def fetch(live, path: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(live.url + path, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def table(live, seats: list[str]) -> dict:
    status, made = post(live, "/api/tables", {"ruleset": GAME, "seats": seats, "level": "random", "seed": 3})
    assert status == 201, made
    return made


def hello(live, link: str) -> dict:
    sock = Socket(live, link)
    try:
        return next(m for m in sock.settle() if m["type"] == "hello")["ruleset"]
    finally:
        sock.ws.close()


def test_the_deck_names_each_cards_picture_and_the_server_serves_exactly_those_files(live):
    made = table(live, ["me", "ai"])
    rs = hello(live, made["links"]["0"])
    urls = {c["id"]: c["image"] for c in rs["cards"]}
    assert all(urls.values()) and rs["back_image"]
    expected = {
        **{f"{s}-{r}": f"cards/{s}{r}.svg" for s in "sm" for r in "1234"},
        "m-3": "cards/moon-high.svg",
    }
    for cid, url in [*urls.items(), ("back", rs["back_image"])]:
        status, headers, body = fetch(live, url)
        assert status == 200, url
        assert headers["content-type"] == "image/svg+xml"
        assert headers["x-content-type-options"] == "nosniff"
        assert "sandbox" in headers["content-security-policy"]  # an svg opened by itself runs nothing
        name = "cards/back.svg" if cid == "back" else expected[cid]
        assert body == (FIXTURE / name).read_bytes()


def test_nothing_else_is_served_under_the_image_addresses(live):
    made = table(live, ["me", "ai"])
    rs = hello(live, made["links"]["0"])
    url = rs["cards"][0]["image"]
    base, _slash, name = url.rpartition("/")
    stem = name.partition(".")[0]
    for path in (
        f"{base}/{stem}.png",  # the right file by another type
        f"{base}/{stem}.yaml",
        f"{base}/999.svg",  # no such file
        f"{base}/-1.svg",
        f"{base}/..%2Fimages.yaml",
        f"{base}/%2e%2e/images.yaml",
        f"{base}/../../static/table.js.svg",
        f"{base}/images.yaml",
        f"{base}/cards/s1.svg",  # the ruleset's own path is not an address
        "/card-images/0000000000/0.svg",  # no such ruleset
        f"/card-images/{base.rpartition('/')[2]}x/0.svg",
    ):
        status, _headers, body = fetch(live, path)
        assert status == 404, path
        assert b"<svg" not in body and b"cardrules:" not in body


def test_no_message_names_the_picture_of_a_card_the_seat_may_not_see(live, moments):  # noqa: F811 (the fixture)
    """Two people play the whole game at random: every view passes the leak test's check, and views
    name no picture at all (the page finds a visible card's picture in the deck, by its id; a card
    it may not see is null and drawn with the back)."""
    made = table(live, ["me", "person"])
    store = live.store
    tab = store.tables[made["table"]]
    ids = set(tab.rs.cards.ids)
    sockets = {int(s): Socket(live, link) for s, link in made["links"].items()}
    rng = random.Random(7)
    pending: dict[int, list[dict]] = {}
    try:
        for _ in range(50):
            st = tab.state
            for s, sock in sockets.items():
                moments[s] = moments.get(s, Counter()) | visible(st, s)
                messages = pending.pop(s, []) + sock.settle()
                check(messages, st, s, moments[s], ids, GAME)
                for m in messages:
                    if m["type"] == "view":
                        assert "/card-images/" not in json.dumps(m), (s, m)
            if st.is_terminal():
                break
            seat = st.current_player()
            move = rng.choice(sockets[seat].view["moves"])["text"]
            sockets[seat].ws.send(json.dumps({"op": "act", "action": move, "version": sockets[seat].version}))
            pending[seat] = sockets[seat].settle()
        assert tab.state.is_terminal()
    finally:
        for sock in sockets.values():
            sock.ws.close()


def test_the_table_draws_faces_and_backs_with_the_rulesets_pictures(live, browser_page):
    """In Chromium: my hand shows each card's own picture and the deck's face-down pile the back
    (the table's cards are drawn by the same function); every picture loads."""
    from tests.web.test_browser import start_table

    page = browser_page()
    p = page.page
    start_table(page, live, GAME)
    rs = live.store.ruleset(str(FIXTURE / "images.yaml"))
    from interpreter.frontends.web.view import image_urls

    urls, back = image_urls(rs)
    faces = dict(zip(rs.cards.ids, urls))
    mine = p.eval_on_selector_all(
        "#mine .card", "cs => cs.map(c => [c.dataset.card, c.querySelector('image')?.getAttribute('href')])"
    )
    assert len(mine) == 3 and all(href == faces[cid] for cid, href in mine), mine
    assert p.eval_on_selector_all("#center .pile image", "xs => xs.map(x => x.getAttribute('href'))") == [back]
    # every picture on the page loads (a broken one would also be a console error)
    loaded = p.evaluate(
        "Promise.all([...new Set([...document.querySelectorAll('image')].map(i => i.getAttribute('href')))]"
        ".map(u => fetch(u).then(r => r.status)))"
    )
    assert loaded and set(loaded) == {200}
    if os.environ.get("CARDRULES_SHOT"):
        p.screenshot(path=os.environ["CARDRULES_SHOT"])
