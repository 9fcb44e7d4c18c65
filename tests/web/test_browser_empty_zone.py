"""An empty shared zone that one of my moves names is drawn at the table as an empty slot with its
label (a held-out patience's free column was a legal target nobody could see)."""

from __future__ import annotations

import pytest

from tests.cli.test_prompt_empty_zones import FREE
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post
from tests.web.test_browser_layout import _served


@pytest.fixture
def free(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "free", FREE)


def test_a_free_column_is_an_empty_slot_until_a_card_lies_there(free, browser_page):
    live, game = free
    page = browser_page()
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me"], "level": "random"})
    p = page.page
    p.goto(live.url + made["links"]["0"])  # (no hand: the page is ready when it is my turn)
    wait_for_me(p)
    empty = p.locator("#center .empty-zone")
    assert empty.count() == 1 and "column 2" in empty.inner_text().lower() and "empty" in empty.inner_text()
    version = p.evaluate("document.body.dataset.version")
    p.locator("#mine button.move", has_text="Column 2").click()
    p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    p.wait_for_function("document.querySelectorAll('#center .empty-zone').length === 0")
    assert live.errors == [] and page.errors == []
