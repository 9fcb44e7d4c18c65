"""Meld kinds of the Rummy family: sets of one rank in different suits, sizes in a range, an ace high or
low (a held-out Rummy 500 could not say them and wrote every meld test as its own function)."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import compile_text

RUMMY = """
cardrules: 1
id: rummy_melds
name: Rummy melds
players: {count: 2}
deck:
  suits: [{id: c}, {id: d}, {id: h}, {id: s}]
  ranks:
    - {id: a, attrs: {low: 1, high: 14}}
    - {id: "2", attrs: {low: 2, high: 2}}
    - {id: "3", attrs: {low: 3, high: 3}}
    - {id: "4", attrs: {low: 4, high: 4}}
    - {id: "5", attrs: {low: 5, high: 5}}
    - {id: "6", attrs: {low: 6, high: 6}}
    - {id: "7", attrs: {low: 7, high: 7}}
    - {id: "8", attrs: {low: 8, high: 8}}
    - {id: "9", attrs: {low: 9, high: 9}}
    - {id: "10", attrs: {low: 10, high: 10}}
    - {id: j, attrs: {low: 11, high: 11}}
    - {id: q, attrs: {low: 12, high: 12}}
    - {id: k, attrs: {low: 13, high: 13}}
  attributes:
    low: {type: int, default: 0}
    high: {type: int, default: 0}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
melds:
  kinds:
    run: {shape: run, size: {min: 3}, sequence: [low, high], same: suit}
    set: {shape: set, size: {min: 3, max: 4}, same: rank}
  shapes:
    two: {groups: 2, pairs: 0, group_kinds: [run, set], pair_kinds: []}
actions:
  done: {effect: []}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [6]}
  - turn: {player: 0, actions: [done]}
result:
  returns: "len(partitions('two', hand(seat), 0)) if complete('two', hand(seat), 0) else -1"
