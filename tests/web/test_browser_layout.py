"""The seats around the felt in a real headless Chromium: many melds laid by every seat fit in
their plates (no plate over another, over the middle's cards or off the felt, at desk and at phone
width), and play goes round counterclockwise when the ruleset says `order: decreasing`."""

from __future__ import annotations

import pytest

from tests.web.test_browser_controls import _open

# six seats playing to seat - 1; every seat has nine melds laid before seat 0 is asked anything
MANY_MELDS = """
cardrules: 1
id: many_melds
name: {en: Many melds}
players: {count: 6, order: decreasing}
deck:
  copies: 4
  suits: [{id: hearts, name: Hearts, symbol: "H", color: red}, {id: spades, name: Spades, symbol: "S"},
          {id: clubs, name: Clubs, symbol: "C"}, {id: diamonds, name: Diamonds, symbol: "D", color: red}]
  ranks: [{id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}, {id: "7"}, {id: "8"}, {id: "9"}, {id: "10"},
          {id: j, name: Jack}, {id: q, name: Queen}, {id: k, name: King}, {id: a, name: Ace}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  melds: {per: seat, visibility: all, groups: true}
melds:
  kinds:
    set: {shape: set, size: 3}
actions:
  pass:
    effect: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - for_each:
      in: seats
      as: s
      steps:
        - repeat:
            times: 9
            steps:
              - move: {from: deck, to: "melds(s)", count: 3, group: set}
  - turn: {player: 0, actions: [pass]}
result:
  returns: "0"
"""

# what lies over what on the felt: pairs of seats, seats over the middle's cards, seats off the felt
OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const seats = [...document.querySelectorAll('#seats .seat')].map((s) => [s.dataset.seat, box(s)]);
  const middle = [...document.querySelectorAll('#center > *')].map(box);
  const felt = box(document.getElementById('seats'));
  const found = [];
  seats.forEach(([s, a], i) => {
    seats.slice(i + 1).forEach(([t, b]) => over(a, b) && found.push(`seat ${s} over seat ${t}`));
    middle.forEach((m) => over(a, m) && found.push(`seat ${s} over the middle`));
    if (a.top < felt.top - 1 || a.bottom > felt.bottom + 1 || a.left < felt.left - 1 || a.right > felt.right + 1)
      found.push(`seat ${s} off the felt`);
  });
  return found;
}"""


def _served(save_dir, tmp_path, name: str, text: str):
    """A live server offering one ruleset written for the test: (server, its game key), then stopped."""
    from interpreter.frontends.web.store import Game
    from tests.web.conftest import LiveServer

    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    live = LiveServer(save_dir, [Game("file:" + str(path), str(path))]).start()
    yield live, "file:" + str(path)
    live.stop()
    assert live.errors == []


@pytest.fixture
def many_melds(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "many_melds", MANY_MELDS)


def test_many_melds_fit_their_seats_and_play_goes_round_as_the_ruleset_says(many_melds, browser_page):
    """A seat's melds overflowed its plate, over the felt's edge and the other seats (a held-out
    Canasta); and seats were placed so that play always went round clockwise, `order: decreasing`
    or not (seat s+1 sits on the left of seat s: play to seat - 1 goes counterclockwise)."""
    live, game = many_melds
    page = browser_page("en", width=1280, height=800)
    _open(page, live, game, 6)
    p = page.page
    assert p.evaluate(OVERLAPS) == []
    # in the order of play from mine; the next to play sits on my right, the one before on my left
    assert p.eval_on_selector_all("#seats .seat", "ss => ss.map((s) => s.dataset.seat)") == list("054321")
    x = {s: p.locator(f"#seats .seat[data-seat='{s}']").bounding_box()["x"] for s in (0, 5, 1)}
    assert x[1] < x[0] < x[5], x
    # every meld of the other seats is there, each card by its suit and rank (its name to hover or read)
    chips = p.locator("#seats .seat-shown .chip.short")
    assert chips.count() == 5 * 9 * 3
    assert chips.first.inner_text().replace("\n", "") in {f"{s}{r}" for s in "HSCD" for r in "2345678910JQKA"}
    assert chips.first.get_attribute("aria-label") == chips.first.get_attribute("title") != ""
    p.set_viewport_size({"width": 390, "height": 844})
    p.wait_for_timeout(200)
    assert p.evaluate(OVERLAPS) == []
    assert p.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 1
    heights = p.eval_on_selector_all(".seat-shown", "ss => ss.map((s) => s.getBoundingClientRect().height)")
    assert max(heights) <= 160


ASK_A_SEAT = """
cardrules: 1
id: ask_a_seat
name: {en: Ask a seat}
players: {count: 3}
deck:
  suits: [{id: s, name: Spades}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}]
