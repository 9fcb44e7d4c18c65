"""`record` keeps frozen copies with cards as ids (issue 15, bug 3)."""

from __future__ import annotations

import io
import json
import random

from interpreter.frontends.gamelog import LogWriter
from interpreter.frontends.replay import replay_log
from tests.engine.tiny import compile_text

RECORDING = """
cardrules: 1
id: recording
name: Recording
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  led: {type: suit}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
      - set: {led: "first(table).suit"}
flow:
  - repeat:
      times: 2
      steps:
        - shuffle: deck
        - deal: {from: deck, to: hand, seats: seats, packets: [1]}
        - for_each:
            in: seats
            as: s
            steps:
              - turn: {player: s, actions: [play]}
        - record: {trick: table, led: led, suits: "{c.suit for c in table}", plays: "entries('table')"}
        - collect: deck
result:
  returns: "0"
"""


def _play(rs, seed: int = 3):
    st = rs.new_game(seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def test_record_of_a_zone_is_a_copy_that_a_later_collect_leaves_alone():
    rs = compile_text(RECORDING)
    st = _play(rs)
    assert len(st.records) == 2
    for rec in st.records:
        assert len(rec["trick"]) == 2  # the trick as it was when recorded, though the table was collected since
        assert isinstance(rec["trick"], tuple)
        assert all(cid in rs.cards.ids for cid in rec["trick"])


def test_records_show_cards_suits_and_entries_by_id():
    rs = compile_text(RECORDING)
    st = _play(rs)
    rec = st.records[0]
    assert rec["led"] in ("red", "blue")
    assert set(rec["suits"]) <= {"red", "blue"} and isinstance(rec["suits"], tuple)
    first = rec["plays"][0]
    assert first == {"card": rec["trick"][0], "by": first["by"], "face_up": True, "index": 0}
    assert rec["led"] == rec["trick"][0].split("-")[0]


def test_a_log_of_recorded_zones_replays_with_equal_results(tmp_path):
    log = tmp_path / "game.jsonl"
    path = tmp_path / "recording.yaml"
    path.write_text(RECORDING, encoding="utf-8")
    from interpreter.compiling.pipeline import load_ruleset

    rs = load_ruleset(path)
    stream = io.StringIO()
    writer = LogWriter(stream, rs, str(path), 5, ["random", "random"])
    st = rs.new_game(seed=5)
    rng = random.Random(5)
    while not st.is_terminal():
        seat, action = st.current_player(), rng.choice(st.legal_actions())
        st.apply_action(action)
        writer.action(seat, action.text, st)
    writer.end(st)
    log.write_text(stream.getvalue(), encoding="utf-8")
    results = [json.loads(line)["values"] for line in stream.getvalue().splitlines() if '"result"' in line]
    assert [len(r["trick"]) for r in results] == [2, 2]
    assert all(isinstance(c, str) for r in results for c in r["trick"])
    report = replay_log(log, check=True)
    assert report.ok, report.problems
