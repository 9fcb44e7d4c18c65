"""A move whose cards go face up where everybody sees them is told to every seat, even when the same
effect also moves another copy of one of its faces from where everybody saw it into a hand (a
held-out Canasta: taking the discard pile with two 9s told the others "take_pile (hidden)", the
pile's other 9 going into the hand).  A card put out of sight stays hidden."""

from __future__ import annotations

import pytest

from tests.engine.tiny import compile_text

TAKE = """
cardrules: 1
id: take
name: Take
players: {count: 2}
deck:
  suits: [{id: s, name: Stars}]
  ranks: [{id: "1", name: "1"}, {id: "2", name: "2"}, {id: "3", name: "3"}]
  copies: 4
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
  melds: {visibility: all}
  hidden: {visibility: none}
actions:
  take:
    text: Meld two cards and take the pile.
    param: {name: cards, from: "hand(player)", count: 2}
    effect:
      - move: {from: "hand(player)", to: __TO__, cards: cards}
      - move: {from: pile, to: "hand(player)", all: true}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - move: {from: deck, to: pile, count: 4, face: up}
  - turn: {player: 0, actions: [take]}
  - turn: {player: 1, actions: [take]}
result: {returns: "0"}
"""


def _told(to: str, reference: bool = False) -> list[tuple[str, str, bool]]:
    """For each seed where seat 0's chosen cards share a face with a pile card: what seat 1's
    history says of the move, the move, and whether they share a face."""
    rs = compile_text(TAKE.replace("__TO__", to))
    if reference:  # the flat program, the reference of the generated flow
        rs.use_reference_flow()
    out = []
    for seed in range(30):
        st = rs.new_game(seed=seed)
        pile = set(st.observation(0)["zones"]["pile"])
        move = "take " + " ".join(st.observation(0)["zones"]["hand"][0][:2])
        shared = bool(pile & set(move.split()[1:]))
        st.apply_action(move)
        out.append((st.observation(1)["history"][-1]["action"], move, shared))
    assert any(shared for _, _, shared in out)  # (the case at issue comes up)
    return out


@pytest.mark.parametrize("reference", [False, True])
def test_cards_melded_face_up_are_told_though_the_pile_brings_a_copy_into_the_hand(reference):
    for said, move, _shared in _told("melds", reference):
        assert sorted(said.split()) == sorted(move.split()), (said, move)


def test_cards_put_out_of_sight_stay_hidden():
    for said, move, _shared in _told("hidden"):
        assert said == "take (hidden)", move
