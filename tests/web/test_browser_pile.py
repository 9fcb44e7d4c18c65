"""A shared zone shown by its top card (`show: top`, a discard pile) is drawn in the browser as that
card face up on a stack, its size beside its name, not as a back with a count and the card apart (a
held-out Canasta's pile looked like a second stock); a zone's name is written as the ruleset writes
it ("Team A's melds" read "team a's melds")."""

from __future__ import annotations

import pytest

from tests.engine.tiny import HIGH_CARD
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post
from tests.web.test_browser_layout import _served

PILE = HIGH_CARD.replace("  table: {visibility: all}", '  table: {visibility: all, show: top, label: "The Pile"}')


@pytest.fixture
def pile(save_dir, tmp_path):
    assert PILE != HIGH_CARD
    yield from _served(save_dir, tmp_path, "pile", PILE)


def test_a_pile_shown_by_its_top_card_is_that_card_face_up_with_its_size(pile, browser_page):
    live, game = pile
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    assert wait_for_me(p) == "me"
    if not p.evaluate("CR.table.T.view.zones.table.count || 0"):  # (seat 0 leads: one card down first)
        p.locator("#mine .card.legal").first.click()
        p.wait_for_function("CR.table.T.view.zones.table.count > 0 || CR.table.T.view.to_act === 0", timeout=10_000)
    zone = p.evaluate("CR.table.T.view.zones.table")
    if not (isinstance(zone, dict) and zone.get("count")):
        pytest.skip("no card on the pile at a decision of this deal")
    top = zone["up"][-1]
    p.wait_for_selector(f'#center .pile-stack.face-up .card[data-card="{top}"]')
    assert p.locator("#center .pile-stack.face-up .pile-count").count() == 0
    assert f"The Pile ({zone['count']})" in p.locator("#center .pile .zone-label").all_inner_texts()
    assert live.errors == [] and page.errors == []


SHARED_MELDS = """
cardrules: 1
id: shared_melds
name: Shared melds
players: {count: 2}
deck:
  suits: [{id: hearts, name: Hearts}, {id: spades, name: Spades}]
  ranks: [{id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all, groups: true}
melds:
  kinds:
    pair: {shape: set, size: 2, label: {en: a pair}}
    three: {shape: run, size: 3, label: {en: a run}}
actions:
  pass:
    effect: []
flow:
  - move: {from: deck, to: table, count: 3, group: three}
  - move: {from: deck, to: table, count: 2, group: pair}
  - turn: {player: 0, actions: [pass]}
result:
  returns: "0"
"""


@pytest.fixture
def shared_melds(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "shared_melds", SHARED_MELDS)


def test_melds_in_the_middle_show_their_kind(shared_melds, browser_page):
    """A held-out Canasta's canastas looked like any meld in the browser; the prompt names them."""
    live, game = shared_melds
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_selector("#center .meld-fan-kind .meld-kind")
    assert p.locator("#center .meld-fan-kind .meld-kind").all_inner_texts() == ["a run", "a pair"]
    assert live.errors == [] and page.errors == []
