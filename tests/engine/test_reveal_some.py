"""`reveal: {zone, cards | at | count, end}`: some cards of a zone turned face up where they lie.

Tiny rulesets only: a Golf-like grid dealt face down in front of each seat (unknown even to its
owner), a card of it chosen by index and turned up, and a stock whose last card is turned up.
"""

from __future__ import annotations

import random

import pytest

from interpreter.agents.determinize import Determinizer
from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from interpreter.text.rules_page import render_rules
from tests.engine.tiny import compile_text

GRID = """
cardrules: 1
id: grid
name: Grid
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
  copies: COPIES
zones:
  deck: {visibility: none}
  stock: {visibility: none}
  grid: {per: seat, visibility: all}
variables:
  score: {type: int, per: seat}
actions:
  turn_up:
    param: {name: index, from: "[e.index for e in entries('grid', player) if not e.face_up]"}
    effect:
      - reveal: {zone: "grid(player)", at: index}
      - add: {"score[player]": "grid(player)[index].rank_order"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: grid, seats: "seats_from(0)", packets: [4]}
  - move: {from: deck, to: stock, all: true}
  - reveal: {zone: stock, count: 1, end: back}
  - repeat:
      times: 3
      steps:
        - for_each: {in: "seats_from(0)", as: s, steps: [{turn: {player: s, actions: [turn_up]}}]}
result:
  returns: "score[seat]"
"""


def _grid(copies: int = 1):
    return compile_text(GRID.replace("COPIES", str(copies)))


def _zone(rs, label: str) -> int:
    return [rs.zone_label(z) for z in range(rs.zone_count)].index(label)


def test_a_card_chosen_by_index_turns_up_where_it_lies_and_nothing_else_changes():
    rs = _grid()
    st = rs.new_game(seed=4, story=True)
    z = _zone(rs, "grid(0)")
    before = list(st.zones[z])
    # dealt face down in front of the seat by the flow: unknown to everybody, its owner included
    assert st.observation(0)["zones"]["grid"][0] == [None] * 4
    st.apply_action("turn_up 2")
    assert st.zones[z] == before  # nothing moved
    assert [m & 1 for m in st.meta[z]] == [0, 0, 1, 0]
    card = rs.cards.ids[before[2]]
    for seat in (0, 1):  # face up where everybody sees the zone: both seats see it, at its place
        assert st.observation(seat)["zones"]["grid"][0] == [None, None, card, None]
    reveal = [e for e in st.observation(1)["events"] if e["kind"] == "reveal"][-1]
    assert reveal["cards"] == [card] and reveal["seat"] == 0 and reveal["zone"] == "grid"
    # the index is what the menu names, never the face-down card
    assert [a.text for a in st.legal_actions()] == ["turn_up 0", "turn_up 1", "turn_up 3"] or st.current_player() == 1


def test_count_from_the_back_turns_up_the_last_card_of_a_stock():
    rs = _grid()
    st = rs.new_game(seed=1, story=True)
    z = _zone(rs, "stock")
    assert [m & 1 for m in st.meta[z]] == [0] * (len(st.zones[z]) - 1) + [1]
    seen = st.observation(0)["zones"]["stock"]
    assert seen[:-1] == [None] * (len(seen) - 1) and seen[-1] == rs.cards.ids[st.zones[z][-1]]


def test_cards_named_turn_up_a_face_down_copy_first():
    text = GRID.replace("COPIES", "2").replace(
        '      - reveal: {zone: "grid(player)", at: index}',
        '      - reveal: {zone: "grid(player)", cards: "[grid(player)[index], grid(player)[index]]"}',
    )
    rs = compile_text(text)
    for seed in range(200):
        st = rs.new_game(seed=seed)
        z = _zone(rs, "grid(0)")
        cards = st.zones[z]
        twins = [i for i, c in enumerate(cards) if cards.count(c) == 2]
        if twins:
            st.apply_action(f"turn_up {twins[0]}")  # both copies of that face turn up, each once
            assert [st.meta[z][i] & 1 for i in twins] == [1, 1]
            assert sum(m & 1 for m in st.meta[z]) == 2
            return
    pytest.fail("no deal put two copies of a face in one grid")


def test_samples_keep_a_card_turned_up_where_it_was_seen():
    rs = _grid()
    for seed in range(8):
        st = rs.new_game(seed=seed)
        st.apply_action("turn_up 1")  # seat 0's second card, now face up; seat 1 to play
        z = _zone(rs, "grid(0)")
        shown = st.zones[z][1]
        det = Determinizer(st, 1, random.Random(seed))
        for _ in range(10):
            world = det.sample()
            assert world.zones[z][1] == shown and world.meta[z][1] & 1


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("{zone: stock, count: 1, at: 0}", "reveal takes one of 'cards', 'count' and 'at', not count and at"),
        ("{zone: stock, at: \"'red-1'\"}", "reveal.at needs an index (a whole number) or a list of them"),
        ('{zone: stock, cards: "1"}', "reveal.cards needs a card or a list of cards"),
        ("{zone: stok, count: 1}", "unknown zone 'stok'"),
    ],
)
def test_a_wrong_reveal_is_a_clear_error(step, message):
    text = GRID.replace("COPIES", "1").replace("  - reveal: {zone: stock, count: 1, end: back}", f"  - reveal: {step}")
    report = check_text(text, "grid.yaml")
    assert not report.ok
    assert any(message in d.message for d in report.diagnostics), [d.message for d in report.diagnostics]


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("{zone: stock, at: 99}", "no card at index 99 of stock, which holds 4"),
        ("{zone: stock, count: 5}", "cannot turn up 5 cards: stock holds 4"),
        ("{zone: stock, cards: \"'red-1'\"}", "cannot turn up red-1: it is not in stock"),
    ],
)
def test_a_reveal_that_cannot_be_done_names_what_is_missing(step, message):
    text = GRID.replace("COPIES", "1").replace("  - reveal: {zone: stock, count: 1, end: back}", f"  - reveal: {step}")
    text = text.replace("  - move: {from: deck, to: stock, all: true}", "  - move: {from: deck, to: stock, count: 4}")
    rs = compile_text(text)
    for seed in range(30):  # (red-1 is in the stock in some deals: find one where it is not)
        try:
            rs.new_game(seed=seed)
        except FlowError as exc:
            assert message in str(exc)
            return
    pytest.fail("the reveal never failed")


def test_the_rules_page_says_which_cards_turn_up():
    rs = _grid()
    page = render_rules(rs.model, ruleset=rs)
    assert "turn the last `1` card(s) of stock face up" in page
