"""The table's controls in a real headless Chromium: a choice of several cards by selecting then
confirming (passing three in Hearts), a claim's button naming the card and its discarder, the
keyboard, hint and undo, the settings (50% by default, remembered), the lobby in another
language with its rules pages, and phone width; no JavaScript error anywhere."""

from __future__ import annotations

import json
import urllib.request

from tests.web.test_browser import MAX_CLICKS, click_something, play_deal, start_table, wait_for_me


def _post(live, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        live.url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def _open(page, live, game: str, players: int, seed: int = 5) -> None:
    made = _post(
        live,
        "/api/tables",
        {"ruleset": game, "seats": ["me"] + ["ai"] * (players - 1), "level": "random", "seed": seed},
    )
    page.page.goto(live.url + made["links"]["0"])
    page.page.wait_for_selector("#mine .card")


def test_hearts_passes_three_cards_by_selecting_then_confirming(live, browser_page):
    page = browser_page("en")
    _open(page, live, "hearts", 4)
    p = page.page
    wait_for_me(p)
    assert p.locator("#confirm").is_disabled()
    for i in range(3):
        version = p.evaluate("document.body.dataset.version")
        p.locator("#mine .hand .card.legal:not(.selected)").first.click()
        p.wait_for_selector(f"#mine .hand .card.selected >> nth={i}")
        assert p.evaluate("document.body.dataset.version") == version  # chosen here, nothing played yet
    p.wait_for_selector("#confirm:enabled")
    chosen = p.eval_on_selector_all("#mine .card.selected", "cs => cs.map(c => c.dataset.card)")
    p.locator("#confirm").click()
    p.wait_for_function("document.querySelectorAll('#mine .card.selected').length === 0")
    p.wait_for_function(
        "cards => cards.every(c => !document.querySelector(`#mine .hand .card[data-card='${c}']`))"
        " || document.querySelector('#log .ev-received')",
        arg=chosen,
    )


def test_undo_after_passing_three_cards_gives_back_the_whole_choice(live, browser_page):
    """Undo takes back the three cards passed (every pick of the choice), not only its confirmation."""
    page = browser_page("en")
    _open(page, live, "hearts", 4)
    p = page.page
    wait_for_me(p)
    hand = p.eval_on_selector_all("#mine .hand .card", "cs => cs.map(c => c.dataset.card)")
    for i in range(3):
        p.locator("#mine .hand .card.legal:not(.selected)").first.click()
        p.wait_for_selector(f"#mine .hand .card.selected >> nth={i}")
    chosen = p.eval_on_selector_all("#mine .card.selected", "cs => cs.map(c => c.dataset.card)")
    p.locator("#confirm").click()
    p.wait_for_function(  # passed (three others received in their place)
        "cards => cards.every(c => !document.querySelector(`#mine .hand .card[data-card='${c}']`))", arg=chosen
    )
    wait_for_me(p)
    p.locator("#undo:enabled").click()
    p.wait_for_function("document.querySelectorAll('#mine .hand .card.legal').length === 13")
    assert p.eval_on_selector_all("#mine .hand .card", "cs => cs.map(c => c.dataset.card)") == hand
    assert p.locator("#mine .card.selected").count() == 0 and p.locator("#confirm").is_disabled()
    assert page.errors == []


def test_the_table_agrees_verbs_with_you_past_an_aside_and_in_a_list(live, browser_page):
    page = browser_page("en")
    _open(page, live, "hearts", 4)
    p = page.page
    me = p.evaluate("CR.table.T.seat")
    said = p.evaluate(
        "parts => parts.map(x => CR.table.parts({en: x}).textContent)",
        [
            [{"seat": me}, " (Daifugo) gives two cards back."],
            [{"seat": me}, " (", {"seat": me}, ", the dealer) has it and takes it."],
            [{"seat": (me + 1) % 4}, " (Daifugo) gives two cards back."],
            [{"seat": me}, " won the trick and leads next."],
            [{"seat": me}, " wins, leads and plays on. Then it passes, wins and leads."],
            [{"seat": me}, " draws and discards, or knocks."],
        ],
    )
    assert said[5] == "You draw and discard, or knock."
    assert said[3] == "You won the trick and lead next."
    assert said[4] == "You win, lead and play on. Then it passes, wins and leads."
    assert said[0] == "You (Daifugo) give two cards back."
    assert said[1].startswith("You (") and said[1].endswith(", the dealer) have it and take it.")
    assert said[2].endswith(" (Daifugo) gives two cards back.")


def test_a_text_the_ruleset_has_only_in_english_names_its_seats_in_english(live, browser_page):
    """(Hearts, English only, read "Three cards from te to 1. hely" on a Hungarian page.)"""
    page = browser_page("hu")
    _open(page, live, "hearts", 4)
    p = page.page
    me = p.evaluate("CR.table.T.seat")
    other = (me + 1) % 4
    said = p.evaluate(
        "parts => parts.map(x => CR.table.parts(x).textContent)",
        [{"en": ["From ", {"seat": me}, " to ", {"seat": other}]}, {"en": ["x"], "hu": ["Neki: ", {"seat": other}]}],
    )
    assert said[0] == f"From you to Seat {other}", said
    assert said[1] == f"Neki: {other}. hely", said  # (a text in the page's language: the page's words)
    assert p.evaluate("CR.state.words.you") != p.evaluate("CR.state.english.you")  # (the page's words are back)


def test_a_claim_button_names_the_card_and_its_discarder(live, browser_page):
    page = browser_page("en")
    _open(page, live, "duzihu", 3, seed=5)
    p = page.page
    for _ in range(MAX_CLICKS):
        wait_for_me(p)
        claim = p.locator("#mine button.move.claim")
        if claim.count():
            text = claim.first.inner_text()
            assert claim.first.locator(".chip").count() == 1 and "from Seat" in text, text
            return
        click_something(p)
    raise AssertionError("no claim came up")


def test_keyboard_hint_and_undo(live, browser_page):
    page = browser_page("en")
    start_table(page, live, "hachinin_meri", {"deals": 1})
    p = page.page
    wait_for_me(p)
    version = p.evaluate("document.body.dataset.version")
    p.keyboard.press("1")  # the first move, by its number
    p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    wait_for_me(p)
    p.locator("#hint").click()
    p.wait_for_selector("#toast.show.hint")
    assert p.locator("#toast").inner_text().startswith("Hint: ")
    p.keyboard.press("ArrowRight")
    assert p.evaluate("document.activeElement.closest('#mine') !== null")
    hand = p.eval_on_selector_all("#mine .hand .card", "cs => cs.map(c => c.dataset.card)")
    click_something(p)
    wait_for_me(p)
    p.locator("#undo:enabled").click()
    p.wait_for_function(f"document.querySelectorAll('#mine .hand .card').length === {len(hand)}")
    assert p.eval_on_selector_all("#mine .hand .card", "cs => cs.map(c => c.dataset.card)") == hand


def test_settings_start_at_half_and_are_remembered(live, browser_page):
    page = browser_page("en")
    p = page.page
    p.goto(live.url + "/")
    p.wait_for_selector("article.game")
    p.locator("#settings").click()
    for key in ("contrast", "grain", "warmth"):
        assert p.locator(f"#set-{key}").input_value() == "50"
    p.locator("#set-contrast").fill("80")
    p.locator("#set-lang").select_option("fa")
    p.wait_for_function("document.documentElement.dir === 'rtl'")
    p.reload()
    p.wait_for_selector("article.game")
    assert p.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--contrast').trim()") == "0.8"
    assert p.evaluate("document.documentElement.dir") == "rtl"


def test_the_lobby_speaks_the_chosen_language_and_links_every_rules_page(live, browser_page):
    page = browser_page("ja")
    p = page.page
    p.goto(live.url + "/")
    p.wait_for_selector("article.game")
    meri = p.locator("article[data-game='hachinin_meri']")
    assert meri.locator("h3").inner_text() == "八人メリ"
    assert "8" in meri.locator(".players").inner_text()
    meri.locator("button.new").click()
    deals = meri.locator("label[for='opt-deals'] .opt-name")  # the option's label, its name as the tooltip
    assert deals.inner_text() == "回数" and deals.get_attribute("title") == "deals"
    assert meri.locator("#opt-deals").get_attribute("data-opt") == "deals"
    links = p.eval_on_selector_all("article.game a.rules-link", "as => as.map(a => a.getAttribute('href'))")
    assert len(links) == p.locator("article.game").count() > 5
    for link in links:
        with urllib.request.urlopen(live.url + link) as r:
            assert r.status == 200 and b"<h" in r.read()


def test_the_new_table_form_leaves_your_own_seat_out_of_the_others_and_starts_at_normal(live, browser_page):
    page = browser_page("en")
    p = page.page
    p.goto(live.url + "/")
    meri = p.locator("article[data-game='hachinin_meri']")
    meri.locator("button.new").click()
    form = meri.locator("form.new-table")
    form.wait_for()
    shown = lambda: [  # noqa: E731  the seats whose choice is on the page (a hidden one has no offsetParent)
        int(x)
        for x in form.locator(".seat-choice").evaluate_all(
            "ls => ls.filter(l => l.offsetParent).map(l => l.dataset.seat)"
        )
    ]
    assert shown() == [1, 2, 3, 4, 5, 6, 7]
    form.locator("select[name='seat']").select_option("3")
    assert shown() == [0, 1, 2, 4, 5, 6, 7]
    assert form.locator("select[name='level']").input_value() == "normal"
    # every field stays inside the form (the seed's number input once overflowed a narrow card)
    right = form.evaluate("f => f.getBoundingClientRect().right")
    fields = form.locator("input, select").evaluate_all("xs => xs.map(x => x.getBoundingClientRect().right)")
    assert fields and max(fields) <= right + 0.5
    assert page.errors == []


def test_the_story_writes_you_take_not_you_takes(live, browser_page):
    """Hearts' texts are written for any seat ("{winner:seat} takes trick"): said to the person, the
    verb agrees with "You", as at the prompt."""
    page = browser_page("en")
    _open(page, live, "hearts", 4)
    play_deal(page)
    log = page.page.locator("#log").inner_text()
    assert "You take trick" in log
    assert "You takes" not in log and "You plays" not in log
    assert page.errors == []


def test_phone_width_keeps_the_hand_and_the_moves_on_the_page(live, browser_page):
    page = browser_page("en", width=390, height=844)
    start_table(page, live, "duzihu")
    p = page.page
    overflow = p.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1
    wait_for_me(p)
    box = p.locator("#mine").bounding_box()
    assert box is not None and box["width"] <= 390


# a declarer plays the dummy's cards: its hand is turned up in the other seat's box
DUMMY = """
cardrules: 1
id: dummy_click
name: {en: Dummy click}
players: {count: 2}
deck:
  suits: [{id: hearts, name: Hearts}]
  ranks: [{id: "9", name: "9"}, {id: "10", name: "10"}, {id: j, name: Jack}, {id: q, name: Queen}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  trick: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect: [{move: {from: "hand(player)", to: trick, cards: card}}]
  from_dummy:
    param: {name: card, from: "hand(1)"}
    effect: [{move: {from: "hand(1)", to: trick, cards: card, by: 1}}]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - reveal: "hand(1)"
  - repeat:
      times: 2
      steps:
        - turn: {player: 0, actions: [play]}
        - turn: {player: 0, actions: [from_dummy]}
result:
  returns: "0"
"""


def test_the_dummy_s_cards_are_played_by_clicking_them_in_its_seat(save_dir, tmp_path, browser_page):
    """A declarer's move naming a card of the dummy's turned-up hand had no button, and the card
    in the dummy's box was a label: a person with a mouse could not move (a held-out Bridge)."""
    from interpreter.frontends.web.store import Game
    from tests.web.conftest import LiveServer

    path = tmp_path / "dummy.yaml"
    path.write_text(DUMMY, encoding="utf-8")
    live = LiveServer(save_dir, [Game("file:" + str(path), str(path))]).start()
    try:
        page = browser_page()
        _open(page, live, "file:" + str(path), 2)
        p = page.page
        for _ in range(2):  # my own card, then the dummy's: each by clicking a card
            wait_for_me(p)
            dummy = p.locator("#seats .card.legal")
            if p.evaluate("document.body.dataset.turn") == "me" and dummy.count():
                assert p.locator("#mine button.move").count() == 0
                assert dummy.first.locator(".card-key").count() == 1  # numbered for the keyboard too
                version = p.evaluate("document.body.dataset.version")
                dummy.first.click()
                p.wait_for_function(f"document.body.dataset.version !== '{version}'")
                break
            click_something(p)
        else:
            raise AssertionError("the dummy's cards were never offered to click")
        log = p.locator("#log .ev-reveal").first.inner_text()
        assert log.count("Seat 1") + log.count("Seat 2") == 1, log  # the dummy named once, not before each card
    finally:
        live.stop()


def test_the_new_table_form_of_a_game_for_one_asks_for_no_other_seats_and_no_ai_level(save_dir, tmp_path, browser_page):
    """A held-out patience's new-table form offered an AI level and an empty list of other seats."""
    from interpreter.frontends.web.store import Game
    from tests.cli.test_prompt_story import SOLO
    from tests.web.conftest import LiveServer

    path = tmp_path / "solo.yaml"
    path.write_text(SOLO, encoding="utf-8")
    key = "file:" + str(path)
    live = LiveServer(save_dir, [Game(key, str(path)), *LiveServer(save_dir).games_or_shipped()]).start()
    try:
        page = browser_page("en")
        p = page.page
        p.goto(live.url + "/")
        for game, alone in ((key, True), ("hearts", False)):
            box = p.locator(f"article[data-game='{game}']")
            box.locator("button.new").click()
            form = box.locator("form.new-table")
            form.wait_for()
            level = form.locator("select[name='level']")
            assert level.evaluate("x => x.offsetParent === null") is alone, game
            assert form.locator("fieldset.others").evaluate("x => x.offsetParent === null") is alone, game
        assert page.errors == []
    finally:
        live.stop()


def test_the_new_table_form_names_the_seats_by_the_rulesets_names(save_dir, tmp_path, browser_page):
    """A held-out Spades named its seats North, East...; the lobby's form said "Seat 0"."""
    from interpreter.frontends.web.store import Game
    from tests.engine.tiny import HIGH_CARD
    from tests.web.conftest import LiveServer

    path = tmp_path / "named.yaml"
    path.write_text(HIGH_CARD.replace("players: {count: 2}", "players: {count: 2, seat_names: [South, North]}"))
    key = "file:" + str(path)
    live = LiveServer(save_dir, [Game(key, str(path))]).start()
    try:
        page = browser_page("en")
        p = page.page
        p.goto(live.url + "/")
        box = p.locator(f"article[data-game='{key}']")
        box.locator("button.new").click()
        form = box.locator("form.new-table")
        form.wait_for()
        assert form.locator("select[name='seat'] option").all_inner_texts() == ["South", "North"]
        assert page.errors == []
    finally:
        live.stop()


def test_the_tables_story_tells_a_move_by_its_told_words(save_dir, tmp_path, browser_page):
    """A held-out Spades: the menu's "look at your cards" was told in the log as a command."""
    from interpreter.frontends.web.store import Game
    from tests.cli.test_prompt_story import SOLO
    from tests.web.conftest import LiveServer

    path = tmp_path / "solo.yaml"
    path.write_text(SOLO.replace("  tap:\n    effect: []", "  tap:\n    told: tapped the table\n    effect: []"))
    key = "file:" + str(path)
    live = LiveServer(save_dir, [Game(key, str(path))]).start()
    try:
        page = browser_page("en")
        _open(page, live, key, 1)
        p = page.page
        for _ in range(2):  # a card played, then the tap (its button says "tap")
            wait_for_me(p)
            click_something(p)
        p.wait_for_function("document.querySelector('#log').textContent.includes('tapped the table')")
        assert p.locator("button.move", has_text="tapped").count() == 0
        assert page.errors == []
    finally:
        live.stop()
