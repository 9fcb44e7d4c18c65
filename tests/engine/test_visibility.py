"""Hidden information follows the zone's visibility (issue 15, bug 5).

A card played face up and then moved into a zone that nobody sees is hidden
there again, unless the move says `face: up` or the zone is revealed.
"""

from __future__ import annotations

import pytest

from tests.engine.tiny import compile_text

PILE = """
cardrules: 1
id: pile
name: Pile
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
  pile: {visibility: none}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play]}
  - move: {from: table, to: pile, all: true__FACE__}
  - turn: {player: 1, actions: [play]}
  __AFTER__
result:
  returns: "0"
"""


def _after_first_trick(face: str = "", after: str = ""):
    rs = compile_text(PILE.replace("__FACE__", face).replace("__AFTER__", after))
    st = rs.new_game(seed=2)
    played = st.legal_actions()[0]
    st.apply_action(played)
    return st, played.value


@pytest.mark.parametrize("seat", [0, 1])
def test_a_face_up_card_moved_into_a_zone_nobody_sees_is_hidden_from_every_seat(seat):
    st, _ = _after_first_trick()
    assert st.observation(seat)["zones"]["pile"] == [None]


def test_a_move_that_says_face_up_shows_the_card_in_a_zone_nobody_sees():
    st, card = _after_first_trick(face=", face: up")
    assert st.observation(1)["zones"]["pile"] == [st.rs.cards.ids[card]]


def test_reveal_shows_the_cards_of_a_zone_nobody_sees():
    rs = compile_text(PILE.replace("__FACE__", "").replace("__AFTER__", "- reveal: pile"))
    st = rs.new_game(seed=2)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert None not in st.observation(1)["zones"]["pile"]


@pytest.mark.parametrize("game", ["hachinin_meri", "duzihu", "hearts", "gin_rummy", "oh_hell", "scopa"])
def test_every_zone_shows_each_seat_exactly_the_cards_card_visible_allows(root, game):
    """`visible_cards` (the zone's visibility looked up once) agrees card by card with `card_visible`,
    for every seat, every zone, at every decision of random play."""
    import random

    import interpreter
    from interpreter.engine.observe import card_visible, visible_cards

    rs = interpreter.load(str(root / "rulesets" / f"{game}.yaml"))
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        st = rs.new_game(seed=seed, options={"deals": 1} if "deals" in rs.options else {})
        while not st.is_terminal() and checked < 400:
            for seat in range(rs.num_players):
                for z in range(rs.zone_count):
                    want = [c if card_visible(rs, z, m, seat) else None for c, m in zip(st.zones[z], st.meta[z])]
                    assert visible_cards(st, z, seat) == want, (game, seat, z)
            checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100
