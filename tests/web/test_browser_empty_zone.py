"""An empty shared zone that one of my moves names is drawn at the table as an empty slot with its
label (a held-out patience's free column was a legal target nobody could see)."""

from __future__ import annotations

from tests.cli.test_prompt_empty_zones import FREE
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post


def test_a_free_column_is_an_empty_slot_until_a_card_lies_there(save_dir, tmp_path, browser_page):
    from interpreter.frontends.web.store import Game
    from tests.web.conftest import LiveServer

    path = tmp_path / "free.yaml"
    path.write_text(FREE, encoding="utf-8")
    live = LiveServer(save_dir, [Game("file:" + str(path), str(path))]).start()
    try:
        page = browser_page()
        made = _post(live, "/api/tables", {"ruleset": "file:" + str(path), "seats": ["me"], "level": "random"})
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
    finally:
        live.stop()
