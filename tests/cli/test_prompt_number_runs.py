"""A long run of one action's whole numbers (`raise 4` ... `raise 100`) is one entry of the menu.

Found in a held-out Texas Hold'em: the prompt listed 99 raise amounts, one per entry, in seven
columns.  The entry is numbered from its first move to its last, and each move is still typed by
its text or its number.
"""

from __future__ import annotations

from interpreter.frontends.screen import Screen, number_runs
from interpreter.text.render import Renderer
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

BET = """
cardrules: 1
id: bet
name: Bet
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  staked: {type: int, per: seat}
actions:
  fold:
    effect:
      - set: {staked: "[0, 0]"}
  bet:
    param: {name: n, from: "range(1, 41)"}
    effect:
      - add: {"staked[player]": n}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - for_each:
      in: seats
      as: s
      steps:
        - turn: {player: s, actions: [fold, bet]}
  - for_each:
      in: seats
      as: s
      steps:
        - turn: {player: s, actions: [fold, bet]}
  - end_deal: {}
result:
  returns: "staked[seat]"
"""


def test_runs_are_one_action_with_whole_numbers_one_apart() -> None:
    assert number_runs(["fold", *(f"raise {n}" for n in range(4, 101))]) == [(1, 98)]
    assert number_runs([f"bid {n}" for n in range(-3, 5)]) == [(0, 8)]
    assert number_runs([f"bid {n}" for n in range(5)]) == []  # too short to be worth it
    assert number_runs([f"bid {n}" for n in (1, 2, 3, 5, 6, 7, 8, 9, 10)]) == [(3, 9)]  # a gap ends a run
    assert number_runs([*(f"a {n}" for n in range(6)), *(f"b {n}" for n in range(6, 12))]) == [(0, 6), (6, 12)]
    assert number_runs(["play s-1", "play s-2", "pass"] * 3) == []


def test_a_long_run_of_amounts_is_one_entry_typed_as_any_move(tmp_path) -> None:
    rs = compile_text(BET)
    s, out = session(rs, ["bet 17", "20", "quit"], tmp_path)
    s.run()
    text = "\n".join(out)
    assert " 2-41) bet 1 … bet 40" in text
    assert " 3) bet 2" not in text
    mine = [value for seat, _kind, value, _how in s.state.history if seat == 0]
    assert mine == [17, 19]  # entry 20 is the 19th amount


WISH = (
    BET.replace(
        'ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]',
        "ranks: [" + ", ".join(f'{{id: "{n}"}}' for n in range(2, 11)) + "]",
    )
    .replace('param: {name: n, from: "range(1, 41)"}', 'param: {name: r, from: "ranks"}')
    .replace('- add: {"staked[player]": n}', '- add: {"staked[player]": 1}')
)


def test_rank_values_that_look_like_numbers_are_not_a_run_of_amounts(tmp_path):
    """A held-out Tichu's wish for a rank read `1-9) wish for 2 … wish for 10`, so typing 5 wished for 6."""
    rs = compile_text(WISH)
    st = rs.new_game(seed=1)
    texts = [a.text for a in st.legal_actions()]
    assert "bet 5" in texts and len(texts) == 10
    screen = Screen(rs, Renderer(rs), 100, lambda _zone, cards: cards)
    menu = "\n".join(screen.menu(texts))
    assert "…" not in menu and " 5) bet 5" in menu, menu  # (before: "2-10) bet 2 … bet 10")
