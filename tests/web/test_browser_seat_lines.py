"""`display.seats` on the seat plates: each plate shows its own seat's lines (Oh Hell: a seat's bid
once made, its total), and only its own."""

from __future__ import annotations

from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post


def test_each_plate_shows_its_seats_lines(live, browser_page):
    made = _post(
        live, "/api/tables", {"ruleset": "oh_hell", "seats": ["me", "ai", "ai", "ai"], "level": "random", "seed": 3}
    )
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    wait_for_me(p)
    plates = {
        int(p.locator("#seats .seat").nth(i).get_attribute("data-seat")): p.locator("#seats .seat").nth(i)
        for i in range(4)
    }
    for seat, plate in plates.items():
        lines = plate.locator(".seat-line").all_inner_texts()
        assert "total 0" in lines, (seat, lines)
    # seats 1-3 bid before seat 0 (the dealer, seed 3): their plates show their own bids
    bids = {s: [t for t in plates[s].locator(".seat-line").all_inner_texts() if t.startswith("bid ")] for s in plates}
    assert bids[0] == [] and all(len(bids[s]) == 1 for s in (1, 2, 3)), bids
    assert live.errors == [] and page.errors == []
