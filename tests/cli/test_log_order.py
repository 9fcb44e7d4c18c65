"""A game log's lines come in the order things happened: a deal's result before the next deal's
deck even when a deal passes without any decision (a held-out poker game: a blind all-in by
posting), and a resumed game's log, written again from its save, the same as one written as it
was played; the header names every option the game used, defaults included."""

from __future__ import annotations

import io
import json

from interpreter.frontends.gamelog import LogWriter
from tests.engine.tiny import compile_text

QUIET_DEAL = """
cardrules: 1
id: log_order
name: Log order
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
options:
  rounds: {type: int, default: 3}
variables:
  n: {type: int}
actions:
  go: {text: Go.}
flow:
  - repeat:
      times: rounds
      steps:
        - collect: deck
        - shuffle: deck
        - add: {n: 1}
        - deal: {from: deck, to: hand, seats: seats, packets: [1]}
        - if: "n != 2"
          then:
            - turn: {player: 0, actions: [go]}
        - record: {deal: n}
        - end_deal: {scores: "[0, 0]", totals: "[0, 0]"}
result:
  returns: "0"
"""

EXPECTED = ["header", "deck", "action", "result 1", "deck", "result 2", "deck", "action", "result 3", "end"]


def _kinds(text: str) -> list[str]:
    lines = [json.loads(line) for line in text.splitlines()]
    return [f"{d['type']} {d['values']['deal']}" if d["type"] == "result" else d["type"] for d in lines]


def _written(rs, resumed: bool) -> str:
    stream = io.StringIO()
    writer = LogWriter(stream, rs, "log_order.yaml", 1, ["random", "random"])
    st = rs.new_game(seed=1)
    if resumed:  # the whole game at once, as a resumed game's log is written from its save
        while not st.is_terminal():
            st.apply_action(st.legal_actions()[0])
        writer.replay_of(st)
    else:
        writer.sync(st)  # the deal's deck, before its first move (as `simulate` and `play` write it)
        while not st.is_terminal():
            seat, action = st.current_player(), st.legal_actions()[0]
            st.apply_action(action)
            writer.action(seat, action.text, st)
        writer.end(st)
    return stream.getvalue()


def test_a_deal_without_a_decision_has_its_result_after_its_own_deck():
    assert _kinds(_written(compile_text(QUIET_DEAL), resumed=False)) == EXPECTED


def test_a_log_written_again_from_a_save_keeps_the_same_order():
    rs = compile_text(QUIET_DEAL)
    assert _written(rs, resumed=True) == _written(rs, resumed=False)


def test_the_header_names_every_option_the_game_used():
    header = json.loads(_written(compile_text(QUIET_DEAL), resumed=False).splitlines()[0])
    assert header["options"] == {"rounds": 3}


def test_shuffles_and_records_keep_their_counts_when_copied_or_pickled():
    import copy
    import pickle

    rs = compile_text(QUIET_DEAL)
    st = rs.new_game(seed=1)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    for made in (pickle.loads(pickle.dumps((st.shuffles, st.records))), copy.deepcopy((st.shuffles, st.records))):
        shuffles, records = made
        assert shuffles == st.shuffles and records == st.records
        assert [s.at for s in shuffles] == [s.at for s in st.shuffles]
        assert [(r.at, r.shuffles) for r in records] == [(r.at, r.shuffles) for r in st.records]