zones:
  deck: {visibility: none}
variables:
  asked: {type: seat}
actions:
  ask:
    param: {name: whom, from: "others_from(player)"}
    effect:
      - set: {asked: whom}
flow:
  - turn: {player: 0, actions: [ask]}
result:
  returns: "1 if seat == asked else 0"
"""


@pytest.fixture
def ask_a_seat(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "ask_a_seat", ASK_A_SEAT)


def test_a_move_whose_value_is_a_seat_names_the_seat_on_its_button(ask_a_seat, browser_page):
    """The web table's move buttons wrote a seat-valued move by its number (`ask 1`), where the
    prompt names the seat as the table does (`ask Seat 1`)."""
    _p, texts = _move_buttons(ask_a_seat, browser_page, ["me", "ai", "ai"])
    assert texts == ["ask Seat 1", "ask Seat 2"], texts


def _move_buttons(served, browser_page, seats: list[str]):
    """A table of the served game (seat 0 mine): its page, and the words on its move buttons."""
    from tests.web.test_browser_controls import _post

    live, game = served
    page = browser_page("en", width=1280, height=800)
    made = _post(live, "/api/tables", {"ruleset": game, "seats": seats, "level": "random", "seed": 1})
    p = page.page
    p.goto(live.url + made["links"]["0"])
    p.wait_for_selector("#mine button.move")
    buttons = p.locator("#mine button.move")
    return p, [buttons.nth(i).inner_text().split("\n")[-1] for i in range(buttons.count())]


RANKLESS = """
cardrules: 1
id: rankless
name: {en: Rankless cards}
players: {count: 2}
deck:
  suits: [{id: pine, name: Pine, symbol: "P"}]
  cards:
    - {id: pine-crane, name: Crane, suit: pine}
    - {id: pine-chaff, name: Chaff, suit: pine}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect: [{move: {from: "hand(player)", to: pile, cards: card}}]
flow:
  - move: {from: deck, to: "hand(0)", all: true}
  - turn: {player: 0, actions: [play]}
result:
  returns: "0"
"""


@pytest.fixture
def rankless(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "rankless", RANKLESS)


def test_cards_of_one_suit_without_ranks_are_drawn_with_their_names(rankless, browser_page):
    """Two cards of one suit and no rank (a hanafuda month's crane and its chaff) were drawn alike, by
    the suit's symbol alone; each now shows its own name in the middle."""
    from tests.web.test_browser_controls import _post

    live, game = rankless
    page = browser_page("en", width=1280, height=800)
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": 1})
    page.page.goto(live.url + made["links"]["0"])
    page.page.wait_for_selector(".card.legal svg")
    faces = page.page.eval_on_selector_all(".card.legal svg", "ss => ss.map((s) => s.textContent)")
    assert len(faces) == 2 and faces[0] != faces[1], faces
    assert any("Crane" in f for f in faces) and any("Chaff" in f for f in faces), faces


# one player; a move names a column (a zone) by its parameter; a card put on a column by the player
COLUMNS = """
cardrules: 1
id: columns
name: {en: Columns}
players: {count: 1}
deck:
  suits: [{id: pine, name: Pine, symbol: "P"}]
  ranks: [{id: "1", name: "1"}, {id: "2", name: "2"}, {id: "3", name: "3"}]
constants:
  cols: {type: "list[zone]", value: [left, right]}
zones:
  deck: {visibility: none}
  left: {visibility: all, label: Left column}
  right: {visibility: all, label: Right column}
actions:
  put:
    param: {name: z, from: cols}
    effect: [{move: {from: deck, to: z, count: 1}}]
flow:
  - repeat: {times: 3, steps: [{turn: {player: 0, actions: [put]}}]}
result:
  returns: "len(left)"
"""


@pytest.fixture
def columns(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "columns", COLUMNS)


def test_a_zone_valued_move_names_the_zone_and_a_lone_player_s_cards_name_nobody(columns, browser_page):
    """The buttons wrote `put left` (the zone's name in the file), and alone at the table every card
    the player put on a column was tagged `You`."""
    p, texts = _move_buttons(columns, browser_page, ["me"])
    assert texts == ["put Left column", "put Right column"], texts
    version = p.evaluate("document.body.dataset.version")
    p.locator("#mine button.move").first.click()
    p.wait_for_function(f"document.body.dataset.version !== '{version}'")
    p.wait_for_selector("#center .card")
    assert p.locator("#center .card").count() == 1
    assert "You" not in p.locator("#center").inner_text()
