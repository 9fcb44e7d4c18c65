"""A zone of groups (melds laid on the table) keeps its groups right when cards leave it.

Found writing Canasta-like games from the docs: a card taken back out of a group left the group's
size as it was, so the cards after it slid into the wrong group, and a zone emptied kept an empty
group, in which the next group's cards then showed.
"""

from __future__ import annotations

import pytest

from tests.engine.tiny import compile_text

GROUPS = """
cardrules: 1
id: groups_out
name: Groups out
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}, {id: "7"}, {id: "8"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all, groups: true}
melds:
  kinds:
    set: {shape: set, size: 3}
    run: {shape: run, size: 3}
actions:
  back:
    param: {name: card, from: table}
    effect: [{move: {from: table, to: "hand(player)", cards: card}}]
  done:
    effect: []
flow:
  - deal: {from: deck, to: hand, seats: "[0]", packets: [8]}
  - move: {from: "hand(0)", to: table, cards: "['s-1', 's-2', 's-3']", group: set}
  - move: {from: "hand(0)", to: table, cards: "['s-4', 's-5', 's-6']", group: run}
  - STEPS
  - turn: {player: 0, actions: [back, done]}
result:
  returns: "0"
"""


def groups(st) -> list:
    return [(g["kind"], g["cards"]) for g in st.observation(0)["groups"]["table"]]


@pytest.mark.parametrize("reference", [False, True])
@pytest.mark.parametrize(
    ("steps", "left"),
    [
        ("[]", [("set", ["s-1", "s-2", "s-3"]), ("run", ["s-4", "s-5", "s-6"])]),
        (
            "[{move: {from: table, to: 'hand(0)', cards: \"'s-1'\"}}]",
            [("set", ["s-2", "s-3"]), ("run", ["s-4", "s-5", "s-6"])],
        ),
        (
            "[{move: {from: table, to: 'hand(0)', cards: \"['s-5', 's-2']\"}}]",
            [("set", ["s-1", "s-3"]), ("run", ["s-4", "s-6"])],
        ),
        ("[{move: {from: table, to: 'hand(0)', count: 4}}]", [("run", ["s-5", "s-6"])]),  # from the front
        ("[{move: {from: table, to: 'hand(0)', count: 4, end: back}}]", [("set", ["s-1", "s-2"])]),
        ("[{move: {from: table, to: 'hand(0)', cards: \"['s-1', 's-2', 's-3']\"}}]", [("run", ["s-4", "s-5", "s-6"])]),
        (
            "[{move: {from: table, to: 'hand(0)', all: true}},"
            " {move: {from: 'hand(0)', to: table, cards: \"['s-7', 's-8', 's-6']\", group: run}}]",
            [("run", ["s-7", "s-8", "s-6"])],
        ),
        (  # into: the cards join that group, beside its cards
            "[{move: {from: 'hand(0)', to: table, cards: \"'s-7'\", into: 0}}]",
            [("set", ["s-1", "s-2", "s-3", "s-7"]), ("run", ["s-4", "s-5", "s-6"])],
        ),
        (  # into with group: the group they join takes that kind (a pong becoming a kong)
            "[{move: {from: 'hand(0)', to: table, cards: \"['s-8', 's-7']\", into: 1, group: set}}]",
            [("set", ["s-1", "s-2", "s-3"]), ("set", ["s-4", "s-5", "s-6", "s-8", "s-7"])],
        ),
    ],
)
def test_cards_leaving_a_zone_of_groups_shrink_their_groups_and_an_empty_group_goes(steps, left, reference):
    rs = compile_text(GROUPS.replace("  - STEPS\n", "".join(f"  - {s}\n" for s in _steps(steps))))
    if reference:
        rs.use_reference_flow()
    st = rs.new_game(seed=1)
    assert groups(st) == left


def _steps(text: str) -> list[str]:
    import yaml

    return [yaml.safe_dump(s, default_flow_style=True, width=1000).strip() for s in yaml.safe_load(text)]


@pytest.mark.parametrize("reference", [False, True])
def test_a_card_an_action_takes_back_leaves_its_own_group(reference):
    """The action's one-card move is written out as generated code: it shrinks the group too."""
    rs = compile_text(GROUPS.replace("  - STEPS\n", ""))
    if reference:
        rs.use_reference_flow()
    st = rs.new_game(seed=1)
    st.apply_action("back s-2")
    assert groups(st) == [("set", ["s-1", "s-3"]), ("run", ["s-4", "s-5", "s-6"])]
    st = rs.new_game(seed=1)
    st.apply_action("back s-6")
    assert groups(st) == [("set", ["s-1", "s-2", "s-3"]), ("run", ["s-4", "s-5"])]
