"""The lobby and tables of a ruleset with players.choices: a table is made with one of its numbers
of players (the length of its seats list), saved with it and brought back with it."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytest.importorskip("websockets.sync.client")

from tests.engine.tiny import CHOICES  # noqa: E402
from tests.web.conftest import LiveServer  # noqa: E402
from tests.web.test_server import Seat, post  # noqa: E402


@pytest.fixture
def game(tmp_path):
    from interpreter.frontends.web.store import Game

    path = tmp_path / "choices.yaml"
    path.write_text(CHOICES, encoding="utf-8")
    return Game("choices", str(path))


def lobby(live) -> dict:
    with urllib.request.urlopen(live.url + "/api/lobby", timeout=30) as r:
        return json.loads(r.read())


def test_a_table_has_as_many_seats_as_its_seats_list_and_keeps_them_over_a_restart(save_dir, game):
    first = LiveServer(save_dir, [game]).start()
    try:
        [entry] = lobby(first)["games"]
        assert entry["players"] == 3 and entry["choices"] == [2, 3, 4]
        status, made = post(first, "/api/tables", {"ruleset": "choices", "seats": ["me", "ai"], "level": "random"})
        assert status == 201, made
        table = first.store.tables[made["table"]]
        assert table.rs.num_players == 2 and len(table.state.returns()) == 2
        assert json.loads(table.save_path.read_text().splitlines()[0])["players"] == 2
        seat = Seat(first, made["links"]["0"])
        seat.my_turn()
        seat.send({"op": "act", "action": seat.view["moves"][0]["text"], "version": seat.version})
        seat.close()
        kept = table.state.to_json()
        for seats in (["me", "ai", "ai", "ai", "ai"], ["me"], ["me", "ai", "ai", "ai", "ai", "ai", "ai", "ai"]):
            status, answer = post(first, "/api/tables", {"ruleset": "choices", "seats": seats, "level": "random"})
            assert status == 400 and answer["error"] == "bad", answer
        status, made4 = post(first, "/api/tables", {"ruleset": "choices", "seats": ["ai", "me", "person", "ai"]})
        assert status == 201 and first.store.tables[made4["table"]].rs.num_players == 4
    finally:
        first.stop()
    assert first.errors == []
    second = LiveServer(save_dir, [game]).start()
    try:
        assert second.store.problems == []
        back = second.store.tables[made["table"]]
        assert back.rs.num_players == 2 and back.state.to_json() == kept
        assert second.store.tables[made4["table"]].rs.num_players == 4
    finally:
        second.stop()
    assert second.errors == []


def test_the_lobby_offers_no_choice_for_a_fixed_number_of_players(live):
    assert all(g["choices"] is None for g in lobby(live)["games"] if g["key"] != "oh_hell")


def test_the_lobby_asks_for_the_number_of_players_and_lays_out_as_many_seats(save_dir, game, browser_page):
    live = LiveServer(save_dir, [game]).start()
    try:
        page = browser_page()
        p = page.page
        p.goto(live.url + "/")
        card = p.locator("article[data-game='choices']")
        assert card.locator("p.players").inner_text() == "2, 3, 4 players"
        card.locator("button.new").click()
        form = card.locator("form")
        assert form.locator("select[name=players]").input_value() == "3"
        assert form.locator("select[name=seat] option").count() == 3
        form.locator("select[name=players]").select_option("4")
        assert form.locator("select[name=seat] option").count() == 4
        assert form.locator(".seat-choice").count() == 4 and form.locator(".seat-choice:visible").count() == 3
        form.locator("select[name=seat]").select_option("3")
        form.locator("select[name=players]").select_option("2")  # your seat 3 is gone: the last one is yours
        assert form.locator("select[name=seat]").input_value() == "1"
        form.locator("select[name=level]").select_option("random")
        form.locator("button[type=submit]").click()
        p.wait_for_selector(".seat")
        [table] = live.store.tables.values()
        assert table.rs.num_players == 2 and min(table.tokens) == 1
    finally:
        live.stop()
    assert live.errors == []
