"""`end_game` ends the game at once, however deep in loops and phases, or when a condition holds
(a building block found missing by an outside author writing Cribbage: pegging out to 121 mid-play
needed a flag and a guard in five places)."""

from __future__ import annotations

import random

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.saves import state_to_json
from tests.engine.tiny import compile_text

RACE = """
cardrules: 1
id: race
name: Race
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: s}, {id: t}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  score: {type: int, per: seat}
  after: {type: int}
options:
  target: {type: int, default: 6}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
      - add: {"score[player]": "card.value"}
phases:
  round:
    steps:
      - for_each:
          in: seats
          as: s
          steps:
            - turn: {player: s, actions: [play]}
            - end_game: "score[s] >= target"
      - add: {after: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [5]}
  - repeat:
      times: 5
      steps:
        - phase: round
  - add: {after: 100}
result:
  returns: "score[seat]"
"""


def _play(rs, seed: int) -> tuple:
    st = rs.new_game(seed=seed)
    rng = random.Random(seed)
    trace = []
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
        trace.append(state_to_json(st))
    return st, trace


@pytest.mark.parametrize("seed", range(20))
def test_the_game_ends_the_moment_a_seat_reaches_the_target(seed):
    rs = compile_text(RACE)
    st, _ = _play(rs, seed)
    scores = st.returns()
    assert max(scores) >= 6
    last = st.history[-1][0]  # the seat whose move ended it
    assert scores[last] >= 6 and scores[last] - rs.cards.attrs["value"][st.history[-1][2]] < 6
    assert st.observation(0)["variables"]["after"] < 100  # the flow's last step never ran


def test_end_game_true_ends_at_once_and_later_steps_never_run():
    text = RACE.replace('- end_game: "score[s] >= target"', "- end_game: true")
    rs = compile_text(text)
    st, _ = _play(rs, 1)
    assert st.is_terminal() and len(st.history) == 1  # the first move ends it


def test_end_game_false_never_ends_it():
    rs = compile_text(RACE.replace('- end_game: "score[s] >= target"', "- end_game: false"))
    st, _ = _play(rs, 1)
    assert len(st.history) == 10  # every card played


def test_the_written_flow_and_the_flat_program_agree():
    written, flat = compile_text(RACE), compile_text(RACE)
    flat.use_reference_flow()
    for act in flat.actions:
        object.__setattr__(act, "effect_run", None)
    for seed in range(10):
        assert _play(written, seed)[1] == _play(flat, seed)[1]


def test_end_game_in_an_effect_and_a_condition_that_is_not_true_or_false_are_errors():
    in_effect = RACE.replace('      - add: {"score[player]": "card.value"}', "      - end_game: true")
    report = check_text(in_effect)
    assert not report.ok
    assert any(d.message == "an action's effect cannot end the game" for d in report.diagnostics)
    report = check_text(RACE.replace('"score[s] >= target"', '"score[s]"'))
    assert not report.ok and any("bool" in d.message for d in report.diagnostics), report.diagnostics


def test_a_repeat_without_end_but_with_end_game_is_accepted():
    text = RACE.replace("      times: 5", "      until: false")
    assert check_text(text).ok
