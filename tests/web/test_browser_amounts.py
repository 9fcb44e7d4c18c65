"""A long run of one action's whole numbers (`bet 1` ... `bet 40`) is one control at the table: a
number field and the action's button, numbered from its first move to its last, as the prompt
shows it as one entry (a held-out Texas Hold'em showed 99 raise buttons)."""

from __future__ import annotations

import pytest

from tests.cli.test_prompt_number_runs import BET
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _open
from tests.web.test_browser_layout import _served


@pytest.fixture
def bet(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "bet", BET)


def test_an_amount_is_typed_into_one_field_and_played_by_its_button(bet, browser_page):
    live, game = bet
    page = browser_page()
    _open(page, live, game, 2)
    p = page.page
    wait_for_me(p)
    assert p.locator("#mine button.move").count() == 2  # fold, and the run's one button
    run = p.locator("#mine .move-run")
    assert run.count() == 1 and "2–41" in run.inner_text() and "1–40" in run.inner_text()
    field = run.locator("input.amount")
    version = p.evaluate("document.body.dataset.version")
    field.fill("2000")  # out of range: the field says so, nothing is played
    run.locator("button").click()
    p.wait_for_timeout(300)
    assert p.evaluate("document.body.dataset.version") == version
    field.fill("17")
    field.press("Enter")
    p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    p.wait_for_function("document.querySelector('#log').innerText.includes('bet 17')")
    assert live.errors == [] and page.errors == []


@pytest.fixture
def bids(save_dir, tmp_path):
    skat = "[18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50]"
    yield from _served(save_dir, tmp_path, "bids", BET.replace('from: "range(1, 41)"', f'from: "{skat}"'))


def test_rising_amounts_not_one_apart_are_one_list_of_values(bids, browser_page):
    """A held-out Skat's 63 bid values (18, 20, 22, 23 ...) were 64 buttons."""
    live, game = bids
    page = browser_page()
    _open(page, live, game, 2)
    p = page.page
    wait_for_me(p)
    assert p.locator("#mine button.move").count() == 2  # fold, and the run's one button
    field = p.locator("#mine .move-run select.amount")
    assert field.locator("option").count() == 16 and field.locator("option").first.inner_text() == "18"
    version = p.evaluate("document.body.dataset.version")
    field.select_option("23")
    p.locator("#mine .move-run button").click()
    p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    p.wait_for_function("document.querySelector('#log').innerText.includes('bet 23')")
    assert live.errors == [] and page.errors == []
