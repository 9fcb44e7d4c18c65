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
