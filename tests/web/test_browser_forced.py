"""The person's only legal move plays itself in the browser, as at the prompt (a held-out Spades:
every last card of a deal waited for a click); not once undo took it back, until the person moves
again, and not with the setting off."""

from __future__ import annotations

import pytest

from tests.engine.tiny import HIGH_CARD
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post
from tests.web.test_browser_layout import _served


@pytest.fixture
def high_card(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "high_card", HIGH_CARD)


def _moves(p) -> int:
    return p.locator("#mine .card.legal").count() + p.locator("#mine button.move").count()


def _version(p) -> str:
    return p.evaluate("document.body.dataset.version")


def _open(live, game, browser_page):
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 4})
    page = browser_page()
    page.page.goto(live.url + made["links"]["0"])
    return page


def _to_the_last_card(p) -> None:
    """Click legal cards until the person holds one card (three rounds of one card each)."""
    for _ in range(10):
        assert wait_for_me(p) == "me"
        if p.locator("#mine .card").count() == 1:
            return
        version = _version(p)
        p.locator("#mine .card.legal").first.click()
        p.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=30_000)
    raise AssertionError("never down to one card")


def test_an_only_legal_move_plays_itself_and_waits_after_an_undo(high_card, browser_page):
    live, game = high_card
    page = _open(live, game, browser_page)
    p = page.page
    _to_the_last_card(p)
    assert _moves(p) == 1
    p.wait_for_function("document.body.dataset.turn === 'over'", timeout=10_000)  # nobody clicked
    assert "It played itself" in p.locator("#toast").inner_text()
    # undo takes it back: now it waits for the person
    version = _version(p)
    p.locator("#undo").click()
    p.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=10_000)
    assert wait_for_me(p) == "me" and _moves(p) == 1
    held = _version(p)
    p.wait_for_timeout(2000)
    assert _version(p) == held and p.evaluate("document.body.dataset.turn") == "me"
    p.locator("#mine .card.legal").first.click()
    p.wait_for_function("document.body.dataset.turn === 'over'", timeout=10_000)
    assert live.errors == [] and page.errors == []


def test_with_the_setting_off_the_only_legal_move_waits(high_card, browser_page):
    live, game = high_card
    page = _open(live, game, browser_page)
    p = page.page
    p.evaluate("localStorage.setItem('cardrules.forced', 'false')")
    _to_the_last_card(p)
    held = _version(p)
    p.wait_for_timeout(2000)
    assert _version(p) == held and p.evaluate("document.body.dataset.turn") == "me"
    p.locator("#settings").click()
    assert not p.locator("#set-forced").is_checked()
    assert live.errors == [] and page.errors == []


@pytest.fixture
def words(save_dir, tmp_path):
    from tests.cli.test_prompt_words import WORDS

    yield from _served(save_dir, tmp_path, "words", WORDS)


def test_the_log_agrees_a_verb_in_a_placeholder_and_lists_seats_with_and(words, browser_page):
    """The browser writes the story as the prompt does (tests/cli/test_prompt_words.py)."""
    live, game = words
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_function("document.body.dataset.turn === 'over'", timeout=15_000)  # (every move was forced)
    log = p.locator("#log").inner_text()
    assert "You bet 2." in log and "You bets" not in log
    assert "You and Seat 1 split the pot; Seat 2 folds." in log
    assert live.errors == [] and page.errors == []


@pytest.fixture
def told(save_dir, tmp_path):
    from tests.cli.test_prompt_words import TOLD

    yield from _served(save_dir, tmp_path, "told", TOLD)


def test_the_log_tells_a_told_move_to_its_seat_as_you(told, browser_page):
    live, game = told
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_function("document.body.dataset.turn === 'over'", timeout=15_000)
    log = p.locator("#log").inner_text()
    assert "You: put in 2" in log and "Seat 1: puts in 2" in log, log
    assert live.errors == [] and page.errors == []


@pytest.fixture
def quiet(save_dir, tmp_path):
    from tests.cli.test_log_order import QUIET_DEAL

    yield from _served(save_dir, tmp_path, "quiet", QUIET_DEAL)  # (no event before its first move)


def test_an_only_legal_move_waits_while_a_deals_summary_is_read_then_plays_itself(quiet, browser_page):
    live, game = quiet
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_selector("dialog[open]", timeout=15_000)  # the first deal's summary (its move played itself)
    held = _version(p)
    p.wait_for_timeout(1500)
    assert _version(p) == held and p.evaluate("document.body.dataset.turn") == "me"  # not while it is open
    while p.locator("dialog[open]").count():
        p.locator("dialog[open] .dialog-buttons button").last.click()
        p.wait_for_timeout(200)
    p.wait_for_function("document.body.dataset.turn === 'over'", timeout=10_000)
    assert live.errors == [] and page.errors == []


@pytest.fixture
def scalar_rows(save_dir, tmp_path):
    from tests.cli.test_log_order import QUIET_DEAL

    rows = (
        '        - end_deal: {scores: "[0, 0]", totals: "[0, 0]", text: "Over.",'
        ' rows: [{label: Score, value: "[3, -3]"}, {label: Bonus, value: "7"}]}'
    )
    text = QUIET_DEAL.replace('        - end_deal: {scores: "[0, 0]", totals: "[0, 0]"}', rows)
    assert text != QUIET_DEAL
    yield from _served(save_dir, tmp_path, "scalar_rows", text)


def test_a_summary_row_of_one_value_beside_columns_is_said_with_its_label(scalar_rows, browser_page):
    """One number beside per-seat columns was drawn under the last seat's column, as if that seat
    alone had it (held-out Koi-Koi and Doppelkopf); the prompt says "Bonus: 7", and so does the table."""
    live, game = scalar_rows
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 1})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_selector("dialog[open] table.rows", timeout=15_000)
    rows = p.locator("dialog[open] table.rows tr")
    texts = [" ".join(rows.nth(i).inner_text().split()) for i in range(rows.count())]
    assert "Score 3 -3" in texts and "Bonus: 7" in texts, texts
    assert live.errors == [] and page.errors == []


@pytest.fixture
def mid(save_dir, tmp_path):
    from tests.cli.test_prompt_words import MID

    yield from _served(save_dir, tmp_path, "mid", MID)


def test_the_log_writes_you_in_lower_case_after_a_sentences_start(mid, browser_page):
    """As the prompt does (tests/cli/test_prompt_words.py): "Re you and Seat 2 win" for seat 0, "Seat 1
    and you lose" for seat 2."""
    live, game = mid
    for seat, said in ((0, "Re you and Seat 2 win; Seat 1 and Seat 2 lose."), (2, "Seat 1 and you lose.")):
        seats = ["ai", "ai", "ai"]
        seats[seat] = "me"
        made = _post(live, "/api/tables", {"ruleset": game, "seats": seats, "level": "random", "seed": 1})
        page = browser_page()
        p = page.page
        p.goto(live.url + made["links"][str(seat)])
        p.wait_for_function("document.body.dataset.turn === 'over'", timeout=15_000)  # (every move was forced)
        log = p.locator("#log").inner_text()
        assert said in log, log
        assert page.errors == []
    assert live.errors == []