"""


def _score(hand: list[str]) -> int:
    rs = compile_text(RUMMY, "rummy_melds.yaml")
    ids = list(rs.cards.ids)
    rest = [c for c in ids if c not in hand]
    order = [rs.cards.index()[c] for c in hand + rest]  # seat 0 is dealt the first six (packets of six)
    st = rs.new_game(seed=1, deck_orders=[order])
    assert sorted(st.observation(0)["zones"]["hand"][0]) == sorted(hand)
    st.apply_action(st.legal_actions()[0])
    return st.returns()[0]


@pytest.mark.parametrize(
    "hand, ways",
    [
        (["c-q", "c-k", "c-a", "h-7", "d-7", "s-7"], 1),  # an ace high ends a run
        (["c-a", "c-2", "c-3", "h-7", "d-7", "s-7"], 1),  # and low begins one
        (["c-3", "c-4", "c-5", "c-6", "c-7", "c-8"], 1),  # six in a row as two runs: 3-4-5 and 6-7-8
        (["h-9", "d-9", "s-9", "c-9", "c-10", "c-j"], 1),  # three 9s, and the fourth in a run
        (["c-k", "c-a", "c-2", "h-7", "d-7", "s-7"], -1),  # never round the corner
        (["c-7", "h-7", "c-8", "h-2", "h-3", "h-4"], -1),  # two of a rank are no set
    ],
)
def test_rummy_sets_and_runs(hand, ways):
    assert _score(hand) == ways


def test_a_range_of_sizes_takes_a_set_of_four_and_a_long_run():
    text = RUMMY.replace("packets: [6]", "packets: [8]")
    rs = compile_text(text, "rummy_melds.yaml")
    hand = ["h-9", "d-9", "s-9", "c-9", "s-2", "s-3", "s-4", "s-5"]
    ids = list(rs.cards.ids)
    order = [rs.cards.index()[c] for c in hand + [c for c in ids if c not in hand]]
    st = rs.new_game(seed=1, deck_orders=[order])
    st.apply_action(st.legal_actions()[0])
    assert st.returns()[0] == 1  # four 9s and four in a row: one way (no set of three leaves a run)


def test_a_set_of_copies_of_one_card_still_needs_no_same():
    text = RUMMY.replace("set: {shape: set, size: {min: 3, max: 4}, same: rank}", "set: {shape: set, size: 3}")
    assert check_text(text, "rummy_melds.yaml").ok


def test_same_names_suit_rank_or_an_attribute():
    text = RUMMY.replace("same: rank}", "same: colour}")
    report = check_text(text, "rummy_melds.yaml")
    assert not report.ok
    assert any(
        "'same' must be 'suit', 'rank' or a card attribute, not 'colour' (for sets)" in d.message
        for d in report.diagnostics
    )


def test_missing_counts_the_cards_a_rummy_hand_lacks():
    text = RUMMY.replace(
        "len(partitions('two', hand(seat), 0)) if complete('two', hand(seat), 0) else -1",
        "missing('two', hand(seat), 0)",
    )
    rs = compile_text(text, "rummy_melds.yaml")
    ids = list(rs.cards.ids)
    for hand, lacking in (
        (["c-q", "c-k", "h-7", "d-7", "s-2", "h-5"], 2),
        (["c-q", "c-k", "c-a", "h-7", "d-7", "s-7"], 0),
    ):
        order = [rs.cards.index()[c] for c in hand + [c for c in ids if c not in hand]]
        st = rs.new_game(seed=1, deck_orders=[order])
        st.apply_action(st.legal_actions()[0])
        assert st.returns()[0] == lacking, hand


@pytest.mark.parametrize(
    "hand, deadwood",
    [
        (["c-q", "c-k", "c-a", "h-7", "d-7", "s-7"], 0),
        (["c-3", "c-4", "c-5", "c-6", "h-6", "d-6"], 0),  # 3-4-5 and three 6s, not 3-4-5-6 and two 6s left
        (["c-2", "c-3", "c-4", "h-k", "d-k", "s-9"], 13 + 13 + 9),
        (["c-9", "c-10", "c-j", "c-q", "h-9", "d-9"], 0),  # 10-J-Q and three 9s
        (["c-9", "c-10", "c-j", "c-q", "h-9", "s-2"], 9 + 2),  # the run of four, the 9 of hearts and the 2 left
    ],
)
def test_leftover_is_the_deadwood_of_the_best_split(hand, deadwood):
    text = RUMMY.replace(
        "len(partitions('two', hand(seat), 0)) if complete('two', hand(seat), 0) else -1",
        "sum(c.low for c in leftover('two', hand(seat), [c.low for c in hand(seat)]))",
    )
    rs = compile_text(text, "rummy_melds.yaml")
    ids = list(rs.cards.ids)
    order = [rs.cards.index()[c] for c in hand + [c for c in ids if c not in hand]]
    st = rs.new_game(seed=1, deck_orders=[order])
    st.apply_action(st.legal_actions()[0])
    assert st.returns()[0] == deadwood


def test_leftover_needs_one_weight_per_card():
    text = RUMMY.replace(
        "len(partitions('two', hand(seat), 0)) if complete('two', hand(seat), 0) else -1",
        "len(leftover('two', hand(seat), [1]))",
    )
    rs = compile_text(text, "rummy_melds.yaml")
    st = rs.new_game(seed=1)
    st.apply_action(st.legal_actions()[0])
    with pytest.raises(Exception, match="one weight per card: 6 cards, 1 weights"):
        st.returns()


LAY_OFF = """
cardrules: 1
id: lay_off
name: Lay off
players: {count: 1}
deck:
  attributes:
    number: {type: int, default: 0}
  suits: [{id: c, name: Clubs}]
  ranks:
    - {id: "5", attrs: {number: 5}}
    - {id: "6", attrs: {number: 6}}
    - {id: "7", attrs: {number: 7}}
    - {id: "8", attrs: {number: 8}}
    - {id: "9", attrs: {number: 9}}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  melds: {per: seat, visibility: all, groups: true}
melds:
  kinds:
    run: {shape: run, size: {min: 3}, sequence: number, same: suit}
actions:
  lay_off:
    param: {name: card, from: "hand(player)"}
    effect:
      - move:
          {from: "hand(player)", to: "melds(player)", cards: card, into: 0,
           first: "card.number < first(melds(player)).number"}
flow:
  - move: {from: deck, to: "melds(0)", cards: "['c-6', 'c-7', 'c-8']", group: run}
  - move: {from: deck, to: "hand(0)", all: true}
  - turn: {player: 0, actions: [lay_off]}
  - turn: {player: 0, actions: [lay_off]}
result:
  returns: "0"
"""


def test_a_card_laid_off_at_a_runs_low_end_goes_before_its_cards():
    # a held-out Rummy 500: Clubs 5 laid off on 6-7-8 read "6, 7, 8, 5" (`into` added at the end only)
    rs = compile_text(LAY_OFF, "lay_off.yaml")
    st = rs.new_game(seed=1)
    st.apply_action("lay_off c-5")
    st.apply_action("lay_off c-9")
    assert st.observation(0)["groups"]["melds"][0] == [{"kind": "run", "cards": ["c-5", "c-6", "c-7", "c-8", "c-9"]}]


def test_first_needs_into():
    report = check_text(LAY_OFF.replace("cards: card, into: 0,", "cards: card,"), "lay_off.yaml")
    assert any("move.first places cards in a group named by `into`" in d.message for d in report.diagnostics)
