"""A card that a choice of several (a meld) and a move of that card alone (a discard) both name asks
which, in the browser; a card only the single move names plays it; and a refused card is explained
by the rule of the move it would make alone (a held-out Canasta: a discardable card that could also
start a meld could not be discarded by click or key, and a refused discard was explained by a meld's
rule)."""

from __future__ import annotations

import pytest

from tests.engine.tiny import compile_text
from tests.web.test_browser import wait_for_me
from tests.web.test_browser_controls import _post
from tests.web.test_browser_layout import _served

MELD_OR_DISCARD = """
cardrules: 1
id: meld_or_discard
name: Meld or discard
players: {count: 2}
deck:
  suits: [{id: s, name: Stars}, {id: m, name: Moons}]
  ranks: [{id: "1", name: "1"}, {id: "2", name: "2"}, {id: "3", name: "3"}, {id: "4", name: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
  melds: {visibility: all}
actions:
  meld:
    text: Meld two cards of one rank.
    param: {name: cards, from: "hand(player)", count: {min: 2, max: 2}}
    legal_if:
      - {id: T-1, text: a meld is of one rank, require: "cards[0].rank == cards[1].rank"}
    effect: [{move: {from: "hand(player)", to: melds, cards: cards}}]
  discard:
    text: Discard a card.
    param: {name: card, from: "hand(player)"}
    legal_if:
      - {id: T-2, text: the 4s may not be discarded, require: "card.rank != '4'"}
    effect: [{move: {from: "hand(player)", to: pile, cards: card}}]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - repeat:
      times: 2
      steps:
        - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [meld, discard]}}]}
result: {returns: "0"}
"""


def _seed() -> tuple[int, str, str]:
    """A deal where seat 0 opens holding a pair (not of 4s: a card both moves name) and another
    card that no meld takes but a discard does, or a 4 no move takes."""
    rs = compile_text(MELD_OR_DISCARD)
    for seed in range(200):
        st = rs.new_game(seed=seed)
        legal = [a.text for a in st.legal_actions()]
        picks = {t.split("+")[1] for t in legal if t.startswith("meld +")}
        alone = {t.split(" ")[1] for t in legal if t.startswith("discard ")}
        both = sorted(picks & alone)
        fours = [c for c in rs.cards.ids if c.endswith("-4") and c not in alone and c not in picks]
        mine = set(st.observation(0)["zones"]["hand"][0])
        four = [c for c in fours if c in mine]
        if st.current_player() == 0 and both and four:
            return seed, both[0], four[0]
    raise AssertionError("no such deal")


@pytest.fixture
def meld_or_discard(save_dir, tmp_path):
    yield from _served(save_dir, tmp_path, "meld_or_discard", MELD_OR_DISCARD)


def test_a_card_a_meld_and_a_discard_both_name_asks_which_and_a_refused_one_is_explained_by_its_rule(
    meld_or_discard, browser_page
):
    live, game = meld_or_discard
    seed, both, four = _seed()
    made = _post(live, "/api/tables", {"ruleset": game, "seats": ["me", "ai"], "level": "random", "seed": seed})
    page = browser_page()
    p = page.page
    p.goto(live.url + made["links"]["0"])
    assert wait_for_me(p) == "me"
    p.locator(f'#mine .card[data-card="{four}"]').first.click()  # a 4: no discard, no meld
    p.wait_for_selector("#toast.show.rule")
    assert "(T-2)" in p.locator("#toast").inner_text()  # the discard's rule, not the meld's
    p.locator(f'#mine .card[data-card="{both}"]').first.click()
    p.wait_for_selector("dialog[open] .moves button")
    choices = p.locator("dialog[open] .moves button").all_inner_texts()
    assert any(t.startswith("discard") for t in choices) and any(t.startswith("meld") for t in choices), choices
    p.locator("dialog[open] .moves button", has_text="discard").first.click()
    p.wait_for_function(f"CR.table.T.view.zones.pile.cards.includes('{both}')", timeout=10_000)
    assert live.errors == [] and page.errors == []
